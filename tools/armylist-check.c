/* armylist-check: validate a collection of army lists (schema, element
 * totals, generals, packages, ids, troops, references, dates), whole or
 * in parts against its index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/checkrun.h"
#include "core/cli.h"
#include "core/diag.h"

enum { OPT_IGNORE = 256, OPT_INDEX, OPT_WRITE_INDEX, OPT_BOOK,
	OPT_EVENT };

static const struct cli_tool tool = {
	.formats = cli_formats,
	.about = "Check a collection of army lists (armylist XML, JSON Lines, any "
	    "carrier of\narmylist-parse): schema, 12 elements, one general, "
	    "packages, ids, troop\ntypes, references, dates.\n",
	.more = "References are resolved across all files, or against the "
	    "whole collection\nof --index (a chunk of it checked alone).\n"
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
		{ "index", required_argument, OPT_INDEX, "FILE",
		    "the ids of the whole collection (TSV: id, file, line)",
		    NULL },
		{ "write-index", required_argument, OPT_WRITE_INDEX, "FILE",
		    "write the id, file and line of each army read to FILE",
		    NULL },
		{ "book", required_argument, OPT_BOOK, "BOOK",
		    "the armies are players' entries: check each against "
		    "its list in BOOK", NULL },
		{ "event", required_argument, OPT_EVENT, "EVENT",
		    "with --book: what the event allows (event XML, or a "
		    "file of ids)", NULL },
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
			if (checkrun_ignore(cli.arg, &o) < 0)
				return EXIT_USAGE;
			break;
		case 'q':
			o.quiet = true;
			break;
		case OPT_INDEX:
			o.index = cli.arg;
			break;
		case OPT_WRITE_INDEX:
			o.write_index = cli.arg;
			break;
		case OPT_BOOK:
			o.book = cli.arg;
			break;
		case OPT_EVENT:
			o.event = cli.arg;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	if (ch < 0)
		return diag_status();
	return checkrun_run(&o, &cli);
}
