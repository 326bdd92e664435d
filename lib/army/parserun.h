/* parserun: one run of armylist-parse: every operand read whatever its
 * carrier (pipe table, TSV, CSV, HTML, list text, armylist XML or
 * JSON), its armies written to -o in the format of -T. */
#ifndef BELLIS_PARSERUN_H
#define BELLIS_PARSERUN_H

#include "core/cli.h"

/* armylist-parse once its options are read (it has none besides those
 * of struct cli): --rules labels the collection with its edition, else
 * the output keeps the label of the first army's collection (each
 * army's own in JSON Lines).  Returns the exit status. */
int parserun_run(const struct cli *cli);

#endif
