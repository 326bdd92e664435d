/* camprun: what campaign-catastrophe and campaign-survival do once their
 * options are read: tables loaded, the dice seeded, the output opened,
 * every operand rolled and written. */
#ifndef BELLIS_CAMPRUN_H
#define BELLIS_CAMPRUN_H
#include <stdbool.h>
#include "core/cli.h"

#define CAMPRUN_MAXSWAP 8

/* The options of the tools besides those of struct cli (-T, -o, -s,
 * --lang and the operands). */
struct camprun_opts {
	bool odds;                 /* Catastrophe: odds instead of rolls */
	const char *table;         /* Catastrophe table file, or NULL */
	const char *swap[CAMPRUN_MAXSWAP];  /* --swap A,B values */
	int nswap;
	const char *glory;         /* Glory table file, or NULL */
	const char *battle;        /* campaign-catastrophe's XML output */
};

/* campaign-catastrophe and campaign-survival once their options are
 * read: the tables loaded (the Catastrophe table of --table with the
 * rows of --swap exchanged; the Glory table of --glory-table and the
 * Catastrophes of --battle), the dice seeded by -s, every operand (none:
 * standard input) rolled and written to -o in the format of -T.  Each
 * returns the exit status. */
int camprun_catastrophe(const struct camprun_opts *c, const struct cli *cli);
int camprun_survival(const struct camprun_opts *c, const struct cli *cli);
#endif
