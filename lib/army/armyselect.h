/* armyselect: armylist-select's predicates over a stream of army lists (any
 * carrier of armyin), the armies that pass written by armyout one at a
 * time.  --enemy-of reads the input twice: an operand that is not a
 * regular file (standard input, a pipe) is first spooled to an unlinked
 * file in TMPDIR. */
#ifndef BELLIS_SELECT_H
#define BELLIS_SELECT_H

#include <stdio.h>

#include "core/lang.h"
#include "core/out.h"

/* The option ids of the predicates ('v' is also the short option). */
enum {
	ASEL_INVERT = 'v',
	ASEL_ID = 256, ASEL_BOOK, ASEL_YEAR, ASEL_FROM, ASEL_TO, ASEL_TROOP,
	ASEL_ENEMY_OF, ASEL_NAME
};

struct armyselect;

struct armyselect *armyselect_new(void);
/* Take the value of one predicate option; -1 after a usage error that
 * names the value. */
int armyselect_option(struct armyselect *s, int id, const char *arg);
/* Check the options together and spool what must be read twice; -1
 * after a usage or system error (reported). */
int armyselect_open(struct armyselect *s, int nfiles, char **files);
/* Read the operands and write the armies that pass in format fmt (one
 * of armyout's) to fp; status 1 (EXIT_NO) is raised when none passed.
 * Returns the number written. */
long armyselect_write(struct armyselect *s, FILE *fp, enum out_fmt fmt,
    enum lang lang);
void armyselect_free(struct armyselect *s);

#endif
