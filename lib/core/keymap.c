/* keymap: keys and values in a log, found by a hash table that goes to
 * sorted runs past a budget.  A record of the log: the key's length and
 * the value's as varints, then the key's bytes and the value's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/keymap.h"
#include "core/strset.h"
#include "core/tmpf.h"
#include "core/xalloc.h"

#define BLOCK 256               /* entries of a run read at once: 4 KB */
#define HDR_MAX 20              /* two varints of 64 bits at most */

struct ent {
	uint64_t h;
	uint64_t off;           /* place in the log + 1; 0: empty slot */
};

struct run {
	off_t start;            /* of its entries in the runs file */
	size_t n;
	uint64_t *fence;        /* the first hash of each block */
};

struct keymap {
	char *log;              /* the records not in the log file */
	size_t loglen, logcap;
	uint64_t logbase;       /* bytes in the log file */
	FILE *logfp;
	struct ent *tab;
	size_t cap, n, count, budget;
	FILE *runfp;
	off_t runend;
	struct run *run;
	size_t nrun, caprun;
	struct sbuf rec;        /* a record read back */
	struct ent blk[BLOCK];
	struct ent *mbuf;       /* 3 blocks: a merge's two runs and its output */
};

static size_t
put_varint(unsigned char *p, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		p[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (unsigned char)v;
	return n;
}

/* A varint of p[0..n) in *v: its length, 0 when cut short. */
static size_t
get_varint(const unsigned char *p, size_t n, uint64_t *v)
{
	size_t i;
	unsigned shift = 0;

	*v = 0;
	for (i = 0; i < n && shift < 64; i++, shift += 7) {
		*v |= (uint64_t)(p[i] & 0x7f) << shift;
		if (!(p[i] & 0x80))
			return i + 1;
	}
	return 0;
}

/* ---- the log ------------------------------------------------------------ */

static uint64_t
log_append(struct keymap *m, const char *key, size_t klen, const char *val,
    size_t vlen)
{
	uint64_t off = m->logbase + m->loglen;
	unsigned char *p;

	m->log = xgrow(m->log, &m->logcap, m->loglen + 2 * HDR_MAX + klen +
	    vlen, 1);
	p = (unsigned char *)m->log + m->loglen;
	p += put_varint(p, klen);
	p += put_varint(p, vlen);
	if (klen > 0)
		memcpy(p, key, klen);
	if (vlen > 0)
		memcpy(p + klen, val, vlen);
	m->loglen = (size_t)((char *)p - m->log) + klen + vlen;
	if (m->loglen >= KEYMAP_LOG_MEM) {
		if (m->logfp == NULL && (m->logfp = tmpf_open()) == NULL)
			tmpf_failed("make");
		if (fwrite(m->log, 1, m->loglen, m->logfp) != m->loglen ||
		    fflush(m->logfp) != 0)
			tmpf_failed("write");
		m->logbase += m->loglen;
		m->loglen = 0;
	}
	return off;
}

/* Whether the record at off holds key[0..klen); its value to val (when
 * not NULL) when it does. */
static bool
log_match(struct keymap *m, uint64_t off, const char *key, size_t klen,
    struct sbuf *val)
{
	const unsigned char *p;
	unsigned char hdr[2 * HDR_MAX];
	uint64_t kl, vl;
	size_t n, a, b;

	if (off >= m->logbase) {
		p = (const unsigned char *)m->log + (off - m->logbase);
		n = m->loglen - (size_t)(off - m->logbase);
	} else {
		n = m->logbase - off < sizeof hdr ?
		    (size_t)(m->logbase - off) : sizeof hdr;
		tmpf_pread(fileno(m->logfp), hdr, n, (off_t)off);
		p = hdr;
	}
	if ((a = get_varint(p, n, &kl)) == 0 ||
	    (b = get_varint(p + a, n - a, &vl)) == 0)
		tmpf_failed("read");
	if (kl != klen)
		return false;
	if (off < m->logbase) {
		sbuf_reset(&m->rec);
		(void)sbuf_room(&m->rec, klen + vl);
		tmpf_pread(fileno(m->logfp), m->rec.s, klen + vl,
		    (off_t)(off + a + b));
		p = (const unsigned char *)m->rec.s;
	} else
		p += a + b;
	if (klen > 0 && memcmp(p, key, klen) != 0)
		return false;
	if (val != NULL) {
		sbuf_reset(val);
		sbuf_add(val, (const char *)p + klen, vl);
	}
	return true;
}

/* ---- the runs ----------------------------------------------------------- */

/* The runs file holds the runs one after the other, the oldest first.
 * A new run is merged with the run before it while that one is no
 * larger (a binary counter: runs of 1, 2, 4, ... spills, a handful of
 * them), streaming through the file: the merge goes to the file's end,
 * then back to the place of the two, and the file is cut there.  Of two
 * entries of one hash the newer run's comes first, each run's in its
 * own order: a lookup finds what it found in the runs before. */

static int
by_hash(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* A run read block by block. */
struct cur {
	off_t pos;              /* of the next block in the runs file */
	size_t left;            /* entries not yet in buf */
	size_t i, k;            /* buf[i..k) not yet taken */
	struct ent *buf;
};

static bool
cur_fill(struct keymap *m, struct cur *c)
{
	if (c->i < c->k)
		return true;
	if (c->left == 0)
		return false;
	c->k = c->left < BLOCK ? c->left : BLOCK;
	tmpf_pread(fileno(m->runfp), c->buf, c->k * sizeof *c->buf, c->pos);
	c->pos += (off_t)(c->k * sizeof *c->buf);
	c->left -= c->k;
	c->i = 0;
	return true;
}

/* Copy n bytes of the runs file at from to to, through buf of BLOCK
 * entries. */
static void
run_move(struct keymap *m, off_t from, off_t to, off_t n, struct ent *buf)
{
	size_t k;

	while (n > 0) {
		k = n < (off_t)(BLOCK * sizeof *buf) ? (size_t)n :
		    BLOCK * sizeof *buf;
		tmpf_pread(fileno(m->runfp), buf, k, from);
		tmpf_pwrite(fileno(m->runfp), buf, k, to);
		from += (off_t)k;
		to += (off_t)k;
		n -= (off_t)k;
	}
}

/* The last two runs merged into one, in their place. */
static void
run_merge(struct keymap *m)
{
	struct run *a = &m->run[m->nrun - 2], *b = &m->run[m->nrun - 1];
	struct cur c[2];
	struct ent *out = m->mbuf + 2 * BLOCK;
	size_t n = a->n + b->n, i, k = 0, w;
	uint64_t *fence = xcalloc((n + BLOCK - 1) / BLOCK + 1,
	    sizeof *fence);
	off_t end = m->runend, at = end;
	bool has0, has1;

	c[0] = (struct cur){ a->start, a->n, 0, 0, m->mbuf };
	c[1] = (struct cur){ b->start, b->n, 0, 0, m->mbuf + BLOCK };
	for (i = 0; i < n; i++) {
		/* the newer run's first when the hashes are equal */
		has0 = cur_fill(m, &c[0]);
		has1 = cur_fill(m, &c[1]);
		w = has1 && (!has0 || c[1].buf[c[1].i].h <=
		    c[0].buf[c[0].i].h) ? 1 : 0;
		if (i % BLOCK == 0)
			fence[i / BLOCK] = c[w].buf[c[w].i].h;
		out[k++] = c[w].buf[c[w].i++];
		if (k == BLOCK || i + 1 == n) {
			tmpf_pwrite(fileno(m->runfp), out, k * sizeof *out, at);
			at += (off_t)(k * sizeof *out);
			k = 0;
		}
	}
	run_move(m, end, a->start, at - end, out);
	m->runend = a->start + (at - end);
	if (ftruncate(fileno(m->runfp), m->runend) != 0)
		tmpf_failed("write");
	free(a->fence);
	free(b->fence);
	a->n = n;
	a->fence = fence;
	m->nrun--;
}

/* The table to a new run; the table empty again. */
static void
spill(struct keymap *m)
{
	struct run *r;
	size_t i, k = 0;

	for (i = 0; i < m->cap; i++)
		if (m->tab[i].off != 0)
			m->tab[k++] = m->tab[i];
	qsort(m->tab, k, sizeof *m->tab, by_hash);
	if (m->runfp == NULL && (m->runfp = tmpf_open()) == NULL)
		tmpf_failed("make");
	tmpf_pwrite(fileno(m->runfp), m->tab, k * sizeof *m->tab, m->runend);
	m->run = xgrow(m->run, &m->caprun, m->nrun + 1, sizeof *m->run);
	r = &m->run[m->nrun++];
	r->start = m->runend;
	r->n = k;
	r->fence = xcalloc((k + BLOCK - 1) / BLOCK + 1, sizeof *r->fence);
	for (i = 0; i < k; i += BLOCK)
		r->fence[i / BLOCK] = m->tab[i].h;
	m->runend += (off_t)(k * sizeof *m->tab);
	memset(m->tab, 0, m->cap * sizeof *m->tab);
	m->n = 0;
	if (m->mbuf == NULL && m->nrun > 1)
		m->mbuf = xcalloc(3 * BLOCK, sizeof *m->mbuf);
	while (m->nrun > 1 && m->run[m->nrun - 2].n <= m->run[m->nrun - 1].n)
		run_merge(m);
}

static bool
run_get(struct keymap *m, const struct run *r, uint64_t h, const char *key,
    size_t klen, struct sbuf *val)
{
	size_t nb = (r->n + BLOCK - 1) / BLOCK, lo = 0, hi = nb, mid, b, k, i;

	/* the first block whose first hash is h or more: h may start in
	 * the block before it */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->fence[mid] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (b = lo > 0 ? lo - 1 : 0; b < nb; b++) {
		if (r->fence[b] > h)
			return false;
		k = r->n - b * BLOCK < BLOCK ? r->n - b * BLOCK : BLOCK;
		tmpf_pread(fileno(m->runfp), m->blk, k * sizeof *m->blk,
		    r->start + (off_t)(b * BLOCK * sizeof *m->blk));
		for (i = 0; i < k; i++) {
			if (m->blk[i].h > h)
				return false;
			if (m->blk[i].h == h && log_match(m, m->blk[i].off - 1,
			    key, klen, val))
				return true;
		}
	}
	return false;
}

/* ---- the map ------------------------------------------------------------ */

/* The largest table of the budget: a power of two, at least 64. */
static size_t
cap_max(const struct keymap *m)
{
	size_t c = 64;

	while (c * 2 * sizeof(struct ent) <= m->budget)
		c *= 2;
	return c;
}

static void
tab_put(struct keymap *m, uint64_t h, uint64_t off)
{
	size_t i = (size_t)h & (m->cap - 1);

	while (m->tab[i].off != 0)
		i = (i + 1) & (m->cap - 1);
	m->tab[i].h = h;
	m->tab[i].off = off;
	m->n++;
}

/* Room for one more entry: the table doubled, or spilled at the
 * budget. */
static void
room(struct keymap *m)
{
	struct ent *old = m->tab;
	size_t oldcap = m->cap, i;

	if (m->cap != 0 && (m->n + 1) * 2 <= m->cap)
		return;
	if (m->cap != 0 && m->cap * 2 > cap_max(m)) {
		spill(m);
		return;
	}
	m->cap = m->cap == 0 ? (cap_max(m) < 1024 ? cap_max(m) : 1024) :
	    m->cap * 2;
	m->tab = xcalloc(m->cap, sizeof *m->tab);
	m->n = 0;
	for (i = 0; i < oldcap; i++)
		if (old[i].off != 0)
			tab_put(m, old[i].h, old[i].off);
	free(old);
}

static bool
get(struct keymap *m, uint64_t h, const char *key, size_t klen,
    struct sbuf *val)
{
	size_t i;

	if (m->cap != 0)
		for (i = (size_t)h & (m->cap - 1); m->tab[i].off != 0;
		    i = (i + 1) & (m->cap - 1))
			if (m->tab[i].h == h && log_match(m,
			    m->tab[i].off - 1, key, klen, val))
				return true;
	for (i = m->nrun; i-- > 0;)
		if (run_get(m, &m->run[i], h, key, klen, val))
			return true;
	return false;
}

bool
keymap_get(struct keymap *m, const char *key, size_t klen, struct sbuf *val)
{
	return get(m, strset_hash(key, klen), key, klen, val);
}

bool
keymap_add(struct keymap *m, const char *key, size_t klen, const char *val,
    size_t vlen)
{
	uint64_t h = strset_hash(key, klen);

	if (get(m, h, key, klen, NULL))
		return false;
	room(m);
	tab_put(m, h, log_append(m, key, klen, val, vlen) + 1);
	m->count++;
	return true;
}

void
keymap_put(struct keymap *m, const char *key, size_t klen, const char *val,
    size_t vlen)
{
	uint64_t h = strset_hash(key, klen);

	room(m);
	tab_put(m, h, log_append(m, key, klen, val, vlen) + 1);
	m->count++;
}

size_t
keymap_count(const struct keymap *m)
{
	return m->count;
}

size_t
keymap_runs(const struct keymap *m)
{
	return m->nrun;
}

void
keymap_budget(struct keymap *m, size_t bytes)
{
	m->budget = bytes;
}

struct keymap *
keymap_new(void)
{
	struct keymap *m = xcalloc(1, sizeof *m);

	m->budget = tmpf_budget(KEYMAP_BUDGET);
	return m;
}

void
keymap_free(struct keymap *m)
{
	size_t i;

	if (m == NULL)
		return;
	free(m->log);
	if (m->logfp != NULL)
		fclose(m->logfp);
	free(m->tab);
	if (m->runfp != NULL)
		fclose(m->runfp);
	for (i = 0; i < m->nrun; i++)
		free(m->run[i].fence);
	free(m->run);
	free(m->mbuf);
	sbuf_free(&m->rec);
	free(m);
}
