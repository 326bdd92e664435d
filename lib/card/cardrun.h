/* cardrun: one run of refcard-render: the card sets in the order asked
 * (the army cards of the operands' armylist XML, the matchup card of two
 * of its armies, the rules cards, the campaign cards), rendered as HTML
 * or PDF. */
#ifndef BELLIS_CARDRUN_H
#define BELLIS_CARDRUN_H
#include <stdbool.h>
#include <stdio.h>

#include "card/card.h"

enum card_set { CARDS_ARMY, CARDS_RULES, CARDS_CAMPAIGN, CARDS_MATCHUP,
	CARDS_N };

/* The names of the sets (--cards), in enum order, NULL-terminated. */
extern const char *const cardrun_sets[];

struct cardrun_opts {
	const struct rules *rules;
	bool by_label;          /* army cards by their collection's label */
	enum lang lang;
	enum card_paper paper;
	bool pdf;
	enum card_impose impose;
	const int *sets;        /* enum card_set, in output order */
	int nsets;              /* a set named twice is rendered once */
	char **ids;             /* --army: only these armies; NULL: all */
	size_t nids, capids;
	struct matchup *matchup;        /* --matchup, or NULL */
	bool legend;            /* --legend: the abbreviations' line */
};

/* --army=ID[,ID...] into o->ids; -1 after a usage error. */
int cardrun_ids(struct cardrun_opts *o, const char *arg);
/* The options together: the default sets (army; with --matchup the
 * matchup card, and the army cards of --army), an option without its
 * card or its format, the sheet of --impose (a4 unless paper says
 * letter), file operands without a card that reads them.  sets is
 * o->sets, writable.  -1 after a usage error. */
int cardrun_check(struct cardrun_opts *o, int *sets, bool cards,
    bool paper, int nfiles);
/* Free the ids and the matchup of o. */
void cardrun_opts_free(struct cardrun_opts *o);

/* Render to fp; the army cards and the matchup come from the n operands
 * (none: standard input), read once.  Warns when there is no card at
 * all.  Returns -1 when the output could not be written. */
int cardrun_render(FILE *fp, const struct cardrun_opts *o, int n,
    char *const *files);
#endif
