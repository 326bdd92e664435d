/* cardpdf: the cards as PDF through cairo and pango (DejaVu Sans,
 * embedded), one card per page, a card that does not fit continued on
 * the next page with a warning; identical input gives identical bytes.
 * Each card is first laid out without drawing in ever tighter fits (the
 * paper's type, then tighter lines, the notes of a table below it in two
 * columns, smaller type down to FIT_MIN_PT) and drawn in the first that
 * fits one page; a card that fits none goes on a second page.  The
 * blocks of a card (tables, their notes, text) are set by cardpdfblock.c
 * in the type, text and page this file keeps. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "card/card.h"
#include "card/cardpdf_int.h"
#include "core/diag.h"
#include "core/labels.h"
#include "core/num.h"
#include "core/pdffont.h"
#include "core/str.h"
#include "core/xalloc.h"

#define PT_PER_MM (72.0 / 25.4)
/* the resolution of the cards' pango contexts: a unit a point */
#define CARD_DPI 72.0
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

/* The sheet's margin when imposed: printers do not print to the edge,
 * and the crop marks are drawn in it. */
#define IMPOSE_MARGIN_MM 7.0
#define CROP_GAP_MM 1.5
#define CROP_LEN_MM 5.0
/* The type of the note naming a sheet's type size (points) */
#define SHEET_NOTE_PT 6.5

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

int
cardpdf_sheet_room(const struct cardpdf *w)
{
	int n = w->nx * w->ny;

	return w->slot < 0 || w->slot + 1 >= n ? n : n - 1 - w->slot;
}

void
cardpdf_sheet_pt(struct cardpdf *w, double pt)
{
	w->sheet_pt = pt;
}

/* The type of the sheet's cards, named in its bottom margin under the
 * first column, in SHEET_NOTE_PT as printed. */
static void
sheet_note(struct cardpdf *w)
{
	PangoFontDescription *fd = font(SHEET_NOTE_PT, false, false);
	char *s, *d;
	double y = w->gy + w->ny * w->h * w->scale + CROP_GAP_MM * PT_PER_MM;

	/* the size as printed: the cards are laid out before the scale */
	s = g_strdup_printf("%s: %.1f pt", lang_label(w->lang, L_SHEET_TYPE),
	    w->sheet_pt * w->scale);
	if (w->lang != LANG_EN && (d = strrchr(s, '.')) != NULL)
		*d = ',';       /* a decimal comma */
	(void)cardpdf_draw(w, s, fd, w->gx, y, w->w * w->scale, 2);
	g_free(s);
	pango_font_description_free(fd);
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
	if (w->slot == 0) {
		crop_marks(w);
		if (w->sheet_pt > 0)
			sheet_note(w);
	}
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

/* A writer of cards to fp, or (blind) a measurer whose layouts are never
 * drawn: its surface a recording one, which keeps nothing of a dry
 * lay_out (a PDF surface would compress an empty page at its end), in
 * font options that measure as the PDF surface's (no hinting, no hinted
 * metrics; the surface's gray antialias too). */
static struct cardpdf *
writer_new(FILE *fp, enum card_paper p, enum card_impose im,
    enum lang lang, bool blind)
{
	const struct paper *pp = card_paper(im != IMPOSE_NONE ? PAPER_A6 : p);
	struct cardpdf *w = xcalloc(1, sizeof *w);
	cairo_font_options_t *fo;

	w->sink.fp = fp;
	w->lang = lang;
	w->memo = &w->own;
	w->blind = blind;
	w->w = pp->w_mm * PT_PER_MM;
	w->h = pp->h_mm * PT_PER_MM;
	w->base_fs = pp->font_pt;
	w->ncol = 1;
	w->sw = w->w;
	w->sh = w->h;
	if (im != IMPOSE_NONE)
		impose(w, p, im);
	if (blind)
		w->surf = cairo_recording_surface_create(
		    CAIRO_CONTENT_COLOR_ALPHA, NULL);
	else {
		w->surf = cairo_pdf_surface_create_for_stream(
		    pdffont_sink_write, &w->sink, w->sw, w->sh);
		cairo_pdf_surface_restrict_to_version(w->surf,
		    CAIRO_PDF_VERSION_1_5);
		set_date(w->surf);
		cairo_pdf_surface_set_metadata(w->surf,
		    CAIRO_PDF_METADATA_TITLE, "bellis reference cards");
		cairo_pdf_surface_set_metadata(w->surf,
		    CAIRO_PDF_METADATA_CREATOR, "refcard-render (bellis)");
	}
	w->cr = cairo_create(w->surf);
	ownfont_begin();
	w->ctx = pango_cairo_create_context(w->cr);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	if (blind)
		cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(w->ctx, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(w->ctx, CARD_DPI);
	pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(
	    pango_context_get_font_map(w->ctx)), CARD_DPI);
	pdffont_check_at(w->ctx, FONT_FAMILY, w->base_fs);
	set_type(w, w->base_fs, 0, false);
	return w;
}

struct cardpdf *
cardpdf_new(FILE *fp, enum card_paper p, enum card_impose im,
    enum lang lang)
{
	return writer_new(fp, p, im, lang, false);
}

/* Pango markup of a cell's text (escaped): its signs in the body's own
 * size on the line (a card's body is never under 6.5 pt on paper, so
 * neither is a sign; raised, a sign would make its line taller), its ids
 * never broken (card_run); g_free it. */
char *
cardpdf_markup(const char *s)
{
	GString *m = g_string_new(NULL);
	size_t i = 0, n;
	enum card_run k;
	char *e;

	while (s[i] != '\0') {
		n = card_run(s, i, &k);
		e = g_markup_escape_text(s + i, (gssize)n);
		if (k == CARD_RUN_ID)
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
 * reports it), so errno is kept.  Markup without a tag or an entity is
 * its own text, set as such (the same layout, without the parse). */
static void
cardpdf_set_markup(PangoLayout *l, const char *m)
{
	int e = errno;

	ownfont_need(pango_layout_get_context(l), m);
	/* pango measures a font it has not yet (the width of a character,
	 * for its line breaking) in a layout of its own, at the font map's
	 * resolution: at the cards' (CARD_DPI; 96 where the map is new),
	 * that layout sets the cards' fonts, not a second set of the same
	 * faces and sizes (a card: 16 fonts rather than 30) */
	pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(
	    pango_context_get_font_map(pango_layout_get_context(l))),
	    CARD_DPI);
	if (strpbrk(m, "<&") == NULL)
		pango_layout_set_text(l, m, -1);
	else
		pango_layout_set_markup(l, m, -1);
	errno = e;
}

/* A layout of text; width <= 0: one line, unwrapped. */
static PangoLayout *
cardpdf_layout(struct cardpdf *w, const char *text, PangoFontDescription *fd,
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
	m = cardpdf_markup(text);
	cardpdf_set_markup(l, m);
	g_free(m);
	return l;
}

static void
cardpdf_measure(PangoLayout *l, double *wd, double *ht)
{
	PangoRectangle r;

	pango_layout_get_extents(l, NULL, &r);
	if (wd != NULL)
		*wd = (double)r.width / PANGO_SCALE;
	if (ht != NULL)
		*ht = (double)r.height / PANGO_SCALE;
}

/* Empty m: its texts, entries and index freed. */
static void
memo_clear(struct memo *m)
{
	struct memo_ent *e;

	/* (no arithmetic on the entries of an empty memo: they are NULL) */
	for (e = m->e; m->n > 0 && e < m->e + m->n; e++) {
		free(e->text);
		if (e->lay != NULL)
			g_object_unref(e->lay);
	}
	free(m->e);
	free(m->slot);
	*m = (struct memo){ 0 };
}

/* Let go the layouts of m in other faces than w's (a card is drawn in
 * one) that were only measured: one drawn may be drawn again on a later
 * card in its face. */
static void
memo_prune(struct memo *m, const struct cardpdf *w)
{
	struct memo_ent *x;

	for (x = m->e; m->held > 0 && m->n > 0 && x < m->e + m->n; x++)
		if (x->lay != NULL && x->drawn == 0 && (x->fs != w->fs ||
		    x->spacing != w->spacing ||
		    ((x->face & 4) != 0) != w->narrow)) {
			g_object_unref(x->lay);
			x->lay = NULL;
			m->held--;
		}
}

/* Let go the layouts of m drawn fewer than t times (USHRT_MAX: all). */
static void
memo_let_go(struct memo *m, unsigned t)
{
	struct memo_ent *x;

	for (x = m->e; m->n > 0 && x < m->e + m->n; x++)
		if (x->lay != NULL && (x->drawn < t || t == USHRT_MAX)) {
			g_object_unref(x->lay);
			x->lay = NULL;
			x->drawn = 0;
			m->held--;
		}
}

/* Keep layout l of entry e of m, to be drawn.  Past LAYOUT_MAX, the
 * memo lets go first the layouts never drawn, then the least drawn (1,
 * 2, 4, ... times) until fewer than half are left: the cells every card
 * has ("road", "400", "vs mtd") stay. */
static void
memo_hold(struct memo *m, struct memo_ent *e, PangoLayout *l)
{
	unsigned t;

	for (t = 1; m->held >= (t == 1 ? LAYOUT_MAX : LAYOUT_MAX / 2);
	    t = t < USHRT_MAX / 2 ? t * 2 : USHRT_MAX)
		memo_let_go(m, t);
	if (e->lay != NULL)
		g_object_unref(e->lay);
	else
		m->held++;
	e->lay = l;
	e->drawn = 0;
}

/* The hash of a text: eight bytes at a time, multiplied and folded
 * (the texts are looked up once per face and width: a card's fits look
 * each text up several times, so its hash is taken once). */
static uint64_t
text_hash(const char *s)
{
	size_t n = strlen(s), i;
	uint64_t h = 1469598103934665603u ^ n, x;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&x, s + i, 8);
		h = (h ^ x) * 0x9e3779b97f4a7c15u;
		h ^= h >> 32;
	}
	x = 0;
	memcpy(&x, s + i, n - i);
	h = (h ^ x) * 0x9e3779b97f4a7c15u;
	return h ^ h >> 29;
}

/* The hash of a text of hash th in face and width k (never 0): th, then
 * the face's numbers. */
static uint64_t
memo_hash(uint64_t th, const struct memo_ent *k)
{
	uint64_t h = th, x;

	memcpy(&x, &k->fs, sizeof x);
	h = (h ^ x) * 1099511628211u;
	memcpy(&x, &k->spacing, sizeof x);
	h = (h ^ x) * 1099511628211u;
	h = (h ^ (uint64_t)(unsigned)k->face << 32 ^ (unsigned)k->what) *
	    1099511628211u;
	h ^= h >> 29;
	return h != 0 ? h : 1;
}

/* The slot of m's index holding the entry of text s in face and width
 * k, or the empty one where it goes (m->cap > 0). */
static uint32_t *
memo_slot(struct memo *m, const char *s, const struct memo_ent *k)
{
	size_t i = (size_t)k->hash & (m->cap - 1);
	const struct memo_ent *e;

	for (;; i = (i + 1) & (m->cap - 1)) {
		if (m->slot[i] == 0)
			return &m->slot[i];
		e = &m->e[m->slot[i] - 1];
		if (e->hash == k->hash && e->fs == k->fs &&
		    e->spacing == k->spacing && e->face == k->face &&
		    e->what == k->what && strcmp(e->text, s) == 0)
			return &m->slot[i];
	}
}

/* An index of cap slots (0: as many as m has) of m's entries. */
static void
memo_index(struct memo *m, size_t cap)
{
	size_t i;

	if (cap != 0 && cap != m->cap) {
		free(m->slot);
		m->slot = xcalloc(cap, sizeof *m->slot);
		m->cap = cap;
	} else if (m->cap > 0)
		memset(m->slot, 0, m->cap * sizeof *m->slot);
	for (i = 0; i < m->n; i++)
		*memo_slot(m, m->e[i].text, &m->e[i]) = (uint32_t)(i + 1);
}

/* Keep in m the entries looked up by more than one card since the last
 * sweep (marked as not now) and those of the card measured now; the
 * others let go.  The kept move up in the entries m has, and the index
 * is made again in its slots. */
static void
memo_sweep(struct memo *m)
{
	struct memo_ent *x, *y = m->e;

	m->held = 0;
	for (x = m->e; x < m->e + m->n; x++) {
		if (x->shared || x->card == m->card) {
			*y = *x;
			y->shared = false;
			m->held += y->lay != NULL;
			y++;
		} else {
			free(x->text);
			if (x->lay != NULL)
				g_object_unref(x->lay);
		}
	}
	m->n = (size_t)(y - m->e);
	memo_index(m, 0);
}

/* Room for one more text in m: past MEMO_MAX those that only one card
 * has looked up since the last time go (all of them when fewer than half
 * would), else an index twice as large when half its slots are in use. */
static void
memo_room(struct memo *m)
{
	struct memo_ent *x;
	size_t shared = 0;

	if (m->n >= MEMO_MAX) {
		for (x = m->e; x < m->e + m->n; x++)
			shared += x->shared || x->card == m->card;
		if (shared > MEMO_MAX / 2)
			memo_clear(m);
		else
			memo_sweep(m);
	}
	/* room for a card's texts at once (its pages touched only as
	 * they fill), not grown and copied from 8 */
	if (m->n == m->cape)
		m->e = xgrow(m->e, &m->cape, m->n < MEMO_FIRST ? MEMO_FIRST :
		    m->n + 1, sizeof *m->e);
	if ((m->n + 1) * 2 <= m->cap)
		return;
	memo_index(m, m->cap == 0 ? 256 : m->cap * 2);
}

/* The entry of s (markup: pango markup, else a cell's text) in fd in
 * w's face at width what (pango units, 0 one line); *added: it is new,
 * its extents to be measured.  added NULL: only look, NULL when it is
 * not there. */
static struct memo_ent *
memo_find(struct cardpdf *w, const char *s, uint64_t th, bool markup,
    PangoFontDescription *fd, int what, bool *added)
{
	struct memo *m = w->memo;
	struct memo_ent k = { 0 }, *e;
	uint32_t *sl;

	k.fs = w->fs;
	k.spacing = w->spacing;
	k.face = (unsigned char)((fd == w->bold ? 1 : fd == w->big ? 2 : 0) +
	    (w->narrow ? 4 : 0) + (markup ? 8 : 0));
	k.what = what;
	k.widest = -1;
	k.hash = memo_hash(th, &k);
	if (m->cap > 0) {
		sl = memo_slot(m, s, &k);
		if (*sl != 0 || added == NULL) {
			if (added != NULL)
				*added = false;
			if (*sl == 0)
				return NULL;
			e = &m->e[*sl - 1];
			e->shared = e->shared || e->card != m->card;
			e->card = m->card;
			return e;
		}
	}
	if (added == NULL)
		return NULL;
	memo_room(m);
	sl = memo_slot(m, s, &k);
	e = &m->e[m->n];
	*e = k;
	e->card = m->card;
	e->text = xstrdup(s);
	*sl = (uint32_t)++m->n;
	*added = true;
	return e;
}

/* The entry of s on one line when it fits width (pango units, > 0) on
 * it, else NULL: a text measured on one line narrower than width keeps
 * to that line at width, so its height there is the line's, and it is
 * drawn as that line. */
static struct memo_ent *
one_line(struct cardpdf *w, const char *s, uint64_t th, bool markup,
    PangoFontDescription *fd, int what)
{
	struct memo_ent *e = memo_find(w, s, th, markup, fd, 0, NULL);

	return e != NULL && e->wd * PANGO_SCALE < what ? e : NULL;
}

/* A layout of s (markup: pango markup, else a cell's text) in fd at
 * width (<= 0: one line). */
static PangoLayout *
new_layout(struct cardpdf *w, const char *s, bool markup,
    PangoFontDescription *fd, double width)
{
	PangoLayout *l = cardpdf_layout(w, markup ? "" : s, fd, width);

	if (markup)
		cardpdf_set_markup(l, s);
	return l;
}

/* A word of WORD_MAX bytes or more is measured alone, cut to WORD_MAX -
 * 1 bytes (as it always was); widest_in takes a text of at most
 * WORDS_MAX words apart. */
#define WORD_MAX 128
#define WORDS_MAX 64

/* A byte of a word that a line may break after a slash beside: not a
 * digit, sign or space ("1/-" stays whole). */
static bool
letter(char ch)
{
	return ch != '\0' && ch != ' ' && ch != '-' && ch != '+' &&
	    !(ch >= '0' && ch <= '9');
}

/* The length of the word s starts with: up to a space, or up to and
 * with a slash between letters (cells and headers may wrap there, as in
 * "rough/bad"). */
static size_t
word_len(const char *s)
{
	size_t n;

	for (n = 0; s[n] != '\0' && s[n] != ' '; n++)
		if (s[n] == '/' && n > 0 && letter(s[n - 1]) &&
		    letter(s[n + 1]))
			return n + 1;
	return n;
}

/* The widest word of text s in pango units (words as word_len splits
 * them), from its layout l on one line: the widths of each word's glyphs
 * added up.  That is the word's width laid out alone as long as no glyph
 * at a word's edge changes with what is beside it (a kerning pair across
 * a space or after a slash, say).  This rests on the font: for DejaVu
 * Sans it was compared on every word of the corpora's cards, every paper
 * and language, and wants comparing again if the cards' font changes.
 * -1 when the glyphs cannot say it: a text not on one line or not as
 * set, with a tab (its width depends on where it stands), of more than
 * WORDS_MAX words, with a word of WORD_MAX bytes or more or one that
 * starts with a combining mark (alone, it has a dotted circle to sit
 * on), right to left, or a cluster of glyphs across a word's edge. */
static int
widest_in(PangoLayout *l, const char *s)
{
	struct { size_t from, to; int wd; } word[WORDS_MAX];
	PangoLayoutLine *line;
	const PangoGlyphString *g;
	const PangoItem *it;
	GSList *r;
	size_t nw = 0, p = 0, n, k, at, end;
	int i, best = 0;

	if (pango_layout_get_line_count(l) != 1 ||
	    strcmp(pango_layout_get_text(l), s) != 0 ||
	    strchr(s, '\t') != NULL)
		return -1;
	while (s[p] != '\0') {
		n = word_len(s + p);
		if (n >= WORD_MAX || nw == WORDS_MAX)
			return -1;
		if (n > 0) {
			/* a mark alone is set on a dotted circle */
			if (g_unichar_ismark(g_utf8_get_char_validated(s + p,
			    (gssize)n)))
				return -1;
			word[nw].from = p;
			word[nw].to = p + n;
			word[nw++].wd = 0;
		}
		p += n;
		while (s[p] == ' ')
			p++;
	}
	line = pango_layout_get_line_readonly(l, 0);
	k = 0;
	for (r = line->runs; r != NULL; r = r->next) {
		it = ((PangoGlyphItem *)r->data)->item;
		g = ((PangoGlyphItem *)r->data)->glyphs;
		if (it->analysis.level % 2 != 0)
			return -1;
		for (i = 0; i < g->num_glyphs; i++) {
			at = (size_t)it->offset + (size_t)g->log_clusters[i];
			end = i + 1 < g->num_glyphs ? (size_t)it->offset +
			    (size_t)g->log_clusters[i + 1] :
			    (size_t)(it->offset + it->length);
			if (end < at)
				return -1;
			while (k < nw && word[k].to <= at)
				k++;
			if (k < nw && at >= word[k].from) {
				if (end > word[k].to)
					return -1;
				word[k].wd += g->glyphs[i].geometry.width;
			} else if (k < nw && end > word[k].from)
				return -1;
		}
	}
	for (k = 0; k < nw; k++)
		if (word[k].wd > best)
			best = word[k].wd;
	return best;
}

/* Measure layout l of text s into its entry e: its extents, and the
 * widest word of a cell's text on one line. */
static void
measure_into(struct memo_ent *e, PangoLayout *l, const char *s, bool markup)
{
	cardpdf_measure(l, &e->wd, &e->ht);
	if (!markup && e->what == 0)
		e->widest = widest_in(l, s);
}

/* The extents of s (markup: pango markup, else a cell's text) in fd at
 * width (<= 0: one line), laid out once per face and width (w->memo);
 * wd, ht may be NULL (wd is for one line only).  keep: s may be drawn,
 * its layout is kept.  Its entry in the memo. */
static struct memo_ent *
extents_of(struct cardpdf *w, const char *s, bool markup,
    PangoFontDescription *fd, double width, double *wd, double *ht,
    bool keep)
{
	int what = width > 0 ? (int)(width * PANGO_SCALE) : 0;
	uint64_t th = text_hash(s);
	struct memo_ent *e;
	PangoLayout *l;
	bool added;

	added = false;
	e = what > 0 ? one_line(w, s, th, markup, fd, what) : NULL;
	if (e == NULL)
		e = memo_find(w, s, th, markup, fd, what, &added);
	if (added) {
		l = new_layout(w, s, markup, fd, width);
		measure_into(e, l, s, markup);
		if (keep && !w->blind)
			memo_hold(w->memo, e, l);
		else
			g_object_unref(l);
	}
	if (wd != NULL)
		*wd = e->wd;
	if (ht != NULL)
		*ht = e->ht;
	return e;
}

/* The layout of s (as extents_of) to draw, a reference of the caller's,
 * with its width and height: the one it was measured in when the memo
 * keeps it on the font map in use, else laid out now (and kept). */
static PangoLayout *
layout_of(struct cardpdf *w, const char *s, bool markup,
    PangoFontDescription *fd, double width, double *wd, double *ht)
{
	int what = width > 0 ? (int)(width * PANGO_SCALE) : 0;
	uint64_t th = text_hash(s);
	struct memo_ent *e = what > 0 ? one_line(w, s, th, markup, fd, what) :
	    NULL;
	PangoLayout *l;
	bool added;

	if (e != NULL)
		width = 0;      /* drawn as its line */
	else
		e = memo_find(w, s, th, markup, fd, what, &added);
	if (e->lay != NULL && pango_context_get_font_map(
	    pango_layout_get_context(e->lay)) !=
	    pango_cairo_font_map_get_default()) {
		g_object_unref(e->lay);
		e->lay = NULL;
		w->memo->held--;
	}
	if (e->lay == NULL) {
		l = new_layout(w, s, markup, fd, width);
		measure_into(e, l, s, markup);
		memo_hold(w->memo, e, l);
	}
	*wd = e->wd;
	*ht = e->ht;
	if (e->drawn < USHRT_MAX)
		e->drawn++;
	return g_object_ref(e->lay);
}

static void
extents(struct cardpdf *w, const char *s, PangoFontDescription *fd,
    double width, double *wd, double *ht)
{
	extents_of(w, s, false, fd, width, wd, ht, true);
}

/* The height of pango markup m in the body's face at width, measured
 * once per face and width. */
double
cardpdf_markup_height(struct cardpdf *w, const char *m, double width)
{
	double ht;

	extents_of(w, m, true, w->font, width, NULL, &ht, true);
	return ht;
}

/* The layout of pango markup m in the body's face at width, as
 * measured, to draw (g_object_unref it); its height in *ht. */
PangoLayout *
cardpdf_markup_layout(struct cardpdf *w, const char *m, double width,
    double *ht)
{
	double wd;

	return layout_of(w, m, true, w->font, width, &wd, ht);
}

/* The width of text s on one line: a cell's (it may be drawn so, its
 * layout is kept). */
double
cardpdf_text_width(struct cardpdf *w, const char *s, PangoFontDescription *fd)
{
	double wd;

	extents_of(w, s, false, fd, 0, &wd, NULL, true);
	return wd;
}

/* The width of word s (n bytes, cut to WORD_MAX - 1) laid out alone
 * (never drawn alone: its layout is not kept). */
static double
word_alone(struct cardpdf *w, const char *s, size_t n,
    PangoFontDescription *fd)
{
	char buf[WORD_MAX];
	double wd;

	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	extents_of(w, buf, false, fd, 0, &wd, NULL, false);
	return wd;
}

double
cardpdf_widest_word(struct cardpdf *w, const char *s, PangoFontDescription *fd)
{
	struct memo_ent *e;
	double best = 0, x;
	size_t n;

	e = extents_of(w, s, false, fd, 0, NULL, NULL, true);
	if (e->widest >= 0)
		return (double)e->widest / PANGO_SCALE;
	while (*s != '\0') {
		n = word_len(s);
		if ((x = word_alone(w, s, n, fd)) > best)
			best = x;
		s += n;
		while (*s == ' ')
			s++;
	}
	return best;
}

/* Draw text at x, y (top left) within width, aligned left (0), right
 * (1) or centred (2); returns its height. */
double
cardpdf_draw(struct cardpdf *w, const char *s, PangoFontDescription *fd,
    double x, double y, double width, int align)
{
	PangoLayout *l;
	double wd, ht;

	if (w->dry) {
		extents(w, s, fd, width, NULL, &ht);
		return ht;
	}
	l = layout_of(w, s, false, fd, width, &wd, &ht);
	if (align != 0 && width > 0 && wd < width)
		x += (width - wd) / (align == 2 ? 2 : 1);
	cairo_move_to(w->cr, x, y);
	pango_cairo_show_layout(w->cr, l);
	g_object_unref(l);
	return ht;
}

double
cardpdf_height_of(struct cardpdf *w, const char *s, PangoFontDescription *fd,
    double width)
{
	double ht;

	extents(w, s, fd, width, NULL, &ht);
	return ht;
}

double
cardpdf_bottom(const struct cardpdf *w)
{
	return w->h - w->margin;
}

/* Width and left edge of the current column. */
double
cardpdf_col_width(const struct cardpdf *w)
{
	return (w->w - 2 * w->margin - (w->ncol - 1) * w->gap) / w->ncol;
}

double
cardpdf_col_left(const struct cardpdf *w)
{
	return w->margin + w->col * (cardpdf_col_width(w) + w->gap);
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
	w->y += cardpdf_draw(w, title, w->big, w->margin, w->y,
	    w->w - 2 * w->margin, false) + w->pad * 2;
	w->ytop = w->y;
	free(title);
}

/* Go on in the next column, or on a new page. */
void
cardpdf_next_area(struct cardpdf *w)
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
		(void)cardpdf_draw(w, more, w->font, w->margin,
		    cardpdf_bottom(w) + w->margin * 0.12, w->w - 2 * w->margin,
		    1);
		g_free(more);
	}
	page(w);
}

/* A filled rectangle in rgb, without an outline. */
void
cardpdf_fill_box(struct cardpdf *w, double x, double y, double wd, double ht,
    const double *rgb)
{
	if (w->dry)
		return;
	cairo_set_source_rgb(w->cr, rgb[0], rgb[1], rgb[2]);
	cairo_rectangle(w->cr, x, y, wd, ht);
	cairo_fill(w->cr);
	cairo_set_source_rgb(w->cr, 0, 0, 0);
}

void
cardpdf_need(struct cardpdf *w, double h)
{
	if (w->y + h > cardpdf_bottom(w) && w->y > w->ytop + 1)
		cardpdf_next_area(w);
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
		w->y += cardpdf_draw(w, c->subtitle, w->font, w->margin, w->y,
		    w->w - 2 * w->margin, false) + w->pad;
	w->ytop = w->y;
	for (i = 0; i < c->nb && !(dry && w->overflow); i++) {
		w->tint = card_section(c, i);
		w->blk = i;
		cardpdf_block(w, &c->b[i]);
	}
	w->cur = NULL;
	w->dry = false;
	return !w->overflow;
}

/* A dry lay_out of c (a fit tried): when it fits in cardpdf_fit, the
 * notes it recorded are the fit's, and the face and place of notes it
 * was laid out in are kept. */
static bool
probe(struct cardpdf *w, const struct card *c)
{
	bool ok;

	if (w->keep != NULL)
		memset(w->tried.b, 0, w->tried.nb * sizeof *w->tried.b);
	ok = lay_out(w, c, true);
	if (ok && w->keep != NULL) {
		memcpy(w->keep->b, w->tried.b, w->tried.nb *
		    sizeof *w->tried.b);
		w->kept.valid = true;
		w->kept.fs = w->fs;
		w->kept.spacing = w->spacing;
		w->kept.narrow = w->narrow;
		w->kept.notes_out = w->notes_out;
		w->kept.split = w->split;
	}
	return ok;
}

/* Whether w is set as the fit kept last (probe). */
static bool
as_kept(const struct cardpdf *w)
{
	return w->kept.valid && w->kept.fs == w->fs &&
	    w->kept.spacing == w->spacing && w->kept.narrow == w->narrow &&
	    w->kept.notes_out == w->notes_out && w->kept.split == w->split;
}

/* The fits tried in turn: type as a share of the paper's (never under
 * FIT_MIN_PT), line spacing, notes below the table (all under it or
 * all beside it, then split between the two places, whole notes in
 * each), and last the condensed face (DejaVu Sans Condensed, seven
 * eighths of the width), with lines as tight as the browser's compact
 * cards (line-height 1.0) before a card goes on over a second page.
 * The second, notes below in the paper's type, only for a card that
 * fits the first with its notes squeezed (squeezed). */
static const struct fit {
	double scale, spacing;
	bool notes_out, narrow;
} fits[] = {
	{ 1.0, 0, false, false },
	{ 1.0, 0, true, false },
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
	w->split = i >= NFITS;
}

/* The least share of the column a table's notes column may have on a
 * card that fits with room to spare, and the lines a note may take
 * there: past them the notes go below the table. */
#define NOTES_MIN 0.3
#define NOTES_LINES 3

/* Whether a table of army card c, set in w as it is, has its notes
 * squeezed into a column under NOTES_MIN of the width, where one of
 * them takes more than NOTES_LINES lines. */
static bool
squeezed(struct cardpdf *w, const struct card *c)
{
	double cw[CARD_MAXCOLS], wd, line;
	size_t i, r;

	w->ncol = card_cols(c);
	line = cardpdf_height_of(w, "X", w->font, 0);
	for (i = 0; i < c->nb; i++) {
		const struct card_block *b = &c->b[i];

		if (b->kind != BLK_TABLE || !block_notes_col(b))
			continue;
		cardpdf_widths(w, b, cw);
		wd = cw[b->ncols - 1];
		if (wd >= cardpdf_col_width(w) * NOTES_MIN)
			continue;
		for (r = 0; r < b->nrows; r++)
			if (cardpdf_height_of(w, block_cell(b, r, b->ncols - 1),
			    w->font, wd - 2 * w->pad) > (NOTES_LINES + 0.5) *
			    line)
				return true;
	}
	return false;
}

/* The size, of those between lo and hi (steps of FIT_STEP over the
 * paper's type, lo fitting, hi not), that the room foretells: the
 * largest in whose type a card that filled the share fill of the page
 * in lo's still fits, its text growing about with the size to the power
 * 2.2 (faster than the square as its lines wrap more); lo's next when
 * none is. */
static int
foretell(const struct cardpdf *w, int lo, int hi, double fill)
{
	double s = w->base_fs + lo * FIT_STEP, f5, g, g2;
	int k;

	f5 = fill * fill;
	f5 *= f5 * fill;
	for (k = hi - 1; k > lo + 1; k--) {
		g = (w->base_fs + k * FIT_STEP) / s;
		g2 = g * g;
		g2 *= g2;
		/* g^2.2 fill <= 1: g^11 f^5 <= 1 */
		if (g2 * g2 * g2 / g * f5 <= 1)
			break;
	}
	return k;
}

/* c fits one page in the paper's type with room to spare (the share
 * fill of the page): set w up for the largest type, in steps of
 * FIT_STEP up to FIT_GROW times the paper's, in which it still does.
 * Each size tried is the one the room left in the largest that fits
 * foretells (foretell): on the corpora's cards a tenth fewer layouts
 * than a search by halves from the first foretold, the same sizes
 * found (a card that fits in a type fits in every smaller one). */
static void
grow(struct cardpdf *w, const struct card *c, double fill)
{
	int top = (int)(w->base_fs * (FIT_GROW - 1) / FIT_STEP + 1e-9);
	int lo = 0, hi = top + 1, k;

	while (hi - lo > 1) {
		k = foretell(w, lo, hi, fill);
		set_type(w, w->base_fs + k * FIT_STEP, 0, false);
		if (probe(w, c)) {
			lo = k;
			fill = (w->y - w->margin) /
			    (cardpdf_bottom(w) - w->margin);
		} else
			hi = k;
	}
	set_type(w, w->base_fs + lo * FIT_STEP, 0, false);
}

/* Set w up for the first fit of c that lays out on one page, or for the
 * smallest when none does; the fit chosen in *f. */
static void
choose(struct cardpdf *w, const struct card *c, struct card_fit *f)
{
	double fs;
	size_t i;
	bool army = strcmp(c->kind, "army") == 0;

	w->memo->card++;
	for (i = 0; i < NFITS; i++) {
		if (fits[i].notes_out && (!army || i == 1))
			continue;
		apply_fit(w, c, i);
		if (probe(w, c))
			break;
		w->split = fits[i].notes_out;
		if (w->split && probe(w, c))
			break;
	}
	if (i == NFITS)
		apply_fit(w, c, i);
	if (i == 0)     /* the room it left in the paper's type */
		grow(w, c, (w->y - w->margin) /
		    (cardpdf_bottom(w) - w->margin));
	if (i == 0 && army && squeezed(w, c)) {
		/* in the type it grew to; notes below it may grow again */
		fs = w->fs;
		apply_fit(w, c, 1);
		if (probe(w, c)) {
			i = 1;
			grow(w, c, (w->y - w->margin) /
			    (cardpdf_bottom(w) - w->margin));
		} else {
			apply_fit(w, c, 0);
			set_type(w, fs, 0, false);
		}
	}
	f->pt = w->fs;
	f->split = w->split;
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
		w->split = known->split;
		if (known->pt != w->fs)         /* grown, or the sheet's */
			set_type(w, known->pt, w->spacing, w->narrow);
	} else
		choose(w, c, &f);
	memo_prune(w->memo, w);
	lay_out(w, c, false);
	w->notes_out = false;
	w->split = false;
	set_type(w, w->base_fs, 0, false);
}

struct cardpdf *
cardpdf_measurer(enum card_paper p, enum lang lang)
{
	struct cardpdf *w = writer_new(NULL, p, IMPOSE_NONE, lang, true);

	w->h *= MEASURE_SLACK;
	return w;
}

struct cardpdf *
cardpdf_measurer_pdf(enum card_paper p, enum card_impose imp,
    enum lang lang, struct cardpdf *writer)
{
	/* nothing it measures is drawn, unless by its writer */
	struct cardpdf *w = writer_new(NULL, p, imp, lang,
	    writer == NULL || writer->blind);

	if (writer != NULL)
		w->memo = writer->memo;
	return w;
}

void
cardpdf_fit(struct cardpdf *w, const struct card *c, struct card_fit *f)
{
	double cw[CARD_MAXCOLS];
	size_t i;

	f->b = xgrow(f->b, &f->capb, c->nb, sizeof *f->b);
	f->nb = c->nb;
	memset(f->b, 0, c->nb * sizeof *f->b);
	w->tried.b = xgrow(w->tried.b, &w->tried.capb, c->nb,
	    sizeof *w->tried.b);
	w->tried.nb = c->nb;
	/* the notes of each block as lay_out sets them in the fit chosen:
	 * those of the last fit tried that fitted, when it is the one */
	w->rec = &w->tried;
	w->keep = f;
	w->kept.valid = false;
	choose(w, c, f);
	w->keep = NULL;
	w->rec = NULL;
	if (!as_kept(w)) {
		memset(f->b, 0, c->nb * sizeof *f->b);
		w->rec = f;
		(void)lay_out(w, c, true);
		w->rec = NULL;
	}
	w->ncol = card_cols(c);
	w->col = 0;
	for (i = 0; i < c->nb; i++) {
		f->b[i].notes_below = cardpdf_notes_below(w, &c->b[i]);
		f->b[i].joined = cardpdf_join_mask(w, &c->b[i]);
		if (c->b[i].kind == BLK_FACTS && c->b[i].nrows > 0 &&
		    !c->b[i].strip) {
			cardpdf_widths(w, &c->b[i], cw);
			f->b[i].key = cw[0] / cardpdf_col_width(w);
		}
	}
	w->notes_out = false;
	w->split = false;
	set_type(w, w->base_fs, 0, false);
}

int
cardpdf_finish(struct cardpdf *w)
{
	cairo_status_t st;
	int rc = 0;

	if (w->pages == 0 && w->sink.fp != NULL) {     /* not a measurer */
		page(w);
		cardpdf_draw(w, lang_label(w->lang, L_NO_CARDS), w->big,
		    w->margin, w->margin, cardpdf_col_width(w), false);
	}
	cairo_show_page(w->cr);
	free_fonts(w);
	memo_clear(&w->own);
	free(w->tried.b);
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
