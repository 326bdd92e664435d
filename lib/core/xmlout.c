/* XML writer of our own over a stdio stream: indented by two spaces per
 * level, an element with text kept on one line, an empty element closed
 * as <name/>; text escapes & < > " and CR, attribute values also TAB
 * and LF, as character references; a control character (which XML 1.0
 * cannot hold), U+FFFE, U+FFFF and a byte that is not UTF-8 are written
 * as U+FFFD.  Well-formed by construction: names
 * are the callers' constants, values are escaped, and each end closes
 * the element last started. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlout.h"

#define XW_BUF (64 * 1024)      /* bytes gathered before one fwrite */

enum xstate {
	XS_OPEN,        /* start tag still open: attributes may follow */
	XS_ELEMS,       /* children written */
	XS_TEXT         /* text written: the end tag follows on its line */
};

struct xnode {
	const char *name;
	enum xstate st;
};

struct xw {
	FILE *fp;
	bool failed;
	int err;
	char *buf;
	size_t len;
	struct xnode *nodes;
	size_t depth, cap;
};

static void
drain(struct xw *x)
{
	if (!x->failed && x->len > 0 &&
	    fwrite(x->buf, 1, x->len, x->fp) != x->len) {
		x->failed = true;
		x->err = errno;
	}
	x->len = 0;
}

static void
put(struct xw *x, const char *s, size_t n)
{
	if (x->len + n > XW_BUF)
		drain(x);
	if (n > XW_BUF) {       /* a long value: straight through */
		if (!x->failed && fwrite(s, 1, n, x->fp) != n) {
			x->failed = true;
			x->err = errno;
		}
		return;
	}
	memcpy(x->buf + x->len, s, n);
	x->len += n;
}

static void
puts_(struct xw *x, const char *s)
{
	put(x, s, strlen(s));
}

/* s[0..n) escaped; attr: also TAB and LF (attribute values). */
static void
escaped(struct xw *x, const char *s, size_t n, bool attr)
{
	size_t i, k, from = 0;
	const char *rep;

	for (i = 0; i < n; i++) {
		/* the most bytes: written as they are */
		if ((unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x80 &&
		    s[i] != '&' && s[i] != '<' && s[i] != '>' && s[i] != '"')
			continue;
		if ((unsigned char)s[i] >= 0x80) {
			/* a byte that starts no UTF-8 sequence: U+FFFD, so
			 * the document stays well-formed whatever it is given */
			if ((k = utf8_seqlen(s + i, n - i)) > 1 &&
			    !(k == 3 && (unsigned char)s[i] == 0xef &&
			    (unsigned char)s[i + 1] == 0xbf &&
			    ((unsigned char)s[i + 2] & 0xfe) == 0xbe)) {
				i += k - 1;
				continue;
			}
			/* and U+FFFE, U+FFFF, no characters of XML 1.0 */
			put(x, s + from, i - from);
			puts_(x, "\xEF\xBF\xBD");
			i += k > 1 ? k - 1 : 0;
			from = i + 1;
			continue;
		}
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\r': rep = "&#13;"; break;
		case '\n': rep = attr ? "&#10;" : NULL; break;
		case '\t': rep = attr ? "&#9;" : NULL; break;
		default:
			/* a control character has no place in XML 1.0, not even
			 * as a reference: U+FFFD, as the readers put for it */
			rep = (unsigned char)s[i] < 0x20 ? "\xEF\xBF\xBD" : NULL;
			break;
		}
		if (rep == NULL)
			continue;
		put(x, s + from, i - from);
		puts_(x, rep);
		from = i + 1;
	}
	put(x, s + from, n - from);
}

static void
indent(struct xw *x, size_t level)
{
	static const char sp[] = "                                ";
	size_t n = 2 * level, k;

	while (n > 0) {
		k = n < sizeof sp - 1 ? n : sizeof sp - 1;
		put(x, sp, k);
		n -= k;
	}
}

static struct xnode *
top(struct xw *x)
{
	return x->depth > 0 ? &x->nodes[x->depth - 1] : NULL;
}

struct xw *
xw_new(FILE *fp)
{
	struct xw *x = xcalloc(1, sizeof *x);

	x->fp = fp;
	x->buf = xmalloc(XW_BUF);
	puts_(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	return x;
}

int
xw_finish(struct xw *x)
{
	bool failed;

	while (x->depth > 0)
		xw_end(x);
	drain(x);
	if (fflush(x->fp) != 0 && !x->failed) {
		x->failed = true;
		x->err = errno;
	}
	failed = x->failed;
	if (failed && x->err != 0)
		errno = x->err;
	free(x->buf);
	free(x->nodes);
	free(x);
	return failed ? -1 : 0;
}

void
xw_start(struct xw *x, const char *name)
{
	struct xnode *p = top(x);

	if (p != NULL && p->st == XS_OPEN)
		puts_(x, ">\n");
	if (p != NULL)
		p->st = XS_ELEMS;
	indent(x, x->depth);
	put(x, "<", 1);
	puts_(x, name);
	x->nodes = xgrow(x->nodes, &x->cap, x->depth + 1, sizeof *x->nodes);
	x->nodes[x->depth++] = (struct xnode){ name, XS_OPEN };
}

void
xw_end(struct xw *x)
{
	struct xnode *p = top(x);

	if (p == NULL)
		return;
	x->depth--;
	if (p->st == XS_OPEN) {
		puts_(x, "/>\n");
		return;
	}
	if (p->st == XS_ELEMS)
		indent(x, x->depth);
	put(x, "</", 2);
	puts_(x, p->name);
	puts_(x, ">\n");
}

static void
xw_attrn(struct xw *x, const char *name, const char *value, size_t n)
{
	put(x, " ", 1);
	puts_(x, name);
	put(x, "=\"", 2);
	escaped(x, value, n, true);
	put(x, "\"", 1);
}

void
xw_attr(struct xw *x, const char *name, const char *value)
{
	xw_attrn(x, name, value, strlen(value));
}

void
xw_attrl(struct xw *x, const char *name, long long v)
{
	char buf[32];

	/* without snprintf: it was most of the time of the numbers */
#if LLONG_MAX > LONG_MAX
	if (v < LONG_MIN || v > LONG_MAX)
		snprintf(buf, sizeof buf, "%lld", v);
	else
#endif
		buf[str_putl(buf, (long)v)] = '\0';
	xw_attr(x, name, buf);
}

void
xw_attrf(struct xw *x, const char *name, const char *fmt, ...)
{
	va_list ap;
	char buf[256];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	xw_attr(x, name, buf);
}

static void
xw_textn(struct xw *x, const char *text, size_t n)
{
	struct xnode *p = top(x);

	if (p != NULL && p->st == XS_OPEN)
		put(x, ">", 1);
	if (p != NULL && p->st != XS_ELEMS)
		p->st = XS_TEXT;
	escaped(x, text, n, false);
}

void
xw_text(struct xw *x, const char *text)
{
	xw_textn(x, text, strlen(text));
}

void
xw_elem(struct xw *x, const char *name, const char *text)
{
	xw_start(x, name);
	xw_text(x, text);
	xw_end(x);
}

void
xw_flush(struct xw *x)
{
	drain(x);
	if (ferror(x->fp))
		x->failed = true;
}
