/* catunits: the units of a side, packed (name, pc, ts: about 10 bytes a
 * unit), past CAT_UNITS_MEM bytes in a nameless temporary file in
 * TMPDIR: a side of any number of units in bounded memory
 * (bellis(7) SCALING).  They are read in order, or one by its index (a
 * pass). */
#ifndef BELLIS_CATUNITS_H
#define BELLIS_CATUNITS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "core/str.h"

#define CAT_UNITS_MEM ((size_t)64 << 10)

struct cat_unit {
	const char *name;
	long ts;
	bool pc;
};

struct cat_units {
	char *buf;                 /* the records not in the file */
	size_t len, cap;
	size_t n;                  /* units, in the file and buf */
	FILE *fp;                  /* blocks: a length, its records */
};

/* Add a unit (name[0..len), TS, pc). */
void cat_units_add(struct cat_units *u, const char *name, size_t len,
    long ts, bool pc);
/* Each unit in order to cb (its index, the unit: name valid during the
 * call) until cb returns false. */
typedef bool (*cat_unit_cb)(void *ctx, size_t i, const struct cat_unit *);
void cat_units_each(const struct cat_units *u, cat_unit_cb cb, void *ctx);
/* Unit i in *out, its name kept in *name (valid until name changes);
 * false past the last. */
bool cat_units_at(const struct cat_units *u, size_t i, struct cat_unit *out,
    struct sbuf *name);
/* dst (empty) made a copy of src; src's units moved to dst (src left
 * empty). */
void cat_units_copy(struct cat_units *dst, const struct cat_units *src);
void cat_units_move(struct cat_units *dst, struct cat_units *src);
void cat_units_free(struct cat_units *u);
#endif
