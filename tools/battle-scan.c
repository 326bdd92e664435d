/* battle-scan: adjudicate a DBA position from the battlefield: contacts,
 * overlaps, support, going, zones of control, command distance; written
 * as combat-calc and move-check lines, XML, JSON, or drawn (SVG, PDF). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "battle/scan.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "core/xmlio.h"
#include "dba/movein.h"
#include "dba/troop.h"

enum { OPT_PLAN = 256, OPT_TOL, OPT_RULES, OPT_SCALE, OPT_LANG, OPT_VERD };

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'T' },
	{ "output", required_argument, NULL, 'o' },
	{ "plan", required_argument, NULL, OPT_PLAN },
	{ "tolerance", required_argument, NULL, OPT_TOL },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "scale", required_argument, NULL, OPT_SCALE },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ "verdicts", required_argument, NULL, OPT_VERD },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static const char *const longnames[] = {
	"format", "output", "plan", "tolerance", "rules", "scale", "lang",
	"verdicts", "help", "version", NULL
};

static void
usage(void)
{
	printf("usage: battle-scan [-T text|combat|moves|xml|json|jsonl|svg|"
	    "pdf] [--plan=FILE]\n"
	    "                   [--tolerance=P] [--rules=dba1|FILE] "
	    "[--scale=15mm|25mm]\n"
	    "                   [--lang=de|en|ru] [--verdicts=FILE] [-o FILE] "
	    "[file ...]\n"
	    "Adjudicate a DBA position from a battlefield file.\n\n"
	    "  -T, --format=FMT    text (default), combat (combat-calc lines),"
	    " moves\n"
	    "                      (move-check lines), xml, json, jsonl, svg, "
	    "pdf\n"
	    "  -o, --output=FILE   write to FILE (replaced atomically)\n"
	    "      --plan=FILE     the moves of the bound: move ID[,ID...] "
	    "STEP...\n"
	    "      --tolerance=P   contact tolerance in paces (default 2)\n"
	    "      --rules=NAME    rules edition dba1 (default) or a rules "
	    "XML file\n"
	    "      --scale=S       15mm (default) or 25mm: units and drawing\n"
	    "      --lang=LANG     language of the troop labels: de, en, ru\n"
	    "      --verdicts=F    move-check's text output: paths coloured\n"
	    "  -h, --help          show this help\n"
	    "  -V, --version       show the version\n");
}

int
main(int argc, char **argv)
{
	static const char *const scales[] = { "15mm", "25mm", NULL };
	struct bscan_opts o;
	struct rules *rules;
	struct out out;
	const char *outpath = NULL, *rulesarg = NULL;
	long tol;
	int ch, v;

	out_setup();
	diag_init(argv[0]);
	xmlio_init();
	memset(&o, 0, sizeof o);
	o.lang = cli_lang_default();
	o.tol = 2;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":T:o:hV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'T':
			if ((o.fmt = cli_choice("--format", optarg,
			    bscan_fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			outpath = optarg;
			break;
		case OPT_PLAN:
			o.plan = optarg;
			break;
		case OPT_TOL:
			if (num_longs(optarg, 0, 1000, &tol) < 0) {
				diag_usage("invalid tolerance '%s' (0-1000 "
				    "paces)", optarg);
				return EXIT_USAGE;
			}
			o.tol = tol > 0 ? (double)tol : 1e-6;
			break;
		case OPT_RULES:
			rulesarg = optarg;
			break;
		case OPT_SCALE:
			if ((v = cli_choice("--scale", optarg, scales)) < 0)
				return EXIT_USAGE;
			o.scale = v == 1 ? SCALE_25MM : SCALE_15MM;
			break;
		case OPT_LANG:
			if ((v = cli_lang(optarg)) < 0)
				return EXIT_USAGE;
			o.lang = (enum lang)v;
			break;
		case OPT_VERD:
			o.verdicts = optarg;
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
	if (o.fmt == BS_SVG && argc - optind > 1) {
		diag_usage("-T svg draws one battlefield (-T pdf draws one "
		    "page each)");
		return EXIT_USAGE;
	}
	if ((rules = rules_load(rulesarg)) == NULL) {
		diag_raise(EXIT_USAGE);
		xmlio_cleanup();
		return diag_status();
	}
	o.r = rules;
	troop_init();
	if (out_open(&out, outpath) < 0) {
		rules_free(rules);
		return diag_status();
	}
	if (battle_scan(&o, out.fp, argv + optind, argc - optind) < 0)
		diag_raise(EXIT_SYS);
	out_close(&out, diag_status() < EXIT_USAGE);
	rules_free(rules);
	battle_cleanup();
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
