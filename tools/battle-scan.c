/* battle-scan: adjudicate a DBA position from the battlefield: contacts,
 * overlaps, support, going, zones of control, command distance; written
 * as combat-calc and move-check lines, XML, JSON, or drawn (SVG, PDF). */
#include <stdlib.h>
#include <string.h>

#include "battle/scan.h"
#include "battle/scanrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "rules/rules.h"

enum { OPT_PLAN = 256, OPT_TOL, OPT_SCALE, OPT_VERD, OPT_PAPER, OPT_FIT };

static const char *const scales[] = { "15mm", "25mm", NULL };
/* in the order of enum bpaper and enum bfit */
static const char *const papers[] = { "table", "a4", "a3", "letter", NULL };
static const char *const fits[] = { "all", "action", NULL };

static const enum out_fmt formats[] = { FMT_TEXT, FMT_COMBAT, FMT_MOVES,
	FMT_XML, FMT_JSON, FMT_JSONL, FMT_SVG, FMT_PDF, FMT_N };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Adjudicate a DBA position from a battlefield file: the "
	    "words of combat-calc\nand move-check derived from where the "
	    "bases stand, or the table drawn.\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "plan", required_argument, OPT_PLAN, "FILE",
		    "the moves of the bound: move ID[,ID...] STEP...", NULL },
		{ "tolerance", required_argument, OPT_TOL, "P",
		    "contact tolerance in paces (default 2)", NULL },
		CLI_OPT_RULES,
		{ "scale", required_argument, OPT_SCALE, "S",
		    "15mm (default) or 25mm: units and drawing", "15mm|25mm" },
		{ "paper", required_argument, OPT_PAPER, "P",
		    "the picture's page: table (default: the table's own "
		    "size), a4, a3, letter", "table|a4|a3|letter" },
		{ "fit", required_argument, OPT_FIT, "F",
		    "on paper, all (default): the whole table, action: where "
		    "the bases stand", "all|action" },
		CLI_OPT_LANG("the troop labels"),
		{ "verdicts", required_argument, OPT_VERD, "FILE",
		    "move-check's text output: paths coloured", NULL },
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	struct scanrun_opts o;
	struct cli cli;
	long tol;
	int ch, v;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	o.tol = 2;
	o.scale = SCALE_15MM;
#ifndef BELLIS_MULTI
	/* multi/bellis leaves cairo and pango out: its -T pdf runs this
	 * program built on its own, libexec/bellis/battle-scan */
	o.pdf = &bfpdf_writer;
#endif
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_PLAN:
			o.plan = cli.arg;
			break;
		case OPT_SCALE:
			if ((v = cli_choice("--scale", cli.arg, scales)) < 0)
				return EXIT_USAGE;
			o.scale = v == 1 ? SCALE_25MM : SCALE_15MM;
			break;
		case OPT_PAPER:
			if ((v = cli_choice("--paper", cli.arg, papers)) < 0)
				return EXIT_USAGE;
			o.paper = v;
			break;
		case OPT_FIT:
			if ((v = cli_choice("--fit", cli.arg, fits)) < 0)
				return EXIT_USAGE;
			o.fit = v;
			break;
		case OPT_TOL:
			if (num_longs(cli.arg, 0, 1000, &tol) < 0) {
				diag_usage("invalid tolerance '%s' (0-1000 "
				    "paces)", cli.arg);
				return EXIT_USAGE;
			}
			o.tol = tol > 0 ? (double)tol : 1e-6;
			break;
		case OPT_VERD:
			o.verdicts = cli.arg;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	return scanrun_run(&o, &cli);
}
