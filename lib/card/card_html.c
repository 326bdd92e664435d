/* card_html: the cards as one self-contained HTML5 file with print CSS,
 * one card per printed page. */
#include <stdlib.h>
#include <string.h>

#include "card/card.h"
#include "core/xalloc.h"

struct cardhtml {
	FILE *fp;
	enum card_paper paper;
	enum lang lang;
	bool head_done;
	size_t ncards;
};

static const char css[] =
    "body { font-family: \"DejaVu Sans\", sans-serif; margin: 0;"
    " line-height: 1.1; color: #000; background: #fff; }\n"
    "section.card { break-after: page; page-break-after: always;"
    " box-sizing: border-box; }\n"
    "section.card:last-of-type { break-after: auto;"
    " page-break-after: auto; }\n"
    "h1 { font-size: 1.35em; margin: 0 0 0.3em; }\n"
    "h2 { font-size: 1.1em; margin: 0.5em 0 0.2em; }\n"
    "p { margin: 0.2em 0; }\n"
    "table { border-collapse: collapse; width: 100%; }\n"
    "tr { break-inside: avoid; page-break-inside: avoid; }\n"
    "th, td { border: 0.2pt solid #777; padding: 0.02em 0.25em;"
    " text-align: left; vertical-align: top; }\n"
    "thead th { background: #e4e4e4; }\n"
    "td.num, th.num { text-align: right; white-space: nowrap; }\n"
    "td.nw { white-space: nowrap; }\n"
    "table.facts th { width: 18%; background: #f0f0f0; }\n"
    "section.cols { column-count: 2; column-gap: 4mm; }\n"
    "section.cols h1 { column-span: all; }\n"
    "section.cols table { break-inside: avoid; page-break-inside: avoid; }\n"
    "@media screen { section.card { margin: 1em auto;"
    " border: 1px solid #999; } }\n";

struct cardhtml *
cardhtml_new(FILE *fp, enum card_paper p, enum lang lang)
{
	struct cardhtml *w = xcalloc(1, sizeof *w);

	w->fp = fp;
	w->paper = p;
	w->lang = lang;
	return w;
}

static void
esc(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		default:
			putc(*s, fp);
		}
	}
}

static void
head(struct cardhtml *w)
{
	const struct paper *p = card_paper(w->paper);
	double margin = p->font_pt * 0.75;

	fprintf(w->fp, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
	    "<meta charset=\"utf-8\"/>\n"
	    "<meta name=\"generator\" content=\"refcard-render (bellis)\"/>\n"
	    "<title>bellis reference cards</title>\n<style>\n"
	    "@page { size: %s; margin: %.1fmm; }\n"
	    "body { font-size: %.1fpt; }\n"
	    "@media screen { section.card { width: %.1fmm;"
	    " min-height: %.1fmm; padding: %.1fmm; } }\n%s"
	    "</style>\n</head>\n<body>\n", lang_code(w->lang), p->css, margin,
	    p->font_pt, p->w_mm, p->h_mm, margin, css);
	w->head_done = true;
}

/* A cell of class cls (NULL: none). */
static void
cell(FILE *fp, const char *tag, const char *s, const char *cls)
{
	if (cls != NULL)
		fprintf(fp, "<%s class=\"%s\">", tag, cls);
	else
		fprintf(fp, "<%s>", tag);
	esc(fp, s);
	fprintf(fp, "</%s>", tag);
}

/* A number cell shaded by pct (print CSS keeps the colour). */
static void
heat_cell(FILE *fp, const char *s, int pct)
{
	double rgb[3];

	card_heat_rgb(pct, rgb);
	fprintf(fp, "<td class=\"num heat\" style=\"text-align: center; "
	    "background: #%02x%02x%02x; print-color-adjust: exact; "
	    "-webkit-print-color-adjust: exact\">",
	    (unsigned)(rgb[0] * 255 + 0.5), (unsigned)(rgb[1] * 255 + 0.5),
	    (unsigned)(rgb[2] * 255 + 0.5));
	esc(fp, s);
	fputs("</td>", fp);
}

/* Numbers keep to one line; so do short texts of words beside a column
 * that may wrap, as in the PDF, where the wide columns give way first. */
static const char *
col_class(const struct card_block *b, size_t r, size_t c)
{
	const char *s = block_cell(b, r, c);

	if ((b->num >> c) & 1)
		return "num";
	return b->heat == NULL && b->wide != 0 && !((b->wide >> c) & 1) &&
	    strchr(s, ' ') != NULL && strlen(s) <= 16 ? "nw" : NULL;
}

static void
block(FILE *fp, const struct card_block *b)
{
	size_t r, c;

	if (b->title != NULL) {
		fputs("<h2>", fp);
		esc(fp, b->title);
		fputs("</h2>\n", fp);
	}
	if (b->kind == BLK_TEXT) {
		for (r = 0; r < b->nrows; r++) {
			fputs("<p>", fp);
			esc(fp, block_cell(b, r, 0));
			fputs("</p>\n", fp);
		}
		return;
	}
	if (b->kind == BLK_FACTS) {
		fputs("<table class=\"facts\">\n", fp);
		for (r = 0; r < b->nrows; r++) {
			fputs("<tr>", fp);
			cell(fp, "th", block_cell(b, r, 0), NULL);
			cell(fp, "td", block_cell(b, r, 1), NULL);
			fputs("</tr>\n", fp);
		}
		fputs("</table>\n", fp);
		return;
	}
	fputs("<table>\n<thead><tr>", fp);
	for (c = 0; c < b->ncols; c++)
		cell(fp, "th", b->head[c], (b->num >> c) & 1 ? "num" : NULL);
	fputs("</tr></thead>\n<tbody>\n", fp);
	for (r = 0; r < b->nrows; r++) {
		fputs("<tr>", fp);
		for (c = 0; c < b->ncols; c++)
			if (block_heat_at(b, r, c) >= 0)
				heat_cell(fp, block_cell(b, r, c),
				    block_heat_at(b, r, c));
			else
				cell(fp, "td", block_cell(b, r, c),
				    col_class(b, r, c));
		fputs("</tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
}

void
cardhtml_card(struct cardhtml *w, const struct card *c)
{
	size_t i;

	if (!w->head_done)
		head(w);
	fprintf(w->fp, "<section class=\"card%s\" data-kind=\"%s\" "
	    "data-id=\"", c->columns > 1 ? " cols" : "", c->kind);
	esc(w->fp, c->id);
	fputs("\">\n<h1>", w->fp);
	esc(w->fp, c->title);
	fputs("</h1>\n", w->fp);
	if (c->subtitle != NULL) {
		fputs("<p class=\"subtitle\">", w->fp);
		esc(w->fp, c->subtitle);
		fputs("</p>\n", w->fp);
	}
	for (i = 0; i < c->nb; i++)
		block(w->fp, &c->b[i]);
	fputs("</section>\n", w->fp);
	w->ncards++;
}

int
cardhtml_finish(struct cardhtml *w)
{
	int rc;

	if (!w->head_done)
		head(w);
	fputs("</body>\n</html>\n", w->fp);
	rc = fflush(w->fp) != 0 || ferror(w->fp) ? -1 : 0;
	free(w);
	return rc;
}
