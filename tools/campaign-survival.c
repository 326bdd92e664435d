/* campaign-survival: Battle skill, Survival and Glory rolls per PC. */
#include <stdlib.h>
#include <string.h>

#include "campaign/camprun.h"
#include "core/cli.h"
#include "core/diag.h"

enum { OPT_GLORY = 256, OPT_BATTLE };

static const struct cli_tool tool = {
	.formats = cli_formats,
	.about = "GURPS mass-combat Battle skill, Survival and Glory rolls for "
	    "each PC.\n",
	.more = "Input lines: pc NAME iq=N|tactics=N weapon=N "
	    "[combat-reflexes] [danger-sense]\n"
	    "  [risk=N] [cowardice] [reserve] [overconfidence] [berserk] "
	    "[losing=N] [mod=N]\n"
	    "  [luck] [tl=N] [dr=N] [ht=N] [leader] [commander] "
	    "[roll=N|A/B/C]\n"
	    "  [glory-roll=N] [side=NAME] [unit=NAME]\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_OUTPUT,
		CLI_OPT_DICE_SEED,
		{ "glory-table", required_argument, OPT_GLORY, "FILE",
		    "apply a Glory table in XML", NULL },
		{ "battle", required_argument, OPT_BATTLE, "FILE",
		    "the Catastrophes of the battle: campaign-catastrophe's "
		    "XML output", NULL },
		CLI_OPT_LANG("the texts"),
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
		case OPT_BATTLE:
			o.battle = cli.arg;
			break;
		case OPT_GLORY:
			o.glory = cli.arg;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	return camprun_survival(&o, &cli);
}
