/* The combats of an operand: judged, rolled, written; the run of
 * combat-calc around them. */
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/dice.h"
#include "core/out.h"
#include "dba/combatin.h"
#include "dba/combatrun.h"
#include "rules/rules.h"
#include "rules/troop.h"

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

	/* the judged set what the writers read (a memset of it was a
	 * twentieth of the time of combat-calc) */
	if (!c->unjudged)
		combatrun_judge(run, c, &cr);
	else
		memset(&cr, 0, sizeof cr);
	combatout_combat(run->w, c, &cr);
}

static void
one(void *ctx, const struct combat *c)
{
	combatrun_combat(ctx, c);
}

/* One operand, combat XML or lines (told by its first byte), each
 * combat written to run->w (cli_files: ctx is the struct combatrun). */
static void
combatrun_read(void *ctx, struct input *in)
{
	struct combatrun *run = ctx;

	if (input_first_byte(in) == '<')
		combatin_read_xml(run->rules, in, one, run);
	else
		combatin_read_lines(run->rules, in, one, run);
	run->fileno++;
}

int
combatrun_open(struct combatrun *run, const struct combatrun_opts *o,
    const struct cli *cli)
{
	memset(run, 0, sizeof *run);
	run->cli = cli;
	run->roll = o->roll;
	run->odds = o->odds;
	run->explain = o->explain;
	if ((cli->seed != NULL || o->roll) &&
	    cli_seed(cli->seed, &run->seed, &run->co.seed_given) < 0)
		return -1;
	if ((run->table = rules_open(cli->rules)) == NULL)
		return -1;
	diag_set_file("-");
	run->rules = run->labels.dflt = run->table;
	run->co.rolled = o->roll;
	run->co.seed = run->seed;
	run->co.odds = o->odds;
	run->co.multi = cli->nfiles > 1 && o->matchup == NULL;
	if (out_open(&run->out, cli->output) < 0) {
		rules_free(run->table);
		troop_cleanup();
		return -1;
	}
	return 0;
}

void
combatrun_start(struct combatrun *run, const struct rules *r)
{
	struct combatout_opts *co = &run->co;

	run->rules = r;
	co->fmt = run->cli->format;
	co->lang = run->cli->lang;
	co->rules = r->edition;
	co->table = r;
	co->explain = run->explain ? r : NULL;
	if (run->roll && !co->seed_given && (co->fmt == FMT_TSV ||
	    co->fmt == FMT_JSONL))
		diag_msg(0, "seed: %llu", (unsigned long long)run->seed);
	run->w = combatout_new(run->out.fp, co);
}

int
combatrun_end(struct combatrun *run)
{
	if (run->w != NULL && combatout_finish(run->w) < 0)
		diag_raise(EXIT_SYS);
	rules_labels_free(&run->labels);
	rules_free(run->table);
	troop_cleanup();
	return cli_end(&run->out);
}

int
combatrun_run(const struct combatrun_opts *o, const struct cli *cli)
{
	struct combatrun run;

	if (o->going) {
		diag_usage("--going needs --matchup");
		return EXIT_USAGE;
	}
	if (combatrun_open(&run, o, cli) < 0)
		return cli_end(NULL);
	combatrun_start(&run, run.table);
	cli_files(cli->nfiles, cli->files, combatrun_read, &run);
	return combatrun_end(&run);
}
