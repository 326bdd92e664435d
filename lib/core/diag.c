/* Diagnostics: "tool: FILE:LINE:COL: error: message" on stderr. */
#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/str.h"

#define E 1
#define W 0
#define DIAG_ROW_(id, lv, c, t) [D_##id] = { c, lv, DIAGF_##id, t },
const struct diag_def diag_defs[D_N] = { DIAG_CATALOGUE(DIAG_ROW_) };
#undef DIAG_ROW_
#define FINDING_ROW_(id, lv, c, t) [CK_##id] = { c, lv, FINDF_##id, t },
const struct diag_def finding_defs[CK_N] = {
	FINDING_CATALOGUE(FINDING_ROW_)
};
#undef FINDING_ROW_
#undef E
#undef W

const char *const diag_tools[T_NTOOLS] = {
	"armylist-parse", "armylist-check", "combat-calc", "move-check",
	"campaign-catastrophe", "campaign-survival", "refcard-render",
	"battle-scan", "armylist-select"
};

static const char *prog = "bellis";
static const char *curfile = "-";
static int status;
static long file_errors;
static long cap = DIAG_CAP;     /* 0: no cap */
static long held;               /* errors of this file not printed */
static struct sbuf heldfile;    /* the file they were of */
static int quiet;
static int muted;           /* diag_mute */
static long nmuted;
static bool nocol;          /* diag_nocol */

void
diag_init(const char *argv0)
{
	static char self[256];
	const char *p = argv0 != NULL ? strrchr(argv0, '/') : NULL;
	static bool once;
	ssize_t n;

	prog = p != NULL ? p + 1 : argv0;
	if (prog == NULL || *prog == '\0') {
		/* no name to go by (exec -a ''): the program's own */
		n = readlink("/proc/self/exe", self, sizeof self - 1);
		self[n > 0 ? n : 0] = '\0';
		p = strrchr(self, '/');
		prog = p != NULL && p[1] != '\0' ? p + 1 : "bellis";
	}
	status = 0;
	if (!once)
		atexit(diag_end_file);
	once = true;
}

void
diag_set_cap(long n)
{
	cap = n;
}

void
diag_end_file(void)
{
	if (held > 0 && !quiet)
		fprintf(stderr, "%s: %s: error: %ld more error%s not reported "
		    "(--max-errors=0 reports all)\n", prog, sbuf_str(&heldfile),
		    held, held == 1 ? "" : "s");
	held = 0;
	sbuf_free(&heldfile);
}

const char *
diag_prog(void)
{
	return prog;
}

void
diag_set_file(const char *name)
{
	diag_end_file();
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

long
diag_mute(int on)
{
	if (on && !muted)
		nmuted = 0;
	muted = on;
	return nmuted;
}

void
diag_restore(int st)
{
	status = st;
}

/* Counts an error against the file's cap; false when it is not printed
 * (held back, and counted for diag_end_file). */
static diag_hook hook;
static void *hook_ctx;

void
diag_set_hook(diag_hook fn, void *ctx)
{
	hook = fn;
	hook_ctx = ctx;
}

static bool
counted(const char *file, int is_error)
{
	if (is_error) {
		diag_raise(EXIT_DATA);
		if (++file_errors > cap && cap > 0) {
			if (!quiet && held++ == 0) {
				sbuf_reset(&heldfile);
				sbuf_adds(&heldfile, file);
			}
			return false;
		}
	}
	return !quiet;
}

static void
prefix(const char *file, int is_error, long line, long col)
{
	if (line > 0 && col > 0)
		fprintf(stderr, "%s: %s:%ld:%ld: ", prog, file, line, col);
	else if (line > 0)
		fprintf(stderr, "%s: %s:%ld: ", prog, file, line);
	else
		fprintf(stderr, "%s: %s: ", prog, file);
	fputs(is_error ? "error: " : "warning: ", stderr);
}

/* Append n bytes of s, cut after DIAG_QUOTE_MAX characters with "...". */
static void
clipped(struct sbuf *b, const char *s, size_t n)
{
	size_t i = 0;
	int c;

	for (c = 0; i < n && c < DIAG_QUOTE_MAX; c++)
		i += utf8_seqlen(s + i, n - i);
	sbuf_add(b, s, i);
	if (i < n)
		sbuf_adds(b, "...");
}

/* One argument of a catalogue message; a string right after a quote is
 * input and clipped. */
static size_t
conversion(struct sbuf *b, const char *p, bool quote, va_list *ap)
{
	const char *s;
	size_t n;
	int prec;

	if (strncmp(p, "%d", 2) == 0) {
		sbuf_printf(b, "%d", va_arg(*ap, int));
		return 2;
	}
	if (strncmp(p, "%ld", 3) == 0 || strncmp(p, "%zu", 3) == 0) {
		if (p[1] == 'l')
			sbuf_printf(b, "%ld", va_arg(*ap, long));
		else
			sbuf_printf(b, "%zu", va_arg(*ap, size_t));
		return 3;
	}
	if (strncmp(p, "%lld", 4) == 0) {
		sbuf_printf(b, "%lld", va_arg(*ap, long long));
		return 4;
	}
	if (strncmp(p, "%%", 2) == 0) {
		sbuf_addc(b, '%');
		return 2;
	}
	if (strncmp(p, "%s", 2) != 0 && strncmp(p, "%.*s", 4) != 0)
		return 0;
	prec = p[1] == '.' ? va_arg(*ap, int) : -1;
	s = va_arg(*ap, const char *);
	n = prec >= 0 ? strnlen(s, (size_t)prec) : strlen(s);
	if (quote)
		clipped(b, s, n);
	else
		sbuf_add(b, s, n);
	return p[1] == '.' ? 4 : 2;
}

bool
diag_format(struct sbuf *b, const char *fmt, va_list ap)
{
	const char *p;
	size_t n;
	va_list aq;
	bool ok = true;

	va_copy(aq, ap);
	for (p = fmt; *p != '\0'; p += n) {
		n = 1;
		if (*p != '%')
			sbuf_addc(b, *p);
		else if ((n = conversion(b, p, p > fmt && p[-1] == '\'',
		    &aq)) == 0) {
			ok = false;
			break;
		}
	}
	va_end(aq);
	return ok;
}

bool
diag_nocol(bool on)
{
	bool old = nocol;

	nocol = on;
	return old;
}

void
diag_report(enum diag_id id, const char *fmt, const char *file, long line,
    long col, ...)
{
	struct sbuf b = { NULL, 0, 0 };
	va_list ap;
	int err = diag_defs[id].error;

	if (muted) {
		nmuted++;
		return;
	}
	if (nocol)
		col = 0;
	if (file == NULL)
		file = curfile;
	if (quiet && hook != NULL)      /* its caller says it otherwise */
		return;
	if (hook != NULL) {             /* a row of the tool's output */
		if (err) {
			diag_raise(EXIT_DATA);
			file_errors++;
		}
		va_start(ap, col);
		if (!diag_format(&b, fmt, ap)) {
			sbuf_reset(&b);
			sbuf_vprintf(&b, fmt, ap);
		}
		va_end(ap);
		hook(hook_ctx, &diag_defs[id], file, line, col, sbuf_str(&b));
		sbuf_free(&b);
		return;
	}
	if (!counted(file, err))
		return;
	va_start(ap, col);
	if (!diag_format(&b, fmt, ap)) {
		sbuf_reset(&b);
		sbuf_vprintf(&b, fmt, ap);
	}
	va_end(ap);
	prefix(file, err, line, col);
	fputs(sbuf_str(&b), stderr);
	fputc('\n', stderr);
	sbuf_free(&b);
}

void
diag_replay(const struct diag_def *def, const char *file, long line,
    long col, const char *msg)
{
	if (def->error)
		file_errors--;  /* counted when the hook had it */
	if (!counted(file, def->error))
		return;
	prefix(file, def->error, line, col);
	fputs(msg, stderr);
	fputc('\n', stderr);
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

/* s with each quoted part ('...') longer than DIAG_QUOTE_MAX characters
 * cut there, as the catalogue's messages cut their quoted input.  No
 * allocation: this also reports running out of memory. */
static void
put_clipped(const char *s)
{
	const char *e;
	size_t i, n;
	int c;

	while (*s != '\0') {
		if (*s != '\'' || (e = strchr(s + 1, '\'')) == NULL) {
			fputc(*s++, stderr);
			continue;
		}
		n = (size_t)(e - s - 1);
		for (i = 0, c = 0; i < n && c < DIAG_QUOTE_MAX; c++)
			i += utf8_seqlen(s + 1 + i, n - i);
		fprintf(stderr, "'%.*s%s'", (int)i, s + 1, i < n ? "..." : "");
		s = e + 1;
	}
}

static bool
say(const char *lead, const char *fmt, va_list ap)
{
	char buf[4096];

	if (quiet)
		return false;
	vsnprintf(buf, sizeof buf, fmt, ap);
	fprintf(stderr, "%s: %s", prog, lead);
	put_clipped(buf);
	return true;
}

void
diag_sys(const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	if (muted) {            /* diag_mute: counted, as diag_report's */
		nmuted++;
		return;
	}
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
