/* checkrun: one run of armylist-check: the operands read as one
 * collection of armylist XML, each army checked, the findings written
 * in the format asked, the counts at the end. */
#ifndef BELLIS_CHECKRUN_H
#define BELLIS_CHECKRUN_H
#include <stdbool.h>

#include "core/cli.h"
#include "core/diagcat.h"

/* The options of armylist-check besides those of struct cli. */
struct checkrun_opts {
	bool quiet;             /* errors only: no warning, no summary */
	unsigned ignore;        /* bits 1 << enum check_code not reported */
	/* the codes of the readers' diagnostics not reported (bit d of
	 * byte d / 8: diag_defs[d]) */
	unsigned char ignore_diag[(D_N + 7) / 8];
	const char *index;      /* --index: the ids of the whole collection */
	const char *write_index;  /* --write-index: the ids read, to FILE */
	const char *book;       /* --book: the armies are entries */
	const char *event;      /* --event: what the event allows them */
};

/* Add the codes of a --ignore value ("CODE[,CODE]") to o: a finding's
 * or a code of a reader's diagnostic armylist-check can print
 * ("no-dates", "general-split"); -1 with a usage error naming the bad
 * code and the nearest known one, else all. */
int checkrun_ignore(const char *arg, struct checkrun_opts *o);

/* armylist-check once its options are read: the operands (none:
 * standard input) checked against the edition of --rules, else each by
 * its collection's label, the findings written to -o in the format of
 * -T.  With index, its ids (a TSV with a header naming an id column,
 * and file and line columns for the first army of each id) stand for
 * the whole collection; with write_index, the id, file and line of each
 * army read go to that file, such a TSV.  Status 1 when an error finding was written.  Findings ignored
 * or (quiet) warnings are neither written nor counted.  Unless quiet, a
 * summary line goes to stderr when any finding was written.  Returns
 * the exit status. */
int checkrun_run(const struct checkrun_opts *o, const struct cli *cli);
#endif
