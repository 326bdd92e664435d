/* idindex: ids in an arena of blocks found by an open-addressing table
 * of 32-bit offsets; past the memory budget, sorted runs in temporary
 * files, merged as they pile up; open references in a buffer that
 * spills to a file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "army/idindex.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/strset.h"
#include "core/tmpf.h"
#include "core/xalloc.h"

/* An offset: block number (14 bits) and place in it (18 bits).  An id
 * longer than a block gets a block of its own. */
#define BLOCK_BITS 18
#define BLOCK_SIZE ((size_t)1 << BLOCK_BITS)
#define MAX_BLOCKS ((size_t)1 << (32 - BLOCK_BITS))
/* The references kept in memory before they go to the file. */
#define PEND_MAX ((size_t)1 << 20)
/* A run: its records cut in blocks of at least RUN_BLOCK bytes, at most
 * RUN_FENCES of them (the first key of each is kept in memory), and a
 * Bloom filter of at most BLOOM_BITS_KEY bits a key, BLOOM_MAX_BITS for
 * all runs (fewer a key past 1.6 million ids: more blocks read). */
#define RUN_BLOCK 4096
#define RUN_FENCES 65536
#define BLOOM_BITS_KEY 10
#define BLOOM_MAX_BITS ((size_t)16 << 20)
/* Runs filled by idindex_add: merged FANIN at a time (those of one
 * level, into one of the next), each read through a buffer of
 * MERGE_BUF bytes. */
#define FANIN 32
#define MERGE_BUF ((size_t)32 << 10)
/* Room for the meta bytes after a key: flags and two varints. */
#define META_MAX 21

struct run {
	FILE *fp;
	int fd;
	off_t size;
	size_t nkeys;
	off_t *off;             /* block i starts at off[i] ... */
	uint32_t *fkey;         /* ... with the key at keys + fkey[i] */
	char *keys;
	size_t nfence, capfence, keylen, capkeys;
	uint64_t *bloom;
	size_t nbits;           /* 0: no filter */
	unsigned k;             /* bits set a key */
	unsigned level;         /* merges its records went through */
};

struct idindex {
	char **block;
	size_t nblock, capblock;
	size_t used;            /* bytes used in the last block */
	size_t bytes;           /* of every block */
	size_t filled;          /* bytes of entries in the blocks */
	uint32_t *slot;         /* offset + 1 of an entry, 0 when empty */
	size_t capslot, n;
	size_t budget;          /* bytes of entries and table before a run */
	struct run **run;       /* the oldest first */
	size_t nrun, caprun, nruns;
	size_t inruns;          /* keys in the runs (an id in two, twice) */
	size_t bloombits;       /* of the runs' filters, all together */
	size_t written;         /* records written to runs, all told */
	bool adding;            /* idindex_add: entries fold, no lookups */
	struct strset files;
	size_t names_bytes;     /* what the names in files take */
	FILE *names;            /* the names past them, NUL after each */
	off_t names_end;
	char *last_name;        /* the last one written there */
	uint32_t last_file;
	struct sbuf *namebuf;   /* a name read back */
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

/* The length of the meta bytes at p, of which n are there: 0 when they
 * do not end within n. */
static size_t
meta_len(const unsigned char *p, size_t n)
{
	size_t k = 1;
	int v;

	for (v = 0; v < 2; v++) {
		while (k < n && (p[k] & 0x80))
			k++;
		if (k++ >= n)
			return 0;
	}
	return k;
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

	x->filled += n;
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

/* ---- the runs ------------------------------------------------------------
 * A run is a temporary file of the records "id NUL meta" in the order of
 * strcmp, each id once, in blocks; a later run (and the table) wins over
 * an earlier one. */

/* A key's bits are in one block of 512 (a cache line): the block by
 * one half of the hash, the bits in it by the other. */
#define BLOOM_BLOCK 512

static const uint64_t *
bloom_block(const struct run *r, uint64_t h)
{
	return r->bloom + (size_t)(((uint64_t)(uint32_t)h *
	    (r->nbits / BLOOM_BLOCK)) >> 32) * (BLOOM_BLOCK / 64);
}

static bool
bloom_maybe(const struct run *r, uint64_t h)
{
	const uint64_t *w;
	uint32_t h2 = (uint32_t)(h >> 32) | 1, b;
	unsigned i;

	if (r->nbits == 0)
		return true;
	w = bloom_block(r, h);
	for (i = 0; i < r->k; i++, h2 *= 0x9e3779b1u) {
		b = h2 >> 23;
		if (!(w[b / 64] >> (b % 64) & 1))
			return false;
	}
	return true;
}

static void
bloom_add(struct run *r, uint64_t h)
{
	uint64_t *w = (uint64_t *)bloom_block(r, h);
	uint32_t h2 = (uint32_t)(h >> 32) | 1, b;
	unsigned i;

	for (i = 0; i < r->k; i++, h2 *= 0x9e3779b1u) {
		b = h2 >> 23;
		w[b / 64] |= (uint64_t)1 << (b % 64);
	}
}

/* A run being written: records of at most nkeys keys, about size
 * bytes, in blocks of at least blk bytes. */
struct runw {
	struct run *r;
	size_t blk, inblock;
	bool fences;            /* false while adding: no lookups */
	char *buf;              /* RUNW_BUF bytes gathered for a write */
	size_t nbuf;
};
#define RUNW_BUF ((size_t)64 << 10)

static void
runw_flush(struct runw *w)
{
	if (w->nbuf > 0 && fwrite(w->buf, 1, w->nbuf, w->r->fp) != w->nbuf)
		tmpf_failed("write");
	w->nbuf = 0;
}

static void
runw_open(struct idindex *x, struct runw *w, size_t nkeys, off_t size)
{
	struct run *r = xcalloc(1, sizeof *r);
	size_t bits = 0, total = x->inruns + nkeys;

	if ((r->fp = tmpf_open()) == NULL)
		tmpf_failed("make");
	r->fd = fileno(r->fp);
	w->r = r;
	w->inblock = 0;
	w->buf = xmalloc(RUNW_BUF);
	w->nbuf = 0;
	w->fences = !x->adding;
	w->blk = (size_t)(size / RUN_FENCES) + 1;
	if (w->blk < RUN_BLOCK)
		w->blk = RUN_BLOCK;
	/* the filters of all runs within BLOOM_MAX_BITS: a run's share is
	 * its keys' share of all, and no more than is left */
	if (nkeys > 0 && !x->adding)
		bits = total * BLOOM_BITS_KEY <= BLOOM_MAX_BITS ?
		    nkeys * BLOOM_BITS_KEY : (size_t)((double)BLOOM_MAX_BITS *
		    (double)nkeys / (double)total);
	if (bits > BLOOM_MAX_BITS - x->bloombits)
		bits = BLOOM_MAX_BITS - x->bloombits;
	bits -= bits % BLOOM_BLOCK;
	if (bits >= nkeys * 2 && bits > 0) {
		x->bloombits += bits;
		r->nbits = bits;
		r->k = (unsigned)((double)bits / (double)nkeys * 0.69 + 0.5);
		if (r->k < 1)
			r->k = 1;
		r->bloom = xcalloc((bits + 63) / 64, sizeof *r->bloom);
	}
}

/* A record (its id of len bytes first) of n bytes, in order. */
static void
runw_add(struct runw *w, const char *rec, size_t len, size_t n)
{
	struct run *r = w->r;

	if (w->inblock > 0 && w->inblock + n > w->blk)
		w->inblock = 0;
	if (w->inblock == 0 && w->fences) {
		r->off = xgrow(r->off, &r->capfence, r->nfence + 1,
		    sizeof *r->off);
		r->fkey = xfollow(r->fkey, r->nfence, r->capfence,
		    sizeof *r->fkey);
		r->keys = xgrow(r->keys, &r->capkeys, r->keylen + len + 1, 1);
		r->off[r->nfence] = r->size;
		r->fkey[r->nfence++] = (uint32_t)r->keylen;
		memcpy(r->keys + r->keylen, rec, len + 1);
		r->keylen += len + 1;
	}
	if (w->nbuf + n > RUNW_BUF)
		runw_flush(w);
	if (n > RUNW_BUF) {
		if (fwrite(rec, 1, n, r->fp) != n)
			tmpf_failed("write");
	} else {
		memcpy(w->buf + w->nbuf, rec, n);
		w->nbuf += n;
	}
	w->inblock += n;
	r->size += (off_t)n;
	r->nkeys++;
	if (r->nbits > 0)
		bloom_add(r, hash(rec, len));
}

static struct run *
runw_close(struct runw *w)
{
	runw_flush(w);
	free(w->buf);
	if (fflush(w->r->fp) != 0)
		tmpf_failed("write");
	return w->r;
}

/* The filter of r dropped (its bits to the others). */
static void
run_unbloom(struct idindex *x, struct run *r)
{
	x->bloombits -= r->nbits;
	free(r->bloom);
	r->bloom = NULL;
	r->nbits = 0;
}

static void
run_free(struct idindex *x, struct run *r)
{
	if (r == NULL)
		return;
	run_unbloom(x, r);
	fclose(r->fp);
	free(r->off);
	free(r->fkey);
	free(r->keys);
	free(r);
}

/* The entry of key (NUL-terminated, len bytes, hash h) in r. */
static bool
run_get(const struct run *r, const char *key, uint64_t h, struct identry *e)
{
	size_t lo = 0, hi = r->nfence, mid, n, i, klen, m;
	char small[8192], *buf;
	bool found = false;
	int c;

	if (r->nfence == 0 || !bloom_maybe(r, h))
		return false;
	while (lo < hi) {       /* the last block whose first key <= key */
		mid = lo + (hi - lo) / 2;
		if (strcmp(r->keys + r->fkey[mid], key) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return false;
	n = (size_t)((lo < r->nfence ? r->off[lo] : r->size) - r->off[lo - 1]);
	buf = n <= sizeof small ? small : xmalloc(n);
	tmpf_pread(r->fd, buf, n, r->off[lo - 1]);
	for (i = 0; i < n; i += klen + 1 + m) {
		klen = strlen(buf + i);
		m = i + klen < n ? meta_len((unsigned char *)buf + i +
		    klen + 1, n - i - klen - 1) : 0;
		if (m == 0)
			tmpf_failed("read");
		if ((c = strcmp(buf + i, key)) >= 0) {
			if (c == 0)
				get_meta((unsigned char *)buf + i + klen + 1, e);
			found = c == 0;
			break;
		}
	}
	if (buf != small)
		free(buf);
	return found;
}

/* A run read from its start, a record at a time: the current one at p
 * (its id len bytes, the record n). */
struct runr {
	const struct run *r;
	char *buf;
	size_t cap, start, end;
	off_t off;              /* of the file, read up to */
	const char *p;
	size_t len, n;
};

/* The next record to rd->p, false (p NULL) at the end. */
static bool
runr_next(struct runr *rd)
{
	const char *p;
	size_t k, m, have;

	for (;;) {
		have = rd->end - rd->start;
		p = memchr(rd->buf + rd->start, '\0', have);
		if (p != NULL) {
			k = (size_t)(p - rd->buf) - rd->start;
			m = meta_len((const unsigned char *)p + 1, have - k - 1);
			if (m > 0) {
				rd->p = rd->buf + rd->start;
				rd->len = k;
				rd->n = k + 1 + m;
				rd->start += rd->n;
				return true;
			}
		}
		if (rd->off == rd->r->size) {
			if (have != 0)
				tmpf_failed("read");
			rd->p = NULL;
			return false;
		}
		/* more: what is left to the front, the buffer grown when a
		 * record fills it */
		memmove(rd->buf, rd->buf + rd->start, have);
		rd->start = 0;
		rd->end = have;
		if (rd->cap - have < 4096)
			rd->buf = xgrow(rd->buf, &rd->cap, rd->cap * 2, 1);
		k = rd->cap - have;
		if ((off_t)k > rd->r->size - rd->off)
			k = (size_t)(rd->r->size - rd->off);
		tmpf_pread(rd->r->fd, rd->buf + have, k, rd->off);
		rd->off += (off_t)k;
		rd->end += k;
	}
}

/* e (the later entry of an id) folded into *acc (the earlier), as
 * idindex_add has it: the place of the first entry with IDX_KNOWN (or
 * of the later when neither has it), the flags of both. */
static void
fold(struct identry *acc, const struct identry *e)
{
	unsigned flags = acc->flags | e->flags;

	if (!(acc->flags & IDX_KNOWN))
		*acc = *e;
	acc->flags = flags;
}

/* The readers of a merge as a heap: the record of reader h[0] comes
 * first (of equal ids, that of the earlier run). */
static bool
before(const struct runr *rd, size_t a, size_t b)
{
	int c = strcmp(rd[a].p, rd[b].p);

	return c < 0 || (c == 0 && a < b);
}

static void
sift(const struct runr *rd, size_t *h, size_t n, size_t i)
{
	size_t c, t;

	for (; (c = 2 * i + 1) < n; i = c) {
		if (c + 1 < n && before(rd, h[c + 1], h[c]))
			c++;
		if (!before(rd, h[c], h[i]))
			break;
		t = h[i];
		h[i] = h[c];
		h[c] = t;
	}
}

/* The heap's first reader on to its next record. */
static void
advance(struct runr *rd, size_t *h, size_t *n)
{
	if (!runr_next(&rd[h[0]]))
		h[0] = h[--*n];
	sift(rd, h, *n, 0);
}

/* The k runs in (the oldest first) as one, of one level more: of an id
 * in several, the latest entry, or all folded (fold). */
static struct run *
merge(struct idindex *x, struct run **in, size_t k, bool folding)
{
	struct runr *rd = xcalloc(k, sizeof *rd);
	size_t *h = xcalloc(k, sizeof *h), n = 0, nkeys = 0, i, cap = 0, m;
	unsigned char meta[META_MAX];
	struct identry acc, e;
	struct runw w;
	off_t size = 0;
	unsigned level = 0;
	char *rec = NULL;

	/* the filters of the runs are not asked during the merge: their
	 * bits go to the new one */
	for (i = 0; i < k; i++) {
		run_unbloom(x, in[i]);
		x->inruns -= in[i]->nkeys;
		nkeys += in[i]->nkeys;
		size += in[i]->size;
		level = in[i]->level > level ? in[i]->level : level;
	}
	runw_open(x, &w, nkeys, size);
	for (i = 0; i < k; i++) {
		rd[i].r = in[i];
		rd[i].buf = xgrow(NULL, &rd[i].cap, MERGE_BUF, 1);
		if (runr_next(&rd[i]))
			h[n++] = i;
	}
	for (i = n / 2; i-- > 0; )
		sift(rd, h, n, i);
	while (n > 0) {
		rec = xgrow(rec, &cap, rd[h[0]].n, 1);
		memcpy(rec, rd[h[0]].p, rd[h[0]].n);
		m = rd[h[0]].n - rd[h[0]].len - 1;
		advance(rd, h, &n);
		if (n > 0 && strcmp(rd[h[0]].p, rec) == 0) {
			get_meta((unsigned char *)rec + strlen(rec) + 1, &acc);
			do {
				get_meta((const unsigned char *)rd[h[0]].p +
				    rd[h[0]].len + 1, &e);
				if (folding)
					fold(&acc, &e);
				else
					acc = e;
				advance(rd, h, &n);
			} while (n > 0 && strcmp(rd[h[0]].p, rec) == 0);
			m = put_meta(meta, &acc);
			rec = xgrow(rec, &cap, strlen(rec) + 1 + m, 1);
			memcpy(rec + strlen(rec) + 1, meta, m);
		}
		runw_add(&w, rec, strlen(rec), strlen(rec) + 1 + m);
	}
	for (i = 0; i < k; i++) {
		free(rd[i].buf);
		run_free(x, in[i]);
	}
	free(rd);
	free(h);
	free(rec);
	x->inruns += w.r->nkeys;
	x->written += w.r->nkeys;
	w.r->level = level + 1;
	return runw_close(&w);
}

/* The entries in memory in the order of their ids.  Each is a 64-bit
 * key: four bytes of its id from depth d on (big-endian, zeros past its
 * end) above its offset + 1, so that the sort reads one array in order
 * rather than each id where it lies.  The keys are sorted by their
 * words in place, a byte at a time (most significant first, each byte's
 * buckets by counting and cycles of swaps), small buckets by insertion;
 * then each group of one word that does not hold its ids' end is sorted
 * on at depth d + 4, its words read anew. */
#define SORT_SMALL 32

static uint64_t
key_at(const struct idindex *x, uint32_t v, size_t d)
{
	const unsigned char *k = (const unsigned char *)at(x, v - 1) + d;
	uint64_t w = 0;
	int i;

	for (i = 0; i < 4 && k[i] != 0; i++)
		w |= (uint64_t)k[i] << (56 - 8 * i);
	return w | v;
}

static void
sort_words(uint64_t *p, size_t n, unsigned b)
{
	size_t count[256] = { 0 }, next[256], end[256], i, j;
	unsigned shift = 56 - 8 * b, c;
	uint64_t t;

	if (n <= SORT_SMALL) {
		for (i = 1; i < n; i++)
			for (j = i; j > 0 && p[j] >> 32 < p[j - 1] >> 32; j--) {
				t = p[j];
				p[j] = p[j - 1];
				p[j - 1] = t;
			}
		return;
	}
	for (i = 0; i < n; i++)
		count[(p[i] >> shift) & 0xff]++;
	for (c = 0, j = 0; c < 256; c++) {
		next[c] = j;
		j += count[c];
		end[c] = j;
	}
	for (c = 0; c < 256; c++)
		while (next[c] < end[c]) {
			t = p[next[c]];
			while ((j = (t >> shift) & 0xff) != c) {
				uint64_t u = p[next[j]];

				p[next[j]++] = t;
				t = u;
			}
			p[next[c]++] = t;
		}
	/* bucket 0 holds the ids that end here: sorted */
	for (c = 1, i = count[0]; c < 256 && b < 3; i += count[c++])
		if (count[c] > 1)
			sort_words(p + i, count[c], b + 1);
}

static void
sort_ids(const struct idindex *x, uint64_t *p, size_t n, size_t d)
{
	size_t i, j, k, big, bign;

	/* the largest group that goes on loops, the others recurse (each
	 * at most half: the depth is at most the log of n, however long
	 * the ids' common start) */
	for (;;) {
		sort_words(p, n, 0);
		big = bign = 0;
		for (i = 0; i < n; i = j) {
			for (j = i + 1; j < n && p[j] >> 32 == p[i] >> 32; j++)
				;
			if (j - i < 2 || (p[i] >> 32 & 0xff) == 0)
				continue;
			for (k = i; k < j; k++)
				p[k] = key_at(x, (uint32_t)p[k], d + 4);
			if (j - i > bign) {
				if (bign > 0)
					sort_ids(x, p + big, bign, d + 4);
				big = i;
				bign = j - i;
			} else
				sort_ids(x, p + i, j - i, d + 4);
		}
		if (bign == 0)
			return;
		p += big;
		n = bign;
		d += 4;
	}
}

/* The table to a new run (of level 0), the memory emptied.  The keys
 * take the slots' place: the slots' array is grown to hold them and
 * filled from its end, each key over slots already read.  Large blocks
 * are mapped on their own from the first run on: grown in place, and
 * given back whole when freed (glibc would otherwise raise the size it
 * maps from to this array's, and the tables after it would leave holes
 * in the heap: 2.4 MB more at 5 million ids). */
static void
spill_table(struct idindex *x)
{
	struct runw w;
	size_t i, j, len, m, cap;
	const char *k;
	uint64_t *p;

	xalloc_map_large();
	for (i = j = 0; i < x->capslot; i++)
		if (x->slot[i] != 0)
			x->slot[j++] = x->slot[i];
	cap = x->capslot / 2;
	x->slot = xgrow(x->slot, &cap, j, sizeof *p);
	p = (uint64_t *)(void *)x->slot;
	for (i = j; i-- > 0; )
		p[i] = key_at(x, x->slot[i], 0);
	sort_ids(x, p, j, 0);
	runw_open(x, &w, j, (off_t)x->filled);
	for (i = 0; i < j; i++) {
		k = at(x, (uint32_t)p[i] - 1);
		len = strlen(k);
		m = meta_len((const unsigned char *)k + len + 1, META_MAX);
		runw_add(&w, k, len, len + 1 + m);
	}
	x->inruns += j;
	x->written += j;
	x->run = xgrow(x->run, &x->caprun, x->nrun + 1, sizeof *x->run);
	x->run[x->nrun++] = runw_close(&w);
	x->nruns++;
	for (i = 0; i < x->nblock; i++)
		free(x->block[i]);
	x->nblock = x->used = x->bytes = x->filled = 0;
	free(x->slot);
	x->slot = NULL;
	x->capslot = x->n = 0;
}

/* The last k runs as one. */
static void
merge_last(struct idindex *x, size_t k, bool folding)
{
	x->run[x->nrun - k] = merge(x, x->run + x->nrun - k, k, folding);
	x->nrun -= k - 1;
}

/* The table to a new run, then runs merged.  Filled by idindex_add
 * (no lookups until idindex_settle), FANIN runs of one level become one
 * of the next: a record is written once a level, and the levels grow as
 * the log to the base FANIN of the runs.  Otherwise, for the lookups,
 * runs of about the same size are merged (each at least twice the size
 * of the next: a few runs, each record rewritten a few times). */
static void
spill(struct idindex *x)
{
	size_t i;

	spill_table(x);
	while (x->adding && x->nrun >= FANIN) {
		for (i = x->nrun - FANIN; i < x->nrun; i++)
			if (x->run[i]->level != x->run[x->nrun - 1]->level)
				return;
		merge_last(x, FANIN, true);
	}
	while (!x->adding && x->nrun >= 2 && x->run[x->nrun - 2]->size <=
	    2 * x->run[x->nrun - 1]->size)
		merge_last(x, 2, false);
}

/* ---- the index ---------------------------------------------------------- */

bool
idindex_get(const struct idindex *x, const char *id, size_t len,
    struct identry *e)
{
	size_t i;
	const char *k;
	char small[256], *key;
	uint64_t h;
	bool found = false;

	len = strnlen(id, len);
	if (x->n > 0) {
		i = probe(x, id, len);
		if (x->slot[i] != 0) {
			k = at(x, x->slot[i] - 1);
			get_meta((const unsigned char *)k + len + 1, e);
			return true;
		}
	}
	if (x->nrun == 0)
		return false;
	key = len < sizeof small ? small : xmalloc(len + 1);
	memcpy(key, id, len);
	key[len] = '\0';
	h = hash(id, len);
	for (i = x->nrun; i-- > 0 && !found; )
		found = run_get(x->run[i], key, h, e);
	if (key != small)
		free(key);
	return found;
}

/* Set the entry of id[0..len) to *e, or to *e folded into the entry
 * in memory (folding). */
static void
store(struct idindex *x, const char *id, size_t len,
    const struct identry *e, bool folding)
{
	unsigned char meta[32];
	size_t m = put_meta(meta, e), i, old, tab;
	uint32_t off;
	struct identry cur;
	char *k;
	bool full;

	len = strnlen(id, len);
	/* past the budget (the table as it would be, the entries with
	 * this one), the entries to a run first */
	full = (x->n + 1) * 5 > x->capslot * 4;
	tab = full ? x->capslot + x->capslot / 2 : x->capslot;
	if (x->n > 0 && tab * sizeof *x->slot + x->filled + len + 1 +
	    (folding ? META_MAX : m) > x->budget) {
		spill(x);
		full = true;
	}
	if (full)
		grow(x);
	i = probe(x, id, len);
	if (x->slot[i] != 0) {
		k = at(x, x->slot[i] - 1);
		get_meta((const unsigned char *)k + len + 1, &cur);
		old = put_meta((unsigned char[32]){ 0 }, &cur);
		if (folding) {
			fold(&cur, e);
			m = put_meta(meta, &cur);
		}
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

void
idindex_put(struct idindex *x, const char *id, size_t len,
    const struct identry *e)
{
	idindex_settle(x);
	store(x, id, len, e, false);
}

void
idindex_add(struct idindex *x, const char *id, size_t len,
    const struct identry *e)
{
	x->adding = true;
	store(x, id, len, e, true);
}

void
idindex_settle(struct idindex *x)
{
	if (!x->adding)
		return;
	if (x->nrun > 0) {
		if (x->n > 0)
			spill_table(x);
		x->adding = false;      /* the last run gets a filter */
		merge_last(x, x->nrun, true);
	}
	x->adding = false;
}

size_t
idindex_written(const struct idindex *x)
{
	return x->written;
}

bool
idindex_known(const struct idindex *x, const char *ref)
{
	struct identry e;

	return idindex_get(x, ref, strlen(ref), &e) &&
	    (e.flags & (IDX_EXACT | IDX_FAMILY | IDX_KNOWN)) != 0;
}

/* A file name past the budget's share (FILES_SHARE of it) is written
 * to a temporary file: its number is that flag and its offset there. */
#define FILE_SPILLED 0x80000000u
#define FILES_SHARE 8
/* What a name in memory costs besides its bytes (the set's slots and
 * pointer, malloc's header). */
#define FILE_OVERHEAD 48

uint32_t
idindex_file(struct idindex *x, const char *name)
{
	size_t len = strlen(name);
	long n = strset_findn(&x->files, name, len);
	off_t at = x->names_end;

	if (n >= 0)
		return (uint32_t)n;
	if (x->names_bytes + len + FILE_OVERHEAD <= x->budget / FILES_SHARE ||
	    at + (off_t)len >= (off_t)FILE_SPILLED) {
		x->names_bytes += len + FILE_OVERHEAD;
		return (uint32_t)strset_add(&x->files, name, len, NULL);
	}
	/* the same as the last one spilled (the armies of one file) */
	if (x->last_name != NULL && strcmp(x->last_name, name) == 0)
		return x->last_file;
	if (x->names == NULL && (x->names = tmpf_open()) == NULL)
		tmpf_failed("make");
	if (fwrite(name, 1, len + 1, x->names) != len + 1)
		tmpf_failed("write");
	x->names_end += (off_t)len + 1;
	free(x->last_name);
	x->last_name = xstrdup(name);
	x->last_file = FILE_SPILLED | (uint32_t)at;
	return x->last_file;
}

bool
idindex_same_file(const struct idindex *x, uint32_t a, uint32_t b)
{
	char *name;
	bool same;

	if (a == b || (!(a & FILE_SPILLED) && !(b & FILE_SPILLED)))
		return a == b;
	name = xstrdup(idindex_file_name(x, a));
	same = strcmp(name, idindex_file_name(x, b)) == 0;
	free(name);
	return same;
}

const char *
idindex_file_name(const struct idindex *x, uint32_t n)
{
	struct sbuf *b = x->namebuf;
	ssize_t r;
	char *nul;

	if (!(n & FILE_SPILLED))
		return n < strset_count(&x->files) ? strset_key(&x->files, n) :
		    "-";
	if (x->names == NULL || fflush(x->names) != 0)
		tmpf_failed("write");
	sbuf_reset(b);
	for (;;) {
		r = pread(fileno(x->names), sbuf_room(b, 256), 256,
		    (off_t)(n & ~FILE_SPILLED) + (off_t)b->len);
		if (r < 0)
			tmpf_failed("read");
		if (r == 0 || (nul = memchr(b->s + b->len, '\0',
		    (size_t)r)) != NULL) {
			b->len += r == 0 ? 0 : (size_t)(nul - (b->s + b->len));
			b->s[b->len] = '\0';
			return b->s;
		}
		b->len += (size_t)r;
	}
}

size_t
idindex_count(const struct idindex *x)
{
	return x->n + x->inruns;
}

size_t
idindex_bytes(const struct idindex *x)
{
	size_t b = x->bytes + x->capslot * sizeof *x->slot + x->names_bytes,
	    i;
	const struct run *r;

	for (i = 0; i < x->nrun; i++) {
		r = x->run[i];
		b += r->capfence * (sizeof *r->off + sizeof *r->fkey) +
		    r->capkeys + (r->nbits + 63) / 64 * 8;
	}
	return b;
}

size_t
idindex_runs(const struct idindex *x)
{
	return x->nruns;
}

void
idindex_budget(struct idindex *x, size_t bytes)
{
	x->budget = bytes;
}

struct idindex *
idindex_new(void)
{
	struct idindex *x = xcalloc(1, sizeof *x);

	x->compact_at = 65536;
	x->budget = tmpf_budget(IDINDEX_BUDGET);
	x->namebuf = xcalloc(1, sizeof *x->namebuf);
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
	for (i = 0; i < x->nrun; i++)
		run_free(x, x->run[i]);
	free(x->run);
	strset_free(&x->files);
	if (x->names != NULL)
		fclose(x->names);
	free(x->last_name);
	sbuf_free(x->namebuf);
	free(x->namebuf);
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
		if (x->spill == NULL && (x->spill = tmpf_open()) == NULL)
			tmpf_failed("make");
		if (fwrite(x->pend, 1, x->npend, x->spill) != x->npend ||
		    fflush(x->spill) != 0)
			tmpf_failed("write");
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
