/* tmpf: nameless temporary files in TMPDIR (/tmp when unset or empty),
 * unlinked as soon as made: gone when closed, at exit or on a crash. */
#ifndef BELLIS_TMPF_H
#define BELLIS_TMPF_H

#include <stdio.h>

/* A new temporary file open for reading and writing, or NULL with
 * errno set. */
FILE *tmpf_open(void);
/* The directory tmpf_open makes its files in (for diagnostics). */
const char *tmpf_dir(void);

#endif
