/* Catastrophe roll engine: table lookup, leaders, TS effects, exact odds. */
#include <stdlib.h>
#include <string.h>

#include "campaign/catastrophe.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/xalloc.h"

/* A modified roll kept within the rolls of the dice. */
static int
clamp(const struct cat_table *t, int v)
{
	int lo = roll_lo(&t->dice), hi = roll_hi(&t->dice);

	return v < lo ? lo : v > hi ? hi : v;
}

int
cat_swap(struct cat_table *t, int a, int b)
{
	int x;

	if (clamp(t, a) != a || clamp(t, b) != b)
		return -1;
	x = t->map[a];
	t->map[a] = t->map[b];
	t->map[b] = x;
	return 0;
}

int
cat_swap_arg(struct cat_table *t, const char *arg)
{
	const char *c = strchr(arg, ',');
	int lo = roll_lo(&t->dice), hi = roll_hi(&t->dice);
	long a, b;

	if (c == NULL || num_long(arg, (size_t)(c - arg), lo, hi, &a) < 0 ||
	    num_longs(c + 1, lo, hi, &b) < 0 || cat_swap(t, (int)a,
	    (int)b) < 0) {
		diag_usage("invalid value '%s' for --swap (two rolls %d-%d, "
		    "e.g. 13,14)", arg, lo, hi);
		return -1;
	}
	return 0;
}

static bool
sum_cb(void *ctx, size_t i, const struct cat_unit *u)
{
	(void)i;
	*(long *)ctx += u->ts;
	return true;
}

static long
side_ts(struct cat_side *s)
{
	long sum = 0;

	if (s->has_ts || s->units.n == 0)
		return s->ts;
	cat_units_each(&s->units, sum_cb, &sum);
	s->ts = sum;
	s->has_ts = true;
	return sum;
}

/* The units with at least min (TS times 100) counted, or the k-th of
 * them found. */
struct leader_ctx {
	long min;
	size_t n;
	int k, found;
};

static bool
leader_cb(void *ctx, size_t i, const struct cat_unit *u)
{
	struct leader_ctx *l = ctx;

	if (u->ts * 100 < l->min)
		return true;
	l->n++;
	if (l->k > 0 && --l->k == 0) {
		l->found = (int)i;
		return false;
	}
	return true;
}

/* A random leader among the units with at least pct% of the side's TS. */
static int
pick_leader(const struct cat_side *s, int pct, struct dice *d)
{
	struct leader_ctx l = { (long)pct * s->ts, 0, 0, -1 };

	cat_units_each(&s->units, leader_cb, &l);
	if (l.n == 0)
		return -1;
	l.k = dice_roll(d, (int)l.n);
	cat_units_each(&s->units, leader_cb, &l);
	return l.found;
}

static int
modifier(const struct cat_table *t, const struct cat_side *s)
{
	return t->power_points > 0 ? (int)(s->power / t->power_points) : 0;
}

void
cat_roll(const struct cat_table *t, struct cat_side *s, struct dice *d)
{
	const struct cat_row *row;
	struct cat_unit u;
	struct sbuf name = {0};
	int low;

	s->nrolls = s->luck ? 3 : 1;
	low = roll_lowest(&t->dice, s->rolls, s->nrolls, s->given, s->ngiven,
	    d);
	s->modifier = modifier(t, s);
	s->total = clamp(t, low + s->modifier);
	s->row = t->map[s->total];
	row = &t->rows[s->row];
	s->unit = s->defector = -1;
	s->damage = 0;
	s->fate = row->fate;
	side_ts(s);
	if (row->leader == CAT_UNIT && s->units.n > 0) {
		s->unit = s->given_unit > 0 ? s->given_unit - 1 :
		    pick_leader(s, t->leader_pct, d);
		if (s->unit >= 0 && cat_units_at(&s->units, (size_t)s->unit,
		    &u, &name) && u.pc && s->fate == FATE_KILLED)
			s->fate = FATE_UNCONSCIOUS;
	}
	if (row->leader == CAT_COMMANDER && s->pc_commander &&
	    s->fate == FATE_KILLED)
		s->fate = FATE_UNCONSCIOUS;
	if (row->damage_dice > 0 && s->fate == FATE_WOUNDED)
		s->damage = s->given_damage > 0 ? s->given_damage :
		    dice_sum(d, row->damage_dice, t->damage_sides);
	if (row->recalc_ts && s->units.n > 0)
		s->defector = s->given_defector > 0 ? s->given_defector - 1 :
		    dice_roll(d, (int)s->units.n) - 1;
	s->strategy_after = s->strategy;
	if (row->halved && s->has_strategy)
		s->strategy_after = (s->strategy + 1) / 2;
	s->has_ts_after = s->has_ts;
	s->ts_after = s->ts;
	if (s->defector >= 0 && cat_units_at(&s->units, (size_t)s->defector,
	    &u, &name))
		s->ts_after -= u.ts;
	sbuf_free(&name);
}

void
cat_battle(const struct cat_table *t, struct cat_side *s, size_t n)
{
	struct cat_side *o;
	int pct;
	size_t i;

	if (n != 2)
		return;
	for (i = 0; i < 2; i++) {
		pct = t->rows[s[i].row].enemy_ts_pct;
		o = &s[1 - i];
		if (pct != 0 && o->has_ts_after)
			o->ts_after = (o->ts_after * (100 + pct) + 50) / 100;
	}
}

/* Ways for one kept roll r: single, or the lowest of three. */
static unsigned long long
ways_kept(const unsigned long long *ways, int r, bool luck)
{
	unsigned long long ge = 0, gt, a, b;
	int k;

	if (!luck)
		return ways[r];
	for (k = r; k <= ROLL_MAX; k++)
		ge += ways[k];
	gt = ge - ways[r];
	a = ge * ge * ge;
	b = gt * gt * gt;
	return a - b;
}

void
cat_odds(const struct cat_table *t, const struct cat_side *s,
    unsigned long long *count, unsigned long long *of)
{
	unsigned long long ways[ROLL_MAX + 1], all;
	size_t i;
	int r, m = modifier(t, s);

	for (i = 0; i < t->nrows; i++)
		count[i] = 0;
	all = roll_ways(&t->dice, ways);
	for (r = roll_lo(&t->dice); r <= roll_hi(&t->dice); r++)
		count[t->map[clamp(t, r + m)]] += ways_kept(ways, r, s->luck);
	*of = s->luck ? all * all * all : all;
}

void
cat_side_copy(struct cat_side *dst, const struct cat_side *s)
{
	*dst = *s;
	dst->name = s->name != NULL ? xstrdup(s->name) : NULL;
	cat_units_copy(&dst->units, &s->units);
}

void
cat_side_free(struct cat_side *s)
{
	cat_units_free(&s->units);
	free(s->name);
	s->name = NULL;
}
