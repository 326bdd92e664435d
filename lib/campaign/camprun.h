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
struct camprun {
	bool odds;                 /* Catastrophe: odds instead of rolls */
	const char *table;         /* Catastrophe table file, or NULL */
	const char *swap[CAMPRUN_MAXSWAP];  /* --swap A,B values */
	int nswap;
	const char *glory;         /* Glory table file, or NULL */
	const char *battle;        /* campaign-catastrophe's XML output */
};

/* Each reports what goes wrong; the tool then exits with diag_status(). */
void camprun_catastrophe(const struct camprun *c, const struct cli *cli);
void camprun_survival(const struct camprun *c, const struct cli *cli);
#endif
