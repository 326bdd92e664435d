/* cardhtml: the cards as one self-contained HTML5 file with print CSS,
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
	/* measures each card as the PDF writer sets it, so that a card
	 * the PDF fits on one page is set the same way here */
	struct cardpdf *measure;
	struct card_fit fit;       /* the last card's, as measured */
};

static const char css[] =
    "body { font-family: \"DejaVu Sans\", sans-serif; margin: 0;"
    " line-height: 1.1; color: #000; background: #fff;"
    " print-color-adjust: exact; -webkit-print-color-adjust: exact; }\n"
    "section.card { break-after: page; page-break-after: always;"
    " box-sizing: border-box; }\n"
    "section.card:last-of-type { break-after: auto;"
    " page-break-after: auto; }\n"
    "h1 { font-size: 1.35em; margin: 0 0 0.3em; }\n"
    "h2 { font-size: 1.1em; margin: 0.5em 0 0.2em; padding: 0.05em 0.25em;"
    " break-after: avoid; page-break-after: avoid; }\n"
    "p { margin: 0.2em 0; }\n"
    "table { border-collapse: collapse; width: 100%; }\n"
    "tr { break-inside: avoid; page-break-inside: avoid; }\n"
    "th, td { border: 0.2pt solid #777; padding: 0.02em 0.25em;"
    " text-align: left; vertical-align: top; }\n"
    "thead th { background: #e4e4e4; }\n"
    "td.num, th.num { text-align: right; white-space: nowrap; }\n"
    "thead th.num { white-space: normal; }\n"
    "td.nw { white-space: nowrap; }\n"
    "span.id, span.kv { white-space: nowrap; }\n"
    "span.bar { display: flex; height: 0.55em; margin: 0.15em 0 0.1em;"
    " border: 0.3pt solid #000; print-color-adjust: exact;"
    " -webkit-print-color-adjust: exact; }\n"
    "span.bar span { display: block; height: 100%; }\n"
    "sup.conf { font-size: max(0.75em, 6.5pt); line-height: 0; vertical-align: super;"
    " padding-left: 0.05em; }\n"
    "table.facts th { width: 18%; background: #f0f0f0; }\n"
    "section.cols { column-count: 2; column-gap: 4mm; }\n"
    "section.cols h1 { column-span: all; }\n"
    "section.cols table { break-inside: avoid; page-break-inside: avoid; }\n"
    "section.compact { line-height: 1.0; }\n"
    "section.narrow { font-stretch: semi-condensed; }\n"
    "section.compact h1 { font-size: 1.2em; margin-bottom: 0.15em; }\n"
    "section.compact h2 { margin: 0.3em 0 0.1em; }\n"
    "section.compact p { margin: 0.1em 0; }\n"
    "section.compact th, section.compact td { padding: 0 0.2em; }\n"
    "p.facts { border: 0.2pt solid #777; padding: 0 0.25em;"
    " margin: 0; }\n"
    "p.strip { padding: 0.1em 0.25em; margin: 0 0 0.3em; }\n"
    "div.notes { margin-top: 0.2em; }\n"
    "div.notes p { margin: 0 0 0.15em; }\n"
    "div.wrap { display: flow-root; }\n"
    "div.wrap > table { float: left; width: auto;"
    " margin: 0 0.5em 0.2em 0; }\n"
    "div.wrap div.notes { margin-top: 0; }\n"
    "div.notes.side { display: flow-root; }\n"
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

/* Escaped text of a cell, its signs as superscripts and its ids kept
 * on one line (card_run). */
static void
text(FILE *fp, const char *s)
{
	size_t i = 0, n;
	enum card_run k;
	char *run;

	while (s[i] != '\0') {
		n = card_run(s, i, &k);
		run = xstrndup(s + i, n);
		if (k == CARD_RUN_SIGN)
			fputs("<sup class=\"conf\">", fp);
		else if (k == CARD_RUN_ID)
			fputs("<span class=\"id\">", fp);
		esc(fp, run);
		if (k == CARD_RUN_SIGN)
			fputs("</sup>", fp);
		else if (k == CARD_RUN_ID)
			fputs("</span>", fp);
		free(run);
		i += n;
	}
}

static void
head(struct cardhtml *w)
{
	const struct paper *p = card_paper(w->paper);
	double margin = p->font_pt * 0.75, rgb[3];
	int k;

	fprintf(w->fp, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
	    "<meta charset=\"utf-8\"/>\n"
	    "<meta name=\"generator\" content=\"refcard-render (bellis)\"/>\n"
	    "<title>bellis reference cards</title>\n<style>\n"
	    "@page { size: %s; margin: %.1fmm; }\n"
	    "body { font-size: %.1fpt; }\n"
	    "@media screen { section.card { width: %.1fmm;"
	    " min-height: %.1fmm; padding: %.1fmm; } }\n%s"
	    "", lang_code(w->lang), p->css, margin,
	    p->font_pt, p->w_mm, p->h_mm, margin, css);
	/* the sections' tints (card_tint_rgb), the strip's */
	for (k = 0; k <= CARD_TINTS; k++) {
		card_tint_rgb(k, rgb);
		if (k == CARD_TINT_STRIP)
			fputs("p.strip", w->fp);
		else
			fprintf(w->fp, "h2.t%d, table.t%d thead th", k, k);
		fprintf(w->fp, " { background: #%02x%02x%02x; }\n",
		    (unsigned)(rgb[0] * 255 + 0.5), (unsigned)(rgb[1] * 255 + 0.5),
		    (unsigned)(rgb[2] * 255 + 0.5));
	}
	fputs("</style>\n</head>\n<body>\n", w->fp);
	w->head_done = true;
}

/* A cell of class cls (NULL: none); strong: its text in bold. */
static void
cell(FILE *fp, const char *tag, const char *s, const char *cls, bool strong)
{
	if (cls != NULL)
		fprintf(fp, "<%s class=\"%s\">", tag, cls);
	else
		fprintf(fp, "<%s>", tag);
	strong = strong && *s != '\0';
	if (strong)
		fputs("<b>", fp);
	text(fp, s);
	if (strong)
		fputs("</b>", fp);
	fprintf(fp, "</%s>", tag);
}

/* A number cell shaded by pct (print CSS keeps the colour), with its
 * stacked bar when v is not NULL. */
static void
heat_cell(FILE *fp, const char *s, int pct, const int *v)
{
	double rgb[3], g;
	int k;

	card_heat_rgb(pct, rgb);
	fprintf(fp, "<td class=\"num heat\" style=\"text-align: center; "
	    "background: #%02x%02x%02x; print-color-adjust: exact; "
	    "-webkit-print-color-adjust: exact\">",
	    (unsigned)(rgb[0] * 255 + 0.5), (unsigned)(rgb[1] * 255 + 0.5),
	    (unsigned)(rgb[2] * 255 + 0.5));
	if (v != NULL) {
		fputs("<span class=\"bar\">", fp);
		for (k = 0; k < CARD_SPLIT; k++) {
			if (v[k] <= 0)
				continue;
			g = card_split_grey(k);
			fprintf(fp, "<span style=\"flex: %d 0 0; background: "
			    "#%02x%02x%02x\"></span>", v[k],
			    (unsigned)(g * 255 + 0.5), (unsigned)(g * 255 + 0.5),
			    (unsigned)(g * 255 + 0.5));
		}
		fputs("</span>", fp);
	}
	text(fp, s);
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

/* The wide last column of a table (an army's notes), set below it in
 * paragraphs, each led by the row's code in bold: the notes from the
 * from-th to before the to-th, in a div of class cls. */
static void
notes(FILE *fp, const struct card_block *b, size_t from, size_t to,
    const char *cls)
{
	size_t r, n = 0;

	for (r = 0; r < b->nrows; r++)
		n += *block_cell(b, r, b->ncols - 1) != '\0';
	if (n <= from)
		return;
	n = 0;
	fprintf(fp, "<div class=\"%s\">\n", cls);
	for (r = 0; r < b->nrows; r++) {
		if (*block_cell(b, r, b->ncols - 1) == '\0')
			continue;
		if (n < from || n >= to) {
			n++;
			continue;
		}
		n++;
		fputs("<p><b>", fp);
		text(fp, block_cell(b, r, 0));
		fputs("</b> ", fp);
		text(fp, block_cell(b, r, b->ncols - 1));
		fputs("</p>\n", fp);
	}
	fputs("</div>\n", fp);
}

/* The value s of a fact in a span that keeps to one line
 * (span.kv, opened by the caller, closed here), broken only after a
 * comma or semicolon, where the next part opens a span of its own: the
 * PDF's card_glue_value in the browser, whose lines also break after
 * a dash ('755–979'). */
static void
glued_value(FILE *fp, const char *s)
{
	const char *p = s;
	char *part;

	while ((p = strpbrk(p, ",;")) != NULL) {
		if (*++p != ' ')
			continue;
		part = xstrndup(s, (size_t)(p - s));
		text(fp, part);
		free(part);
		fputs("</span> <span class=\"kv\">", fp);
		s = ++p;
	}
	text(fp, s);
}

/* Compact, as the PDF sets it: the facts of mask (the PDF's) share one
 * line at the top of the block; a facts strip, all its facts in its
 * band. */
static void
joined_facts(FILE *fp, const struct card_block *b, unsigned long mask)
{
	size_t r, n = 0;

	fputs(b->strip ? "<p class=\"strip\">" : "<p class=\"facts\">", fp);
	for (r = 0; r < b->nrows && r < 8 * sizeof mask; r++) {
		if (!((mask >> r) & 1))
			continue;
		/* a key keeps its value and the dot before it: a line
		 * breaks before a dot, between facts, or after a comma of
		 * a long value (glued_value) */
		fputs(n++ > 0 ? " <span class=\"kv\">&#183;&#160;<b>" :
		    "<span class=\"kv\"><b>", fp);
		text(fp, block_cell(b, r, 0));
		fputs("</b>&#160;", fp);
		glued_value(fp, block_cell(b, r, 1));
		fputs("</span>", fp);
	}
	fputs("</p>\n", fp);
}

/* Block b set as the PDF fit has it (fb), its title and head in the
 * tint of its section (tint: card_section). */
static void
block(FILE *fp, const struct card_block *b, const struct card_fit_block *fb,
    int tint)
{
	size_t r, c, nc = b->ncols - (fb->notes_below ? 1 : 0);
	unsigned long joined = b->kind == BLK_FACTS ? fb->joined : 0;

	if (b->title != NULL) {
		if (tint >= 0)
			fprintf(fp, "<h2 class=\"t%d\">", tint);
		else
			fputs("<h2>", fp);
		text(fp, b->title);
		fputs("</h2>\n", fp);
	}
	if (b->kind == BLK_FACTS && b->strip) {
		joined_facts(fp, b, b->nrows >= 8 * sizeof joined ? ~0ul :
		    (1ul << b->nrows) - 1);
		return;
	}
	if (b->kind == BLK_TEXT) {
		for (r = 0; r < b->nrows; r++) {
			fputs("<p>", fp);
			text(fp, block_cell(b, r, 0));
			fputs("</p>\n", fp);
		}
		return;
	}
	if (b->kind == BLK_FACTS) {
		if (joined != 0)
			joined_facts(fp, b, joined);
		fputs("<table class=\"facts\">\n", fp);
		/* the key as wide as the PDF sets it, past the CSS's least */
		if (fb->key > 0.18 && fb->key < 0.9)
			fprintf(fp, "<colgroup><col style=\"width: %.0f%%\"/>"
			    "<col/></colgroup>\n", fb->key * 100);
		for (r = 0; r < b->nrows; r++) {
			if (r < 8 * sizeof joined && ((joined >> r) & 1))
				continue;
			fputs("<tr>", fp);
			cell(fp, "th", block_cell(b, r, 0), NULL, false);
			cell(fp, "td", block_cell(b, r, 1), NULL, false);
			fputs("</tr>\n", fp);
		}
		fputs("</table>\n", fp);
		return;
	}
	if (fb->wrap)           /* notes beside the table, whole */
		fputs("<div class=\"wrap\">\n", fp);
	if (tint >= 0)
		fprintf(fp, "<table class=\"t%d\"", tint);
	else
		fputs("<table", fp);
	/* beside its notes, as wide as the PDF sets it (its heads wrap) */
	if (fb->wrap && fb->table > 0.1 && fb->table < 0.9)
		fprintf(fp, " style=\"width: %.1f%%\"", fb->table * 100);
	fputs(">\n<thead><tr>", fp);
	for (c = 0; c < nc; c++)
		cell(fp, "th", b->head[c], (b->num >> c) & 1 ? "num" : NULL,
		    false);
	fputs("</tr></thead>\n<tbody>\n", fp);
	for (r = 0; r < b->nrows; r++) {
		fputs("<tr>", fp);
		for (c = 0; c < nc; c++)
			if (block_heat_at(b, r, c) >= 0) {
				int v[CARD_SPLIT];

				heat_cell(fp, block_cell(b, r, c),
				    block_heat_at(b, r, c),
				    block_split_at(b, r, c, v) ? v : NULL);
			}
			else
				cell(fp, "td", block_cell(b, r, c),
				    col_class(b, r, c), (b->strong >> c) & 1);
		fputs("</tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	if (fb->wrap) {
		notes(fp, b, 0, fb->beside, "notes side");
		fputs("</div>\n", fp);
	}
	if (nc < b->ncols)
		notes(fp, b, fb->wrap ? fb->beside : 0, (size_t)-1, "notes");
}

void
cardhtml_card(struct cardhtml *w, const struct card *c,
    const struct card_fit *known)
{
	const struct paper *p = card_paper(w->paper);
	const struct card_fit *f = known != NULL ? known : &w->fit;
	size_t i;

	if (!w->head_done)
		head(w);
	if (known == NULL) {
		if (w->measure == NULL)
			w->measure = cardpdf_measurer(w->paper, w->lang);
		cardpdf_fit(w->measure, c, &w->fit);
	}
	fprintf(w->fp, "<section class=\"card%s%s%s\"", c->columns > 1 ?
	    " cols" : "", f->compact ? " compact" : "",
	    f->narrow ? " narrow" : "");
	if (f->pt < p->font_pt - 0.01 || f->pt > p->font_pt + 0.01)
		fprintf(w->fp, " style=\"font-size: %.2fpt\"", f->pt);
	fprintf(w->fp, " data-kind=\"%s\" data-id=\"", c->kind);
	esc(w->fp, c->id);
	fputs("\">\n<h1>", w->fp);
	text(w->fp, c->title);
	fputs("</h1>\n", w->fp);
	if (c->subtitle != NULL) {
		fputs("<p class=\"subtitle\">", w->fp);
		text(w->fp, c->subtitle);
		fputs("</p>\n", w->fp);
	}
	for (i = 0; i < c->nb; i++)
		block(w->fp, &c->b[i], &f->b[i], card_section(c, i));
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
	if (w->measure != NULL)
		(void)cardpdf_finish(w->measure);
	card_fit_free(&w->fit);
	free(w);
	return rc;
}
