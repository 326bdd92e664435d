/* bfpdf: the battlefield as PDF through cairo and pango, one page
 * per file, to scale, drawn by bfdraw.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "battle/scan.h"
#include "battle/scan_int.h"
#include "core/pdffont.h"
#include "core/xalloc.h"
#include "dba/movein.h"

struct bfpdf {
	struct pdffont_sink sink;
	cairo_surface_t *surf;
	cairo_t *cr;
	double k;               /* points per pace */
	int pages;
	/* the outlines drawn but not yet stroked, all of one style: cairo
	 * keeps each stroke of a page until the page ends, so that a run
	 * of them (the lines of a hatching) goes as one */
	size_t npend;
	bool closed;
	const char *stroke;
	double width, dash;
};


static void
colour(cairo_t *cr, const char *hex, double alpha)
{
	unsigned long v = strtoul(hex + 1, NULL, 16);

	cairo_set_source_rgba(cr, (double)((v >> 16) & 255) / 255,
	    (double)((v >> 8) & 255) / 255, (double)(v & 255) / 255, alpha);
}

static void
stroke_now(struct bfpdf *w, const char *stroke, double width, double dash,
    bool closed)
{
	colour(w->cr, stroke, 1);
	cairo_set_line_width(w->cr, width);
	cairo_set_line_join(w->cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(w->cr, closed ? CAIRO_LINE_CAP_BUTT :
	    CAIRO_LINE_CAP_ROUND);
	cairo_set_dash(w->cr, &dash, dash > 0, 0);
	cairo_stroke(w->cr);
}

/* Stroke the outlines waiting (pdf_path). */
static void
flush(struct bfpdf *w)
{
	if (w->npend > 0)
		stroke_now(w, w->stroke, w->width, w->dash, w->closed);
	w->npend = 0;
	cairo_new_path(w->cr);
}

/* A solid outline without a fill: it waits with the others of its style
 * (one stroke of several outlines paints as each stroked in turn, the
 * same opaque colour over itself; dashed ones are stroked at once, as a
 * reader may carry the dashes on from one outline to the next). */
static void
pdf_outline(struct bfpdf *w, const struct gpt *v, size_t n, bool closed,
    const char *stroke, double width, double dash)
{
	size_t i;

	if (w->npend > 0 && (w->closed != closed || w->width != width ||
	    w->dash != dash || strcmp(w->stroke, stroke) != 0 ||
	    w->npend >= 256))
		flush(w);
	w->closed = closed;
	w->stroke = stroke;
	w->width = width;
	w->dash = dash;
	cairo_move_to(w->cr, v[0].x, v[0].y);
	for (i = 1; i < n; i++)
		cairo_line_to(w->cr, v[i].x, v[i].y);
	if (closed)
		cairo_close_path(w->cr);
	w->npend++;
}

static void
pdf_path(void *ud, const struct gpt *v, size_t n, bool closed,
    const char *fill, double opacity, const char *stroke, double width,
    double dash)
{
	struct bfpdf *w = ud;
	size_t i;

	if (n == 0)
		return;
	if (fill == NULL && stroke != NULL && !(dash > 0)) {
		pdf_outline(w, v, n, closed, stroke, width, dash);
		return;
	}
	flush(w);
	for (i = 0; i < n; i++)
		cairo_line_to(w->cr, v[i].x, v[i].y);
	if (closed)
		cairo_close_path(w->cr);
	if (fill != NULL) {
		colour(w->cr, fill, opacity);
		cairo_fill_preserve(w->cr);
	}
	if (stroke != NULL)
		stroke_now(w, stroke, width, dash, closed);
	cairo_new_path(w->cr);
}

static void
pdf_text(void *ud, struct gpt p, double deg, double size, const char *s,
    const char *col, bool start)
{
	struct bfpdf *w = ud;
	PangoLayout *l = pango_cairo_create_layout(w->cr);
	PangoFontDescription *fd = pango_font_description_new();
	PangoRectangle r;

	flush(w);
	pango_font_description_set_family(fd, "DejaVu Sans");
	/* pango sizes in points: draw at 100 and scale down, so that small
	 * labels keep their shape */
	pango_font_description_set_absolute_size(fd, 100 * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_layout_set_text(l, s, -1);
	pango_layout_get_extents(l, NULL, &r);
	cairo_save(w->cr);
	cairo_translate(w->cr, p.x, p.y);
	cairo_rotate(w->cr, deg * M_PI / 180);
	cairo_scale(w->cr, size / 100, size / 100);
	cairo_move_to(w->cr, start ? 0 : -(double)r.width / PANGO_SCALE / 2,
	    -(double)r.height / PANGO_SCALE / 2);
	colour(w->cr, col, 1);
	pango_cairo_show_layout(w->cr, l);
	cairo_restore(w->cr);
	pango_font_description_free(fd);
	g_object_unref(l);
}

static struct bfpdf *
bfpdf_new(FILE *fp)
{
	struct bfpdf *w = xcalloc(1, sizeof *w);

	w->sink.fp = fp;
	/* a page of any size: each page sets its own */
	w->surf = cairo_pdf_surface_create_for_stream(pdffont_sink_write,
	    &w->sink, 100, 100);
	cairo_pdf_surface_restrict_to_version(w->surf, CAIRO_PDF_VERSION_1_5);
	cairo_pdf_surface_set_metadata(w->surf, CAIRO_PDF_METADATA_CREATE_DATE,
	    "");
	cairo_pdf_surface_set_metadata(w->surf, CAIRO_PDF_METADATA_CREATOR,
	    "battle-scan (bellis)");
	w->cr = cairo_create(w->surf);
	pdffont_check(w->cr, "DejaVu Sans");
	return w;
}

/* On paper: what follows stays in the window (w 0: anywhere again). */
static void
pdf_clip(void *ud, double w, double h)
{
	struct bfpdf *pw = ud;

	flush(pw);
	if (w > 0) {
		cairo_save(pw->cr);
		cairo_rectangle(pw->cr, 0, 0, w, h);
		cairo_clip(pw->cr);
	} else
		cairo_restore(pw->cr);
}

static void
bfpdf_page(struct bfpdf *w, const struct bfield *f,
    const struct bplan *p, const int *verdict, const struct scan_opts *o)
{
	struct painter pt = { w, pdf_path, pdf_text, pdf_clip };
	struct bview v;

	bfview(f, p, verdict, o, &v);
	w->k = v.k;
	cairo_pdf_surface_set_size(w->surf, v.pagew, v.pageh);
	cairo_save(w->cr);
	if (v.ratio > 0)
		cairo_translate(w->cr, v.ox, v.oy);
	cairo_scale(w->cr, w->k, w->k);
	bfdraw(f, p, verdict, o->lang, &v, &pt);
	flush(w);
	cairo_restore(w->cr);
	cairo_show_page(w->cr);
	w->pages++;
}

static int
bfpdf_finish(struct bfpdf *w)
{
	cairo_status_t st;
	int rc = 0;

	if (w->pages == 0)
		cairo_show_page(w->cr);
	cairo_destroy(w->cr);
	cairo_surface_finish(w->surf);
	st = cairo_surface_status(w->surf);
	cairo_surface_destroy(w->surf);
	pango_cairo_font_map_set_default(NULL);
	if (st != CAIRO_STATUS_SUCCESS || w->sink.failed)
		rc = -1;
	free(w);
	return rc;
}

const struct scan_pdf bfpdf_writer = { bfpdf_new, bfpdf_page,
    bfpdf_finish };
