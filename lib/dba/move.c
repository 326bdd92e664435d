/* The movement engine: every rule of a tactical move, the PIP budget of
 * a bound in order, and the road bonus in a second pass. */
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/xalloc.h"
#include "dba/move.h"

static const char *const mflag_names[MF_N] = {
	"id", "road", "difficult", "river", "general", "column", "away",
	"far", "hidden", "contact", "breakoff", "end", "flank-contact",
	"face", "engaged", "zoc", "screened", "frontage", "wheel", "turn",
	"rough"
};
static const char *const mrule_names[MR_N] = {
	"too-far", "no-pips", "moved-twice", "no-contact", "difficult-going",
	"group-engaged", "column-required", "frontage", "group-turn",
	"breakoff", "flank-contact", "zoc"
};
static const char *const zoc_names[ZOC_N] = {
	"contact", "face", "withdraw", "other"
};
static const char *const frontage_names[FR_N] = {
	"column", "gap", "road", "wheel", "other"
};
static const char *const going_names[3] = { "good", "difficult", "rough" };

const char *
mflag_name(int f)
{
	return f >= 0 && f < MF_N ? mflag_names[f] : "?";
}

const char *
mrule_name(int rule)
{
	return rule >= 0 && rule < MR_N ? mrule_names[rule] : "?";
}

const char *
zoc_name(int z)
{
	return z >= 0 && z < ZOC_N ? zoc_names[z] : "?";
}

const char *
frontage_name(int f)
{
	return f >= 0 && f < FR_N ? frontage_names[f] : "?";
}

const char *
going_name(int g)
{
	return g == GO_DIFFICULT ? going_names[1] : g == GO_ROUGH ?
	    going_names[2] : going_names[0];
}

long
move_rate(const struct rules *r, int troop, int sub, int going, bool road)
{
	long good, rough, diff, rd;

	rules_rates(r, troop, sub, &good, &rough, &diff, &rd);
	if (road)
		return rd;
	if (going == GO_DIFFICULT && diff > 0)
		return diff;
	if (going == GO_ROUGH && rough > 0)
		return rough;
	/* difficult="0": may not enter it at all (difficult-going); the
	 * distance is judged at the good-going rate */
	return good;
}

int
move_going(const struct move *m)
{
	return m->has[MF_DIFFICULT] ? GO_DIFFICULT : m->has[MF_ROUGH] ?
	    GO_ROUGH : GO_GOOD;
}

long
move_max(const struct rules *r, const struct move *m)
{
	int going = move_going(m);
	long max = -1, v;
	int i;

	for (i = 0; i < m->ntroops; i++) {
		v = move_rate(r, m->troop[i], m->sub[i], going,
		    m->has[MF_ROAD]);
		if (max < 0 || v < max)
			max = v;
	}
	if (m->has[MF_RIVER] && max > r->river_crossing)
		max = r->river_crossing;
	return max < 0 ? 0 : max;
}

static bool
into_contact(const struct move *m)
{
	return m->has[MF_CONTACT] || (m->has[MF_ZOC] && m->zoc == ZOC_CONTACT);
}

/* Does the move include a troop that pays the elephants surcharge (dba3
 * SCh: not when moving into contact)? */
static bool
has_surcharge(const struct rules *r, const struct move *m)
{
	int i;

	for (i = 0; i < m->ntroops; i++)
		if (r->t[m->troop[i]].pip_surcharge &&
		    !(r->t[m->troop[i]].pip_contact_free && into_contact(m)))
			return true;
	return false;
}

/* d beyond the command distance lim (at it too unless pip_beyond). */
static bool
beyond(const struct rules *r, long d, long lim)
{
	return r->pip_beyond ? d > lim : d >= lim;
}

bool
move_beyond_command(const struct rules *r, const struct move *m)
{
	const struct rules_troop *t;
	int i;

	if ((m->has[MF_FAR] && m->far_dist == 0) ||
	    (m->has[MF_HIDDEN] && m->hidden_dist == 0))
		return true;
	for (i = 0; i < m->ntroops; i++) {
		t = &r->t[m->troop[i]];
		if (m->has[MF_FAR] && beyond(r, m->far_dist,
		    t->has_cmd ? t->cmd_far : r->pip_far))
			return true;
		if (m->has[MF_HIDDEN] && beyond(r, m->hidden_dist,
		    t->has_cmd ? t->cmd_out_of_sight : r->pip_out_of_sight))
			return true;
	}
	return false;
}

/* dba3: the first move of an element or column along a road, a full
 * move by road, costs nothing. */
static bool
road_free(const struct rules *r, const struct move *m, int nth)
{
	return r->road_first_free && m->has[MF_ROAD] && nth <= 1 &&
	    (m->ntroops == 1 || m->has[MF_COLUMN]) &&
	    m->dist >= move_max(r, m);
}

int
move_cost(const struct rules *r, const struct move *m,
    const struct bound *b, int nth)
{
	int cost = r->pip_base;

	if (m->has[MF_FACE] || road_free(r, m, nth))
		return 0;
	if (has_surcharge(r, m) && !(b->first && r->pip_first_free[0]))
		cost += r->pip_elephants;
	if ((move_beyond_command(r, m) || b->general_lost) &&
	    !(b->first && r->pip_first_free[1]))
		cost += r->pip_command;
	return cost;
}

/* Every member of m is one of the row's troops or tags. */
static bool
further_troops(const struct rules *r, const struct rules_further *fu,
    const struct move *m)
{
	const struct rules_subtype *st;
	int i;

	if (fu->troops == 0 && fu->tags == 0)
		return true;
	for (i = 0; i < m->ntroops; i++) {
		st = rules_subtype(r, m->sub[i]);
		if (!(fu->troops & ((uint64_t)1 << m->troop[i])) &&
		    (st == NULL || !(st->tags & fu->tags)))
			return false;
	}
	return true;
}

static bool
further_when(const struct rules_further *fu, const struct move *m,
    const struct bound *b)
{
	bool good = m->has[MF_ROAD] || (!m->has[MF_DIFFICULT] &&
	    !m->has[MF_ROUGH]);

	switch (fu->when) {
	case FW_GOOD:
		return good && move_end_going(m) == GO_GOOD &&
		    !into_contact(m);
	case FW_FIRST:
		return b->first;
	case FW_ROUGH:
		return m->has[MF_END] && m->end != GO_GOOD && !into_contact(m);
	case FW_ROAD:
		return m->has[MF_ROAD];
	}
	return false;
}

/* The row of r->further allowing m as its element's nth move (nth >=
 * 2) in bound b, or -1. */
static int
move_further(const struct rules *r, const struct move *m,
    const struct bound *b, int nth)
{
	const struct rules_further *fu;
	int k;

	for (k = 0; k < r->nfurther; k++) {
		fu = &r->further[k];
		if ((fu->moves == 0 || nth <= fu->moves) &&
		    further_troops(r, fu, m) && further_when(fu, m, b))
			return k;
	}
	return -1;
}

int
move_unit(const struct rules *r, int scale, const char *unit, size_t n,
    long long *num, long long *den)
{
	const struct rules_scale *sc = &r->scale[scale];
	long mm;

	*den = 1;
	*num = 1;
	if ((n == 0 && r->unit == UNIT_P) || str_ieq(unit, n, "p"))
		return 0;
	if (str_ieq(unit, n, "mm"))
		mm = 1;
	else if (str_ieq(unit, n, "cm"))
		mm = 10;
	else if (str_ieq(unit, n, "in"))
		mm = r->inch_mm;
	else if (n == 0 || str_ieq(unit, n, "bw"))
		mm = sc->base_width;
	else
		return -1;
	*num = (long long)mm * sc->paces;
	*den = sc->mm > 0 ? sc->mm : 1;
	return 0;
}

int
move_end_going(const struct move *m)
{
	if (m->has[MF_END])
		return m->end;
	return move_going(m);
}

bool
move_legal(const struct mresult *res)
{
	return res->rules == 0;
}

static void
viol(struct mresult *res, int rule)
{
	res->rules |= 1u << rule;
}

/* ---- ids moved this bound: a small open hash ------------------------ */

static size_t
hash(const char *s)
{
	size_t h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void
ids_grow(struct mstate *st)
{
	struct idset *old = st->ids;
	size_t oldcap = st->capids, i, k;

	st->capids = oldcap ? oldcap * 2 : 64;
	st->ids = xcalloc(st->capids, sizeof *st->ids);
	for (i = 0; i < oldcap; i++) {
		if (old[i].id == NULL)
			continue;
		for (k = hash(old[i].id) & (st->capids - 1);
		    st->ids[k].id != NULL; k = (k + 1) & (st->capids - 1))
			;
		st->ids[k] = old[i];
	}
	free(old);
}

/* The entry of id, new (no moves, this line) when not seen before. */
static struct idset *
ids_find(struct mstate *st, const char *id, long line)
{
	size_t k;

	if ((st->nids + 1) * 2 > st->capids)
		ids_grow(st);
	for (k = hash(id) & (st->capids - 1); st->ids[k].id != NULL;
	    k = (k + 1) & (st->capids - 1))
		if (strcmp(st->ids[k].id, id) == 0)
			return &st->ids[k];
	st->ids[k].id = xstrdup(id);
	st->ids[k].line = line;
	st->ids[k].moves = 0;
	st->nids++;
	return &st->ids[k];
}

static void
ids_clear(struct mstate *st)
{
	size_t i;

	for (i = 0; i < st->capids; i++)
		free(st->ids[i].id);
	free(st->ids);
	st->ids = NULL;
	st->nids = st->capids = 0;
}

/* ---- the bound ------------------------------------------------------ */

void
mstate_begin(struct mstate *st, const struct rules *r, const struct bound *b)
{
	ids_clear(st);
	st->r = r;
	st->b = *b;
	st->used = 0;
	st->general_line = 0;
	st->general_moves = 0;
}

void
mstate_free(struct mstate *st)
{
	ids_clear(st);
}

int
mstate_unused(const struct mstate *st)
{
	return st->b.pips > 0 ? st->b.pips - st->used : 0;
}

static bool
any_nocontact(const struct rules *r, const struct move *m)
{
	int i;

	for (i = 0; i < m->ntroops; i++)
		if (!r->t[m->troop[i]].contact)
			return true;
	return false;
}

static bool
any_nodifficult(const struct rules *r, const struct move *m)
{
	int i;

	for (i = 0; i < m->ntroops; i++)
		if (r->t[m->troop[i]].move_difficult <= 0)
			return true;
	return false;
}

static void
group_rules(const struct rules *r, const struct move *m,
    struct mresult *res)
{
	if (m->ntroops < 2)
		return;
	if (m->has[MF_ENGAGED])
		viol(res, MR_GROUP_ENGAGED);
	if ((m->has[MF_ROAD] || m->has[MF_DIFFICULT] || m->has[MF_RIVER] ||
	    m->has[MF_AWAY]) && !m->has[MF_COLUMN])
		viol(res, MR_COLUMN_REQUIRED);
	if (m->has[MF_FRONTAGE] && (m->frontage == FR_OTHER ||
	    (m->frontage == FR_WHEEL && m->has[MF_WHEEL] &&
	    m->wheel > r->wheel_max)))
		viol(res, MR_FRONTAGE);
	if (m->has[MF_TURN])
		viol(res, MR_GROUP_TURN);
}

static void
contact_rules(const struct rules *r, const struct move *m,
    struct mresult *res)
{
	int going = move_end_going(m);

	if (m->has[MF_BREAKOFF] && m->ntroops == 1) {
		res->enemy_max = move_rate(r, m->breakoff, m->breakoff_sub,
		    going, false);
		res->own_max = move_rate(r, m->troop[0], m->sub[0], going,
		    false);
		if (going == GO_DIFFICULT &&
		    r->t[m->breakoff].move_difficult <= 0)
			res->enemy_max = 0;
		if (going == GO_DIFFICULT &&
		    r->t[m->troop[0]].move_difficult <= 0)
			res->own_max = 0;
		if (res->enemy_max >= res->own_max)
			viol(res, MR_BREAKOFF);
	}
	if (m->has[MF_FLANK_CONTACT] && !m->has[MF_FACE])
		viol(res, MR_FLANK_CONTACT);
	if (m->has[MF_FACE] && m->has[MF_BREAKOFF])
		viol(res, MR_FLANK_CONTACT);
	if (m->has[MF_ZOC] && m->zoc == ZOC_OTHER && !m->has[MF_SCREENED])
		viol(res, MR_ZOC);
}

/* Which move of its element m is (an id, or the general's element);
 * a second or later one needs a further-move row of the edition. */
static void
judge_repeat(struct mstate *st, const struct move *m, struct mresult *res)
{
	struct idset *e;
	int nth = 1;

	res->further = -1;
	res->nth = 1;
	if (m->has[MF_FACE])
		return;
	if (m->has[MF_ID]) {
		e = ids_find(st, m->id, m->line);
		if ((nth = ++e->moves) > 1)
			res->twice_line = e->line;
	}
	if (m->has[MF_GENERAL]) {
		if (++st->general_moves == 1)
			st->general_line = m->line;
		else if (res->twice_line == 0) {
			res->twice_line = st->general_line;
			res->twice_general = true;
		}
		if (st->general_moves > nth)
			nth = st->general_moves;
	}
	if (nth > 1 && (res->further = move_further(st->r, m, &st->b,
	    nth)) < 0)
		viol(res, MR_MOVED_TWICE);
	res->nth = nth;
}

void
move_judge(struct mstate *st, const struct move *m, struct mresult *res)
{
	const struct rules *r = st->r;
	int left;

	memset(res, 0, sizeof *res);
	res->max = move_max(r, m);
	judge_repeat(st, m, res);
	res->cost = move_cost(r, m, &st->b, res->nth);
	res->bonus = st->b.pips > 0 && m->has[MF_GENERAL] &&
	    m->has[MF_ROAD];
	if (!res->bonus && m->dist > res->max)
		viol(res, MR_TOO_FAR);
	/* into contact: the flag, or entering a zone of control to */
	if ((m->has[MF_CONTACT] || (m->has[MF_ZOC] &&
	    m->zoc == ZOC_CONTACT)) && any_nocontact(r, m))
		viol(res, MR_NO_CONTACT);
	if (m->has[MF_DIFFICULT] && !m->has[MF_ROAD] && any_nodifficult(r, m))
		viol(res, MR_DIFFICULT_GOING);
	group_rules(r, m, res);
	contact_rules(r, m, res);
	left = res->left = st->b.pips - st->used;
	if (st->b.pips > 0 && res->cost > left)
		viol(res, MR_NO_PIPS);
	if (res->rules == 0) {
		res->charged = true;
		st->used += res->cost;
	}
}

void
mstate_end(struct mstate *st, const struct move *mv, struct mresult *res,
    size_t n)
{
	long extra = (long)mstate_unused(st) * st->r->road_bonus;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!res[i].bonus)
			continue;
		res[i].max += extra;
		if (mv[i].dist <= res[i].max)
			continue;
		viol(&res[i], MR_TOO_FAR);
		if (res[i].charged) {
			res[i].charged = false;
			st->used -= res[i].cost;
		}
	}
}
