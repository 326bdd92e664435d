/* The pieces the combat and move readers share. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"
#include "dba/readin.h"

/* The names of a name function, hashed at its first lookup (the line
 * readers ask for every token): open addressing on the ASCII-folded
 * bytes, the first index of a name kept, as the scan in order finds. */
#define NAMES_SLOTS 128         /* a power of two */
#define NAMES_TABLES 8

struct names {
	const char *(*name)(int);
	int count;
	short slot[NAMES_SLOTS];    /* index + 1; 0 empty */
};

static struct names names_tab[NAMES_TABLES];

static unsigned
names_hash(const char *s, size_t n)
{
	unsigned h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 'A' && c <= 'Z')
			c += 32;
		h = (h ^ c) * 16777619u;
	}
	return h;
}

static void
names_build(struct names *t, const char *(*name)(int), int count)
{
	const char *k;
	unsigned h;
	int i;

	t->name = name;
	t->count = count;
	for (i = 0; i < count; i++) {
		k = name(i);
		h = names_hash(k, strlen(k));
		while (t->slot[h & (NAMES_SLOTS - 1)] != 0 &&
		    !str_ieq(k, strlen(k), name(t->slot[h &
		    (NAMES_SLOTS - 1)] - 1)))
			h++;
		if (t->slot[h & (NAMES_SLOTS - 1)] == 0)
			t->slot[h & (NAMES_SLOTS - 1)] = (short)(i + 1);
	}
}

/* The table of name, built when new; NULL when there is no room (the
 * caller scans). */
static const struct names *
names_of(const char *(*name)(int), int count)
{
	struct names *t;

	if (count > NAMES_SLOTS / 2)
		return NULL;
	for (t = names_tab; t < names_tab + NAMES_TABLES; t++) {
		if (t->name == name && t->count == count)
			return t;
		if (t->name == NULL) {
			names_build(t, name, count);
			return t;
		}
	}
	return NULL;
}

int
readin_index(const char *s, size_t n, const char *(*name)(int), int count)
{
	const struct names *t = names_of(name, count);
	unsigned h;
	int i, k;

	if (t == NULL) {
		for (i = 0; i < count; i++)
			if (str_ieq(s, n, name(i)))
				return i;
		return -1;
	}
	for (h = names_hash(s, n); (k = t->slot[h & (NAMES_SLOTS - 1)]) != 0;
	    h++)
		if (str_ieq(s, n, name(k - 1)))
			return k - 1;
	return -1;
}

long
readin_end_col(const struct toks *tk)
{
	const struct tok *t;

	if (tk->n == 0)
		return 1;
	t = &tk->v[tk->n - 1];
	return t->col + (long)t->len + (t->quoted ? 2 : 0);
}

/* Is s[0..n) ASCII without NUL?  Eight bytes at a time, the last
 * eight overlapping: a byte of 0 or 0x80 up sets its top bit in
 * (w - 0x01..) | w (a borrow starts only at a 0). */
static bool
ascii_clean(const char *s, size_t n)
{
	const uint64_t ones = 0x0101010101010101u, tops = ones << 7;
	uint64_t w;
	size_t i;

	if (n < 8) {
		for (i = 0; i < n; i++)
			if (s[i] == 0 || (unsigned char)s[i] >= 0x80)
				return false;
		return true;
	}
	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		if (((w - ones) | w) & tops)
			return false;
	}
	memcpy(&w, s + n - 8, 8);
	return (((w - ones) | w) & tops) == 0;
}

bool
readin_line(struct input *in, const char **line, size_t *len)
{
	while (input_getline(in, line, len)) {
		/* most lines are ASCII without NUL: one pass says so */
		if (ascii_clean(*line, *len) || (utf8_valid(*line, *len) &&
		    memchr(*line, '\0', *len) == NULL))
			return true;
		DIAG(LINE_BYTES, in->line, 0);
	}
	return false;
}

int
readin_xml_line(xmlNodePtr n, long line, long *out)
{
	long x;
	int rc = xmlio_attr_long(n, "line", NULL, line, 1, INT_MAX, &x);

	*out = rc == 1 ? x : line;
	return rc < 0 ? -1 : 0;
}
