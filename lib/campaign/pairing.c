/* The campaign tools' records rolled and written: sides paired into
 * battles (a battle line, a battle element or a new file starts one),
 * pcs one by one.  A record's dice depend on the seed, its file and its
 * line only. */
#include <stdlib.h>

#include "campaign/campaignin.h"
#include "campaign/pairing.h"
#include "core/num.h"
#include "core/xalloc.h"

static void
dice_of(const struct pairing *b, long line, struct dice *d)
{
	dice_stream(d, b->seed, (b->fileno << 48) + (uint64_t)line);
}

static void
write_side(struct pairing *b, struct cat_side *s)
{
	size_t i;

	for (i = 0; i < b->nout; i++)
		campaignout_side(&b->out[i], s);
	cat_side_free(s);
}

/* The sides held back: two fight each other, then all are written. */
static void
flush(struct pairing *b)
{
	size_t i;

	if (b->nbuf == 2 && !b->many && !b->odds)
		cat_battle(b->cat, b->buf, 2);
	for (i = 0; i < b->nbuf; i++)
		write_side(b, &b->buf[i]);
	b->nbuf = 0;
}

static void
on_battle(void *ctx, const char *name)
{
	struct pairing *b = ctx;
	size_t i;

	flush(b);
	free(b->name);
	b->name = name != NULL ? xstrdup(name) : NULL;
	b->n++;
	b->many = false;
	b->pending = false;
	for (i = 0; i < b->nout; i++)
		b->out[i].battles = true;
}

/* A side rolled on a copy of its own, held back or written (and
 * freed) at once. */
static void
on_side(void *ctx, const struct cat_side *sp)
{
	struct pairing *b = ctx;
	struct cat_side s;
	struct dice d;
	size_t i;

	cat_side_copy(&s, sp);
	if (b->pending) {
		/* a second file's battle is numbered, to be read back */
		for (i = 0; b->n > 0 && i < b->nout; i++)
			b->out[i].battles = true;
		b->n++;
		b->pending = false;
		free(b->name);
		b->name = NULL;
	}
	s.file = b->file;
	s.battle = b->n;
	s.battle_name = b->name;
	if (!b->odds) {
		dice_of(b, s.line, &d);
		cat_roll(b->cat, &s, &d);
	}
	if (b->nbuf == 2) {
		b->many = true;
		flush(b);
	}
	if (b->many)
		write_side(b, &s);
	else
		b->buf[b->nbuf++] = s;
}

/* A pc rolled on a copy; its strings stay the reader's. */
static void
on_pc(void *ctx, const struct surv_pc *pc)
{
	struct pairing *b = ctx;
	struct surv_pc p = *pc;
	struct dice d;
	size_t i;

	p.file = b->file;
	dice_of(b, p.line, &d);
	surv_run(b->surv, &p, &d);
	for (i = 0; i < b->nout; i++)
		campaignout_pc(&b->out[i], &p);
}

void
pairing_begin(struct pairing *b, const char *seed)
{
	unsigned long long v;
	size_t i;

	if (b->begun)
		return;
	b->begun = true;
	/* the seed of an output read back stands for -s */
	if (seed != NULL && b->nout > 0 && !b->out[0].seed_given &&
	    num_u64(seed, &v) == 0) {
		b->seed = v;
		for (i = 0; i < b->nout; i++) {
			b->out[i].seed = v;
			b->out[i].seed_given = true;
		}
	}
	for (i = 0; i < b->nout; i++)
		campaignout_begin(&b->out[i], b->root);
}

static void
on_start(void *ctx, const char *seed)
{
	pairing_begin(ctx, seed);
}

void
pairing_init(struct pairing *b, struct campaignout *out, size_t nout,
    const struct cat_table *cat, const struct surv_table *surv,
    uint64_t seed)
{
	size_t i;

	*b = (struct pairing){ .out = out, .nout = nout, .cat = cat,
	    .surv = surv, .seed = seed, .odds = nout > 0,
	    .root = cat != NULL ? "catastrophes" : "survival" };
	for (i = 0; i < nout; i++)
		b->odds = b->odds && out[i].odds;
}

void
pairing_file(struct pairing *b, struct input *in)
{
	const struct campaignin c = { .start = on_start, .battle = on_battle,
	    .side = b->cat != NULL ? on_side : NULL, .pc = on_pc,
	    .cat = b->cat, .surv = b->surv, .battle_file = b->struck,
	    .ctx = b };

	b->file = in->name;
	b->pending = true;
	b->many = false;
	campaignin_read(&c, in);
	flush(b);
	free(b->name);
	b->name = NULL;
	b->fileno++;
}

void
pairing_input(void *ctx, struct input *in)
{
	pairing_file(ctx, in);
}
