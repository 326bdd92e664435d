/* matchup: combat-calc --matchup=A,B: every troop type army A may field
 * against every one army B may field, each pair judged as the line
 * "X vs Y" would be (and with goings also "X difficult vs Y difficult"),
 * the armies found in an armylist XML collection. */
#ifndef BELLIS_MATCHUP_H
#define BELLIS_MATCHUP_H
#include <stdbool.h>

#include "core/input.h"
#include "dba/combatrun.h"

struct matchup;

/* A matchup of the --matchup value arg ("A,B"), or NULL after a usage
 * error; goings: also in difficult going. */
struct matchup *matchup_new(const char *arg, bool goings);
/* One operand of the collection (cli_files: ctx is the struct matchup). */
void matchup_read(void *ctx, struct input *in);
/* After the collection: report an army not found, else judge and write
 * every pair through run; frees m. */
void matchup_finish(struct matchup *m, struct combatrun *run);
#endif
