/* catastrophe: the GURPS mass-combat Catastrophe roll (pure engine). */
#ifndef BELLIS_CATASTROPHE_H
#define BELLIS_CATASTROPHE_H
#include <stdbool.h>
#include <stddef.h>
#include "campaign/catunits.h"
#include "campaign/roll.h"
#include "core/lang.h"

enum cat_leader { CAT_NOBODY, CAT_UNIT, CAT_COMMANDER };
enum cat_fate { FATE_NONE, FATE_WOUNDED, FATE_KILLED, FATE_UNCONSCIOUS };

/* One row of the table: an event and its effects. */
struct cat_row {
	int min, max;              /* roll range as written in the table */
	char *event;
	char *text[LANG_N];
	int strategy;              /* modifier to the Strategy roll */
	bool halved;               /* base Strategy halved, rounding up */
	int morale_all, morale_unit;
	bool morale_roll;
	int morale_fail, morale_success;   /* to each unit's Morale roll
	                                      when it fails, succeeds */
	int enemy_ts_pct;          /* the other side's TS + this percent */
	bool recalc_ts;            /* a unit defects */
	enum cat_leader leader;
	enum cat_fate fate;        /* for a leader who is not a PC */
	int damage_dice;           /* Nd damage to the leader (d of
	                              damage_sides) */
};

struct cat_table {
	struct cat_row *rows;
	size_t nrows, caprows;
	int map[ROLL_MAX + 1];     /* roll -> row index */
	struct roll dice;          /* the Catastrophe roll */
	int damage_sides;          /* of a die of damage */
	int leader_pct;            /* units eligible for a leader event */
	int power_points;          /* enemy power points per +1 */
};

struct cat_side {
	/* input */
	char *name;
	const char *file;
	long line;
	const char *origin;        /* an output read back: the side's file
	                              attribute (its line is line), else
	                              NULL; the reader's */
	long battle;               /* 1 for the first battle of a file */
	const char *battle_name;   /* from the battle line, or NULL */
	bool has_strategy, has_ts, luck, pc_commander;
	long strategy, ts, power;
	struct cat_units units;
	int given[3], ngiven;      /* rolls made at the table */
	/* the other rolls as given by a result read back (XML output):
	 * leader's and defector's unit + 1, damage; 0 for none given */
	int given_unit, given_defector, given_damage;
	/* result */
	int rolls[3], nrolls;
	int modifier, total, row;
	int unit;                  /* chosen leader's unit, -1 if none */
	int defector;              /* defecting unit, -1 if none */
	enum cat_fate fate;
	int damage;
	long strategy_after;
	bool has_ts_after;
	long ts_after;
};

/* Swap the rows of two rolls.  Returns -1 when one is not a roll of the
 * table's dice. */
int cat_swap(struct cat_table *t, int a, int b);
/* The value of --swap, "A,B": two rolls of the table's dice exchanged;
 * -1 after a usage error. */
int cat_swap_arg(struct cat_table *t, const char *arg);
/* Roll (or take the given rolls) and fill in the result. */
void cat_roll(const struct cat_table *t, struct cat_side *s, struct dice *d);
/* Apply the effects between the two sides of a battle. */
void cat_battle(const struct cat_table *t, struct cat_side *s, size_t n);
/* Exact odds: count[row] ways out of *of, all throws of the table's
 * dice (216 for 3d6), cubed with Luck. */
void cat_odds(const struct cat_table *t, const struct cat_side *s,
    unsigned long long *count, unsigned long long *of);
/* A copy of s in *dst with its own name and units (cat_side_free). */
void cat_side_copy(struct cat_side *dst, const struct cat_side *s);
void cat_side_free(struct cat_side *s);
#endif
