/* bounds: the moves of one operand judged bound by bound.  A bound with
 * a PIP budget is held until it ends, since the general's road bonus
 * needs its unused PIPs; without one, each move is written at once. */
#ifndef BELLIS_BOUND_H
#define BELLIS_BOUND_H
#include <stdbool.h>
#include <stddef.h>

#include "core/input.h"
#include "dba/move.h"
#include "dba/movein.h"
#include "dba/moveout.h"

/* The most moves one bound with a PIP budget holds (move-check(1)); the
 * rest of a longer bound is reported and skipped. */
#define BOUND_MAX_MOVES 10000

struct bounds {
	struct mreader rd;
	struct moveout *w;
	int pips;               /* PIP die of moves before any bound, 0 none */
	struct mstate st;
	bool active;            /* a bound is open */
	bool started;           /* its output has begun (no budget) */
	struct move *mv;        /* moves of a bound with a budget */
	struct mresult *res;
	size_t n, cap;
	bool full;              /* BOUND_MAX_MOVES reported for this bound */
	long number;            /* of the last bound opened in this operand */
};

/* Judge with rules r at scale (enum scale); pips as --pips; write to w. */
void bounds_init(struct bounds *bs, const struct rules *r, int scale,
    int pips, struct moveout *w);
/* Read one operand, move XML or lines (told by its first byte), judge
 * its moves and close the bound open at its end.  An illegal move
 * raises status 1. */
/* One operand (cli_files: ctx is the struct bounds). */
void bounds_read(void *ctx, struct input *in);
void bounds_free(struct bounds *bs);
#endif
