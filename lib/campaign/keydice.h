/* keydice: the dice of a campaign record from the seed and the record's
 * own key (battle, side, name), never from its place in the run: a run
 * split over processes or hosts rolls what one run rolls.  A key is
 * hashed field by field (each with its length, so that no two keys run
 * together); the record's generator is seeded by the hash of the seed
 * and the key.  A keyset remembers the keys of a run, to warn when two
 * records would roll the same dice. */
#ifndef BELLIS_KEYDICE_H
#define BELLIS_KEYDICE_H
#include <stddef.h>
#include <stdint.h>
#include "core/dice.h"

/* Start a key of a kind ("side", "pc"); add its fields one by one. */
uint64_t key_start(const char *kind);
uint64_t key_adds(uint64_t h, const char *s);      /* NULL: no field */
uint64_t key_addn(uint64_t h, long v);
/* The record's generator: seed and key only. */
void key_dice(struct dice *d, uint64_t seed, uint64_t key);

/* The keys of a run, each with where its first record is (a hash of
 * its file and line): the first KEYSET_MAX keys are kept, every later
 * one is compared with them. */
#define KEYSET_MAX 100000
struct keyslot {
	uint64_t key;              /* 0: empty (a key of 0 is stored as 1) */
	uint64_t where;
};
struct keyset {
	struct keyslot *slot;
	size_t nslot, n;
};
/* Add key, of a record at where: 1 when another record (another where)
 * had it before, else 0. */
int keyset_add(struct keyset *k, uint64_t key, uint64_t where);
void keyset_free(struct keyset *k);
#endif
