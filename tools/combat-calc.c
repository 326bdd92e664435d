/* combat-calc: DBA close combat and shooting: factors, totals, results,
 * exact odds over the 36 pairs of dice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/xmlio.h"
#include "dba/combatrun.h"
#include "dba/rules.h"

enum { OPT_ODDS = 256, OPT_ROLL, OPT_RULES, OPT_LANG };

static const struct cli_opt opts[] = {
	{ "format", required_argument, 'T', "FMT",
	    "output: text (default), xml, tsv, json" },
	CLI_OPT_OUTPUT,
	{ "odds", no_argument, OPT_ODDS, NULL,
	    "exact outcome counts over the 36 dice pairs" },
	{ "roll", no_argument, OPT_ROLL, NULL,
	    "roll the dice of combats without 'dice'" },
	{ "seed", required_argument, 's', "N",
	    "seed for --roll (default: BELLIS_SEED, else random)" },
	CLI_OPT_RULES(OPT_RULES),
	{ "lang", required_argument, OPT_LANG, "LANG",
	    "language of the text labels: de, en, ru" },
	{ NULL, 0, 0, NULL, NULL }
};

static const struct cli_tool tool = {
	"[-T text|xml|tsv|json] [--odds] [--roll] [-s SEED] "
	"[--rules=dba1|FILE]\n[--lang=de|en|ru] [-o FILE] [file ...]",
	"DBA close combat and shooting: factors, totals, result, odds.\n"
	"Lines: SIDE vs SIDE [dice A B] | SIDE shoots SIDE [dice A B]; "
	"SIDE := TROOP {FLAG}\n",
	opts,
	"Flags: general uphill riverbank ford river-roll=N camp "
	"attacks-camp difficult\n"
	"       overlap[=N] flank[=N] rear[=N] support psiloi shot "
	"bow-contact shooters=N\n",
	"success",
	NULL
};

static void
calc_file(void *ctx, struct input *in)
{
	combatrun_read(ctx, in);
}

int
main(int argc, char **argv)
{
	static const char *const fmts[] = { "text", "xml", "tsv", "json",
	    NULL };
	const char *outpath = NULL, *rulesarg = NULL, *seedarg = NULL;
	struct combatout_opts co;
	struct combatrun run;
	struct rules *rules;
	struct cli cli;
	struct out o;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&run, 0, sizeof run);
	memset(&co, 0, sizeof co);
	co.lang = cli_lang_default();
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case 'T':
			if ((co.fmt = cli_choice("--format", cli.arg,
			    fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			outpath = cli.arg;
			break;
		case 's':
			seedarg = cli.arg;
			break;
		case OPT_ODDS:
			run.odds = true;
			break;
		case OPT_ROLL:
			run.roll = true;
			break;
		case OPT_RULES:
			rulesarg = cli.arg;
			break;
		case OPT_LANG:
			if ((ch = cli_lang(cli.arg)) < 0)
				return EXIT_USAGE;
			co.lang = (enum lang)ch;
			break;
		}
	}
	if (ch < 0)
		return diag_status();
	if ((seedarg != NULL || run.roll) &&
	    cli_seed(seedarg, &run.seed, &co.seed_given) < 0)
		return EXIT_USAGE;
	xmlio_init();
	if ((rules = rules_load(rulesarg)) == NULL) {
		diag_raise(EXIT_USAGE);
		xmlio_cleanup();
		return diag_status();
	}
	diag_set_file("-");
	run.rules = rules;
	co.rules = rules->edition;
	co.rolled = run.roll;
	co.seed = run.seed;
	co.odds = run.odds;
	co.multi = cli.nfiles > 1;
	if (out_open(&o, outpath) < 0) {
		rules_free(rules);
		return diag_status();
	}
	if (run.roll && !co.seed_given && co.fmt != CFMT_TEXT &&
	    co.fmt != CFMT_XML)
		diag_msg(0, "seed: %llu", (unsigned long long)run.seed);
	run.w = combatout_new(o.fp, &co);
	cli_files(cli.nfiles, cli.files, calc_file, &run);
	if (combatout_finish(run.w) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	rules_free(rules);
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
