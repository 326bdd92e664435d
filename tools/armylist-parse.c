/* armylist-parse: old German list sheets (pipe table, TSV, HTML), English
 * list text and armylist XML to armylist XML, TSV, JSON or list text. */
#include "army/parserun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"

static const enum out_fmt formats[] = { FMT_XML, FMT_TSV, FMT_JSON, FMT_TEXT,
	FMT_JSONL, FMT_N };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Convert army list sheets (pipe table, TSV, CSV, HTML, English "
	    "list text,\narmylist XML) into armylist XML.\n",
	.more = "See armylist-parse(1), armylist(5) and bellis(7).\n",
	.ok = "ok",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_LANG("troop names in text output"),
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	struct cli cli;

	cli_init(&cli, &tool, argc, argv);
	/* no options but those of struct cli: cli_next returns 0 or -1 */
	if (cli_next(&cli) < 0)
		return diag_status();
	return parserun_run(&cli);
}
