/* campaign-survival: Battle skill, Survival and Glory rolls per PC. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/battle.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/xmlio.h"

struct run {
	struct campout o;
	struct surv_table t;
	uint64_t seed;
	struct battle b;
};

static const char *const longnames[] = {
	"help", "version", "format", "output", "seed", "glory-table", "lang",
	NULL
};

static void
usage(void)
{
	printf("usage: campaign-survival [-hV] [-T text|xml|tsv|json] "
	    "[-o FILE] [-s SEED]\n"
	    "           [--glory-table=FILE] [--lang=de|en|ru] [file ...]\n"
	    "GURPS mass-combat Battle skill, Survival and Glory rolls for "
	    "each PC.\n\n"
	    "  -T, --format=FMT       output: text (default), xml, tsv, json\n"
	    "  -o, --output=FILE      write to FILE (replaced atomically)\n"
	    "  -s, --seed=N           seed of the dice (default: BELLIS_SEED, "
	    "else random)\n"
	    "      --glory-table=FILE apply a Glory table in XML\n"
	    "      --lang=LANG        language of the texts: de, en, ru\n"
	    "  -h, --help             this help\n"
	    "  -V, --version          print the version\n\n"
	    "Input lines: pc NAME iq=N|tactics=N weapon=N "
	    "[combat-reflexes] [danger-sense]\n"
	    "  [risk=N] [cowardice] [reserve] [overconfidence] [berserk] "
	    "[losing=N] [mod=N]\n"
	    "  [luck] [tl=N] [dr=N] [ht=N] [leader] [commander] "
	    "[roll=N|A/B/C] [glory-roll=N]\n");
}

static void
do_file(struct run *r, const char *name)
{
	struct input in;

	if (input_open(&in, name) < 0)
		return;
	diag_set_file(name);
	if (r->b.out == NULL)
		battle_init(&r->b, &r->o, 1, NULL, &r->t, r->seed);
	battle_file(&r->b, &in);
	input_close(&in);
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
		{ "glory-table", required_argument, NULL, 'G' },
		{ "lang", required_argument, NULL, 'L' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const fmts[] = { "text", "xml", "tsv", "json",
	    NULL };
	struct glory_table g;
	struct run r;
	struct out o;
	const char *seedarg = NULL, *gtable = NULL, *outpath = NULL;
	int c, fmt = 0, lang, i;
	bool given;

	out_setup();
	diag_init(argv[0]);
	xmlio_init();
	memset(&r, 0, sizeof r);
	memset(&g, 0, sizeof g);
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
		case 'G': gtable = optarg; break;
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
	if (surv_table_load(&r.t) < 0 ||
	    (gtable != NULL && glory_table_load(&g, gtable) < 0)) {
		surv_table_free(&r.t);
		xmlio_cleanup();
		return diag_status();
	}
	if (out_open(&o, outpath) < 0) {
		glory_table_free(&g);
		surv_table_free(&r.t);
		xmlio_cleanup();
		return diag_status();
	}
	r.o.fp = o.fp;
	r.o.fmt = (enum campout_fmt)fmt;
	r.o.lang = (enum lang)lang;
	r.o.seed = r.seed;
	r.o.seed_given = given;
	r.o.report_seed = true;
	r.o.glory = gtable != NULL ? &g : NULL;
	r.o.surv = &r.t;
	campout_begin(&r.o, "survival");
	if (optind == argc)
		do_file(&r, "-");
	for (i = optind; i < argc; i++)
		do_file(&r, argv[i]);
	if (campout_end(&r.o) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	glory_table_free(&g);
	surv_table_free(&r.t);
	xmlio_cleanup();
	return diag_status();
}
