/* armycheck: the findings of armylist-check, army by army, with a table
 * of ids (and pending references) as the only state across armies. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "army/armycheck.h"
#include "army/book.h"
#include "army/edhint.h"
#include "army/idindex.h"
#include "core/diag.h"
#include "core/diagcat.h"
#include "core/num.h"
#include "core/str.h"
#include "core/strset.h"
#include "core/tok.h"
#include "core/xalloc.h"

const char *
check_code_name(enum check_code c)
{
	return c < CK_N ? finding_defs[c].code : "?";
}

const char *
finding_code(const struct finding *f)
{
	return f->name != NULL ? f->name : check_code_name(f->code);
}

bool
check_code_error(enum check_code c)
{
	return c < CK_N && finding_defs[c].error;
}

/* ---- sets of totals ---------------------------------------------------- */

#define NW ((TOTSET_MAX + 1) / 64)

void
totset_clear(struct totset *s)
{
	memset(s, 0, sizeof *s);
}

void
totset_add(struct totset *s, long v)
{
	if (v < 0)
		v = 0;
	if (v > TOTSET_MAX)
		v = TOTSET_MAX;
	s->w[v / 64] |= (uint64_t)1 << (v % 64);
}

bool
totset_has(const struct totset *s, long v)
{
	if (v < 0 || v > TOTSET_MAX)
		return false;
	return (s->w[v / 64] >> (v % 64) & 1) != 0;
}

bool
totset_eq(const struct totset *a, const struct totset *b)
{
	return memcmp(a->w, b->w, sizeof a->w) == 0;
}

static void
totset_or(struct totset *a, const struct totset *b)
{
	size_t i;

	for (i = 0; i < NW; i++)
		a->w[i] |= b->w[i];
}

int
totset_count(const struct totset *s, long *only)
{
	size_t i;
	int n = 0;

	for (i = 0; i < NW; i++)
		n += __builtin_popcountll(s->w[i]);
	if (n > 0 && only != NULL)
		for (i = 0; i < NW; i++)
			if (s->w[i] != 0) {
				*only = (long)(i * 64) +
				    __builtin_ctzll(s->w[i]);
				break;
			}
	return n;
}

/* Any value of x at or above v. */
static bool
any_from(const struct totset *x, long v)
{
	size_t i = (size_t)v / 64;

	if (v > TOTSET_MAX)
		return false;
	if ((x->w[i] >> (v % 64)) != 0)
		return true;
	for (i++; i < NW; i++)
		if (x->w[i] != 0)
			return true;
	return false;
}

/* x shifted up by k >= 0 (saturating at TOTSET_MAX), or-ed into dst */
static void
shift_or(struct totset *dst, const struct totset *x, long k)
{
	size_t i, ws, bs;
	uint64_t v;

	if (k >= TOTSET_MAX) {
		if (any_from(x, 0))
			totset_add(dst, TOTSET_MAX);
		return;
	}
	ws = (size_t)k / 64;
	bs = (size_t)k % 64;
	for (i = NW; i-- > ws;) {
		v = x->w[i - ws] << bs;
		if (bs != 0 && i - ws > 0)
			v |= x->w[i - ws - 1] >> (64 - bs);
		dst->w[i] |= v;
	}
	if (k > 0 && any_from(x, TOTSET_MAX - k + 1))
		totset_add(dst, TOTSET_MAX);
}

void
totset_sum(struct totset *dst, const struct totset *x,
    const struct totset *y)
{
	struct totset r;
	long v;

	totset_clear(&r);
	for (v = 0; v <= TOTSET_MAX; v++)
		if (totset_has(y, v))
			shift_or(&r, x, v);
	*dst = r;
}

static void
put_value(struct sbuf *b, long v)
{
	if (v >= TOTSET_MAX)
		sbuf_printf(b, "%d or more", TOTSET_MAX);
	else
		sbuf_printf(b, "%ld", v);
}

void
totset_format(struct sbuf *b, const struct totset *s)
{
	long v, lo = -1, hi = -1;
	int n, i = 0;

	n = totset_count(s, NULL);
	if (n > 4) {
		for (v = 0; v <= TOTSET_MAX; v++)
			if (totset_has(s, v)) {
				if (lo < 0)
					lo = v;
				hi = v;
			}
		sbuf_adds(b, "between ");
		put_value(b, lo);
		sbuf_adds(b, " and ");
		put_value(b, hi);
		return;
	}
	for (v = 0; v <= TOTSET_MAX; v++) {
		if (!totset_has(s, v))
			continue;
		if (i > 0)
			sbuf_adds(b, i == n - 1 ? " or " : ", ");
		put_value(b, v);
		i++;
	}
}

/* ---- totals of a list ---------------------------------------------------- */

void
armycheck_totals(const struct package *p, struct totset *elements,
    struct totset *generals,
    void (*mismatch)(const struct totset *sizes, void *ctx), void *ctx)
{
	struct totset e, g, ce, cg, pe, pg, one;
	const struct item *it;
	size_t i, j;
	bool differ;

	totset_clear(&e);
	totset_clear(&g);
	totset_add(&e, 0);
	totset_add(&g, 0);
	for (i = 0; i < p->n; i++) {
		it = &p->items[i];
		if (item_is_camp(it))
			continue;       /* no element */
		if (it->kind == ITEM_ELEMENT) {
			totset_clear(&one);
			shift_or(&one, &e, it->count);
			e = one;
			if (it->general) {
				totset_clear(&one);
				shift_or(&one, &g, it->count);
				g = one;
			}
			continue;
		}
		if (it->npkgs == 0)
			continue;
		totset_clear(&ce);
		totset_clear(&cg);
		differ = false;
		for (j = 0; j < it->npkgs; j++) {
			armycheck_totals(&it->pkgs[j], &pe, &pg, mismatch,
			    ctx);
			if (j > 0 && !totset_eq(&pe, &one))
				differ = true;
			one = pe;
			totset_or(&ce, &pe);
			totset_or(&cg, &pg);
		}
		if (differ && mismatch != NULL)
			mismatch(&ce, ctx);
		totset_sum(&e, &e, &ce);
		totset_sum(&g, &g, &cg);
	}
	*elements = e;
	*generals = g;
}

/* ---- the id table ------------------------------------------------------
 * army/idindex: every id read (or of the index) with the place of its
 * first army, and the references not answered yet. */

/* Where a finding is: the army's id, its source file and line. */
struct at {
	const char *army, *file;
	long line;
	const char *player;        /* an entry's */
};

struct armycheck {
	const struct rules *rules;   /* of the current army */
	struct rules_labels labels;  /* by_label: the editions by label */
	bool by_label;
	bool indexed;              /* the ids of the whole collection are
	                              known: references judged at once */
	finding_cb cb;
	void *ctx;
	struct idindex *ids;
	long armies, errors, warnings;
	struct sbuf msg;
	struct sbuf part;          /* a part of the message (a set) */
	/* per army */
	const struct army *cur;
	struct at at;              /* where its findings are */
	const char *seen[16];      /* troops reported in this army */
	size_t nseen;
	struct edhint hint;        /* of the file's armies */
	const struct book *book;   /* --book: the armies are entries */
	const struct event *event; /* --event, or NULL */
	long legal, illegal;       /* entries */
};

/* Length of the list part of an id: "12a" -> "12", "I/1a" -> "I/1". */
static size_t
id_base(const char *id)
{
	size_t i = 0;

	while (id[i] != '\0' && (id[i] < '0' || id[i] > '9'))
		i++;
	while (id[i] >= '0' && id[i] <= '9')
		i++;
	return i;
}

/* Mark the list part of id (when it has a variant) as a family. */
static void
id_family(struct idindex *x, const char *id)
{
	struct identry e = { 0, 0, 0 };
	size_t b = id_base(id);

	if (b == 0 || id[b] == '\0')
		return;
	(void)idindex_get(x, id, b, &e);
	if (e.flags & IDX_FAMILY)
		return;
	e.flags |= IDX_FAMILY;
	idindex_put(x, id, b, &e);
}

/* ---- findings ------------------------------------------------------------ */

/* A finding of the catalogue (core/diagcat.h) at w, its message fmt
 * with the arguments. */
static void found(struct armycheck *, enum check_code, const char *,
    const struct at *, ...) __attribute__((format(printf, 3, 5)));

#define FINDING(c, code, ...) \
	found((c), CK_##code, FINDF_##code, __VA_ARGS__)

static void
found(struct armycheck *c, enum check_code code, const char *fmt,
    const struct at *w, ...)
{
	struct finding f;
	va_list ap;

	va_start(ap, w);
	sbuf_reset(&c->msg);
	sbuf_vprintf(&c->msg, fmt, ap);
	va_end(ap);
	f.code = code;
	f.error = check_code_error(code);
	f.army = w->army;
	f.file = w->file;
	f.line = w->line;
	f.col = 0;
	f.name = NULL;
	f.msg = sbuf_str(&c->msg);
	f.player = w->player;
	f.rules = c->cur != NULL ? c->rules->edition : NULL;
	if (f.error)
		c->errors++;
	else
		c->warnings++;
	c->cb(c->ctx, &f);
}

/* The set s as a part of a message, valid until the next one. */
static const char *
set_str(struct armycheck *c, const struct totset *s)
{
	sbuf_reset(&c->part);
	totset_format(&c->part, s);
	return sbuf_str(&c->part);
}

static void
on_mismatch(const struct totset *sizes, void *ctx)
{
	struct armycheck *c = ctx;

	FINDING(c, PACKAGE_MISMATCH, &c->at, set_str(c, sizes));
}

/* The largest element count of a package, its choices included. */
static long
max_count(const struct package *p)
{
	const struct item *it;
	long m = 0, k;
	size_t i, j;

	for (i = 0; i < p->n; i++) {
		it = &p->items[i];
		if (it->kind == ITEM_ELEMENT && it->count > m)
			m = it->count;
		for (j = 0; j < it->npkgs; j++)
			if ((k = max_count(&it->pkgs[j])) > m)
				m = k;
	}
	return m;
}

/* A count no army can hold, once per army (the largest). */
static void
check_counts(struct armycheck *c, const struct army *a)
{
	long m = max_count(&a->list), want = c->rules->army_elements;

	if (m <= want)
		return;
	FINDING(c, ELEMENT_COUNT, &c->at, m, want);
}

/* A year as the lists write it: 704BC, 1100AD. */
static void
put_year(struct sbuf *b, long y)
{
	if (y <= -OPTION_YEAR_MAX || y >= OPTION_YEAR_MAX)
		sbuf_adds(b, y < 0 ? "the earliest" : "the latest");
	else
		sbuf_printf(b, "%ld%s", y < 0 ? -y : y, y < 0 ? "BC" : "AD");
}

/* A list with dated options ("(from 704BC) Sp"): the total of every
 * combination of the options valid together, one span of years each
 * (neighbour spans of the same wrong total as one finding); true when
 * the list has such options. */
static bool
check_dated(struct armycheck *c, const struct army *a, long want)
{
	long (*span)[2], only, lo = 0, hi = 0;
	size_t n, k;
	struct totset e, g;
	struct package at;
	struct sbuf yrs = {0}, set = {0}, prev = {0};
	bool open = false;

	n = package_date_spans(&a->list,
	    a->period_ok ? a->from : -OPTION_YEAR_MAX,
	    a->period_ok ? a->to : OPTION_YEAR_MAX, &span);
	for (k = 0; k <= n && n > 0; k++) {
		bool bad = false;

		if (k < n) {
			package_copy(&at, &a->list);
			(void)package_at_year(&at, span[k][0]);
			armycheck_totals(&at, &e, &g, NULL, NULL);
			package_free(&at);
			bad = totset_count(&e, &only) != 1 || only != want;
			sbuf_reset(&set);
			if (bad)
				sbuf_adds(&set, set_str(c, &e));
		}
		if (open && bad && strcmp(sbuf_str(&set), sbuf_str(&prev)) == 0) {
			hi = span[k][1];
			continue;
		}
		if (open) {
			sbuf_reset(&yrs);
			put_year(&yrs, lo);
			if (hi != lo) {
				sbuf_adds(&yrs, "-");
				put_year(&yrs, hi);
			}
			FINDING(c, DATED_TOTAL, &c->at, sbuf_str(&prev),
			    sbuf_str(&yrs), want);
		}
		open = bad;
		if (bad) {
			lo = span[k][0];
			hi = span[k][1];
			sbuf_reset(&prev);
			sbuf_adds(&prev, sbuf_str(&set));
		}
	}
	sbuf_free(&yrs);
	sbuf_free(&set);
	sbuf_free(&prev);
	free(span);
	return n > 0;
}

static void
check_totals(struct armycheck *c, const struct army *a)
{
	struct totset e, g;
	long want = c->rules->army_elements, gen = c->rules->army_generals;
	long only = 0;                  /* set by a count of 1 */

	armycheck_totals(&a->list, &e, &g, on_mismatch, c);
	/* every choice must make the total, a mismatch of packages too;
	 * with dated options, every combination valid together */
	if (!check_dated(c, a, want) &&
	    (totset_count(&e, &only) != 1 || only != want))
		FINDING(c, ELEMENT_TOTAL, &c->at, set_str(c, &e), want);
	if (totset_count(&g, &only) != 1 || only != gen)
		FINDING(c, GENERAL_COUNT, &c->at, set_str(c, &g), gen);
}

static bool
troop_ok(const struct armycheck *c, const struct troop *t)
{
	return t != NULL && t->id >= 0 && t->id < RULES_MAXTROOPS &&
	    c->rules->t[t->id].known;
}

static void
check_troop(struct armycheck *c, const struct troop *t, const char *name)
{
	const char *key = t != NULL ? t->code : name != NULL ? name : "?";
	char where[48];
	size_t i;

	if (troop_ok(c, t) || (t == NULL && name != NULL &&
	    army_is_camp(name)))
		return;
	for (i = 0; i < c->nseen; i++)
		if (strcmp(c->seen[i], key) == 0)
			return;
	if (c->nseen < sizeof c->seen / sizeof c->seen[0])
		c->seen[c->nseen++] = key;
	sbuf_reset(&c->part);
	if (t != NULL)
		sbuf_printf(&c->part, " not in %s", c->rules->edition);
	if (t != NULL && rules_editions_with(c->rules, t->id, NULL, where,
	    sizeof where) > 0)
		sbuf_printf(&c->part, " (in %s)", where);
	FINDING(c, UNKNOWN_TROOP, &c->at, t == NULL ? "unknown " : "",
	    key, sbuf_str(&c->part));
}

static void
check_troops(struct armycheck *c, const struct package *p)
{
	const struct item *it;
	const struct troopref *r;
	size_t i, j;

	for (i = 0; i < p->n; i++) {
		it = &p->items[i];
		for (j = 0; j < it->ntroops; j++) {
			r = &it->troops[j];
			check_troop(c, r->t, r->name);
			if (r->t != NULL && !it->general && troop_ok(c, r->t) &&
			    (c->rules->general_only &
			    ((uint64_t)1 << r->t->id)))
				FINDING(c, GENERAL_ONLY, &c->at, r->t->code);
			if (r->dis != NULL || r->dis_name != NULL)
				check_troop(c, r->dis, r->dis_name);
		}
		for (j = 0; j < it->npkgs; j++)
			check_troops(c, &it->pkgs[j]);
	}
}

/* a's id among the known ones; a second one is a finding if report.
 * The first army of an id the index gave is the one at its place. */
static void
check_id(struct armycheck *c, const struct army *a, bool report)
{
	struct identry e = { 0, 0, 0 };
	const char *file = a->file != NULL ? a->file : "-";
	uint32_t f;
	long line;

	if (strcmp(a->id, "?") == 0)
		return;
	(void)idindex_get(c->ids, a->id, strlen(a->id), &e);
	f = idindex_file(c->ids, file);
	line = a->line > 0 ? a->line : 0;
	if ((e.flags & IDX_EXACT) && ((e.flags & IDX_SEEN) ||
	    !idindex_same_file(c->ids, e.file, f) || e.line != line)) {
		if (report)
			FINDING(c, DUPLICATE_ID, &c->at,
			    idindex_file_name(c->ids, e.file), e.line);
		return;
	}
	e.flags |= IDX_EXACT | IDX_SEEN;
	e.file = f;
	e.line = line;
	idindex_put(c->ids, a->id, strlen(a->id), &e);
	id_family(c->ids, a->id);
}

static void
add_refs(struct armycheck *c, const struct army *a, char **refs, size_t n,
    bool ally)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (idindex_known(c->ids, refs[i]))
			continue;
		if (c->indexed)
			FINDING(c, UNKNOWN_REFERENCE, &c->at, ally ? "ally" :
			    "enemy", refs[i]);
		else
			idindex_pend(c->ids, a->id, refs[i],
			    idindex_file(c->ids, a->file != NULL ? a->file :
			    "-"), a->line, ally);
	}
}

/* The rules of the edition a's collection is labelled with; false for
 * a label naming none. */
static bool
pick_rules(struct armycheck *c, const struct army *a)
{
	c->rules = rules_labelled(&c->labels, a->rules);
	if (c->rules != NULL)
		return true;
	c->rules = c->labels.dflt;
	return false;
}

/* Aggression within the edition's range, when its lists carry one. */
static void
check_aggression(struct armycheck *c, const struct army *a)
{
	const struct rules *r = c->rules;
	long v;

	if (!r->has_aggression || a->aggression == NULL)
		return;
	if (num_longs(a->aggression, r->aggression_min, r->aggression_max,
	    &v) < 0)
		FINDING(c, AGGRESSION_RANGE, &c->at, a->aggression,
		    r->aggression_min, r->aggression_max);
}

/* A terrain names at least one home topography of the edition ("Tropical
 * or Dry", "Littoral if Venice or Genoa, Arable if not" are fine); else
 * the topography nearest its first word is suggested. */
static void
check_terrain(struct armycheck *c, const struct army *a)
{
	const struct rules *r = c->rules;
	const char *p = a->terrain, *w, *first = NULL;
	size_t i, n, nfirst = 0;

	if (r->ntopography == 0 || p == NULL || *p == '\0')
		return;
	while (*p != '\0') {
		for (w = p; *p != '\0' && (((*p | 0x20) >= 'a' &&
		    (*p | 0x20) <= 'z') || (unsigned char)*p >= 0x80); p++)
			;
		if ((n = (size_t)(p - w)) > 0) {
			for (i = 0; i < r->ntopography; i++)
				if (str_ieq(w, n, r->topography[i]))
					return;
			if (first == NULL) {
				first = w;
				nfirst = n;
			}
		}
		if (*p != '\0' && n == 0)
			p++;
	}
	FINDING(c, UNKNOWN_TERRAIN, &c->at, a->terrain, r->edition,
	    first != NULL ? diag_suggest(tok_suggest(first, nfirst,
	    (const char *const *)r->topography, r->ntopography)) : "");
}

static void
entry_found(void *ctx, enum check_code code, const char *msg)
{
	struct armycheck *c = ctx;

	found(c, code, "%s", &c->at, msg);
}

/* An entry: its troops known to the edition, then its elements against
 * its book list. */
static void
entry(struct armycheck *c, const struct army *a)
{
	long errs = c->errors;

	edhint_army(&c->hint, c->rules, a);
	if (a->incomplete)
		FINDING(c, PARSE_ERRORS, &c->at);
	else {
		check_troops(c, &a->list);
		if (c->errors == errs)
			(void)book_judge(c->book, c->event, c->rules, a,
			    entry_found, c);
	}
	if (c->errors > errs)
		c->illegal++;
	else
		c->legal++;
}

bool
armycheck_army(struct armycheck *c, const struct army *a)
{
	size_t k;

	/* the armies of a collection of no known edition are not checked,
	 * their ids still answer the references of the others */
	if (c->by_label && !pick_rules(c, a)) {
		check_id(c, a, false);
		return false;
	}
	c->cur = a;
	c->at.army = a->id;
	c->at.file = a->file;
	c->at.line = a->line;
	c->at.player = a->player;
	c->nseen = 0;
	c->armies++;
	if (c->book != NULL) {
		entry(c, a);
		c->cur = NULL;
		return true;
	}
	if (a->incomplete) {
		/* the totals of a list with parts left out say nothing */
		FINDING(c, PARSE_ERRORS, &c->at);
	} else {
		check_counts(c, a);
		check_totals(c, a);
	}
	check_id(c, a, true);
	edhint_army(&c->hint, c->rules, a);
	if (!a->incomplete)
		check_troops(c, &a->list);
	if (a->period_ok && a->nranges < 2 && a->from > a->to)
		FINDING(c, PERIOD_ORDER, &c->at, a->from, a->to);
	for (k = 0; a->period_ok && k < a->nranges; k++)
		if (a->ranges[k][0] > a->ranges[k][1])
			FINDING(c, PERIOD_ORDER, &c->at, a->ranges[k][0],
			    a->ranges[k][1]);
	check_aggression(c, a);
	check_terrain(c, a);
	if (a->nenemies == 0)
		FINDING(c, NO_ENEMIES, &c->at);
	add_refs(c, a, a->enemies, a->nenemies, false);
	add_refs(c, a, a->allies, a->nallies, true);
	c->cur = NULL;
	return true;
}

void
armycheck_book(struct armycheck *c, const struct book *b,
    const struct event *e)
{
	c->book = b;
	c->event = e;
}

void
armycheck_entries(const struct armycheck *c, long *legal, long *illegal)
{
	*legal = c->legal;
	*illegal = c->illegal;
}

void
armycheck_file_end(struct armycheck *c)
{
	edhint_report(&c->hint);
}

void
armycheck_by_label(struct armycheck *c)
{
	c->by_label = true;
}

void
armycheck_index(struct armycheck *c, const char *id, const char *file,
    long line)
{
	struct identry e = { IDX_KNOWN, 0, 0 };
	size_t b;

	c->indexed = true;
	if (*id == '\0' || strcmp(id, "?") == 0)
		return;
	/* the first row of an id holds (the entries fold) */
	if (file != NULL) {
		e.flags |= IDX_EXACT;
		e.file = idindex_file(c->ids, file);
		e.line = line > 0 ? line : 0;
	}
	idindex_add(c->ids, id, strlen(id), &e);
	b = id_base(id);
	if (b > 0 && id[b] != '\0') {
		e.flags = IDX_FAMILY;
		e.file = 0;
		e.line = 0;
		idindex_add(c->ids, id, b, &e);
	}
}

void
armycheck_index_end(struct armycheck *c)
{
	idindex_settle(c->ids);
}

bool
armycheck_indexed(const struct armycheck *c, const char *id)
{
	struct identry e;

	return idindex_get(c->ids, id, strlen(id), &e) &&
	    (e.flags & IDX_KNOWN) != 0;
}

/* A reference still open at the end: unknown unless answered since. */
static void
on_pending(void *ctx, const char *army, const char *ref, uint32_t file,
    long line, bool ally)
{
	struct armycheck *c = ctx;
	struct at w;

	if (idindex_known(c->ids, ref))
		return;
	w.army = army;
	w.file = idindex_file_name(c->ids, file);
	w.line = line;
	w.player = NULL;
	FINDING(c, UNKNOWN_REFERENCE, &w, ally ? "ally" : "enemy", ref);
}

void
armycheck_finish(struct armycheck *c)
{
	(void)idindex_pending(c->ids, on_pending, c);
}

struct armycheck *
armycheck_new(const struct rules *r, finding_cb cb, void *ctx)
{
	struct armycheck *c = xcalloc(1, sizeof *c);

	c->rules = r;
	c->labels.dflt = r;
	c->cb = cb;
	c->ctx = ctx;
	c->ids = idindex_new();
	return c;
}

long
armycheck_armies(const struct armycheck *c)
{
	return c->armies;
}

void
armycheck_free(struct armycheck *c)
{
	if (c == NULL)
		return;
	idindex_free(c->ids);
	sbuf_free(&c->msg);
	sbuf_free(&c->part);
	rules_labels_free(&c->labels);
	free(c);
}
