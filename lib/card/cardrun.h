/* cardrun: one run of refcard-render: the card sets in the order asked
 * (the army cards of the operands' armylist XML, the matchup card of two
 * of its armies, the rules cards, the campaign cards), rendered as HTML
 * or PDF. */
#ifndef BELLIS_CARDRUN_H
#define BELLIS_CARDRUN_H
#include <stdbool.h>
#include <stdio.h>

#include "card/card.h"
#include "core/cli.h"

enum card_set { CARDS_ARMY, CARDS_RULES, CARDS_CAMPAIGN, CARDS_MATCHUP,
	CARDS_N };

/* The names of the sets (--cards), in enum order, NULL-terminated. */
extern const char *const cardrun_sets[];

/* The options of refcard-render besides those of struct cli. */
struct cardrun_opts {
	int sets[CARDS_N * 4];  /* --cards: enum card_set, in output order */
	int nsets;              /* a set named twice is rendered once */
	bool cards;             /* --cards given, else the default sets */
	enum card_paper paper;  /* --paper */
	bool paper_given;
	enum card_impose impose;        /* --impose */
	char **ids;             /* --army: only these armies; NULL: all */
	size_t nids, capids;
	const char **matchups;  /* each --matchup=A,B (checked), in order */
	size_t nmatchups, capmatchups;
	/* the abbreviations' line of a German or Russian card: AUTO (the
	 * default) where the card still fits its page with it, ON
	 * (--legend) on every card, OFF (--no-legend) on none */
	enum { LEGEND_AUTO, LEGEND_ON, LEGEND_OFF } legend;
};

/* --army=ID[,ID...] into o->ids; -1 after a usage error. */
int cardrun_ids(struct cardrun_opts *o, const char *arg);
/* --matchup=A,B (once more) into o->matchups; -1 after a usage error. */
int cardrun_matchup(struct cardrun_opts *o, const char *arg);
/* Free the ids and the matchups of o. */
void cardrun_opts_free(struct cardrun_opts *o);

/* refcard-render once its options are read.  The options together
 * first: the default sets (army; with --matchup the matchup card, and
 * the army cards of --army), an option without its card or its format,
 * the sheet of --impose (a4 unless --paper says letter), file operands
 * without a card that reads them, PDF to a terminal.  Then the cards
 * rendered to -o as HTML or PDF (-T); the army cards and the matchup
 * come from the operands (none: standard input), read once, each army
 * card in the edition of --rules, else of its collection's label.
 * Warns when there is no card at all.  Returns the exit status. */
int cardrun_run(const struct cardrun_opts *o, const struct cli *cli);
#endif
