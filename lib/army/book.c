/* The lists of a book and an entry judged against them (army/book.h). */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/book.h"
#include "army/edhint.h"
#include "army/entry.h"
#include "army/event.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/tok.h"
#include "core/xalloc.h"

/* A list of the book: what judging an entry needs. */
struct blist {
	char *id, *file;
	char *title;            /* its name and dates, as written */
	long line;
	struct army per;        /* its period only: period_ok, from, to,
	                           ranges, nranges */
	struct package list;
	char **enemies;         /* for an event's theme */
	size_t nenemies;
	char **allies;          /* those an entry may take */
	size_t nallies;
};

struct book {
	struct blist *l;
	size_t n, cap;
};

static char **
strv_dup(char *const *v, size_t n, size_t *nn)
{
	char **d = n > 0 ? xcalloc(n, sizeof *d) : NULL;

	for (*nn = 0; *nn < n; (*nn)++)
		d[*nn] = xstrdup(v[*nn]);
	return d;
}

static void
keep(void *ctx, const struct army *a)
{
	struct book *b = ctx;
	struct blist *l;
	struct sbuf t = { 0 };

	if (a->id == NULL || a->incomplete)
		return;
	b->l = xgrow(b->l, &b->cap, b->n + 1, sizeof *b->l);
	l = &b->l[b->n++];
	memset(l, 0, sizeof *l);
	l->id = xstrdup(a->id);
	l->file = xstrdup(a->file != NULL ? a->file : "-");
	sbuf_printf(&t, "%s%s%s", a->name != NULL ? a->name : "",
	    a->name != NULL && a->period != NULL ? " " : "",
	    a->period != NULL ? a->period : "");
	l->title = xstrdup(sbuf_str(&t));
	sbuf_free(&t);
	l->line = a->line;
	army_init(&l->per);
	l->per.period_ok = a->period_ok;
	l->per.from = a->from;
	l->per.to = a->to;
	l->per.nranges = a->nranges;
	memcpy(l->per.ranges, a->ranges, sizeof l->per.ranges);
	package_copy(&l->list, &a->list);
	l->enemies = strv_dup(a->enemies, a->nenemies, &l->nenemies);
	l->allies = strv_dup(a->allies, a->nallies, &l->nallies);
}

static int
by_id(const void *x, const void *y)
{
	const struct blist *a = x, *b = y;
	int c = strcmp(a->id, b->id);

	return c != 0 ? c : a->line < b->line ? -1 : a->line > b->line;
}

struct book *
book_load(const char *path)
{
	struct book *b;
	struct input in;
	int st = diag_status();

	diag_set_file(path);
	if (input_open(&in, path) < 0)
		return NULL;
	/* the book's own faults are armylist-check's answer about it, not
	 * about the entries: read quietly */
	b = xcalloc(1, sizeof *b);
	diag_quiet(1);
	armylist_read(&in, keep, b);
	diag_quiet(0);
	diag_restore(st);
	input_close(&in);
	diag_end_file();
	diag_set_file("-");
	if (b->n == 0) {
		diag_msg(EXIT_DATA, "--book '%s' holds no army list", path);
		book_free(b);
		return NULL;
	}
	qsort(b->l, b->n, sizeof *b->l, by_id);
	return b;
}

void
book_free(struct book *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->n; i++) {
		free(b->l[i].id);
		free(b->l[i].file);
		free(b->l[i].title);
		package_free(&b->l[i].list);
		strv_free(b->l[i].enemies, b->l[i].nenemies);
		strv_free(b->l[i].allies, b->l[i].nallies);
	}
	free(b->l);
	free(b);
}

/* The first list whose id starts with the n bytes of id. */
static size_t
lower(const struct book *b, const char *id, size_t n)
{
	size_t lo = 0, hi = b->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strncmp(b->l[mid].id, id, n) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The lists of a's id: exactly, else its variants ("II/20": "II/20a",
 * "II/20b"); *first and the count. */
static size_t
lists_of(const struct book *b, const char *id, size_t *first)
{
	size_t n = strlen(id), i, k;

	*first = i = lower(b, id, n);
	for (k = i; k < b->n && strcmp(b->l[k].id, id) == 0; k++)
		;
	if (k > i)
		return k - i;
	for (k = i; k < b->n && strncmp(b->l[k].id, id, n) == 0 &&
	    b->l[k].id[n] >= 'a' && b->l[k].id[n] <= 'z' &&
	    b->l[k].id[n + 1] == '\0'; k++)
		;
	return k - i;
}

/* Whether year y is within the list's dates (any of its ranges); a
 * list without dates takes any year. */
static bool
in_dates(const struct blist *l, long y)
{
	return army_period_holds(&l->per, y, ARMY_PERIOD_UNDATED);
}

/* The entry's chosen year: its Year:, else the single year its title
 * gives ("1058AD"; a range is title text). */
static bool
entry_year(const struct army *a, long *y)
{
	if (a->has_year)
		*y = a->year;
	else if (a->period_ok && !a->approx && a->nranges < 2 &&
	    a->from == a->to)
		*y = a->from;
	else
		return false;
	return true;
}

static void
year_str(struct sbuf *s, long y)
{
	sbuf_printf(s, "%ld %s", y > 0 ? y : -y, y > 0 ? "AD" : "BC");
}

/* What an entry names (its title, allies and notes), for the
 * conditions of a list's options. */
static void
named_of(const struct army *a, struct sbuf *b)
{
	size_t i;

	sbuf_adds(b, a->name != NULL ? a->name : "");
	for (i = 0; i < a->nallies; i++)
		sbuf_printf(b, " %s", a->allies[i]);
	for (i = 0; i < a->nnotes; i++)
		sbuf_printf(b, " %s", a->notes[i].text);
}

/* What cut_list changed: the options of other years, of conditions not
 * named. */
#define CUT_YEAR 1u
#define CUT_COND 2u

/* The list cut to the year (has_y) and to the conditions named (cond),
 * into *cut; what that changed (CUT_ bits, 0: *cut is the list). */
static unsigned
cut_list(const struct blist *l, bool has_y, long y, const char *cond,
    struct package *cut)
{
	unsigned changed = 0;

	package_copy(cut, &l->list);
	if (has_y && package_at_year(cut, y))
		changed |= CUT_YEAR;
	if (cond != NULL && package_at_conditions(cut, cond))
		changed |= CUT_COND;
	return changed;
}

/* One list: true when the elements (an entry's, leaving spare of the
 * list's to allies, or a contingent: spare -1) fit it; else its finding
 * into *code, *msg.  An option taken outside its years, or without the
 * entry naming its condition, is said so: the list is tried again
 * without the cut that the year or the conditions made, where they cut
 * anything (a list they left whole gives the same answer). */
static bool
judge_one(const struct blist *l, const struct rules *r, const struct army *a,
    const struct package *el, long spare, bool has_y, long y,
    enum check_code *code, struct sbuf *msg)
{
	struct package cut;
	struct sbuf named = { 0 };
	bool ok, dated = false, cond = false;
	unsigned changed;

	if (has_y && !in_dates(l, y)) {
		*code = CK_ENTRY_YEAR;
		sbuf_adds(msg, "the year ");
		year_str(msg, y);
		sbuf_adds(msg, " is outside the list's dates");
		return false;
	}
	named_of(a, &named);
	changed = cut_list(l, has_y, y, sbuf_str(&named), &cut);
	ok = entry_match(r, &cut, el, spare, code, msg);
	package_free(&cut);
	if (!ok && changed != 0) {
		struct sbuf m = { 0 };
		enum check_code c;

		/* without the conditions cut, and without the year's */
		if (changed & CUT_COND) {
			cut_list(l, has_y, y, NULL, &cut);
			cond = entry_match(r, &cut, el, spare, &c, &m);
			package_free(&cut);
		}
		dated = !cond && (changed & CUT_YEAR) && entry_match(r,
		    &l->list, el, spare, &c, &m);
		sbuf_free(&m);
	}
	sbuf_free(&named);
	if (cond || dated) {
		*code = cond ? CK_ENTRY_COUNT : CK_ENTRY_YEAR;
		sbuf_reset(msg);
		if (cond)
			sbuf_adds(msg, "an option it takes is the list's only "
			    "under a condition ('if ...') the entry does not "
			    "name");
		else {
			sbuf_adds(msg, "an option it takes is not in the list "
			    "in ");
			year_str(msg, y);
		}
	}
	return ok;
}

/* "no list X in the book" (what: "list"), or of an ally ("ally X: not
 * in the book"), with the nearest ids. */
static void
unknown(const struct book *b, const char *id, bool ally, book_cb cb,
    void *ctx)
{
	struct idsuggest sug;
	struct sbuf m = { 0 };
	size_t i;

	idsuggest_init(&sug);
	for (i = 0; i < b->n; i++)
		if (i == 0 || strcmp(b->l[i].id, b->l[i - 1].id) != 0)
			idsuggest_add(&sug, id, b->l[i].id);
	if (ally)
		sbuf_printf(&m, "ally %s: no list %s in the book%s", id, id,
		    idsuggest_tail(&sug));
	else
		sbuf_printf(&m, "no list %s in the book%s", id,
		    idsuggest_tail(&sug));
	cb(ctx, ally ? CK_ENTRY_ALLY : CK_ENTRY_UNKNOWN_LIST, sbuf_str(&m));
	idsuggest_free(&sug);
	sbuf_free(&m);
}

/* Whether the event's armies hold id: a ref, or a theme's list or one
 * of its enemies. */
static bool
in_armies(const struct book *b, const struct event *e, const char *id)
{
	size_t i, j, k, i0, n;

	for (i = 0; i < e->nids; i++)
		if (army_ref_match(e->ids[i], id))
			return true;
	for (i = 0; i < e->nthemes; i++) {
		if (army_ref_match(e->themes[i], id))
			return true;
		n = lists_of(b, e->themes[i], &i0);
		for (j = i0; j < i0 + n; j++)
			for (k = 0; k < b->l[j].nenemies; k++)
				if (army_ref_match(b->l[j].enemies[k], id))
					return true;
	}
	return false;
}

/* What the event refuses of the entry (judged against list l), into
 * why; true when it allows it. */
static bool
allows(const struct book *b, const struct event *e, const struct rules *r,
    const struct army *a, const struct blist *l, const long *y,
    struct sbuf *why)
{
	size_t i;
	int bk = event_book(a->id);

	for (i = 0; i < e->nrules && strcmp(e->rules[i], r->edition) != 0; i++)
		;
	if (e->nrules > 0 && i == e->nrules)
		sbuf_printf(why, "an army of %s, which the event does not "
		    "allow", r->edition);
	else if (e->books != 0 && bk > 0 && !(e->books & 1u << bk))
		sbuf_printf(why, "book %.*s is not one the event allows",
		    (int)strcspn(a->id, "/"), a->id);
	else if (e->has_armies && !in_armies(b, e, a->id))
		sbuf_printf(why, "%s is not among the event's armies", a->id);
	else if (y != NULL && ((e->has_from && *y < e->from) ||
	    (e->has_to && *y > e->to))) {
		sbuf_adds(why, "the year ");
		year_str(why, *y);
		sbuf_adds(why, " is outside the event's dates");
	} else if (y == NULL && l->per.period_ok && ((e->has_from &&
	    l->per.to < e->from) || (e->has_to && l->per.from > e->to)))
		sbuf_printf(why, "the list's dates are outside the event's");
	else if (a->nallies > 0 && e->allies == EV_ALLIES_NO)
		sbuf_adds(why, "the event allows no allies");
	else if (a->nallies > 0 && e->allies == EV_ALLIES_SELECTION) {
		for (i = 0; i < a->nallies && in_armies(b, e, a->allies[i]);
		    i++)
			;
		if (i < a->nallies)
			sbuf_printf(why, "ally %s is not among the event's "
			    "armies", a->allies[i]);
	}
	if (why->len == 0)
		return true;
	sbuf_printf(why, " (event %s)", e->name);
	return false;
}

/* The general's element of el left open ("1x3Kn or 4Bd (Gen)"): its
 * index, or el->n. */
static size_t
open_general(const struct package *el)
{
	size_t g;

	for (g = 0; g < el->n; g++)
		if (el->items[g].kind == ITEM_ELEMENT &&
		    el->items[g].general && el->items[g].ntroops > 1)
			break;
	return g;
}

/* One list, as judge_one, but a general left open is tried with each
 * of its options: true when one fits, and when not all do, which into
 * *which ("with its general's element 3Kn, not 4Bd"); else the first
 * option's finding. */
static bool
judge_list(const struct blist *l, const struct rules *r,
    const struct army *a, long spare, bool has_y, long y,
    enum check_code *code, struct sbuf *msg, struct sbuf *which)
{
	size_t g = open_general(&a->list), k;
	const struct item *it;
	struct sbuf m = { 0 }, yes = { 0 }, no = { 0 }, *to;
	struct package one, view;
	enum check_code c;
	bool ok = false, fit;
	char sp[64];

	if (g == a->list.n)
		return judge_one(l, r, a, &a->list, spare, has_y, y, code,
		    msg);
	it = &a->list.items[g];
	/* the entry with option k alone: a shallow view of its items, only
	 * the general's troops pointing at option k, copied (a copy of
	 * every option for each was quadratic in a long 'or' line) */
	view.n = view.cap = a->list.n;
	view.items = xmalloc(view.n * sizeof *view.items);
	memcpy(view.items, a->list.items, view.n * sizeof *view.items);
	view.items[g].ntroops = view.items[g].captroops = 1;
	for (k = 0; k < it->ntroops; k++) {
		view.items[g].troops = &it->troops[k];
		package_copy(&one, &view);
		sbuf_reset(&m);
		fit = judge_one(l, r, a, &one, spare, has_y, y, &c, &m);
		package_free(&one);
		troopref_spelling(&it->troops[k], false, sp, sizeof sp);
		to = fit ? &yes : &no;
		sbuf_printf(to, "%s%s", to->len > 0 ? " or " : "", sp);
		if (!fit && k == 0) {
			*code = c;
			sbuf_adds(msg, sbuf_str(&m));
		}
		ok = ok || fit;
	}
	free(view.items);
	if (ok && no.len > 0)
		sbuf_printf(which, "with its general's element %s, not %s",
		    sbuf_str(&yes), sbuf_str(&no));
	sbuf_free(&m);
	sbuf_free(&yes);
	sbuf_free(&no);
	return ok;
}

/* An entry with no year against list l: warned when l has options
 * limited by date. */
static void
no_year(const struct blist *l, book_cb cb, void *ctx)
{
	struct sbuf m = { 0 };
	long *span;

	if (package_date_spans(&l->list, l->per.from, l->per.to,
	    (long (**)[2])&span) == 0)
		return;
	free(span);
	sbuf_printf(&m, "no year chosen, and the list has options limited "
	    "by date (list %s, %s:%ld)", l->id, l->file, l->line);
	cb(ctx, CK_ENTRY_NO_YEAR, sbuf_str(&m));
	sbuf_free(&m);
}

/* The list a legal entry fits, named when the book holds several of its
 * id (n), with the others that fit too (also), or its general was left
 * open (which). */
static void
say_fits(const struct blist *l, size_t n, const char *id,
    const struct sbuf *which, const struct sbuf *also, book_cb cb,
    void *ctx)
{
	struct sbuf m = { 0 };

	if (n < 2 && which->len == 0)
		return;
	sbuf_printf(&m, "fits list %s", l->id);
	if (n > 1)
		sbuf_printf(&m, " %s, one of %zu under %s", l->title, n, id);
	if (which->len > 0)
		sbuf_printf(&m, "%s%s", n > 1 ? ", " : " ",
		    sbuf_str(which));
	sbuf_printf(&m, " (%s:%ld)", l->file, l->line);
	if (also->len > 0)
		sbuf_printf(&m, "; fits too: %s", sbuf_str(also));
	cb(ctx, CK_ENTRY_FITS, sbuf_str(&m));
	sbuf_free(&m);
}

/* Whether the lists of the entry's id (n from i0) take ally id: one of
 * them names it, or none names allies. */
static bool
takes_ally(const struct book *b, size_t i0, size_t n, const char *id)
{
	size_t i, k;
	bool any = false;

	for (i = i0; i < i0 + n; i++)
		for (k = 0; k < b->l[i].nallies; k++) {
			any = true;
			if (army_ref_match(b->l[i].allies[k], id))
				return true;
		}
	return !any;
}

/* The entry's contingent (its one ally's) against the lists of that
 * ally; true when one fits.  The first list's finding into msg (the
 * caller's to drop when one fits). */
static bool
judge_contingent(const struct book *b, const struct rules *r,
    const struct army *a, const struct package *el, bool has_y, long y,
    struct sbuf *msg)
{
	struct sbuf m = { 0 };
	enum check_code code;
	size_t i0, n, i;
	bool ok = false;

	n = lists_of(b, a->allies[0], &i0);
	for (i = i0; i < i0 + n && !ok; i++) {
		sbuf_reset(&m);
		ok = judge_one(&b->l[i], r, a, el, -1, has_y, y, &code, &m);
		if (!ok && i == i0)
			sbuf_printf(msg, "ally %s: its contingent %s: %s (list "
			    "%s, %s:%ld)", a->allies[0], a->ally_elements,
			    sbuf_str(&m), b->l[i].id, b->l[i].file,
			    b->l[i].line);
	}
	sbuf_free(&m);
	return ok;
}

/* The entry's allies: each a list of the book, one its list takes; its
 * contingent, of one ally, a part of that ally's list (in the year).
 * Each finding to cb; *spare: the contingent's elements (-1: it cannot
 * be read).  True when there is none. */
static bool
judge_allies(const struct book *b, size_t i0, size_t n,
    const struct rules *r, const struct army *a, bool has_y, long y,
    long *spare, book_cb cb, void *ctx)
{
	struct sbuf m = { 0 };
	struct package el = { 0 };
	struct srcmap map = { 0 };
	size_t i, k;
	int errs = 0, lost = 0, st = diag_status();
	bool ok = true;

	if (a->ally_elements != NULL) {
		/* its faults are this finding's */
		diag_quiet(1);
		errs = elements_parse(&el, a->ally_elements,
		    strlen(a->ally_elements), &map, &lost);
		diag_quiet(0);
		diag_restore(st);
		/* unread: the entry's own count says nothing */
		*spare = errs > 0 || el.n == 0 ? -1 : entry_elements(&el);
	}
	for (i = 0; i < a->nallies; i++)
		if (lists_of(b, a->allies[i], &k) == 0) {
			unknown(b, a->allies[i], true, cb, ctx);
			ok = false;
		} else if (!takes_ally(b, i0, n, a->allies[i])) {
			sbuf_reset(&m);
			sbuf_printf(&m, "ally %s: not one the list %s takes",
			    a->allies[i], a->id);
			cb(ctx, CK_ENTRY_ALLY, sbuf_str(&m));
			ok = false;
		}
	if (a->ally_elements != NULL && ok) {
		sbuf_reset(&m);
		if (a->nallies != 1)
			sbuf_printf(&m, "ally %s: a contingent is one ally's, "
			    "the entry names %zu", a->nallies > 0 ?
			    a->allies[0] : "?", a->nallies);
		else if (*spare < 0)
			sbuf_printf(&m, "ally %s: its contingent '%s' cannot "
			    "be read", a->allies[0], a->ally_elements);
		else if (judge_contingent(b, r, a, &el, has_y, y, &m))
			sbuf_reset(&m);     /* a later list fits */
		if (m.len > 0) {
			cb(ctx, CK_ENTRY_ALLY, sbuf_str(&m));
			ok = false;
		}
	}
	package_free(&el);
	sbuf_free(&m);
	return ok;
}

/* The ally an entry's title names ("... with II/40 allies", "with
 * Numidian allies": an id, or the first word of a name that the title
 * of an ally its lists (n from i0) take names, army_word_named) into id;
 * false when none. */
static bool
title_ally(const struct book *b, size_t i0, size_t n, const char *name,
    struct sbuf *id)
{
	struct sbuf t = { 0 };
	const char *w, *e;
	size_t i, k, j, a0, an, wn;
	bool found = false;

	str_lower(&t, name != NULL ? name : "");
	w = strstr(sbuf_str(&t), "with ");
	e = w != NULL ? strstr(w, " all") : NULL;
	if (e != NULL && (w == t.s || w[-1] == ' ')) {
		w += 5;
		w += strspn(w, " ");
		wn = strcspn(w, " ");
		sbuf_reset(id);
		/* an id keeps its case: "with II/40 allies" */
		sbuf_add(id, name + (w - t.s), wn);
		found = w < e && army_is_id(id->s, id->len);
		for (i = i0; !found && w < e && i < i0 + n; i++)
			for (k = 0; !found && k < b->l[i].nallies; k++) {
				an = lists_of(b, b->l[i].allies[k], &a0);
				for (j = a0; !found && j < a0 + an; j++)
					found = army_word_named(w, wn,
					    b->l[j].title);
				if (found) {
					sbuf_reset(id);
					sbuf_adds(id, b->l[i].allies[k]);
				}
			}
	}
	sbuf_free(&t);
	return found;
}

bool
book_judge(const struct book *b, const struct event *e,
    const struct rules *r, const struct army *a, book_cb cb, void *ctx)
{
	struct sbuf msg = { 0 }, first = { 0 }, which = { 0 }, also = { 0 };
	enum check_code code = CK_ENTRY_COUNT, fcode = CK_ENTRY_COUNT;
	size_t i0, n, i, fit = 0;
	long y = 0, spare = 0;
	bool has_y = entry_year(a, &y), ok = false, allied, f;
	struct army named;
	struct sbuf aid = { 0 };
	char *ally[1];

	if ((n = lists_of(b, a->id, &i0)) == 0) {
		unknown(b, a->id, false, cb, ctx);
		return false;
	}
	if (a->nallies == 0 && title_ally(b, i0, n, a->name, &aid)) {
		/* the ally its title names, as if on an Allies: line */
		named = *a;
		ally[0] = aid.s;
		named.allies = ally;
		named.nallies = 1;
		a = &named;
	}
	if (e != NULL && !allows(b, e, r, a, &b->l[i0], has_y ? &y : NULL,
	    &msg)) {
		cb(ctx, CK_ENTRY_NOT_ALLOWED, sbuf_str(&msg));
		sbuf_free(&msg);
		sbuf_free(&aid);
		return false;
	}
	allied = judge_allies(b, i0, n, r, a, has_y, y, &spare, cb, ctx);
	/* every list of the id: the first that fits is named, and the
	 * others that fit too */
	for (i = i0; i < i0 + n && spare >= 0; i++) {
		sbuf_reset(&msg);
		f = judge_list(&b->l[i], r, a, spare, has_y, y, &code, &msg,
		    ok ? &msg : &which);
		if (!ok && !has_y)
			no_year(&b->l[i], cb, ctx);
		if (f && ok)
			sbuf_printf(&also, "%s%s (%s:%ld)", also.len > 0 ?
			    ", " : "", b->l[i].id, b->l[i].file, b->l[i].line);
		if (f && !ok)
			fit = i;
		if (ok || f) {
			ok = true;
			continue;
		}
		/* the first list's finding, unless only its dates are
		 * wrong and another's is more */
		if (i == i0 || (fcode == CK_ENTRY_YEAR &&
		    code != CK_ENTRY_YEAR)) {
			fcode = code;
			sbuf_reset(&first);
			sbuf_printf(&first, "%s (list %s, %s:%ld)",
			    sbuf_str(&msg), b->l[i].id, b->l[i].file,
			    b->l[i].line);
		}
	}
	if (ok)
		say_fits(&b->l[fit], n, a->id, &which, &also, cb, ctx);
	else if (spare >= 0)
		cb(ctx, fcode, sbuf_str(&first));
	sbuf_free(&msg);
	sbuf_free(&first);
	sbuf_free(&which);
	sbuf_free(&also);
	sbuf_free(&aid);
	return ok && allied;
}
