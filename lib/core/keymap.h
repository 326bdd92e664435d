/* keymap: a map of byte strings (keys) to byte strings (values) in
 * bounded memory, for the tools that must look up what a file of any
 * size named (campaign-survival --battle: the sides and units of a
 * catastrophe).  Each key is stored once, with its value, in a log
 * written to a temporary file (in TMPDIR) past KEYMAP_LOG_MEM bytes; a
 * hash table of (hash, place in the log) finds it.  Past the budget
 * (KEYMAP_BUDGET, or the environment's BELLIS_INDEX_MEMORY in bytes,
 * for tests) the table goes to a run: a temporary file of its entries in
 * the order of their hashes, of which memory keeps the first hash of
 * every block of 4 KB, so that a lookup reads one block of each run
 * (and the log where a hash matches).  A run is merged with the one
 * before it while that one is no larger, through the file (a binary
 * counter): of k spills there are at most log2(k) + 1 runs, and each
 * entry is merged at most log2(k) times.  Keys are compared whole: no
 * two keys are taken for one. */
#ifndef BELLIS_KEYMAP_H
#define BELLIS_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "core/str.h"

#define KEYMAP_BUDGET ((size_t)4 << 20)
#define KEYMAP_LOG_MEM ((size_t)256 << 10)

struct keymap;

struct keymap *keymap_new(void);
void keymap_free(struct keymap *m);
/* Add key[0..klen) with the value val[0..vlen) unless the key is
 * there: true when added, false when it was there (its value kept). */
bool keymap_add(struct keymap *m, const char *key, size_t klen,
    const char *val, size_t vlen);
/* Add key[0..klen) with its value without looking whether it is there
 * (cheaper past the budget): for a set, where a key added twice is
 * one; a lookup of a key added twice finds one of its values (that of
 * the latest spill of the table that holds the key, in it as a rule
 * the first). */
void keymap_put(struct keymap *m, const char *key, size_t klen,
    const char *val, size_t vlen);
/* Whether key[0..klen) is there; its value in *val when val is not
 * NULL (replaced; a NUL after its bytes). */
bool keymap_get(struct keymap *m, const char *key, size_t klen,
    struct sbuf *val);
/* Keys stored (a key put twice counts twice), and runs in the file
 * (those written, merged). */
size_t keymap_count(const struct keymap *m);
size_t keymap_runs(const struct keymap *m);
/* Set the budget of the table in bytes (at least one block's worth). */
void keymap_budget(struct keymap *m, size_t bytes);

#endif
