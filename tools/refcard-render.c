/* refcard-render: printable reference cards (HTML or PDF) for the armies
 * of armylist XML, the matchup of two of them, the rules tables and the
 * campaign tables. */
#include <stdlib.h>
#include <string.h>

#include "card/cardrun.h"
#include "card/matchup.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"

enum { OPT_CARDS = 256, OPT_PAPER, OPT_ARMY, OPT_MATCHUP, OPT_IMPOSE,
	OPT_LEGEND, OPT_NO_LEGEND };

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
		    "a matchup card of armies A and B (ids or players), once per pair", NULL },
		{ "paper", required_argument, OPT_PAPER, "SIZE",
		    "page size: a6 (default), a5, a4, letter; with --impose "
		    "the sheet", "a6|a5|a4|letter" },
		{ "impose", required_argument, OPT_IMPOSE, "GRID",
		    "PDF: A6 cards 2x2 or 1x2 to an A4 (or letter) sheet",
		    "2x2|1x2" },
		{ "legend", no_argument, OPT_LEGEND, NULL,
		    "a line on each German or Russian card mapping its "
		    "troop abbreviations to the English codes (default: "
		    "where the card still fits its page)", NULL },
		{ "no-legend", no_argument, OPT_NO_LEGEND, NULL,
		    "no such line", NULL },
		CLI_OPT_LANG("the cards"),
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

static int
usage(struct cardrun_opts *o)
{
	cardrun_opts_free(o);
	return EXIT_USAGE;
}

int
main(int argc, char **argv)
{
	static const char *const papers[] = { "a6", "a5", "a4", "letter",
	    NULL };
	static const char *const grids[] = { "1x2", "2x2", NULL };
	struct cardrun_opts o;
	struct cli cli;
	int ch, v;

	cli_init(&cli, &tool, argc, argv);
	memset(&o, 0, sizeof o);
	o.sets[0] = CARDS_ARMY;
	o.nsets = 1;
	o.paper = PAPER_A6;
	while ((ch = cli_next(&cli)) > 0) {
		switch (ch) {
		case OPT_ARMY:
			if (cardrun_ids(&o, cli.arg) < 0)
				return usage(&o);
			break;
		case OPT_CARDS:
			if ((o.nsets = cli_choices("--cards", cli.arg,
			    cardrun_sets, o.sets, CARDS_N * 4)) < 0)
				return usage(&o);
			o.cards = true;
			break;
		case OPT_IMPOSE:
			if ((v = cli_choice("--impose", cli.arg, grids)) < 0)
				return usage(&o);
			o.impose = (enum card_impose)(v + 1);
			break;
		case OPT_LEGEND:
			o.legend = LEGEND_ON;
			break;
		case OPT_NO_LEGEND:
			o.legend = LEGEND_OFF;
			break;
		case OPT_MATCHUP:
			if (cardrun_matchup(&o, cli.arg) < 0)
				return usage(&o);
			break;
		case OPT_PAPER:
			if ((v = cli_choice("--paper", cli.arg, papers)) < 0)
				return usage(&o);
			o.paper = (enum card_paper)v;
			o.paper_given = true;
			break;
		default:        /* cli_next returns no other id */
			abort();
		}
	}
	/* the ids of --army are the main's to free */
	v = ch < 0 ? diag_status() : cardrun_run(&o, &cli);
	cardrun_opts_free(&o);
	return v;
}
