/* catunits: the units of a side packed, past CAT_UNITS_MEM in a file.
 * A record: name, NUL, pc (0 or 1), ts as a varint.  The file holds
 * blocks of whole records, each after its length (a size_t). */
#include <stdlib.h>
#include <string.h>

#include "campaign/catunits.h"
#include "core/tmpf.h"
#include "core/xalloc.h"

/* The records in memory to the file as a block. */
static void
spill(struct cat_units *u)
{
	if (u->fp == NULL && (u->fp = tmpf_open()) == NULL)
		tmpf_failed("make");
	if (fwrite(&u->len, sizeof u->len, 1, u->fp) != 1 ||
	    fwrite(u->buf, 1, u->len, u->fp) != u->len)
		tmpf_failed("write");
	u->len = 0;
}

void
cat_units_add(struct cat_units *u, const char *name, size_t len, long ts,
    bool pc)
{
	unsigned long v = ts > 0 ? (unsigned long)ts : 0;
	unsigned char *p;

	/* the record ends its name at a NUL: a name is the C string it
	 * was before (a NUL byte of the input ends it there too) */
	len = strnlen(name, len);
	u->buf = xgrow(u->buf, &u->cap, u->len + len + 2 + 10, 1);
	p = (unsigned char *)u->buf + u->len;
	memcpy(p, name, len);
	p += len;
	*p++ = '\0';
	*p++ = pc;
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	u->len = (size_t)((char *)p - u->buf);
	u->n++;
	if (u->len >= CAT_UNITS_MEM)
		spill(u);
}

/* The records of buf[0..n) to cb from index *i; false when cb stopped. */
static bool
each_in(const char *buf, size_t n, size_t *i, cat_unit_cb cb, void *ctx)
{
	const unsigned char *p = (const unsigned char *)buf, *end;
	struct cat_unit c;
	unsigned long v;
	unsigned shift;

	if (n == 0)             /* no buffer yet: buf may be NULL */
		return true;
	end = p + n;
	while (p < end) {
		c.name = (const char *)p;
		p += strlen(c.name) + 1;
		c.pc = *p++ != 0;
		v = 0;
		shift = 0;
		do {
			v |= (unsigned long)(*p & 0x7f) << shift;
			shift += 7;
		} while (*p++ & 0x80);
		c.ts = (long)v;
		if (!cb(ctx, (*i)++, &c))
			return false;
	}
	return true;
}

void
cat_units_each(const struct cat_units *u, cat_unit_cb cb, void *ctx)
{
	char *blk = NULL;
	size_t cap = 0, len, i = 0;
	off_t off = 0, end;

	if (u->fp != NULL) {
		if (fflush(u->fp) != 0)
			tmpf_failed("write");
		end = ftello(u->fp);
		while (off < end) {
			tmpf_pread(fileno(u->fp), &len, sizeof len, off);
			off += (off_t)sizeof len;
			blk = xgrow(blk, &cap, len, 1);
			tmpf_pread(fileno(u->fp), blk, len, off);
			off += (off_t)len;
			if (!each_in(blk, len, &i, cb, ctx))
				break;
		}
		free(blk);
		if (off < end)
			return;
	}
	(void)each_in(u->buf, u->len, &i, cb, ctx);
}

struct at_ctx {
	size_t want;
	struct cat_unit *out;
	struct sbuf *name;
	bool found;
};

static bool
at_cb(void *ctx, size_t i, const struct cat_unit *c)
{
	struct at_ctx *a = ctx;

	if (i < a->want)
		return true;
	sbuf_reset(a->name);
	sbuf_adds(a->name, c->name);
	*a->out = *c;
	a->out->name = sbuf_str(a->name);
	a->found = true;
	return false;
}

bool
cat_units_at(const struct cat_units *u, size_t i, struct cat_unit *out,
    struct sbuf *name)
{
	/* out is written, not read: cppcheck's cross-file check takes a
	 * pointer kept for writing as a read of the caller's variable */
	/* cppcheck-suppress ctuuninitvar */
	struct at_ctx a = { i, out, name, false };

	if (i < u->n)
		cat_units_each(u, at_cb, &a);
	return a.found;
}

static bool
copy_cb(void *ctx, size_t i, const struct cat_unit *c)
{
	(void)i;
	cat_units_add(ctx, c->name, strlen(c->name), c->ts, c->pc);
	return true;
}

void
cat_units_copy(struct cat_units *dst, const struct cat_units *src)
{
	memset(dst, 0, sizeof *dst);
	cat_units_each(src, copy_cb, dst);
}

void
cat_units_move(struct cat_units *dst, struct cat_units *src)
{
	cat_units_free(dst);
	*dst = *src;
	memset(src, 0, sizeof *src);
}

void
cat_units_free(struct cat_units *u)
{
	free(u->buf);
	if (u->fp != NULL)
		fclose(u->fp);
	memset(u, 0, sizeof *u);
}
