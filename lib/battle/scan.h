/* scan: battle-scan's one call: read each battlefield (and the plan),
 * derive, and write text, combat or move lines, XML, JSON, SVG or PDF. */
#ifndef BELLIS_SCAN_H
#define BELLIS_SCAN_H

#include <stdio.h>

#include "battle/battle.h"
#include "core/lang.h"

enum bscan_fmt {
	BS_TEXT, BS_COMBAT, BS_MOVES, BS_XML, BS_JSON, BS_JSONL, BS_SVG,
	BS_PDF
};

struct bscan_opts {
	int fmt;                /* enum bscan_fmt */
	enum lang lang;
	int scale;              /* enum scale of dba/movein.h */
	double tol;             /* paces */
	const char *plan;       /* plan file, NULL for none */
	const char *verdicts;   /* move-check's text output, NULL */
	const struct rules *r;
	bool by_label;          /* each file by its rules= label */
};

/* The format names, in enum order, NULL-terminated. */
extern const char *const bscan_fmts[];

/* Process the files (none: standard input) into fp; the exit status is
 * diag_status().  Returns -1 when fp could not be written. */
int battle_scan(const struct bscan_opts *o, FILE *fp, char *const *files,
    int nfiles);

/* The picture (bfdraw.c): a painter draws what the scene asks. */
struct painter {
	void *ud;
	/* a polygon (closed) or polyline; fill and stroke as "#rrggbb" or
	 * NULL; dash > 0 dashes the stroke */
	void (*path)(void *ud, const struct gpt *v, size_t n, bool closed,
	    const char *fill, double opacity, const char *stroke, double width,
	    double dash);
	/* text centred at p, turned clockwise by deg, size in paces */
	void (*text)(void *ud, struct gpt p, double deg, double size,
	    const char *s, const char *colour);
};

void battle_draw(const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, const struct painter *pt);
/* SVG and PDF of one or more fields, to scale (the field's width in
 * paces at the scale's 4 or 8/3 paces per mm). */
int battle_svg(FILE *fp, const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, int scale);
struct battle_pdf;
struct battle_pdf *battle_pdf_new(FILE *fp);
void battle_pdf_page(struct battle_pdf *w, const struct bfield *f,
    const struct bplan *p, const int *verdict, enum lang lang, int scale);
int battle_pdf_finish(struct battle_pdf *w);

#endif
