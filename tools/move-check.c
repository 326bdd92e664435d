/* move-check: DBA tactical moves against the movement rules: distances,
 * PIP costs and budget, groups, columns, contacts, zone of control. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "dba/bounds.h"
#include "rules/rules.h"
#include "rules/troop.h"

enum { OPT_PIPS = 256, OPT_SCALE, OPT_EXPLAIN };

static const struct cli_tool tool = {
	.about = "DBA tactical moves: distances, PIP costs and budget, groups, "
	    "contacts.\n"
	    "Lines: bound PIPS [general-lost] | move TROOP[,TROOP...] DIST "
	    "{FLAG}\n",
	.more = "DIST: paces, or with a unit p, mm, cm, in, bw (1.5bw, 3in).\n"
	    "Flags: id=NAME road difficult river general column away far "
	    "hidden contact\n"
	    "       breakoff=TROOP end=good|difficult flank-contact face "
	    "engaged\n"
	    "       zoc=contact|face|withdraw|other screened wheel=DEG turn\n"
	    "       frontage=column|gap|road|wheel|other\n",
	.ok = "every move is legal",
	.no = "a move is illegal",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "pips", required_argument, OPT_PIPS, "N",
		    "PIP die (1-6) for moves before any 'bound' line", NULL },
		{ "scale", required_argument, OPT_SCALE, "SCALE",
		    "15mm (default: 100 paces = 1 in) or 25mm (1.5 in)",
		    "15mm|25mm" },
		{ "explain", no_argument, OPT_EXPLAIN, NULL,
		    "text: the source and confidence of each figure used",
		    NULL },
		CLI_OPT_RULES,
		CLI_OPT_LANG("the text output"),
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	static const char *const scales[] = { "15mm", "25mm", NULL };
	struct moveout_opts mo;
	struct bounds bs;
	struct rules *rules;
	struct cli cli;
	struct out o;
	const char *pipsarg = NULL;
	int ch, scale = SCALE_15MM;
	bool explain = false;
	long pips = 0;

	cli_init(&cli, &tool, argc, argv);
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_PIPS:
			pipsarg = cli.arg;
			break;
		case OPT_SCALE:
			if ((scale = cli_choice("--scale", cli.arg,
			    scales)) < 0)
				return EXIT_USAGE;
			break;
		case OPT_EXPLAIN:
			explain = true;
			break;
		}
	}
	if (ch < 0)
		return diag_status();
	if ((rules = rules_open(cli.rules)) == NULL)
		return cli_end(NULL);
	if (pipsarg != NULL && num_longs(pipsarg, 1, rules->pip_die,
	    &pips) < 0) {
		/* the PIP die is the rules table's */
		diag_usage("invalid value '%s' for --pips (1-%d)", pipsarg,
		    rules->pip_die);
		rules_free(rules);
		troop_cleanup();
		return cli_end(NULL);
	}
	diag_set_file("-");
	memset(&mo, 0, sizeof mo);
	mo.fmt = cli.format;
	mo.lang = cli.lang;
	mo.rules = rules;
	mo.multi = cli.nfiles > 1;
	mo.explain = explain;
	if (out_open(&o, cli.output) < 0) {
		rules_free(rules);
		troop_cleanup();
		return cli_end(NULL);
	}
	bounds_init(&bs, rules, scale, (int)pips, moveout_new(o.fp, &mo));
	cli_files(cli.nfiles, cli.files, bounds_read, &bs);
	if (moveout_finish(bs.w) < 0)
		diag_raise(EXIT_SYS);
	bounds_free(&bs);
	rules_free(rules);
	troop_cleanup();
	return cli_end(&o);
}
