/* armylist-check: validate a collection of armylist XML (schema, element
 * totals, generals, packages, ids, troops, references, dates). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/checkrun.h"
#include "core/cli.h"
#include "core/diag.h"

enum { OPT_IGNORE = 256 };

static const struct cli_tool tool = {
	.formats = cli_formats,
	.about = "Check a collection of armylist XML: schema, 12 elements, one "
	    "general,\npackages, ids, troop types, references, dates.\n",
	.more = "References are resolved across all files.\n"
	    "See armylist-check(1), armylist(5) and bellis(7).\n",
	.ok = "no error found",
	.no = "an error finding",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "ignore", required_argument, OPT_IGNORE, "CODES",
		    "neither report nor count findings with these codes",
		    "CODE[,CODE]" },
		{ "quiet", no_argument, 'q', NULL,
		    "errors only: no warnings, no summary line", NULL },
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	struct checkrun_opts o;
	struct cli cli;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_IGNORE:
			if (checkrun_ignore(cli.arg, &o.ignore) < 0)
				return EXIT_USAGE;
			break;
		case 'q':
			o.quiet = true;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	return checkrun_run(&o, &cli);
}
