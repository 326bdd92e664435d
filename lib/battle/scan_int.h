/* scan_int: the pictures of battle-scan, internal to battle/: the scene
 * drawn through a painter (bfdraw.c), the SVG (bfsvg.c) and PDF (bfpdf.c)
 * painters. */
#ifndef BELLIS_SCAN_INT_H
#define BELLIS_SCAN_INT_H
#include <stdbool.h>
#include <stdio.h>

#include "battle/battle.h"
#include "core/lang.h"

/* The picture (bfdraw.c): a painter draws what the scene asks. */
struct painter {
	void *ud;
	/* a polygon (closed) or polyline; fill and stroke as "#rrggbb" or
	 * NULL; dash > 0 dashes the stroke */
	void (*path)(void *ud, const struct gpt *v, size_t n, bool closed,
	    const char *fill, double opacity, const char *stroke, double width,
	    double dash);
	/* text centred at p (start: beginning at p), turned clockwise by
	 * deg, size in paces */
	void (*text)(void *ud, struct gpt p, double deg, double size,
	    const char *s, const char *colour, bool start);
};

/* Which base holds a point (bfpick.c): the bases by the cells of a grid
 * that their bounding boxes meet. */
struct bfpick {
	double x0, y0, cell;
	long nx, ny;
	size_t *start;          /* cell k's bases: idx[start[k]..start[k+1]) */
	int *idx;
};
void bfpick_build(struct bfpick *g, const struct bfield *f);
void bfpick_free(struct bfpick *g);
/* A base of f other than base e holds p. */
bool bfpick_other(const struct bfpick *g, const struct bfield *f, size_t e,
    struct gpt p);

/* The height in paces of the key under the table (bfdraw draws it
 * there: the page is the table and the key). */
double bfdraw_key_height(const struct bfield *f, const struct bplan *p,
    const int *verdict);

void bfdraw(const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, const struct painter *pt);
/* SVG of one field and PDF (scan.h: bfpdf_writer) of one or more, to
 * scale (the field's width in paces at the scale's 4 or 8/3 paces per
 * mm). */
int bfsvg(FILE *fp, const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, int scale);

#endif
