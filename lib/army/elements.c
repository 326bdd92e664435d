/* The element-list grammar of army lists: counts, troop alternatives,
 * packages, general markers, notes, figure prefixes, dismounting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"

#define MAX_DEPTH 8

struct ep {
	const char *s;
	size_t n, i;
	const struct srcmap *map;
	int errors;
	int lost;                  /* errors that left something out */
	int depth;                 /* of the package being read */
	bool general;              /* a General line: its elements are the
				    * general's */
	size_t shut;               /* where a general's unclosed '(' was
				    * taken as closed: no comma wanted */
	struct sbuf tmp;
	struct sbuf hint;          /* or_missing's, beside an excerpt */
	struct sbuf fold;          /* a marker folded (kept: no allocation
	                              per marker) */
	/* the arrays of an entry's choice and of its package, emptied
	 * and kept for the next entry: most entries are one element */
	struct package *spare_pkgs;
	size_t spare_cappkgs;
	struct item *spare_items;
	size_t spare_cap;
};

static void parse_list(struct ep *p, struct package *list, int depth);
static void resync(struct ep *p, bool unit);

/* An error of the catalogue at byte at of the list. */
#define PERR(p, at, id, ...) do { \
	long line_, col_; \
	srcmap_lookup((p)->map, (at), &line_, &col_); \
	DIAG(id, line_, col_, __VA_ARGS__); \
	(p)->errors++; \
} while (0)

/* The bytes at i as a short quoted excerpt for messages. */
static const char *
excerpt(struct ep *p, size_t at)
{
	size_t e = at;

	while (e < p->n && e - at < 40 && p->s[e] != ',' && p->s[e] != ' ' &&
	    p->s[e] != '(' && p->s[e] != ')')
		e++;
	if (e == at && e < p->n)
		e += utf8_seqlen(p->s + e, p->n - e);
	while (e > at && p->s[e - 1] == ' ')
		e--;
	sbuf_reset(&p->tmp);
	utf8_sanitize(&p->tmp, p->s + at, e - at);
	if (p->tmp.len == 0)
		sbuf_adds(&p->tmp, "end of list");
	return sbuf_str(&p->tmp);
}

/* The bytes from a to b, for messages. */
static const char *
span(struct ep *p, size_t a, size_t b)
{
	sbuf_reset(&p->tmp);
	utf8_sanitize(&p->tmp, p->s + a, b - a);
	return sbuf_str(&p->tmp);
}

static void
skip_blanks(struct ep *p)
{
	while (p->i < p->n) {
		unsigned char c = (unsigned char)p->s[p->i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			p->i++;
		else if (c == 0xc2 && p->i + 1 < p->n &&
		    (unsigned char)p->s[p->i + 1] == 0xa0)
			p->i += 2;
		else
			break;
	}
}

static bool
is_letter(struct ep *p, size_t at)
{
	unsigned char c;

	if (at >= p->n)
		return false;
	c = (unsigned char)p->s[at];
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return true;
	/* Latin-1 letters (not the signs U+00D7 and U+00F7), Latin
	 * Extended-A and Cyrillic */
	if (c == 0xc3 && at + 1 < p->n)
		return (unsigned char)p->s[at + 1] != 0x97 &&
		    (unsigned char)p->s[at + 1] != 0xb7;
	return c == 0xc4 || c == 0xc5 || c == 0xd0 || c == 0xd1;
}

static bool
is_digit(struct ep *p, size_t at)
{
	return at < p->n && p->s[at] >= '0' && p->s[at] <= '9';
}

/* Length of the word at i (letters, and inner '-' or '.' between
 * letters for abbreviations such as "Bef."). */
static size_t
word_len(struct ep *p, size_t at)
{
	size_t e = at;

	while (e < p->n) {
		if (((p->s[e] | 0x20) >= 'a' && (p->s[e] | 0x20) <= 'z')) {
			e++;            /* ASCII: the most letters */
			continue;
		}
		/* past ASCII letters, a letter is of more bytes */
		if ((unsigned char)p->s[e] >= 0x80 && is_letter(p, e)) {
			e += utf8_seqlen(p->s + e, p->n - e);
			continue;
		}
		if (p->s[e] == '-' && is_letter(p, e + 1) && e > at) {
			e++;
			continue;
		}
		break;
	}
	return e - at;
}

static bool
word_is(struct ep *p, size_t at, size_t len, const char *w)
{
	return str_ieq(p->s + at, len, w);
}

/* An "or" at byte at: or, oder, o, od. or a single '/'.  Returns its
 * length. */
static size_t
or_at_word(struct ep *p, size_t at)
{
	size_t len;

	if (at < p->n && p->s[at] == '/' &&
	    !(at + 1 < p->n && p->s[at + 1] == '/'))
		return 1;
	len = word_len(p, at);
	if (len == 0)
		return 0;
	if (word_is(p, at, len, "or") || word_is(p, at, len, "oder") ||
	    word_is(p, at, len, "o") || word_is(p, at, len, "od") ||
	    word_is(p, at, len, "или"))
		return at + len < p->n && p->s[at + len] == '.' &&
		    word_is(p, at, len, "od") ? len + 1 : len;
	return 0;
}

/* A word at p one edit from "or" or "oder" ("ot", "ord", "odr"): "1xEl
 * ot LH"; NULL when none. */
static const char *
or_typo(struct ep *p)
{
	size_t len = word_len(p, p->i);
	char w[8];

	if (len < 2 || len > 5)
		return NULL;
	memcpy(w, p->s + p->i, len);
	w[len] = '\0';
	if (str_editdist(w, "or", 1) == 1)
		return "or";
	if (str_editdist(w, "oder", 1) == 1)
		return "oder";
	return NULL;
}

/* Where a comma is expected: "or" for a near miss of it ("ot"), "or
 * Ps" before a troop's code written bare ("1xBw Ps", "1xBw 4Ax": a join
 * word forgotten); NULL when neither. */
static const char *
or_missing(struct ep *p)
{
	const char *t = or_typo(p);
	size_t b = p->i, len;

	if (t != NULL)
		return t;
	while (b < p->n && ((p->s[b] >= '0' && p->s[b] <= '9') ||
	    p->s[b] == '/'))
		b++;
	len = word_len(p, b);
	/* a troop's code, as list lines write them ("Knights" at the
	 * start of a line is more often an entry that lost its count) */
	if (len == 0 || len > 3 || troop_lookup(p->s + b, len) == NULL ||
	    (b + len < p->n && p->s[b + len] != ' ' && p->s[b + len] != ',' &&
	    p->s[b + len] != ')' && p->s[b + len] != '('))
		return NULL;
	sbuf_reset(&p->hint);
	sbuf_adds(&p->hint, "or ");
	sbuf_add(&p->hint, p->s + p->i, b + len - p->i);
	return sbuf_str(&p->hint);
}

static size_t
or_at(struct ep *p)
{
	return or_at_word(p, p->i);
}

/* An "and" inside a package: '+', und, and, и. */
static size_t
and_at(struct ep *p)
{
	size_t len;

	if (p->i < p->n && p->s[p->i] == '+')
		return 1;
	len = word_len(p, p->i);
	if (len > 0 && (word_is(p, p->i, len, "und") ||
	    word_is(p, p->i, len, "and") || word_is(p, p->i, len, "и")))
		return len;
	return 0;
}

/* Does a count start at i: digits, blanks, then x, × or *, or digits,
 * blanks, then a letter (German "4 Sp") or figures glued to a name ("9
 * 4Sp")?  Figures are glued to the name ("4Sp") and are not a count. */
static bool
count_at(struct ep *p, size_t at)
{
	size_t e = at;

	while (is_digit(p, e))
		e++;
	if (e == at)
		return false;
	if (e < p->n && (p->s[e] == 'x' || p->s[e] == 'X' || p->s[e] == '*'))
		return true;
	if (e + 1 < p->n && (unsigned char)p->s[e] == 0xc3 &&
	    (unsigned char)p->s[e + 1] == 0x97)
		return true;
	if (e < p->n && p->s[e] != ' ')
		return false;
	while (e < p->n && p->s[e] == ' ')
		e++;
	if (e < p->n && (((p->s[e] == 'x' || p->s[e] == 'X') &&
	    !is_letter(p, e + 1)) || p->s[e] == '*'))
		return true;
	if (e + 1 < p->n && (unsigned char)p->s[e] == 0xc3 &&
	    (unsigned char)p->s[e + 1] == 0x97)
		return true;
	/* figures glued to a name: "9 4Sp", "1 3/4Bw" */
	for (at = e; is_digit(p, at) && (is_letter(p, at + 1) ||
	    (at + 1 < p->n && p->s[at + 1] == '/' &&
	    is_digit(p, at + 2))); at += 2)
		if (is_letter(p, at + 1))
			return true;
	return is_letter(p, e);
}

static int
parse_count(struct ep *p, long *count)
{
	long v = 0;
	size_t start = p->i;

	/* as the XML's counts: 1 to ARMY_COUNT_MAX (armylist-check judges
	 * them), so that every count written reads back */
	while (is_digit(p, p->i)) {
		if (v <= ARMY_COUNT_MAX)
			v = v * 10 + (p->s[p->i] - '0');
		p->i++;
	}
	if (v == 0 || v > ARMY_COUNT_MAX) {
		PERR(p, start, BAD_COUNT, excerpt(p, start));
		return -1;
	}
	skip_blanks(p);
	if (p->i < p->n && (p->s[p->i] == 'x' || p->s[p->i] == 'X' ||
	    p->s[p->i] == '*'))
		p->i++;
	else if (p->i + 1 < p->n && (unsigned char)p->s[p->i] == 0xc3 &&
	    (unsigned char)p->s[p->i + 1] == 0x97)
		p->i += 2;
	skip_blanks(p);
	*count = v;
	return 0;
}

/* Figures: digits ('/' digits)* glued to a name.  NULL when none. */
static char *
parse_figures(struct ep *p)
{
	size_t start = p->i, e = p->i;

	while (is_digit(p, e)) {
		while (is_digit(p, e))
			e++;
		if (e + 1 < p->n && p->s[e] == '/' && is_digit(p, e + 1))
			e++;
		else
			break;
	}
	if (e == start)
		return NULL;
	p->i = e;
	return army_figures_dup(p->s + start, e - start);
}

/* A troop name of one to three words, the longest that is known; an
 * unknown name goes to *unknown, a known one not standard for its troop
 * (HCh for Kn) to *written. */
static int
parse_name(struct ep *p, const struct troop **t, char **unknown,
    char **written)
{
	size_t start = p->i, ends[3], len, e, k, nw = 0;
	const struct troop *best = NULL;
	size_t bestend = 0;

	len = word_len(p, p->i);
	if (len == 0) {
		PERR(p, p->i, EXPECTED_TROOP,
		    excerpt(p, p->i));
		return -1;
	}
	e = p->i + len;
	ends[nw++] = e;
	while (nw < 3) {
		k = e;
		while (k < p->n && p->s[k] == ' ')
			k++;
		if (k == e || (len = word_len(p, k)) == 0)
			break;
		e = k + len;
		ends[nw++] = e;
	}
	/* no one-word name begins a longer name, so the shortest match is
	 * the match ("Leichte Reiterei" is found at two words) */
	for (k = 0; k < nw; k++) {
		best = troop_lookup(p->s + start, ends[k] - start);
		if (best != NULL) {
			bestend = ends[k];
			break;
		}
	}
	/* "Cvor LH": a known name glued to "or" (3.0 corpus) */
	len = ends[0] - start;
	if (best == NULL && len > 3 && str_ieq(p->s + ends[0] - 2, 2, "or") &&
	    (best = troop_lookup(p->s + start, len - 2)) != NULL) {
		long line, col;

		bestend = ends[0] - 2;
		sbuf_reset(&p->tmp);
		utf8_sanitize(&p->tmp, p->s + start, len);
		srcmap_lookup(p->map, start, &line, &col);
		DIAG(OR_GLUED, line, col, sbuf_str(&p->tmp), (int)(len - 2),
		    p->s + start);
	}
	if (best == NULL) {
		long line, col;

		bestend = ends[0];
		sbuf_reset(&p->tmp);
		utf8_sanitize(&p->tmp, p->s + start, bestend - start);
		*unknown = xstrdup(sbuf_str(&p->tmp));
		srcmap_lookup(p->map, start, &line, &col);
		/* a camp listed with the army (entries): kept by its
		 * name, no troop, no error */
		if (!army_is_camp(*unknown)) {
			troop_unknown(*unknown, strlen(*unknown), line, col);
			p->errors++;
		}
	} else if (!troop_is_standard(best, p->s + start, bestend - start)) {
		sbuf_reset(&p->tmp);
		utf8_sanitize(&p->tmp, p->s + start, bestend - start);
		*written = xstrdup(sbuf_str(&p->tmp));
	}
	if (bestend < p->n && is_digit(p, bestend)) {
		PERR(p, bestend, AFTER_TROOP,
		    excerpt(p, bestend));
		return -1;
	}
	*t = best;
	p->i = bestend;
	return 0;
}

/* "Mtd-" at p->i (any case), then stepped over. */
static bool
mtd_at(struct ep *p)
{
	/* the first byte first: most troops are no Mtd- */
	if (p->i + 4 < p->n && (p->s[p->i] | 0x20) == 'm' &&
	    str_ieq(p->s + p->i, 3, "mtd") &&
	    p->s[p->i + 3] == '-') {
		p->i += 4;
		return true;
	}
	return false;
}

/* [figures] name ['//' [figures] name] */
static int
parse_troopspec(struct ep *p, struct troopref *r)
{
	size_t at = p->i;

	/* mounted infantry (3.0): Mtd-4Lb, also 3Mtd-Bw */
	if (mtd_at(p))
		r->mtd = true;
	r->figures = parse_figures(p);
	if (!r->mtd && r->figures != NULL && mtd_at(p))
		r->mtd = true;
	if (r->figures != NULL && p->i < p->n && p->s[p->i] == ' ') {
		/* "3 Cavalry": figures set off by a blank from a name */
		size_t e = p->i;

		while (e < p->n && p->s[e] == ' ')
			e++;
		if (is_letter(p, e) && or_at_word(p, e) == 0)
			p->i = e;
	}
	if (r->figures != NULL && !is_letter(p, p->i)) {
		PERR(p, p->i, EXPECTED_TROOP_AFTER, r->figures);
		return -1;
	}
	if (!is_letter(p, p->i)) {
		PERR(p, at, EXPECTED_TROOP, excerpt(p, at));
		return -1;
	}
	if (parse_name(p, &r->t, &r->name, &r->written) < 0)
		return -1;
	if (p->i + 1 < p->n && p->s[p->i] == '/' && p->s[p->i + 1] == '/') {
		p->i += 2;
		r->dis_figures = parse_figures(p);
		if (parse_name(p, &r->dis, &r->dis_name,
		    &r->dis_written) < 0)
			return -1;
	}
	return 0;
}

static bool
general_marker(const char *s)
{
	static const char *const m[] = {
		"gen", "gene", "general", "befehlshaber", "bef", "feldherr",
		"c-in-c", "cinc", "полководец", "ген", NULL
	};
	int i;

	for (i = 0; m[i] != NULL; i++)
		if (strcmp(s, m[i]) == 0)
			return true;
	return false;
}

bool
elements_general_word(const char *s, size_t n)
{
	struct sbuf f = {0};
	bool g;

	str_fold(&f, s, n);
	g = general_marker(sbuf_str(&f));
	sbuf_free(&f);
	return g;
}

/* A general marker written as a bare word after the troop, as entries
 * write it ("3Kn Gen", "1xKn Gen,"): taken when a separator or the end
 * follows it. */
static void
bare_marker(struct ep *p, struct item *el)
{
	struct sbuf *f = &p->fold;
	size_t save = p->i, a, k;

	skip_blanks(p);
	a = p->i;
	for (k = a; k < p->n && (((p->s[k] | 0x20) >= 'a' &&
	    (p->s[k] | 0x20) <= 'z') || (unsigned char)p->s[k] >= 0x80 ||
	    p->s[k] == '-'); k++)
		;
	/* no word (the usual case), or one no marker starts with ("or") */
	if (k == a || ((unsigned char)p->s[a] < 0x80 &&
	    memchr("gbfc", p->s[a] | 0x20, 4) == NULL)) {
		p->i = save;
		return;
	}
	str_fold(f, p->s + a, k - a);
	if (k < p->n && p->s[k] == '.')
		k++;
	p->i = k;
	skip_blanks(p);
	if (k > a && general_marker(sbuf_str(f)) && (p->i >= p->n ||
	    p->s[p->i] == ',' || p->s[p->i] == ')' || p->s[p->i] == '+' ||
	    p->s[p->i] == ';')) {
		el->general = true;
		p->i = k;
	} else
		p->i = save;
}

/* Markers after a troop: "(Gen)", "(Bef.)", or a note "(tower)" (left
 * out when r is NULL: its troop was lost).  An unclosed '(' loses the
 * marker: the list reads on at the next separator. */
static void
parse_markers(struct ep *p, struct item *el, struct troopref *r)
{
	struct sbuf *f = &p->fold;
	size_t open, close, a, b;

	for (;;) {
		size_t save = p->i;

		skip_blanks(p);
		if (p->i >= p->n || p->s[p->i] != '(') {
			p->i = save;
			break;
		}
		open = p->i;
		close = open + 1;
		while (close < p->n && p->s[close] != ')' &&
		    p->s[close] != '(')
			close++;
		if (close >= p->n || p->s[close] != ')') {
			PERR(p, open, UNCLOSED_PAREN,
			    excerpt(p, open));
			p->lost++;
			p->i = open + 1;
			resync(p, false);
			break;
		}
		a = open + 1;
		b = close;
		while (a < b && p->s[a] == ' ')
			a++;
		while (b > a && (p->s[b - 1] == ' ' || p->s[b - 1] == '.'))
			b--;
		str_fold(f, p->s + a, b - a);
		if (general_marker(sbuf_str(f))) {
			el->general = true;
		} else if (b > a && r != NULL) {
			sbuf_reset(f);
			utf8_sanitize(f, p->s + open + 1, close - open - 1);
			{
				const char *s = sbuf_str(f);
				size_t n = f->len;

				str_trim(&s, &n);
				free(r->note);
				r->note = xstrndup(s, n);
			}
		}
		p->i = close + 1;
	}
	bare_marker(p, el);
}

/* Is the digit before e the figures of a count-less entry ("3Kn (Gen)",
 * "3Kn Gen":
 * a general is one element; "3Bd or 3/4Bw": an alternative follows)?
 * Then the entry is read as one element into el: 1, -1 on an error; 0
 * when it is not. */
static int
figures_meant(struct ep *p, size_t e, struct item *el)
{
	size_t k = e;
	struct sbuf f = {0};
	/* on a General line the element is the general's */
	bool gen = p->general && p->depth == 0;

	if (p->s[p->i] < '2' || p->s[p->i] > '8' || !is_letter(p, e))
		return 0;
	k += word_len(p, k);
	while (k < p->n && p->s[k] == ' ')
		k++;
	if (k < p->n && p->s[k] == '(') {
		size_t a = k + 1, b = a;

		while (b < p->n && p->s[b] != ')' && p->s[b] != '(')
			b++;
		while (b > a && (p->s[b - 1] == ' ' || p->s[b - 1] == '.'))
			b--;
		str_fold(&f, p->s + a, b - a);
		gen = gen || general_marker(sbuf_str(&f));
		sbuf_free(&f);
	} else if (k < p->n && is_letter(p, k)) {
		/* a bare marker: "3Kn Gen" */
		size_t w = word_len(p, k);

		str_fold(&f, p->s + k, w);
		gen = gen || general_marker(sbuf_str(&f));
		sbuf_free(&f);
	}
	if (!gen && or_at_word(p, k) == 0)
		return 0;
	el->count = 1;
	if (parse_troopspec(p, item_add_troop(el)) < 0)
		return -1;
	parse_markers(p, el, &el->troops[el->ntroops - 1]);
	return 1;
}

/* "4Sp" alone: four elements of Sp, or one of four figures?  Read as
 * four, with a warning that says how to write the other. */
static void
countless(struct ep *p, size_t e)
{
	long line, col;
	size_t k = e + word_len(p, e);
	char *all = xstrdup(span(p, p->i, k));

	srcmap_lookup(p->map, p->i, &line, &col);
	DIAG(COUNTLESS, line, col, all, (long)(p->s[p->i] - '0'),
	    span(p, e, k), all);
	free(all);
}

/* A number word of figures, "two" to "eight" ("three knights": 3Kn);
 * its value, its length in *len; 0 when none is at at. */
static int
figure_word(struct ep *p, size_t at, size_t *len)
{
	static const char *const w[] = {
		"two", "three", "four", "five", "six", "seven", "eight", NULL
	};
	size_t n = word_len(p, at);
	int i;

	for (i = 0; n > 0 && w[i] != NULL; i++)
		if (word_is(p, at, n, w[i])) {
			*len = n;
			return i + 2;
		}
	return 0;
}

/* After a general word: "& guard", "and guard", "with guard", stepped
 * over, then a ':'; the offset of a '(' that follows (stepped over), or
 * NO_PAREN. */
#define NO_PAREN ((size_t)-1)
static size_t
guard_words(struct ep *p)
{
	static const char *const join[] = { "and", "with", "und", "mit", NULL };
	static const char *const guard[] = {
		"guard", "guards", "bodyguard", "garde", "leibwache", NULL
	};
	size_t k, n;
	int i;

	skip_blanks(p);
	k = p->i;
	if (k < p->n && (p->s[k] == '&' || p->s[k] == '+'))
		k++;
	else
		for (i = 0, n = word_len(p, k); join[i] != NULL; i++)
			if (n > 0 && word_is(p, k, n, join[i]))
				k += n;
	while (k < p->n && p->s[k] == ' ')
		k++;
	for (i = 0, n = word_len(p, k); k > p->i && guard[i] != NULL; i++)
		if (n > 0 && word_is(p, k, n, guard[i]))
			p->i = k + n;
	skip_blanks(p);
	if (p->i < p->n && p->s[p->i] == ':') {
		p->i++;
		skip_blanks(p);
	}
	if (p->i < p->n && p->s[p->i] == '(') {
		k = p->i++;
		skip_blanks(p);
		return k;
	}
	return NO_PAREN;
}

/* The general's '(' at open is not closed where its element ends: said
 * at the '(' (its line and column, a wrapped entry's first line), with
 * the words from the general's (at) to the element's end.  When
 * the list goes on there (its end, a separator, "and", or a count: the
 * next line of a wrapped entry) the ')' is taken as left out, the
 * element kept, and no comma is wanted before a count; otherwise the
 * element is lost (-1) and the list reads on at the next separator. */
static int
general_unclosed(struct ep *p, size_t at, size_t open)
{
	size_t e = p->i;

	while (e > open + 1 && strchr(" \t\n\r", p->s[e - 1]) != NULL)
		e--;
	PERR(p, open, UNCLOSED_PAREN, span(p, at, e));
	if (p->i < p->n && strchr(",;.", p->s[p->i]) == NULL &&
	    and_at(p) == 0 && !count_at(p, p->i))
		return -1;
	p->lost++;
	p->shut = p->i;
	return 1;
}

/* The general's element as entries write it in words: "General &
 * guard (6Kn)", "General (3Kn)", or (on a General line) left open in
 * prose, "either three knights or four blades": one element of each
 * alternative.  1 when read into el, -1 on an error, 0 when none. */
static int
general_words(struct ep *p, struct item *el)
{
	struct sbuf f = {0};
	size_t at = p->i, n = word_len(p, at), len, open = NO_PAREN;
	bool lead;
	int fw;

	str_fold(&f, p->s + at, n);
	lead = n > 0 && general_marker(sbuf_str(&f));
	sbuf_free(&f);
	if (!lead && !(p->general && p->depth == 0 && (figure_word(p, at,
	    &len) > 0 || (n > 0 && word_is(p, at, n, "either")))))
		return 0;
	if (lead) {
		p->i = at + n + (at + n < p->n && p->s[at + n] == '.');
		open = guard_words(p);
	}
	n = word_len(p, p->i);
	if (n > 0 && word_is(p, p->i, n, "either")) {
		p->i += n;
		skip_blanks(p);
	}
	el->count = 1;
	el->general = true;
	for (;;) {
		struct troopref *r = item_add_troop(el);

		if ((fw = figure_word(p, p->i, &len)) > 0) {
			p->i += len;
			skip_blanks(p);
		}
		if (parse_troopspec(p, r) < 0)
			return -1;
		if (fw > 0 && r->figures == NULL) {
			char d = (char)('0' + fw);

			r->figures = army_figures_dup(&d, 1);
		}
		skip_blanks(p);
		if ((len = or_at(p)) == 0)
			break;
		p->i += len;
		skip_blanks(p);
	}
	if (open != NO_PAREN && (p->i >= p->n || p->s[p->i] != ')'))
		return general_unclosed(p, at, open);
	p->i += open != NO_PAREN;
	parse_markers(p, el, &el->troops[el->ntroops - 1]);
	return 1;
}

/* Does a group of bare alternatives start at the '(' at p ("2x(4Bw or
 * Ps)"): a troop, not a count, after it, and an "or" before its ')'? */
static bool
group_at(struct ep *p)
{
	size_t e = p->i + 1;

	while (e < p->n && (p->s[e] == ' ' || p->s[e] == '\t'))
		e++;
	if (count_at(p, e) || !(is_letter(p, e) || is_digit(p, e)))
		return false;
	for (; e < p->n && p->s[e] != ')' && p->s[e] != '(' &&
	    p->s[e] != ','; e++)
		if ((e == p->i + 1 || p->s[e - 1] == ' ') &&
		    or_at_word(p, e) > 0 && p->s[e] != '/')
			return true;
	return false;
}

/* COUNT x '(' troopspec (OR troopspec)* ')' markers: the count of every
 * alternative in the group, as "2x4Bw or Ps" reads.  On an error the
 * group is skipped whole (resync from its '('). */
static int
count_group(struct ep *p, struct item *el)
{
	size_t open = p->i, k, had = el->ntroops;
	struct troopref *r;

	p->i++;
	for (;;) {
		skip_blanks(p);
		r = item_add_troop(el);
		if (parse_troopspec(p, r) < 0) {
			while (el->ntroops > had)
				item_drop_troop(el);
			p->i = open;
			return -1;
		}
		parse_markers(p, el, r);
		skip_blanks(p);
		if ((k = or_at(p)) == 0)
			break;
		p->i += k;
	}
	if (p->i >= p->n || p->s[p->i] != ')') {
		PERR(p, open, UNCLOSED_PAREN, excerpt(p, open));
		while (el->ntroops > had)
			item_drop_troop(el);
		p->i = open;
		return -1;
	}
	p->i++;
	parse_markers(p, el, &el->troops[el->ntroops - 1]);
	return 0;
}

/* COUNT x troopspec markers */
static int
parse_element(struct ep *p, struct item *el)
{
	size_t start;

	el->kind = ITEM_ELEMENT;
	if (!count_at(p, p->i) && !is_digit(p, p->i)) {
		int g = general_words(p, el);

		if (g != 0)
			return g > 0 ? 0 : -1;
	}
	if (!count_at(p, p->i) && is_digit(p, p->i)) {
		/* "4Sp" opening an entry: German shorthand for "4x Sp"; a
		 * figure count when it is the general or an alternative
		 * follows ("3Kn (Gen)", "3Bd or 3/4Bw") */
		size_t e = p->i;

		while (is_digit(p, e))
			e++;
		int r = e == p->i + 1 ? figures_meant(p, e, el) : 0;

		if (r != 0)
			return r > 0 ? 0 : -1;
		if (is_letter(p, e)) {
			if (e == p->i + 1 && p->s[p->i] >= '2' &&
			    p->s[p->i] <= '8')
				countless(p, e);
			if (parse_count(p, &el->count) < 0)
				return -1;
			if (parse_troopspec(p, item_add_troop(el)) < 0)
				return -1;
			parse_markers(p, el, &el->troops[el->ntroops - 1]);
			return 0;
		}
	}
	if (!count_at(p, p->i)) {
		size_t e = p->i;

		while (is_digit(p, e))
			e++;
		if (e > p->i && (e == p->n || p->s[e] == ',' ||
		    p->s[e] == ')' || p->s[e] == '.'))
			PERR(p, p->i, MISSING_TROOP_COUNT,
			    excerpt(p, p->i));
		else
			PERR(p, p->i, EXPECTED_COUNT,
			    excerpt(p, p->i));
		return -1;
	}
	start = p->i;
	if (parse_count(p, &el->count) < 0)
		return -1;
	if (el->count == 1 && p->i < p->n && word_len(p, p->i) >= 3 &&
	    strchr("GgBbFfCc\xd0", p->s[p->i]) != NULL) {
		/* "1 x General (4Bd)" (the first letters of the words of
		 * general_marker: most counts are a troop's, "1x Sp") */
		int g = general_words(p, el);

		if (g != 0)
			return g > 0 ? 0 : -1;
	}
	if (p->i >= p->n || p->s[p->i] == ',' || p->s[p->i] == ')') {
		sbuf_reset(&p->tmp);
		sbuf_add(&p->tmp, p->s + start, p->i - start);
		PERR(p, start, MISSING_TROOP_COUNT,
		    sbuf_str(&p->tmp));
		return -1;
	}
	if (p->s[p->i] == '(' && group_at(p))
		return count_group(p, el);
	if (parse_troopspec(p, item_add_troop(el)) < 0)
		return -1;
	parse_markers(p, el, &el->troops[el->ntroops - 1]);
	return 0;
}

/* '(' package ')'.  An unclosed package keeps what it holds up to the
 * end of the list.  A package left empty (by errors in it, or "()")
 * fails: an empty package is never written. */
static int
parse_package(struct ep *p, struct package *pkg, int depth)
{
	size_t open = p->i;
	int errors = p->errors;

	if (depth >= MAX_DEPTH) {
		PERR(p, open, NESTED_TOO_DEEP,
		    excerpt(p, open));
		return -1;
	}
	p->i++;
	parse_list(p, pkg, depth + 1);
	if (pkg->n == 0) {
		if (p->errors == errors)
			PERR(p, open, EMPTY_PACKAGE, span(p, open, p->i < p->n &&
			    p->s[p->i] == ')' ? p->i + 1 : p->i));
		return -1;
	}
	if (p->i >= p->n || p->s[p->i] != ')') {
		PERR(p, open, UNCLOSED_PAREN, excerpt(p, open));
		p->lost++;
		return 0;
	}
	p->i++;
	return 0;
}

/* Move a package's items into dst (a package standing alone); its
 * array is kept for the next entry (one is). */
static void
splice(struct ep *p, struct package *dst, struct package *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		*package_add(dst) = src->items[i];
	if (p->spare_items == NULL) {
		p->spare_items = src->items;
		p->spare_cap = src->cap;
	} else
		free(src->items);
	memset(src, 0, sizeof *src);
}

/* The kept array for a package without one. */
static void
reuse_items(struct ep *p, struct package *pk)
{
	if (pk->items != NULL || p->spare_items == NULL)
		return;
	pk->items = p->spare_items;
	pk->cap = p->spare_cap;
	p->spare_items = NULL;
	p->spare_cap = 0;
}

/* The bad token at i, a troop alternative, is skipped up to a blank or
 * a separator (a ')' of its own kept in it), so that markers after it
 * still count: "1x3Cv or 3(4Ax (Gen)" keeps the general. */
static void
skip_token(struct ep *p)
{
	int level = 0;

	for (; p->i < p->n; p->i++) {
		char c = p->s[p->i];

		if (c == ' ' || c == '\t' || c == '\n' || c == ',' || c == ';' ||
		    c == '+' || (c == ')' && level == 0))
			return;
		if (c == '(')
			level++;
		else if (c == ')')
			level--;
	}
}

/* "2x3Cv (Gen)": a general is one element.  Read as 1x3Cv (Gen) and
 * 1x3Cv, with a warning; the element is the last item of the last
 * package of choice, read from start to e. */
static void
split_general(struct ep *p, struct item *choice, size_t start, size_t e)
{
	struct package *pk;
	struct item *el, copy;

	if (choice->npkgs == 0)
		return;
	pk = &choice->pkgs[choice->npkgs - 1];
	if (pk->n == 0)
		return;
	el = &pk->items[pk->n - 1];
	if (el->kind != ITEM_ELEMENT || !el->general || el->count < 2)
		return;
	while (e > start && p->s[e - 1] == ' ')
		e--;
	{
		long line, col;

		srcmap_lookup(p->map, start, &line, &col);
		DIAG(GENERAL_SPLIT, line, col, el->count, span(p, start, e),
		    el->count - 1);
	}
	item_copy_element(&copy, el);
	copy.count = el->count - 1;
	copy.general = false;
	el->count = 1;
	*package_add(pk) = copy;
}

/* A qualifier in parentheses before an alternative (3.0 lists): "(from
 * 704BC) Sp", "(in 329BC) LH", "(if Thurungians) Cv": the index after
 * its ')', else 0; its text (trimmed) into *q. */
static size_t
qualifier_at(struct ep *p, char **q)
{
	static const char *const w[] = { "from", "in", "before", "after",
	    "until", "to", "if", "not", "except", "only", "c.", "circa", NULL };
	size_t a = p->i + 1, e, k;
	int i;

	if (p->i >= p->n || p->s[p->i] != '(')
		return 0;
	for (e = a; e < p->n && p->s[e] != ')' && p->s[e] != '('; e++)
		;
	if (e >= p->n || p->s[e] != ')')
		return 0;
	while (a < e && p->s[a] == ' ')
		a++;
	for (k = a; k < e && p->s[k] != ' '; k++)
		;
	for (i = 0; w[i] != NULL; i++)
		if (str_ieq(p->s + a, k - a, w[i]) && k < e)
			break;
	if (w[i] == NULL)
		return 0;
	sbuf_reset(&p->tmp);
	utf8_sanitize(&p->tmp, p->s + a, e - a);
	{
		const char *s = sbuf_str(&p->tmp);
		size_t n = p->tmp.len;

		str_trim(&s, &n);
		free(*q);
		*q = xstrndup(s, n);
	}
	return e + 1;
}

/* Put the qualifier *q (taken) before r's note. */
static void
qualify(struct troopref *r, char **q)
{
	char *n;

	if (*q == NULL || r == NULL)
		return;
	if (r->note != NULL) {
		n = xmalloc(strlen(*q) + strlen(r->note) + 3);
		snprintf(n, strlen(*q) + strlen(r->note) + 3, "%s; %s", *q,
		    r->note);
		free(r->note);
		free(*q);
		r->note = n;
	} else
		r->note = *q;
	*q = NULL;
}

/* Is the '+' at i followed by a part of the unit (not by the end of the
 * list or of its package)? */
static bool
plus_unit(struct ep *p, size_t k)
{
	size_t e = p->i + k;

	while (e < p->n && (p->s[e] == ' ' || p->s[e] == '\t'))
		e++;
	return e < p->n && p->s[e] != ',' && p->s[e] != ';' &&
	    p->s[e] != ')' && p->s[e] != '+';
}

/* A package in parentheses at p, an alternative of choice (joined to its
 * last package by a '+' when chain), its first troop given the qualifier
 * *q; one in error is lost and skipped. */
static void
entry_package(struct ep *p, struct item *choice, int depth, char **q,
    bool chain)
{
	size_t open = p->i;
	struct package tmp = {0};

	if (parse_package(p, &tmp, depth) < 0) {
		package_free(&tmp);
		p->lost++;
		p->i = open;
		resync(p, true);
		return;
	}
	if (tmp.n > 0 && tmp.items[0].kind == ITEM_ELEMENT &&
	    tmp.items[0].ntroops > 0)
		qualify(&tmp.items[0].troops[0], q);
	if (chain && choice->npkgs > 0)
		splice(p, &choice->pkgs[choice->npkgs - 1], &tmp);
	else
		*item_add_package(choice) = tmp;
}

/* A bare troop after "or": another troop of element cur, its markers,
 * the qualifier *q; a troop in error is skipped. */
static void
bare_alt(struct ep *p, struct item *cur, char **q)
{
	struct troopref *r = item_add_troop(cur);

	if (parse_troopspec(p, r) < 0) {
		item_drop_troop(cur);
		p->lost++;
		skip_token(p);
		r = NULL;
	}
	parse_markers(p, cur, r);
	qualify(r, q);
}

/* "or (7Hd or 3Ax)": the troops of the group more troops of element
 * cur (count_group); a group in error is skipped whole. */
static void
group_alts(struct ep *p, struct item *cur)
{
	if (count_group(p, cur) < 0) {
		p->lost++;
		resync(p, true);
	}
}

/* entry := unit (OR unit)*; unit := part ('+' part)*; part := '('
 * package ')' | element.  An OR followed by a bare troop adds an
 * alternative troop to the element; a unit of several parts joined by
 * '+' is a package ("1x3Kn + 2xLH or 1x3Bd + 2x4Cb" are two packages,
 * as in parentheses).  A part in error is left out, and the alternatives
 * after it are read on: only a lost element takes its bare alternatives
 * with it. */
static void
parse_entry(struct ep *p, struct package *list, int depth)
{
	struct item choice = {0}, *cur = NULL;
	bool dropped = false, chain = false, grp;
	size_t k, cstart = 0, cend = 0;
	char *q = NULL;         /* a qualifier for the next alternative */

	choice.kind = ITEM_CHOICE;
	choice.pkgs = p->spare_pkgs;            /* empty, kept */
	choice.cappkgs = p->spare_cappkgs;
	p->spare_pkgs = NULL;
	p->spare_cappkgs = 0;
	for (;;) {
		skip_blanks(p);
		if ((k = qualifier_at(p, &q)) > 0) {
			p->i = k;
			skip_blanks(p);
		}
		/* "3xLH or Ps or (7Hd or 3Ax)": more bare alternatives */
		grp = cur != NULL && !chain && p->i < p->n &&
		    p->s[p->i] == '(' && group_at(p);
		if (cur != NULL && !grp && (chain || count_at(p, p->i) ||
		    (p->i < p->n && p->s[p->i] == '('))) {
			/* the element ends: a new part or unit starts */
			split_general(p, &choice, cstart, cend);
			cur = NULL;
		}
		if (grp) {
			group_alts(p, cur);
			cend = p->i;
		} else if (p->i < p->n && p->s[p->i] == '(') {
			entry_package(p, &choice, depth, &q, chain);
			cur = NULL;
			dropped = false;
		} else if (!chain && cur == NULL && dropped &&
		    !count_at(p, p->i)) {
			/* a bare alternative of the element lost before */
			resync(p, true);
		} else if (chain || cur == NULL || count_at(p, p->i)) {
			struct package *pk;

			cstart = p->i;
			bool first = !chain;

			if (!chain || choice.npkgs == 0)
				item_add_package(&choice);
			pk = &choice.pkgs[choice.npkgs - 1];
			reuse_items(p, pk);
			cur = package_add(pk);
			dropped = false;
			if (parse_element(p, cur) == 0) {
				if (p->general && depth == 0 && first)
					cur->general = true;
				qualify(&cur->troops[0], &q);
			} else {
				package_drop_item(pk);
				if (pk->n == 0)
					item_drop_package(&choice);
				p->lost++;
				cur = NULL;
				dropped = true;
				resync(p, true);
			}
			cend = p->i;
		} else {
			bare_alt(p, cur, &q);
			cend = p->i;
		}
		chain = false;
		skip_blanks(p);
		if ((k = and_at(p)) > 0 && plus_unit(p, k)) {
			p->i += k;
			chain = true;
			continue;
		}
		if ((k = or_at(p)) == 0)
			break;
		p->i += k;
		skip_blanks(p);
	}
	if (cur != NULL)
		split_general(p, &choice, cstart, cend);
	free(q);
	if (choice.npkgs == 1)
		splice(p, list, &choice.pkgs[0]);
	if (choice.npkgs > 1) {
		*package_add(list) = choice;
	} else if (p->spare_pkgs == NULL) {
		/* its one package spliced (emptied), or none: kept */
		p->spare_pkgs = choice.pkgs;
		p->spare_cappkgs = choice.cappkgs;
	} else
		item_free(&choice);
}

/* After an error, skip to the next ',' or ';' of this level or the ')'
 * that closes it; a unit (an element or a package in a choice) ends at a
 * '+' or an "or" word too. */
static void
resync(struct ep *p, bool unit)
{
	size_t from = p->i;
	int level = 0;

	for (; p->i < p->n; p->i++) {
		char c = p->s[p->i];

		if (c == '(')
			level++;
		else if (c == ')') {
			if (level == 0 && p->depth > 0)
				return;
			if (level > 0)
				level--;
		} else if (level == 0 && (c == ',' || c == ';' ||
		    (unit && c == '+')))
			return;
		else if (level == 0 && unit && c == ' ' && p->i > from) {
			p->i++;
			if (or_at(p) > 0)
				return;
			p->i--;
		}
	}
	/* a stray '(' kept the level up to the end: take the next comma
	 * (or '+' of a unit) */
	for (p->i = from; p->i < p->n && p->s[p->i] != ',' &&
	    p->s[p->i] != ';' && !(unit && p->s[p->i] == '+'); p->i++)
		if (p->s[p->i] == ')' && p->depth > 0)
			return;
}

static void
parse_list(struct ep *p, struct package *list, int depth)
{
	size_t k;
	int outer = p->depth;

	p->depth = depth;

	for (;;) {
		skip_blanks(p);
		while (p->i < p->n && (p->s[p->i] == ',' ||
		    p->s[p->i] == '.' || p->s[p->i] == ';')) {
			p->i++;
			skip_blanks(p);
		}
		if (p->i >= p->n || (p->s[p->i] == ')' && depth > 0))
			break;
		if (p->s[p->i] == ')') {
			PERR(p, p->i, UNMATCHED_PAREN,
			    excerpt(p, p->i));
			p->i++;
			continue;
		}
		parse_entry(p, list, depth);
		p->depth = depth;
		skip_blanks(p);
		if (p->i >= p->n || p->s[p->i] == ',' || p->s[p->i] == '.' ||
		    p->s[p->i] == ';' || (p->s[p->i] == ')' && depth > 0))
			continue;
		if ((k = and_at(p)) > 0) {
			p->i += k;
			continue;
		}
		if (count_at(p, p->i)) {
			/* a forgotten comma: report it and read on */
			if (p->i != p->shut)
				PERR(p, p->i, MISSING_COMMA,
				    excerpt(p, p->i));
			continue;
		}
		PERR(p, p->i, EXPECTED_COMMA, excerpt(p, p->i),
		    diag_suggest(or_missing(p)));
		if (p->s[p->i] == ')') {
			p->i++;         /* a stray ')': read on after it */
			continue;
		}
		p->lost++;
		resync(p, false);
	}
	p->depth = outer;
}

/* The scratch of a parse (its buffers and spare arrays), kept for the
 * next: a list of list text or a sheet is parsed once a record, and
 * each made them anew.  Kept while small (at most KEEP_MAX bytes),
 * and never freed: the process ends with them still reachable. */
#define KEEP_MAX 4096
static struct ep kept;

static void
take_scratch(struct ep *p)
{
	p->tmp = kept.tmp;
	p->hint = kept.hint;
	p->fold = kept.fold;
	p->spare_pkgs = kept.spare_pkgs;
	p->spare_cappkgs = kept.spare_cappkgs;
	p->spare_items = kept.spare_items;
	p->spare_cap = kept.spare_cap;
	memset(&kept, 0, sizeof kept);
}

/* Whether n things of size bytes may be kept in a slot that holds held:
 * few enough, and the slot empty (a parse within a parse would keep
 * two: none is ever lost) */
static bool
keepable(size_t n, size_t size, const void *held)
{
	return n <= KEEP_MAX / size && held == NULL;
}

static void
keep_buf(struct sbuf *keep, struct sbuf *b)
{
	if (keepable(b->cap, 1, keep->s))
		*keep = *b;
	else
		sbuf_free(b);
}

static void
keep_scratch(struct ep *p)
{
	keep_buf(&kept.tmp, &p->tmp);
	keep_buf(&kept.hint, &p->hint);
	keep_buf(&kept.fold, &p->fold);
	if (keepable(p->spare_cappkgs, sizeof *p->spare_pkgs, kept.spare_pkgs)) {
		kept.spare_pkgs = p->spare_pkgs;
		kept.spare_cappkgs = p->spare_cappkgs;
	} else
		free(p->spare_pkgs);
	if (keepable(p->spare_cap, sizeof *p->spare_items, kept.spare_items)) {
		kept.spare_items = p->spare_items;
		kept.spare_cap = p->spare_cap;
	} else
		free(p->spare_items);
}

static int
parse_text(struct package *list, const char *text, size_t len,
    const struct srcmap *map, int *lost, bool general)
{
	struct ep p;

	char *sq = NULL;
	size_t i;

	memset(&p, 0, sizeof p);
	p.general = general;
	p.shut = NO_PAREN;
	p.s = text;
	p.n = len;
	p.map = map;
	/* 3.0 lists bracket whole alternatives: "[1x3Kn, 2xLH] or [...]"
	 * read as packages in parentheses */
	if (memchr(text, '[', len) != NULL) {
		/* a copy of all len bytes: the text may hold NULs */
		sq = xmalloc(len + 1);
		memcpy(sq, text, len);
		sq[len] = '\0';
		for (i = 0; i < len; i++)
			if (sq[i] == '[')
				sq[i] = '(';
			else if (sq[i] == ']')
				sq[i] = ')';
		p.s = sq;
	}
	take_scratch(&p);
	parse_list(&p, list, 0);
	keep_scratch(&p);
	free(sq);
	if (package_cut(list, ARMY_MAX_ITEMS)) {
		long line, col;

		srcmap_lookup(map, 0, &line, &col);
		DIAG(ARMY_TOO_MANY_ELEMENTS, line, col, ARMY_MAX_ITEMS);
		p.errors++;
		p.lost++;
	}
	if (lost != NULL)
		*lost = p.lost;
	return p.errors;
}

int
elements_parse(struct package *list, const char *text, size_t len,
    const struct srcmap *map, int *lost)
{
	return parse_text(list, text, len, map, lost, false);
}

int
elements_parse_general(struct package *list, const char *text, size_t len,
    const struct srcmap *map, int *lost)
{
	return parse_text(list, text, len, map, lost, true);
}
