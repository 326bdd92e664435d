/* Options limited by date (DBA 3.0 lists): "1x3Bd or 4Ax or (from 704BC)
 * Sp", "(in 329BC) LH".  The reader keeps such a qualifier as the note of
 * the alternative it stands before; here it is read as years, and a list
 * is cut to the options valid in one year. */
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "core/str.h"
#include "core/xalloc.h"

/* The year before and after y (there is no year 0). */
static long
year_before(long y)
{
	return y == 1 ? -1 : y - 1;
}

static long
year_after(long y)
{
	return y == -1 ? 1 : y + 1;
}

/* The years the note of an alternative limits it to ("from 704BC", "in
 * 329BC", "before 1100AD", "after", "until", "to", or a range
 * "400-225BC"; a note's first part, up to ";"): 1 with from and to, an
 * open end -+OPTION_YEAR_MAX; 0 for a note of no date. */
static int
option_dates(const char *note, long *from, long *to)
{
	static const struct {
		const char *w;
		int how;       /* 0 in, 1 from, 2 before, 3 after, 4 until */
	} kw[] = {
		{ "from", 1 }, { "in", 0 }, { "before", 2 }, { "after", 3 },
		{ "until", 4 }, { "to", 4 }, { "till", 4 }, { NULL, 0 },
	};
	const char *s = note, *e;
	size_t n, k;
	long f, t;
	bool approx;
	int i;

	if (note == NULL)
		return 0;
	e = strchr(s, ';');
	n = e != NULL ? (size_t)(e - s) : strlen(s);
	str_trim(&s, &n);
	for (k = 0; k < n && s[k] != ' '; k++)
		;
	for (i = 0; kw[i].w != NULL; i++)
		if (str_ieq(s, k, kw[i].w))
			break;
	if (kw[i].w == NULL) {
		/* a bare range: "(400-225BC) 2xSp" */
		if (n == 0 || s[0] < '0' || s[0] > '9' ||
		    date_parse(s, n, &f, &t, &approx) < 0 || approx)
			return 0;
		*from = f;
		*to = t;
		return 1;
	}
	s += k;
	n -= k;
	str_trim(&s, &n);
	if (n == 0 || date_parse(s, n, &f, &t, &approx) < 0 || approx)
		return 0;
	switch (kw[i].how) {
	case 0:
		*from = f;
		*to = t;
		break;
	case 1:
		*from = f;
		*to = OPTION_YEAR_MAX;
		break;
	case 2:
		*from = -OPTION_YEAR_MAX;
		*to = year_before(f);
		break;
	case 3:
		*from = year_after(t);
		*to = OPTION_YEAR_MAX;
		break;
	default:
		*from = -OPTION_YEAR_MAX;
		*to = t;
		break;
	}
	return 1;
}

/* Is the alternative r valid in year y? */
static bool
option_at(const struct troopref *r, long y)
{
	long f, t;

	return option_dates(r->note, &f, &t) == 0 || (f <= y && y <= t);
}

/* Whether an option stays: keep(option, ctx). */
typedef bool (*option_keep)(const struct troopref *r, const void *ctx);

/* A package of a choice is qualified by the qualifier before it: the
 * note of its first element when that element has no other
 * alternative. */
static bool
package_out(const struct package *p, option_keep keep, const void *ctx)
{
	const struct item *it = p->n > 0 ? &p->items[0] : NULL;

	return it != NULL && it->kind == ITEM_ELEMENT && it->ntroops == 1 &&
	    !keep(&it->troops[0], ctx);
}

static bool
year_keep(const struct troopref *r, const void *ctx)
{
	return option_at(r, *(const long *)ctx);
}

static bool cut_options(struct package *p, option_keep keep,
    const void *ctx);

bool
package_at_year(struct package *p, long y)
{
	return cut_options(p, year_keep, &y);
}

/* Whether text names the condition cond ("if Thuringians":
 * "Thuringians"; "if Venice or Genoa"): one of its words, as
 * army_word_named finds it.  A word under four characters counts when
 * it is a name, with a capital or a digit ("Rus", "Ost"), not a joining
 * word ("or", "of"). */
static bool
condition_named(const char *cond, const char *text)
{
	struct sbuf f = { 0 };
	const char *w = cond;
	size_t n, k, chars;
	bool yes = false;

	for (; !yes; w += n) {
		while (*w == ' ' || *w == ',')
			w++;
		for (n = 0; w[n] != '\0' && w[n] != ' ' && w[n] != ','; n++)
			;
		if (n == 0)
			break;
		for (k = chars = 0; k < n; k += utf8_seqlen(w + k, n - k))
			chars++;
		str_fold(&f, w, n);
		if (chars >= 4 || f.len != n || memcmp(f.s, w, n) != 0 ||
		    strpbrk(f.s, "0123456789") != NULL)
			yes = army_word_named(w, n, text);
	}
	sbuf_free(&f);
	return yes;
}

static bool
cond_keep(const struct troopref *r, const void *ctx)
{
	const char *named = ctx;

	if (r->note == NULL || strncmp(r->note, "if ", 3) != 0)
		return true;
	return condition_named(r->note + 3, named);
}

bool
package_at_conditions(struct package *p, const char *named)
{
	return cut_options(p, cond_keep, named);
}

static bool
cut_options(struct package *p, option_keep keep, const void *ctx)
{
	struct package out = {0};
	bool cut = false;
	size_t i, j, k;

	for (i = 0; i < p->n; i++) {
		struct item *it = &p->items[i];

		if (it->kind == ITEM_ELEMENT) {
			for (j = k = 0; j < it->ntroops; j++)
				if (keep(&it->troops[j], ctx))
					it->troops[k++] = it->troops[j];
				else {
					troopref_free(&it->troops[j]);
					cut = true;
				}
			it->ntroops = k;
			if (k == 0)
				item_free(it);
			else
				*package_add(&out) = *it;
			continue;
		}
		for (j = k = 0; j < it->npkgs; j++) {
			if (package_out(&it->pkgs[j], keep, ctx)) {
				package_free(&it->pkgs[j]);
				cut = true;
				continue;
			}
			if (cut_options(&it->pkgs[j], keep, ctx))
				cut = true;
			if (it->pkgs[j].n == 0)
				package_free(&it->pkgs[j]);
			else
				it->pkgs[k++] = it->pkgs[j];
		}
		it->npkgs = k;
		if (k == 0)
			item_free(it);
		else if (k == 1) {
			/* one package left: its entries stand alone (a
			 * change, though none was cut) */
			cut = true;
			for (j = 0; j < it->pkgs[0].n; j++)
				*package_add(&out) = it->pkgs[0].items[j];
			free(it->pkgs[0].items);
			free(it->pkgs);
		} else
			*package_add(&out) = *it;
	}
	free(p->items);
	*p = out;
	return cut;
}

void
package_copy(struct package *dst, const struct package *src)
{
	size_t i, j;

	memset(dst, 0, sizeof *dst);
	for (i = 0; i < src->n; i++) {
		const struct item *a = &src->items[i];
		struct item *b = package_add(dst);

		if (a->kind == ITEM_ELEMENT) {
			item_copy_element(b, a);
			continue;
		}
		b->kind = ITEM_CHOICE;
		for (j = 0; j < a->npkgs; j++)
			package_copy(item_add_package(b), &a->pkgs[j]);
	}
}

struct cuts {
	long *v;
	size_t n, cap;
};

static void
cut_add(struct cuts *c, long y)
{
	c->v = xgrow(c->v, &c->cap, c->n + 1, sizeof *c->v);
	c->v[c->n++] = y;
}

/* Add the years where the options of p change to c. */
static void
cuts_of(const struct package *p, struct cuts *c)
{
	size_t i, j;
	long f, t;

	for (i = 0; i < p->n; i++) {
		const struct item *it = &p->items[i];

		for (j = 0; j < it->ntroops; j++)
			if (option_dates(it->troops[j].note, &f, &t)) {
				if (f > -OPTION_YEAR_MAX)
					cut_add(c, f);
				if (t < OPTION_YEAR_MAX)
					cut_add(c, year_after(t));
			}
		for (j = 0; j < it->npkgs; j++)
			cuts_of(&it->pkgs[j], c);
	}
}

static int
cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

size_t
package_date_spans(const struct package *p, long from, long to,
    long (**span)[2])
{
	struct cuts c = { 0 };
	long lo = from;
	size_t i, k = 0;

	*span = NULL;
	cuts_of(p, &c);
	if (c.n == 0) {
		free(c.v);
		return 0;
	}
	qsort(c.v, c.n, sizeof c.v[0], cmp_long);
	*span = xmalloc((c.n + 1) * sizeof **span);
	for (i = 0; i < c.n; i++) {
		if (c.v[i] <= lo || c.v[i] > to)
			continue;
		(*span)[k][0] = lo;
		(*span)[k][1] = year_before(c.v[i]);
		k++;
		lo = c.v[i];
	}
	if (lo <= to) {
		(*span)[k][0] = lo;
		(*span)[k][1] = to;
		k++;
	}
	free(c.v);
	return k;
}
