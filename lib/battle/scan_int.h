/* scan_int: the pictures of battle-scan, internal to battle/: the scene
 * drawn through a painter (bfdraw.c), the SVG (bfsvg.c) and PDF (bfpdf.c)
 * painters. */
#ifndef BELLIS_SCAN_INT_H
#define BELLIS_SCAN_INT_H
#include <stdbool.h>
#include <stdio.h>

#include "battle/battle.h"
#include "battle/scan.h"
#include "core/lang.h"

#define PT_PER_MM (72.0 / 25.4)
/* the least size of any text on paper, in points */
#define PAPER_TEXT_PT 6.5
/* ... aimed a little over, so that no rounding of a reader sets it under */
#define PAPER_TEXT_AIM (PAPER_TEXT_PT + 0.05)

/* The picture (bfdraw.c): a painter draws what the scene asks. */
struct painter {
	void *ud;
	/* a polygon (closed) or polyline; fill (opaque) and stroke as
	 * "#rrggbb" or NULL; dash > 0 dashes the stroke */
	void (*path)(void *ud, const struct gpt *v, size_t n, bool closed,
	    const char *fill, const char *stroke, double width, double dash);
	/* text centred at p (start: beginning at p), turned clockwise by
	 * deg, size in paces */
	void (*text)(void *ud, struct gpt p, double deg, double size,
	    const char *s, const char *colour, bool start);
	/* what is drawn next stays inside the rectangle from 0, 0 to w, h
	 * (w 0: anywhere again) */
	void (*clip)(void *ud, double w, double h);
};

/* The key: its columns, and a row's height, of the table's width (at
 * the table's size) or of the sheet's (on paper, at least what its
 * text needs). */
#define KEY_COLS 4
#define KEY_ROW 0.028

/* What of the table a picture shows, on what page (bfview.c).  The
 * painter's coordinates are paces from the window's upper left corner,
 * y down; the page's are points, the window at ox, oy and k points to
 * the pace. */
struct bview {
	struct gbb win;         /* the part of the table drawn (paces) */
	double kx0, ky0;        /* the key's upper left corner (table) */
	double keyw, row;       /* its width and the height of a row */
	unsigned keyon;         /* its marks drawn (bfdraw_key) */
	double keyh;            /* its height under the table at the
				 * table's size, paces */
	double k;               /* points per pace */
	double pagew, pageh;    /* the page, points */
	double ox, oy;          /* the window's corner on it, points */
	double paperw, paperh;  /* the sheet in mm (0: the table's size) */
	double minsize;         /* the least size of a text, paces */
	double ratio;           /* the print to the table, 1 to ratio (0:
				 * at table size) */
	bool action;            /* the part where the bases stand */
	bool small;             /* ... as the whole table would set its
				 * labels under PAPER_TEXT_PT */
};

void bfview(const struct bfield *f, const struct bplan *p,
    const int *verdict, const struct scan_opts *o, struct bview *v);
/* The number of entries of the key, *on its marks that the picture
 * has (a bit each), and the least size of a base's label (0: no base),
 * in paces (bfdraw.c). */
size_t bfdraw_key(const struct bfield *f, const struct bplan *p,
    const int *verdict, unsigned *on);
double bfdraw_label_min(const struct bfield *f, enum lang lang);

void bfdraw(const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, const struct bview *v,
    const struct painter *pt);
/* SVG of one field and PDF (scan.h: bfpdf_writer) of one or more, to
 * scale (the field's width in paces at the scale's 4 or 8/3 paces per
 * mm). */
int bfsvg(FILE *fp, const struct bfield *f, const struct bplan *p,
    const int *verdict, const struct scan_opts *o);

#endif
