/* Strings: buffers, UTF-8, name folding and edit distance. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/xalloc.h"

void
sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	b->s = xgrow(b->s, &b->cap, b->len + n + 1, 1);
	if (n > 0)
		memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sbuf_adds(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

void
sbuf_addc(struct sbuf *b, char c)
{
	if (b->len + 2 > b->cap)
		b->s = xgrow(b->s, &b->cap, b->len + 2, 1);
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

char *
sbuf_room(struct sbuf *b, size_t n)
{
	if (b->len + n + 1 > b->cap)
		b->s = xgrow(b->s, &b->cap, b->len + n + 1, 1);
	return b->s + b->len;
}

void
sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	if (n >= 0) {
		b->s = xgrow(b->s, &b->cap, b->len + (size_t)n + 1, 1);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
		b->len += (size_t)n;
	}
	va_end(again);
}

void
sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

void
sbuf_free(struct sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

const char *
sbuf_str(const struct sbuf *b)
{
	return b->s != NULL ? b->s : "";
}

/* Decode one code point; returns its length, or 0 when invalid. */
static size_t
utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c;
	size_t len, i;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		c = s[0] & 0x07;
	} else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (len == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	*cp = c;
	return len;
}

bool
utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;
	size_t k;

	while (n > 0) {
		if (*p < 0x80) {
			p++;
			n--;
			continue;
		}
		if ((k = utf8_decode(p, n, &cp)) == 0)
			return false;
		p += k;
		n -= k;
	}
	return true;
}

size_t
utf8_seqlen(const char *s, size_t n)
{
	uint32_t cp;
	size_t k = utf8_decode((const unsigned char *)s, n, &cp);

	return k ? k : 1;
}

size_t
utf8_blank_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	if (n >= 2 && p[0] == 0xc2 && p[1] == 0xa0)
		return 2;
	if (n < 3)
		return 0;
	if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] <= 0x8a || p[2] == 0xaf))
		return 3;       /* U+2000-U+200A, U+202F */
	if ((p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f) ||
	    (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80))
		return 3;       /* U+205F, U+3000 */
	return 0;
}

const char *
utf8_blanks(struct sbuf *b, const char *s, size_t *n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, k, start = 0;
	bool any = false;

	for (i = 0; i < *n && !any; i++)
		any = (p[i] == 0xc2 || p[i] == 0xe2 || p[i] == 0xe3) &&
		    utf8_blank_len(s + i, *n - i) > 0;
	if (!any)
		return s;
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	for (i = 0; i < *n; ) {
		if (p[i] < 0xc2 || (k = utf8_blank_len(s + i, *n - i)) == 0) {
			i++;
			continue;
		}
		sbuf_add(b, s + start, i - start);
		sbuf_addc(b, ' ');
		i += k;
		start = i;
	}
	sbuf_add(b, s + start, *n - start);
	*n = b->len;
	return b->s;
}

void
utf8_sanitize(struct sbuf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;
	size_t k, start = 0, i = 0;

	while (i < n) {
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		if (p[i] == '\t' || p[i] == '\n') {
			i++;
			continue;
		}
		k = p[i] < 0x80 ? 0 : utf8_decode(p + i, n - i, &cp);
		/* C1 controls and the noncharacters U+FFFE, U+FFFF (not
		 * characters of XML 1.0) are replaced too */
		if (k > 0 && !(cp >= 0x80 && cp < 0xa0) && cp != 0xfffe &&
		    cp != 0xffff) {
			i += k;
			continue;
		}
		sbuf_add(b, s + start, i - start);
		if (p[i] < 0x80)
			sbuf_addc(b, ' ');
		else
			sbuf_adds(b, "\xef\xbf\xbd");
		i += k ? k : 1;
		start = i;
	}
	sbuf_add(b, s + start, i - start);
}

static void
put_cp(struct sbuf *b, uint32_t c)
{
	char u[4];

	if (c < 0x80) {
		sbuf_addc(b, (char)c);
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		sbuf_add(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		sbuf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		sbuf_add(b, u, 4);
	}
}

void
str_fold(struct sbuf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c;
	size_t k, i = 0;
	int blank = 0;

	sbuf_reset(b);
	/* room for the most it can write: a byte that is no UTF-8 is
	 * U+FFFD, three bytes; a blank before a letter, one */
	(void)sbuf_room(b, 3 * n);
	b->s[0] = '\0';
	while (i < n) {
		c = p[i];
		if (c < 0x80 && c != ' ' && c != '\t' && c != '\n' &&
		    c != '\r') {
			/* ASCII, not blank: lower case, written in place */
			if (blank && b->len > 0)
				b->s[b->len++] = ' ';
			blank = 0;
			b->s[b->len++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
			i++;
			continue;
		}
		k = utf8_decode(p + i, n - i, &c);
		if (k == 0) {
			c = 0xfffd;
			k = 1;
		}
		i += k;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == 0xa0) {
			blank = 1;
			continue;
		}
		if (blank && b->len > 0)
			sbuf_addc(b, ' ');
		blank = 0;
		if (c >= 'A' && c <= 'Z')
			c += 32;
		else if (c >= 0x410 && c <= 0x42f)
			c += 32;
		else if (c == 0x401 || c == 0x451)
			c = 0x435;
		switch (c) {
		case 0xe4: case 0xc4:
			sbuf_adds(b, "ae");
			continue;
		case 0xf6: case 0xd6:
			sbuf_adds(b, "oe");
			continue;
		case 0xfc: case 0xdc:
			sbuf_adds(b, "ue");
			continue;
		case 0xdf:
			sbuf_adds(b, "ss");
			continue;
		default:
			break;
		}
		put_cp(b, c);
	}
	b->s[b->len] = '\0';
}

void
str_lower(struct sbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k, n = strlen(s), i = 0;
	uint32_t c;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	while (i < n) {
		k = utf8_decode(p + i, n - i, &c);
		if (k == 0) {
			sbuf_add(b, s + i, 1);
			i++;
			continue;
		}
		if ((c >= 'A' && c <= 'Z') ||
		    (c >= 0xc0 && c <= 0xde && c != 0xd7))
			c += 32;
		else if (c >= 0x410 && c <= 0x42f)
			c += 32;
		else if (c == 0x401)
			c = 0x451;
		put_cp(b, c);
		i += k;
	}
}

int
str_codepoints(const char *s, uint32_t *cp, int max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k, l = strlen(s);
	int n;

	for (n = 0; l > 0 && n < max; n++) {
		k = utf8_decode(p, l, &cp[n]);
		if (k == 0) {
			cp[n] = *p;
			k = 1;
		}
		p += k;
		l -= k;
	}
	return n;
}

int
str_editdist(const char *a, const char *b, int max)
{
	uint32_t ca[64], cb[64];

	return str_editdist_cp(ca, str_codepoints(a, ca, 64), cb,
	    str_codepoints(b, cb, 64), max);
}

int
str_editdist_cp(const uint32_t *ca, int na, const uint32_t *cb, int nb,
    int max)
{
	int i, j, row[65], prev, tmp, best;

	if (nb > 64)
		nb = 64;
	if (na - nb > max || nb - na > max)
		return max + 1;
	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		prev = row[0];
		row[0] = i;
		best = row[0];
		for (j = 1; j <= nb; j++) {
			tmp = row[j];
			row[j] = prev + (ca[i - 1] != cb[j - 1]);
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			if (tmp + 1 < row[j])
				row[j] = tmp + 1;
			prev = tmp;
			if (row[j] < best)
				best = row[j];
		}
		if (best > max)
			return max + 1;
	}
	return row[nb] > max ? max + 1 : row[nb];
}

bool
str_ieq(const char *a, size_t alen, const char *b)
{
	size_t i;

	for (i = 0; i < alen; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];

		/* equal bytes first: most words are given as written */
		if (x == y) {
			if (y == '\0')
				return false;
			continue;
		}
		if (x >= 'A' && x <= 'Z')
			x += 32;
		if (y >= 'A' && y <= 'Z')
			y += 32;
		if (x != y)
			return false;
	}
	return b[alen] == '\0';
}

/* 00 to 99, two digits each */
static const char digit_pairs[] =
    "00010203040506070809" "10111213141516171819"
    "20212223242526272829" "30313233343536373839"
    "40414243444546474849" "50515253545556575859"
    "60616263646566676869" "70717273747576777879"
    "80818283848586878889" "90919293949596979899";

size_t
str_putl(char *dst, long v)
{
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	unsigned long x;
	size_t n = 1, k = v < 0;
	char *p;

	if (v >= 0 && v < 10) {         /* dice, counts: most numbers */
		*dst = (char)('0' + v);
		return 1;
	}
	/* the digits counted, then written from the last, two a step
	 * (line numbers: most of the rest) */
	for (x = u; x >= 100; x /= 100)
		n += 2;
	n += x >= 10;
	dst[0] = '-';
	p = dst + k + n;
	for (; u >= 100; u /= 100) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * (u % 100), 2);
	}
	if (u >= 10)
		memcpy(p - 2, digit_pairs + 2 * u, 2);
	else
		p[-1] = (char)('0' + u);
	return k + n;
}

static size_t
blank_at(const char *s, size_t n)
{
	if (n >= 1 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\r' ||
	    s[0] == '\n'))
		return 1;
	if (n >= 2 && (unsigned char)s[0] == 0xc2 &&
	    (unsigned char)s[1] == 0xa0)
		return 2;
	return 0;
}

size_t
str_collapse(char *s)
{
	size_t i, j = 0;

	for (i = 0; s[i] != '\0'; i++) {
		if (strchr(" \t\r\n", s[i]) == NULL)
			s[j++] = s[i];
		else if (j > 0 && s[j - 1] != ' ')
			s[j++] = ' ';
	}
	if (j > 0 && s[j - 1] == ' ')
		j--;
	s[j] = '\0';
	return j;
}

void
str_trim(const char **s, size_t *n)
{
	size_t k;

	while (*n > 0 && (k = blank_at(*s, *n)) > 0) {
		*s += k;
		*n -= k;
	}
	for (;;) {
		if (*n >= 1 && blank_at(*s + *n - 1, 1)) {
			(*n)--;
			continue;
		}
		if (*n >= 2 && blank_at(*s + *n - 2, 2) == 2) {
			*n -= 2;
			continue;
		}
		break;
	}
}

bool
str_blank(const char *s, size_t n)
{
	str_trim(&s, &n);
	return n == 0;
}

bool
str_in(const char *s, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(s, *list) == 0)
			return true;
	return false;
}
