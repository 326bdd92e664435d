/* combatrun: the combats of one operand judged as combat-calc does:
 * factors and totals, the result of their own dice or of rolled ones,
 * the exact odds, each combat written as it is read. */
#ifndef BELLIS_COMBATRUN_H
#define BELLIS_COMBATRUN_H
#include <stdbool.h>
#include <stdint.h>

#include "core/input.h"
#include "dba/combat.h"
#include "dba/combatout.h"

struct combatrun {
	const struct rules *rules;
	struct combatout *w;
	bool roll;              /* roll the dice of combats without any */
	bool odds;              /* the exact odds of each combat */
	uint64_t seed;
	uint64_t fileno;        /* operands read: the dice stream of a line */
};

/* The result of combat c in *cr (the dice stream from seed, fileno and
 * the line of c, so a combat rolls the same wherever it is read). */
void combatrun_judge(const struct combatrun *run, const struct combat *c,
    struct combat_result *cr);
/* Judge c (or list it, when unjudged) and write it to run->w. */
void combatrun_combat(struct combatrun *run, const struct combat *c);
/* Read one operand, combat XML or lines (told by its first byte), and
 * write each combat to run->w. */
/* One operand (cli_files: ctx is the struct combatrun). */
void combatrun_read(void *ctx, struct input *in);
#endif
