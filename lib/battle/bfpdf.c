/* bfpdf: the battlefield as PDF, one page per file, to scale, drawn by
 * bfdraw.c.  Written as it is drawn: each page's content goes through
 * zlib to the output at once, so that a table of any size takes the same
 * memory (cairo's PDF surface would keep every mark of a page until the
 * page ends).  Text is set by pango and harfbuzz as on a cairo PDF
 * surface (DejaVu Sans, hinting off): each glyph where pango puts it,
 * from the font embedded at the end (harfbuzz's subset of the glyphs
 * used, glyph ids kept), with a ToUnicode map so that the words can be
 * copied and found. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <hb-subset.h>
#include <pango/pangocairo.h>
#include <zlib.h>

#include "battle/scan.h"
#include "battle/scan_int.h"
#include "core/diag.h"
#include "core/ownfont.h"
#include "core/pdffont.h"
#include "core/str.h"
#include "core/xalloc.h"

#define MAXFONTS 8
#define NGLYPH 65536

/* A font of the text: its glyphs used, their widths and characters. */
struct pfont {
	hb_face_t *face;
	unsigned n;             /* its glyphs */
	unsigned char *used;    /* by glyph id */
	unsigned *uni;          /* the character of each glyph */
	unsigned short *w;      /* advance, 1/1000 of the size */
	int obj;                /* its Type0 font object (at the end) */
};

struct bfpdf {
	FILE *fp;
	bool failed;
	long off;               /* bytes written */
	long *xref;             /* the offset of each object by number */
	size_t nobj, capx;
	int *pages;             /* page objects */
	size_t npages, capp;
	z_stream z;
	int len;                /* the object of the open page's length */
	unsigned char zbuf[16384];
	struct pfont font[MAXFONTS];
	int nfonts;
	PangoContext *pc;
	PangoFontDescription *fd;
	/* the graphics state of the content so far (NaN or "": unset) */
	char fill[8], stroke[8];
	double width, dash;
	int cap;
};

/* ---- bytes and objects ------------------------------------------------ */

/* zlib found no memory: as xmalloc does. */
static void
nomem(void)
{
	diag_sys("out of memory");
	exit(EXIT_SYS);
}

static void
out(struct bfpdf *w, const void *p, size_t n)
{
	if (w->failed || n == 0)
		return;
	if (fwrite(p, 1, n, w->fp) != n)
		w->failed = true;
	w->off += (long)n;
}

static void outf(struct bfpdf *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
outf(struct bfpdf *w, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof buf)
		w->failed = true;       /* never cut a line of the file */
	else
		out(w, buf, (size_t)n);
}

/* A new object number (its offset set when it is begun). */
static int
reserve(struct bfpdf *w)
{
	w->xref = xgrow(w->xref, &w->capx, w->nobj + 2, sizeof *w->xref);
	w->xref[++w->nobj] = -1;
	return (int)w->nobj;
}

static void
begin(struct bfpdf *w, int obj)
{
	w->xref[obj] = w->off;
	outf(w, "%d 0 obj\n", obj);
}

/* The content stream: through zlib, its output written at once. */
static void
zput(struct bfpdf *w, const char *s, size_t n, int flush)
{
	w->z.next_in = (Bytef *)(uintptr_t)s;
	w->z.avail_in = (uInt)n;
	do {
		w->z.next_out = w->zbuf;
		w->z.avail_out = sizeof w->zbuf;
		deflate(&w->z, flush);
		out(w, w->zbuf, sizeof w->zbuf - w->z.avail_out);
	} while (w->z.avail_out == 0);
}

static void
zs(struct bfpdf *w, const char *s)
{
	zput(w, s, strlen(s), Z_NO_FLUSH);
}

/* A number to 10^-digits (at most 6), without trailing zeros, then a
 * space. */
static void
znd(struct bfpdf *w, double v, int digits)
{
	static const long long pow10[] = { 1, 10, 100, 1000, 10000, 100000,
	    1000000 };
	long long m = pow10[digits];
	long long r = isfinite(v) && fabs(v) < 1e12 ? llround(v * (double)m) :
	    0;
	unsigned long long u = (unsigned long long)(r < 0 ? -r : r), f;
	char buf[40], *p = buf + sizeof buf;
	int d = 0;

	*--p = ' ';
	/* the fraction, the dot, the whole part */
	if ((f = u % (unsigned long long)m) != 0) {
		while (f % 10 == 0) {
			f /= 10;
			d++;
		}
		for (; d < digits; d++) {
			*--p = (char)('0' + f % 10);
			f /= 10;
		}
		*--p = '.';
	}
	u /= (unsigned long long)m;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (r < 0)
		*--p = '-';
	zput(w, p, (size_t)(buf + sizeof buf - p), Z_NO_FLUSH);
}

/* A length or a place, to 0.001 pace or point. */
static void
zn(struct bfpdf *w, double v)
{
	znd(w, v, 3);
}

/* ---- paths ------------------------------------------------------------ */

static void
rgb(struct bfpdf *w, const char *hex, const char *op)
{
	unsigned long v = strtoul(hex + 1, NULL, 16);

	zn(w, (double)((v >> 16) & 255) / 255);
	zn(w, (double)((v >> 8) & 255) / 255);
	zn(w, (double)(v & 255) / 255);
	zs(w, op);
}

/* Forget the graphics state (after a Q). */
static void
state_reset(struct bfpdf *w)
{
	w->fill[0] = w->stroke[0] = '\0';
	w->width = w->dash = NAN;
	w->cap = -1;
}

static void
set_fill(struct bfpdf *w, const char *hex)
{
	if (strcmp(w->fill, hex) == 0)
		return;
	snprintf(w->fill, sizeof w->fill, "%s", hex);
	rgb(w, hex, "rg\n");
}

static void
set_stroke(struct bfpdf *w, const char *hex, double width, double dash,
    int cap)
{
	if (strcmp(w->stroke, hex) != 0) {
		snprintf(w->stroke, sizeof w->stroke, "%s", hex);
		rgb(w, hex, "RG\n");
	}
	if (width != w->width) {
		w->width = width;
		zn(w, width);
		zs(w, "w\n");
	}
	if (dash != w->dash) {
		w->dash = dash;
		if (dash > 0) {
			zs(w, "[");
			zn(w, dash);
			zs(w, "] 0 d\n");
		} else
			zs(w, "[] 0 d\n");
	}
	if (cap != w->cap) {
		w->cap = cap;
		zs(w, cap ? "1 J\n" : "0 J\n");
	}
}

static void
outline(struct bfpdf *w, const struct gpt *v, size_t n, bool closed)
{
	size_t i;

	/* an upright rectangle from its least corner, as cairo writes it
	 * (a dashed outline's dashes start there) */
	if (closed && n == 4 && ((v[0].y == v[1].y && v[1].x == v[2].x &&
	    v[2].y == v[3].y && v[3].x == v[0].x) || (v[0].x == v[1].x &&
	    v[1].y == v[2].y && v[2].x == v[3].x && v[3].y == v[0].y))) {
		zn(w, fmin(v[0].x, v[2].x));
		zn(w, fmin(v[0].y, v[2].y));
		zn(w, fabs(v[2].x - v[0].x));
		zn(w, fabs(v[2].y - v[0].y));
		zs(w, "re ");
		return;
	}
	for (i = 0; i < n; i++) {
		zn(w, v[i].x);
		zn(w, v[i].y);
		zs(w, i == 0 ? "m " : "l ");
	}
	if (closed)
		zs(w, "h ");
}

static void
pdf_path(void *ud, const struct gpt *v, size_t n, bool closed,
    const char *fill, const char *stroke, double width, double dash)
{
	struct bfpdf *w = ud;

	if (n == 0)
		return;
	if (fill != NULL)
		set_fill(w, fill);
	if (stroke != NULL)
		set_stroke(w, stroke, width, dash, !closed);
	outline(w, v, n, closed);
	zs(w, fill != NULL && stroke != NULL ? "B\n" : fill != NULL ? "f\n" :
	    stroke != NULL ? "S\n" : "n\n");
}

/* On paper: what follows stays in the window (w 0: anywhere again). */
static void
pdf_clip(void *ud, double cw, double ch)
{
	struct bfpdf *w = ud;

	if (cw > 0) {
		zs(w, "q 0 0 ");
		zn(w, cw);
		zn(w, ch);
		zs(w, "re W n\n");
	} else
		zs(w, "Q\n");
	state_reset(w);
}

/* ---- text ------------------------------------------------------------- */

/* The font of pango's f: its number, taken on at its first use. */
static int
font_of(struct bfpdf *w, PangoFont *f)
{
	hb_face_t *face = hb_font_get_face(pango_font_get_hb_font(f));
	struct pfont *p;
	int i;

	for (i = 0; i < w->nfonts; i++)
		if (w->font[i].face == face)
			return i;
	if (w->nfonts == MAXFONTS)
		return -1;
	p = &w->font[w->nfonts];
	p->face = hb_face_reference(face);
	p->n = hb_face_get_glyph_count(face);
	if (p->n == 0 || p->n > NGLYPH)
		p->n = NGLYPH;
	p->used = xcalloc(p->n, 1);
	p->uni = xcalloc(p->n, sizeof *p->uni);
	p->w = xcalloc(p->n, sizeof *p->w);
	return w->nfonts++;
}

/* The glyphs of one run at x, y (layout units of a 100 pt font). */
static void
run_glyphs(struct bfpdf *w, PangoLayoutRun *run, const char *text,
    double x, double y)
{
	PangoGlyphString *g = run->glyphs;
	struct pfont *p;
	char buf[48];
	int k = font_of(w, run->item->analysis.font), i;
	unsigned gid;

	if (k < 0)
		return;
	p = &w->font[k];
	snprintf(buf, sizeof buf, "/F%d 100 Tf\n", k);
	zs(w, buf);
	for (i = 0; i < g->num_glyphs; i++) {
		gid = g->glyphs[i].glyph;
		if ((gid & PANGO_GLYPH_UNKNOWN_FLAG) == 0 && gid < p->n &&
		    gid != PANGO_GLYPH_EMPTY) {
			if (!p->used[gid]) {
				p->used[gid] = 1;
				p->uni[gid] = g_utf8_get_char(text +
				    run->item->offset + g->log_clusters[i]);
				p->w[gid] = (unsigned short)lround(
				    (double)g->glyphs[i].geometry.width /
				    PANGO_SCALE * 10);
			}
			zs(w, "1 0 0 -1 ");
			zn(w, x + (double)g->glyphs[i].geometry.x_offset /
			    PANGO_SCALE);
			zn(w, y + (double)g->glyphs[i].geometry.y_offset /
			    PANGO_SCALE);
			snprintf(buf, sizeof buf, "Tm <%04X> Tj\n", gid);
			zs(w, buf);
		}
		x += (double)g->glyphs[i].geometry.width / PANGO_SCALE;
	}
}

static void
pdf_text(void *ud, struct gpt p, double deg, double size, const char *s,
    const char *col, bool start)
{
	struct bfpdf *w = ud;
	PangoLayout *l = pango_layout_new(w->pc);
	PangoLayoutIter *it;
	PangoLayoutRun *run;
	PangoRectangle r, lr;
	double a = deg * M_PI / 180, k = size / 100, x0, y0;

	ownfont_need(w->pc, s);
	pango_layout_set_font_description(l, w->fd);
	pango_layout_set_text(l, s, -1);
	pango_layout_get_extents(l, NULL, &r);
	/* the layout's corner: centred, or beginning at p */
	x0 = start ? 0 : -(double)r.width / PANGO_SCALE / 2;
	y0 = -(double)r.height / PANGO_SCALE / 2;
	zs(w, "q ");
	znd(w, k * cos(a), 6);
	znd(w, k * sin(a), 6);
	znd(w, -k * sin(a), 6);
	znd(w, k * cos(a), 6);
	zn(w, p.x);
	zn(w, p.y);
	zs(w, "cm BT\n");
	state_reset(w);
	set_fill(w, col);
	it = pango_layout_get_iter(l);
	do {
		if ((run = pango_layout_iter_get_run_readonly(it)) == NULL)
			continue;
		pango_layout_iter_get_run_extents(it, NULL, &lr);
		run_glyphs(w, run, pango_layout_get_text(l), x0 +
		    (double)lr.x / PANGO_SCALE, y0 + (double)
		    pango_layout_iter_get_baseline(it) / PANGO_SCALE);
	} while (pango_layout_iter_next_run(it));
	pango_layout_iter_free(it);
	zs(w, "ET Q\n");
	state_reset(w);
	g_object_unref(l);
}

/* ---- the file --------------------------------------------------------- */

/* A writer to fp of the battlefields of the files (none: standard
 * input), its fonts chosen for their text. */
static struct bfpdf *
bfpdf_new(FILE *fp, char *const *files, int nfiles)
{
	struct bfpdf *w = xcalloc(1, sizeof *w);
	cairo_font_options_t *fo = cairo_font_options_create();
	int i;

	w->fp = fp;
	ownfont_begin();
	if (nfiles == 0)
		ownfont_input("-");
	for (i = 0; i < nfiles; i++)
		ownfont_input(files[i]);
	/* as on a PDF surface: outlines as drawn, metrics not rounded */
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	w->pc = pdffont_context(fo, "DejaVu Sans");
	cairo_font_options_destroy(fo);
	w->fd = pango_font_description_new();
	pango_font_description_set_family(w->fd, "DejaVu Sans");
	pango_font_description_set_absolute_size(w->fd, 100 * PANGO_SCALE);
	return w;
}

/* Begin page of pw by ph points, the painter's paces k to the point
 * with the window's corner at ox, oy. */
static void
page_begin(struct bfpdf *w, double pw, double ph, double k, double ox,
    double oy)
{
	int page, content;

	if (w->npages == 0) {
		/* the file begins with its first page: no battlefield, no
		 * file */
		outf(w, "%%PDF-1.5\n%%\xb5\xed\xae\xfb\n");
		reserve(w);     /* 1: the catalogue */
		reserve(w);     /* 2: the pages */
		reserve(w);     /* 3: the resources of every page */
	}
	page = reserve(w);
	content = reserve(w);
	w->pages = xgrow(w->pages, &w->capp, w->npages + 1, sizeof *w->pages);
	w->pages[w->npages++] = page;
	begin(w, page);
	outf(w, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.3f %.3f] "
	    "/Resources 3 0 R /Contents %d 0 R >>\nendobj\n", pw, ph, content);
	begin(w, content);
	w->len = reserve(w);
	outf(w, "<< /Length %d 0 R /Filter /FlateDecode >>\nstream\n",
	    w->len);
	memset(&w->z, 0, sizeof w->z);
	if (deflateInit(&w->z, Z_DEFAULT_COMPRESSION) != Z_OK)
		nomem();
	state_reset(w);
	/* y down, paces */
	znd(w, k, 6);
	zs(w, "0 0 ");
	znd(w, -k, 6);
	zn(w, ox);
	zn(w, ph - oy);
	zs(w, "cm 1 j\n");
}

static void
page_end(struct bfpdf *w)
{
	unsigned long n;

	zput(w, "", 0, Z_FINISH);
	n = w->z.total_out;
	deflateEnd(&w->z);
	outf(w, "\nendstream\nendobj\n");
	begin(w, w->len);
	outf(w, "%lu\nendobj\n", n);
}

static void
bfpdf_page(struct bfpdf *w, const struct bfield *f,
    const struct bplan *p, const int *verdict, const struct scan_opts *o)
{
	struct painter pt = { w, pdf_path, pdf_text, pdf_clip };
	struct bview v;

	bfview(f, p, verdict, o, &v);
	page_begin(w, v.pagew, v.pageh, v.k, v.ratio > 0 ? v.ox : 0,
	    v.ratio > 0 ? v.oy : 0);
	bfdraw(f, p, verdict, o->lang, &v, &pt);
	page_end(w);
}

/* A stream object of n bytes of data, deflated. */
static void
stream_obj(struct bfpdf *w, int obj, const char *dict, const void *data,
    size_t n)
{
	uLongf zn_ = compressBound((uLong)n);
	Bytef *z = xmalloc(zn_ > 0 ? zn_ : 1);

	if (compress2(z, &zn_, data, (uLong)n, Z_BEST_COMPRESSION) != Z_OK)
		nomem();
	begin(w, obj);
	outf(w, "<< /Length %lu /Filter /FlateDecode%s >>\nstream\n",
	    (unsigned long)zn_, dict);
	out(w, z, zn_);
	outf(w, "\nendstream\nendobj\n");
	free(z);
}

/* The characters of the glyphs used (ToUnicode), as a stream object. */
static int
tounicode(struct bfpdf *w, const struct pfont *p)
{
	struct sbuf b = { 0 };
	unsigned g, c, n = 0, i;
	int obj = reserve(w);

	sbuf_adds(&b, "/CIDInit /ProcSet findresource begin\n12 dict begin\n"
	    "begincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) "
	    "/Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n"
	    "/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\n"
	    "endcodespacerange\n");
	for (g = 0; g < p->n; g++) {
		if (!p->used[g] || p->uni[g] == 0)
			continue;
		if (n % 100 == 0) {
			for (i = g, c = 0; i < p->n && c < 100; i++)
				c += p->used[i] && p->uni[i] != 0;
			sbuf_printf(&b, "%s%u beginbfchar\n", n > 0 ?
			    "endbfchar\n" : "", c);
		}
		c = p->uni[g];
		if (c > 0xffff)
			sbuf_printf(&b, "<%04X> <%04X%04X>\n", g, 0xd800 +
			    ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) &
			    0x3ff));
		else
			sbuf_printf(&b, "<%04X> <%04X>\n", g, c);
		n++;
	}
	if (n > 0)
		sbuf_adds(&b, "endbfchar\n");
	sbuf_adds(&b, "endcmap\nCMapName currentdict /CMap defineresource "
	    "pop\nend\nend\n");
	stream_obj(w, obj, "", sbuf_str(&b), strlen(sbuf_str(&b)));
	sbuf_free(&b);
	return obj;
}

/* The font's PostScript name, letters, digits and '-' only. */
static void
ps_name(hb_face_t *face, char *name, size_t size)
{
	unsigned len = (unsigned)size;
	size_t i, j;

	if (hb_ot_name_get_utf8(face, HB_OT_NAME_ID_POSTSCRIPT_NAME,
	    HB_LANGUAGE_INVALID, &len, name) == 0)
		snprintf(name, size, "DejaVuSans");
	for (i = j = 0; name[i] != '\0'; i++)
		if ((name[i] >= 'A' && name[i] <= 'Z') || (name[i] >= 'a' &&
		    name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') ||
		    name[i] == '-')
			name[j++] = name[i];
	name[j] = '\0';
}

/* The font program: harfbuzz's subset of the glyphs used, glyph ids
 * kept (the text's codes are glyph ids). */
static int
font_file(struct bfpdf *w, const struct pfont *p)
{
	hb_subset_input_t *in = hb_subset_input_create_or_fail();
	hb_face_t *sub = NULL;
	hb_blob_t *blob;
	const char *data;
	unsigned n = 0, g;
	char dict[64];
	int obj = reserve(w);

	if (in != NULL) {
		hb_set_add(hb_subset_input_glyph_set(in), 0);
		for (g = 0; g < p->n; g++)
			if (p->used[g])
				hb_set_add(hb_subset_input_glyph_set(in), g);
		hb_subset_input_set_flags(in, HB_SUBSET_FLAGS_RETAIN_GIDS);
		sub = hb_subset_or_fail(p->face, in);
		hb_subset_input_destroy(in);
	}
	/* the whole font when harfbuzz cannot subset it */
	blob = hb_face_reference_blob(sub != NULL ? sub : p->face);
	data = hb_blob_get_data(blob, &n);
	snprintf(dict, sizeof dict, " /Length1 %u", n);
	stream_obj(w, obj, dict, data, n);
	hb_blob_destroy(blob);
	if (sub != NULL)
		hb_face_destroy(sub);
	return obj;
}

/* The bounding box of the font's glyphs (its head table), 1/1000. */
static void
font_bbox(hb_face_t *face, double bb[4])
{
	hb_blob_t *head = hb_face_reference_table(face, HB_TAG('h', 'e', 'a',
	    'd'));
	unsigned n = 0, i;
	const unsigned char *d = (const unsigned char *)hb_blob_get_data(head,
	    &n);
	double upem = hb_face_get_upem(face);

	for (i = 0; i < 4; i++)
		bb[i] = n >= 44 ? (double)(short)(d[36 + 2 * i] << 8 |
		    d[37 + 2 * i]) * 1000 / upem : i < 2 ? -1000 : 1000;
	hb_blob_destroy(head);
}

static void
font_write(struct bfpdf *w, struct pfont *p, int k)
{
	hb_font_t *hf = hb_font_create(p->face);
	hb_font_extents_t ext;
	double upem = hb_face_get_upem(p->face), bb[4];
	char name[128];
	int ff = font_file(w, p), tu = tounicode(w, p), fd = reserve(w),
	    cid = reserve(w);
	unsigned g;

	hb_font_get_h_extents(hf, &ext);
	hb_font_destroy(hf);
	font_bbox(p->face, bb);
	ps_name(p->face, name, sizeof name);
	begin(w, fd);
	outf(w, "<< /Type /FontDescriptor /FontName /BLSFN%c+%s /Flags 32 "
	    "/FontBBox [%.0f %.0f %.0f %.0f] /ItalicAngle 0 /Ascent %.0f "
	    "/Descent %.0f /CapHeight %.0f /StemV 80 /FontFile2 %d 0 R >>\n"
	    "endobj\n", 'A' + k, name, bb[0], bb[1], bb[2], bb[3],
	    ext.ascender * 1000 / upem, ext.descender * 1000 / upem,
	    ext.ascender * 1000 / upem, ff);
	begin(w, cid);
	outf(w, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /BLSFN%c+%s "
	    "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) "
	    "/Supplement 0 >> /FontDescriptor %d 0 R /CIDToGIDMap /Identity "
	    "/W [", 'A' + k, name, fd);
	for (g = 0; g < p->n; g++)
		if (p->used[g])
			outf(w, " %u [%u]", g, p->w[g]);
	outf(w, " ] >>\nendobj\n");
	begin(w, p->obj);
	outf(w, "<< /Type /Font /Subtype /Type0 /BaseFont /BLSFN%c+%s "
	    "/Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode "
	    "%d 0 R >>\nendobj\n", 'A' + k, name, cid, tu);
}

/* The fonts, the resources, the page tree, the catalogue, the table of
 * objects. */
static void
trailer(struct bfpdf *w)
{
	size_t i;
	long xref;
	int k, info;

	for (k = 0; k < w->nfonts; k++)
		w->font[k].obj = reserve(w);
	for (k = 0; k < w->nfonts; k++)
		font_write(w, &w->font[k], k);
	begin(w, 3);
	outf(w, "<< /Font <<");
	for (k = 0; k < w->nfonts; k++)
		outf(w, " /F%d %d 0 R", k, w->font[k].obj);
	/* no graphics states: every fill is opaque */
	outf(w, " >> /ExtGState << >> >>\nendobj\n");
	begin(w, 2);
	outf(w, "<< /Type /Pages /Kids [");
	for (i = 0; i < w->npages; i++)
		outf(w, " %d 0 R", w->pages[i]);
	outf(w, " ] /Count %zu >>\nendobj\n", w->npages);
	begin(w, 1);
	outf(w, "<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
	begin(w, info = reserve(w));
	outf(w, "<< /Creator (battle-scan \\(bellis\\)) /Producer (bellis) "
	    ">>\nendobj\n");
	xref = w->off;
	outf(w, "xref\n0 %zu\n0000000000 65535 f \n", w->nobj + 1);
	for (i = 1; i <= w->nobj; i++)
		outf(w, "%010ld 00000 n \n", w->xref[i]);
	outf(w, "trailer\n<< /Size %zu /Root 1 0 R /Info %d 0 R >>\n"
	    "startxref\n%ld\n%%%%EOF\n", w->nobj + 1, info, xref);
}

static int
bfpdf_finish(struct bfpdf *w)
{
	int k, rc;

	if (w->npages > 0)
		trailer(w);
	if (fflush(w->fp) != 0)
		w->failed = true;
	rc = w->failed ? -1 : 0;
	for (k = 0; k < w->nfonts; k++) {
		hb_face_destroy(w->font[k].face);
		free(w->font[k].used);
		free(w->font[k].uni);
		free(w->font[k].w);
	}
	pango_font_description_free(w->fd);
	g_object_unref(w->pc);
	pango_cairo_font_map_set_default(NULL);
	free(w->xref);
	free(w->pages);
	free(w);
	return rc;
}

const struct scan_pdf bfpdf_writer = { bfpdf_new, bfpdf_page,
    bfpdf_finish };
