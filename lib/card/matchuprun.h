/* matchuprun: the run of combat-calc --matchup=A,B: the armies A and B
 * found in the armylist XML of the operands, every troop type of one
 * against every type of the other judged as its line "X vs Y" would be
 * and written as combat-calc writes combats.  It lives above the
 * armies and the combats both; combat-calc without --matchup is
 * dba/combatrun's. */
#ifndef BELLIS_MATCHUPRUN_H
#define BELLIS_MATCHUPRUN_H

#include "core/cli.h"
#include "dba/combatrun.h"

/* combat-calc with --matchup (o->matchup) once its options are read:
 * the pairs in the edition of --rules, else of the label of army A's
 * collection.  Returns the exit status. */
int matchuprun_run(const struct combatrun_opts *o, const struct cli *cli);

#endif
