/* diag: one diagnostic format for every tool; exit status = worst level. */
#ifndef BELLIS_DIAG_H
#define BELLIS_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/diagcat.h"

enum {
	EXIT_NO = 1,      /* the answer is no (illegal move, invalid list) */
	EXIT_DATA = 2,    /* bad input data */
	EXIT_USAGE = 3,   /* unknown option, bad option value */
	EXIT_SYS = 4      /* cannot open or write a file, out of memory */
};

#define DIAG_CAP 50       /* errors printed per file, by default */

void diag_init(const char *argv0);
const char *diag_prog(void);
/* At most n errors printed per file (--max-errors; 0: all).  The cap
 * limits what is reported, never what is read: past it the errors are
 * counted, and one line at the file's end says how many. */
void diag_set_cap(long n);
/* Start a new input file: ends the last one (diag_end_file) and resets
 * the per-file error count. */
void diag_set_file(const char *name);
/* The end of the current file: "FILE: error: N more errors not
 * reported" when the cap held some back (also run at exit). */
void diag_end_file(void);
const char *diag_file(void);
/* An input diagnostic of the catalogue (core/diagcat.h) at LINE:COL of
 * the current file: "tool: FILE:LINE:COL: error: message" (status 2) or
 * "warning: "; col 0 omits the column, line 0 both.  DIAG_AT names the
 * file (libxml2 errors, army references). */
#define DIAG(id, ...) diag_report(D_##id, DIAGF_##id, NULL, __VA_ARGS__)
#define DIAG_AT(id, file, ...) \
	diag_report(D_##id, DIAGF_##id, (file), __VA_ARGS__)
void diag_report(enum diag_id id, const char *fmt, const char *file,
    long line, long col, ...) __attribute__((format(printf, 2, 6)));
/* While on, input diagnostics name no column (the lines read are not
 * the file's: the text of an HTML page).  Returns the old setting. */
bool diag_nocol(bool on);
/* While a hook is set, each input diagnostic goes to it instead of
 * stderr (armylist-check writes them as rows of its findings): the
 * status is still raised, the cap does not apply.  NULL: stderr. */
typedef void (*diag_hook)(void *ctx, const struct diag_def *def,
    const char *file, long line, long col, const char *msg);
void diag_set_hook(diag_hook fn, void *ctx);
/* Print a diagnostic the hook had (file: the current one) as it would
 * have been printed; with no hook set. */
void diag_replay(const struct diag_def *def, const char *file, long line,
    long col, const char *msg);

/* The most characters of one quoted argument ('%s', '%.*s': input) a
 * diagnostic echoes; a longer one ends in "...". */
#define DIAG_QUOTE_MAX 60
struct sbuf;
/* Format a catalogue message into b: the conversions %d %ld %lld %zu %s %.*s
 * and %%, quoted strings clipped.  false at any other conversion. */
bool diag_format(struct sbuf *b, const char *fmt, va_list ap);

/* The optional tail of a message, printf-style (" before 'x'"); valid
 * until the next call. */
const char *diag_tail(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* " (did you mean 'SUG'?)", or "" when sug is NULL: the tail of the
 * unknown-name messages. */
const char *diag_suggest(const char *sug);
/* "tool: message: strerror(errno)", status 4. */
void diag_sys(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "tool: message" plus "Try 'tool --help'", status 3. */
void diag_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "tool: message" with a given status (0 for a plain note). */
void diag_msg(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "tool: warning: message", status unchanged: a warning that is not about
 * a place in the input (the environment, an empty result). */
void diag_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void diag_raise(int status);
int diag_status(void);
/* Errors reported in the current file so far. */
long diag_file_errors(void);
/* Silence all output (fuzzing, unit tests); statuses are still kept,
 * but for what a hook (diag_set_hook) would have had. */
void diag_quiet(int on);
/* While on, input diagnostics (diag_report) are dropped: not printed,
 * not counted, no status, no hook (a reader that tries a fast way first
 * and reads again the usual way on any diagnostic).  Returns how many
 * were dropped since it was last turned on. */
long diag_mute(int on);
/* The status back to st after a quiet read whose faults are not the
 * run's (the book of armylist-check --book). */
void diag_restore(int st);

#endif
