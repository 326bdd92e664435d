/* An entry against its book list (army/entry.h): every combination of
 * the list's packages (bounded), each judged as a flow from the list's
 * entries to the entry's elements. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/edhint.h"
#include "army/entry.h"
#include "core/xalloc.h"
#include "rules/troop.h"

#define SIDE_MAX 48             /* entries of one side in a combination */
#define DEPTH_MAX 32            /* packages within packages */
#define NODES (2 * SIDE_MAX + 2)

struct slot {
	long count;
	bool general;
	const struct item *it;
};

struct cont {
	const struct package *p;
	size_t i;
};

struct walk {
	const struct rules *r;
	bool subtypes;          /* sub-types with rules of their own (3.0) */
	struct slot ent[SIDE_MAX];
	size_t nent;
	long etotal;
	long spare;             /* the list's elements left to allies; -1:
	                           a contingent, any part of its list */
	struct slot cur[SIDE_MAX];
	size_t ncur;
	struct cont stack[DEPTH_MAX];
	size_t nstack;
	long combos;
	bool cut, legal, big;
	/* the combination that matched the most elements */
	long best;
	struct slot bslot[SIDE_MAX];
	long bfill[SIDE_MAX];
	size_t nbest;
	long most[RULES_MAXTROOPS], least[RULES_MAXTROOPS];
	long cap[NODES][NODES];
};

/* The sub-type with rules of its own of a reference's spelling (NULL:
 * none); *said: whether the figures or the name say one at all. */
static const struct rules_subtype *
own(const struct rules *r, const struct troopref *t, bool dis, bool *said)
{
	char sp[64];

	troopref_spelling(t, dis, sp, sizeof sp);
	*said = (dis ? t->dis_figures != NULL || t->dis_written != NULL :
	    t->figures != NULL || t->written != NULL || t->mtd);
	return rules_subtype_own(r, rules_subtype_find(r, sp, strlen(sp)));
}

/* An element e (one side of it: dis) fits the list's l (its side ld). */
static bool
fits_side(const struct walk *w, const struct troopref *e, bool edis,
    const struct troopref *l, bool ldis)
{
	const struct troop *et = edis ? e->dis : e->t;
	const struct troop *lt = ldis ? l->dis : l->t;
	const struct rules_subtype *se, *sl;
	bool said, lsaid;

	if (et == NULL || lt == NULL || et != lt)
		return false;
	if (!w->subtypes)
		return true;
	se = own(w->r, e, edis, &said);
	sl = own(w->r, l, ldis, &lsaid);
	return !said || se == sl;
}

/* An element as written (3Kn, 3Kn//4Bd) fits a list's option: the same
 * pair, or one side of the list's pair. */
static bool
fits(const struct walk *w, const struct troopref *e,
    const struct troopref *l)
{
	if (e->dis != NULL)
		return l->dis != NULL && fits_side(w, e, false, l, false) &&
		    fits_side(w, e, true, l, true);
	return fits_side(w, e, false, l, false) ||
	    (l->dis != NULL && fits_side(w, e, false, l, true));
}

/* Every option of the entry's element (a general left open: each of
 * them) fits one option of the list's entry. */
static bool
slot_fits(const struct walk *w, const struct slot *e, const struct slot *l)
{
	size_t i, j;

	if (e->general != l->general)
		return false;
	for (i = 0; i < e->it->ntroops; i++) {
		for (j = 0; j < l->it->ntroops &&
		    !fits(w, &e->it->troops[i], &l->it->troops[j]); j++)
			;
		if (j == l->it->ntroops)
			return false;
	}
	return e->it->ntroops > 0;
}

/* An augmenting path from s to t in the residual graph (breadth
 * first); its bottleneck, 0 when there is none. */
static long
augment(struct walk *w, int n, int s, int t)
{
	int prev[NODES], q[NODES], h = 0, k = 0, u, v;
	long f;

	for (v = 0; v < n; v++)
		prev[v] = -1;
	prev[s] = s;
	q[k++] = s;
	while (h < k && prev[t] < 0)
		for (u = q[h++], v = 0; v < n; v++)
			if (prev[v] < 0 && w->cap[u][v] > 0) {
				prev[v] = u;
				q[k++] = v;
			}
	if (prev[t] < 0)
		return 0;
	for (f = -1, v = t; v != s; v = prev[v])
		if (f < 0 || w->cap[prev[v]][v] < f)
			f = w->cap[prev[v]][v];
	for (v = t; v != s; v = prev[v]) {
		w->cap[prev[v]][v] -= f;
		w->cap[v][prev[v]] += f;
	}
	return f;
}

/* The flow of the combination in cur: list entries 1..L, the entry's
 * elements L+1..L+E; how full each list entry is into fill. */
static long
flow(struct walk *w, long *fill)
{
	int L = (int)w->ncur, E = (int)w->nent, n = L + E + 2, t = n - 1;
	long total = 0, f;
	int i, j;

	memset(w->cap, 0, sizeof w->cap);
	for (i = 0; i < L; i++) {
		w->cap[0][1 + i] = w->cur[i].count;
		for (j = 0; j < E; j++)
			if (slot_fits(w, &w->ent[j], &w->cur[i]))
				w->cap[1 + i][1 + L + j] = w->etotal + 1;
	}
	for (j = 0; j < E; j++)
		w->cap[1 + L + j][t] = w->ent[j].count;
	while ((f = augment(w, n, 0, t)) > 0)
		total += f;
	for (i = 0; i < L; i++)
		fill[i] = w->cur[i].count - w->cap[0][1 + i];
	return total;
}

static void bounds(const struct walk *w, long *most, long *least,
    size_t ntroop);

/* Whether the combination is the entry's: every element placed, and
 * the list's total that of the entry (with its allies' elements in
 * place of some of the list's, the general's kept), or for a contingent
 * at most the list's. */
static bool
whole(const struct walk *w, const long *fill, long f, long ltotal)
{
	size_t i;

	if (f != w->etotal)
		return false;
	if (w->spare < 0)
		return ltotal >= w->etotal;
	for (i = 0; i < w->ncur; i++)
		if (w->cur[i].general && fill[i] < w->cur[i].count)
			return false;
	return ltotal == w->etotal + w->spare;
}

static void
judge(struct walk *w)
{
	long fill[SIDE_MAX], ltotal = 0, f;
	size_t i;

	if (++w->combos > ENTRY_MAX_COMBOS) {
		w->cut = true;
		return;
	}
	for (i = 0; i < w->ncur; i++)
		ltotal += w->cur[i].count;
	bounds(w, w->most, w->least, RULES_MAXTROOPS);
	f = flow(w, fill);
	if (whole(w, fill, f, ltotal))
		w->legal = true;
	if (f > w->best || w->nbest == 0) {
		w->best = f;
		w->nbest = w->ncur;
		memcpy(w->bslot, w->cur, w->ncur * sizeof w->cur[0]);
		memcpy(w->bfill, fill, w->ncur * sizeof fill[0]);
	}
}

/* Flatten the list from item i of p on, then what the stack holds:
 * each choice of packages in turn. */
static void
gen(struct walk *w, const struct package *p, size_t i)
{
	const struct item *it;
	size_t n0 = w->ncur, k;

	for (; i < p->n && p->items[i].kind == ITEM_ELEMENT; i++) {
		if (w->ncur == SIDE_MAX) {
			w->big = true;
			w->ncur = n0;
			return;
		}
		it = &p->items[i];
		w->cur[w->ncur++] = (struct slot){ it->count, it->general, it };
	}
	if (i < p->n) {
		it = &p->items[i];
		if (w->nstack == DEPTH_MAX) {
			w->big = true;
		} else
			for (k = 0; k < it->npkgs && !w->legal && !w->cut; k++) {
				w->stack[w->nstack++] = (struct cont){ p, i + 1 };
				gen(w, &it->pkgs[k], 0);
				w->nstack--;
			}
	} else if (w->nstack > 0) {
		struct cont c = w->stack[--w->nstack];

		gen(w, c.p, c.i);
		w->stack[w->nstack++] = c;
	} else
		judge(w);
	w->ncur = n0;
}

long
entry_elements(const struct package *p)
{
	long n = 0;
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->items[i].kind == ITEM_ELEMENT && !item_is_camp(&p->items[i]))
			n += p->items[i].count;
	return n;
}

/* The entry's elements as slots; false (with the finding) for an entry
 * that holds a choice of packages, not the elements chosen. */
static bool offered(const struct walk *w, const struct package *p,
    const struct troopref *e, bool gen);

static bool
entry_slots(struct walk *w, const struct package *list,
    const struct package *e, enum check_code *code, struct sbuf *why)
{
	const struct troop *cf = troop_by_code("CF");
	const struct item *it;
	size_t i;

	for (i = 0; i < e->n; i++) {
		it = &e->items[i];
		if (it->kind != ITEM_ELEMENT || w->nent == SIDE_MAX) {
			*code = CK_ENTRY_COUNT;
			sbuf_adds(why, it->kind != ITEM_ELEMENT ? "the entry "
			    "holds a choice of packages, not the elements "
			    "chosen" : "the entry holds too many entries");
			return false;
		}
		/* a camp: no element */
		if (item_is_camp(it))
			continue;
		/* camp followers the list does not count */
		if (it->ntroops == 1 && it->troops[0].t == cf && cf != NULL &&
		    !offered(w, list, &it->troops[0], false))
			continue;
		w->ent[w->nent++] = (struct slot){ it->count, it->general, it };
		w->etotal += it->count;
	}
	return true;
}

/* Whether some option anywhere in p (of a general's entry: gen) fits
 * the element e. */
static bool
offered(const struct walk *w, const struct package *p,
    const struct troopref *e, bool gen)
{
	const struct item *it;
	size_t i, j;

	for (i = 0; i < p->n; i++) {
		it = &p->items[i];
		for (j = 0; j < it->ntroops; j++)
			if ((!gen || it->general) && fits(w, e, &it->troops[j]))
				return true;
		for (j = 0; j < it->npkgs; j++)
			if (offered(w, &it->pkgs[j], e, gen))
				return true;
	}
	return false;
}

/* "2x3Sp or 3Wb" */
static void
item_text(struct sbuf *b, const struct item *it)
{
	char sp[64];
	size_t j;

	sbuf_printf(b, "%ldx", it->count);
	for (j = 0; j < it->ntroops; j++) {
		troopref_spelling(&it->troops[j], false, sp, sizeof sp);
		sbuf_printf(b, "%s%s", j > 0 ? " or " : "", sp);
		if (it->troops[j].dis != NULL) {
			troopref_spelling(&it->troops[j], true, sp, sizeof sp);
			sbuf_printf(b, "//%s", sp);
		}
	}
}

/* The per-type bounds of one combination: the most elements of a type
 * (entries that offer it) and the fewest (entries that offer only it). */
static void
bounds(const struct walk *w, long *most, long *least, size_t ntroop)
{
	long hi[RULES_MAXTROOPS] = { 0 }, lo[RULES_MAXTROOPS] = { 0 };
	const struct item *it;
	size_t i, j, k;
	int t;

	for (i = 0; i < w->ncur; i++) {
		it = w->cur[i].it;
		for (j = 0; j < it->ntroops; j++) {
			t = it->troops[j].t != NULL ? it->troops[j].t->id : -1;
			for (k = 0; k < j && (it->troops[k].t == NULL ||
			    it->troops[k].t->id != t); k++)
				;
			if (t >= 0 && t < RULES_MAXTROOPS && k == j)
				hi[t] += w->cur[i].count;
		}
		t = it->ntroops > 0 && it->troops[0].t != NULL ?
		    it->troops[0].t->id : -1;
		for (j = 1; j < it->ntroops && it->troops[j].t != NULL &&
		    it->troops[j].t->id == t; j++)
			;
		if (t >= 0 && t < RULES_MAXTROOPS && j == it->ntroops)
			lo[t] += w->cur[i].count;
	}
	for (k = 0; k < ntroop; k++) {
		if (hi[k] > most[k])
			most[k] = hi[k];
		if (least[k] < 0 || lo[k] < least[k])
			least[k] = lo[k];
	}
}

/* Why no combination fits: a type the list never offers, the general,
 * a type over or under what the list allows, the total, else the list
 * entry the best combination leaves short. */
static void
why_not(struct walk *w, const struct package *list, enum check_code *code,
    struct sbuf *why)
{
	long have[RULES_MAXTROOPS] = { 0 }, gens = 0, ltotal = 0;
	const struct troopref *t;
	char sp[64];
	size_t i, j;
	int k;

	for (i = 0; i < w->nent; i++)
		for (j = 0; j < w->ent[i].it->ntroops; j++) {
			t = &w->ent[i].it->troops[j];
			if (offered(w, list, t, false))
				continue;
			if (t->t == NULL && t->name != NULL)
				snprintf(sp, sizeof sp, "%s", t->name);
			else
				troopref_spelling(t, false, sp, sizeof sp);
			*code = CK_ENTRY_NOT_IN_LIST;
			sbuf_printf(why, "'%s' is not in the list", sp);
			return;
		}
	for (i = 0; i < w->nent; i++) {
		gens += w->ent[i].general ? w->ent[i].count : 0;
		t = &w->ent[i].it->troops[0];
		if (t->t != NULL && t->t->id >= 0 && t->t->id < RULES_MAXTROOPS)
			have[t->t->id] += w->ent[i].count;
	}
	for (i = 0; i < w->nent; i++) {
		struct slot *e = &w->ent[i];
		bool ok = true;

		for (j = 0; e->general && j < e->it->ntroops && ok; j++)
			ok = offered(w, list, &e->it->troops[j], true);
		if (ok)
			continue;
		*code = CK_ENTRY_GENERAL;
		sbuf_adds(why, "the general's element ");
		item_text(why, e->it);
		sbuf_adds(why, " is not one the list allows as general");
		return;
	}
	if (w->spare < 0 ? gens > 1 : gens != 1) {
		*code = CK_ENTRY_GENERAL;
		sbuf_printf(why, "%ld general elements, the list has one", gens);
		return;
	}
	*code = CK_ENTRY_COUNT;
	for (k = 0; k < RULES_MAXTROOPS; k++) {
		if (have[k] > w->most[k]) {
			sbuf_printf(why, "%ld %s where the list allows at most %ld",
			    have[k], troop_at((size_t)k)->code, w->most[k]);
			return;
		}
		if (w->spare == 0 && w->least[k] > 0 &&
		    have[k] < w->least[k]) {
			sbuf_printf(why, "%ld %s where the list needs at least %ld",
			    have[k], troop_at((size_t)k)->code, w->least[k]);
			return;
		}
	}
	for (j = 0; j < w->nbest; j++)
		ltotal += w->bslot[j].count;
	if (w->spare < 0 ? ltotal < w->etotal : ltotal != w->etotal +
	    w->spare) {
		sbuf_printf(why, "%ld elements", w->etotal);
		if (w->spare > 0)
			sbuf_printf(why, " and %ld of allies", w->spare);
		sbuf_printf(why, " where the list has %ld", ltotal);
		return;
	}
	for (j = 0; j < w->nbest && w->bfill[j] == w->bslot[j].count; j++)
		;
	sbuf_adds(why, "no choice of the list gives these elements");
	if (j < w->nbest) {
		sbuf_adds(why, ": its ");
		item_text(why, w->bslot[j].it);
		sbuf_printf(why, " gets %ld", w->bfill[j]);
	}
}

bool
entry_match(const struct rules *r, const struct package *list,
    const struct package *entry, long spare, enum check_code *code,
    struct sbuf *why)
{
	struct walk *w = xcalloc(1, sizeof *w);
	bool legal;
	size_t i;

	w->r = r;
	w->spare = spare;
	for (i = 0; i < r->nsub && !w->subtypes; i++)
		w->subtypes = rules_subtype_own(r, (int)i + 1) != NULL;
	for (i = 0; i < RULES_MAXTROOPS; i++)
		w->least[i] = -1;
	if (!entry_slots(w, list, entry, code, why)) {
		free(w);
		return false;
	}
	gen(w, list, 0);
	legal = w->legal;
	if (!legal && w->big) {
		*code = CK_ENTRY_COUNT;
		sbuf_adds(why, "the list has too many entries to judge");
	} else if (!legal)
		why_not(w, list, code, why);
	if (!legal && w->cut)
		sbuf_printf(why, " (judged on the first %d combinations of "
		    "its packages)", ENTRY_MAX_COMBOS);
	free(w);
	return legal;
}
