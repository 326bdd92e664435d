/* The campaign tools' records rolled and written: sides paired into
 * battles (a battle line, a battle element or a new file starts one),
 * pcs one by one.  A record's dice depend on the seed and its key only
 * (campaign-catastrophe(1), campaign-survival(1)): a side's battle (its
 * name, or its number in its file when it has none) and name, a pc's
 * side and name; never on the record's line or file, nor on the other
 * records of the run. */
#include <stdlib.h>
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/pairing.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"

/* The dice of a record of key h.  Another record of the same key (not
 * the same file and line given again) is warned of; not in an output
 * read back, whose lines are those of the run that wrote it, and whose
 * run has warned. */
static void
dice_of(struct pairing *b, uint64_t h, const char *what, const char *name,
    const struct sbuf *of, long line, bool back, struct dice *d)
{
	key_dice(d, b->seed, h);
	if (!back && keyset_add(&b->keys, h,
	    key_addn(key_adds(0, b->file), line)))
		DIAG(CAMP_SAME_DICE, line, 0, what, name, sbuf_str(of));
}

/* The battle of the side read next is one of its file: counted once, in
 * the file the side comes from (an output read back holds several, and
 * a file given twice twice: its lines start again). */
static void
count_battle(struct pairing *b, const struct cat_side *s)
{
	if (s->origin != NULL) {
		if (b->ofile == NULL || strcmp(b->ofile, s->origin) != 0 ||
		    s->line <= b->oline) {
			b->fbattle = 0;
			b->fcounted = false;
		}
		free(b->ofile);
		b->ofile = xstrdup(s->origin);
		b->oline = s->line;
	}
	if (!b->fcounted)
		b->fbattle++;
	b->fcounted = true;
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
	b->fcounted = false;
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
	struct sbuf of = {0};
	struct dice d;
	uint64_t h;
	size_t i;

	cat_side_copy(&s, sp);
	s.origin = NULL;        /* the reader's */
	count_battle(b, sp);
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
		/* the key: the battle's name, else its number in its file;
		 * the side's name */
		h = key_start("side");
		if (b->name != NULL) {
			h = key_adds(key_addn(h, 1), b->name);
			sbuf_printf(&of, " of battle '%s'", b->name);
		} else {
			h = key_addn(key_addn(h, 0), b->fbattle);
			sbuf_printf(&of, " of unnamed battle %ld of its file",
			    b->fbattle);
		}
		h = key_adds(h, s.name);
		dice_of(b, h, "side", s.name, &of, s.line, sp->origin != NULL,
		    &d);
		cat_roll(b->cat, &s, &d);
		sbuf_free(&of);
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
	struct sbuf of = {0};
	struct dice d;
	uint64_t h;
	size_t i;

	p.file = b->file;
	/* the key: the pc's side (none without side=) and name */
	h = key_adds(key_start("pc"), p.side);
	h = key_adds(h, p.name);
	if (p.side != NULL)
		sbuf_printf(&of, " of side '%s'", p.side);
	dice_of(b, h, "pc", p.name, &of, p.line, p.readback, &d);
	sbuf_free(&of);
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
	b->fbattle = 0;
	b->fcounted = false;
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

void
pairing_free(struct pairing *b)
{
	free(b->name);
	free(b->ofile);
	b->name = b->ofile = NULL;
	keyset_free(&b->keys);
}
