/* campaign-catastrophe: the GURPS mass-combat Catastrophe roll per side. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/battle.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "core/xmlio.h"

struct run {
	struct campout o;
	struct cat_table t;
	uint64_t seed;
	struct battle b;
};

static const char *const longnames[] = {
	"help", "version", "format", "output", "seed", "odds", "swap",
	"table", "lang", NULL
};

static void
usage(void)
{
	printf("usage: campaign-catastrophe [-hV] [-T text|xml|tsv|json] "
	    "[-o FILE] [-s SEED] [--odds]\n"
	    "           [--swap=A,B] [--table=FILE] [--lang=de|en|ru] "
	    "[file ...]\n"
	    "The GURPS mass-combat Catastrophe roll for each side of a "
	    "battle.\n\n"
	    "  -T, --format=FMT  output: text (default), xml, tsv, json\n"
	    "  -o, --output=FILE write to FILE (replaced atomically)\n"
	    "  -s, --seed=N      seed of the dice (default: BELLIS_SEED, "
	    "else random)\n"
	    "      --odds        exact odds of each event instead of a roll\n"
	    "      --swap=A,B    exchange the table rows of rolls A and B\n"
	    "      --table=FILE  use a Catastrophe table in XML\n"
	    "      --lang=LANG   language of the event texts: de, en, ru\n"
	    "  -h, --help        this help\n"
	    "  -V, --version     print the version\n\n"
	    "Input lines: side NAME [strategy=N] [ts=N] "
	    "[units=U:TS[:pc],...] [luck]\n"
	    "  [enemy-power=N] [roll=N|A/B/C] [pc-commander]; "
	    "battle [NAME] starts a battle.\n");
}

static void
do_file(struct run *r, const char *name)
{
	struct input in;

	if (input_open(&in, name) < 0)
		return;
	diag_set_file(name);
	if (r->b.out == NULL)
		battle_init(&r->b, &r->o, 1, &r->t, NULL, r->seed);
	battle_file(&r->b, &in);
	input_close(&in);
}

static int
swap_arg(struct cat_table *t, const char *arg)
{
	const char *c = strchr(arg, ',');
	long a, b;

	if (c == NULL || num_long(arg, (size_t)(c - arg), 3, 18, &a) < 0 ||
	    num_longs(c + 1, 3, 18, &b) < 0) {
		diag_usage("invalid value '%s' for --swap (two rolls 3-18, "
		    "e.g. 13,14)", arg);
		return -1;
	}
	return cat_swap(t, (int)a, (int)b);
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "format", required_argument, NULL, 'T' },
		{ "output", required_argument, NULL, 'o' },
		{ "seed", required_argument, NULL, 's' },
		{ "odds", no_argument, NULL, 'O' },
		{ "swap", required_argument, NULL, 'W' },
		{ "table", required_argument, NULL, 'B' },
		{ "lang", required_argument, NULL, 'L' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const fmts[] = { "text", "xml", "tsv", "json",
	    NULL };
	struct run r;
	struct out o;
	const char *seedarg = NULL, *table = NULL, *outpath = NULL, *swaps[8];
	int c, fmt = 0, lang, nswap = 0, i;
	bool given;

	out_setup();
	diag_init(argv[0]);
	xmlio_init();
	memset(&r, 0, sizeof r);
	lang = (int)cli_lang_default();
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hVT:o:s:", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(); return 0;
		case 'V': cli_version(); return 0;
		case 'T':
			if ((fmt = cli_choice("--format", optarg, fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o': outpath = optarg; break;
		case 's': seedarg = optarg; break;
		case 'O': r.o.odds = true; break;
		case 'W':
			if (nswap == 8) {
				diag_usage("too many --swap options");
				return EXIT_USAGE;
			}
			swaps[nswap++] = optarg;
			break;
		case 'B': table = optarg; break;
		case 'L':
			if ((lang = cli_lang(optarg)) < 0)
				return EXIT_USAGE;
			break;
		case ':':
			diag_usage("option '%s' needs a value",
			    argv[optind - 1]);
			return EXIT_USAGE;
		default:
			cli_bad_option(argv[optind - 1], longnames);
			return EXIT_USAGE;
		}
	}
	if (cli_seed(seedarg, &r.seed, &given) < 0)
		return EXIT_USAGE;
	if (cat_table_load(&r.t, table) < 0) {
		xmlio_cleanup();
		return diag_status();
	}
	for (i = 0; i < nswap; i++)
		if (swap_arg(&r.t, swaps[i]) < 0) {
			cat_table_free(&r.t);
			return EXIT_USAGE;
		}
	if (out_open(&o, outpath) < 0) {
		cat_table_free(&r.t);
		xmlio_cleanup();
		return diag_status();
	}
	r.o.fp = o.fp;
	r.o.fmt = (enum campout_fmt)fmt;
	r.o.lang = (enum lang)lang;
	r.o.seed = r.seed;
	r.o.seed_given = given;
	r.o.report_seed = true;
	r.o.table = &r.t;
	campout_begin(&r.o, "catastrophes");
	if (optind == argc)
		do_file(&r, "-");
	for (i = optind; i < argc; i++)
		do_file(&r, argv[i]);
	if (campout_end(&r.o) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	cat_table_free(&r.t);
	xmlio_cleanup();
	return diag_status();
}
