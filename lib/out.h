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
 * removed and the old file stays.  Returns 0 or -1 (reported).  On
 * stdout a closed pipe (EPIPE) is quiet and gives status 1... only
 * when SIGPIPE is ignored; with the default disposition the process
 * has already ended with 141. */
int out_close(struct out *o, int commit);
/* Call once at the top of main: SIGPIPE default, C numeric locale. */
void out_setup(void);

#endif
