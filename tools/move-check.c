/* move-check: DBA tactical moves against the movement rules: distances,
 * PIP costs and budget, groups, columns, contacts, zone of control. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "core/xmlio.h"
#include "dba/bound.h"
#include "dba/rules.h"

enum { OPT_PIPS = 256, OPT_SCALE, OPT_RULES, OPT_LANG };

static const struct cli_opt opts[] = {
	{ "format", required_argument, 'T', "FMT",
	    "output: text (default), xml, tsv, json" },
	CLI_OPT_OUTPUT,
	{ "pips", required_argument, OPT_PIPS, "N",
	    "PIP die (1-6) for moves before any 'bound' line" },
	{ "scale", required_argument, OPT_SCALE, "SCALE",
	    "15mm (default: 100 paces = 1 in) or 25mm (1.5 in)" },
	CLI_OPT_RULES(OPT_RULES),
	{ "lang", required_argument, OPT_LANG, "LANG",
	    "language of the text output: de, en, ru" },
	{ NULL, 0, 0, NULL, NULL }
};

static const struct cli_tool tool = {
	"[-T text|xml|tsv|json] [--pips=N] [--scale=15mm|25mm]\n"
	"[--rules=dba1|FILE] [--lang=de|en|ru] [-o FILE] [file ...]",
	"DBA tactical moves: distances, PIP costs and budget, groups, "
	"contacts.\n"
	"Lines: bound PIPS [general-lost] | move TROOP[,TROOP...] DIST "
	"{FLAG}\n",
	opts,
	"DIST: paces, or with a unit p, mm, cm, in, bw (1.5bw, 3in).\n"
	"Flags: id=NAME road difficult river general column away far "
	"hidden contact\n"
	"       breakoff=TROOP end=good|difficult flank-contact face "
	"engaged\n"
	"       zoc=contact|face|withdraw|other screened wheel=DEG turn\n"
	"       frontage=column|gap|road|wheel|other\n",
	"every move is legal",
	"a move is illegal"
};

static void
check_file(void *ctx, struct input *in)
{
	bounds_read(ctx, in);
}

int
main(int argc, char **argv)
{
	static const char *const fmts[] = { "text", "xml", "tsv", "json",
	    NULL };
	static const char *const scales[] = { "15mm", "25mm", NULL };
	const char *outpath = NULL, *rulesarg = NULL;
	struct moveout_opts mo;
	struct bounds bs;
	struct rules *rules;
	struct cli cli;
	struct out o;
	int ch, scale = SCALE_15MM, pips = 0;
	long x;

	cli_init(&cli, &tool, argc, argv);
	memset(&mo, 0, sizeof mo);
	mo.lang = cli_lang_default();
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case 'T':
			if ((mo.fmt = cli_choice("--format", cli.arg,
			    fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			outpath = cli.arg;
			break;
		case OPT_PIPS:
			if (num_longs(cli.arg, 1, 6, &x) < 0) {
				diag_usage("invalid value '%s' for --pips "
				    "(1-6)", cli.arg);
				return EXIT_USAGE;
			}
			pips = (int)x;
			break;
		case OPT_SCALE:
			if ((scale = cli_choice("--scale", cli.arg,
			    scales)) < 0)
				return EXIT_USAGE;
			break;
		case OPT_RULES:
			rulesarg = cli.arg;
			break;
		case OPT_LANG:
			if ((ch = cli_lang(cli.arg)) < 0)
				return EXIT_USAGE;
			mo.lang = (enum lang)ch;
			break;
		}
	}
	if (ch < 0)
		return diag_status();
	xmlio_init();
	if ((rules = rules_load(rulesarg)) == NULL) {
		diag_raise(EXIT_USAGE);
		xmlio_cleanup();
		return diag_status();
	}
	diag_set_file("-");
	mo.rules = rules;
	mo.multi = cli.nfiles > 1;
	if (out_open(&o, outpath) < 0) {
		rules_free(rules);
		return diag_status();
	}
	bounds_init(&bs, rules, scale, pips, moveout_new(o.fp, &mo));
	cli_files(cli.nfiles, cli.files, check_file, &bs);
	if (moveout_finish(bs.w) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	bounds_free(&bs);
	rules_free(rules);
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
