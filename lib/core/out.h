/* out: the output stream of a tool: stdout or an atomically replaced
 * file (-o), with write errors, a full disk and a closed pipe handled. */
#ifndef BELLIS_OUT_H
#define BELLIS_OUT_H

#include <stdio.h>

struct out {
	FILE *fp;
	const char *path;   /* NULL for stdout */
	char *tmp;          /* temporary file beside path */
};

/* path NULL or "-" means stdout.  Returns -1 (reported, status 4) when
 * the temporary file cannot be made. */
int out_open(struct out *o, const char *path);
/* Finish: commit != 0 renames the temporary file over path after a
 * flush and fsync; otherwise (or on any error) the temporary file is
 * removed and the old file stays.  A path that is not a regular file
 * (/dev/stdout, a FIFO, /dev/full) is written in place.  Returns 0 or -1
 * (reported, status 4).  A closed pipe on stdout gives status 1 when
 * SIGPIPE is ignored; out_setup restores its default, so normally the
 * process ends with 141 like any filter. */
int out_close(struct out *o, int commit);
/* Call once at the top of main: SIGPIPE default, C numeric locale. */
void out_setup(void);

#endif
