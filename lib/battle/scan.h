/* scan: battle-scan's one call: read each battlefield (and the plan),
 * derive, and write text, combat or move lines, XML, JSON, SVG or PDF. */
#ifndef BELLIS_SCAN_H
#define BELLIS_SCAN_H

#include <stdio.h>

#include "battle/battle.h"
#include "core/lang.h"
#include "core/out.h"

struct bfpdf;
struct scan_opts;

/* The page of a picture (--paper): the table at its size, or a sheet;
 * what of the table it shows (--fit). */
enum bpaper { PAPER_TABLE, PAPER_A4, PAPER_A3, PAPER_LETTER };
enum bfit { FIT_ALL, FIT_ACTION };
/* The PDF writer: bfpdf_writer (bfpdf.c: text by pango, the font by
 * harfbuzz, the pages deflated by zlib as they are drawn).
 * A program that draws PDF names it in scan_opts.pdf, which links it
 * and those libraries; the static multi-call binary does not.  open
 * chooses the fonts for the text of the files (none: standard input)
 * before the first page (core/ownfont.h). */
struct scan_pdf {
	struct bfpdf *(*open)(FILE *fp, char *const *files, int nfiles);
	void (*page)(struct bfpdf *w, const struct bfield *f,
	    const struct bplan *p, const int *verdict,
	    const struct scan_opts *o);
	int (*finish)(struct bfpdf *w);
};
extern const struct scan_pdf bfpdf_writer;

struct scan_opts {
	enum out_fmt fmt;       /* text, combat, moves, xml, json, jsonl,
				 * svg, pdf */
	enum lang lang;
	int scale;              /* enum scale of dba/movein.h */
	enum bpaper paper;      /* the picture's page */
	enum bfit fit;          /* the picture's part of the table */
	double tol;             /* paces */
	const char *plan;       /* plan file, NULL for none */
	const char *verdicts;   /* move-check's text output, NULL */
	const struct rules *r;
	bool by_label;          /* each file by its rules= label */
	const struct scan_pdf *pdf;     /* -T pdf: the writer */
};

/* Process the files (none: standard input) into fp; the exit status is
 * diag_status().  Returns -1 when fp could not be written. */
int scan_files(const struct scan_opts *o, FILE *fp, char *const *files,
    int nfiles);

#endif
