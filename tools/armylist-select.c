/* armylist-select: the armies of a collection (armylist XML or any list
 * carrier) that pass every predicate given, like grep. */
#include <stdio.h>
#include <stdlib.h>

#include "army/armyselect.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "rules/troop.h"

static const enum out_fmt formats[] = { FMT_XML, FMT_TSV, FMT_JSON, FMT_TEXT,
	FMT_JSONL, FMT_N };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Select the armies of a collection (armylist XML or any "
	    "list carrier of\narmylist-parse) that match every predicate "
	    "given, like grep.\n",
	.more = "See armylist-select(1), armylist(5) and bellis(7).\n",
	.ok = "an army matched",
	.no = "no army matched",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "id", required_argument, ASEL_ID, "GLOB",
		    "the id matches a shell pattern (II/5*)", NULL },
		{ "book", required_argument, ASEL_BOOK, "BOOK",
		    "the id is in book I, II, III or IV", "I|II|III|IV" },
		{ "year", required_argument, ASEL_YEAR, "Y",
		    "active in year Y (negative: BC)", NULL },
		{ "from", required_argument, ASEL_FROM, "Y",
		    "the period ends in year Y or later", NULL },
		{ "to", required_argument, ASEL_TO, "Y",
		    "the period starts in year Y or earlier", NULL },
		{ "troop", required_argument, ASEL_TROOP, "TYPE",
		    "the troop type appears in any choice (code or name)",
		    NULL },
		{ "enemy-of", required_argument, ASEL_ENEMY_OF, "ID",
		    "lists ID as an enemy, or is an enemy ID lists", NULL },
		{ "name", required_argument, ASEL_NAME, "REGEX",
		    "the name matches the extended regex (any case)", NULL },
		{ "invert-match", no_argument, ASEL_INVERT, NULL,
		    "select the armies that do not match", NULL },
		CLI_OPT_LANG("troop names in text output"),
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	struct armyselect *s;
	struct cli cli;
	struct out o;
	int ch, st;

	cli_init(&cli, &tool, argc, argv);
	s = armyselect_new();
	while ((ch = cli_next(&cli)) > 0)
		if (armyselect_option(s, ch, cli.arg) < 0)
			break;
	if (ch != 0 || armyselect_open(s, cli.nfiles, cli.files) < 0) {
		armyselect_free(s);
		troop_cleanup();
		return cli_end(NULL);
	}
	troop_init();
	if (out_open(&o, cli.output) < 0) {
		armyselect_free(s);
		troop_cleanup();
		return cli_end(NULL);
	}
	(void)armyselect_write(s, o.fp, cli.format, cli.lang);
	armyselect_free(s);
	st = cli_end(&o);
	troop_cleanup();
	return st;
}
