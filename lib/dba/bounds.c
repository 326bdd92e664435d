/* The bounds of a move file: moves held while a PIP budget is open. */
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/xalloc.h"
#include "dba/bounds.h"

/* Close the open bound: the road bonus, then its output. */
static void
finish(struct bounds *bs)
{
	struct mstate *st = &bs->st;
	size_t i;

	if (!bs->active)
		return;
	bs->active = false;
	if (st->b.pips > 0) {
		mstate_end(st, bs->mv, bs->res, bs->n);
		moveout_bound_start(bs->w, &st->b, true, st->used,
		    mstate_unused(st));
		for (i = 0; i < bs->n; i++) {
			if (!move_legal(&bs->res[i]))
				diag_raise(EXIT_NO);
			moveout_move(bs->w, &st->b, &bs->mv[i], &bs->res[i]);
		}
		bs->n = 0;
	} else if (!bs->started)
		moveout_bound_start(bs->w, &st->b, false, 0, 0);
	moveout_bound_end(bs->w, &st->b, st->used, mstate_unused(st));
}

static void
open_bound(struct bounds *bs, const struct bound *b)
{
	finish(bs);
	mstate_begin(&bs->st, bs->rd.r, b);
	/* bounds count from 1 in each operand; a number read back from
	 * move-check's XML is kept and the count goes on from it */
	bs->number = b->number > 0 ? b->number : bs->number + 1;
	bs->st.b.number = bs->number;
	bs->active = true;
	bs->full = false;
	bs->started = false;
}

static void
on_bound(void *ctx, const struct bound *b)
{
	open_bound(ctx, b);
}

static void
on_move(void *ctx, const struct move *m)
{
	struct bounds *bs = ctx;
	struct mresult res;
	struct bound pre;

	if (!bs->active) {
		memset(&pre, 0, sizeof pre);
		pre.file = m->file;
		pre.pips = bs->pips;
		open_bound(bs, &pre);
	}
	if (bs->st.b.pips > 0 && bs->n >= BOUND_MAX_MOVES) {
		if (!bs->full)
			DIAG_AT(BOUND_TOO_LONG, m->file, m->line, 0,
			    BOUND_MAX_MOVES);
		bs->full = true;
		return;
	}
	if (m->has[MF_GENERAL] && bs->st.b.general_lost) {
		DIAG(MOVE_GENERAL_LOST, m->line, m->fcol[MF_GENERAL],
		    bs->st.b.line);
		return;
	}
	move_judge(&bs->st, m, &res);
	if (bs->st.b.pips > 0) {
		size_t old = bs->cap;

		bs->mv = xgrow(bs->mv, &bs->cap, bs->n + 1, sizeof *bs->mv);
		bs->res = xfollow(bs->res, old, bs->cap, sizeof *bs->res);
		bs->mv[bs->n] = *m;
		bs->res[bs->n++] = res;
		return;
	}
	if (!bs->started) {
		moveout_bound_start(bs->w, &bs->st.b, false, 0, 0);
		bs->started = true;
	}
	if (!move_legal(&res))
		diag_raise(EXIT_NO);
	moveout_move(bs->w, &bs->st.b, m, &res);
}

void
bounds_init(struct bounds *bs, const struct rules *r, int scale, int pips,
    struct moveout *w)
{
	memset(bs, 0, sizeof *bs);
	bs->rd.r = r;
	bs->rd.scale = scale;
	bs->rd.bound = on_bound;
	bs->rd.move = on_move;
	bs->rd.ctx = bs;
	bs->w = w;
	bs->pips = pips;
}

void
bounds_read(void *ctx, struct input *in)
{
	struct bounds *bs = ctx;

	bs->number = 0;
	if (input_first_byte(in) == '<')
		movein_read_xml(&bs->rd, in);
	else
		movein_read_lines(&bs->rd, in);
	finish(bs);
}

void
bounds_free(struct bounds *bs)
{
	mstate_free(&bs->st);
	free(bs->mv);
	free(bs->res);
}
