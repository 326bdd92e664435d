/* Dates of army lists into signed years (BC negative, no year 0):
 * German and English forms, ranges, "um"/"c." and centuries. */
#include <stdint.h>
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
    bool *approx, enum era *used, bool *written)
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
	*written = a.era != ERA_NONE || (two && b.era != ERA_NONE);
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
	bool written;

	return parse_range(s, n, ERA_NONE, from, to, approx, &used,
	    &written);
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
	bool approx, written;

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
		    &r->r[k][0], &r->r[k][1], &approx, &dflt, &written) < 0)
			return -1;
		/* the last range's era, written, is every other's default */
		if (k == r->n - 1)
			r->era_written = written;
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

/* ---- the dates at the end of a reference line ---------------------- */

/* date_tail is the automaton of this expression (POSIX, extended, in
 * the C locale) read from the end of the line backwards, so that one
 * pass finds every place a match may start (regexec cost a quarter of a
 * microsecond a line, a tenth of reading list text):
 *
 *	(A D)( ?(&|,|;|and|und) ?A D)*\.?$, letters of any case, where
 *	A = ((c|ca)\. ?|circa |(^| )um )?
 *	D = [0-9]+ ?E? ?(-|–| to) ?[0-9]+ ?E?|[0-9]+ ?E
 *	E = bce?|ad|ce|[ad]\. ?c\.
 *
 * Its states, named by what has been read (backwards) of what: */
enum tstate {
	T_START, T_D0,
	/* an era after the last year (EA) and after the first (EB) */
	T_EA0, T_EA_C, T_EA_E, T_EA_EC, T_EA_D, T_EA_DOT, T_EA_DC, T_EA_DCS,
	T_EA_DOT2,
	T_EB0, T_EB_C, T_EB_E, T_EB_EC, T_EB_D, T_EB_DOT, T_EB_DC, T_EB_DCS,
	T_EB_DOT2,
	/* the last year, with and without an era; the dash; the first */
	T_D1E, T_D1ES, T_D1N, T_D1NS, T_G1E, T_G1N,
	T_H0, T_H0S, T_HD1, T_HD2, T_H1, T_H1S, T_H2, T_H2S, T_G2, T_DEND,
	T_HTO, T_HT,    /* " to" for the dash: its "o", its "t" read */
	/* "c.", "ca.", "circa ", "um " before the date */
	T_A0, T_ACS, T_ADOT, T_ADOTA, T_AC1, T_AC2, T_AC3, T_AC4, T_AC5,
	T_AU1, T_AU2, T_AU3, T_ADONE,
	/* the join of two dates */
	T_S0, T_S0S, T_SD, T_SDN, T_S1, T_S1S,
	T_N
};
_Static_assert(T_N <= 64, "date_tail's states are the bits of a uint64_t");

/* The classes of bytes the expression tells apart. */
enum tclass {
	C_OTHER, C_DIGIT, C_BLANK, C_DOT, C_DASH, C_AMP, C_COMMA, C_SEMI,
	C_ND3, C_ND2, C_ND1,    /* the bytes of '–' from the last */
	C_A, C_B, C_C, C_D, C_E, C_I, C_M, C_N, C_O, C_R, C_T, C_U,
	C_NCLASS, C_EPS = C_NCLASS
};

static const unsigned char tedges[][3] = {
	/* a blank or none */
#define BLANK(from, to) { from, C_BLANK, to }, { from, C_EPS, to }
	{ T_START, C_DOT, T_D0 }, { T_START, C_EPS, T_D0 },
	{ T_D0, C_EPS, T_EA0 }, { T_D0, C_EPS, T_D1N },
#define ERA(X, DONE) \
	{ X##0, C_C, X##_C }, { X##0, C_E, X##_E }, { X##0, C_D, X##_D }, \
	{ X##0, C_DOT, X##_DOT }, { X##_C, C_B, DONE }, \
	{ X##_E, C_C, X##_EC }, { X##_EC, C_EPS, DONE }, \
	{ X##_EC, C_B, DONE }, { X##_D, C_A, DONE }, \
	{ X##_DOT, C_C, X##_DC }, BLANK(X##_DC, X##_DCS), \
	{ X##_DCS, C_DOT, X##_DOT2 }, \
	{ X##_DOT2, C_A, DONE }, { X##_DOT2, C_D, DONE }
	ERA(T_EA, T_D1E),
	ERA(T_EB, T_H2),
#undef ERA
	BLANK(T_D1E, T_D1ES),
	{ T_D1ES, C_DIGIT, T_G1E },
	BLANK(T_D1N, T_D1NS),
	{ T_D1NS, C_DIGIT, T_G1N },
	{ T_G1E, C_DIGIT, T_G1E }, { T_G1E, C_EPS, T_DEND },
	{ T_G1E, C_EPS, T_H0 },
	{ T_G1N, C_DIGIT, T_G1N }, { T_G1N, C_EPS, T_H0 },
	BLANK(T_H0, T_H0S),
	{ T_H0S, C_DASH, T_H1 }, { T_H0S, C_ND3, T_HD1 },
	{ T_HD1, C_ND2, T_HD2 }, { T_HD2, C_ND1, T_H1 },
	{ T_H0S, C_O, T_HTO }, { T_HTO, C_T, T_HT }, { T_HT, C_BLANK, T_H1 },
	BLANK(T_H1, T_H1S),
	{ T_H1S, C_EPS, T_EB0 }, { T_H1S, C_EPS, T_H2 },
	BLANK(T_H2, T_H2S),
	{ T_H2S, C_DIGIT, T_G2 },
	{ T_G2, C_DIGIT, T_G2 }, { T_G2, C_EPS, T_DEND },
	{ T_DEND, C_EPS, T_A0 }, { T_DEND, C_EPS, T_ADONE },
	BLANK(T_A0, T_ACS),
	{ T_ACS, C_DOT, T_ADOT }, { T_ADOT, C_C, T_ADONE },
	{ T_ADOT, C_A, T_ADOTA }, { T_ADOTA, C_C, T_ADONE },
	{ T_A0, C_BLANK, T_AC1 }, { T_AC1, C_A, T_AC2 }, { T_AC2, C_C, T_AC3 },
	{ T_AC3, C_R, T_AC4 }, { T_AC4, C_I, T_AC5 }, { T_AC5, C_C, T_ADONE },
	{ T_A0, C_BLANK, T_AU1 }, { T_AU1, C_M, T_AU2 }, { T_AU2, C_U, T_AU3 },
	{ T_AU3, C_BLANK, T_ADONE },    /* or the start of the line */
	{ T_ADONE, C_EPS, T_S0 },
	BLANK(T_S0, T_S0S),
	{ T_S0S, C_AMP, T_S1 }, { T_S0S, C_COMMA, T_S1 },
	{ T_S0S, C_SEMI, T_S1 }, { T_S0S, C_D, T_SD }, { T_SD, C_N, T_SDN },
	{ T_SDN, C_A, T_S1 }, { T_SDN, C_U, T_S1 },
	BLANK(T_S1, T_S1S),
	{ T_S1S, C_EPS, T_D0 },
#undef BLANK
};

#define TBIT(s) ((uint64_t)1 << (s))

static struct {
	bool ready;
	unsigned char cls[256];
	uint64_t step[T_N][C_NCLASS];   /* the states after a byte, closed */
	uint64_t start;                 /* those before the first */
	/* the steps of sets taken so far, by a hash of set and class (a
	 * set 0 is none): most lines take the same few */
	struct {
		uint64_t cur, next;
		int k;
	} memo[1024];
} tail;

/* The states s reaches without reading. */
static uint64_t
tclosure(uint64_t set)
{
	uint64_t old;
	size_t k;

	do {
		old = set;
		for (k = 0; k < sizeof tedges / sizeof tedges[0]; k++)
			if (tedges[k][1] == C_EPS && (set & TBIT(tedges[k][0])))
				set |= TBIT(tedges[k][2]);
	} while (set != old);
	return set;
}

static void
tail_init(void)
{
	static const char letters[] = "abcdeimnortu";
	size_t k;
	int c;

	for (c = '0'; c <= '9'; c++)
		tail.cls[c] = C_DIGIT;
	tail.cls[' '] = C_BLANK;
	tail.cls['.'] = C_DOT;
	tail.cls['-'] = C_DASH;
	tail.cls['&'] = C_AMP;
	tail.cls[','] = C_COMMA;
	tail.cls[';'] = C_SEMI;
	tail.cls[0x93] = C_ND3;
	tail.cls[0x80] = C_ND2;
	tail.cls[0xe2] = C_ND1;
	for (k = 0; letters[k] != '\0'; k++) {
		tail.cls[(unsigned char)letters[k]] = (unsigned char)(C_A + k);
		tail.cls[(unsigned char)letters[k] - 32] =
		    (unsigned char)(C_A + k);
	}
	for (k = 0; k < sizeof tedges / sizeof tedges[0]; k++)
		if (tedges[k][1] != C_EPS)
			tail.step[tedges[k][0]][tedges[k][1]] |=
			    tclosure(TBIT(tedges[k][2]));
	tail.start = tclosure(TBIT(T_START));
	tail.ready = true;
}

long
date_tail(const char *s, size_t n)
{
	uint64_t cur, next, m;
	size_t i = n, h;
	long at = -1;
	int k;

	if (!tail.ready)
		tail_init();
	/* each byte from the last: every place the states read so far
	 * hold a whole match from is a start; the first of them wins */
	for (cur = tail.start; i > 0 && cur != 0; i--) {
		k = tail.cls[(unsigned char)s[i - 1]];
		h = (size_t)(((cur ^ (uint64_t)k << 58) *
		    0x9e3779b97f4a7c15u) >> 54);
		if (tail.memo[h].cur == cur && tail.memo[h].k == k) {
			next = tail.memo[h].next;
		} else {
			for (next = 0, m = cur; m != 0; m &= m - 1)
				next |= tail.step[__builtin_ctzll(m)][k];
			tail.memo[h].cur = cur;
			tail.memo[h].k = k;
			tail.memo[h].next = next;
		}
		cur = next;
		if ((cur & TBIT(T_ADONE)) || (i == 1 && (cur & TBIT(T_AU3))))
			at = (long)i - 1;
	}
	return at;
}
