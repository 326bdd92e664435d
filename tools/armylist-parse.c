/* armylist-parse: old German list sheets (pipe table, TSV, HTML), English
 * list text and armylist XML to armylist XML, TSV, JSON or list text. */
#include <stdlib.h>

#include "army/parserun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"

enum { OPT_HEADER = 256 };

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
		{ "header", required_argument, OPT_HEADER, "FILE",
		    "read FILE's lines before each sheet (a chunk's header)",
		    NULL },
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	const char *header = NULL;
	struct cli cli;
	int ch;

	cli_init(&cli, &tool, argc, argv);
	while ((ch = cli_next(&cli)) > 0) {
		if (ch != OPT_HEADER)  /* cli_next returns no other id */
			abort();
		header = cli.arg;
	}
	if (ch < 0)
		return diag_status();
	return parserun_run(&cli, header);
}
