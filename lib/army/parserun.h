/* parserun: one run of armylist-parse: every operand read whatever its
 * carrier (pipe table, TSV, CSV, HTML, list text, armylist XML or
 * JSON), its armies written to -o in the format of -T. */
#ifndef BELLIS_PARSERUN_H
#define BELLIS_PARSERUN_H

#include "core/cli.h"

/* armylist-parse once its options are read: --rules labels the
 * collection with its edition, else the output keeps the label of the
 * first army's collection (each army's own in JSON Lines); header
 * (--header, or NULL) is read before each operand read as lines
 * (armylist_header).  Returns the exit status. */
int parserun_run(const struct cli *cli, const char *header);

#endif
