/* combat-calc: DBA close combat and shooting: factors, totals, results,
 * exact odds over the 36 pairs of dice. */
#include <stdlib.h>
#include <string.h>

#include "card/matchuprun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "dba/combatrun.h"

enum { OPT_ODDS = 256, OPT_ROLL, OPT_EXPLAIN, OPT_MATCHUP, OPT_GOING };

static const struct cli_tool tool = {
	.formats = cli_formats,
	.about = "DBA close combat and shooting: factors, totals, result, "
	    "odds.\n"
	    "Lines: SIDE vs SIDE [dice A B] | SIDE shoots SIDE [dice A B]\n"
	    "       where SIDE := TROOP {FLAG}\n",
	.more = "Flags: general uphill riverbank ford river-roll=N camp "
	    "attacks-camp difficult\n"
	    "       overlap[=N] flank[=N] rear[=N] support psiloi shot "
	    "bow-contact\n"
	    "       shooters=N bua charged (dba22) rough side bad (dba3)\n",
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

int
main(int argc, char **argv)
{
	struct combatrun_opts o;
	struct cli cli;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_EXPLAIN:
			o.explain = true;
			break;
		case OPT_GOING:
			o.going = true;
			break;
		case OPT_MATCHUP:
			o.matchup = cli.arg;
			break;
		case OPT_ODDS:
			o.odds = true;
			break;
		case OPT_ROLL:
			o.roll = true;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	/* the pairs of --matchup need the armies, a layer above combats */
	if (o.matchup != NULL)
		return matchuprun_run(&o, &cli);
	return combatrun_run(&o, &cli);
}
