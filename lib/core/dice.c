/* xoshiro256** 1.0 and splitmix64 (Blackman and Vigna, public domain
 * algorithms), written from their published definitions. */
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/dice.h"

uint64_t
splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
dice_seed(struct dice *d, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		d->s[i] = splitmix64(&seed);
}

void
dice_stream(struct dice *d, uint64_t seed, uint64_t id)
{
	uint64_t st = seed ^ (id * 0xd1342543de82ef95ULL);

	dice_seed(d, splitmix64(&st));
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t
dice_next(struct dice *d)
{
	uint64_t *s = d->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

int
dice_roll(struct dice *d, int sides)
{
	uint64_t n = (uint64_t)sides, lim, x;

	if (sides < 2)
		return 1;
	lim = UINT64_MAX - UINT64_MAX % n;
	do
		x = dice_next(d);
	while (x >= lim);
	return (int)(x % n) + 1;
}

int
dice_sum(struct dice *d, int n, int sides)
{
	int i, t = 0;

	for (i = 0; i < n; i++)
		t += dice_roll(d, sides);
	return t;
}

uint64_t
dice_random_seed(void)
{
	uint64_t v;
	uint64_t st;

	if (getrandom(&v, sizeof v, 0) == (ssize_t)sizeof v)
		return v;
	st = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	return splitmix64(&st);
}
