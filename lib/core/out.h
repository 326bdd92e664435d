/* out: the output stream of a tool: stdout or an atomically replaced
 * file (-o), with write errors, a full disk and a closed pipe handled.
 * The temporary file of -o is removed on every way out: out_close, any
 * exit() (out_cleanup runs at exit), and SIGHUP, SIGINT, SIGQUIT,
 * SIGTERM, SIGPIPE and the like (removed, then the signal kills).
 * SIGXFSZ is ignored (out_setup): past a file size limit a write fails
 * with EFBIG, a system error like a full disk. */
#ifndef BELLIS_OUT_H
#define BELLIS_OUT_H

#include <stdio.h>

/* The output formats of the tools (-T).  A tool lists those it writes,
 * its default first, ending at FMT_N (struct cli_tool). */
enum out_fmt {
	FMT_TEXT, FMT_XML, FMT_TSV, FMT_JSON, FMT_JSONL, FMT_HTML, FMT_PDF,
	FMT_SVG,
	FMT_COMBAT,             /* battle-scan: combat-calc lines */
	FMT_MOVES,              /* battle-scan: move-check lines */
	FMT_N
};

/* The name of each format (-T NAME), by enum out_fmt. */
extern const char *const out_fmt_names[FMT_N];

struct out {
	FILE *fp;
	const char *path;   /* as given; NULL for stdout */
	char *dest;         /* path with its symbolic links followed */
	char *tmp;          /* temporary file beside dest */
};

/* path NULL or "-" means stdout.  A symbolic link stays: the file it
 * leads to is replaced (made, for a dangling link), with its permission
 * bits (never S_ISUID, S_ISGID); a link of neither the user nor the
 * directory's owner in a sticky directory others can write is refused,
 * as the kernel's fs.protected_symlinks does.  A path that is
 * not a regular file (a FIFO, /dev/null) or names a descriptor
 * (/dev/stdout, /dev/fd/N, /proc/self/fd/N) is written in place.
 * Returns -1 (reported, status 4) when the temporary file cannot be
 * made or a link is refused. */
int out_open(struct out *o, const char *path);
/* Finish: the temporary file replaces the file after a flush and fsync
 * when commit != 0 and diag_status() is below EXIT_DATA; otherwise (or
 * on any error) it is removed and the old file stays.  Callers pass 1.
 * Returns 0 or -1 (reported, status 4).  A closed pipe on stdout gives status 1 when
 * SIGPIPE is ignored; out_setup restores its default, so normally the
 * process ends with 141 like any filter. */
int out_close(struct out *o, int commit);
/* Call once at the top of main: SIGPIPE default, SIGXFSZ ignored, the
 * user's locale for characters, collation and messages only (numbers
 * stay C), and
 * a crash (in a library out of memory, say) ends in status 4 with a
 * message and no temporary file. */
void out_setup(void);
/* While fd 2 is redirected, fd is the standard error for the message of
 * a crash; -1 when fd 2 is itself again. */
void out_stderr_moved(int fd);

#endif
