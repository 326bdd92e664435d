/* bfview: the page of a battle picture.  At the table's size (--paper
 * table) the page is the table and the key under it, 4 paces to the mm
 * (8/3 at 25 mm).  On a sheet (a4, a3, letter; upright or across,
 * whichever draws bigger) within a margin of 10 mm: the whole table, or
 * (--fit=action, or when the whole table would set a base's label under
 * PAPER_TEXT_AIM) the part where the bases stand with a base width
 * round it; the key under it across the sheet, its rows at least as
 * high as its text needs. */
#include <math.h>

#include "battle/scan_int.h"
#include "dba/movein.h"

#define MARGIN_MM 10.0

/* the sheets in mm, upright, by enum bpaper */
static const double sheet[][2] = { { 0, 0 }, { 210, 297 }, { 297, 420 },
    { 215.9, 279.4 } };

/* The key's row on a sheet w points wide, in points: its text (0.45 of
 * a row) at least PAPER_TEXT_AIM. */
static double
row_pt(double w)
{
	return fmax(w * KEY_ROW, PAPER_TEXT_AIM / 0.45 * 1.02);
}

/* The points per pace of window win with a key of rows rows under it
 * on a sheet w by h points (inside the margin). */
static double
fit_k(const struct gbb *win, double rows, double w, double h)
{
	double kh = row_pt(w) * (rows + 1.2);

	return fmin(w / (win->x1 - win->x0), (h - kh) / (win->y1 - win->y0));
}

/* The sheet upright or across, whichever draws win bigger: sets the
 * page and k. */
static void
place(struct bview *v, double rows, int paper)
{
	double m = MARGIN_MM * PT_PER_MM, w, h, k[2];
	int o;

	for (o = 0; o < 2; o++) {
		w = sheet[paper][o] * PT_PER_MM - 2 * m;
		h = sheet[paper][1 - o] * PT_PER_MM - 2 * m;
		k[o] = fit_k(&v->win, rows, w, h);
	}
	o = k[1] > k[0];
	v->paperw = sheet[paper][o];
	v->paperh = sheet[paper][1 - o];
	v->pagew = v->paperw * PT_PER_MM;
	v->pageh = v->paperh * PT_PER_MM;
	v->k = fmax(k[o], 1e-9);
	w = v->pagew - 2 * m;
	v->ox = m + fmax(w - (v->win.x1 - v->win.x0) * v->k, 0) / 2;
	v->oy = m;
	v->row = row_pt(w) / v->k;
	v->keyw = w / v->k;
	v->kx0 = v->win.x0 - (v->ox - m) / v->k;
	v->ky0 = v->win.y0;
}

/* Where the bases stand, a base width round, inside the table. */
static struct gbb
action(const struct bfield *f)
{
	struct gbb b = { 0, 0, f->width, f->height };
	double m = battle_base_width(f);
	size_t i;

	for (i = 0; i < f->ne; i++) {
		const struct gbb eb = battle_bb(&f->e[i]), *e = &eb;

		if (!isfinite(e->x0) || !isfinite(e->y0) || !isfinite(e->x1) ||
		    !isfinite(e->y1))
			continue;
		b = i == 0 ? *e : (struct gbb){ fmin(b.x0, e->x0),
		    fmin(b.y0, e->y0), fmax(b.x1, e->x1), fmax(b.y1, e->y1) };
	}
	if (f->ne == 0)
		return b;
	b.x0 = fmax(b.x0 - m, 0);
	b.y0 = fmax(b.y0 - m, 0);
	b.x1 = fmin(b.x1 + m, f->width);
	b.y1 = fmin(b.y1 + m, f->height);
	if (!(b.x1 > b.x0) || !(b.y1 > b.y0))
		b = (struct gbb){ 0, 0, f->width, f->height };
	return b;
}

void
bfview(const struct bfield *f, const struct bplan *p, const int *verdict,
    const struct scan_opts *o, struct bview *v)
{
	double ppm = o->scale == SCALE_25MM ? 8.0 / 3 : 4, lab, rows;
	unsigned on;
	size_t n = bfdraw_key(f, p, verdict, &on);

	*v = (struct bview){ .win = { 0, 0, f->width, f->height },
	    .keyw = f->width, .row = f->width * KEY_ROW, .keyon = on,
	    .k = PT_PER_MM / ppm };
	v->keyh = v->row * ((double)((n + KEY_COLS - 1) / KEY_COLS) + 1.2);
	/* on paper the scale bar takes two places of the key */
	rows = (double)((n + 1 + KEY_COLS - 1) / KEY_COLS);
	if (o->paper == PAPER_TABLE) {
		/* at the table's size, one place */
		v->pagew = f->width * v->k;
		v->pageh = (f->height + v->keyh) * v->k;
		return;
	}
	lab = bfdraw_label_min(f, o->lang);
	place(v, rows, o->paper);
	if (o->fit == FIT_ACTION || (lab > 0 && lab * v->k < PAPER_TEXT_AIM)) {
		v->small = o->fit != FIT_ACTION;
		v->action = true;
		v->win = action(f);
		/* a row more: the note that says so */
		place(v, rows + 1 + v->small, o->paper);
	}
	v->minsize = PAPER_TEXT_AIM / v->k;
	v->ratio = PT_PER_MM / ppm / v->k;
}
