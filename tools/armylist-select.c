/* armylist-select: the armies of a collection (armylist XML or any list
 * carrier) that pass every predicate given, like grep. */
#include <stdlib.h>
#include <string.h>

#include "army/selectrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"

enum { OPT_ID = 256, OPT_BOOK, OPT_YEAR, OPT_FROM, OPT_TO, OPT_TROOP,
	OPT_ENEMY_OF, OPT_NAME, OPT_HEADER, OPT_FOLD };

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
		{ "id", required_argument, OPT_ID, "GLOB",
		    "the id matches a shell pattern (II/5*), or one of\n"
		    "those in a file: --id=@FILE", NULL },
		{ "book", required_argument, OPT_BOOK, "BOOK",
		    "the id is in book I, II, III or IV", "I|II|III|IV" },
		{ "year", required_argument, OPT_YEAR, "Y",
		    "active in year Y (216BC, or negative for BC)", NULL },
		{ "from", required_argument, OPT_FROM, "Y",
		    "the period ends in year Y or later", NULL },
		{ "to", required_argument, OPT_TO, "Y",
		    "the period starts in year Y or earlier", NULL },
		{ "troop", required_argument, OPT_TROOP, "TYPE",
		    "the troop type appears in any choice (code or name;\n"
		    "figures count: 4Kn)", NULL },
		{ "fold", no_argument, OPT_FOLD, NULL,
		    "with --troop, the type by any name (Kn: HCh too)",
		    NULL },
		{ "enemy-of", required_argument, OPT_ENEMY_OF, "ID",
		    "lists ID as an enemy, or is an enemy ID lists", NULL },
		{ "name", required_argument, OPT_NAME, "REGEX",
		    "the name matches the extended regex (any case)", NULL },
		{ "invert-match", no_argument, 'v', NULL,
		    "select the armies that do not match", NULL },
		CLI_OPT_LANG("troop names in text output"),
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
	struct selectrun_opts o;
	struct cli cli;
	int ch, rc;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	while ((ch = cli_next(&cli)) > 0) {
		rc = 0;
		switch (ch) {
		case OPT_BOOK:
			if ((rc = cli_choice("--book", cli.arg,
			    selectrun_books)) >= 0)
				o.book = selectrun_books[rc];
			break;
		case OPT_ENEMY_OF:
			o.enemy_of = cli.arg;
			rc = selectrun_enemy(cli.arg);
			break;
		case OPT_HEADER:
			o.header = cli.arg;
			break;
		case OPT_FROM:
			o.has_from = true;
			rc = selectrun_year("--from", cli.arg, &o.from);
			break;
		case OPT_ID:
			o.id = cli.arg;
			rc = selectrun_id(cli.arg);
			break;
		case 'v':
			o.invert = true;
			break;
		case OPT_FOLD:
			o.fold = true;
			break;
		case OPT_NAME:
			o.name = cli.arg;
			rc = selectrun_name(cli.arg);
			break;
		case OPT_TO:
			o.has_to = true;
			rc = selectrun_year("--to", cli.arg, &o.to);
			break;
		case OPT_TROOP:
			o.troop_arg = cli.arg;
			rc = selectrun_troop(cli.arg, &o.troop);
			break;
		case OPT_YEAR:
			o.has_year = true;
			rc = selectrun_year("--year", cli.arg, &o.year);
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
		if (rc < 0)
			return EXIT_USAGE;
	}
	if (ch < 0)
		return diag_status();
	return selectrun_run(&o, &cli);
}
