/* refcard-render: printable reference cards (HTML or PDF) for the armies
 * of armylist XML, the matchup of two of them, the rules tables and the
 * campaign tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "card/cardrun.h"
#include "card/matchup.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "rules/rules.h"
#include "rules/troop.h"

enum { OPT_CARDS = 256, OPT_PAPER, OPT_ARMY, OPT_MATCHUP, OPT_IMPOSE,
	OPT_LEGEND };

static const enum out_fmt formats[] = { FMT_HTML, FMT_PDF, FMT_N };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Printable reference cards: one per army of armylist XML, the "
	    "matchup\nof two armies, the rules, the campaign.\n",
	.more = "Environment: SOURCE_DATE_EPOCH sets the PDF creation date "
	    "(default: none).\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		{ "cards", required_argument, OPT_CARDS, "LIST",
		    "cards in this order: army (default), rules, campaign, "
		    "matchup", "army,rules,campaign,matchup" },
		{ "army", required_argument, OPT_ARMY, "ID[,ID...]",
		    "the army cards of these armies only", NULL },
		{ "matchup", required_argument, OPT_MATCHUP, "A,B",
		    "the matchup card of armies A and B", NULL },
		{ "paper", required_argument, OPT_PAPER, "SIZE",
		    "page size: a6 (default), a5, a4, letter; with --impose "
		    "the sheet", "a6|a5|a4|letter" },
		{ "impose", required_argument, OPT_IMPOSE, "GRID",
		    "PDF: A6 cards 2x2 or 1x2 to an A4 (or letter) sheet",
		    "2x2|1x2" },
		{ "legend", no_argument, OPT_LEGEND, NULL,
		    "a line on each German or Russian card mapping its "
		    "troop abbreviations to the English codes", NULL },
		CLI_OPT_LANG("the cards"),
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

static int
usage(struct cardrun_opts *co)
{
	cardrun_opts_free(co);
	return EXIT_USAGE;
}

int
main(int argc, char **argv)
{
	static const char *const papers[] = { "a6", "a5", "a4", "letter",
	    NULL };
	static const char *const grids[] = { "1x2", "2x2", NULL };
	int sets[CARDS_N * 4] = { CARDS_ARMY }, ch;
	bool cards = false, paper = false;
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
				return usage(&co);
			cards = true;
			break;
		case OPT_PAPER:
			if ((ch = cli_choice("--paper", cli.arg, papers)) < 0)
				return usage(&co);
			co.paper = (enum card_paper)ch;
			paper = true;
			break;
		case OPT_ARMY:
			if (cardrun_ids(&co, cli.arg) < 0)
				return usage(&co);
			break;
		case OPT_MATCHUP:
			if (co.matchup != NULL)
				matchup_free(co.matchup);
			if ((co.matchup = matchup_new(cli.arg, false)) == NULL)
				return usage(&co);
			break;
		case OPT_IMPOSE:
			if ((ch = cli_choice("--impose", cli.arg, grids)) < 0)
				return usage(&co);
			co.impose = (enum card_impose)(ch + 1);
			break;
		case OPT_LEGEND:
			co.legend = true;
			break;
		}
	}
	if (ch < 0) {
		cardrun_opts_free(&co);
		return diag_status();
	}
	co.pdf = cli.format == FMT_PDF;
	co.lang = cli.lang;
	co.by_label = cli.rules == NULL;        /* each file by its label */
	if (cardrun_check(&co, sets, cards, paper, cli.nfiles) < 0)
		return usage(&co);
	if (co.pdf && (cli.output == NULL || strcmp(cli.output, "-") == 0) &&
	    isatty(STDOUT_FILENO)) {
		diag_usage("not writing PDF to a terminal (use -o FILE)");
		return usage(&co);
	}
	if ((co.rules = rules = rules_open(cli.rules)) == NULL) {
		cardrun_opts_free(&co);
		return cli_end(NULL);
	}
	if (out_open(&o, cli.output) < 0) {
		rules_free(rules);
		troop_cleanup();
		cardrun_opts_free(&co);
		return cli_end(NULL);
	}
	if (cardrun_render(o.fp, &co, cli.nfiles, cli.files) < 0)
		diag_raise(EXIT_SYS);
	rules_free(rules);
	troop_cleanup();
	cardrun_opts_free(&co);
	return cli_end(&o);
}
