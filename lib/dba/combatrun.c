/* The combats of an operand: judged, rolled, written. */
#include <string.h>

#include "core/dice.h"
#include "dba/combatin.h"
#include "dba/combatrun.h"

void
combatrun_judge(const struct combatrun *run, const struct combat *c,
    struct combat_result *cr)
{
	struct dice d;

	combat_eval(run->rules, c, cr);
	if (c->has_dice) {
		cr->dice[0] = c->dice[0];
		cr->dice[1] = c->dice[1];
		cr->has_result = true;
	} else if (run->roll) {
		dice_stream(&d, run->seed, (run->fileno << 32) +
		    (uint64_t)c->line);
		cr->dice[0] = dice_roll(&d, run->rules->die);
		cr->dice[1] = dice_roll(&d, run->rules->die);
		cr->has_result = true;
	}
	if (cr->has_result)
		combat_resolve(run->rules, c, cr, cr->dice[0], cr->dice[1],
		    &cr->res);
	if (run->odds) {
		combat_odds(run->rules, c, cr, &cr->odds);
		cr->has_odds = true;
	}
}

void
combatrun_combat(struct combatrun *run, const struct combat *c)
{
	struct combat_result cr;

	memset(&cr, 0, sizeof cr);
	if (!c->unjudged)
		combatrun_judge(run, c, &cr);
	combatout_combat(run->w, c, &cr);
}

static void
one(void *ctx, const struct combat *c)
{
	combatrun_combat(ctx, c);
}

void
combatrun_read(void *ctx, struct input *in)
{
	struct combatrun *run = ctx;

	if (input_first_byte(in) == '<')
		combatin_read_xml(run->rules, in, one, run);
	else
		combatin_read_lines(run->rules, in, one, run);
	run->fileno++;
}
