/* cardpdf_int.h: what cardpdf.c (the writer: its surface, type, text,
 * pages and fits) and cardpdfblock.c (the blocks of a card: tables,
 * their column widths, rows and notes, the joined facts, text blocks)
 * share. */
#ifndef BELLIS_CARDPDF_INT_H
#define BELLIS_CARDPDF_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cairo.h>
#include <pango/pangocairo.h>

#include "card/card.h"
#include "core/labels.h"
#include "core/ownfont.h"
#include "core/pdffont.h"
#include "core/str.h"

/* The texts measured so far: each text is laid out once per face (the
 * type's size, weight, stretch and line spacing) and width, however
 * many fits and cards measure it (the cells of the cards repeat:
 * "beaten by Kn (good going): destroyed"); n entries in the order they
 * came, each with the face, width and text it was laid out in and its
 * width and height (and a cell's text on one line the width of its
 * widest word), found through an open-addressed index of cap (a
 * power of two, at least twice n) slots.  Past MEMO_MAX texts the memo
 * keeps those more than one card has looked up since the last time (the
 * cells every card has, in the sizes most cards take) and lets go the
 * rest, or all when they are more than half (memo_room).  A text that
 * may be drawn keeps the layout it was measured in, so that the page
 * draws it without laying it out again (not in a measurer of its own,
 * which draws nothing).  A layout drawn is kept for the next card in its
 * face (the cells of the troop tables); past LAYOUT_MAX layouts (a few
 * KB each) the memo lets go the least drawn (memo_hold). */
#define MEMO_MAX 4096
#define MEMO_FIRST 1024            /* the entries' first room */
#define LAYOUT_MAX 256
struct memo_ent {
	uint64_t hash;              /* of text, face and width; never 0 */
	double fs, spacing;
	int what;
	unsigned char face;
	bool shared;                /* looked up by a second card since the
				     * last sweep */
	unsigned short drawn;       /* the times lay was drawn */
	unsigned short card;        /* the card that looked it up last */
	int widest;                 /* a text's on one line: its widest word
				     * in pango units (widest_in), or -1 */
	char *text;
	double wd, ht;
	PangoLayout *lay;           /* as measured, or NULL */
};
struct memo {
	struct memo_ent *e;         /* n, room for cape */
	uint32_t *slot;             /* cap: 0 empty, else an entry's index + 1 */
	size_t cap, n, cape, held;  /* held: the layouts kept */
	unsigned short card;        /* the card measured now (wraps) */
};

struct cardpdf {
	struct pdffont_sink sink;
	enum lang lang;
	cairo_surface_t *surf;
	cairo_t *cr;
	PangoContext *ctx;
	PangoFontDescription *font, *bold, *big;
	double w, h, margin, fs, pad, y, ytop, gap;
	double base_fs, spacing;   /* the paper's type; 0 or FIT_SPACING */
	bool narrow;               /* set in the condensed face */
	int ncol, col;
	/* dry: lay out without drawing, overflow set when a second page
	 * would begin; notes_out: the wide last column of an army table
	 * goes below it, flowing round it where there is room */
	bool dry, overflow, notes_out;
	/* split: the notes below a table may begin beside it and go on
	 * under it, whole notes in each place (a card that needs the
	 * room); rec: the fit whose blocks' notes lay_out records, blk
	 * being the block it lays out */
	bool split;
	struct card_fit *rec;
	size_t blk;
	/* cardpdf_fit: the notes of each fit tried (probe) are recorded in
	 * tried, and those of the last that fitted kept in keep, with the
	 * face and place of notes it was laid out in (kept) */
	struct card_fit tried, *keep;
	struct {
		bool valid, narrow, notes_out, split;
		double fs, spacing;
	} kept;
	bool page_open;
	int pages;
	const struct card *cur;
	int card_pages;
	/* imposition: nx by ny cards of w by h to a sheet of sw by sh,
	 * scaled by scale, the grid's top left at gx, gy; the slot of the
	 * page drawn */
	int nx, ny, slot;
	double sw, sh, scale, gx, gy;
	double sheet_pt;           /* the type of the sheet's cards */
	int tint;                  /* the block's section (card_section) */
	struct memo own, *memo;    /* its memo, or its writer's */
	bool blind;                /* a measurer with a memo of its own:
	                            * no layout kept for drawing */
};

/* cardpdf.c: text in the writer's type, measured once per face */
char *cardpdf_markup(const char *s);
double cardpdf_markup_height(struct cardpdf *w, const char *m,
    double width);
double cardpdf_text_width(struct cardpdf *w, const char *s,
    PangoFontDescription *fd);
/* The width of the widest word of s (a line may break between words and
 * after a slash between letters, as in "rough/bad"). */
double cardpdf_widest_word(struct cardpdf *w, const char *s,
    PangoFontDescription *fd);
PangoLayout *cardpdf_markup_layout(struct cardpdf *w, const char *m,
    double width, double *ht);
double cardpdf_draw(struct cardpdf *w, const char *s,
    PangoFontDescription *fd, double x, double y, double width, int align);
double cardpdf_height_of(struct cardpdf *w, const char *s,
    PangoFontDescription *fd, double width);
void cardpdf_fill_box(struct cardpdf *w, double x, double y, double wd,
    double ht, const double *rgb);

/* cardpdf.c: the page and its columns */
double cardpdf_bottom(const struct cardpdf *w);
double cardpdf_col_width(const struct cardpdf *w);
double cardpdf_col_left(const struct cardpdf *w);
void cardpdf_next_area(struct cardpdf *w);
void cardpdf_need(struct cardpdf *w, double h);

/* cardpdfblock.c: a block of a card, and what a fit tells of it */
void cardpdf_block(struct cardpdf *w, const struct card_block *b);
bool cardpdf_notes_below(const struct cardpdf *w,
    const struct card_block *b);
unsigned long cardpdf_join_mask(struct cardpdf *w,
    const struct card_block *b);
void cardpdf_widths(struct cardpdf *w, const struct card_block *b,
    double *cw);

#endif
