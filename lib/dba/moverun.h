/* moverun: one run of move-check: the bounds and moves of every
 * operand judged (dba/bounds), the verdicts written. */
#ifndef BELLIS_MOVERUN_H
#define BELLIS_MOVERUN_H
#include <stdbool.h>

#include "core/cli.h"

/* The options of move-check besides those of struct cli. */
struct moverun_opts {
	const char *pips;       /* --pips, checked against the edition's die */
	int scale;              /* --scale: enum scale */
	bool explain;           /* --explain */
};

/* move-check once its options are read: the operands (none: standard
 * input) judged in the edition of --rules and written to -o in the
 * format of -T; status 1 when a move is illegal.  Returns the exit
 * status. */
int moverun_run(const struct moverun_opts *o, const struct cli *cli);
#endif
