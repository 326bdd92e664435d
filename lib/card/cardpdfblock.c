/* cardpdfblock: the blocks of a card as cardpdf sets them: a table's
 * column widths (wrapped, shrunk and balanced to the column), its rows
 * with their heat and stacked bars, its notes set below it and flowing
 * round it, the short facts joined on one line, and the text blocks. */
#include <string.h>

#include "card/card.h"
#include "card/cardpdf_int.h"
#include "core/labels.h"
#include "core/str.h"

/* The band of a section's title: the title in bold on the section's
 * tint across the column, drawn at w->y when show; its height with the
 * gap under it. */
static double
title_band(struct cardpdf *w, const char *title, bool show)
{
	double wd = cardpdf_col_width(w), in = w->pad * 0.5, ht, rgb[3];

	ht = cardpdf_height_of(w, title, w->bold, wd - 2 * w->pad) + 2 * in;
	if (show) {
		card_tint_rgb(w->tint, rgb);
		if (w->tint >= 0)
			cardpdf_fill_box(w, cardpdf_col_left(w), w->y, wd, ht,
			    rgb);
		(void)cardpdf_draw(w, title, w->bold,
		    cardpdf_col_left(w) + w->pad, w->y + in, wd - 2 * w->pad,
		    0);
	}
	return ht + w->pad;
}

/* A cell's box: filled in fill (NULL: none) or shaded by heat (>= 0),
 * outlined in grey. */
static void
rule_box(struct cardpdf *w, double x, double y, double wd, double ht,
    const double *fill, int heat)
{
	double rgb[3];

	if (w->dry)
		return;
	if (heat >= 0) {
		card_heat_rgb(heat, rgb);
		cardpdf_fill_box(w, x, y, wd, ht, rgb);
	} else if (fill != NULL)
		cardpdf_fill_box(w, x, y, wd, ht, fill);
	cairo_set_source_rgb(w->cr, 0.45, 0.45, 0.45);
	cairo_set_line_width(w->cr, 0.3);
	cairo_rectangle(w->cr, x, y, wd, ht);
	cairo_stroke(w->cr);
	cairo_set_source_rgb(w->cr, 0, 0, 0);
}

/* Whether the wide last column of an army table (its notes) goes below
 * the table; the columns the table itself shows. */
bool
cardpdf_notes_below(const struct cardpdf *w, const struct card_block *b)
{
	return w->notes_out && block_notes_col(b);
}

static size_t
shown(const struct cardpdf *w, const struct card_block *b)
{
	return b->ncols - (cardpdf_notes_below(w, b) ? 1 : 0);
}

/* Whether pass (shrink) picks column c of b. */
static bool
picked(const struct card_block *b, size_t c, int pass)
{
	return pass == 0 ? (b->wide >> c) & 1 : pass == 1 ?
	    !((b->num >> c) & 1) : true;
}

/* Shrink the nc first columns picked by pass toward their least widths
 * by *excess; returns true when that was enough. */
static bool
shrink(const struct card_block *b, size_t nc, double *cw, const double *mn,
    double *excess, int pass)
{
	double slack = 0;
	size_t c;

	for (c = 0; c < nc; c++)
		if (picked(b, c, pass) && cw[c] > mn[c])
			slack += cw[c] - mn[c];
	if (slack <= 0)
		return false;
	for (c = 0; c < nc; c++) {
		if (!picked(b, c, pass) || cw[c] <= mn[c])
			continue;
		if (slack >= *excess)
			cw[c] -= (cw[c] - mn[c]) * *excess / slack;
		else
			cw[c] = mn[c];
	}
	if (slack >= *excess) {
		*excess = 0;
		return true;
	}
	*excess -= slack;
	return false;
}

static double row_height(struct cardpdf *, const struct card_block *,
    const char *const *, const double *, long);

/* The height of the rows of b in the column widths cw. */
static double
rows_height(struct cardpdf *w, const struct card_block *b, const double *cw)
{
	const char *cells[CARD_MAXCOLS];
	double ht = 0;
	size_t r, c;

	for (r = 0; r < b->nrows; r++) {
		for (c = 0; c < b->ncols; c++)
			cells[c] = block_cell(b, r, c);
		ht += row_height(w, b, cells, cw, (long)r);
	}
	return ht;
}

/* Columns a and z of b share their width where the table is lowest: in
 * sixteenths between their least widths, the first lowest kept (ties
 * keep the split given). */
static void
balance(struct cardpdf *w, const struct card_block *b, double *cw,
    const double *mn, size_t a, size_t z)
{
	double both = cw[a] + cw[z], room, best, ht, keep = cw[a];
	int i;

	room = both - mn[a] - mn[z];
	if (room <= 0 || b->nrows > 64)
		return;
	best = rows_height(w, b, cw);
	for (i = 0; i <= 16; i++) {
		cw[a] = mn[a] + room * i / 16;
		cw[z] = both - cw[a];
		ht = rows_height(w, b, cw);
		if (ht < best - 0.01) {
			best = ht;
			keep = cw[a];
		}
	}
	cw[a] = keep;
	cw[z] = both - keep;
}

/* Two wide columns that wrap (the tactical factors and the troops they
 * are for) balanced. */
static void
balance_wide(struct cardpdf *w, const struct card_block *b, double *cw,
    const double *mn)
{
	size_t c, a = 0, z = 0, n = 0;

	for (c = 0; c < shown(w, b); c++)
		if ((b->wide >> c) & 1) {
			if (n++ == 0)
				a = c;
			else
				z = c;
		}
	if (n == 2)
		balance(w, b, cw, mn, a, z);
}

/* The face of column c of b. */
static PangoFontDescription *
col_font(const struct cardpdf *w, const struct card_block *b, size_t c)
{
	return (b->kind == BLK_FACTS && c == 0) || ((b->strong >> c) & 1) ?
	    w->bold : w->font;
}

/* The least width of column c of b, its longest word (head's
 * included: hw), measured where a table is too wide for its natural
 * widths. */
static double
least(struct cardpdf *w, const struct card_block *b, size_t c, double hw)
{
	double mn = hw, x;
	size_t r;

	for (r = 0; r < b->nrows; r++) {
		x = cardpdf_widest_word(w, block_cell(b, r, c),
		    col_font(w, b, c));
		if (x > mn)
			mn = x;
	}
	return mn + 2 * w->pad + 0.5;
}

/* The least widths mn of the first nc columns of b that pass (shrink;
 * -1: columns 0 and 1) picks, those not in *known (hw: the heads'
 * longest words). */
static void
least_of(struct cardpdf *w, const struct card_block *b, size_t nc,
    double *mn, const double *hw, unsigned long *known, int pass)
{
	size_t c;

	for (c = 0; c < nc; c++)
		if (!((*known >> c) & 1) && (pass < 0 ? c < 2 :
		    picked(b, c, pass))) {
			mn[c] = least(w, b, c, hw[c]);
			*known |= 1ul << c;
		}
}

/* Column widths: natural widths; when the table is too wide, the wide
 * columns wrap first, then the other text columns, then all columns,
 * each down to its longest word; past that every column shrinks in
 * proportion.  A column's longest word is measured only when asked. */
void
cardpdf_widths(struct cardpdf *w, const struct card_block *b, double *cw)
{
	double avail = cardpdf_col_width(w), sum = 0, wide = 0, x, excess;
	double mn[CARD_MAXCOLS], hw[CARD_MAXCOLS];
	unsigned long known = 0;
	size_t r, c, nc = shown(w, b);
	int pass;

	for (c = 0; c < nc; c++) {
		cw[c] = hw[c] = b->head != NULL ?
		    cardpdf_widest_word(w, b->head[c], w->bold) : 0;
		for (r = 0; r < b->nrows; r++) {
			x = cardpdf_text_width(w, block_cell(b, r, c),
			    col_font(w, b, c));
			if (x > cw[c])
				cw[c] = x;
		}
		cw[c] += 2 * w->pad + 0.5;
		sum += cw[c];
		if ((b->wide >> c) & 1)
			wide += cw[c];
	}
	if (b->kind == BLK_FACTS && sum > avail) {
		/* the key at most a third and a bit, or where the facts are
		 * lowest */
		if (cw[0] > avail * 0.35)
			cw[0] = avail * 0.35;
		cw[1] = avail - cw[0];
		least_of(w, b, nc, mn, hw, &known, -1);
		balance(w, b, cw, mn, 0, 1);
		return;
	}
	if (sum <= avail) {
		/* stretch the wide columns (and facts) to the edge */
		for (c = 0; c < nc; c++)
			if (wide > 0 ? (b->wide >> c) & 1 : b->kind ==
			    BLK_FACTS && c == 1)
				cw[c] += (avail - sum) * (wide > 0 ? cw[c] /
				    wide : 1.0);
		return;
	}
	excess = sum - avail;
	for (pass = 0; pass < 3; pass++) {
		least_of(w, b, nc, mn, hw, &known, pass);
		if (shrink(b, nc, cw, mn, &excess, pass)) {
			if (pass == 0)
				balance_wide(w, b, cw, mn);
			return;
		}
	}
	for (c = 0, sum = 0; c < nc; c++)
		sum += cw[c];
	for (c = 0; c < nc; c++)
		cw[c] = cw[c] * avail / sum;
}

/* The height of a cell's stacked bar and the gap under it. */
static double
bar_height(const struct cardpdf *w)
{
	return w->pad * 2.2;
}

static bool
row_has_bar(const struct card_block *b, long row)
{
	int v[CARD_SPLIT];
	size_t c;

	for (c = 0; row >= 0 && c < b->ncols; c++)
		if (block_split_at(b, (size_t)row, c, v))
			return true;
	return false;
}

static double
row_height(struct cardpdf *w, const struct card_block *b, const char *const
    *cells, const double *cw, long row)
{
	bool header = row < 0;
	double ht = 0, x;
	size_t c;

	for (c = 0; c < shown(w, b); c++) {
		x = cardpdf_height_of(w, cells[c], header ||
		    (b->kind == BLK_FACTS && c == 0) || ((b->strong >> c) & 1) ?
		    w->bold : w->font, cw[c] - 2 * w->pad);
		if (x > ht)
			ht = x;
	}
	if (row_has_bar(b, row))
		ht += bar_height(w) + w->pad * 0.5;
	return ht + 2 * w->pad * 0.6;
}

/* The stacked bar of a cell: its parts from the left, darkest first, in
 * a black outline. */
static void
draw_bar(struct cardpdf *w, const int *v, double x, double y, double wd)
{
	double ht = bar_height(w), sum = 0, at = x, g, part;
	int k;

	if (w->dry)
		return;
	for (k = 0; k < CARD_SPLIT; k++)
		sum += v[k];
	for (k = 0; k < CARD_SPLIT && sum > 0; k++) {
		part = wd * v[k] / sum;
		g = card_split_grey(k);
		cairo_set_source_rgb(w->cr, g, g, g);
		cairo_rectangle(w->cr, at, y, part, ht);
		cairo_fill(w->cr);
		at += part;
	}
	cairo_set_source_rgb(w->cr, 0, 0, 0);
	cairo_set_line_width(w->cr, 0.3);
	cairo_rectangle(w->cr, x, y, wd, ht);
	cairo_stroke(w->cr);
}

/* Draw a row of cells: the header (row < 0) or row number row. */
static void
draw_row(struct cardpdf *w, const struct card_block *b, const char *const
    *cells, const double *cw, double ht, long row)
{
	static const double key[3] = { 0.94, 0.94, 0.94 },
	    head[3] = { 0.88, 0.88, 0.88 };
	bool header = row < 0;
	double x = cardpdf_col_left(w), top, tint[3];
	size_t c;
	bool label;
	int v[CARD_SPLIT];

	/* the head row in the section's tint */
	card_tint_rgb(w->tint, tint);
	for (c = 0; c < shown(w, b); c++) {
		label = b->kind == BLK_FACTS && c == 0;
		rule_box(w, x, w->y, cw[c], ht, header ? w->tint >= 0 ? tint :
		    head : label ? key : NULL, header ? -1 :
		    block_heat_at(b, (size_t)row, c));
		top = w->y + w->pad * 0.6;
		if (!header && block_split_at(b, (size_t)row, c, v)) {
			draw_bar(w, v, x + w->pad, top, cw[c] - 2 * w->pad);
			top += bar_height(w) + w->pad * 0.5;
		} else if (row_has_bar(b, row))
			top += (bar_height(w) + w->pad * 0.5) / 2;
		cardpdf_draw(w, cells[c], header || label ||
		    ((b->strong >> c) & 1) ? w->bold : w->font, x + w->pad, top,
		    cw[c] - 2 * w->pad,
		    label || !((b->num >> c) & 1) ? 0 : (b->center >> c) & 1 ?
		    2 : 1);
		x += cw[c];
	}
	w->y += ht;
}

/* The least share of a column that the notes beside a table get; a
 * table wider than the rest sets its notes below it. */
#define WRAP_MIN 0.25

/* Whether the notes of b, set below it, may stand beside it: its shown
 * columns (the widths cw) leave them WRAP_MIN of the column or more. */
static bool
wraps(const struct cardpdf *w, const struct card_block *b,
    const double *cw)
{
	double tw = 0;
	size_t c;

	if (!cardpdf_notes_below(w, b))
		return false;
	for (c = 0; c < shown(w, b); c++)
		tw += cw[c];
	return cardpdf_col_width(w) - tw - w->gap / 2 >=
	    cardpdf_col_width(w) * WRAP_MIN;
}

/* The markup of the note of row r of b: its code in bold, then the
 * note; g_free it. */
static char *
note_markup(const struct card_block *b, size_t r)
{
	char *c0 = cardpdf_markup(block_cell(b, r, 0)),
	    *c1 = cardpdf_markup(block_cell(b, r, b->ncols - 1)),
	    *m = g_strdup_printf("<b>%s</b> %s", c0, c1);

	g_free(c0);
	g_free(c1);
	return m;
}

/* The paragraph of the note of row r of b, its layout at width as
 * measured (g_object_unref it). */
static PangoLayout *
note_layout(struct cardpdf *w, const struct card_block *b, size_t r,
    double width)
{
	char *m = note_markup(b, r);
	double ht;
	PangoLayout *l = cardpdf_markup_layout(w, m, width, &ht);

	g_free(m);
	return l;
}

/* The height of the note of row r of b at width, measured once per face
 * and width. */
static double
note_height(struct cardpdf *w, const struct card_block *b, size_t r,
    double width)
{
	char *m = note_markup(b, r);
	double ht = cardpdf_markup_height(w, m, width);

	g_free(m);
	return ht;
}

/* Draw the note of row r of b as a full-width paragraph at the column's
 * left, on the next page when it does not fit this one. */
static void
full_para(struct cardpdf *w, const struct card_block *b, size_t r)
{
	double full = cardpdf_col_width(w), ht = note_height(w, b, r, full);
	PangoLayout *l;

	cardpdf_need(w, ht);
	if (!w->dry) {
		l = note_layout(w, b, r, full);
		cairo_move_to(w->cr, cardpdf_col_left(w), w->y);
		pango_cairo_show_layout(w->cr, l);
		g_object_unref(l);
	}
	w->y += ht + w->pad;
}

/* How many notes of b go beside its table, whole, in the room of
 * width to its right and height tall: all where they all fit there
 * (within a line), else none; with w->split (a card that needs the
 * room) the first ones that fit. */
static size_t
beside(struct cardpdf *w, const struct card_block *b, double width,
    double tall)
{
	double y = 0, ht;
	size_t r, n = 0, all = 0;
	bool full = true;

	for (r = 0; r < b->nrows; r++) {
		if (*block_cell(b, r, b->ncols - 1) == '\0')
			continue;
		all++;
		if (!full)
			continue;
		ht = note_height(w, b, r, width);
		if (y + ht > tall + w->fs)
			full = false;
		else {
			y += ht + w->pad;
			n++;
		}
	}
	return n == all || w->split ? n : 0;
}

/* The notes of a table set below it, each row's paragraph led by its
 * code in bold.  wrap: the first ones (beside) stand in the room to the
 * table's right, from top (its head row) down, and the rest under it
 * in the full width; a note is never split between the two places.
 * The count beside goes to the fit recorded (w->rec). */
static void
notes(struct cardpdf *w, const struct card_block *b, bool wrap, double top,
    double tw)
{
	double full = cardpdf_col_width(w), gap = w->gap / 2;
	double x = cardpdf_col_left(w) + tw + gap, width = full - tw - gap;
	double y = top, ht;
	size_t r, n = 0, k = wrap ? beside(w, b, width, w->y - top) : 0;
	PangoLayout *l;

	if (w->rec != NULL && w->blk < w->rec->nb) {
		w->rec->b[w->blk].wrap = k > 0;
		w->rec->b[w->blk].beside = k;
		w->rec->b[w->blk].table = tw / full;
	}
	w->y += w->pad;
	for (r = 0; r < b->nrows; r++) {
		if (*block_cell(b, r, b->ncols - 1) == '\0')
			continue;
		if (n++ >= k) {
			if (n == k + 1 && y > w->y)
				w->y = y;       /* under the notes beside */
			full_para(w, b, r);
			continue;
		}
		ht = note_height(w, b, r, width);
		if (!w->dry) {
			l = note_layout(w, b, r, width);
			cairo_move_to(w->cr, x, y);
			pango_cairo_show_layout(w->cr, l);
			g_object_unref(l);
		}
		y += ht + w->pad;
	}
	if (n == k && y > w->y)
		w->y = y;
}

/* Compact, the short facts of a one-column card (a value under a
 * quarter of the width) go on one line at the block's top, when there
 * are two or more; the mask of the rows joined. */
unsigned long
cardpdf_join_mask(struct cardpdf *w, const struct card_block *b)
{
	unsigned long mask = 0;
	size_t r, n = 0;

	if (b->kind == BLK_FACTS && b->strip)       /* all of them, always */
		return b->nrows >= 8 * sizeof mask ? ~0ul :
		    (1ul << b->nrows) - 1;
	if (w->spacing == 0 || b->kind != BLK_FACTS || w->ncol != 1 ||
	    b->title != NULL)
		return 0;
	for (r = 0; r < b->nrows && r < 8 * sizeof mask; r++)
		if (cardpdf_text_width(w, block_cell(b, r, 1), w->font) <
		    cardpdf_col_width(w) / 4) {
			mask |= 1ul << r;
			n++;
		}
	return n < 2 ? 0 : mask;
}

/* Draw the joined facts of b (join_mask) in a box, or the facts strip
 * in its band; returns their mask. */
static unsigned long
joined_facts(struct cardpdf *w, const struct card_block *b)
{
	unsigned long mask = cardpdf_join_mask(w, b);
	GString *m;
	char *e, *c0, *c1, *v;
	double ht, rgb[3];
	size_t r;
	PangoLayout *l;

	if (mask == 0)
		return 0;
	m = g_string_new(NULL);
	for (r = 0; r < b->nrows && r < 8 * sizeof mask; r++) {
		if (!((mask >> r) & 1))
			continue;
		c0 = cardpdf_markup(block_cell(b, r, 0));
		v = card_glue_value(block_cell(b, r, 1));
		c1 = cardpdf_markup(v);
		free(v);
		/* a key keeps its value and the dot before it: a line
		 * breaks before a dot, between facts (no-break spaces) */
		e = g_strdup_printf("%s<b>%s</b>\xc2\xa0%s", m->len > 0 ?
		    "  \xc2\xb7\xc2\xa0\xc2\xa0" : "", c0, c1);
		g_string_append(m, e);
		g_free(e);
		g_free(c0);
		g_free(c1);
	}
	l = NULL;
	if (w->dry)     /* measured once per face and width */
		ht = cardpdf_markup_height(w, m->str,
		    cardpdf_col_width(w) - 2 * w->pad);
	else
		l = cardpdf_markup_layout(w, m->str,
		    cardpdf_col_width(w) - 2 * w->pad, &ht);
	g_string_free(m, TRUE);
	ht += 2 * w->pad * 0.6;
	cardpdf_need(w, ht);
	card_tint_rgb(CARD_TINT_STRIP, rgb);
	if (b->strip)
		cardpdf_fill_box(w, cardpdf_col_left(w), w->y,
		    cardpdf_col_width(w), ht, rgb);
	else
		rule_box(w, cardpdf_col_left(w), w->y, cardpdf_col_width(w), ht,
		    NULL, -1);
	if (l != NULL) {
		cairo_move_to(w->cr, cardpdf_col_left(w) + w->pad,
		    w->y + w->pad * 0.6);
		pango_cairo_show_layout(w->cr, l);
		g_object_unref(l);
	}
	w->y += ht;
	return mask;
}

/* The height of the row after row r0 of b that is drawn, or 0. */
static double
second_row(struct cardpdf *w, const struct card_block *b, const double *cw,
    unsigned long skip, size_t r0)
{
	const char *cells[CARD_MAXCOLS];
	size_t r, c;

	for (r = r0 + 1; r < b->nrows; r++) {
		if (r < 8 * sizeof skip && (skip >> r) & 1)
			continue;
		for (c = 0; c < b->ncols; c++)
			cells[c] = block_cell(b, r, c);
		return row_height(w, b, cells, cw, (long)r);
	}
	return 0;
}

void
cardpdf_block(struct cardpdf *w, const struct card_block *b)
{
	double cw[CARD_MAXCOLS], th = 0, hh = 0, rh, tw = 0, top = 0;
	const char *cells[CARD_MAXCOLS];
	size_t r, c, nc = b->ncols;
	unsigned long skip = joined_facts(w, b);
	bool first = true;
	int area = -1;          /* the page and column the table began in */

	if (b->title != NULL)
		th = title_band(w, b->title, false);
	if (b->kind == BLK_TEXT && w->spacing > 0 && b->title == NULL &&
	    b->nrows > 1) {
		/* compact: the lines (footnotes) run on in one paragraph */
		GString *t = g_string_new(NULL);

		for (r = 0; r < b->nrows; r++)
			g_string_append_printf(t, "%s%s", r > 0 ?
			    "   " : "", block_cell(b, r, 0));
		cardpdf_need(w, cardpdf_height_of(w, t->str, w->font,
		    cardpdf_col_width(w)));
		w->y += cardpdf_draw(w, t->str, w->font, cardpdf_col_left(w),
		    w->y, cardpdf_col_width(w), false) + w->pad * 2;
		g_string_free(t, TRUE);
		return;
	}
	if (b->kind == BLK_TEXT) {
		for (r = 0; r < b->nrows; r++) {
			rh = cardpdf_height_of(w, block_cell(b, r, 0), w->font,
			    cardpdf_col_width(w));
			cardpdf_need(w, rh + (r == 0 ? th : 0));
			if (r == 0 && b->title != NULL)
				w->y += title_band(w, b->title, true);
			w->y += cardpdf_draw(w, block_cell(b, r, 0), w->font,
			    cardpdf_col_left(w), w->y, cardpdf_col_width(w),
			    false);
		}
		w->y += w->pad * 2;
		return;
	}
	if (b->kind == BLK_FACTS && b->strip) {
		w->y += w->pad * 2;     /* all its facts in the strip's band */
		return;
	}
	cardpdf_widths(w, b, cw);
	if (b->kind == BLK_TABLE && b->head != NULL)
		hh = row_height(w, b, (const char *const *)b->head, cw, -1);
	for (c = 0; c < shown(w, b); c++)
		tw += cw[c];
	for (r = 0; r < b->nrows; r++) {
		if (r < 8 * sizeof skip && (skip >> r) & 1)
			continue;
		for (c = 0; c < nc; c++)
			cells[c] = block_cell(b, r, c);
		rh = row_height(w, b, cells, cw, (long)r);
		if (first) {
			first = false;
			/* the title and head never stand alone: two rows
			 * under them, or the table starts in the next column */
			cardpdf_need(w, th + hh + rh +
			    second_row(w, b, cw, skip, r));
			if (b->title != NULL)
				w->y += title_band(w, b->title, true);
			top = w->y;
			area = w->card_pages * 2 + w->col;
			if (hh > 0)
				draw_row(w, b, (const char *const *)b->head,
				    cw, hh, -1);
		} else if (w->y + rh > cardpdf_bottom(w)) {
			/* the part in the next column or page says what it
			 * is: the title marked continued, the head again */
			cardpdf_next_area(w);
			if (b->title != NULL) {
				char *t = g_strdup_printf("%s (%s)", b->title,
				    lang_label(w->lang, L_CONTINUED));

				w->y += title_band(w, t, true);
				g_free(t);
			}
			if (hh > 0)
				draw_row(w, b, (const char *const *)b->head,
				    cw, hh, -1);
		}
		draw_row(w, b, cells, cw, rh, (long)r);
		if (w->dry && w->overflow)
			return;
	}
	/* the notes flow round the table when it stands in one column */
	if (cardpdf_notes_below(w, b))
		notes(w, b, wraps(w, b, cw) &&
		    area == w->card_pages * 2 + w->col, top, tw);
	w->y += w->pad * 2;
}
