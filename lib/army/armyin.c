/* Army list input: tell the carrier of an operand and read it. */
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#define HTML_MAX (16L * 1024 * 1024)     /* armylist-parse(1) */
/* A quoted CSV field open over more lines or bytes than this is taken
 * as unterminated (armylist-parse(1)). */
#define CSV_ROW_LINES 100
#define CSV_ROW_MAX (256L * 1024)

/* The callback of a carrier, counting the armies for the error when
 * none is read. */
struct counted {
	army_cb cb;
	void *ctx;
	struct armyseen seen;
};

static void
count_army(void *ctx, const struct army *a)
{
	struct counted *c = ctx;
	struct army cut;

	c->seen.armies++;
	if (a->nenemies <= ARMY_MAX_REFS && a->nallies <= ARMY_MAX_REFS &&
	    a->nnotes <= ARMY_MAX_REFS) {
		c->cb(c->ctx, a);
		return;
	}
	/* the limit of XML and JSON, so that what is written reads back
	 * the same (armylist(5)) */
	cut = *a;
	if (cut.nenemies > ARMY_MAX_REFS) {
		DIAG(ARMY_TOO_MANY_REFS, a->line, 0, ARMY_MAX_REFS, "enemies");
		cut.nenemies = ARMY_MAX_REFS;
	}
	if (cut.nallies > ARMY_MAX_REFS) {
		DIAG(ARMY_TOO_MANY_REFS, a->line, 0, ARMY_MAX_REFS, "allies");
		cut.nallies = ARMY_MAX_REFS;
	}
	if (cut.nnotes > ARMY_MAX_REFS) {
		DIAG(ARMY_TOO_MANY_REFS, a->line, 0, ARMY_MAX_REFS, "notes");
		cut.nnotes = ARMY_MAX_REFS;
	}
	c->cb(c->ctx, &cut);
}

/* The end of an operand: content from which no army was read is an
 * error that says what was seen and what was expected. */
static void
counted_end(struct counted *c)
{
	struct armyseen *sn = &c->seen;
	struct sbuf b = {0};

	if (sn->armies == 0 && sn->content) {
		if (sn->header > 0)
			DIAG(NO_ARMIES, sn->header, 0,
			    "a table header but no row with an army number such as '61' or 'I/2a'");
		else if (sn->combat > 0)
			DIAG(NO_ARMIES, 0, 0,
			    "this looks like combat lines: try combat-calc");
		else if (sn->moves > 0)
			DIAG(NO_ARMIES, 0, 0,
			    "this looks like move lines: try move-check");
		else if (sn->hline > 0) {
			sbuf_printf(&b, "a table with the columns %s%s; expected "
			    "a header with 'Nr' and 'Armee' or 'Elemente'",
			    sbuf_str(&sn->hwords), sbuf_str(&sn->near));
			DIAG(NO_ARMIES, sn->hline, 0, b.s);
		} else if (sn->html)
			DIAG(NO_ARMIES, 0, 0,
			    "no table with the columns 'Nr' and 'Armee' or 'Elemente' in the HTML page");
		else
			DIAG(NO_ARMIES, 0, 0,
			    "expected a reference line such as 'I/1a Name 3000-2800BC' or a table with the columns 'Nr' and 'Armee' or 'Elemente'");
	}
	sbuf_free(&b);
	sbuf_free(&sn->hwords);
	sbuf_free(&sn->near);
}

/* windows-1252 bytes 0x80-0x9f as code points (0: undefined) */
static const unsigned short cp1252[32] = {
	0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
	0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178
};

static void
from_cp1252(struct sbuf *b, const char *s, size_t n)
{
	size_t i;
	unsigned c;

	sbuf_reset(b);
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (c >= 0x80 && c < 0xa0)
			c = cp1252[c - 0x80] ? cp1252[c - 0x80] : 0xfffd;
		if (c < 0x80) {
			sbuf_addc(b, (char)c);
		} else if (c < 0x800) {
			sbuf_addc(b, (char)(0xc0 | c >> 6));
			sbuf_addc(b, (char)(0x80 | (c & 0x3f)));
		} else {
			sbuf_addc(b, (char)(0xe0 | c >> 12));
			sbuf_addc(b, (char)(0x80 | (c >> 6 & 0x3f)));
			sbuf_addc(b, (char)(0x80 | (c & 0x3f)));
		}
	}
}

/* The escapes of a TSV cell as armylist-parse -T tsv writes them (\t,
 * \n, \r, \\), undone in the cells that hold a backslash; esc holds
 * the texts. */
static void
tsv_unescape(struct cell *cells, size_t nc, struct sbuf *esc)
{
	size_t i, k, *off = NULL;
	const char *s;

	for (i = 0; i < nc && memchr(cells[i].s, '\\', cells[i].n) == NULL;
	    i++)
		;
	if (i == nc)
		return;
	off = xcalloc(nc, sizeof *off);
	sbuf_reset(esc);
	sbuf_add(esc, "", 0);
	for (i = 0; i < nc; i++) {
		off[i] = esc->len;
		s = cells[i].s;
		for (k = 0; k < cells[i].n; k++) {
			if (s[k] == '\\' && k + 1 < cells[i].n &&
			    strchr("tnr\\", s[k + 1]) != NULL) {
				k++;
				sbuf_addc(esc, s[k] == 't' ? '\t' : s[k] == 'n' ?
				    '\n' : s[k] == 'r' ? '\r' : '\\');
			} else
				sbuf_addc(esc, s[k]);
		}
		cells[i].n = esc->len - off[i];
	}
	for (i = 0; i < nc; i++)
		cells[i].s = esc->s + off[i];
	free(off);
}

static void
split_cells(struct sheet *sh, const char *s, size_t n, char sep, long line,
    struct cell **cells, size_t *cap, struct sbuf *esc)
{
	size_t i = 0, start, nc = 0;

	if (sep == '|') {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		i++;                    /* the leading '|' */
		/* a trailing '|' closes the row */
		while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (n > i && s[n - 1] == '|')
			n--;
	}
	for (;;) {
		start = i;
		while (i < n && s[i] != sep)
			i++;
		*cells = xgrow(*cells, cap, nc + 1, sizeof **cells);
		(*cells)[nc].s = s + start;
		(*cells)[nc].n = i - start;
		(*cells)[nc].line = line;
		(*cells)[nc].col = (long)start + 1;
		nc++;
		if (i >= n)
			break;
		i++;
	}
	if (sep == '\t')
		tsv_unescape(*cells, nc, esc);
	sheet_row(sh, *cells, nc);
}

/* ---- CSV (RFC 4180) ------------------------------------------------- */

struct csv {
	char sep;                    /* ';' or ',', 0: no CSV header yet */
	size_t width;                /* cells of the header */
	struct sbuf row;             /* the lines of a row open in quotes */
	long line;                   /* its first line */
	int nlines;
	struct sbuf text;            /* the cells, unquoted, one after another */
	size_t *off;                 /* where each starts in text */
	size_t capoff;
	struct cell *cells;
	size_t cap;
};

/* Split a row (its lines joined by LF) into c->cells.  A quoted field
 * holds separators, line ends and doubled quotes.  Returns the number
 * of cells, or 0 when the row ends inside quotes; with last, that quote
 * is reported and closes at the end. */
static size_t
csv_split(struct csv *c, const char *s, size_t n, long line, bool last)
{
	size_t i = 0, nc = 0, k, bol = 0;
	long qline = 0, qcol = 0;
	bool quoted;

	sbuf_reset(&c->text);
	sbuf_add(&c->text, "", 0);
	for (;;) {
		c->cells = xgrow(c->cells, &c->cap, nc + 1, sizeof *c->cells);
		c->off = xgrow(c->off, &c->capoff, nc + 1, sizeof *c->off);
		c->off[nc] = c->text.len;
		quoted = i < n && s[i] == '"';
		c->cells[nc].line = line;
		c->cells[nc].col = (long)(i - bol) + 1 + (quoted ? 1 : 0);
		if (quoted) {
			qline = line;
			qcol = (long)(i - bol) + 1;
			for (i++;; i++) {
				if (i >= n) {
					if (!last)
						return 0;
					DIAG(CSV_UNTERMINATED_QUOTE, qline, qcol);
					break;
				}
				if (s[i] == '"' && i + 1 < n && s[i + 1] == '"')
					i++;
				else if (s[i] == '"') {
					i++;
					break;
				} else if (s[i] == '\n') {
					line++;
					bol = i + 1;
				}
				sbuf_addc(&c->text, s[i]);
			}
		}
		/* unquoted, or text after the closing quote: as it is */
		for (k = i; k < n && s[k] != c->sep; k++)
			;
		sbuf_add(&c->text, s + i, k - i);
		c->cells[nc].n = c->text.len - c->off[nc];
		sbuf_addc(&c->text, '\0');
		nc++;
		if (k >= n)
			break;
		i = k + 1;
	}
	for (k = 0; k < nc; k++)
		c->cells[k].s = c->text.s + c->off[k];
	return nc;
}

static void csv_giveup(struct csv *c, struct sheet *sh);

static void
csv_line(struct csv *c, struct sheet *sh, const char *s, size_t n,
    long line)
{
	size_t nc;

	if (c->nlines++ == 0) {
		sbuf_reset(&c->row);
		c->line = line;
	} else
		sbuf_addc(&c->row, '\n');
	sbuf_add(&c->row, s, n);
	nc = csv_split(c, c->row.s, c->row.len, c->line, false);
	/* a quote over line ends that leaves the row short of the header
	 * took the next rows in: it was never closed */
	if ((nc > 0 && c->nlines > 1 && nc < c->width) || (nc == 0 &&
	    (c->nlines >= CSV_ROW_LINES || c->row.len >= (size_t)CSV_ROW_MAX)))
		csv_giveup(c, sh);
	else if (nc > 0) {
		c->nlines = 0;
		sheet_row(sh, c->cells, nc);
	}
}

/* A quote open at the cap or at the end: it closes at the end of its
 * first line, and the lines after it are read again. */
static void
csv_giveup(struct csv *c, struct sheet *sh)
{
	char *rest = xstrndup(c->row.s, c->row.len), *p, *e, *end;
	long line = c->line;
	size_t nc;

	end = rest + c->row.len;
	e = memchr(rest, '\n', c->row.len);
	if (e == NULL)
		e = end;
	c->nlines = 0;
	nc = csv_split(c, rest, (size_t)(e - rest), line, true);
	sheet_row(sh, c->cells, nc);
	for (p = e; p < end; p = e) {
		p++;
		line++;
		if ((e = memchr(p, '\n', (size_t)(end - p))) == NULL)
			e = end;
		csv_line(c, sh, p, (size_t)(e - p), line);
	}
	free(rest);
}

/* A line outside any record: the header of a CSV sheet? */
static bool
csv_header(struct csv *c, struct sheet *sh, const char *s, size_t n,
    long line)
{
	static const char seps[] = ";,";
	size_t k, nc;

	for (k = 0; k < 2; k++) {
		if (memchr(s, seps[k], n) == NULL)
			continue;
		c->sep = seps[k];
		nc = csv_split(c, s, n, line, false);
		if (nc > 1 && sheet_header(sh, c->cells, nc)) {
			c->width = nc;
			return true;
		}
	}
	c->sep = 0;
	return false;
}

static void
csv_free(struct csv *c, struct sheet *sh)
{
	while (c->nlines > 0)
		csv_giveup(c, sh);
	sbuf_free(&c->row);
	sbuf_free(&c->text);
	free(c->off);
	free(c->cells);
}

/* ---- lines: pipe table, TSV, CSV, list text -------------------------- */

/* The state of one operand read as lines. */
struct lines {
	struct counted cnt;
	struct sheet *sh;
	struct listtext *lt;
	struct csv csv;
	struct sbuf conv, clean, esc;
	struct cell *cells;
	size_t cap;
	bool warned;
	int mode;           /* 1 table rows, 2 list text: what ran last */
};

static void
lines_line(struct lines *L, const char *s, size_t n, long line)
{
	size_t i;

	if (!utf8_valid(s, n)) {
		if (!L->warned)
			DIAG(CP1252, line, 0);
		L->warned = true;
		from_cp1252(&L->conv, s, n);
		s = sbuf_str(&L->conv);
		n = L->conv.len;
	}
	/* controls, and U+FFFE, U+FFFF (no characters of XML) */
	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') ||
		    ((unsigned char)s[i] == 0xef && i + 2 < n &&
		    (unsigned char)s[i + 1] == 0xbf &&
		    ((unsigned char)s[i + 2] & 0xfe) == 0xbe))
			break;
	if (i < n || (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 &&
	    line == 1)) {
		if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 &&
		    line == 1) {
			s += 3;
			n -= 3;
		}
		sbuf_reset(&L->clean);
		utf8_sanitize(&L->clean, s, n);
		s = sbuf_str(&L->clean);
		n = L->clean.len;
	}
	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if (i < n && s[i] != '#')
		L->cnt.seen.content = true;
	if (L->csv.sep != 0) {
		csv_line(&L->csv, L->sh, s, n, line);
	} else if (i < n && s[i] == '|') {
		if (L->mode == 2)
			listtext_flush(L->lt);
		L->mode = 1;
		split_cells(L->sh, s, n, '|', line, &L->cells, &L->cap,
		    &L->esc);
	} else if (memchr(s, '\t', n) != NULL && !(i < n && s[i] == '#')) {
		if (L->mode == 2)
			listtext_flush(L->lt);
		L->mode = 1;
		split_cells(L->sh, s, n, '\t', line, &L->cells, &L->cap,
		    &L->esc);
	} else if (i < n && s[i] != '#' && !listtext_open(L->lt) &&
	    csv_header(&L->csv, L->sh, s + i, n - i, line)) {
		if (L->mode == 2)
			listtext_flush(L->lt);
		L->mode = 1;
	} else {
		if (L->mode == 1 && i < n)
			sheet_flush(L->sh);
		if (i < n)
			L->mode = 2;
		listtext_line(L->lt, s, n, line);
	}
}

/* --header=FILE: its lines, read before each operand read as lines. */
struct hline {
	size_t off, len;            /* in text */
	long line;
};
static struct {
	char *file;
	struct sbuf text;           /* the lines, each ended by a NUL */
	struct hline *v;
	size_t n, cap;
} header;

int
armylist_header(const char *file)
{
	struct input in;
	const char *s;
	size_t n;
	int rc = 0;

	armylist_header_free();
	if (file == NULL)
		return 0;
	diag_set_file(file);
	if (input_open(&in, file) < 0)
		return -1;
	header.file = xstrdup(file);
	sbuf_add(&header.text, "", 0);
	while (input_getline(&in, &s, &n)) {
		if (header.text.len + n >= (size_t)ARMY_HEADER_MAX) {
			DIAG(INPUT_TOO_LARGE, in.line, 0,
			    (size_t)ARMY_HEADER_MAX);
			rc = -1;
			break;
		}
		header.v = xgrow(header.v, &header.cap, header.n + 1,
		    sizeof *header.v);
		header.v[header.n++] = (struct hline){ header.text.len, n,
		    in.line };
		sbuf_add(&header.text, s, n);
		sbuf_addc(&header.text, '\0');
	}
	input_close(&in);
	diag_end_file();
	return rc;
}

void
armylist_header_free(void)
{
	free(header.file);
	sbuf_free(&header.text);
	free(header.v);
	memset(&header, 0, sizeof header);
}

void
armylist_read_lines(struct input *in, army_cb cb, void *ctx)
{
	struct lines L = { .cnt = { cb, ctx, { 0 } } };
	const char *s;
	size_t n, i;

	L.sh = sheet_new(in->name, count_army, &L.cnt);
	L.lt = listtext_new(in->name, count_army, &L.cnt);
	sheet_track(L.sh, &L.cnt.seen);
	listtext_track(L.lt, &L.cnt.seen);
	/* the header's lines first, reported as the header's */
	if (header.file != NULL) {
		diag_set_file(header.file);
		for (i = 0; i < header.n; i++)
			lines_line(&L, header.text.s + header.v[i].off,
			    header.v[i].len, header.v[i].line);
		diag_set_file(in->name);
	}
	while (input_getline(in, &s, &n))
		lines_line(&L, s, n, in->line);
	csv_free(&L.csv, L.sh);
	sheet_flush(L.sh);
	listtext_flush(L.lt);
	sheet_free(L.sh);
	listtext_free(L.lt);
	counted_end(&L.cnt);
	free(L.cells);
	sbuf_free(&L.conv);
	sbuf_free(&L.clean);
	sbuf_free(&L.esc);
}

/* ---- HTML ---------------------------------------------------------- */

/* The charset a page declares in its first kilobytes, mapped to the
 * encoding to parse with (Latin-1 pages are windows-1252 in practice). */
static const char *
html_encoding(const char *buf, size_t len)
{
	size_t i, n = len < 4096 ? len : 4096, k;
	char cs[32];

	for (i = 0; i + 8 < n; i++) {
		if (!str_ieq(buf + i, 8, "charset="))
			continue;
		i += 8;
		while (i < n && (buf[i] == '"' || buf[i] == '\'' ||
		    buf[i] == ' '))
			i++;
		for (k = 0; i < n && k < sizeof cs - 1 && buf[i] != '"' &&
		    buf[i] != '\'' && buf[i] != ';' && buf[i] != '>' &&
		    buf[i] != ' '; i++, k++)
			cs[k] = (char)(buf[i] >= 'A' && buf[i] <= 'Z' ?
			    buf[i] + 32 : buf[i]);
		cs[k] = '\0';
		if (strcmp(cs, "iso-8859-1") == 0 || strcmp(cs, "latin1") == 0 ||
		    strcmp(cs, "latin-1") == 0 || strcmp(cs, "iso8859-1") == 0 ||
		    strcmp(cs, "us-ascii") == 0 || strcmp(cs, "ascii") == 0 ||
		    strcmp(cs, "windows-1252") == 0 || strcmp(cs, "cp1252") == 0 ||
		    strcmp(cs, "iso-8859-15") == 0)
			return "windows-1252";
		if (strcmp(cs, "utf-8") == 0 || strcmp(cs, "utf8") == 0)
			return "UTF-8";
		break;
	}
	return utf8_valid(buf, len) ? "UTF-8" : "windows-1252";
}

static bool
is_el(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && n->name != NULL &&
	    str_ieq((const char *)n->name, strlen((const char *)n->name),
	    name);
}

/* Text of a cell: text nodes, <br> as a line break, blanks as they are. */
static void
cell_text(xmlNodePtr td, struct sbuf *b)
{
	xmlNodePtr n = td->children;

	while (n != NULL) {
		if (n->type == XML_TEXT_NODE && n->content != NULL)
			utf8_sanitize(b, (const char *)n->content,
			    strlen((const char *)n->content));
		else if (is_el(n, "br"))
			sbuf_addc(b, '\n');
		if (n->children != NULL && n->type == XML_ELEMENT_NODE &&
		    !is_el(n, "table")) {
			n = n->children;
			continue;
		}
		while (n != NULL && n->next == NULL) {
			n = n->parent;
			if (n == td)
				return;
		}
		if (n != NULL)
			n = n->next;
	}
}

static void
html_row(struct sheet *sh, xmlNodePtr tr, struct cell **cells, size_t *cap,
    struct sbuf *texts, size_t ntexts)
{
	xmlNodePtr c;
	size_t nc = 0, i;

	for (c = tr->children; c != NULL && nc < ntexts; c = c->next) {
		if (!is_el(c, "td") && !is_el(c, "th"))
			continue;
		sbuf_reset(&texts[nc]);
		sbuf_add(&texts[nc], "", 0);
		cell_text(c, &texts[nc]);
		*cells = xgrow(*cells, cap, nc + 1, sizeof **cells);
		(*cells)[nc].line = xmlGetLineNo(c);
		(*cells)[nc].col = 0;
		nc++;
	}
	for (i = 0; i < nc; i++) {
		(*cells)[i].s = texts[i].s;
		(*cells)[i].n = texts[i].len;
	}
	if (nc > 0)
		sheet_row(sh, *cells, nc);
}

void
armylist_read_html(struct input *in, army_cb cb, void *ctx)
{
	struct counted cnt = { cb, ctx, { 0 } };
	struct sheet *sh;
	struct cell *cells = NULL;
	struct sbuf texts[64];
	size_t cap = 0, len, i;
	char *buf;
	htmlDocPtr doc;
	xmlNodePtr n;

	if (input_slurp(in, &buf, &len, HTML_MAX) < 0)
		return;
	doc = xmlio_parse_html(buf, len, in->name, html_encoding(buf, len));
	free(buf);
	if (doc == NULL || xmlDocGetRootElement(doc) == NULL) {
		DIAG(HTML_UNREADABLE, 0, 0);
		xmlFreeDoc(doc);
		return;
	}
	memset(texts, 0, sizeof texts);
	sh = sheet_new(in->name, count_army, &cnt);
	sheet_track(sh, &cnt.seen);
	cnt.seen.content = cnt.seen.html = true;   /* a page, if empty */
	/* every <tr> in document order, without recursion */
	n = xmlDocGetRootElement(doc);
	while (n != NULL) {
		if (is_el(n, "tr")) {
			html_row(sh, n, &cells, &cap, texts, 64);
		} else if (n->children != NULL) {
			n = n->children;
			continue;
		}
		for (;;) {
			if (is_el(n, "table"))
				sheet_flush(sh);
			if (n->next != NULL) {
				n = n->next;
				break;
			}
			if ((n = n->parent) == NULL ||
			    n->type == XML_DOCUMENT_NODE ||
			    n->type == XML_HTML_DOCUMENT_NODE) {
				n = NULL;
				break;
			}
		}
	}
	sheet_flush(sh);
	sheet_free(sh);
	counted_end(&cnt);
	for (i = 0; i < 64; i++)
		sbuf_free(&texts[i]);
	free(cells);
	xmlFreeDoc(doc);
}

/* Compressed or binary data: said once, not read as lines. */
static bool
binary(struct input *in)
{
	const unsigned char *p;
	size_t n = input_peek(in, &p, 4096), i, ctl = 0;

	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) {
		DIAG(NO_ARMIES, 0, 0,
		    "gzip-compressed data (decompress it first: gzip -dc)");
		return true;
	}
	for (i = 0; i < n; i++)
		if ((p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' &&
		    p[i] != '\r' && p[i] != '\f') || p[i] == 0x7f)
			ctl++;
	if (ctl * 16 > n) {
		DIAG(NO_ARMIES, 0, 0, "binary data, not text");
		return true;
	}
	return false;
}

void
armylist_read(struct input *in, army_cb cb, void *ctx)
{
	int c = input_first_byte(in);

	if (c >= 0 && c != '<' && binary(in))
		return;
	if (c == '<') {
		if (input_looks_html(in))
			armylist_read_html(in, cb, ctx);
		else
			armylist_read_xml(in, cb, ctx);
	} else if (c == '{' || c == '[')
		armylist_read_json(in, cb, ctx);
	else if (c >= 0)
		armylist_read_lines(in, cb, ctx);
}

void
armylist_read_collection(struct input *in, army_cb cb, void *ctx)
{
	int c = input_first_byte(in);

	if (c == EOF)
		DIAG(EMPTY_INPUT, 0, 0);
	else if (c != '<' || input_looks_html(in))
		DIAG(NOT_ARMYLIST, 1, 0,
		    "convert a sheet with armylist-parse first");
	else
		armylist_read_xml(in, cb, ctx);
}
