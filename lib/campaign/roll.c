/* The dice of a table's roll: bounds, throws, exact counts. */
#include <string.h>

#include "campaign/roll.h"

int
roll_lo(const struct roll *r)
{
	return r->n;
}

int
roll_hi(const struct roll *r)
{
	return r->n * r->sides;
}

int
roll_throw(const struct roll *r, struct dice *d)
{
	return dice_sum(d, r->n, r->sides);
}

int
roll_lowest(const struct roll *r, int *rolls, int n, const int *given,
    int ngiven, struct dice *d)
{
	int i, low = 0;

	for (i = 0; i < n; i++) {
		rolls[i] = i < ngiven ? given[i] : roll_throw(r, d);
		if (i == 0 || rolls[i] < low)
			low = rolls[i];
	}
	return low;
}

unsigned long long
roll_ways(const struct roll *r, unsigned long long *ways)
{
	unsigned long long next[ROLL_MAX + 1], all = 1;
	int i, t, f;

	memset(ways, 0, (ROLL_MAX + 1) * sizeof *ways);
	ways[0] = 1;
	/* one die at a time: a total is the old one plus a face */
	for (i = 0; i < r->n; i++) {
		memset(next, 0, sizeof next);
		for (t = 0; t <= ROLL_MAX; t++)
			for (f = 1; f <= r->sides && t + f <= ROLL_MAX; f++)
				next[t + f] += ways[t];
		memcpy(ways, next, sizeof next);
		all *= (unsigned long long)r->sides;
	}
	return all;
}
