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
    const char *fill, double opacity, const char *stroke, double width,
    double dash)
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
	if (fill != NULL && opacity < 1) {
		fputs(" fill-opacity=\"", fp);
		num(fp, opacity);
		fputc('"', fp);
	}
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

int
bfsvg(FILE *fp, const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, int scale)
{
	struct painter pt = { fp, svg_path, svg_text };
	double ppm = scale == SCALE_25MM ? 8.0 / 3 : 4;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"", fp);
	num(fp, f->width / ppm);
	fputs("mm\" height=\"", fp);
	num(fp, (f->height + bfdraw_key_height(f, p, verdict)) / ppm);
	fputs("mm\" viewBox=\"0 0 ", fp);
	num(fp, f->width);
	fputc(' ', fp);
	num(fp, f->height + bfdraw_key_height(f, p, verdict));
	fputs("\" font-family=\"DejaVu Sans, sans-serif\">\n", fp);
	fprintf(fp, "<title>%s</title>\n", strchr(f->file, '<') == NULL &&
	    strchr(f->file, '&') == NULL ? f->file : "battlefield");
	bfdraw(f, p, verdict, lang, &pt);
	fputs("</svg>\n", fp);
	return ferror(fp) ? -1 : 0;
}
