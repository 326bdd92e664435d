/* The text of an HTML page as lines of list text, for a page whose lists
 * are headings, paragraphs and list items rather than a table: the lines a
 * browser gives when the page's text is copied (a block parts lines, a
 * paragraph or section a blank line), but a cell of a table (which has no
 * header of lists) is a line of its own, not a tab's column ("I/3
 * Nubian" and its elements beside it); each line with the page's line its
 * text starts on; and the lines of it in no army record, told once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/str.h"
#include "core/tmpf.h"
#include "core/xalloc.h"

/* The ranges of lines passed over a warning names; more are "...". */
#define PASS_RANGES 8

static bool
name_in(const char *name, const char *const *set)
{
	size_t i;

	for (i = 0; set[i] != NULL; i++)
		if (strcmp(name, set[i]) == 0)
			return true;
	return false;
}

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

/* Lines of a block: a line end before and after. */
static const char *const lines[] = { "li", "dt", "dd", "tr", NULL };

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
	if (name_in(name, hidden)) {
		p->skip = p->depth;
	} else if (name_in(name, blocks)) {
		p->brk = 2;
		if (strcmp(name, "pre") == 0 && p->pre == 0)
			p->pre = p->depth;
	} else if (name_in(name, lines)) {
		if (p->brk < 1)
			p->brk = 1;
	} else if (strcmp(name, "br") == 0) {
		if (p->cur.len > 0 && p->brk == 0)
			end_line(p, 0);
		else
			p->brk = 2;
	} else if ((strcmp(name, "td") == 0 || strcmp(name, "th") == 0) &&
	    p->brk < 1) {
		p->brk = 1;
	}
}

void
pagetext_end(struct pagetext *p, const char *name)
{
	if (p->skip == p->depth)
		p->skip = 0;
	else if (p->skip == 0 && name_in(name, blocks))
		p->brk = 2;
	else if (p->skip == 0 && name_in(name, lines) && p->brk < 1)
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

void
pagetext_text(struct pagetext *p, const char *s, size_t n, long line)
{
	size_t i, k, nl = 0, seen = 0;
	unsigned char c;

	if (p->skip != 0)
		return;
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

/* The open range of lines passed over, to the list. */
static void
pagetext_range(struct pagetext *p)
{
	if (p->r0 == 0)
		return;
	if (p->nranges < PASS_RANGES) {
		sbuf_adds(&p->ranges, p->nranges > 0 ? ", " : "");
		if (p->r0 == p->r1)
			sbuf_printf(&p->ranges, "%ld", p->r0);
		else
			sbuf_printf(&p->ranges, "%ld-%ld", p->r0, p->r1);
	} else if (p->nranges == PASS_RANGES)
		sbuf_adds(&p->ranges, ", ...");
	p->nranges++;
	p->r0 = p->r1 = 0;
}

void
pagetext_pass(struct pagetext *p, long line)
{
	p->npassed++;
	if (p->r1 != 0 && (line == p->r1 || line == p->r1 + 1)) {
		p->r1 = line;
		return;
	}
	pagetext_range(p);
	p->r0 = p->r1 = line;
}

void
pagetext_report(struct pagetext *p)
{
	pagetext_range(p);
	if (p->npassed > 0)
		DIAG(PAGE_TEXT, 0, 0, p->npassed, p->npassed == 1 ? "" : "s",
		    p->nranges == 1 && strchr(sbuf_str(&p->ranges), '-') ==
		    NULL ? "line" : "lines", sbuf_str(&p->ranges));
}

void
pagetext_free(struct pagetext *p)
{
	if (p->f != NULL)
		fclose(p->f);
	sbuf_free(&p->cur);
	sbuf_free(&p->ranges);
	free(p->rbuf);
	memset(p, 0, sizeof *p);
}
