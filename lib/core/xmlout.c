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
#define XW_PIECE 4096           /* the most bytes written through room() */

enum xstate {
	XS_OPEN,        /* start tag still open: attributes may follow */
	XS_ELEMS,       /* children written */
	XS_TEXT         /* text written: the end tag follows on its line */
};

struct xnode {
	const char *name;
	size_t n;               /* strlen(name) */
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

/* Room for n more bytes (at most XW_PIECE): where they go; the caller
 * writes them and moves len on. */
static char *
room(struct xw *x, size_t n)
{
	if (x->len + n > XW_BUF)
		drain(x);
	return x->buf + x->len;
}

/* The bytes written as they are: bit 1 in text, bit 2 in attribute
 * values (printable ASCII but & < > and ", TAB and LF in text only);
 * NUL and the others stop plain(), for escaped() to see to. */
static unsigned char plain_tab[256];

static void
plain_init(void)
{
	int c;

	if (plain_tab['a'] != 0)
		return;
	for (c = 0x20; c < 0x80; c++)
		plain_tab[c] = c == '&' || c == '<' || c == '>' || c == '"' ?
		    0 : 3;
	plain_tab['\t'] = plain_tab['\n'] = 1;
}

/* The length of the plain bytes (of kind 1 or 2) that start s, a
 * string: all of it when s[plain(s, kind)] is NUL. */
static size_t
plain(const char *s, unsigned char kind)
{
	const unsigned char *p = (const unsigned char *)s;

	while (plain_tab[*p] & kind)
		p++;
	return (size_t)(p - (const unsigned char *)s);
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

/* ind blanks at o, and past them: at most IND_FAST by a copy of that
 * constant size (no call of memset), so room() gives IND_FAST more */
#define IND_FAST 32
static char *
blanks(char *o, size_t ind)
{
	static const char sp[IND_FAST + 1] = "                                ";

	if (ind <= IND_FAST)
		memcpy(o, sp, IND_FAST);
	else
		memset(o, ' ', ind);
	return o + ind;
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

	plain_init();
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
xw_start_n(struct xw *x, const char *name, size_t n)
{
	struct xnode *p = top(x);
	size_t ind = 2 * x->depth;
	char *o;

	if (ind + n + 3 + IND_FAST <= XW_PIECE) {
		/* ">\n" of the parent, the indent and "<name" at once */
		o = room(x, ind + n + 3 + IND_FAST);
		if (p != NULL && p->st == XS_OPEN) {
			*o++ = '>';
			*o++ = '\n';
		}
		o = blanks(o, ind);
		*o++ = '<';
		memcpy(o, name, n);
		x->len = (size_t)(o + n - x->buf);
	} else {
		if (p != NULL && p->st == XS_OPEN)
			puts_(x, ">\n");
		indent(x, x->depth);
		put(x, "<", 1);
		put(x, name, n);
	}
	if (p != NULL)
		p->st = XS_ELEMS;
	if (x->depth + 1 > x->cap)
		x->nodes = xgrow(x->nodes, &x->cap, x->depth + 1,
		    sizeof *x->nodes);
	x->nodes[x->depth++] = (struct xnode){ name, n, XS_OPEN };
}

void
xw_end(struct xw *x)
{
	struct xnode *p = top(x);
	size_t ind;
	char *o;

	if (p == NULL)
		return;
	x->depth--;
	if (p->st == XS_OPEN) {
		o = room(x, 3);
		memcpy(o, "/>\n", 3);
		x->len += 3;
		return;
	}
	ind = p->st == XS_ELEMS ? 2 * x->depth : 0;
	if (ind + p->n + 4 + IND_FAST > XW_PIECE) {
		indent(x, ind / 2);
		put(x, "</", 2);
		put(x, p->name, p->n);
		put(x, ">\n", 2);
		return;
	}
	o = room(x, ind + p->n + 4 + IND_FAST);
	o = blanks(o, ind);
	*o++ = '<';
	*o++ = '/';
	memcpy(o, p->name, p->n);
	o += p->n;
	*o++ = '>';
	*o++ = '\n';
	x->len = (size_t)(o - x->buf);
}

static void
attr_escaped(struct xw *x, const char *name, size_t nn, const char *value,
    size_t n)
{
	put(x, " ", 1);
	put(x, name, nn);
	put(x, "=\"", 2);
	escaped(x, value, n, true);
	put(x, "\"", 1);
}

/* name="value" when value is k plain bytes that fit a piece: true. */
static bool
attr_plain(struct xw *x, const char *name, size_t n, const char *value,
    size_t k)
{
	char *o;

	if (n + k + 4 > XW_PIECE)
		return false;
	o = room(x, n + k + 4);
	*o++ = ' ';
	memcpy(o, name, n);
	o += n;
	*o++ = '=';
	*o++ = '"';
	memcpy(o, value, k);
	o += k;
	*o++ = '"';
	x->len = (size_t)(o - x->buf);
	return true;
}

void
xw_attr_n(struct xw *x, const char *name, size_t n, const char *value)
{
	size_t k = plain(value, 2);

	if (value[k] != '\0' || !attr_plain(x, name, n, value, k))
		attr_escaped(x, name, n, value, k + strlen(value + k));
}

void
xw_attrl_n(struct xw *x, const char *name, size_t n, long long v)
{
	char buf[32], *o;

	/* without snprintf: it was most of the time of the numbers */
#if LLONG_MAX > LONG_MAX
	if (v < LONG_MIN || v > LONG_MAX) {
		size_t k = (size_t)snprintf(buf, sizeof buf, "%lld", v);

		if (!attr_plain(x, name, n, buf, k))
			attr_escaped(x, name, n, buf, k);
		return;
	}
#endif
	if (n + 24 > XW_PIECE) {
		buf[str_putl(buf, (long)v)] = '\0';
		attr_escaped(x, name, n, buf, strlen(buf));
		return;
	}
	/* the digits straight into the buffer */
	o = room(x, n + 24);
	*o++ = ' ';
	memcpy(o, name, n);
	o += n;
	*o++ = '=';
	*o++ = '"';
	o += str_putl(o, (long)v);
	*o++ = '"';
	x->len = (size_t)(o - x->buf);
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
	size_t k = plain(text, 1);
	struct xnode *p;

	if (text[k] != '\0' || k > XW_PIECE) {
		xw_textn(x, text, k + strlen(text + k));
		return;
	}
	p = top(x);
	if (p != NULL && p->st == XS_OPEN)
		put(x, ">", 1);
	if (p != NULL && p->st != XS_ELEMS)
		p->st = XS_TEXT;
	memcpy(room(x, k), text, k);
	x->len += k;
}

void
xw_elem_n(struct xw *x, const char *name, size_t n, const char *text)
{
	struct xnode *p = top(x);
	size_t k = plain(text, 1), ind = 2 * x->depth;
	char *o;

	if (text[k] != '\0' || ind + 2 * n + k + 8 + IND_FAST > XW_PIECE) {
		xw_start_n(x, name, n);
		xw_text(x, text);
		xw_end(x);
		return;
	}
	/* as start, text and end: "<name>text</name>" on a line */
	o = room(x, ind + 2 * n + k + 8 + IND_FAST);
	if (p != NULL && p->st == XS_OPEN) {
		*o++ = '>';
		*o++ = '\n';
	}
	if (p != NULL)
		p->st = XS_ELEMS;
	o = blanks(o, ind);
	*o++ = '<';
	memcpy(o, name, n);
	o += n;
	*o++ = '>';
	memcpy(o, text, k);
	o += k;
	*o++ = '<';
	*o++ = '/';
	memcpy(o, name, n);
	o += n;
	*o++ = '>';
	*o++ = '\n';
	x->len = (size_t)(o - x->buf);
}

void
xw_flush(struct xw *x)
{
	drain(x);
	if (ferror(x->fp))
		x->failed = true;
}
