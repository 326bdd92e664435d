/* dice: the seeded generator (xoshiro256** seeded by splitmix64). */
#ifndef BELLIS_DICE_H
#define BELLIS_DICE_H

#include <stdint.h>

struct dice {
	uint64_t s[4];
};

uint64_t splitmix64(uint64_t *state);
void dice_seed(struct dice *d, uint64_t seed);
/* An independent stream for record id (e.g. a line number). */
void dice_stream(struct dice *d, uint64_t seed, uint64_t id);
uint64_t dice_next(struct dice *d);
/* Uniform 1..sides by rejection, no floating point. */
int dice_roll(struct dice *d, int sides);
/* Sum of n dice of the given sides. */
int dice_sum(struct dice *d, int n, int sides);
/* A fresh seed from getrandom(2) (falls back to time and pid). */
uint64_t dice_random_seed(void);

#endif
