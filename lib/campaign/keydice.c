/* The dice of a record from the seed and its key; the keys of a run. */
#include <stdlib.h>
#include <string.h>

#include "campaign/keydice.h"
#include "core/xalloc.h"

/* The finaliser of splitmix64: every bit of x reaches every bit. */
static uint64_t
mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint64_t
key_add(uint64_t h, const char *s, size_t n)
{
	uint64_t w;
	size_t i, k;

	h = mix(h + 0x9e3779b97f4a7c15ULL + (uint64_t)n);
	for (i = 0; i < n; i += 8) {
		w = 0;
		for (k = 0; k < 8 && i + k < n; k++)
			w |= (uint64_t)(unsigned char)s[i + k] << (8 * k);
		h = mix(h ^ w) + 0x632be59bd9b4e019ULL;
	}
	return h;
}

uint64_t
key_adds(uint64_t h, const char *s)
{
	/* no field differs from an empty one */
	return s != NULL ? key_add(h, s, strlen(s)) : mix(h ^ 0xa5a5a5a5ULL);
}

uint64_t
key_addn(uint64_t h, long v)
{
	return mix(h ^ mix((uint64_t)v + 0x2545f4914f6cdd1dULL));
}

uint64_t
key_start(const char *kind)
{
	return key_adds(0, kind);
}

void
key_dice(struct dice *d, uint64_t seed, uint64_t key)
{
	dice_seed(d, mix(seed ^ mix(key)));
}

static struct keyslot *
find(struct keyslot *slot, size_t nslot, uint64_t key)
{
	size_t i = (size_t)(key & (nslot - 1));

	while (slot[i].key != 0 && slot[i].key != key)
		i = (i + 1) & (nslot - 1);
	return &slot[i];
}

int
keyset_add(struct keyset *k, uint64_t key, uint64_t where)
{
	struct keyslot *old, *s;
	size_t i, n;

	if (key == 0)
		key = 1;
	if (k->nslot > 0) {
		s = find(k->slot, k->nslot, key);
		if (s->key != 0)
			return s->where != where;
	}
	if (k->n >= KEYSET_MAX)
		return 0;
	if (2 * (k->n + 1) > k->nslot) {
		old = k->slot;
		n = k->nslot;
		k->nslot = n != 0 ? 2 * n : 1024;
		k->slot = xcalloc(k->nslot, sizeof *k->slot);
		for (i = 0; i < n; i++)
			if (old[i].key != 0)
				*find(k->slot, k->nslot, old[i].key) = old[i];
		free(old);
	}
	s = find(k->slot, k->nslot, key);
	s->key = key;
	s->where = where;
	k->n++;
	return 0;
}

void
keyset_free(struct keyset *k)
{
	free(k->slot);
	memset(k, 0, sizeof *k);
}
