/* roll: the dice of a table's roll (GURPS: 3d6), as its data gives them:
 * their totals, a throw, the ways to throw each total. */
#ifndef BELLIS_ROLL_H
#define BELLIS_ROLL_H
#include "core/dice.h"

/* The highest total of any table's dice (the schemas allow at most 5
 * dice of 12 sides): a size, of the arrays by total. */
#define ROLL_MAX 60

struct roll {
	int n, sides;              /* NdS */
};

int roll_lo(const struct roll *r);
int roll_hi(const struct roll *r);
int roll_throw(const struct roll *r, struct dice *d);
/* n rolls into rolls (the given ones first, then throws); returns the
 * lowest (Luck). */
int roll_lowest(const struct roll *r, int *rolls, int n, const int *given,
    int ngiven, struct dice *d);
/* ways[t]: the ways to throw total t, for t 0 to ROLL_MAX.  Returns the
 * number of all throws, sides^n. */
unsigned long long roll_ways(const struct roll *r,
    unsigned long long *ways);
#endif
