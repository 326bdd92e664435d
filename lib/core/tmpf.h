/* tmpf: nameless temporary files in TMPDIR (/tmp when unset or empty),
 * unlinked as soon as made: gone when closed, at exit or on a crash. */
#ifndef BELLIS_TMPF_H
#define BELLIS_TMPF_H

#include <stdio.h>
#include <sys/types.h>

/* A new temporary file open for reading and writing, or NULL with
 * errno set. */
FILE *tmpf_open(void);
/* The directory tmpf_open makes its files in (for diagnostics). */
const char *tmpf_dir(void);
/* The memory budget of a structure that goes to temporary files past
 * it: dflt, or the environment's BELLIS_INDEX_MEMORY in bytes (for
 * tests). */
size_t tmpf_budget(size_t dflt);
/* Report that a temporary file could not be made, written or read
 * (what: "make", "write", "read") and exit with status 4. */
_Noreturn void tmpf_failed(const char *what);
/* Read n bytes at off of fd into buf, all of them, or tmpf_failed. */
void tmpf_pread(int fd, void *buf, size_t n, off_t off);
/* Write the n bytes of buf at off of fd, all of them, or tmpf_failed. */
void tmpf_pwrite(int fd, const void *buf, size_t n, off_t off);

#endif
