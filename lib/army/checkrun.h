/* checkrun: one run of armylist-check: the operands read as one
 * collection of armylist XML, each army checked, the findings written
 * in the format asked, the counts at the end. */
#ifndef BELLIS_CHECKRUN_H
#define BELLIS_CHECKRUN_H
#include <stdbool.h>
#include <stdio.h>

#include "army/findings.h"
#include "rules/rules.h"

struct checkrun_opts {
	const struct rules *rules;
	enum out_fmt fmt;
	bool quiet;             /* errors only: no warning, no summary */
	unsigned ignore;        /* bits 1 << enum check_code not reported */
	bool by_label;          /* each file by its collection's rules= label */
};

/* Add the codes of a --ignore value ("CODE[,CODE]") to *ignore; -1
 * with a usage error naming the bad code and the nearest known one. */
int checkrun_ignore(const char *arg, unsigned *ignore);

/* Check the n operands (none: standard input) and write the findings to
 * fp; raises exit status 1 when an error finding was written.  Findings
 * ignored or (quiet) warnings are neither written nor counted.  Unless
 * quiet, a summary line goes to stderr when any finding was written.
 * Returns -1 when the output could not be written. */
int checkrun_run(FILE *fp, const struct checkrun_opts *o, int n,
    char *const *files);
#endif
