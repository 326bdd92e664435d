/* The text of an HTML page as lines of list text, for a page whose lists
 * are headings, paragraphs and list items rather than a table: the lines a
 * browser gives when the page's text is copied (a block parts lines, a
 * paragraph or section a blank line), each with the page's line its text
 * starts on; of its tables (none with a header of lists), the rows that
 * start with a reference with a book, a cell a line ("I/3 Nubian" and its
 * elements beside it), the others passed over (a results table); and the
 * lines of it in no army record, told once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "army/army.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/str.h"
#include "core/tmpf.h"

/* The ranges of lines passed over a warning names; more are "...". */
#define PASS_RANGES 8         /* the size of struct pagetext's ranges */

/* What the page shows no text of. */
static const char *const hidden[] = {
	"head", "title", "script", "style", "template", "noscript", "select",
	"textarea", "button", "svg", "math", "iframe", "object", NULL
};

/* Blocks: a blank line before and after. */
static const char *const blocks[] = {
	"address", "article", "aside", "blockquote", "body", "caption",
	"center", "details", "dialog", "dir", "div", "dl", "fieldset",
	"figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
	"h5", "h6", "header", "hgroup", "hr", "html", "legend", "main",
	"menu", "nav", "ol", "p", "pre", "section", "summary", "table", "ul",
	NULL
};

/* Lines of a block: a line end before and after (a table's cell too:
 * "I/3 Nubian" and its elements beside it). */
static const char *const lines[] = {
	"li", "dt", "dd", "tr", "td", "th", NULL
};

void
pagetext_init(struct pagetext *p)
{
	memset(p, 0, sizeof *p);
	p->blank = true;
}

static void
put_line(struct pagetext *p, long line, const char *s, size_t n)
{
	if (p->failed)
		return;
	if (p->f == NULL && (p->f = tmpf_open()) == NULL) {
		diag_sys("cannot make a temporary file in '%s'", tmpf_dir());
		p->failed = true;
		return;
	}
	if (fprintf(p->f, "%ld\t", line) < 0 || fwrite(s, 1, n, p->f) != n ||
	    putc('\n', p->f) == EOF) {
		diag_sys("cannot write a temporary file in '%s'", tmpf_dir());
		p->failed = true;
	}
	p->blank = n == 0;
}

/* The line gathered, written (a line too long for a line of text is
 * passed over), and a blank line after it when brk asks for one. */
static void
end_line(struct pagetext *p, int brk)
{
	if (p->cur.len > 0) {
		if (p->cut)
			pagetext_pass(p, p->curline);
		else
			put_line(p, p->curline, p->cur.s, p->cur.len);
		sbuf_reset(&p->cur);
		p->cut = false;
	}
	if (brk == 2 && !p->blank)
		put_line(p, p->lastline, "", 0);
	p->sp = false;
}

void
pagetext_start(struct pagetext *p, const char *name, long line)
{
	p->depth++;
	p->lastline = line > 0 ? line : p->lastline;
	if (p->skip != 0)
		return;
	if (str_in(name, hidden)) {
		p->skip = p->depth;
	} else if (str_in(name, blocks)) {
		p->brk = 2;
		p->rowblock = p->rowblock || (p->inrow &&
		    strcmp(name, "table") != 0);
		if (strcmp(name, "pre") == 0 && p->pre == 0)
			p->pre = p->depth;
	} else if (str_in(name, lines)) {
		if (p->brk < 1)
			p->brk = 1;
	} else if (strcmp(name, "br") == 0) {
		if (p->cur.len > 0 && p->brk == 0)
			end_line(p, 0);
		else
			p->brk = 2;
	}
}

void
pagetext_end(struct pagetext *p, const char *name)
{
	if (p->skip == p->depth)
		p->skip = 0;
	else if (p->skip == 0 && str_in(name, blocks))
		p->brk = 2;
	else if (p->skip == 0 && str_in(name, lines) && p->brk < 1)
		p->brk = 1;
	if (p->pre == p->depth)
		p->pre = 0;
	p->depth--;
}

/* One character of text (c[0..k) of UTF-8) on the page's line at. */
static void
add_char(struct pagetext *p, const char *c, size_t k, long at)
{
	if (p->brk > 0 && p->cur.len > 0)
		end_line(p, p->brk);
	else if (p->brk == 2 && !p->blank)
		put_line(p, p->lastline, "", 0);
	p->brk = 0;
	if (p->cur.len == 0) {
		p->curline = at;
		p->sp = false;
	}
	p->lastline = at;
	if (p->cur.len + k + 1 > INPUT_LINE_MAX) {
		p->cut = true;
		return;
	}
	if (p->sp)
		sbuf_addc(&p->cur, ' ');
	p->sp = false;
	sbuf_add(&p->cur, c, k);
}

static void
add_text(struct pagetext *p, const char *s, size_t n, long line)
{
	size_t i, k, nl = 0, seen = 0;
	unsigned char c;

	for (i = 0; i < n; i++)
		nl += s[i] == '\n';
	for (i = 0; i < n; i += k) {
		c = (unsigned char)s[i];
		k = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
		if (k > n - i)
			k = n - i;
		if (c == '\n')
			seen++;
		if (c == '\n' && p->pre != 0) {
			if (p->cur.len > 0)
				end_line(p, 0);
			else
				p->brk = 2;
		} else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || (k == 2 && c == 0xc2 &&
		    (unsigned char)s[i + 1] == 0xa0)) {
			p->sp = p->cur.len > 0;     /* and U+00A0 */
		} else {
			add_char(p, s + i, k, line - (long)(nl - seen));
		}
	}
}

void
pagetext_text(struct pagetext *p, const char *s, size_t n, long line)
{
	if (p->skip == 0)
		add_text(p, s, n, line);
}

void
pagetext_row_start(struct pagetext *p)
{
	end_line(p, p->brk);
	p->rowblock = false;
	p->rowblank = p->blank;
	p->rowoff = p->f != NULL && !p->failed ? ftello(p->f) : 0;
	p->inrow = p->rowoff >= 0;
}

/* Does the cell start with a reference with a book ("II/56 ...")? */
static bool
book_cell(const struct cell *c)
{
	size_t b, e;

	for (b = 0; b < c->n && (c->s[b] == ' ' || c->s[b] == '\n'); b++)
		;
	for (e = b; e < c->n && c->s[e] != ' ' && c->s[e] != '\n'; e++)
		;
	return memchr(c->s + b, '/', e - b) != NULL &&
	    army_is_id(c->s + b, e - b);
}

void
pagetext_row_end(struct pagetext *p, const struct cell *cells, size_t n)
{
	size_t i;

	if (!p->inrow)
		return;
	p->inrow = false;
	for (i = 0; i < n && str_blank(cells[i].s, cells[i].n); i++)
		;
	if (p->rowblock || i == n || book_cell(&cells[i]))
		return;
	/* a row of data (a result, a score): its lines taken back */
	sbuf_reset(&p->cur);
	p->cut = p->sp = false;
	if (p->f != NULL && !p->failed && (fflush(p->f) != 0 ||
	    ftruncate(fileno(p->f), p->rowoff) != 0 ||
	    fseeko(p->f, p->rowoff, SEEK_SET) != 0)) {
		diag_sys("cannot write a temporary file in '%s'", tmpf_dir());
		p->failed = true;
	}
	p->blank = p->rowblank;
	pagetext_pass(p, cells[i].line);
}

bool
pagetext_rewind(struct pagetext *p)
{
	end_line(p, 0);
	if (p->f == NULL || p->failed)
		return false;
	if (fflush(p->f) != 0 || fseek(p->f, 0, SEEK_SET) != 0) {
		diag_sys("cannot write a temporary file in '%s'", tmpf_dir());
		return false;
	}
	return true;
}

bool
pagetext_next(struct pagetext *p, const char **s, size_t *n, long *line)
{
	ssize_t got = getline(&p->rbuf, &p->rcap, p->f);
	char *tab;

	if (got <= 0)
		return false;
	p->rbuf[got - 1] = '\0';
	*line = strtol(p->rbuf, &tab, 10);
	*s = tab + 1;
	*n = (size_t)(got - 1 - (tab + 1 - p->rbuf));
	return true;
}

void
pagetext_pass(struct pagetext *p, long line)
{
	long *r = p->nranges > 0 ? p->ranges[p->nranges - 1] : NULL;

	p->npassed++;
	if (r != NULL && line >= r[0] && line <= r[1] + 1) {
		r[1] = line > r[1] ? line : r[1];
	} else if (p->nranges < PASS_RANGES) {
		p->ranges[p->nranges][0] = p->ranges[p->nranges][1] = line;
		p->nranges++;
	} else
		p->more = true;
}

static int
range_cmp(const void *a, const void *b)
{
	const long *x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

void
pagetext_report(struct pagetext *p)
{
	struct sbuf b = {0};
	long k, n = 0;

	if (p->npassed == 0)
		return;
	/* in the page's order (a table's rows are passed as they end,
	 * the text's lines after the page), ranges that meet made one */
	qsort(p->ranges, (size_t)p->nranges, sizeof p->ranges[0], range_cmp);
	for (k = 1; k < p->nranges; k++)
		if (p->ranges[k][0] <= p->ranges[n][1] + 1) {
			if (p->ranges[k][1] > p->ranges[n][1])
				p->ranges[n][1] = p->ranges[k][1];
		} else {
			p->ranges[++n][0] = p->ranges[k][0];
			p->ranges[n][1] = p->ranges[k][1];
		}
	for (k = 0; k <= n; k++)
		if (p->ranges[k][0] == p->ranges[k][1])
			sbuf_printf(&b, "%s%ld", k > 0 ? ", " : "",
			    p->ranges[k][0]);
		else
			sbuf_printf(&b, "%s%ld-%ld", k > 0 ? ", " : "",
			    p->ranges[k][0], p->ranges[k][1]);
	if (p->more)
		sbuf_adds(&b, ", ...");
	DIAG(PAGE_TEXT, 0, 0, p->npassed, p->npassed == 1 ? "" : "s",
	    n == 0 && p->ranges[0][0] == p->ranges[0][1] && !p->more ?
	    "line" : "lines", b.s);
	sbuf_free(&b);
}

void
pagetext_free(struct pagetext *p)
{
	if (p->f != NULL)
		fclose(p->f);
	sbuf_free(&p->cur);
	free(p->rbuf);
	memset(p, 0, sizeof *p);
}
