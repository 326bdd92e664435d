/* Survival engine: Battle skill, Risk limits, criticals, damage columns. */
#include <stddef.h>
#include <stdlib.h>

#include "campaign/survival.h"

const char *const surv_results[RES_N] = {
	[RES_UNHURT] = "unhurt", [RES_HIT1] = "hit1", [RES_HIT2] = "hit2",
	[RES_A] = "A", [RES_B] = "B", [RES_C] = "C", [RES_D] = "D"
};
const char *const surv_traits[TRAIT_N] = {
	[TRAIT_COWARDICE] = "cowardice", [TRAIT_RESERVE] = "reserve",
	[TRAIT_OVERCONFIDENCE] = "overconfidence", [TRAIT_BERSERK] = "berserk"
};

const char *
surv_result_name(enum surv_result r)
{
	return surv_results[r];
}

const char *
surv_struck_name(enum surv_struck s)
{
	static const char *const names[] = { "", "wounded", "unconscious" };

	return names[s];
}

void
surv_pc_free(struct surv_pc *p)
{
	free(p->name);
	free(p->side);
	free(p->unit);
	free(p->struck_own);
	p->name = p->side = p->unit = p->struck_own = NULL;
}

const char *
surv_trait_name(int trait)
{
	return trait >= 0 && trait < TRAIT_N ? surv_traits[trait] : "";
}

const char *
surv_location(const struct surv_table *t, int r)
{
	return r >= 0 && r < SURV_LOC_N && t->loc[r] != NULL ? t->loc[r] : "torso";
}

/* v / d rounded down (d > 0). */
static long
floordiv(long v, long d)
{
	return v >= 0 ? v / d : -((-v + d - 1) / d);
}

int
surv_battle(const struct surv_table *t, const struct surv_pc *p)
{
	long tac, iq = p->iq + t->tactics_iq;

	if (!p->has_tactics && !p->has_iq)
		return -1;
	tac = p->has_tactics ? p->tactics : iq;
	if (p->has_tactics && p->has_iq && iq > tac)
		tac = iq;
	return (int)(floordiv(tac + p->weapon, t->skill_div > 0 ?
	    t->skill_div : 1) + (p->reflexes ? t->reflexes : 0) +
	    (p->danger ? t->danger : 0));
}

void
surv_risk_limits(const struct surv_table *t, const struct surv_pc *p,
    int *lo, int *wlo, int *hi, int *whi)
{
	int i;

	*lo = t->risk_min;
	*hi = t->risk_max;
	*wlo = *whi = TRAIT_N;
	for (i = 0; i < TRAIT_N; i++) {
		if (!p->trait[i])
			continue;
		if (t->has_lo[i] && t->lo[i] > *lo) {
			*lo = t->lo[i];
			*wlo = i;
		}
		if (t->has_hi[i] && t->hi[i] < *hi) {
			*hi = t->hi[i];
			*whi = i;
		}
	}
}

enum surv_crit
surv_critical(const struct surv_table *t, int roll, int skill)
{
	const struct surv_critrule *c;
	int i;

	for (i = 0; i < t->ncrits; i++) {
		c = &t->crit[i];
		if (roll >= c->roll_min && roll <= c->roll_max &&
		    skill >= c->skill_min && skill <= c->skill_max &&
		    (long)skill - roll <= c->margin_max)
			return c->crit;
	}
	return CRIT_NO;
}

enum surv_result
surv_lookup(const struct surv_table *t, int roll, int skill,
    enum surv_crit *crit)
{
	int m = skill - roll, r;

	*crit = surv_critical(t, roll, skill);
	if (*crit == CRIT_SUCCESS)
		return RES_UNHURT;
	if (*crit == CRIT_FAILURE)
		return RES_D;
	for (r = 0; r < RES_N; r++)
		if ((!t->has_min[r] || m >= t->min[r]) &&
		    (!t->has_max[r] || m <= t->max[r]))
			return (enum surv_result)r;
	return RES_D;
}

int
surv_column(const struct surv_table *t, int tl, enum surv_result r,
    int *hits, int *dice, int *adds, int *drdiv)
{
	const struct surv_col *c;
	int i;

	for (i = 0; i < t->nbands; i++) {
		if (tl < t->band[i].tl_min || tl > t->band[i].tl_max)
			continue;
		c = &t->band[i].col[r - RES_A];
		*hits = c->hits;
		*dice = tl * c->tl_mul / c->tl_div + c->dice;
		*adds = c->adds;
		*drdiv = t->band[i].drdiv;
		return 0;
	}
	*hits = *dice = *adds = 0;
	*drdiv = 1;
	return -1;
}

static void
add_hit(const struct surv_table *t, struct surv_pc *p, int damage,
    int rolled, struct dice *d)
{
	struct surv_hit *h = &p->hits[p->nhits];

	h->damage = damage;
	h->rolled = rolled;
	h->loc_roll = p->nhits < p->ngiven_hits ? p->given_loc[p->nhits] :
	    roll_throw(&t->dice, d);
	p->nhits++;
	h->location = surv_location(t, h->loc_roll);
	p->damage += damage;
}

static void
damage(const struct surv_table *t, struct surv_pc *p, struct dice *d)
{
	int hits, nd, adds, div, i, rolled, dmg;

	p->nhits = p->damage = 0;
	if (p->result < RES_A) {
		if (t->hp[p->result] > 0)
			add_hit(t, p, t->hp[p->result], 0, d);
		return;
	}
	if (surv_column(t, (int)p->tl, p->result, &hits, &nd, &adds,
	    &div) < 0)
		return;
	for (i = 0; i < hits && i < SURV_HITS_MAX; i++) {
		if (i < p->ngiven_hits)
			rolled = p->given_rolled[i];
		else
			rolled = (nd > 0 ? dice_sum(d, nd, t->damage_sides) :
			    0) + adds;
		dmg = rolled - (int)(p->dr / div);
		add_hit(t, p, dmg > 0 ? dmg : 0, rolled, d);
	}
}

void
surv_run(const struct surv_table *t, struct surv_pc *p, struct dice *d)
{
	long eff, g;

	p->battle = surv_battle(t, p);
	p->nrolls = p->nhits = p->damage = 0;
	p->ht_after = p->ht - p->struck_damage;
	/* an unconscious leader's final Strategy roll is made as under a
	 * Catastrophe, as is one whom the damage leaves at 0 HT or less */
	p->strategy_catastrophe = (p->leader || p->commander) &&
	    p->struck == STRUCK_UNCONSCIOUS;
	if (p->no_rolls)
		return;
	eff = (long)p->battle + p->risk + p->losing + p->mod;
	p->effective = (int)(eff > t->cap ? t->cap : eff);
	p->nrolls = p->luck ? 3 : 1;
	p->roll = roll_lowest(&t->dice, p->rolls, p->nrolls, p->given,
	    p->ngiven, d);
	p->margin = p->effective - p->roll;
	p->result = surv_lookup(t, p->roll, p->effective, &p->crit);
	damage(t, p, d);
	p->ht_after -= p->damage;
	if (p->has_ht && (p->leader || p->commander) && p->ht_after <= 0)
		p->strategy_catastrophe = true;
	g = (long)p->battle - p->risk;
	p->glory_skill = (int)(g > t->cap ? t->cap : g);
	p->glory_roll = p->has_glory ? p->glory_given :
	    roll_throw(&t->dice, d);
	p->glory_margin = p->glory_skill - p->glory_roll;
	p->glory_crit = surv_critical(t, p->glory_roll, p->glory_skill);
}
