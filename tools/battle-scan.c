/* battle-scan: adjudicate a DBA position from the battlefield: contacts,
 * overlaps, support, going, zones of control, command distance; written
 * as combat-calc and move-check lines, XML, JSON, or drawn (SVG, PDF). */
#include <stdio.h>
#include <string.h>

#include "battle/scan.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "rules/rules.h"
#include "rules/troop.h"

enum { OPT_PLAN = 256, OPT_TOL, OPT_SCALE, OPT_VERD };

static const char *const scales[] = { "15mm", "25mm", NULL };

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
		CLI_OPT_LANG("the troop labels"),
		{ "verdicts", required_argument, OPT_VERD, "FILE",
		    "move-check's text output: paths coloured", NULL },
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

static int
option(struct bscan_opts *o, int ch, const char *arg)
{
	long tol;
	int v;

	switch (ch) {
	case OPT_PLAN:
		o->plan = arg;
		break;
	case OPT_TOL:
		if (num_longs(arg, 0, 1000, &tol) < 0) {
			diag_usage("invalid tolerance '%s' (0-1000 paces)",
			    arg);
			return -1;
		}
		o->tol = tol > 0 ? (double)tol : 1e-6;
		break;
	case OPT_SCALE:
		if ((v = cli_choice("--scale", arg, scales)) < 0)
			return -1;
		o->scale = v == 1 ? SCALE_25MM : SCALE_15MM;
		break;
	default:
		o->verdicts = arg;
		break;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct bscan_opts o;
	struct rules *rules;
	struct cli cli;
	struct out out;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	o.tol = 2;
	while ((ch = cli_next(&cli)) > 0)
		if (option(&o, ch, cli.arg) < 0)
			return diag_status();
	if (ch < 0)
		return diag_status();
	o.fmt = cli.format;
	o.lang = cli.lang;
	o.by_label = cli.rules == NULL;         /* each file by its label */
	if (o.fmt == FMT_SVG && cli.nfiles > 1) {
		diag_usage("-T svg draws one battlefield (-T pdf draws one "
		    "page each)");
		return EXIT_USAGE;
	}
	if ((o.r = rules = rules_open(cli.rules)) == NULL)
		return cli_end(NULL);
	if (out_open(&out, cli.output) < 0) {
		rules_free(rules);
		troop_cleanup();
		return cli_end(NULL);
	}
	if (scan_files(&o, out.fp, cli.files, cli.nfiles) < 0)
		diag_raise(EXIT_SYS);
	rules_free(rules);
	troop_cleanup();
	return cli_end(&out);
}
