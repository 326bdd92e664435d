/* combat: the pure DBA combat engine: sides with flags, combat factors,
 * tactical factors, support, totals, results and exact odds. */
#ifndef BELLIS_COMBAT_H
#define BELLIS_COMBAT_H
#include <stdbool.h>
#include "rules/rules.h"

/* A side's flags, in the order of the line format's table. */
enum cflag {
	F_GENERAL, F_UPHILL, F_RIVERBANK, F_FORD, F_RIVER_ROLL, F_CAMP,
	F_ATTACKS_CAMP, F_DIFFICULT, F_OVERLAP, F_FLANK, F_REAR, F_SUPPORT,
	F_PSILOI, F_SHOT, F_BOW_CONTACT, F_SHOOTERS, F_BUA, F_CHARGED,
	F_ROUGH, F_SIDE, F_ATTACKERS, F_N
};

/* Reasons of a modifier, in output order. */
enum reason {
	R_GENERAL, R_UPHILL, R_RIVERBANK, R_CAMP, R_SUPPORT, R_PSILOI,
	R_OVERLAP, R_FLANK, R_REAR, R_SHOOTERS, R_DIFFICULT, R_OPP_DIFFICULT,
	R_BUA, R_SIDE, R_DOUBLE, R_ASSAULT, R_N
};

/* Why a support flag adds nothing. */
enum why {
	WHY_NONE, WHY_SHOT, WHY_BOW_CONTACT, WHY_DIFFICULT, WHY_ATTACKS_CAMP,
	WHY_NOT_VS_MOUNTED, WHY_NOT_VS, WHY_NOT_SOLID, WHY_N
};

enum rkind { RES_DRAW, RES_BEATEN, RES_DOUBLED };

struct side {
	int troop;              /* troop id */
	int sub;                /* sub-type index + 1 (0: none, dba3 3Bd) */
	long col;               /* column of the troop name (0: unknown) */
	bool has[F_N];
	int val[F_N];           /* the number of a key=value flag */
	long fcol[F_N];         /* column of each flag given (where has[f]:
	                         * the line reader leaves the others) */
	unsigned flags;         /* bit f: has[f], as the readers set them
	                         * (combatin.c; others need not) */
};

struct combat {
	const char *file;
	long line;
	bool shooting;          /* side 0 shoots at side 1 */
	struct side s[2];
	bool has_dice;
	int dice[2];
	long dcol[2];
	bool unjudged;          /* a type has no factors in these rules:
	                         * listed (--matchup), not judged */
};

struct mod {
	int reason, value, why;
};

#define COMBAT_MAXMODS 12

struct side_result {
	int cls;                /* class of the troop */
	int troop;
	int factor, total, nmods;
	struct mod mods[COMBAT_MAXMODS];
};

struct result {
	int winner;             /* 0 on a draw, else 1 or 2 (also on a
	                         * draw that the rules give a loser: the
	                         * other side's outcome, dba3) */
	int kind;               /* enum rkind */
	int outcome;            /* the loser's, enum outcome */
	int score[2];
	const struct rules_exc *used;  /* the exception that decided it */
};

struct odds {
	int pairs;              /* pairs of dice counted: sides squared */
	int first_wins, first_doubles, draws, second_wins, second_doubles;
	int out[2][OUT_N];      /* [losing side][outcome] */
};

struct combat_result {
	struct side_result side[2];
	bool has_result;
	int dice[2];
	struct result res;
	bool has_odds;
	struct odds odds;
};

/* The troop has combat factors in these rules. */
bool combat_judged(const struct rules *r, int troop);
/* Factors and totals of both sides. */
void combat_eval(const struct rules *r, const struct combat *c,
    struct combat_result *cr);
/* The result for one pair of dice (after combat_eval). */
void combat_resolve(const struct rules *r, const struct combat *c,
    const struct combat_result *cr, int d1, int d2, struct result *res);
/* Exact counts over every pair of dice (after combat_eval). */
void combat_odds(const struct rules *r, const struct combat *c,
    const struct combat_result *cr, struct odds *o);

/* The number a flag may give (the rules' counts; river-roll: a face of
 * the die): max 0 for a flag that takes none (then dflt 0); dflt -1
 * when it needs one. */
struct rules_count combat_count(const struct rules *r, int f);

const char *flag_name(int f);
const char *reason_name(int r);
const char *why_name(int w);
const char *rkind_name(int k);
#endif
