/* cardrun: one run of refcard-render: the card sets in the order asked
 * (the army cards of the operands' armylist XML, the rules cards, the
 * campaign cards), rendered as HTML or PDF. */
#ifndef BELLIS_CARDRUN_H
#define BELLIS_CARDRUN_H
#include <stdbool.h>
#include <stdio.h>

#include "card/card.h"

enum card_set { CARDS_ARMY, CARDS_RULES, CARDS_CAMPAIGN, CARDS_N };

/* The names of the sets (--cards), in enum order, NULL-terminated. */
extern const char *const cardrun_sets[];

struct cardrun_opts {
	const struct rules *rules;
	enum lang lang;
	enum card_paper paper;
	bool pdf;
	const int *sets;        /* enum card_set, in output order */
	int nsets;              /* a set named twice is rendered once */
};

/* Render to fp; the army cards come from the n operands (none: standard
 * input).  Warns when there is no card at all.  Returns -1 when the
 * output could not be written. */
int cardrun_render(FILE *fp, const struct cardrun_opts *o, int n,
    char *const *files);
#endif
