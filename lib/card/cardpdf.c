/* cardpdf: the cards as PDF through cairo and pango (DejaVu Sans,
 * embedded), one card per page, a card that does not fit continued on
 * the next page with a warning; identical input gives identical bytes.
 * Each card is first laid out without drawing in ever tighter fits (the
 * paper's type, then tighter lines, the notes of a table below it in two
 * columns, smaller type down to FIT_MIN_PT) and drawn in the first that
 * fits one page; a card that fits none goes on a second page. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "card/card.h"
#include "core/diag.h"
#include "core/labels.h"
#include "core/num.h"
#include "core/pdffont.h"
#include "core/str.h"
#include "core/strset.h"
#include "core/xalloc.h"

#define PT_PER_MM (72.0 / 25.4)
#define FONT_FAMILY "DejaVu Sans"
/* The smallest type a card is set in (points), and the tighter line
 * spacing of the compact fits (a factor of the font's line height). */
#define FIT_MIN_PT 6.5
/* A card with room to spare is set larger, up to FIT_GROW times the
 * paper's type (A6: 9 points), in steps of FIT_STEP points. */
#define FIT_GROW (9.0 / 7.0)
#define FIT_STEP 0.25
#define FIT_SPACING 0.92
#define FIT_TIGHT 0.86
/* The share of the page a measurer fits a card to: a browser sets the
 * same text a little longer than pango does. */
#define MEASURE_SLACK 0.88

/* The texts measured so far: each text is laid out once per face (the
 * type's size, weight, stretch and line spacing) and width, however
 * many fits and cards measure it (the cells of the cards repeat:
 * "beaten by Kn (good going): destroyed"); the key is the face and
 * width, then the text; ext[i]: the width and height of key i.  Past
 * MEMO_MAX texts the memo is emptied. */
#define MEMO_MAX 4096
struct memo {
	struct strset keys;
	double (*ext)[2];
	size_t capext;
	struct sbuf key;
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
	bool page_open;
	int pages;
	const struct card *cur;
	int card_pages;
	/* imposition: nx by ny cards of w by h to a sheet of sw by sh,
	 * scaled by scale, the grid's top left at gx, gy; the slot of the
	 * page drawn */
	int nx, ny, slot;
	double sw, sh, scale, gx, gy;
	int tint;                  /* the block's section (card_section) */
	struct memo own, *memo;    /* its memo, or its writer's */
};

/* The sheet's margin when imposed: printers do not print to the edge,
 * and the crop marks are drawn in it. */
#define IMPOSE_MARGIN_MM 7.0
#define CROP_GAP_MM 1.5
#define CROP_LEN_MM 5.0

static PangoFontDescription *
font(double size, bool bold, bool narrow)
{
	PangoFontDescription *fd = pango_font_description_new();

	pango_font_description_set_family(fd, FONT_FAMILY);
	if (narrow)
		pango_font_description_set_stretch(fd,
		    PANGO_STRETCH_SEMI_CONDENSED);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	return fd;
}

/* The creation date from SOURCE_DATE_EPOCH, or none at all. */
static void
set_date(cairo_surface_t *s)
{
	const char *e = getenv("SOURCE_DATE_EPOCH");
	char buf[64] = "";
	long v;
	time_t t;
	struct tm tm;

	if (e != NULL && *e != '\0') {
		if (num_long(e, strlen(e), 0, 253402300799L, &v) < 0 ||
		    (t = (time_t)v, gmtime_r(&t, &tm) == NULL)) {
			diag_warn("ignoring SOURCE_DATE_EPOCH '%s' "
			    "(not a number of seconds)", e);
		} else {
			strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
		}
	}
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, buf);
}

/* Sheet size, grid and scale of an imposition on paper p. */
static void
impose(struct cardpdf *w, enum card_paper p, enum card_impose im)
{
	const struct paper *sp = card_paper(p);
	double a = sp->w_mm * PT_PER_MM, b = sp->h_mm * PT_PER_MM;
	double m = IMPOSE_MARGIN_MM * PT_PER_MM, s;

	w->nx = im == IMPOSE_2X2 ? 2 : 1;
	w->ny = 2;
	/* 2x2: the sheet lies in landscape; 1x2: upright */
	w->sw = im == IMPOSE_2X2 ? (a > b ? a : b) : (a < b ? a : b);
	w->sh = im == IMPOSE_2X2 ? (a > b ? b : a) : (a < b ? b : a);
	w->scale = (w->sw - 2 * m) / (w->nx * w->w);
	s = (w->sh - 2 * m) / (w->ny * w->h);
	if (s < w->scale)
		w->scale = s;
	if (w->scale > 1)
		w->scale = 1;
	w->gx = (w->sw - w->nx * w->w * w->scale) / 2;
	w->gy = (w->sh - w->ny * w->h * w->scale) / 2;
	w->slot = -1;
}

/* The crop marks of a sheet: short lines in the margin that continue
 * every cut, off the corners of the grid. */
static void
crop_marks(struct cardpdf *w)
{
	double gap = CROP_GAP_MM * PT_PER_MM, len = CROP_LEN_MM * PT_PER_MM;
	double cw = w->w * w->scale, ch = w->h * w->scale, v;
	int i;

	cairo_save(w->cr);
	cairo_set_source_rgb(w->cr, 0, 0, 0);
	cairo_set_line_width(w->cr, 0.25);
	for (i = 0; i <= w->nx; i++) {
		v = w->gx + i * cw;
		cairo_move_to(w->cr, v, w->gy - gap);
		cairo_line_to(w->cr, v, w->gy - gap - len);
		cairo_move_to(w->cr, v, w->gy + w->ny * ch + gap);
		cairo_line_to(w->cr, v, w->gy + w->ny * ch + gap + len);
	}
	for (i = 0; i <= w->ny; i++) {
		v = w->gy + i * ch;
		cairo_move_to(w->cr, w->gx - gap, v);
		cairo_line_to(w->cr, w->gx - gap - len, v);
		cairo_move_to(w->cr, w->gx + w->nx * cw + gap, v);
		cairo_line_to(w->cr, w->gx + w->nx * cw + gap + len, v);
	}
	cairo_stroke(w->cr);
	cairo_restore(w->cr);
}

/* Begin the next page: a sheet, or imposed, the next slot of the sheet
 * (a new sheet when it is full), drawn into through a transform. */
static void
next_page(struct cardpdf *w)
{
	if (w->nx == 0) {
		if (w->page_open)
			cairo_show_page(w->cr);
		return;
	}
	cairo_reset_clip(w->cr);
	cairo_identity_matrix(w->cr);
	if (++w->slot == w->nx * w->ny) {
		cairo_show_page(w->cr);
		w->slot = 0;
	}
	if (w->slot == 0)
		crop_marks(w);
	cairo_translate(w->cr, w->gx + (w->slot % w->nx) * w->w * w->scale,
	    w->gy + (w->slot / w->nx) * w->h * w->scale);
	cairo_scale(w->cr, w->scale, w->scale);
	cairo_rectangle(w->cr, 0, 0, w->w, w->h);
	cairo_clip(w->cr);
}

static void
free_fonts(struct cardpdf *w)
{
	if (w->font == NULL)
		return;
	pango_font_description_free(w->font);
	pango_font_description_free(w->bold);
	pango_font_description_free(w->big);
	w->font = w->bold = w->big = NULL;
}

/* Set the type at fs points; spacing (a factor of the font's line
 * height; 0: the font's own) tighter lines, padding and title; narrow:
 * the condensed face of the family. */
static void
set_type(struct cardpdf *w, double fs, double spacing, bool narrow)
{
	bool compact = spacing != 0;

	if (w->font != NULL && w->fs == fs && w->spacing == spacing &&
	    w->narrow == narrow)
		return;
	free_fonts(w);
	w->fs = fs;
	w->narrow = narrow;
	w->spacing = spacing;
	w->margin = fs * (compact ? 0.65 : 0.75) * PT_PER_MM;
	w->pad = fs * (compact ? 0.2 : 0.25);
	w->gap = fs * (compact ? 1.2 : 1.5);
	w->font = font(fs, false, narrow);
	w->bold = font(fs, true, narrow);
	w->big = font(fs * (compact ? 1.2 : 1.35), true, narrow);
}

struct cardpdf *
cardpdf_new(FILE *fp, enum card_paper p, enum card_impose im,
    enum lang lang)
{
	const struct paper *pp = card_paper(im != IMPOSE_NONE ? PAPER_A6 : p);
	struct cardpdf *w = xcalloc(1, sizeof *w);
	cairo_font_options_t *fo;

	w->sink.fp = fp;
	w->lang = lang;
	w->memo = &w->own;
	w->w = pp->w_mm * PT_PER_MM;
	w->h = pp->h_mm * PT_PER_MM;
	w->base_fs = pp->font_pt;
	w->ncol = 1;
	w->sw = w->w;
	w->sh = w->h;
	if (im != IMPOSE_NONE)
		impose(w, p, im);
	w->surf = cairo_pdf_surface_create_for_stream(pdffont_sink_write,
	    &w->sink, w->sw, w->sh);
	cairo_pdf_surface_restrict_to_version(w->surf, CAIRO_PDF_VERSION_1_5);
	set_date(w->surf);
	cairo_pdf_surface_set_metadata(w->surf, CAIRO_PDF_METADATA_TITLE,
	    "bellis reference cards");
	cairo_pdf_surface_set_metadata(w->surf, CAIRO_PDF_METADATA_CREATOR,
	    "refcard-render (bellis)");
	w->cr = cairo_create(w->surf);
	pdffont_check(w->cr, FONT_FAMILY);
	w->ctx = pango_cairo_create_context(w->cr);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(w->ctx, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(w->ctx, 72.0);
	set_type(w, w->base_fs, 0, false);
	return w;
}

/* Pango markup of a cell's text (escaped) in font fd: its signs as
 * superscripts raised by a third of the type size (a rise within the
 * line's own height, so that a sign does not make its line taller), its
 * ids never broken (card_run); g_free it. */
static char *
run_markup(const char *s, const PangoFontDescription *fd)
{
	int rise = pango_font_description_get_size(fd) / 3;
	GString *m = g_string_new(NULL);
	size_t i = 0, n;
	enum card_run k;
	char *e;

	while (s[i] != '\0') {
		n = card_run(s, i, &k);
		e = g_markup_escape_text(s + i, (gssize)n);
		if (k == CARD_RUN_SIGN)
			g_string_append_printf(m, "<span font_scale="
			    "\"superscript\" rise=\"%d\">%s</span>", rise, e);
		else if (k == CARD_RUN_ID)
			g_string_append_printf(m,
			    "<span allow_breaks=\"false\">%s</span>", e);
		else
			g_string_append(m, e);
		g_free(e);
		i += n;
	}
	return g_string_free(m, FALSE);
}

/* Set markup m on l.  Parsing the markup's numbers resets errno, which
 * holds the error of a failed write until the output is closed (out_close
 * reports it), so errno is kept. */
static void
set_markup(PangoLayout *l, const char *m)
{
	int e = errno;

	pango_layout_set_markup(l, m, -1);
	errno = e;
}

/* A layout of text; width <= 0: one line, unwrapped. */
static PangoLayout *
layout(struct cardpdf *w, const char *text, PangoFontDescription *fd,
    double width)
{
	PangoLayout *l = pango_layout_new(w->ctx);
	char *m;

	pango_layout_set_font_description(l, fd);
	if (w->spacing > 0)
		pango_layout_set_line_spacing(l, (float)w->spacing);
	if (width > 0) {
		pango_layout_set_width(l, (int)(width * PANGO_SCALE));
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	}
	m = run_markup(text, fd);
	set_markup(l, m);
	g_free(m);
	return l;
}

static void
measure(PangoLayout *l, double *wd, double *ht)
{
	PangoRectangle r;

	pango_layout_get_extents(l, NULL, &r);
	if (wd != NULL)
		*wd = (double)r.width / PANGO_SCALE;
	if (ht != NULL)
		*ht = (double)r.height / PANGO_SCALE;
}

static void
memo_clear(struct memo *m)
{
	strset_free(&m->keys);
	free(m->ext);
	m->ext = NULL;
	m->capext = 0;
}

/* The bits of v (a double, exactly) as 16 letters of a memo key. */
static void
hex_key(struct sbuf *b, double v)
{
	unsigned char x[sizeof v];
	char *o = sbuf_room(b, 2 * sizeof v);
	size_t i;

	memcpy(x, &v, sizeof v);
	for (i = 0; i < sizeof v; i++) {
		o[2 * i] = (char)('a' + (x[i] >> 4));
		o[2 * i + 1] = (char)('a' + (x[i] & 15));
	}
	b->len += 2 * sizeof v;
}

/* The entry *i of s in fd in w's face at width what (pango units, 0 one
 * line); true when it is new, its extents to be measured. */
static bool
memo_find(struct cardpdf *w, const char *s, PangoFontDescription *fd,
    int what, size_t *i)
{
	struct memo *m = w->memo;
	bool added;

	if (strset_count(&m->keys) >= MEMO_MAX)
		memo_clear(m);
	sbuf_reset(&m->key);
	hex_key(&m->key, w->fs);
	hex_key(&m->key, w->spacing);
	hex_key(&m->key, (fd == w->bold ? 1 : fd == w->big ? 2 : 0) +
	    (w->narrow ? 4 : 0));
	hex_key(&m->key, what);
	sbuf_adds(&m->key, s);
	*i = strset_add(&m->keys, sbuf_str(&m->key), m->key.len, &added);
	if (added)
		m->ext = xgrow(m->ext, &m->capext, *i + 1, sizeof *m->ext);
	return added;
}

/* The extents of s in fd at width (<= 0: one line), laid out once per
 * face and width (w->memo); wd, ht may be NULL. */
static void
extents(struct cardpdf *w, const char *s, PangoFontDescription *fd,
    double width, double *wd, double *ht)
{
	struct memo *m = w->memo;
	PangoLayout *l;
	size_t i;

	if (memo_find(w, s, fd, width > 0 ? (int)(width * PANGO_SCALE) : 0,
	    &i)) {
		l = layout(w, s, fd, width);
		measure(l, &m->ext[i][0], &m->ext[i][1]);
		g_object_unref(l);
	}
	if (wd != NULL)
		*wd = m->ext[i][0];
	if (ht != NULL)
		*ht = m->ext[i][1];
}

static double
text_width(struct cardpdf *w, const char *s, PangoFontDescription *fd)
{
	double wd;

	extents(w, s, fd, 0, &wd, NULL);
	return wd;
}

/* Draw text at x, y (top left) within width, aligned left (0), right
 * (1) or centred (2); returns its height. */
static double
draw(struct cardpdf *w, const char *s, PangoFontDescription *fd, double x,
    double y, double width, int align)
{
	PangoLayout *l;
	double wd, ht;

	if (w->dry) {
		extents(w, s, fd, width, NULL, &ht);
		return ht;
	}
	l = layout(w, s, fd, width);
	measure(l, &wd, &ht);
	if (align != 0 && width > 0 && wd < width)
		x += (width - wd) / (align == 2 ? 2 : 1);
	if (!w->dry) {
		cairo_move_to(w->cr, x, y);
		pango_cairo_show_layout(w->cr, l);
	}
	g_object_unref(l);
	return ht;
}

static double
height_of(struct cardpdf *w, const char *s, PangoFontDescription *fd,
    double width)
{
	double ht;

	extents(w, s, fd, width, NULL, &ht);
	return ht;
}

static double
bottom(const struct cardpdf *w)
{
	return w->h - w->margin;
}

/* Width and left edge of the current column. */
static double
content_width(const struct cardpdf *w)
{
	return (w->w - 2 * w->margin - (w->ncol - 1) * w->gap) / w->ncol;
}

static double
left(const struct cardpdf *w)
{
	return w->margin + w->col * (content_width(w) + w->gap);
}

/* Start a page of the current card: its title (marked as continued on
 * a second page, with a warning naming the card). */
static void
page(struct cardpdf *w)
{
	const struct card *c = w->cur;
	char *title;
	size_t n;

	if (w->dry) {
		if (w->card_pages > 0)
			w->overflow = true;
	} else {
		next_page(w);
		w->page_open = true;
		w->pages++;
	}
	w->card_pages++;
	w->y = w->ytop = w->margin;
	w->col = 0;
	if (c == NULL)
		return;
	if (w->card_pages == 1) {
		title = xstrdup(c->title);
	} else {
		n = strlen(c->title) + 64;
		title = xmalloc(n);
		snprintf(title, n, "%s (%s, %s %d)", c->title,
		    lang_label(w->lang, L_CONTINUED),
		    lang_label(w->lang, L_PAGE), w->card_pages);
		if (w->card_pages == 2 && !w->dry) {
			if (c->file != NULL)
				DIAG_AT(CARD_OVERFLOW, c->file, c->line, 0,
				    strcmp(c->kind, "army") == 0 ?
				    "army" : "card", c->label);
			else
				diag_warn("card '%s' does not fit "
				    "one page: continued on a second page",
				    c->label);
		}
	}
	w->y += draw(w, title, w->big, w->margin, w->y, w->w - 2 * w->margin,
	    false) + w->pad * 2;
	w->ytop = w->y;
	free(title);
}

/* Go on in the next column, or on a new page. */
static void
next_area(struct cardpdf *w)
{
	char *more;

	if (w->col + 1 < w->ncol) {
		w->col++;
		w->y = w->ytop;
		return;
	}
	/* the card goes on over the page: its foot says so, in the margin
	 * under the last row */
	if (!w->dry && w->cur != NULL) {
		more = g_strdup_printf("%s \xe2\x86\x92",
		    lang_label(w->lang, L_CONTINUED));
		(void)draw(w, more, w->font, w->margin, bottom(w) +
		    w->margin * 0.12, w->w - 2 * w->margin, 1);
		g_free(more);
	}
	page(w);
}

/* A filled rectangle in rgb, without an outline. */
static void
fill_box(struct cardpdf *w, double x, double y, double wd, double ht,
    const double *rgb)
{
	if (w->dry)
		return;
	cairo_set_source_rgb(w->cr, rgb[0], rgb[1], rgb[2]);
	cairo_rectangle(w->cr, x, y, wd, ht);
	cairo_fill(w->cr);
	cairo_set_source_rgb(w->cr, 0, 0, 0);
}

static void
need(struct cardpdf *w, double h)
{
	if (w->y + h > bottom(w) && w->y > w->ytop + 1)
		next_area(w);
}

/* The band of a section's title: the title in bold on the section's
 * tint across the column, drawn at w->y when show; its height with the
 * gap under it. */
static double
title_band(struct cardpdf *w, const char *title, bool show)
{
	double wd = content_width(w), in = w->pad * 0.5, ht, rgb[3];

	ht = height_of(w, title, w->bold, wd - 2 * w->pad) + 2 * in;
	if (show) {
		card_tint_rgb(w->tint, rgb);
		if (w->tint >= 0)
			fill_box(w, left(w), w->y, wd, ht, rgb);
		(void)draw(w, title, w->bold, left(w) + w->pad, w->y + in,
		    wd - 2 * w->pad, 0);
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
		fill_box(w, x, y, wd, ht, rgb);
	} else if (fill != NULL)
		fill_box(w, x, y, wd, ht, fill);
	cairo_set_source_rgb(w->cr, 0.45, 0.45, 0.45);
	cairo_set_line_width(w->cr, 0.3);
	cairo_rectangle(w->cr, x, y, wd, ht);
	cairo_stroke(w->cr);
	cairo_set_source_rgb(w->cr, 0, 0, 0);
}

/* A byte of a word that a line may break after a slash beside: not a
 * digit, sign or space ("1/-" stays whole). */
static bool
letter(char ch)
{
	return ch != '\0' && ch != ' ' && ch != '-' && ch != '+' &&
	    !(ch >= '0' && ch <= '9');
}

/* Width of the longest word of s (cells and headers may wrap there, and
 * after a slash between letters, as in "rough/bad"). */
static double
word_width(struct cardpdf *w, const char *s, PangoFontDescription *fd)
{
	char buf[128];
	double best = 0, x;
	size_t n;

	while (*s != '\0') {
		for (n = 0; s[n] != '\0' && s[n] != ' '; n++)
			if (s[n] == '/' && n > 0 && letter(s[n - 1]) &&
			    letter(s[n + 1])) {
				n++;
				break;
			}
		if (n >= sizeof buf)
			n = sizeof buf - 1;
		memcpy(buf, s, n);
		buf[n] = '\0';
		if ((x = text_width(w, buf, fd)) > best)
			best = x;
		s += n;
		while (*s == ' ')
			s++;
	}
	return best;
}

/* Whether the wide last column of an army table (its notes) goes below
 * the table; the columns the table itself shows. */
static bool
notes_below(const struct cardpdf *w, const struct card_block *b)
{
	return w->notes_out && block_notes_col(b);
}

static size_t
shown(const struct cardpdf *w, const struct card_block *b)
{
	return b->ncols - (notes_below(w, b) ? 1 : 0);
}

/* Shrink the nc first columns picked by pass toward their least widths
 * by *excess; returns true when that was enough. */
static bool
shrink(const struct card_block *b, size_t nc, double *cw, const double *mn,
    double *excess, int pass)
{
	double slack = 0;
	size_t c;
	bool pick;

	for (c = 0; c < nc; c++) {
		pick = pass == 0 ? (b->wide >> c) & 1 : pass == 1 ?
		    !((b->num >> c) & 1) : true;
		if (pick && cw[c] > mn[c])
			slack += cw[c] - mn[c];
	}
	if (slack <= 0)
		return false;
	for (c = 0; c < nc; c++) {
		pick = pass == 0 ? (b->wide >> c) & 1 : pass == 1 ?
		    !((b->num >> c) & 1) : true;
		if (!pick || cw[c] <= mn[c])
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

/* Column widths: natural widths; when the table is too wide, the wide
 * columns wrap first, then the other text columns, then all columns,
 * each down to its longest word; past that every column shrinks in
 * proportion. */
static void
widths(struct cardpdf *w, const struct card_block *b, double *cw)
{
	double avail = content_width(w), sum = 0, wide = 0, x, excess;
	double mn[CARD_MAXCOLS];
	PangoFontDescription *fd;
	size_t r, c, nc = shown(w, b);
	int pass;

	for (c = 0; c < nc; c++) {
		cw[c] = mn[c] = b->head != NULL ? word_width(w, b->head[c],
		    w->bold) : 0;
		fd = (b->kind == BLK_FACTS && c == 0) ||
		    ((b->strong >> c) & 1) ? w->bold : w->font;
		for (r = 0; r < b->nrows; r++) {
			x = text_width(w, block_cell(b, r, c), fd);
			if (x > cw[c])
				cw[c] = x;
			x = word_width(w, block_cell(b, r, c), fd);
			if (x > mn[c])
				mn[c] = x;
		}
		cw[c] += 2 * w->pad + 0.5;
		mn[c] += 2 * w->pad + 0.5;
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
	for (pass = 0; pass < 3; pass++)
		if (shrink(b, nc, cw, mn, &excess, pass)) {
			if (pass == 0)
				balance_wide(w, b, cw, mn);
			return;
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
		x = height_of(w, cells[c], header || (b->kind == BLK_FACTS &&
		    c == 0) || ((b->strong >> c) & 1) ? w->bold : w->font,
		    cw[c] - 2 * w->pad);
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
	double x = left(w), top, tint[3];
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
		draw(w, cells[c], header || label || ((b->strong >> c) & 1) ?
		    w->bold : w->font, x + w->pad, top, cw[c] - 2 * w->pad,
		    label || !((b->num >> c) & 1) ? 0 : (b->center >> c) & 1 ?
		    2 : 1);
		x += cw[c];
	}
	w->y += ht;
}

/* The least share of a column that the notes beside a table get; a
 * table wider than the rest sets its notes below it. */
#define WRAP_MIN 0.25

/* Whether the notes of b, set below it, flow round it: its shown
 * columns (the widths cw) leave them WRAP_MIN of the column or more. */
static bool
wraps(const struct cardpdf *w, const struct card_block *b, const double *cw)
{
	double tw = 0;
	size_t c;

	if (!notes_below(w, b))
		return false;
	for (c = 0; c < shown(w, b); c++)
		tw += cw[c];
	return content_width(w) - tw - w->gap / 2 >=
	    content_width(w) * WRAP_MIN;
}

/* A layout of the text of l from byte at on, its attributes moved with
 * it, at width: the lines of a paragraph that go on under a table. */
static PangoLayout *
rest_of(struct cardpdf *w, PangoLayout *l, int at, double width)
{
	PangoLayout *r = layout(w, "", w->font, width);
	PangoAttrList *al = pango_layout_get_attributes(l), *n;
	GSList *all, *e;
	guint from = (guint)at;

	pango_layout_set_text(r, pango_layout_get_text(l) + at, -1);
	n = pango_attr_list_new();
	all = al != NULL ? pango_attr_list_get_attributes(al) : NULL;
	for (e = all; e != NULL; e = e->next) {
		PangoAttribute *a = e->data;

		if (a->end_index <= from) {
			pango_attribute_destroy(a);
			continue;
		}
		a->start_index = a->start_index > from ?
		    a->start_index - from : 0;
		if (a->end_index != PANGO_ATTR_INDEX_TO_TEXT_END)
			a->end_index -= from;
		pango_attr_list_insert(n, a);
	}
	g_slist_free(all);
	pango_layout_set_attributes(r, n);
	pango_attr_list_unref(n);
	return r;
}

/* Show the lines of l above y + h (a paragraph's lines beside a table),
 * clipped there. */
static void
show_top(struct cardpdf *w, PangoLayout *l, double x, double y, double h)
{
	if (w->dry)
		return;
	cairo_save(w->cr);
	cairo_rectangle(w->cr, x - 1, y, w->w, h);
	cairo_clip(w->cr);
	cairo_move_to(w->cr, x, y);
	pango_cairo_show_layout(w->cr, l);
	cairo_restore(w->cr);
}

/* The paragraph of the note of row r of b: its code in bold, then the
 * note; a layout at width. */
static PangoLayout *
note_layout(struct cardpdf *w, const struct card_block *b, size_t r,
    double width)
{
	char *c0 = run_markup(block_cell(b, r, 0), w->font),
	    *c1 = run_markup(block_cell(b, r, b->ncols - 1), w->font),
	    *m = g_strdup_printf("<b>%s</b> %s", c0, c1);
	PangoLayout *l = layout(w, "", w->font, width);

	set_markup(l, m);
	g_free(c0);
	g_free(c1);
	g_free(m);
	return l;
}

/* Draw the full-width paragraph l at the column's left, on the next page
 * when it does not fit this one; l is freed. */
static void
full_para(struct cardpdf *w, PangoLayout *l)
{
	double ht;

	measure(l, NULL, &ht);
	need(w, ht);
	if (!w->dry) {
		cairo_move_to(w->cr, left(w), w->y);
		pango_cairo_show_layout(w->cr, l);
	}
	w->y += ht + w->pad;
	g_object_unref(l);
}

/* The notes of a table set below it, each row's paragraph led by its
 * code in bold.  wrap: they begin beside the table, in the room to its
 * right from top (its head row) down to its foot (w->y), and go on in
 * the full width under it, line by line, as a browser flows text round
 * a table floated left; else they all go under it. */
static void
notes(struct cardpdf *w, const struct card_block *b, bool wrap, double top,
    double tw)
{
	double foot = w->y, full = content_width(w), gap = w->gap / 2;
	double x = left(w) + tw + gap, width = full - tw - gap, y = top;
	PangoLayoutIter *it;
	PangoRectangle lr;
	PangoLayout *l;
	size_t r;
	int at;

	w->y += w->pad;
	for (r = 0; r < b->nrows; r++) {
		if (*block_cell(b, r, b->ncols - 1) == '\0')
			continue;
		if (!wrap || y >= foot) {
			full_para(w, note_layout(w, b, r, full));
			continue;
		}
		/* the lines whose foot clears the table's */
		l = note_layout(w, b, r, width);
		it = pango_layout_get_iter(l);
		at = -1;
		do {
			pango_layout_iter_get_line_extents(it, NULL, &lr);
			if (y + (double)(lr.y + lr.height) / PANGO_SCALE >
			    foot + 0.01) {
				at = pango_layout_iter_get_index(it);
				break;
			}
		} while (pango_layout_iter_next_line(it));
		pango_layout_iter_free(it);
		if (at < 0) {
			/* the whole paragraph beside the table */
			double ht;

			measure(l, NULL, &ht);
			if (!w->dry) {
				cairo_move_to(w->cr, x, y);
				pango_cairo_show_layout(w->cr, l);
			}
			y += ht + w->pad;
			g_object_unref(l);
			continue;
		}
		/* its first lines beside, the rest under the table */
		show_top(w, l, x, y, (double)lr.y / PANGO_SCALE);
		w->y = foot + w->pad;
		wrap = false;
		if (lr.y == 0) {
			g_object_unref(l);
			full_para(w, note_layout(w, b, r, full));
		} else {
			full_para(w, rest_of(w, l, at, full));
			g_object_unref(l);
		}
	}
	if (wrap && y > w->y)
		w->y = y;
}

/* Compact, the short facts of a one-column card (a value under a
 * quarter of the width) go on one line at the block's top, when there
 * are two or more; the mask of the rows joined. */
static unsigned long
join_mask(struct cardpdf *w, const struct card_block *b)
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
		if (text_width(w, block_cell(b, r, 1), w->font) <
		    content_width(w) / 4) {
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
	unsigned long mask = join_mask(w, b);
	GString *m;
	char *e, *c0, *c1;
	double ht, rgb[3];
	size_t r;
	PangoLayout *l;

	if (mask == 0)
		return 0;
	m = g_string_new(NULL);
	for (r = 0; r < b->nrows && r < 8 * sizeof mask; r++) {
		if (!((mask >> r) & 1))
			continue;
		c0 = run_markup(block_cell(b, r, 0), w->font);
		c1 = run_markup(block_cell(b, r, 1), w->font);
		e = g_strdup_printf("%s<b>%s</b> %s", m->len > 0 ?
		    "  \xc2\xb7  " : "", c0, c1);
		g_string_append(m, e);
		g_free(e);
		g_free(c0);
		g_free(c1);
	}
	l = layout(w, "", w->font, content_width(w) - 2 * w->pad);
	set_markup(l, m->str);
	g_string_free(m, TRUE);
	measure(l, NULL, &ht);
	ht += 2 * w->pad * 0.6;
	need(w, ht);
	card_tint_rgb(CARD_TINT_STRIP, rgb);
	if (b->strip)
		fill_box(w, left(w), w->y, content_width(w), ht, rgb);
	else
		rule_box(w, left(w), w->y, content_width(w), ht, NULL, -1);
	if (!w->dry) {
		cairo_move_to(w->cr, left(w) + w->pad, w->y + w->pad * 0.6);
		pango_cairo_show_layout(w->cr, l);
	}
	g_object_unref(l);
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

static void
block(struct cardpdf *w, const struct card_block *b)
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
		need(w, height_of(w, t->str, w->font, content_width(w)));
		w->y += draw(w, t->str, w->font, left(w), w->y,
		    content_width(w), false) + w->pad * 2;
		g_string_free(t, TRUE);
		return;
	}
	if (b->kind == BLK_TEXT) {
		for (r = 0; r < b->nrows; r++) {
			rh = height_of(w, block_cell(b, r, 0), w->font,
			    content_width(w));
			need(w, rh + (r == 0 ? th : 0));
			if (r == 0 && b->title != NULL)
				w->y += title_band(w, b->title, true);
			w->y += draw(w, block_cell(b, r, 0), w->font,
			    left(w), w->y, content_width(w), false);
		}
		w->y += w->pad * 2;
		return;
	}
	widths(w, b, cw);
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
			need(w, th + hh + rh + second_row(w, b, cw, skip, r));
			if (b->title != NULL)
				w->y += title_band(w, b->title, true);
			top = w->y;
			area = w->card_pages * 2 + w->col;
			if (hh > 0)
				draw_row(w, b, (const char *const *)b->head,
				    cw, hh, -1);
		} else if (w->y + rh > bottom(w)) {
			/* the part in the next column or page says what it
			 * is: the title marked continued, the head again */
			next_area(w);
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
	if (notes_below(w, b))
		notes(w, b, wraps(w, b, cw) && area == w->card_pages * 2 +
		    w->col, top, tw);
	w->y += w->pad * 2;
}

/* The columns the blocks of c flow in. */
static int
card_cols(const struct card *c)
{
	return c->columns > 1 ? 2 : 1;
}

/* Lay out (dry: only measure) card c; true when it fits one page. */
static bool
lay_out(struct cardpdf *w, const struct card *c, bool dry)
{
	size_t i;

	w->dry = dry;
	w->overflow = false;
	w->cur = c;
	w->card_pages = 0;
	w->ncol = card_cols(c);
	page(w);
	if (c->subtitle != NULL)
		w->y += draw(w, c->subtitle, w->font, w->margin, w->y,
		    w->w - 2 * w->margin, false) + w->pad;
	w->ytop = w->y;
	for (i = 0; i < c->nb && !(dry && w->overflow); i++) {
		w->tint = card_section(c, i);
		block(w, &c->b[i]);
	}
	w->cur = NULL;
	w->dry = false;
	return !w->overflow;
}

/* The fits tried in turn: type as a share of the paper's (never under
 * FIT_MIN_PT), line spacing, notes below the table, and last the
 * condensed face (DejaVu Sans Condensed, seven eighths of the width),
 * with lines as tight as the browser's compact cards (line-height 1.0)
 * before a card goes on over a second page. */
static const struct fit {
	double scale, spacing;
	bool notes_out, narrow;
} fits[] = {
	{ 1.0, 0, false, false },
	{ 1.0, FIT_SPACING, false, false },
	{ 1.0, FIT_SPACING, true, false },
	{ 0.965, FIT_SPACING, false, false },
	{ 0.965, FIT_SPACING, true, false },
	{ 0.93, FIT_SPACING, false, false },
	{ 0.93, FIT_SPACING, true, false },
	{ 1.0, FIT_SPACING, false, true },
	{ 1.0, FIT_SPACING, true, true },
	{ 0.93, FIT_SPACING, false, true },
	{ 0.93, FIT_SPACING, true, true },
	{ 0.93, FIT_TIGHT, false, true },
	{ 0.93, FIT_TIGHT, true, true },
};

/* The smallest type of a card: FIT_MIN_PT as printed, so larger on a
 * card an imposition scales down (2x2 on A4: 0.93). */
static double
min_pt(const struct cardpdf *w)
{
	return w->scale > 0 && w->scale < 1 ? FIT_MIN_PT / w->scale :
	    FIT_MIN_PT;
}

#define NFITS (sizeof fits / sizeof fits[0])

/* Set w up for fit i of c (NFITS: none fits, the smallest type,
 * continued on a second page; a measurer for the browser, whose pages
 * differ a little from ours, takes the tightest fit there is). */
static void
apply_fit(struct cardpdf *w, const struct card *c, size_t i)
{
	bool army = strcmp(c->kind, "army") == 0;
	double fs, lo = min_pt(w);
	size_t k = i < NFITS ? i : NFITS - 1;

	fs = w->base_fs * fits[k].scale;
	set_type(w, fs < lo ? lo : fs, fits[k].spacing, fits[k].narrow);
	w->notes_out = i < NFITS ? fits[k].notes_out :
	    w->sink.fp == NULL && army;
}

/* c fits one page in the paper's type with room to spare: set w up for
 * the largest type, in steps of FIT_STEP up to FIT_GROW times the
 * paper's, in which it still does.  The first size tried is the one the
 * room foretells (the share fill of the page the card took in the
 * paper's type: its text grows about with the square of the size), then
 * the size next to it, then the sizes between the largest that fits and
 * the least that does not, halved. */
static void
grow(struct cardpdf *w, const struct card *c, double fill)
{
	int top = (int)(w->base_fs * (FIT_GROW - 1) / FIT_STEP + 1e-9);
	int lo = 0, hi = top + 1, k, mid;
	double g;

	/* the largest size whose square times fill is a page */
	for (k = top; k > 1; k--) {
		g = (w->base_fs + k * FIT_STEP) / w->base_fs;
		if (g * g * fill <= 1)
			break;
	}
	for (mid = k; top > 0 && hi - lo > 1; ) {
		set_type(w, w->base_fs + mid * FIT_STEP, 0, false);
		if (lay_out(w, c, true))
			lo = mid;
		else
			hi = mid;
		/* after the first, the size beside it; then halves */
		if (mid == k && lo == k && k + 1 < hi)
			mid = k + 1;
		else if (mid == k && hi == k && k - 1 > lo)
			mid = k - 1;
		else
			mid = (lo + hi) / 2;
	}
	set_type(w, w->base_fs + lo * FIT_STEP, 0, false);
}

/* Set w up for the first fit of c that lays out on one page, or for the
 * smallest when none does; the fit chosen in *f. */
static void
choose(struct cardpdf *w, const struct card *c, struct card_fit *f)
{
	size_t i;
	bool army = strcmp(c->kind, "army") == 0;

	for (i = 0; i < NFITS; i++) {
		if (fits[i].notes_out && !army)
			continue;
		apply_fit(w, c, i);
		if (lay_out(w, c, true))
			break;
	}
	if (i == NFITS)
		apply_fit(w, c, i);
	if (i == 0)     /* the room it left in the paper's type */
		grow(w, c, (w->y - w->margin) / (bottom(w) - w->margin));
	f->pt = w->fs;
	f->compact = w->spacing != 0;
	f->narrow = w->narrow;
	f->fits = i < NFITS;
	f->step = i;
}

void
cardpdf_card(struct cardpdf *w, const struct card *c,
    const struct card_fit *known)
{
	struct card_fit f;

	if (known != NULL) {
		apply_fit(w, c, known->step);
		if (known->step == 0 && known->pt > w->fs)     /* grown */
			set_type(w, known->pt, 0, false);
	} else
		choose(w, c, &f);
	lay_out(w, c, false);
	w->notes_out = false;
	set_type(w, w->base_fs, 0, false);
}

struct cardpdf *
cardpdf_measurer(enum card_paper p, enum lang lang)
{
	struct cardpdf *w = cardpdf_new(NULL, p, IMPOSE_NONE, lang);

	w->h *= MEASURE_SLACK;
	return w;
}

struct cardpdf *
cardpdf_measurer_pdf(enum card_paper p, enum card_impose imp,
    enum lang lang, struct cardpdf *writer)
{
	struct cardpdf *w = cardpdf_new(NULL, p, imp, lang);

	if (writer != NULL)
		w->memo = writer->memo;
	return w;
}

void
cardpdf_fit(struct cardpdf *w, const struct card *c, struct card_fit *f)
{
	double cw[CARD_MAXCOLS];
	size_t i;

	choose(w, c, f);
	/* each block as lay_out sets it in the fit chosen */
	w->ncol = card_cols(c);
	w->col = 0;
	f->b = xgrow(f->b, &f->capb, c->nb, sizeof *f->b);
	f->nb = c->nb;
	for (i = 0; i < c->nb; i++) {
		f->b[i].notes_below = notes_below(w, &c->b[i]);
		f->b[i].joined = join_mask(w, &c->b[i]);
		f->b[i].key = 0;
		f->b[i].wrap = false;
		if (c->b[i].kind == BLK_FACTS && c->b[i].nrows > 0) {
			widths(w, &c->b[i], cw);
			f->b[i].key = cw[0] / content_width(w);
		}
		if (f->b[i].notes_below) {
			widths(w, &c->b[i], cw);
			f->b[i].wrap = wraps(w, &c->b[i], cw);
		}
	}
	w->notes_out = false;
	set_type(w, w->base_fs, 0, false);
}

int
cardpdf_finish(struct cardpdf *w)
{
	cairo_status_t st;
	int rc = 0;

	if (w->pages == 0) {
		page(w);
		draw(w, lang_label(w->lang, L_NO_CARDS), w->big, w->margin,
		    w->margin, content_width(w), false);
	}
	cairo_show_page(w->cr);
	free_fonts(w);
	memo_clear(&w->own);
	sbuf_free(&w->own.key);
	g_object_unref(w->ctx);
	cairo_destroy(w->cr);
	cairo_surface_finish(w->surf);
	st = cairo_surface_status(w->surf);
	cairo_surface_destroy(w->surf);
	if (st != CAIRO_STATUS_SUCCESS || w->sink.failed || (w->sink.fp !=
	    NULL && (fflush(w->sink.fp) != 0 || ferror(w->sink.fp))))
		rc = -1;
	free(w);
	return rc;
}

void
cardpdf_cleanup(void)
{
	pango_cairo_font_map_set_default(NULL);
}
