/* combat-calc: DBA close combat and shooting: factors, totals, results,
 * exact odds over the 36 pairs of dice. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "dba/combat.h"
#include "dba/combatin.h"
#include "dba/combatout.h"
#include "core/diag.h"
#include "core/dice.h"
#include "core/input.h"
#include "core/out.h"
#include "dba/rules.h"
#include "core/xmlio.h"

enum { OPT_ODDS = 256, OPT_ROLL, OPT_RULES, OPT_LANG };

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'T' },
	{ "output", required_argument, NULL, 'o' },
	{ "odds", no_argument, NULL, OPT_ODDS },
	{ "roll", no_argument, NULL, OPT_ROLL },
	{ "seed", required_argument, NULL, 's' },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static const char *const longnames[] = {
	"format", "output", "odds", "roll", "seed", "rules", "lang", "help",
	"version", NULL
};

struct run {
	const struct rules *rules;
	struct combatout *w;
	bool roll, odds;
	uint64_t seed;
	uint64_t fileno;
};

static void
usage(void)
{
	printf("usage: combat-calc [-T text|xml|tsv|json] [--odds] [--roll] "
	    "[-s SEED] [--rules=dba1|FILE]\n"
	    "                   [--lang=de|en|ru] [-o FILE] [file ...]\n"
	    "DBA close combat and shooting: factors, totals, result, odds.\n"
	    "Lines: SIDE vs SIDE [dice A B] | SIDE shoots SIDE [dice A B]; "
	    "SIDE := TROOP {FLAG}\n\n"
	    "  -T, --format=FMT   output: text (default), xml, tsv, json\n"
	    "  -o, --output=FILE  write to FILE (replaced atomically)\n"
	    "      --odds         exact outcome counts over the 36 dice "
	    "pairs\n"
	    "      --roll         roll the dice of combats without 'dice'\n"
	    "  -s, --seed=N       seed for --roll (default: BELLIS_SEED, "
	    "else random)\n"
	    "      --rules=NAME   rules edition dba1 (default) or a rules "
	    "XML file\n"
	    "      --lang=LANG    language of the text labels: de, en, ru\n"
	    "  -h, --help         show this help\n"
	    "  -V, --version      show the version\n"
	    "Flags: general uphill riverbank ford river-roll=N camp "
	    "attacks-camp difficult\n"
	    "       overlap[=N] flank[=N] rear[=N] support psiloi shot "
	    "bow-contact shooters=N\n");
}

static void
one(void *ud, const struct combat *c)
{
	struct run *run = ud;
	struct combat_result cr;
	struct dice d;

	combat_eval(run->rules, c, &cr);
	if (c->has_dice) {
		cr.dice[0] = c->dice[0];
		cr.dice[1] = c->dice[1];
		cr.has_result = true;
	} else if (run->roll) {
		dice_stream(&d, run->seed, (run->fileno << 32) +
		    (uint64_t)c->line);
		cr.dice[0] = dice_roll(&d, run->rules->die);
		cr.dice[1] = dice_roll(&d, run->rules->die);
		cr.has_result = true;
	}
	if (cr.has_result)
		combat_resolve(run->rules, c, &cr, cr.dice[0], cr.dice[1],
		    &cr.res);
	if (run->odds) {
		combat_odds(run->rules, c, &cr, &cr.odds);
		cr.has_odds = true;
	}
	combatout_combat(run->w, c, &cr);
}

static void
process(struct run *run, const char *name)
{
	struct input in;

	diag_set_file(name);
	if (input_open(&in, name) < 0)
		return;
	if (input_first_byte(&in) == '<')
		combatin_read_xml(run->rules, &in, one, run);
	else
		combatin_read_lines(run->rules, &in, one, run);
	input_close(&in);
	run->fileno++;
}

int
main(int argc, char **argv)
{
	static const char *const fmts[] = { "text", "xml", "tsv", "json",
	    NULL };
	struct combatout_opts co;
	struct run run;
	struct out o;
	struct rules *rules;
	const char *outpath = NULL, *rulesarg = NULL, *seedarg = NULL;
	int ch, i, lang;

	out_setup();
	diag_init(argv[0]);
	xmlio_init();
	memset(&run, 0, sizeof run);
	memset(&co, 0, sizeof co);
	co.lang = cli_lang_default();
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":T:o:s:hV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'T':
			if ((co.fmt = cli_choice("--format", optarg,
			    fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 's':
			seedarg = optarg;
			break;
		case OPT_ODDS:
			run.odds = true;
			break;
		case OPT_ROLL:
			run.roll = true;
			break;
		case OPT_RULES:
			rulesarg = optarg;
			break;
		case OPT_LANG:
			if ((lang = cli_lang(optarg)) < 0)
				return EXIT_USAGE;
			co.lang = (enum lang)lang;
			break;
		case 'h':
			usage();
			return 0;
		case 'V':
			cli_version();
			return 0;
		case ':':
			diag_usage("option '%s' needs a value",
			    argv[optind - 1]);
			return EXIT_USAGE;
		default:
			if (optopt != 0 && optopt < 256)
				diag_usage("unknown option '-%c'", optopt);
			else
				cli_bad_option(argv[optind - 1], longnames);
			return EXIT_USAGE;
		}
	}
	if (seedarg != NULL || run.roll) {
		if (cli_seed(seedarg, &run.seed, &co.seed_given) < 0)
			return EXIT_USAGE;
	}
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
	co.multi = argc - optind > 1;
	if (out_open(&o, outpath) < 0) {
		rules_free(rules);
		return diag_status();
	}
	if (run.roll && !co.seed_given && co.fmt != CFMT_TEXT &&
	    co.fmt != CFMT_XML)
		diag_msg(0, "seed: %llu", (unsigned long long)run.seed);
	run.w = combatout_new(o.fp, &co);
	if (optind >= argc)
		process(&run, "-");
	for (i = optind; i < argc; i++)
		process(&run, argv[i]);
	if (combatout_finish(run.w) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	rules_free(rules);
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
