/* rules: one DBA rules table per edition (factors, support, tactical
 * factors, flag counts, dice, shooting, outcomes, movement, distances,
 * PIPs, army size) loaded from formats/ data: every rules number. */
#ifndef BELLIS_RULES_H
#define BELLIS_RULES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RULES_MAXTROOPS 64
#define RULES_MAXDIE 30         /* sides: a face is a bit of an unsigned */

enum outcome { OUT_RECOIL, OUT_FLEE, OUT_DESTROYED, OUT_NONE, OUT_N };

/* Tactical factors by reason. */
enum tf {
	TF_CAMP, TF_GENERAL, TF_UPHILL, TF_RIVERBANK, TF_OVERLAP, TF_FLANK,
	TF_REAR, TF_SHOOTERS, TF_DIFF_FOOT, TF_DIFF_MOUNTED, TF_N
};

/* The combat flags that give a count. */
enum rcount { RC_OVERLAP, RC_FLANK, RC_REAR, RC_SHOOTERS, RC_N };

/* The figure scales of move-check's --scale. */
enum scale { SCALE_15MM, SCALE_25MM, SCALE_N };

/* Where a part of the table comes from: its source attribute, else its
 * parent's (seed: in the seed text; verified: confirmed by a public
 * source; reconstructed: our best guess). */
enum rsource { SRC_SEED, SRC_VERIFIED, SRC_RECONSTRUCTED, SRC_N };

/* An exception of the outcome table: -1 in a field means "any". */
struct rules_exc {
	int result;             /* 0 beaten, 1 doubled */
	uint64_t winners;       /* bit per troop id; 0 with no classes: any */
	unsigned classes;       /* bit 1 << CLASS_FOOT / CLASS_MOUNTED */
	int going;              /* 0 good, 1 difficult */
	int kind;               /* 0 close, 1 shooting */
	int outcome;
	int src;                /* enum rsource */
};

struct rules_troop {
	bool known;             /* has dba factors in this edition */
	int factor[2];          /* by the opponent's class */
	int rear, psiloi;       /* support values; 0 = none */
	bool has_rear, has_psiloi;
	bool shooter;
	long range;
	bool cancels_support;   /* contact with it cancels rear support */
	bool diff_exempt;       /* no foot -2 in difficult going */
	bool has_outcome;
	int beaten, doubled;
	int outcome_src;        /* enum rsource of beaten and doubled */
	struct rules_exc *exc;
	size_t nexc;
	bool has_move, contact;
	long move_good, move_difficult, move_road;
	bool pip_surcharge;     /* a move with it pays pip_elephants */
};

/* The number a combat flag may give; dflt -1: it needs one. */
struct rules_count {
	int min, max, dflt;
};

/* paces paces are mm millimetres on the table; a base is base_width mm. */
struct rules_scale {
	long paces, mm, base_width;
};

struct rules {
	char edition[32];
	struct rules_troop t[RULES_MAXTROOPS];
	int tf[TF_N];
	unsigned tf_applies[TF_N];   /* class bits */
	unsigned river_rolls;        /* bit per die face giving the bonus */
	int limit_overlap_flank;
	int shooters_free;           /* shooters without a factor */
	struct rules_count count[RC_N];
	int die;                     /* sides of a combat die */
	int doubled;                 /* a winner's total this many times */
	int dflt_beaten, dflt_doubled; /* a loser type without a row */
	long river_crossing, road_bonus;
	int wheel_max;               /* degrees a narrowing group wheels */
	long inch_mm;
	struct rules_scale scale[SCALE_N];
	int shooting_src;            /* enum rsource of the ranges */
	int pip_die, pip_base, pip_elephants, pip_command;
	long pip_far, pip_out_of_sight;
	long army_elements, army_generals;   /* per army (armylist-check) */
};

/* Load a rules table: NULL or "dba1" is the built-in table, anything
 * else a file validated against formats/rules.rng.  Returns NULL after
 * reporting (status 2 for a bad table, 4 for an unreadable file). */
struct rules *rules_load(const char *arg);
void rules_free(struct rules *r);
/* For a tool: the troop table and the rules of --rules (arg), NULL after
 * reporting: status 2 for a bad table, 3 for an unknown edition name, 4
 * for a file that cannot be read; rules_close frees both. */
struct rules *rules_open(const char *arg);
void rules_close(struct rules *r);

/* The outcome of a loser of type loser beaten (doubled false) or doubled
 * by winner; difficult: either side in difficult going. */
int rules_outcome(const struct rules *r, int loser, int winner,
    bool doubled, bool difficult, bool shooting);

const char *outcome_name(int o);
#endif
