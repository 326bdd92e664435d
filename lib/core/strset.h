/* strset: the one string hash set.  Each distinct string gets an index
 * in the order of insertion (0, 1, ...), so that a caller keeps what
 * belongs to a string in an array of its own beside the set. */
#ifndef BELLIS_STRSET_H
#define BELLIS_STRSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strset {
	char **key;         /* the strings by index (copies, owned) */
	size_t n, capkey;
	size_t *slot;       /* open addressing: index + 1, 0 when empty */
	size_t capslot;     /* 0 or a power of two, at least 2 * n */
};

/* The index of key[0..len) (cut at a NUL byte), added when missing
 * (*added tells which, when not NULL).  The table doubles when half
 * full. */
size_t strset_add(struct strset *s, const char *key, size_t len,
    bool *added);
/* The index of key, or -1 when absent. */
long strset_find(const struct strset *s, const char *key);
/* The same for key[0..len) (no NUL needed; one inside never matches). */
long strset_findn(const struct strset *s, const char *key, size_t len);
/* The string of index i (i < s->n). */
const char *strset_key(const struct strset *s, size_t i);
size_t strset_count(const struct strset *s);
/* The hash of s[0..len) the set uses (FNV-1a, 64 bits). */
uint64_t strset_hash(const char *s, size_t len);
/* Free the strings and the table; the set is empty and usable again. */
void strset_free(struct strset *s);

#endif
