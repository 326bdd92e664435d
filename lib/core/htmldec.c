/* The bytes of an HTML page to UTF-8: checked, by the windows-1252
 * table, or through iconv; what cannot be decoded becomes U+FFFD. */
#include <errno.h>
#include <iconv.h>
#include <string.h>

#include "core/htmldec.h"

enum { K_UTF8, K_CP1252, K_ICONV };

#define REPLACEMENT "\xef\xbf\xbd"

/* windows-1252 0x80 to 0x9f, as browsers decode them: its five holes
 * are the C1 controls of the same number. */
static const unsigned short cp1252_c1[32] = {
	0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
	0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178
};

static bool
is_utf8(const char *cs)
{
	return strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf-8") == 0;
}

static bool
is_cp1252(const char *cs)
{
	return strcmp(cs, "windows-1252") == 0;
}

bool
htmldec_known(const char *cs)
{
	static const char ascii[] = "<a b='c' d=\"e\">\t\r\nz ~#&;/?!-[]09AZ";
	char out[sizeof ascii * 4], *ip = (char *)ascii, *op = out;
	size_t il = sizeof ascii - 1, ol = sizeof out;
	iconv_t cd;
	bool ok;

	if (is_utf8(cs) || is_cp1252(cs))
		return true;
	if ((cd = iconv_open("UTF-8", cs)) == (iconv_t)-1)
		return false;
	ok = iconv(cd, &ip, &il, &op, &ol) != (size_t)-1 && il == 0 &&
	    (size_t)(op - out) == sizeof ascii - 1 &&
	    memcmp(out, ascii, sizeof ascii - 1) == 0;
	iconv_close(cd);
	return ok;
}

int
htmldec_open(struct htmldec *d, const char *cs)
{
	memset(d, 0, sizeof *d);
	d->line = 1;
	if (is_utf8(cs))
		d->kind = K_UTF8;
	else if (is_cp1252(cs))
		d->kind = K_CP1252;
	else {
		d->kind = K_ICONV;
		d->cd = iconv_open("UTF-8", cs);
		if (d->cd == (void *)(iconv_t)-1) {
			d->cd = NULL;
			return -1;
		}
	}
	return 0;
}

void
htmldec_close(struct htmldec *d)
{
	if (d->cd != NULL)
		iconv_close((iconv_t)d->cd);
	d->cd = NULL;
}

static long
newlines(const char *s, size_t n)
{
	const char *e = s + n;
	long k = 0;

	while ((s = memchr(s, '\n', (size_t)(e - s))) != NULL) {
		k++;
		s++;
	}
	return k;
}

/* A byte that does not decode: U+FFFD, the first one's line kept. */
static void
bad(struct htmldec *d, struct sbuf *out, size_t from)
{
	if (d->bad++ == 0)
		d->bad_line = d->line + newlines(out->s + from, out->len - from);
	sbuf_add(out, REPLACEMENT, 3);
}

/* Whether s[0..n) are all continuation bytes of UTF-8. */
static bool
continues(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			return false;
	return true;
}

/* UTF-8: each character checked; an unfinished one at the end of a
 * piece waits for the next. */
static size_t
run_utf8(struct htmldec *d, const char *s, size_t n, bool end,
    struct sbuf *out, size_t from)
{
	size_t i = 0, run = 0, need;
	unsigned char c;

	while (i < n) {
		c = (unsigned char)s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		need = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ?
		    3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
		if (need > 0 && i + need > n && !end &&
		    continues(s + i + 1, n - i - 1)) {
			sbuf_add(out, s + run, i - run);
			return i;       /* the rest waits */
		}
		if (need > 0 && i + need <= n && utf8_valid(s + i, need)) {
			i += need;
			continue;
		}
		sbuf_add(out, s + run, i - run);
		bad(d, out, from);
		run = ++i;
	}
	sbuf_add(out, s + run, i - run);
	return n;
}

static void
put_cp(struct sbuf *out, unsigned cp)
{
	char u[3];

	if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		sbuf_add(out, u, 2);
		return;
	}
	u[0] = (char)(0xe0 | cp >> 12);
	u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
	u[2] = (char)(0x80 | (cp & 0x3f));
	sbuf_add(out, u, 3);
}

void
htmldec_cp1252(struct sbuf *out, const char *s, size_t n, bool c1)
{
	size_t i, run = 0;
	unsigned c;

	for (i = 0; i < n; i++) {
		if ((c = (unsigned char)s[i]) < 0x80)
			continue;
		sbuf_add(out, s + run, i - run);
		if (c < 0xa0)
			c = c1 || cp1252_c1[c - 0x80] >= 0xa0 ?
			    cp1252_c1[c - 0x80] : 0xfffd;
		put_cp(out, c);
		run = i + 1;
	}
	sbuf_add(out, s + run, n - run);
}

/* iconv: a byte it refuses is U+FFFD; an unfinished character at the
 * end of a piece waits for the next. */
static size_t
run_iconv(struct htmldec *d, const char *s, size_t n, bool end,
    struct sbuf *out, size_t from)
{
	char *ip = (char *)s, *op;
	size_t il = n, ol, room, r;

	while (il > 0) {
		room = il * 4 + 64;
		op = sbuf_room(out, room);
		ol = room;
		r = iconv((iconv_t)d->cd, &ip, &il, &op, &ol);
		out->len += room - ol;
		out->s[out->len] = '\0';
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		if (errno == EINVAL && !end && il < sizeof d->carry)
			return n - il;  /* the rest waits */
		bad(d, out, from);
		ip++;
		il--;
	}
	return n;
}

void
htmldec_run(struct htmldec *d, const char *buf, size_t n, bool end,
    struct sbuf *out)
{
	struct sbuf all = {0};
	const char *s = buf;
	size_t from = out->len, used;

	if (d->ncarry > 0) {
		sbuf_add(&all, d->carry, d->ncarry);
		sbuf_add(&all, buf, n);
		s = all.s;
		n = all.len;
		d->ncarry = 0;
	}
	if (out->s == NULL)
		sbuf_add(out, "", 0);
	if (d->kind == K_CP1252) {
		htmldec_cp1252(out, s, n, true);
		used = n;
	} else if (d->kind == K_UTF8)
		used = run_utf8(d, s, n, end, out, from);
	else
		used = run_iconv(d, s, n, end, out, from);
	d->ncarry = n - used;
	memcpy(d->carry, s + used, d->ncarry);
	d->line += newlines(out->s + from, out->len - from);
	sbuf_free(&all);
}
