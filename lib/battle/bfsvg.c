/* bfsvg: the battlefield as SVG, to scale (millimetres of the chosen
 * figure scale), drawn by bfdraw.c. */
#include <stdio.h>
#include <string.h>

#include "battle/scan_int.h"
#include "core/str.h"
#include "dba/movein.h"

static void
num(FILE *fp, double v)
{
	struct sbuf b = {0};

	battle_num(&b, v);
	fputs(sbuf_str(&b), fp);
	sbuf_free(&b);
}

static void
svg_path(void *ud, const struct gpt *v, size_t n, bool closed,
    const char *fill, const char *stroke, double width, double dash)
{
	FILE *fp = ud;
	size_t i;

	fputs(closed ? "<polygon points=\"" : "<polyline points=\"", fp);
	for (i = 0; i < n; i++) {
		if (i > 0)
			fputc(' ', fp);
		num(fp, v[i].x);
		fputc(',', fp);
		num(fp, v[i].y);
	}
	fprintf(fp, "\" fill=\"%s\"", fill != NULL ? fill : "none");
	if (stroke != NULL) {
		fprintf(fp, " stroke=\"%s\" stroke-width=\"", stroke);
		num(fp, width);
		fputs("\" stroke-linejoin=\"round\"", fp);
		if (!closed)
			fputs(" stroke-linecap=\"round\"", fp);
		if (dash > 0) {
			fputs(" stroke-dasharray=\"", fp);
			num(fp, dash);
			fputc('"', fp);
		}
	}
	fputs("/>\n", fp);
}

static void
svg_text(void *ud, struct gpt p, double deg, double size, const char *s,
    const char *colour, bool start)
{
	FILE *fp = ud;

	fputs("<text transform=\"translate(", fp);
	num(fp, p.x);
	fputc(' ', fp);
	num(fp, p.y);
	fputs(") rotate(", fp);
	num(fp, deg);
	fputs(")\" font-size=\"", fp);
	num(fp, size);
	fprintf(fp, "\" fill=\"%s\" text-anchor=\"%s\" "
	    "dominant-baseline=\"central\">", colour, start ? "start" :
	    "middle");
	for (; *s != '\0'; s++)
		switch (*s) {
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '&': fputs("&amp;", fp); break;
		default: fputc(*s, fp);
		}
	fputs("</text>\n", fp);
}

/* On paper: what follows stays in the window (w 0: anywhere again). */
static void
svg_clip(void *ud, double w, double h)
{
	FILE *fp = ud;

	if (w > 0) {
		fputs("<clipPath id=\"window\"><rect x=\"0\" y=\"0\" "
		    "width=\"", fp);
		num(fp, w);
		fputs("\" height=\"", fp);
		num(fp, h);
		fputs("\"/></clipPath>\n<g clip-path=\"url(#window)\">\n", fp);
	} else
		fputs("</g>\n", fp);
}

/* The page of a sheet in mm, its box in points. */
static void
svg_sheet(FILE *fp, const struct bview *v)
{
	fputs("width=\"", fp);
	num(fp, v->paperw);
	fputs("mm\" height=\"", fp);
	num(fp, v->paperh);
	fputs("mm\" viewBox=\"0 0 ", fp);
	num(fp, v->pagew);
	fputc(' ', fp);
	num(fp, v->pageh);
}

int
bfsvg(FILE *fp, const struct bfield *f, const struct bplan *p,
    const int *verdict, const struct scan_opts *o)
{
	struct painter pt = { fp, svg_path, svg_text, svg_clip };
	double ppm = o->scale == SCALE_25MM ? 8.0 / 3 : 4;
	struct bview v;

	bfview(f, p, verdict, o, &v);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ",
	    fp);
	if (v.ratio > 0)
		svg_sheet(fp, &v);
	else {
		fputs("width=\"", fp);
		num(fp, f->width / ppm);
		fputs("mm\" height=\"", fp);
		num(fp, (f->height + v.keyh) / ppm);
		fputs("mm\" viewBox=\"0 0 ", fp);
		num(fp, f->width);
		fputc(' ', fp);
		num(fp, f->height + v.keyh);
	}
	fputs("\" font-family=\"DejaVu Sans, sans-serif\">\n", fp);
	fprintf(fp, "<title>%s</title>\n", strchr(f->file, '<') == NULL &&
	    strchr(f->file, '&') == NULL ? f->file : "battlefield");
	if (v.ratio > 0) {
		/* the sheet white; paces to points, the window at its place */
		fputs("<rect width=\"100%\" height=\"100%\" "
		    "fill=\"#ffffff\"/>\n<g transform=\"translate(", fp);
		num(fp, v.ox);
		fputc(' ', fp);
		num(fp, v.oy);
		fprintf(fp, ") scale(%.6g)\">\n", v.k);
	}
	bfdraw(f, p, verdict, o->lang, &v, &pt);
	fputs(v.ratio > 0 ? "</g>\n</svg>\n" : "</svg>\n", fp);
	return ferror(fp) ? -1 : 0;
}
