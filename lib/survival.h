/* survival: GURPS mass-combat Battle skill, Survival and Glory rolls
 * (pure engine). */
#ifndef BELLIS_SURVIVAL_H
#define BELLIS_SURVIVAL_H
#include <stdbool.h>
#include "dice.h"

#define SURV_CAP 16
#define SURV_TL_MAX 16
#define SURV_HITS_MAX 3

enum surv_result { RES_UNHURT, RES_HIT1, RES_HIT2, RES_A, RES_B, RES_C,
    RES_D, RES_N };
enum surv_crit { CRIT_NO, CRIT_SUCCESS, CRIT_FAILURE };

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
	bool has_iq, has_tactics, has_weapon, has_ht, has_roll, has_glory;
	long iq, tactics, weapon, risk, losing, mod, tl, dr, ht;
	bool reflexes, danger, luck, leader, commander;
	bool cowardice, reserve, overconfidence, berserk;
	int given[3], ngiven;
	int glory_given;
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

/* Battle skill, or -1 with neither Tactics nor IQ. */
int surv_battle(const struct surv_pc *p);
/* Lowest and highest Risk the PC may choose; *why names the limiting
 * trait ("" for the plain -6..+6). */
void surv_risk_limits(const struct surv_pc *p, int *lo, const char **wlo,
    int *hi, const char **whi);
/* Critical success or failure of roll against skill. */
enum surv_crit surv_critical(int roll, int skill);
/* Result row for a roll against the effective skill. */
enum surv_result surv_lookup(int roll, int skill, enum surv_crit *crit);
/* The whole record: Battle skill, Survival roll, damage, Glory roll. */
void surv_run(struct surv_pc *p, struct dice *d);
const char *surv_result_name(enum surv_result r);
const char *surv_location(int roll3d6);
/* Damage of one column hit: number of hits, dice, adds, DR divisor. */
void surv_column(int tl, enum surv_result r, int *hits, int *dice,
    int *adds, int *drdiv);
#endif
