/* checkrun: one run of armylist-check: the operands read as one
 * collection of armylist XML, each army checked, the findings written
 * in the format asked with the counts at the end. */
#ifndef BELLIS_CHECKRUN_H
#define BELLIS_CHECKRUN_H
#include <stdio.h>

#include "army/findings.h"
#include "dba/rules.h"

struct checkrun_opts {
	const struct rules *rules;
	enum findings_fmt fmt;
};

/* Check the n operands (none: standard input) and write the findings to
 * fp; raises exit status 1 when an error finding was written.  Returns
 * -1 when the output could not be written. */
int checkrun_run(FILE *fp, const struct checkrun_opts *o, int n,
    char *const *files);
#endif
