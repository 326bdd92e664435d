/* idindex: the ids of a collection and the references still open, the
 * only state armylist-check keeps across armies, in bounded memory
 * (bellis(7) SCALING).  Each id is stored once, its bytes and a few of a
 * position in blocks of an arena, found by a table of 32-bit offsets:
 * about 25 bytes an id of 10 characters.  Past a budget (IDINDEX_BUDGET,
 * or the environment's BELLIS_INDEX_MEMORY in bytes, for tests) the ids
 * in memory go to a run, a temporary file (in TMPDIR) in the order of
 * the ids, and memory starts empty again; runs of about one size are
 * merged into one.  A lookup asks memory, then the runs from the
 * latest: a run keeps in memory the first id of each of its blocks and
 * a Bloom filter (at most 2 MB for all runs), so that it reads one
 * block of 4 KB, or none for most ids it does not hold.  The references
 * not yet answered are records in a buffer dropped as they are
 * answered; past 1 MB of them, the buffer goes to a temporary file,
 * read back at the end. */
#ifndef BELLIS_IDINDEX_H
#define BELLIS_IDINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IDX_EXACT  1u   /* the first army with this id is at file:line */
#define IDX_FAMILY 2u   /* some id is this one plus a variant (12 of 12a) */
#define IDX_KNOWN  4u   /* the id of an army of the collection, from an
                           index (with IDX_EXACT when it gives the place) */
#define IDX_SEEN   8u   /* that first army was read in this run */

struct identry {
	unsigned flags;
	uint32_t file;      /* idindex_file's number of its file */
	long line;
};

/* The bytes of ids and their table in memory before they go to a run. */
#define IDINDEX_BUDGET ((size_t)8 << 20)

struct idindex;

struct idindex *idindex_new(void);
void idindex_free(struct idindex *x);

/* The entry of id[0..len): true with *e set, false when absent. */
bool idindex_get(const struct idindex *x, const char *id, size_t len,
    struct identry *e);
/* Set the entry of id[0..len), made when absent. */
void idindex_put(struct idindex *x, const char *id, size_t len,
    const struct identry *e);
/* Fill the index before any other call but idindex_file: the entry of
 * id[0..len) folded with those of it before (the place of the first with
 * IDX_KNOWN, or of the last when none has it; the flags of all).  The
 * memory past the budget goes to runs as idindex_put's does, with no
 * lookups in them and no filters: FANIN runs of one level are merged
 * into one (a record is written once a level, the levels the log to
 * the base 32 of the runs).  idindex_settle folds them into one run
 * with its filter (idindex_put settles first). */
void idindex_add(struct idindex *x, const char *id, size_t len,
    const struct identry *e);
void idindex_settle(struct idindex *x);
/* Whether ref names an army of the collection (an exact id, or the
 * list part of one with variants). */
bool idindex_known(const struct idindex *x, const char *ref);
/* The number of a file name, and the name of a number (valid until the
 * next call).  The names take at most an eighth of the budget; past it
 * a new name goes to a temporary file, its number its place there: the
 * same name may then have two numbers (idindex_same_file). */
uint32_t idindex_file(struct idindex *x, const char *name);
const char *idindex_file_name(const struct idindex *x, uint32_t n);
/* Whether numbers a and b are of the same file name. */
bool idindex_same_file(const struct idindex *x, uint32_t a, uint32_t b);
/* Ids stored (an id changed after it went to a run counts once more),
 * the bytes of memory they take (arena, table, the runs' first ids and
 * filters), and the runs written so far. */
size_t idindex_count(const struct idindex *x);
size_t idindex_bytes(const struct idindex *x);
size_t idindex_runs(const struct idindex *x);
/* The records written to runs so far (merges write them again). */
size_t idindex_written(const struct idindex *x);
/* Set the budget in bytes (of idindex_new: IDINDEX_BUDGET, or
 * BELLIS_INDEX_MEMORY). */
void idindex_budget(struct idindex *x, size_t bytes);

/* A reference of army to ref not answered yet, kept in order. */
void idindex_pend(struct idindex *x, const char *army, const char *ref,
    uint32_t file, long line, bool ally);
typedef void (*idindex_pend_cb)(void *ctx, const char *army,
    const char *ref, uint32_t file, long line, bool ally);
/* Each reference kept, in order, to cb; none kept after.  -1 when the
 * temporary file could not be read back (reported). */
int idindex_pending(struct idindex *x, idindex_pend_cb cb, void *ctx);

#endif
