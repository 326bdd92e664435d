/* combat-calc: DBA close combat and shooting: factors, totals, results,
 * exact odds over the 36 pairs of dice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card/matchup.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "dba/combatrun.h"
#include "rules/rules.h"
#include "rules/troop.h"

enum { OPT_ODDS = 256, OPT_ROLL, OPT_EXPLAIN, OPT_MATCHUP, OPT_GOING };

static const struct cli_tool tool = {
	.about = "DBA close combat and shooting: factors, totals, result, "
	    "odds.\n"
	    "Lines: SIDE vs SIDE [dice A B] | SIDE shoots SIDE [dice A B]\n"
	    "       where SIDE := TROOP {FLAG}\n",
	.more = "Flags: general uphill riverbank ford river-roll=N camp "
	    "attacks-camp difficult\n"
	    "       overlap[=N] flank[=N] rear[=N] support psiloi shot "
	    "bow-contact\n"
	    "       shooters=N bua charged (dba22)\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "odds", no_argument, OPT_ODDS, NULL,
		    "exact outcome counts over the 36 dice pairs", NULL },
		{ "roll", no_argument, OPT_ROLL, NULL,
		    "roll the dice of combats without 'dice'", NULL },
		{ "explain", no_argument, OPT_EXPLAIN, NULL,
		    "text: the source and confidence of each factor and "
		    "outcome", NULL },
		{ "matchup", required_argument, OPT_MATCHUP, "A,B",
		    "every troop type of army A against every one of B, "
		    "from an armylist XML collection", NULL },
		{ "going", no_argument, OPT_GOING, NULL,
		    "--matchup: also in difficult going", NULL },
		CLI_OPT_SEED("seed for --roll (default: BELLIS_SEED, else random)"),
		CLI_OPT_RULES,
		CLI_OPT_LANG("the text labels"),
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

/* The writer of run, in the edition run->rules. */
static void
start(struct combatrun *run, struct combatout_opts *co, const struct cli *cli,
    bool explain, FILE *fp)
{
	co->fmt = cli->format;
	co->lang = cli->lang;
	co->rules = run->rules->edition;
	co->table = run->rules;
	co->explain = explain ? run->rules : NULL;
	if (run->roll && !co->seed_given && (co->fmt == FMT_TSV ||
	    co->fmt == FMT_JSONL))
		diag_msg(0, "seed: %llu", (unsigned long long)run->seed);
	run->w = combatout_new(fp, co);
}

int
main(int argc, char **argv)
{
	struct combatout_opts co;
	struct combatrun run;
	struct rules_labels labels;
	struct matchup *m = NULL;
	struct rules *rules;
	const char *matchup = NULL;
	struct cli cli;
	struct out o;
	bool explain = false, going = false;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&run, 0, sizeof run);
	memset(&co, 0, sizeof co);
	memset(&labels, 0, sizeof labels);
	while ((ch = cli_next(&cli)) > 0) {
		if (ch == OPT_ODDS)
			run.odds = true;
		else if (ch == OPT_EXPLAIN)
			explain = true;
		else if (ch == OPT_MATCHUP)
			matchup = cli.arg;
		else if (ch == OPT_GOING)
			going = true;
		else
			run.roll = true;
	}
	if (ch < 0)
		return diag_status();
	if (going && matchup == NULL) {
		diag_usage("--going needs --matchup");
		return EXIT_USAGE;
	}
	if (matchup != NULL && (m = matchup_new(matchup, going)) == NULL)
		return EXIT_USAGE;
	if ((cli.seed != NULL || run.roll) &&
	    cli_seed(cli.seed, &run.seed, &co.seed_given) < 0)
		return EXIT_USAGE;
	if ((rules = rules_open(cli.rules)) == NULL)
		return cli_end(NULL);
	diag_set_file("-");
	run.rules = labels.dflt = rules;
	co.rolled = run.roll;
	co.seed = run.seed;
	co.odds = run.odds;
	co.multi = cli.nfiles > 1 && m == NULL;
	if (out_open(&o, cli.output) < 0) {
		rules_free(rules);
		troop_cleanup();
		return cli_end(NULL);
	}
	if (m != NULL) {        /* the edition of the collection's label */
		cli_files(cli.nfiles, cli.files, matchup_read, m);
		if (cli.rules == NULL)
			run.rules = matchup_edition(m, &labels);
		if (run.rules != NULL) {
			start(&run, &co, &cli, explain, o.fp);
			matchup_finish(m, &run);
		} else {
			(void)matchup_check(m);         /* names a missing army */
			matchup_free(m);
		}
	} else {
		start(&run, &co, &cli, explain, o.fp);
		cli_files(cli.nfiles, cli.files, combatrun_read, &run);
	}
	if (run.w != NULL && combatout_finish(run.w) < 0)
		diag_raise(EXIT_SYS);
	rules_labels_free(&labels);
	rules_free(rules);
	troop_cleanup();
	return cli_end(&o);
}
