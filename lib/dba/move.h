/* move: the pure DBA movement engine: maximum moves by type and going,
 * PIP costs, the PIP budget of a bound, group, column, break-off, flank,
 * zone of control rules, and the general's road bonus. */
#ifndef BELLIS_MOVE_H
#define BELLIS_MOVE_H
#include <stdbool.h>
#include <stddef.h>
#include "rules/rules.h"

#define MOVE_MAXGROUP 48        /* elements in one group */

/* The flags of a move line, in the order of move-check(1)'s table. */
enum mflag {
	MF_ID, MF_ROAD, MF_DIFFICULT, MF_RIVER, MF_GENERAL, MF_COLUMN,
	MF_AWAY, MF_FAR, MF_HIDDEN, MF_CONTACT, MF_BREAKOFF, MF_END,
	MF_FLANK_CONTACT, MF_FACE, MF_ENGAGED, MF_ZOC, MF_SCREENED,
	MF_FRONTAGE, MF_WHEEL, MF_TURN, MF_ROUGH, MF_N
};

/* Difficult is bad going; rough going is dba3's (in the editions
 * without it, a rough rate is the difficult one). */
enum going { GO_GOOD, GO_DIFFICULT, GO_ROUGH };
enum zoc { ZOC_CONTACT, ZOC_FACE, ZOC_WITHDRAW, ZOC_OTHER, ZOC_N };
enum frontage { FR_COLUMN, FR_GAP, FR_ROAD, FR_WHEEL, FR_OTHER, FR_N };

/* Rule codes, in output order. */
enum mrule {
	MR_TOO_FAR, MR_NO_PIPS, MR_MOVED_TWICE, MR_NO_CONTACT,
	MR_DIFFICULT_GOING, MR_GROUP_ENGAGED, MR_COLUMN_REQUIRED,
	MR_FRONTAGE, MR_GROUP_TURN, MR_BREAKOFF, MR_FLANK_CONTACT, MR_ZOC,
	MR_N
};

struct move {
	const char *file;
	long line;
	int troop[MOVE_MAXGROUP];       /* troop ids */
	int sub[MOVE_MAXGROUP];         /* their sub-types + 1 (dba3 3Bd) */
	int ntroops;
	long dist;                      /* paces */
	bool has[MF_N];
	long fcol[MF_N];                /* column of each flag (0: XML) */
	char id[64];                    /* MF_ID */
	int breakoff;                   /* troop id of the enemy */
	int breakoff_sub;               /* its sub-type + 1 (dba3 3Bd) */
	long far_dist, hidden_dist;     /* far=, hidden= distances, paces
	                                   (0: the flag without one) */
	int end;                        /* enum going (MF_END, else default) */
	int zoc, frontage, wheel;
};

struct bound {
	const char *file;
	long line;                      /* 0: moves before any bound line */
	long number;                    /* 1, 2, ... in its file; 0: the next */
	int pips;                       /* 0: no PIP budget */
	bool general_lost;
	bool first;                     /* the side's first bound (dba3) */
};

struct mresult {
	long max;                       /* paces allowed (with any bonus) */
	int cost;
	bool charged;
	bool bonus;                     /* the general's road move */
	unsigned rules;                 /* bit per enum mrule violated */
	long twice_line;                /* MR_MOVED_TWICE: the first move */
	bool twice_general;             /* ... of the general's element */
	long enemy_max, own_max;        /* MR_BREAKOFF: the two rates */
	int left;                       /* PIPs left before this move */
	int nth;                        /* the element's nth move this bound */
	int further;                    /* the r->further row that allows a
	                                   2nd or later move, -1: none */
};

/* The state of one bound while its moves are judged in order. */
struct mstate {
	const struct rules *r;
	struct bound b;
	int used;
	long general_line;              /* the general's move, 0: none */
	int general_moves;              /* ... and how many */
	struct idset { char *id; long line; int moves; } *ids;
	size_t nids, capids;
};

void mstate_begin(struct mstate *st, const struct rules *r,
    const struct bound *b);
/* Pass one: judge m (all but the distance of the general's road move
 * when there is a budget) and charge it. */
void move_judge(struct mstate *st, const struct move *m,
    struct mresult *res);
/* Pass two: the road bonus for the general's road moves of the bound
 * (moves and results in the order judged). */
void mstate_end(struct mstate *st, const struct move *mv,
    struct mresult *res, size_t n);
void mstate_free(struct mstate *st);
int mstate_unused(const struct mstate *st);

/* The maximum of one troop type (as sub-type sub + 1, 0: none) in a
 * going, off road or along a road. */
long move_rate(const struct rules *r, int troop, int sub, int going,
    bool road);
/* The maximum of a move without the road bonus. */
long move_max(const struct rules *r, const struct move *m);
/* The PIP cost of m, the nth move of its element in bound b. */
int move_cost(const struct rules *r, const struct move *m,
    const struct bound *b, int nth);
/* Beyond command range: the far or hidden flag, or a distance of it
 * beyond the range of a member's type (its own range, else the
 * edition's). */
bool move_beyond_command(const struct rules *r, const struct move *m);
/* Paces per unit of a distance at a scale (enum scale), as num / den:
 * the unit "" or p (paces), mm, cm, in or bw (base widths), any case;
 * -1 for another unit. */
int move_unit(const struct rules *r, int scale, const char *unit,
    size_t n, long long *num, long long *den);
/* The going of a move: bad (difficult) before rough before good. */
int move_going(const struct move *m);
int move_end_going(const struct move *m);
bool move_legal(const struct mresult *res);

const char *mflag_name(int f);
const char *mrule_name(int rule);
const char *zoc_name(int z);
const char *frontage_name(int f);
const char *going_name(int g);
#endif
