/* combatrun: the combats of combat-calc judged: factors and totals, the
 * result of their own dice or of rolled ones, the exact odds, each
 * combat written as it is read; and the run of the tool around them
 * (the seed, the rules, the output).  The run of --matchup, which needs
 * the armies of a collection, is card/matchuprun's, over the same
 * pieces. */
#ifndef BELLIS_COMBATRUN_H
#define BELLIS_COMBATRUN_H
#include <stdbool.h>
#include <stdint.h>

#include "core/cli.h"
#include "core/input.h"
#include "core/out.h"
#include "dba/combat.h"
#include "dba/combatout.h"
#include "rules/rules.h"

/* The options of combat-calc besides those of struct cli. */
struct combatrun_opts {
	bool odds;              /* --odds */
	bool roll;              /* --roll */
	bool explain;           /* --explain */
	const char *matchup;    /* --matchup=A,B, or NULL */
	bool going;             /* --going (with --matchup) */
};

/* The judging of combats; the last fields are those of a run of the
 * tool (combatrun_open to combatrun_end), zero otherwise. */
struct combatrun {
	const struct rules *rules;      /* of the judging */
	struct combatout *w;
	bool roll;              /* roll the dice of combats without any */
	bool odds;              /* the exact odds of each combat */
	uint64_t seed;
	uint64_t fileno;        /* operands read: the dice stream of a line */
	const struct cli *cli;
	bool explain;
	struct rules *table;    /* the rules of --rules */
	struct rules_labels labels;     /* over table: editions by label */
	struct combatout_opts co;
	struct out out;
};

/* The result of combat c in *cr (the dice stream from seed, fileno and
 * the line of c, so a combat rolls the same wherever it is read). */
void combatrun_judge(const struct combatrun *run, const struct combat *c,
    struct combat_result *cr);
/* Judge c (or list it, when unjudged) and write it to run->w. */
void combatrun_combat(struct combatrun *run, const struct combat *c);

/* The start of a run of the tool: the seed (of -s, or random for
 * --roll), the rules of --rules, the output of -o; -1 after reporting,
 * nothing left open (the exit status is then cli_end(NULL)). */
int combatrun_open(struct combatrun *run, const struct combatrun_opts *o,
    const struct cli *cli);
/* The writer of the run, the combats judged in the edition r. */
void combatrun_start(struct combatrun *run, const struct rules *r);
/* The end: the writer finished, the rules freed, the output closed;
 * returns the exit status. */
int combatrun_end(struct combatrun *run);
/* combat-calc without --matchup once its options are read: the lines
 * or combat XML of the operands (none: standard input) judged and
 * written to -o in the format of -T.  Returns the exit status. */
int combatrun_run(const struct combatrun_opts *o, const struct cli *cli);
#endif
