/* Diagnostics: "tool: FILE:LINE:COL: error: message" on stderr. */
#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"

#define E 1
#define W 0
#define DIAG_ROW_(id, lv, c, t) [D_##id] = { c, lv, DIAGF_##id, t },
const struct diag_def diag_defs[D_N] = { DIAG_CATALOGUE(DIAG_ROW_) };
#undef DIAG_ROW_
#undef E
#undef W

const char *const diag_tools[T_NTOOLS] = {
	"armylist-parse", "armylist-check", "combat-calc", "move-check",
	"campaign-catastrophe", "campaign-survival", "refcard-render",
	"battle-scan"
};

static const char *prog = "bellis";
static const char *curfile = "-";
static int status;
static long file_errors;
static int quiet;

void
diag_init(const char *argv0)
{
	const char *p = strrchr(argv0, '/');

	prog = p != NULL ? p + 1 : argv0;
	status = 0;
}

const char *
diag_prog(void)
{
	return prog;
}

void
diag_set_file(const char *name)
{
	curfile = name;
	file_errors = 0;
}

const char *
diag_file(void)
{
	return curfile;
}

void
diag_raise(int st)
{
	if (st > status)
		status = st;
}

int
diag_status(void)
{
	return status;
}

long
diag_file_errors(void)
{
	return file_errors;
}

void
diag_quiet(int on)
{
	quiet = on;
}

static void diag_vat(const char *, int, long, long, const char *, va_list)
    __attribute__((format(printf, 5, 0)));

static void
diag_vat(const char *file, int is_error, long line, long col,
    const char *fmt, va_list ap)
{
	if (is_error) {
		diag_raise(EXIT_DATA);
		if (++file_errors > DIAG_CAP) {
			if (file_errors == DIAG_CAP + 1 && !quiet)
				fprintf(stderr, "%s: %s: error: too many errors, "
				    "the rest of this file is not reported\n",
				    prog, file);
			return;
		}
	}
	if (quiet)
		return;
	if (line > 0 && col > 0)
		fprintf(stderr, "%s: %s:%ld:%ld: ", prog, file, line, col);
	else if (line > 0)
		fprintf(stderr, "%s: %s:%ld: ", prog, file, line);
	else
		fprintf(stderr, "%s: %s: ", prog, file);
	fputs(is_error ? "error: " : "warning: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
diag_report(enum diag_id id, const char *fmt, const char *file, long line,
    long col, ...)
{
	va_list ap;

	va_start(ap, col);
	diag_vat(file != NULL ? file : curfile, diag_defs[id].error, line, col,
	    fmt, ap);
	va_end(ap);
}

const char *
diag_tail(const char *fmt, ...)
{
	static struct sbuf tail;
	va_list ap;

	sbuf_reset(&tail);
	va_start(ap, fmt);
	sbuf_vprintf(&tail, fmt, ap);
	va_end(ap);
	return sbuf_str(&tail);
}

const char *
diag_suggest(const char *sug)
{
	return sug != NULL ? diag_tail(" (did you mean '%s'?)", sug) : "";
}

/* "tool: LEAD message" on stderr, the caller ends the line; true when
 * printed (not quiet). */
static bool say(const char *, const char *, va_list)
    __attribute__((format(printf, 2, 0)));

static bool
say(const char *lead, const char *fmt, va_list ap)
{
	if (quiet)
		return false;
	fprintf(stderr, "%s: %s", prog, lead);
	vfprintf(stderr, fmt, ap);
	return true;
}

void
diag_sys(const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	diag_raise(EXIT_SYS);
	va_start(ap, fmt);
	if (say("", fmt, ap))
		fprintf(stderr, ": %s\n", strerror(e));
	va_end(ap);
}

void
diag_usage(const char *fmt, ...)
{
	va_list ap;

	diag_raise(EXIT_USAGE);
	va_start(ap, fmt);
	if (say("", fmt, ap))
		fprintf(stderr, "\nTry '%s --help' for more information.\n",
		    prog);
	va_end(ap);
}

void
diag_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (say("warning: ", fmt, ap))
		fputc('\n', stderr);
	va_end(ap);
}

void
diag_msg(int st, const char *fmt, ...)
{
	va_list ap;

	diag_raise(st);
	va_start(ap, fmt);
	if (say("", fmt, ap))
		fputc('\n', stderr);
	va_end(ap);
}
