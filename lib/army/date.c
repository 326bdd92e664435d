/* Dates of army lists into signed years (BC negative, no year 0):
 * German and English forms, ranges, "um"/"c." and centuries. */
#include <string.h>

#include "army/army.h"
#include "core/str.h"

enum era { ERA_NONE, ERA_BC, ERA_AD };

struct point {
	long n;             /* year or century number */
	bool century;
	enum era era;
	bool approx;
};

struct dp {
	const char *s;
	size_t n, i;
};

static void
blanks(struct dp *d)
{
	while (d->i < d->n) {
		if (d->s[d->i] == ' ' || d->s[d->i] == '\t' ||
		    d->s[d->i] == '\n')
			d->i++;
		else if ((unsigned char)d->s[d->i] == 0xc2 && d->i + 1 < d->n &&
		    (unsigned char)d->s[d->i + 1] == 0xa0)
			d->i += 2;
		else
			break;
	}
}

/* False when no word whose first bytes are among firsts (lower case;
 * UTF-8 lead bytes as they are) can match at d's place: the most places
 * are passed with one look, not a call for each word. */
static bool
may_match(const struct dp *d, const char *firsts)
{
	char a;

	if (d->i >= d->n || d->s[d->i] == '\0')
		return d->i < d->n;
	a = d->s[d->i];
	if (a >= 'A' && a <= 'Z')
		a += 32;
	for (; *firsts != '\0'; firsts++)     /* strchr, without a call */
		if (*firsts == a)
			return true;
	return false;
}

/* Match one of the words (case-insensitive, '.' and blanks inside are
 * matched loosely: "v. Chr." = "v.Chr."), requiring a word end. */
static bool
match(struct dp *d, const char *w)
{
	size_t i = d->i, k = 0;

	while (w[k] != '\0') {
		if (w[k] == ' ') {      /* optional blanks */
			while (i < d->n && d->s[i] == ' ')
				i++;
			k++;
			continue;
		}
		if (i >= d->n)
			return false;
		{
			char a = d->s[i], b = w[k];

			if (a >= 'A' && a <= 'Z')
				a += 32;
			if (a != b)
				return false;
		}
		i++;
		k++;
	}
	if (i < d->n && ((d->s[i] >= 'a' && d->s[i] <= 'z') ||
	    (d->s[i] >= 'A' && d->s[i] <= 'Z')))
		return false;
	d->i = i;
	return true;
}

static enum era
era(struct dp *d)
{
	static const char *const bc[] = {
		"v. chr.", "v. chr", "vor christus", "v. u. z.", "b.c.", "bc",
		"bce", "до н. э.", "a. c.", NULL
	};
	static const char *const ad[] = {
		"n. chr.", "n. chr", "nach christus", "a.d.", "ad", "ce",
		"н. э.", "d. c.", NULL
	};
	int k;

	blanks(d);
	if (!may_match(d, "vbacnd\xd0"))
		return ERA_NONE;
	for (k = 0; bc[k] != NULL; k++)
		if (match(d, bc[k]))
			return ERA_BC;
	for (k = 0; ad[k] != NULL; k++)
		if (match(d, ad[k]))
			return ERA_AD;
	return ERA_NONE;
}

static int
point(struct dp *d, struct point *pt)
{
	static const char *const approx[] = {
		"um", "ca.", "ca", "circa", "c.", "etwa", "около", NULL
	};
	long v = 0;
	size_t start;
	int k;

	memset(pt, 0, sizeof *pt);
	blanks(d);
	for (k = 0; may_match(d, "uce\xd0") && approx[k] != NULL; k++)
		if (match(d, approx[k])) {
			pt->approx = true;
			blanks(d);
			break;
		}
	start = d->i;
	while (d->i < d->n && d->s[d->i] >= '0' && d->s[d->i] <= '9') {
		if (v > 100000)
			return -1;
		v = v * 10 + (d->s[d->i] - '0');
		d->i++;
	}
	/* the years armylist(5) holds: -100000 to 100000 */
	if (d->i == start || v == 0 || v > 100000)
		return -1;
	pt->n = v;
	{
		size_t save = d->i;

		if (d->i < d->n && d->s[d->i] == '.')
			d->i++;
		blanks(d);
		if (!may_match(d, "jctsnr\xd0"))
			d->i = save;
		else if (match(d, "jh.") || match(d, "jhd.") || match(d, "jh") ||
		    match(d, "jhd") || match(d, "jahrhundert") ||
		    match(d, "century") || match(d, "th century") ||
		    match(d, "st century") || match(d, "nd century") ||
		    match(d, "rd century") || match(d, "в."))
			pt->century = true;
		else
			d->i = save;
	}
	if (pt->century && v > 1000)
		return -1;
	pt->era = era(d);
	return 0;
}

static bool
dash(struct dp *d)
{
	blanks(d);
	if (d->i < d->n && d->s[d->i] == '-') {
		d->i++;
		return true;
	}
	/* en dash and em dash */
	if (d->i + 2 < d->n && (unsigned char)d->s[d->i] == 0xe2 &&
	    (unsigned char)d->s[d->i + 1] == 0x80 &&
	    ((unsigned char)d->s[d->i + 2] == 0x93 ||
	    (unsigned char)d->s[d->i + 2] == 0x94)) {
		d->i += 3;
		return true;
	}
	return match(d, "bis") || match(d, "to") || match(d, "до");
}

static void
span(const struct point *p, enum era e, long *lo, long *hi)
{
	if (!p->century) {
		*lo = *hi = e == ERA_BC ? -p->n : p->n;
	} else if (e == ERA_BC) {
		*lo = -p->n * 100;
		*hi = -(p->n - 1) * 100 - 1;
	} else {
		*lo = (p->n - 1) * 100 + 1;
		*hi = p->n * 100;
	}
}

/* One year or range; dflt: the era of a range written after it in the
 * same field ("330-322 & 300-280BC"), *used the era its end has. */
static int
parse_range(const char *s, size_t n, enum era dflt, long *from, long *to,
    bool *approx, enum era *used)
{
	struct dp d = { s, n, 0 };
	struct point a, b;
	bool two = false;
	long alo, ahi, blo, bhi;
	enum era ea, eb;

	str_trim(&d.s, &d.n);
	if (point(&d, &a) < 0)
		return -1;
	if (dash(&d)) {
		if (point(&d, &b) < 0)
			return -1;
		two = true;
	}
	blanks(&d);
	if (d.i < d.n && d.s[d.i] == '.')
		d.i++;
	blanks(&d);
	if (d.i != d.n)
		return -1;
	if (dflt == ERA_NONE)
		dflt = ERA_AD;
	if (!two) {
		*used = a.era == ERA_NONE ? dflt : a.era;
		span(&a, *used, from, to);
		*approx = a.approx;
		return 0;
	}
	/* the era written at the end applies to both ends */
	eb = b.era != ERA_NONE ? b.era : a.era != ERA_NONE ? a.era : dflt;
	*used = eb;
	ea = a.era != ERA_NONE ? a.era : eb;
	*used = a.era != ERA_NONE ? a.era : eb;
	span(&a, ea, &alo, &ahi);
	span(&b, eb, &blo, &bhi);
	/* a range is kept in the order written */
	*from = alo <= bhi ? alo : ahi;
	*to = alo <= bhi ? bhi : blo;
	*approx = a.approx || b.approx;
	return 0;
}

int
date_parse(const char *s, size_t n, long *from, long *to, bool *approx)
{
	enum era used;

	return parse_range(s, n, ERA_NONE, from, to, approx, &used);
}

/* The end of the range that starts at s[i]: the next separator ("&",
 * ",", ";", " and ", " und ", " и "), or n; *next where the range after
 * it starts. */
static size_t
range_end(const char *s, size_t n, size_t i, size_t *next)
{
	static const char *const words[] = { " and ", " und ", " \xD0\xB8 ",
	    NULL };
	size_t k, w, len;

	for (k = i; k < n; k++) {
		if (s[k] == '&' || s[k] == ',' || s[k] == ';') {
			*next = k + 1;
			return k;
		}
		if (s[k] != ' ')
			continue;       /* each word starts with a blank */
		for (w = 0; words[w] != NULL; w++) {
			len = strlen(words[w]);
			if (k + len <= n && str_ieq(s + k, len, words[w])) {
				*next = k + len;
				return k;
			}
		}
	}
	*next = n;
	return n;
}

static int
parse_ranges(const char *s, size_t n, enum era dflt, struct date_ranges *r)
{
	size_t start[DATE_MAX_RANGES], end[DATE_MAX_RANGES], i = 0, k, next;
	bool approx;

	memset(r, 0, sizeof *r);
	for (k = 0;; k++) {
		if (k == DATE_MAX_RANGES)
			return -1;
		start[k] = i;
		end[k] = range_end(s, n, i, &next);
		if (end[k] == n) {
			k++;
			break;
		}
		i = next;
	}
	r->n = k;
	/* from the last: the era written at the end of the field applies to
	 * the ranges before it that have none */
	while (k-- > 0) {
		if (parse_range(s + start[k], end[k] - start[k], dflt,
		    &r->r[k][0], &r->r[k][1], &approx, &dflt) < 0)
			return -1;
		r->approx = r->approx || approx;
	}
	r->from = r->r[0][0];
	r->to = r->r[0][1];
	for (k = 1; k < r->n; k++) {
		if (r->r[k][0] < r->from)
			r->from = r->r[k][0];
		if (r->r[k][1] > r->to)
			r->to = r->r[k][1];
	}
	return 0;
}

int
date_parse_ranges(const char *s, size_t n, struct date_ranges *r)
{
	return parse_ranges(s, n, ERA_NONE, r);
}

int
date_parse_ranges_bc(const char *s, size_t n, struct date_ranges *r)
{
	return parse_ranges(s, n, ERA_BC, r);
}

/* Does a separator of names follow s[i..n) after blanks: '&', ',', ';'
 * or the word "or", "and", "und" with more text after it? */
static bool
name_sep(const char *s, size_t n, size_t i)
{
	static const char *const w[] = { "or", "oder", "and", "und", NULL };
	size_t e;
	int k;

	while (i < n && s[i] == ' ')
		i++;
	if (i >= n)
		return false;
	if (s[i] == '&' || s[i] == ',' || s[i] == ';')
		return true;
	for (e = i; e < n && s[e] != ' '; e++)
		;
	for (k = 0; w[k] != NULL; k++)
		if (str_ieq(s + i, e - i, w[k]))
			return e < n;
	return false;
}

/* The end of the longest year or range at s[i], with a dash or an era
 * (not a bare number: "Army of 1000 Ships"), ending before a blank, ',',
 * ';', '&' or the end of s; i when there is none. */
static size_t
name_date_end(const char *s, size_t n, size_t i)
{
	size_t j, k, best = i;
	long f, t;
	bool ap;

	for (j = i + 1; j <= n && j - i <= 40; j++) {
		if ((j < n && strchr(" ,;&", s[j]) == NULL) || s[j - 1] == ' ')
			continue;
		for (k = i; k < j && ((s[k] >= '0' && s[k] <= '9') ||
		    s[k] == ' '); k++)
			;
		if (k < j && date_parse(s + i, j - i, &f, &t, &ap) == 0)
			best = j;
	}
	return best;
}

void
date_name_ranges(struct sbuf *name, struct sbuf *dates)
{
	struct sbuf nm = {0}, ds = {0};
	const char *s = sbuf_str(name);
	size_t n = name->len, i, e, last = 0;

	for (i = 1; i < n; i++) {
		if (s[i - 1] != ' ' || s[i] < '0' || s[i] > '9')
			continue;
		e = name_date_end(s, n, i);
		if (e == i || !name_sep(s, n, e))
			continue;
		sbuf_add(&nm, s + last, i - last);
		if (ds.len > 0)
			sbuf_adds(&ds, " & ");
		sbuf_add(&ds, s + i, e - i);
		last = i = e;
	}
	if (ds.len > 0) {
		sbuf_add(&nm, s + last, n - last);
		sbuf_reset(name);
		sbuf_add(name, "", 0);
		/* the blanks left where the dates were */
		for (i = 0; i < nm.len; i++)
			if (nm.s[i] != ' ' || (name->len > 0 && i + 1 < nm.len &&
			    strchr(" ,;", nm.s[i + 1]) == NULL))
				sbuf_addc(name, nm.s[i]);
		if (dates->len > 0) {
			sbuf_adds(&ds, " & ");
			sbuf_add(&ds, dates->s, dates->len);
		}
		sbuf_reset(dates);
		sbuf_add(dates, ds.s, ds.len);
	}
	sbuf_free(&nm);
	sbuf_free(&ds);
}
