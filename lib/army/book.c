/* The lists of a book and an entry judged against them (army/book.h). */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/book.h"
#include "army/entry.h"
#include "army/event.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/tok.h"
#include "core/xalloc.h"

/* A list of the book: what judging an entry needs. */
struct blist {
	char *id, *file;
	long line;
	bool period_ok;
	long from, to;
	long ranges[DATE_MAX_RANGES][2];
	size_t nranges;
	struct package list;
	char **enemies;         /* for an event's theme */
	size_t nenemies;
};

struct book {
	struct blist *l;
	size_t n, cap;
};

static void
keep(void *ctx, const struct army *a)
{
	struct book *b = ctx;
	struct blist *l;

	if (a->id == NULL || a->incomplete)
		return;
	b->l = xgrow(b->l, &b->cap, b->n + 1, sizeof *b->l);
	l = &b->l[b->n++];
	memset(l, 0, sizeof *l);
	l->id = xstrdup(a->id);
	l->file = xstrdup(a->file != NULL ? a->file : "-");
	l->line = a->line;
	l->period_ok = a->period_ok;
	l->from = a->from;
	l->to = a->to;
	l->nranges = a->nranges;
	memcpy(l->ranges, a->ranges, sizeof l->ranges);
	package_copy(&l->list, &a->list);
	if (a->nenemies > 0) {
		l->enemies = xcalloc(a->nenemies, sizeof *l->enemies);
		for (l->nenemies = 0; l->nenemies < a->nenemies; l->nenemies++)
			l->enemies[l->nenemies] =
			    xstrdup(a->enemies[l->nenemies]);
	}
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
		package_free(&b->l[i].list);
		strv_free(b->l[i].enemies, b->l[i].nenemies);
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

/* Whether year y is within the list's dates (any of its ranges). */
static bool
in_dates(const struct blist *l, long y)
{
	size_t k;

	if (!l->period_ok)
		return true;
	if (l->nranges < 2)
		return y >= l->from && y <= l->to;
	for (k = 0; k < l->nranges; k++)
		if (y >= l->ranges[k][0] && y <= l->ranges[k][1])
			return true;
	return false;
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

/* The list cut to the year (has_y) and to the conditions named (cond),
 * into *cut. */
static void
cut_list(const struct blist *l, bool has_y, long y, const char *cond,
    struct package *cut)
{
	package_copy(cut, &l->list);
	if (has_y)
		(void)package_at_year(cut, y);
	if (cond != NULL)
		(void)package_at_conditions(cut, cond);
}

/* One list: true when the entry fits it; else its finding into *code,
 * *msg.  An option the entry takes outside its years, or without naming
 * its condition, is said so. */
static bool
judge_one(const struct blist *l, const struct rules *r, const struct army *a,
    bool has_y, long y, enum check_code *code, struct sbuf *msg)
{
	struct package cut;
	struct sbuf named = { 0 };
	bool ok, dated = false, cond = false;

	if (has_y && !in_dates(l, y)) {
		*code = CK_ENTRY_YEAR;
		sbuf_adds(msg, "the year ");
		year_str(msg, y);
		sbuf_adds(msg, " is outside the list's dates");
		return false;
	}
	named_of(a, &named);
	cut_list(l, has_y, y, sbuf_str(&named), &cut);
	ok = entry_match(r, &cut, &a->list, code, msg);
	package_free(&cut);
	if (!ok) {
		struct sbuf m = { 0 };
		enum check_code c;

		/* without the conditions cut, and without the year's */
		cut_list(l, has_y, y, NULL, &cut);
		cond = entry_match(r, &cut, &a->list, &c, &m);
		package_free(&cut);
		dated = !cond && has_y && entry_match(r, &l->list, &a->list,
		    &c, &m);
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

static void
unknown(const struct book *b, const struct army *a, book_cb cb, void *ctx)
{
	struct idsuggest sug;
	struct sbuf m = { 0 };
	size_t i;

	idsuggest_init(&sug);
	for (i = 0; i < b->n; i++)
		if (i == 0 || strcmp(b->l[i].id, b->l[i - 1].id) != 0)
			idsuggest_add(&sug, a->id, b->l[i].id);
	sbuf_printf(&m, "no list %s in the book%s", a->id,
	    idsuggest_tail(&sug));
	cb(ctx, CK_ENTRY_UNKNOWN_LIST, sbuf_str(&m));
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
		if (event_id_match(e->ids[i], id))
			return true;
	for (i = 0; i < e->nthemes; i++) {
		if (event_id_match(e->themes[i], id))
			return true;
		n = lists_of(b, e->themes[i], &i0);
		for (j = i0; j < i0 + n; j++)
			for (k = 0; k < b->l[j].nenemies; k++)
				if (event_id_match(b->l[j].enemies[k], id))
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
	} else if (y == NULL && l->period_ok && ((e->has_from &&
	    l->to < e->from) || (e->has_to && l->from > e->to)))
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

bool
book_judge(const struct book *b, const struct event *e,
    const struct rules *r, const struct army *a, book_cb cb, void *ctx)
{
	struct sbuf msg = { 0 }, first = { 0 };
	enum check_code code = CK_ENTRY_COUNT, fcode = CK_ENTRY_COUNT;
	size_t i0, n, i;
	long y = 0, *span;
	bool has_y = entry_year(a, &y), ok = false;

	if ((n = lists_of(b, a->id, &i0)) == 0) {
		unknown(b, a, cb, ctx);
		return false;
	}
	if (e != NULL && !allows(b, e, r, a, &b->l[i0], has_y ? &y : NULL,
	    &msg)) {
		cb(ctx, CK_ENTRY_NOT_ALLOWED, sbuf_str(&msg));
		sbuf_free(&msg);
		return false;
	}
	for (i = i0; i < i0 + n && !ok; i++) {
		sbuf_reset(&msg);
		ok = judge_one(&b->l[i], r, a, has_y, y, &code, &msg);
		/* the first list's finding, unless only its dates are
		 * wrong and another's is more */
		if (!ok && (i == i0 || (fcode == CK_ENTRY_YEAR &&
		    code != CK_ENTRY_YEAR))) {
			fcode = code;
			sbuf_reset(&first);
			sbuf_printf(&first, "%s (list %s, %s:%ld)",
			    sbuf_str(&msg), b->l[i].id, b->l[i].file,
			    b->l[i].line);
		}
		if (!has_y && package_date_spans(&b->l[i].list, b->l[i].from,
		    b->l[i].to, (long (**)[2])&span) > 0) {
			free(span);
			sbuf_reset(&msg);
			sbuf_printf(&msg, "no year chosen, and the list has "
			    "options limited by date (list %s, %s:%ld)",
			    b->l[i].id, b->l[i].file, b->l[i].line);
			cb(ctx, CK_ENTRY_NO_YEAR, sbuf_str(&msg));
		}
	}
	if (!ok)
		cb(ctx, fcode, sbuf_str(&first));
	sbuf_free(&msg);
	sbuf_free(&first);
	return ok;
}
