/* move-check: DBA tactical moves against the movement rules: distances,
 * PIP costs and budget, groups, columns, contacts, zone of control. */
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "dba/moverun.h"
#include "rules/rules.h"

enum { OPT_PIPS = 256, OPT_SCALE, OPT_EXPLAIN };

static const struct cli_tool tool = {
	.formats = cli_formats,
	.about = "DBA tactical moves: distances, PIP costs and budget, groups, "
	    "contacts.\n"
	    "Lines: bound PIPS [general-lost] | move TROOP[,TROOP...] DIST "
	    "{FLAG}\n",
	.more = "DIST: paces (dba3: base widths), or with a unit p, mm, cm, in, "
	    "bw (1.5bw, 3in).\n"
	    "Flags: id=NAME road difficult river general column away far "
	    "hidden contact\n"
	    "       breakoff=TROOP end=good|difficult flank-contact face "
	    "engaged\n"
	    "       zoc=contact|face|withdraw|other screened wheel=DEG turn\n"
	    "       frontage=column|gap|road|wheel|other\n"
	    "       rough end=rough bad (dba3)\n",
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
	struct moverun_opts o;
	struct cli cli;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	o.scale = SCALE_15MM;
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_EXPLAIN:
			o.explain = true;
			break;
		case OPT_PIPS:
			o.pips = cli.arg;
			break;
		case OPT_SCALE:
			if ((o.scale = cli_choice("--scale", cli.arg,
			    scales)) < 0)
				return EXIT_USAGE;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	return moverun_run(&o, &cli);
}
