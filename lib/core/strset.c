/* String hash set: FNV-1a, linear probing, indices in insertion order. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/strset.h"
#include "core/xalloc.h"

uint64_t
strset_hash(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603u;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

/* The slot holding s[0..len), or the empty slot where it goes. */
static size_t
probe(const struct strset *s, const char *key, size_t len)
{
	size_t i = (size_t)strset_hash(key, len) & (s->capslot - 1);
	const char *k;
	size_t j;

	while (s->slot[i] != 0) {
		k = s->key[s->slot[i] - 1];
		/* k is key[0..len) and ends there (never read past its NUL) */
		for (j = 0; j < len && k[j] != '\0' && k[j] == key[j]; j++)
			;
		if (j == len && k[len] == '\0')
			return i;
		i = (i + 1) & (s->capslot - 1);
	}
	return i;
}

static void
grow(struct strset *s)
{
	size_t i, k;

	free(s->slot);
	s->capslot = s->capslot == 0 ? 16 : s->capslot * 2;
	s->slot = xcalloc(s->capslot, sizeof *s->slot);
	for (i = 0; i < s->n; i++) {
		k = probe(s, s->key[i], strlen(s->key[i]));
		s->slot[k] = i + 1;
	}
}

size_t
strset_add(struct strset *s, const char *key, size_t len, bool *added)
{
	size_t i;

	len = strnlen(key, len);
	if ((s->n + 1) * 2 > s->capslot)
		grow(s);
	i = probe(s, key, len);
	if (added != NULL)
		*added = s->slot[i] == 0;
	if (s->slot[i] != 0)
		return s->slot[i] - 1;
	s->key = xgrow(s->key, &s->capkey, s->n + 1, sizeof *s->key);
	s->key[s->n] = xstrndup(key, len);
	s->slot[i] = ++s->n;
	return s->n - 1;
}

long
strset_findn(const struct strset *s, const char *key, size_t len)
{
	size_t i;

	if (s->n == 0)
		return -1;
	i = probe(s, key, len);
	return s->slot[i] != 0 ? (long)(s->slot[i] - 1) : -1;
}

long
strset_find(const struct strset *s, const char *key)
{
	return strset_findn(s, key, strlen(key));
}

const char *
strset_key(const struct strset *s, size_t i)
{
	return s->key[i];
}

size_t
strset_count(const struct strset *s)
{
	return s->n;
}

void
strset_free(struct strset *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->key[i]);
	free(s->key);
	free(s->slot);
	memset(s, 0, sizeof *s);
}
