/* scanrun: one run of battle-scan: the battlefields of the operands
 * read, derived and written (battle/scan), or drawn. */
#ifndef BELLIS_SCANRUN_H
#define BELLIS_SCANRUN_H

#include "core/cli.h"

/* The options of battle-scan besides those of struct cli. */
struct scanrun_opts {
	const char *plan;       /* --plan FILE, or NULL */
	double tol;             /* --tolerance, in paces */
	int scale;              /* --scale: enum scale */
	const char *verdicts;   /* --verdicts FILE, or NULL */
};

/* battle-scan once its options are read: each operand (none: standard
 * input) in the edition of --rules, else of its rules= label, written
 * to -o in the format of -T (-T svg draws one battlefield only).
 * Returns the exit status. */
int scanrun_run(const struct scanrun_opts *o, const struct cli *cli);

#endif
