/* idindex: ids in an arena of blocks, an open-addressing table of
 * 32-bit offsets, open references in a buffer that spills to a file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/idindex.h"
#include "core/diag.h"
#include "core/strset.h"
#include "core/xalloc.h"

/* An offset: block number (14 bits) and place in it (18 bits).  An id
 * longer than a block gets a block of its own. */
#define BLOCK_BITS 18
#define BLOCK_SIZE ((size_t)1 << BLOCK_BITS)
#define MAX_BLOCKS ((size_t)1 << (32 - BLOCK_BITS))
/* The references kept in memory before they go to the file. */
#define PEND_MAX ((size_t)1 << 20)

struct idindex {
	char **block;
	size_t nblock, capblock;
	size_t used;            /* bytes used in the last block */
	size_t bytes;           /* of every block */
	uint32_t *slot;         /* offset + 1 of an entry, 0 when empty */
	size_t capslot, n;
	struct strset files;
	/* the open references: records in order, those of the file first */
	char *pend;
	size_t npend, cappend, compact_at;
	FILE *spill;
};

/* ---- the ids ------------------------------------------------------------ */

/* A hash of 8 bytes at a time (ids are short: one or two steps). */
static uint64_t
hash(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15u ^ len, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9u;
		h ^= h >> 31;
	}
	w = 0;
	memcpy(&w, s, len);
	h = (h ^ w) * 0x94d049bb133111ebu;
	return h ^ (h >> 29);
}

static char *
at(const struct idindex *x, uint32_t off)
{
	return x->block[off >> BLOCK_BITS] + (off & (BLOCK_SIZE - 1));
}

static size_t
put_varint(unsigned char *p, unsigned long v)
{
	size_t k = 0;

	while (v >= 0x80) {
		p[k++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	p[k++] = (unsigned char)v;
	return k;
}

static size_t
get_varint(const unsigned char *p, unsigned long *v)
{
	size_t k = 0;
	unsigned shift = 0;

	*v = 0;
	do {
		*v |= (unsigned long)(p[k] & 0x7f) << shift;
		shift += 7;
	} while (p[k++] & 0x80);
	return k;
}

/* The bytes of an entry's position after its id's NUL: flags, file,
 * line (lines below 1 are stored as 0). */
static size_t
put_meta(unsigned char *p, const struct identry *e)
{
	size_t k = 0;

	p[k++] = (unsigned char)e->flags;
	k += put_varint(p + k, e->file);
	k += put_varint(p + k, e->line > 0 ? (unsigned long)e->line : 0);
	return k;
}

static void
get_meta(const unsigned char *p, struct identry *e)
{
	unsigned long v;

	e->flags = *p++;
	p += get_varint(p, &v);
	e->file = (uint32_t)v;
	(void)get_varint(p, &v);
	e->line = (long)v;
}

/* The home slot of a hash in a table of cap slots (any cap below 2^32:
 * the high half of the hash scaled, not a mask). */
static size_t
home(uint64_t h, size_t cap)
{
	return (size_t)(((h >> 32) * (uint64_t)cap) >> 32);
}

/* The slot of id[0..len) (its entry's, or the empty one it goes to). */
static size_t
probe(const struct idindex *x, const char *id, size_t len)
{
	size_t i = home(hash(id, len), x->capslot);
	const char *k;

	while (x->slot[i] != 0) {
		k = at(x, x->slot[i] - 1);
		if (strncmp(k, id, len) == 0 && k[len] == '\0')
			return i;
		if (++i == x->capslot)
			i = 0;
	}
	return i;
}

/* The table at one and a half times its size (from 1024), at most 4/5
 * full: growing by half keeps the old and the new table together, for
 * the moment of the move, at 2.5 times the old one (3 times when
 * doubling), and the table a third smaller on average. */
static void
grow(struct idindex *x)
{
	uint32_t *old = x->slot;
	size_t oldcap = x->capslot, i, j;
	const char *k;

	x->capslot = oldcap == 0 ? 1024 : oldcap + oldcap / 2;
	x->slot = xcalloc(x->capslot, sizeof *x->slot);
	for (i = 0; i < oldcap; i++) {
		if (old[i] == 0)
			continue;
		k = at(x, old[i] - 1);
		j = home(hash(k, strlen(k)), x->capslot);
		while (x->slot[j] != 0)
			if (++j == x->capslot)
				j = 0;
		x->slot[j] = old[i];
	}
	free(old);
}

/* Room for n bytes in the arena: the offset of the first. */
static uint32_t
room(struct idindex *x, size_t n)
{
	size_t size = n > BLOCK_SIZE ? n : BLOCK_SIZE;

	if (x->nblock > 0 && x->used + n <= BLOCK_SIZE) {
		x->used += n;
		return (uint32_t)(((x->nblock - 1) << BLOCK_BITS) |
		    (x->used - n));
	}
	if (x->nblock == MAX_BLOCKS) {
		diag_msg(EXIT_SYS, "more ids than %zu MB hold",
		    (MAX_BLOCKS * BLOCK_SIZE) >> 20);
		exit(EXIT_SYS);
	}
	x->block = xgrow(x->block, &x->capblock, x->nblock + 1,
	    sizeof *x->block);
	x->block[x->nblock++] = xmalloc(size);
	x->bytes += size;
	/* an id longer than a block fills its own: the next starts anew */
	x->used = n > BLOCK_SIZE ? BLOCK_SIZE : n;
	return (uint32_t)((x->nblock - 1) << BLOCK_BITS);
}

bool
idindex_get(const struct idindex *x, const char *id, size_t len,
    struct identry *e)
{
	size_t i;
	const char *k;

	if (x->n == 0)
		return false;
	i = probe(x, id, len);
	if (x->slot[i] == 0)
		return false;
	k = at(x, x->slot[i] - 1);
	get_meta((const unsigned char *)k + len + 1, e);
	return true;
}

void
idindex_put(struct idindex *x, const char *id, size_t len,
    const struct identry *e)
{
	unsigned char meta[32];
	size_t m = put_meta(meta, e), i, old;
	uint32_t off;
	struct identry cur;
	char *k;

	len = strnlen(id, len);
	if ((x->n + 1) * 5 > x->capslot * 4)
		grow(x);
	i = probe(x, id, len);
	if (x->slot[i] != 0) {
		k = at(x, x->slot[i] - 1);
		get_meta((const unsigned char *)k + len + 1, &cur);
		old = put_meta((unsigned char[32]){ 0 }, &cur);
		if (old == m) {         /* in place */
			memcpy(k + len + 1, meta, m);
			return;
		}
	} else
		x->n++;
	off = room(x, len + 1 + m);
	k = at(x, off);
	memcpy(k, id, len);
	k[len] = '\0';
	memcpy(k + len + 1, meta, m);
	x->slot[i] = off + 1;
}

bool
idindex_known(const struct idindex *x, const char *ref)
{
	struct identry e;

	return idindex_get(x, ref, strlen(ref), &e) &&
	    (e.flags & (IDX_EXACT | IDX_FAMILY | IDX_KNOWN)) != 0;
}

uint32_t
idindex_file(struct idindex *x, const char *name)
{
	return (uint32_t)strset_add(&x->files, name, strlen(name), NULL);
}

const char *
idindex_file_name(const struct idindex *x, uint32_t n)
{
	return n < strset_count(&x->files) ? strset_key(&x->files, n) : "-";
}

size_t
idindex_count(const struct idindex *x)
{
	return x->n;
}

size_t
idindex_bytes(const struct idindex *x)
{
	return x->bytes + x->capslot * sizeof *x->slot;
}

struct idindex *
idindex_new(void)
{
	struct idindex *x = xcalloc(1, sizeof *x);

	x->compact_at = 65536;
	return x;
}

void
idindex_free(struct idindex *x)
{
	size_t i;

	if (x == NULL)
		return;
	for (i = 0; i < x->nblock; i++)
		free(x->block[i]);
	free(x->block);
	free(x->slot);
	strset_free(&x->files);
	free(x->pend);
	if (x->spill != NULL)
		fclose(x->spill);
	free(x);
}

/* ---- the open references -------------------------------------------------
 * A record: army, NUL, ref, NUL, ally (1 byte), file and line as varints. */

/* The length of the record at p. */
static size_t
record(const char *p, const char **ref, bool *ally, uint32_t *file,
    long *line)
{
	const char *q = p + strlen(p) + 1;
	const unsigned char *u;
	unsigned long v;

	*ref = q;
	q += strlen(q) + 1;
	*ally = *q++ != 0;
	u = (const unsigned char *)q;
	u += get_varint(u, &v);
	*file = (uint32_t)v;
	u += get_varint(u, &v);
	*line = (long)v;
	return (size_t)((const char *)u - p);
}

/* Drop the references answered since; past PEND_MAX of those still
 * open, write them to the file. */
static void
compact(struct idindex *x)
{
	size_t i = 0, k = 0, len;
	const char *ref;
	uint32_t file;
	long line;
	bool ally;

	while (i < x->npend) {
		len = record(x->pend + i, &ref, &ally, &file, &line);
		if (!idindex_known(x, ref)) {
			memmove(x->pend + k, x->pend + i, len);
			k += len;
		}
		i += len;
	}
	x->npend = k;
	if (x->npend > PEND_MAX) {
		if (x->spill == NULL && (x->spill = tmpfile()) == NULL) {
			diag_sys("cannot make a temporary file");
			exit(EXIT_SYS);
		}
		if (fwrite(x->pend, 1, x->npend, x->spill) != x->npend) {
			diag_sys("cannot write a temporary file");
			exit(EXIT_SYS);
		}
		x->npend = 0;
	}
	x->compact_at = x->npend * 2 > 65536 ? x->npend * 2 : 65536;
}

void
idindex_pend(struct idindex *x, const char *army, const char *ref,
    uint32_t file, long line, bool ally)
{
	size_t a = strlen(army) + 1, r = strlen(ref) + 1, need = a + r + 21;
	char *p;

	if (x->npend + need > x->compact_at)
		compact(x);
	x->pend = xgrow(x->pend, &x->cappend, x->npend + need, 1);
	p = x->pend + x->npend;
	memcpy(p, army, a);
	memcpy(p + a, ref, r);
	p[a + r] = ally;
	x->npend += a + r + 1;
	x->npend += put_varint((unsigned char *)x->pend + x->npend, file);
	x->npend += put_varint((unsigned char *)x->pend + x->npend,
	    line > 0 ? (unsigned long)line : 0);
}

/* The records of buf[0..n) to cb; the length of the whole ones. */
static size_t
replay(const char *buf, size_t n, idindex_pend_cb cb, void *ctx)
{
	size_t i = 0, len;
	const char *ref, *e;
	uint32_t file;
	long line;
	bool ally;

	for (;;) {
		/* a whole record: two NULs, the ally byte, two varints */
		e = memchr(buf + i, '\0', n - i);
		if (e == NULL || (e = memchr(e + 1, '\0', (size_t)(buf + n -
		    e - 1))) == NULL || (size_t)(e - buf) + 1 + 21 > n)
			break;
		len = record(buf + i, &ref, &ally, &file, &line);
		cb(ctx, buf + i, ref, file, line, ally);
		i += len;
	}
	return i;
}

int
idindex_pending(struct idindex *x, idindex_pend_cb cb, void *ctx)
{
	char *buf = NULL;
	size_t cap = 0, n = 0, k, done;
	int rc = 0;

	if (x->spill != NULL) {
		rewind(x->spill);
		for (;;) {
			buf = xgrow(buf, &cap, n + 65536 + 21, 1);
			k = fread(buf + n, 1, 65536, x->spill);
			n += k;
			if (k == 0) {
				/* the last records: pad so the check of a whole
				 * one holds */
				memset(buf + n, 0, 21);
				done = replay(buf, n + 21, cb, ctx);
				n = done >= n ? 0 : n - done;
				break;
			}
			done = replay(buf, n, cb, ctx);
			memmove(buf, buf + done, n - done);
			n -= done;
		}
		if (ferror(x->spill) || n != 0) {
			diag_sys("cannot read a temporary file back");
			rc = -1;
		}
		fclose(x->spill);
		x->spill = NULL;
		free(buf);
	}
	if (x->npend > 0) {
		x->pend = xgrow(x->pend, &x->cappend, x->npend + 21, 1);
		memset(x->pend + x->npend, 0, 21);
		(void)replay(x->pend, x->npend + 21, cb, ctx);
	}
	x->npend = 0;
	return rc;
}
