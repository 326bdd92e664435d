/* armyin: the readers of army lists.  Every carrier (pipe table, TSV,
 * HTML, English list text, armylist XML) becomes struct army records,
 * handed one by one to a callback: the record is the reader's, freed
 * after the call, so a callback that keeps any of it makes a copy. */
#ifndef BELLIS_ARMYIN_H
#define BELLIS_ARMYIN_H

#include "army/army.h"
#include "core/input.h"
#include "core/str.h"

typedef void (*army_cb)(void *ctx, const struct army *a);

/* --header=FILE: the lines of file (at most ARMY_HEADER_MAX bytes)
 * are read before each operand read as lines (pipe table, TSV, CSV,
 * list text), their messages naming file; an operand of another carrier
 * is read as it is.  So a chunk of a sheet without its header reads as
 * its rows of the whole.  NULL: none.  Returns -1 after an error. */
#define ARMY_HEADER_MAX (1024L * 1024)
int armylist_header(const char *file);
void armylist_header_free(void);
/* Read one operand, whatever its carrier. */
void armylist_read(struct input *in, army_cb cb, void *ctx);
/* Read one operand of a collection: armylist XML only (empty input and
 * any other carrier are errors). */
void armylist_read_collection(struct input *in, army_cb cb, void *ctx);

/* The carriers, for tests and fuzzing. */
void armylist_read_lines(struct input *in, army_cb cb, void *ctx);
void armylist_read_html(struct input *in, army_cb cb, void *ctx);
void armylist_read_xml(struct input *in, army_cb cb, void *ctx);
/* Whether buf[0..len) is an armylist XML document that validates
 * against formats/armylist.rng (the property tests of the writers). */
bool armylist_valid(const char *buf, size_t len);
/* armylist-parse -T json and -T jsonl output. */
void armylist_read_json(struct input *in, army_cb cb, void *ctx);

#endif
