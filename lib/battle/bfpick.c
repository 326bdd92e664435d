/* bfpick: which base holds a point, for the picture (bfdraw.c): a
 * uniform grid over the bases' bounding boxes, each base in the cells
 * its box meets, so that a point is tried against the bases of its cell
 * only, not against every base of the table. */
#include <math.h>
#include <stdlib.h>

#include "battle/scan_int.h"
#include "core/xalloc.h"

/* The cell of coordinate v along an axis from lo, of n cells. */
static long
cell_of(double v, double lo, double cell, long n)
{
	double k = floor((v - lo) / cell);

	return k < 0 ? 0 : k >= (double)n ? n - 1 : (long)k;
}

static bool
finite_bb(const struct gbb *b)
{
	return isfinite(b->x0) && isfinite(b->y0) && isfinite(b->x1) &&
	    isfinite(b->y1);
}

/* Count (fill NULL) or place the bases into the cells. */
static void
pick_fill(struct bfpick *g, const struct bfield *f, size_t *at, int *fill)
{
	const struct gbb *b;
	long x, y, x0, x1, y0, y1;
	size_t i;

	for (i = 0; i < f->ne; i++) {
		b = &f->e[i].bb;
		if (!finite_bb(b))
			continue;
		x0 = cell_of(b->x0, g->x0, g->cell, g->nx);
		x1 = cell_of(b->x1, g->x0, g->cell, g->nx);
		y0 = cell_of(b->y0, g->y0, g->cell, g->ny);
		y1 = cell_of(b->y1, g->y0, g->cell, g->ny);
		for (y = y0; y <= y1; y++)
			for (x = x0; x <= x1; x++) {
				if (fill != NULL)
					fill[at[y * g->nx + x]] = (int)i;
				at[y * g->nx + x]++;
			}
	}
}

void
bfpick_build(struct bfpick *g, const struct bfield *f)
{
	struct gbb all = { 0, 0, 0, 0 };
	double ext = 1;
	size_t i, n, sum, k;
	bool any = false;

	g->nx = g->ny = 1;
	for (i = 0; i < f->ne; i++) {
		const struct gbb *b = &f->e[i].bb;

		if (!finite_bb(b))
			continue;
		ext = fmax(ext, fmax(b->x1 - b->x0, b->y1 - b->y0));
		all = any ? (struct gbb){ fmin(all.x0, b->x0), fmin(all.y0,
		    b->y0), fmax(all.x1, b->x1), fmax(all.y1, b->y1) } : *b;
		any = true;
	}
	/* cells as big as the biggest base (a base in four at most), and
	 * no more cells than some four to a base */
	g->cell = ext;
	while ((all.x1 - all.x0) / g->cell * ((all.y1 - all.y0) / g->cell) >
	    4.0 * (double)f->ne + 16)
		g->cell *= 2;
	g->x0 = all.x0;
	g->y0 = all.y0;
	g->nx = (long)((all.x1 - all.x0) / g->cell) + 1;
	g->ny = (long)((all.y1 - all.y0) / g->cell) + 1;
	n = (size_t)(g->nx * g->ny);
	g->start = xcalloc(n + 1, sizeof *g->start);
	pick_fill(g, f, g->start + 1, NULL);
	for (k = 0, sum = 0; k <= n; k++) {
		sum += g->start[k];
		g->start[k] = sum;
	}
	g->idx = xmalloc((sum > 0 ? sum : 1) * sizeof *g->idx);
	pick_fill(g, f, g->start, g->idx);
	/* pick_fill moved each start to the next cell's: back one */
	for (k = n; k > 0; k--)
		g->start[k] = g->start[k - 1];
	g->start[0] = 0;
}

void
bfpick_free(struct bfpick *g)
{
	free(g->start);
	free(g->idx);
}

bool
bfpick_other(const struct bfpick *g, const struct bfield *f, size_t e,
    struct gpt p)
{
	size_t i, c;

	if (!isfinite(p.x) || !isfinite(p.y)) {
		for (i = 0; i < f->ne; i++)
			if (i != e && geom_in_poly(p, f->e[i].c, 4))
				return true;
		return false;
	}
	if (p.x < g->x0 || p.y < g->y0 || p.x > g->x0 + (double)g->nx *
	    g->cell || p.y > g->y0 + (double)g->ny * g->cell)
		return false;
	c = (size_t)(cell_of(p.y, g->y0, g->cell, g->ny) * g->nx +
	    cell_of(p.x, g->x0, g->cell, g->nx));
	for (i = g->start[c]; i < g->start[c + 1]; i++)
		if ((size_t)g->idx[i] != e && geom_in_poly(p, f->e[g->idx[i]].c,
		    4))
			return true;
	return false;
}
