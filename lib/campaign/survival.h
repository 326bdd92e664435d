/* survival: GURPS mass-combat Battle skill, Survival and Glory rolls
 * (pure engine; the numbers come from a struct surv_table). */
#ifndef BELLIS_SURVIVAL_H
#define BELLIS_SURVIVAL_H
#include <stdbool.h>
#include "campaign/roll.h"
#include "core/lang.h"

/* Sizes: hits of a column (the schema allows 3), damage rows, critical
 * rules, hit locations by roll. */
#define SURV_HITS_MAX 3
#define SURV_BANDS 8
#define SURV_CRITS 8
#define SURV_LOC_N (ROLL_MAX + 1)

enum surv_result { RES_UNHURT, RES_HIT1, RES_HIT2, RES_A, RES_B, RES_C,
    RES_D, RES_N };
enum surv_crit { CRIT_NO, CRIT_SUCCESS, CRIT_FAILURE };
/* What the Catastrophe roll did to the PC (campaign-survival --battle):
 * nothing, wounded (damage before the Survival roll), or wounded and
 * unconscious. */
enum surv_struck { STRUCK_NONE, STRUCK_WOUNDED, STRUCK_UNCONSCIOUS };
enum surv_trait { TRAIT_COWARDICE, TRAIT_RESERVE, TRAIT_OVERCONFIDENCE,
    TRAIT_BERSERK, TRAIT_N };

/* One damage column: hits of (TL * tl_mul / tl_div + dice)d + adds. */
struct surv_col {
	int hits, tl_mul, tl_div, dice, adds;
};

/* A critical: the first rule whose bounds hold for a roll, the skill
 * and the margin (skill - roll) names it. */
struct surv_critrule {
	enum surv_crit crit;
	int roll_min, roll_max, skill_min, skill_max, margin_max;
};

struct surv_table {
	int cap;
	struct roll dice;                      /* Survival, Glory, location */
	int damage_sides;                      /* of a die of damage */
	int default_tl;
	int tl_min, tl_max;                    /* of the damage rows */
	/* Battle skill: (Tactics or IQ + tactics_iq) / skill_div, + the
	 * advantages */
	int tactics_iq, skill_div, reflexes, danger;
	struct surv_critrule crit[SURV_CRITS];
	int ncrits;
	int risk_min, risk_max;
	bool has_lo[TRAIT_N], has_hi[TRAIT_N];
	int lo[TRAIT_N], hi[TRAIT_N];
	bool has_min[RES_N], has_max[RES_N];
	int min[RES_N], max[RES_N], hp[RES_N];
	struct {
		int tl_min, tl_max, drdiv;
		struct surv_col col[4];        /* A B C D */
	} band[SURV_BANDS];
	int nbands;
	char *loc[SURV_LOC_N];                 /* by roll */
	char *loc_text[SURV_LOC_N][LANG_N];
	char *res_text[RES_N][LANG_N];
};

struct surv_hit {
	int damage;        /* after DR */
	int rolled;        /* dice total before DR; 0 for the flat hits */
	int loc_roll;
	const char *location;
};

struct surv_pc {
	/* input */
	char *name;
	const char *file;
	long line;
	bool readback;             /* from an output read back */
	bool has_iq, has_tactics, has_weapon, has_ht, has_roll, has_glory;
	long iq, tactics, weapon, risk, losing, mod, tl, dr, ht;
	bool reflexes, danger, luck, leader, commander;
	bool trait[TRAIT_N];
	int given[3], ngiven;
	int glory_given;
	/* the hits of a result read back (XML output): the rolled damage
	 * (0 for a flat hit) and location roll of each */
	int given_rolled[SURV_HITS_MAX], given_loc[SURV_HITS_MAX];
	int ngiven_hits;
	char *struck_own;          /* struck_event read back, owned */
	char *side, *unit;         /* in the battle; unit: the one he leads */
	/* the Catastrophe of his side that struck him (struck_apply) */
	enum surv_struck struck;
	const char *struck_event;  /* its event */
	int struck_damage;         /* taken before the Survival roll */
	bool no_rolls;             /* no Survival or Glory roll at all */
	/* result */
	int battle, effective;
	int rolls[3], nrolls, roll, margin;
	enum surv_crit crit;
	enum surv_result result;
	struct surv_hit hits[SURV_HITS_MAX];
	int nhits, damage;
	long ht_after;
	bool strategy_catastrophe;
	int glory_roll, glory_skill, glory_margin;
	enum surv_crit glory_crit;
};

/* Names of the results and traits in the table and on a pc line. */
extern const char *const surv_results[RES_N];
extern const char *const surv_traits[TRAIT_N];

/* Battle skill, or -1 with neither Tactics nor IQ. */
int surv_battle(const struct surv_table *t, const struct surv_pc *p);
/* Lowest and highest Risk the PC may choose; the trait that sets each
 * limit, or TRAIT_N for the plain range. */
void surv_risk_limits(const struct surv_table *t, const struct surv_pc *p,
    int *lo, int *wlo, int *hi, int *whi);
const char *surv_trait_name(int trait);
/* Critical success or failure of roll against skill (the table's
 * rules). */
enum surv_crit surv_critical(const struct surv_table *t, int roll,
    int skill);
/* Result row for a roll against the effective skill. */
enum surv_result surv_lookup(const struct surv_table *t, int roll,
    int skill, enum surv_crit *crit);
/* The whole record: Battle skill, Survival roll, damage, Glory roll;
 * with no_rolls the Battle skill only. */
void surv_run(const struct surv_table *t, struct surv_pc *p,
    struct dice *d);
const char *surv_result_name(enum surv_result r);
/* "wounded", "unconscious" ("" for none). */
const char *surv_struck_name(enum surv_struck s);
void surv_pc_free(struct surv_pc *p);
const char *surv_location(const struct surv_table *t, int roll);
/* Damage of a column result at a TL: hits, dice, adds, DR divisor.
 * Returns -1 when the table has no row for the TL. */
int surv_column(const struct surv_table *t, int tl, enum surv_result r,
    int *hits, int *dice, int *adds, int *drdiv);
#endif
