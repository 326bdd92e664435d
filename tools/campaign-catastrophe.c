/* campaign-catastrophe: the GURPS mass-combat Catastrophe roll per side. */
#include <stdlib.h>
#include <string.h>

#include "campaign/camprun.h"
#include "core/cli.h"
#include "core/diag.h"

enum { OPT_ODDS = 256, OPT_SWAP, OPT_TABLE };

static const struct cli_tool tool = {
	.formats = cli_formats,
	.about = "The GURPS mass-combat Catastrophe roll for each side of a "
	    "battle.\n",
	.more = "Input lines: side NAME [strategy=N] [ts=N] "
	    "[units=U:TS[:pc],...] [luck]\n"
	    "  [enemy-power=N] [roll=N|A/B/C] [pc-commander]; "
	    "battle [NAME] starts a battle.\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_OUTPUT,
		CLI_OPT_DICE_SEED,
		{ "odds", no_argument, OPT_ODDS, NULL,
		    "exact odds of each event instead of a roll", NULL },
		{ "swap", required_argument, OPT_SWAP, "A,B",
		    "exchange the table rows of rolls A and B", NULL },
		{ "table", required_argument, OPT_TABLE, "FILE",
		    "use a Catastrophe table in XML", NULL },
		CLI_OPT_LANG("the event texts"),
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	struct camprun_opts o;
	struct cli cli;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_ODDS:
			o.odds = true;
			break;
		case OPT_SWAP:
			if (o.nswap == CAMPRUN_MAXSWAP) {
				diag_usage("too many --swap options");
				return EXIT_USAGE;
			}
			o.swap[o.nswap++] = cli.arg;
			break;
		case OPT_TABLE:
			o.table = cli.arg;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	return camprun_catastrophe(&o, &cli);
}
