/* refcard-render: printable reference cards (HTML or PDF) for the armies
 * of armylist XML, the rules tables and the campaign tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "army/armyin.h"
#include "card/cardrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "dba/rules.h"

enum { OPT_CARDS = 256, OPT_PAPER };

static const char *const formats[] = { "html", "pdf", NULL };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Printable reference cards: one per army of armylist XML, the "
	    "rules,\nthe campaign.\n",
	.more = "Environment: SOURCE_DATE_EPOCH sets the PDF creation date "
	    "(default: none).\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "cards", required_argument, OPT_CARDS, "LIST",
		    "cards in this order: army (default), rules, campaign",
		    "army,rules,campaign" },
		{ "paper", required_argument, OPT_PAPER, "SIZE",
		    "page size: a6 (default), a5, a4, letter", "a6|a5|a4|letter" },
		CLI_OPT_LANG("the cards"),
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

int
main(int argc, char **argv)
{
	static const char *const papers[] = { "a6", "a5", "a4", "letter",
	    NULL };
	int sets[CARDS_N * 4] = { CARDS_ARMY }, ch, i;
	struct cardrun_opts co;
	struct rules *rules;
	struct cli cli;
	struct out o;

	cli_init(&cli, &tool, argc, argv);
	memset(&co, 0, sizeof co);
	co.paper = PAPER_A6;
	co.sets = sets;
	co.nsets = 1;
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_CARDS:
			if ((co.nsets = cli_choices("--cards", cli.arg,
			    cardrun_sets, sets, CARDS_N * 4)) < 0)
				return EXIT_USAGE;
			break;
		case OPT_PAPER:
			if ((ch = cli_choice("--paper", cli.arg, papers)) < 0)
				return EXIT_USAGE;
			co.paper = (enum card_paper)ch;
			break;
		}
	}
	if (ch < 0)
		return diag_status();
	co.pdf = cli.format == 1;
	co.lang = cli.lang;
	for (i = 0; i < co.nsets && sets[i] != CARDS_ARMY; i++)
		;
	if (cli.nfiles > 0 && i == co.nsets) {
		diag_usage("file operands need the army cards "
		    "(--cards=army,...)");
		return EXIT_USAGE;
	}
	if (co.pdf && (cli.output == NULL || strcmp(cli.output, "-") == 0) &&
	    isatty(STDOUT_FILENO)) {
		diag_usage("not writing PDF to a terminal (use -o FILE)");
		return EXIT_USAGE;
	}
	if ((co.rules = rules = rules_open(cli.rules)) == NULL)
		return cli_end(NULL);
	if (out_open(&o, cli.output) < 0) {
		rules_close(rules);
		return cli_end(NULL);
	}
	if (cardrun_render(o.fp, &co, cli.nfiles, cli.files) < 0)
		diag_raise(EXIT_SYS);
	rules_close(rules);
	return cli_end(&o);
}
