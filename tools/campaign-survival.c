/* campaign-survival: Battle skill, Survival and Glory rolls per PC. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/campaignout.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/xmlio.h"

#include "gen/survival_rng.h"

struct run {
	struct campout o;
	struct surv_table t;
	uint64_t seed, fileno;
	const char *file;
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
record(void *ctx, struct toks *tk, long line, bool cols)
{
	static const char *const kws[] = { "pc" };
	struct run *r = ctx;
	struct surv_pc p;
	struct dice d;

	if (!tok_is(&tk->v[0], "pc") || tk->v[0].val != NULL ||
	    tk->v[0].quoted) {
		campin_unknown(&tk->v[0], line, cols, kws, 1);
		return;
	}
	if (campin_pc(tk, line, cols, &r->t, &p) == 0) {
		p.file = r->file;
		dice_stream(&d, r->seed, (r->fileno << 48) + (uint64_t)line);
		surv_run(&r->t, &p, &d);
		campout_pc(&r->o, &p);
	}
	free(p.name);
}

static void
do_file(struct run *r, const char *name)
{
	static const char *const recs[] = { "party", "pc", NULL };
	static const char *const bools[] = { "combat-reflexes",
	    "danger-sense", "cowardice", "reserve", "overconfidence",
	    "berserk", "luck", "leader", "commander", NULL };
	struct input in;

	if (input_open(&in, name) < 0)
		return;
	diag_set_file(name);
	r->file = name;
	if (input_first_byte(&in) == '<')
		campin_xml(&in, survival_rng, survival_rng_len, "survival.rng",
		    recs, bools, record, r);
	else
		campin_lines(&in, record, r);
	input_close(&in);
	r->fileno++;
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
