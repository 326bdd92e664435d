/* Survival engine: Battle skill, Risk limits, criticals, damage columns. */
#include <stddef.h>

#include "survival.h"

static const char *const results[RES_N] = {
	"unhurt", "hit1", "hit2", "A", "B", "C", "D"
};

/* 3d6 hit locations, rolls 3 to 18 */
static const char *const locations[16] = {
	"skull", "skull", "face", "right-leg", "right-leg", "right-arm",
	"torso", "torso", "groin", "left-arm", "left-leg", "left-leg",
	"hand", "foot", "neck", "neck"
};

const char *
surv_result_name(enum surv_result r)
{
	return results[r];
}

const char *
surv_location(int r)
{
	return r >= 3 && r <= 18 ? locations[r - 3] : "torso";
}

static long
floordiv2(long v)
{
	return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

int
surv_battle(const struct surv_pc *p)
{
	long t;

	if (!p->has_tactics && !p->has_iq)
		return -1;
	t = p->has_tactics ? p->tactics : p->iq - 6;
	if (p->has_tactics && p->has_iq && p->iq - 6 > t)
		t = p->iq - 6;
	return (int)(floordiv2(t + p->weapon) + (p->reflexes ? 2 : 0) +
	    (p->danger ? 1 : 0));
}

void
surv_risk_limits(const struct surv_pc *p, int *lo, const char **wlo,
    int *hi, const char **whi)
{
	*lo = -6;
	*hi = 6;
	*wlo = *whi = "";
	if (p->cowardice) {
		*lo = -1;
		*wlo = "cowardice";
	} else if (p->reserve) {
		*lo = -1;
		*wlo = "reserve";
	}
	if (p->berserk) {
		*hi = 0;
		*whi = "berserk";
	} else if (p->overconfidence) {
		*hi = 1;
		*whi = "overconfidence";
	}
}

enum surv_crit
surv_critical(int roll, int skill)
{
	if (roll <= 4 || (roll == 5 && skill >= 15) ||
	    (roll == 6 && skill >= 16))
		return CRIT_SUCCESS;
	if (roll >= 18 || (roll == 17 && skill <= 15) || roll >= skill + 10)
		return CRIT_FAILURE;
	return CRIT_NO;
}

enum surv_result
surv_lookup(int roll, int skill, enum surv_crit *crit)
{
	int m = skill - roll;

	*crit = surv_critical(roll, skill);
	if (*crit == CRIT_SUCCESS)
		return RES_UNHURT;
	if (*crit == CRIT_FAILURE)
		return RES_D;
	if (m >= 5)
		return RES_UNHURT;
	if (m >= 1)
		return RES_HIT1;
	if (m == 0)
		return RES_HIT2;
	if (m >= -2)
		return RES_A;
	if (m >= -4)
		return RES_B;
	if (m >= -6)
		return RES_C;
	return RES_D;
}

void
surv_column(int tl, enum surv_result r, int *hits, int *dice, int *adds,
    int *drdiv)
{
	int big = r == RES_C || r == RES_D;

	*hits = r == RES_A ? 1 : r == RES_D ? 3 : 2;
	*adds = 0;
	*drdiv = 1;
	if (tl <= 3) {
		*dice = big ? 2 : 1;
		*adds = 2;
	} else if (tl <= 7) {
		*dice = big ? tl : tl / 2;
	} else if (tl <= 9) {
		*dice = big ? tl + 3 : tl - 3;
	} else {
		*dice = big ? 2 * tl : tl;
		*drdiv = tl <= 13 ? 2 : tl == 14 ? 5 : 10;
	}
}

static void
add_hit(struct surv_pc *p, int damage, int rolled, struct dice *d)
{
	struct surv_hit *h = &p->hits[p->nhits++];

	h->damage = damage;
	h->rolled = rolled;
	h->loc_roll = dice_sum(d, 3, 6);
	h->location = surv_location(h->loc_roll);
	p->damage += damage;
}

static void
damage(struct surv_pc *p, struct dice *d)
{
	int hits, nd, adds, div, i, rolled, dmg;

	p->nhits = p->damage = 0;
	if (p->result == RES_UNHURT)
		return;
	if (p->result == RES_HIT1 || p->result == RES_HIT2) {
		add_hit(p, p->result == RES_HIT1 ? 1 : 2, 0, d);
		return;
	}
	surv_column((int)p->tl, p->result, &hits, &nd, &adds, &div);
	for (i = 0; i < hits; i++) {
		rolled = dice_sum(d, nd, 6) + adds;
		dmg = rolled - (int)(p->dr / div);
		add_hit(p, dmg > 0 ? dmg : 0, rolled, d);
	}
}

static int
lowest(int *rolls, int n, const int *given, int ngiven, struct dice *d)
{
	int i, low = 99;

	for (i = 0; i < n; i++) {
		rolls[i] = i < ngiven ? given[i] : dice_sum(d, 3, 6);
		if (rolls[i] < low)
			low = rolls[i];
	}
	return low;
}

void
surv_run(struct surv_pc *p, struct dice *d)
{
	long eff, g;

	p->battle = surv_battle(p);
	eff = (long)p->battle + p->risk + p->losing + p->mod;
	p->effective = (int)(eff > SURV_CAP ? SURV_CAP : eff);
	p->nrolls = p->luck ? 3 : 1;
	p->roll = lowest(p->rolls, p->nrolls, p->given, p->ngiven, d);
	p->margin = p->effective - p->roll;
	p->result = surv_lookup(p->roll, p->effective, &p->crit);
	damage(p, d);
	p->ht_after = p->ht - p->damage;
	p->strategy_catastrophe = p->has_ht && (p->leader || p->commander) &&
	    p->ht_after <= 0;
	g = (long)p->battle - p->risk;
	p->glory_skill = (int)(g > SURV_CAP ? SURV_CAP : g);
	p->glory_roll = p->has_glory ? p->glory_given : dice_sum(d, 3, 6);
	p->glory_margin = p->glory_skill - p->glory_roll;
	p->glory_crit = surv_critical(p->glory_roll, p->glory_skill);
}
