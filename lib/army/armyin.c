/* Army list input: tell the carrier of an operand and read it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/htmldec.h"
#include "core/str.h"
#include "core/tmpf.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#define HTML_PIECE 65536   /* bytes of a page handed to libxml2 at once */
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
		if (sn->notlist > 0)
			DIAG(NO_ARMIES, 0, 0,
			    "the text holds no army list (see the not-a-list warnings)");
		else if (sn->hline > 0 && listtext_counted(sn->hwords.s,
		    sn->hwords.len))
			DIAG(NO_ARMIES, sn->hline, 0,
			    "element lines, but no reference line before them such as 'I/1a Name 3000-2800BC'");
		else if (sn->header > 0)
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
			    "no table with the columns 'Nr' and 'Armee' or 'Elemente' in the HTML page, nor a reference line such as 'I/1a Name 3000-2800BC' in its text");
		else
			DIAG(NO_ARMIES, 0, 0,
			    "expected a reference line such as 'I/1a Name 3000-2800BC' or a table with the columns 'Nr' and 'Armee' or 'Elemente'");
	}
	sbuf_free(&b);
	sbuf_free(&sn->hwords);
	sbuf_free(&sn->near);
}

static void
from_cp1252(struct sbuf *b, const char *s, size_t n)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	htmldec_cp1252(b, s, n, false);
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
	struct sbuf conv, clean, blanks, esc, mark, tabs;
	struct cell *cells;
	size_t cap;
	bool warned;
	bool other;         /* a row of cells went to the sheet as none of
			     * those: the rows right after it are its */
	int mode;           /* 1 table rows, 2 list text: what ran last */
	/* a row with a reference but no elements ("II/34<TAB>Achaemenid
	 * Persian<TAB>550BC-329BC"), held until the next line tells
	 * whether elements follow it (its record's reference line) or not
	 * (a table's row, as a table of contents has them) */
	struct sbuf held;
	long held_line;     /* 0: none held */
	long held_gap;      /* the empty lines after it, held too */
};

/* Does a cell start with a reference with a book ("II/33", "II/33a
 * Polybian Roman")? */
static bool
book_ref_cell(const char *s, size_t n)
{
	size_t w;

	for (w = 0; w < n && s[w] != ' '; w++)
		;
	return memchr(s, '/', w) != NULL && army_is_id(s, w);
}

/* The column of the first cell of elements of a row of tab-separated
 * cells, 0 when none holds elements. */
static size_t
tab_elements(const char *s, size_t n)
{
	size_t i = 0, b;

	for (;;) {
		for (b = i; i < n && s[i] != '\t'; i++)
			;
		if (!str_blank(s + b, i - b) && listtext_counted(s + b, i - b))
			return b + 1;
		if (i++ >= n)
			return 0;
	}
}

/* A row of tab-separated cells with no table header before it, as rows
 * of a spreadsheet pasted without theirs ("II/33<TAB>Polybian
 * Roman<TAB>275BC-105BC<TAB>1x3Cv (Gen), ...", "Thomas<TAB>II/33 ..."):
 * a reference with a book starts its first cell, or its second after a
 * label.  In b its record as lines of list text, each after the other
 * at *at: its reference line (the label before it, "Thomas - II/33
 * Polybian Roman 275BC-105BC") and, from the first cell of elements on,
 * its elements (blanks before them, the columns kept; each cell after
 * a comma).  *shift: how much longer than in the row the label and its
 * mark are ("Thomas - " for "Thomas<TAB>"): the elements' columns are
 * the row's from b->s + *shift.  false when the row is none.  bare: the
 * row is one with no cell of elements (its reference line alone). */
static bool
tab_record(struct sbuf *b, const char *s, size_t n, size_t *at,
    size_t *shift, bool bare)
{
	const char *c[3] = { s, NULL, NULL }, *t;
	size_t cn[3], k, i, r;
	bool blank;

	for (k = 0, i = 0; k < 3 && i <= n; k++, i++) {
		for (c[k] = s + i; i < n && s[i] != '\t'; i++)
			;
		cn[k] = (size_t)(s + i - c[k]);
		str_trim(&c[k], &cn[k]);
	}
	r = book_ref_cell(c[0], cn[0]) ? 0 : k > (bare ? 1u : 2u) &&
	    cn[0] > 0 && book_ref_cell(c[1], cn[1]) ? 1 : 3;
	if (r == 3 || (tab_elements(s, n) == 0) != bare)
		return false;   /* a table of contents, a header's row */
	sbuf_reset(b);
	*shift = 0;
	if (r == 1) {
		/* a label, or a row's number: the columns move on */
		for (i = 0; i < cn[0] && c[0][i] >= '0' && c[0][i] <= '9'; i++)
			;
		sbuf_add(b, c[0], cn[0]);
		sbuf_adds(b, i == cn[0] ? ". " : " - ");
		i = (size_t)(c[1] - s);
		while (b->len < i)
			sbuf_addc(b, ' ');
		*shift = b->len - i;
		s += i;
		n -= i;
	}
	*at = b->len + n;
	sbuf_add(b, s, n);
	t = b->s + b->len - n;
	/* a tab is a blank before the first cell of elements, and a comma
	 * after one of them when more follows */
	for (i = 0, r = 0; i < n; i++) {
		if (t[i] != '\t')
			continue;
		blank = str_blank(t + r, i - r);
		for (k = i + 1; k < n && t[k] != '\t'; k++)
			;
		if (*at == b->len && listtext_counted(t + i + 1, k - i - 1)) {
			*at = (size_t)(t + i - b->s);
			b->s[*at] = ' ';
		} else
			b->s[t + i - b->s] = *at < b->len && !blank &&
			    !str_blank(t + i, n - i) ? ',' : ' ';
		r = i + 1;
	}
	return true;
}

/* The record a row starts (tab_record): its reference line, L->tabs up
 * to at, to list text, the record before it ended. */
static void
tab_head(struct lines *L, size_t at, long line)
{
	if (L->mode == 1)
		sheet_flush(L->sh);
	L->mode = 2;
	listtext_flush(L->lt);  /* a row is a record of its own */
	listtext_line(L->lt, L->tabs.s, at, line);
}

/* A row of tab-separated cells before a table's header that is a
 * record (tab_record: read as list text) or, outside a record of list
 * text, holds elements (said): true; else false. */
static bool
tab_row(struct lines *L, const char *s, size_t n, long line)
{
	size_t at, shift;

	if (sheet_has_header(L->sh) || L->other)
		return false;
	if (tab_record(&L->tabs, s, n, &at, &shift, false)) {
		tab_head(L, at, line);
		if (at < L->tabs.len) {
			memset(L->tabs.s, ' ', at);
			listtext_line(L->lt, L->tabs.s + shift,
			    L->tabs.len - shift, line);
			listtext_flush(L->lt);
		}
		return true;
	}
	if ((L->mode == 2 && listtext_open(L->lt)) ||
	    (at = tab_elements(s, n)) == 0)
		return false;   /* a record's element line, or a row */
	if (L->mode == 1)
		sheet_flush(L->sh);
	DIAG(ROW_NOT_READ, line, (long)at, "a row of cells with elements, "
	    "but no army reference first and no table header above it");
	return true;
}

/* Does the line need none of the mending of lines_line: valid UTF-8
 * without controls (TAB included: it splits cells), U+FFFE, U+FFFF, a
 * byte order mark, a space of Unicode but the blank (utf8_blanks) or
 * the marks listtext_unmark takes out?  One pass over most lines rather
 * than five; *ascii, of a plain line: no byte at 0x80 or above (so no
 * middle dot or bullet). */
/* Whether the eight bytes at p are all of ok (plain_line's table):
 * none at 0x80 or above, none below ' ', no '[', '*' or '_'. */
static inline bool
plain8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
	uint64_t w, v;

	memcpy(&w, p, 8);
	v = w & high;                           /* 0x80 and above */
	v |= (w - ones * 0x20) & ~w & high;     /* below ' ' */
#define HAS(c) (((w ^ ones * (c)) - ones) & ~(w ^ ones * (c)) & high)
	v |= HAS('[') | HAS('*') | HAS('_');
#undef HAS
	return v == 0;
}

static bool
plain_line(const char *s, size_t n, long line, bool *ascii)
{
	/* 1: printable ASCII but the marks (and DEL) */
	static unsigned char ok[256];
	const unsigned char *p = (const unsigned char *)s;
	size_t i, k;

	if (!ok['a'])
		for (k = 0x20; k < 0x80; k++)
			ok[k] = k != '[' && k != '*' && k != '_';
	*ascii = false;
	if (line == 1 || (n > 0 && s[0] == '>'))
		return false;
	*ascii = true;
	for (i = 0; i < n; i++) {
		/* eight bytes at a time; the last up to eight as the
		 * last eight of the line */
		while (i + 8 <= n && plain8(p + i))
			i += 8;
		if (i >= n || (i + 8 > n && n >= 8 && plain8(p + n - 8)))
			break;
		if (ok[p[i]])
			continue;
		if (p[i] < 0x80 || (k = utf8_seqlen(s + i, n - i)) < 2 ||
		    (p[i] == 0xef && p[i + 1] == 0xbf &&
		    (p[i + 2] & 0xfe) == 0xbe) ||
		    utf8_blank_len(s + i, n - i) > 0)
			return false;
		*ascii = false;
		i += k - 1;
	}
	return true;
}

/* The bytes of a middle dot or a bullet at s (U+00B7, U+2022), 0 none. */
static size_t
dot_at(const char *s, size_t n)
{
	if (n >= 2 && memcmp(s, "\xc2\xb7", 2) == 0)
		return 2;
	return n >= 3 && memcmp(s, "\xe2\x80\xa2", 3) == 0 ? 3 : 0;
}

/* Where the first count of an entry starts ("1x", "2*", "3×"): dots
 * before it are a name's ("Col·lecció"). */
static size_t
first_count(const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i = k + 1) {
		for (k = i; k < n && s[k] >= '0' && s[k] <= '9'; k++)
			;
		if (k > i && k < n && (s[k] == 'x' || s[k] == 'X' ||
		    s[k] == '*' || (k + 1 < n && memcmp(s + k, "\xc3\x97", 2) ==
		    0)))
			return i;
	}
	return n;
}

static bool
dotted(const char *s, size_t n)
{
	const char *p, *e = s + n;

	for (p = s; (p = memchr(p, 0xc2, (size_t)(e - p))) != NULL; p++)
		if (dot_at(p, (size_t)(e - p)) > 0)
			return true;
	for (p = s; (p = memchr(p, 0xe2, (size_t)(e - p))) != NULL; p++)
		if (dot_at(p, (size_t)(e - p)) > 0)
			return true;
	return false;
}

/* A row of tab-separated cells to the sheet reader. */
static void
table_row(struct lines *L, const char *s, size_t n, long line)
{
	if (L->mode == 2)
		listtext_flush(L->lt);
	L->mode = 1;
	L->other = true;
	split_cells(L->sh, s, n, '\t', line, &L->cells, &L->cap, &L->esc);
}

static void line_now(struct lines *L, const char *s, size_t n, long line);

/* The row held (L->held), if any, and the empty lines after it (lines
 * of spaces read as empty): the row as its record's reference line when
 * elements follow (ref), else as a table's row. */
static void
release(struct lines *L, bool ref)
{
	size_t at, shift;
	long line = L->held_line, k;

	if (line == 0)
		return;
	L->held_line = 0;
	if (!ref)
		table_row(L, L->held.s, L->held.len, line);
	else if (tab_record(&L->tabs, L->held.s, L->held.len, &at, &shift,
	    true))
		tab_head(L, at, line);
	for (k = 1; k <= L->held_gap; k++)
		line_now(L, "", 0, line + k);
	L->held_gap = 0;
}

static void
line_now(struct lines *L, const char *s, size_t n, long line)
{
	size_t i, from, at;
	long depth;
	bool ascii, plain = plain_line(s, n, line, &ascii);
	/* a tab: none in a plain line; the mending below keeps tabs */
	bool tab = !plain && memchr(s, '\t', n) != NULL;

	if (!tab)
		L->other = false;

	if (!plain && !utf8_valid(s, n)) {
		if (!L->warned)
			DIAG(CP1252, line, 0);
		L->warned = true;
		from_cp1252(&L->conv, s, n);
		s = sbuf_str(&L->conv);
		n = L->conv.len;
	}
	/* controls, and U+FFFE, U+FFFF (no characters of XML) */
	for (i = plain ? n : 0; i < n; i++)
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
	if (!plain) {
		/* "II/10a<NBSP>Camillan Roman", as pasted from a page */
		s = utf8_blanks(&L->blanks, s, &n);
		s = listtext_unmark(&L->mark, s, &n);
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
	} else if (tab && !(i < n && s[i] == '#') &&
	    tab_row(L, s, n, line)) {
		/* read as list text, or said */
	} else if ((tab ? L->mode == 2 && listtext_open(L->lt) :
	    !(plain && ascii) && dotted(s, n)) && listtext_counted(s, n)) {
		/* "1x3Cv (Gen)<TAB>1x2LH" in an open record of list text,
		 * "1x3Cv (Gen) · 1x2LH" in any line without a tab (a table's
		 * row keeps its dots): its tabs and dots outside brackets
		 * part the elements (a comma each, blanks after: the columns
		 * stay; a tab before the first count is a blank) */
		sbuf_reset(&L->tabs);
		sbuf_add(&L->tabs, s, n);
		for (i = 0, from = first_count(s, n), depth = 0; i < n; i++)
			if (L->tabs.s[i] == '\t')
				L->tabs.s[i] = i < from ? ' ' : ',';
			else if (s[i] == '(' || s[i] == ')')
				depth += s[i] == '(' ? 1 : depth > 0 ? -1 : 0;
			else if (i >= from && depth == 0 &&
			    dot_at(L->tabs.s + i, n - i) > 0)
				memcpy(L->tabs.s + i, ",  ",
				    dot_at(L->tabs.s + i, n - i));
		listtext_line(L->lt, L->tabs.s, n, line);
	} else if (tab && !(i < n && s[i] == '#')) {
		/* a reference without elements: held (lines_line) */
		if (L->held_line == 0 && !sheet_has_header(L->sh) &&
		    !L->other && tab_record(&L->tabs, s, n, &at, &from,
		    true)) {
			sbuf_reset(&L->held);
			sbuf_add(&L->held, s, n);
			L->held_line = line;
			return;
		}
		table_row(L, s, n, line);
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

/* One line; a row held before it (and the empty lines after the row,
 * or lines of spaces, which read as empty) is released first: as a
 * reference line when this line is elements ("1x3Cv (Gen), ...") or a
 * keyword's ("Aggression 2"). */
static void
lines_line(struct lines *L, const char *s, size_t n, long line)
{
	const char *t = s;
	size_t tn = n, i;

	for (i = 0; i < n && s[i] == ' '; i++)
		;
	if (L->held_line != 0 && i == n && line == L->held_line +
	    L->held_gap + 1) {
		L->held_gap++;  /* "II/34<TAB>...", "", "1x3Cv (Gen), ..." */
		return;
	}
	if (L->held_line != 0) {
		str_trim(&t, &tn);
		release(L, tn > 0 && (listtext_counted(t, tn) ||
		    listtext_keyword(t, tn)));
	}
	line_now(L, s, n, line);
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

static void
lines_begin(struct lines *L, const char *name, army_cb cb, void *ctx)
{
	memset(L, 0, sizeof *L);
	L->cnt.cb = cb;
	L->cnt.ctx = ctx;
	L->sh = sheet_new(name, count_army, &L->cnt);
	L->lt = listtext_new(name, count_army, &L->cnt);
	sheet_track(L->sh, &L->cnt.seen);
	listtext_track(L->lt, &L->cnt.seen);
}

/* The last record ended and the readers freed; report: the error when no
 * army was read. */
static void
lines_end(struct lines *L, bool report)
{
	release(L, false);
	csv_free(&L->csv, L->sh);
	sheet_flush(L->sh);
	listtext_flush(L->lt);
	sheet_free(L->sh);
	listtext_free(L->lt);
	if (report)
		counted_end(&L->cnt);
	sbuf_free(&L->cnt.seen.hwords);
	sbuf_free(&L->cnt.seen.near);
	free(L->cells);
	sbuf_free(&L->conv);
	sbuf_free(&L->clean);
	sbuf_free(&L->blanks);
	sbuf_free(&L->esc);
	sbuf_free(&L->mark);
	sbuf_free(&L->tabs);
	sbuf_free(&L->held);
}

void
armylist_read_lines(struct input *in, army_cb cb, void *ctx)
{
	struct lines L;
	const char *s;
	size_t n, i;

	lines_begin(&L, in->name, cb, ctx);
	/* the header's lines first, reported as the header's */
	if (header.file != NULL) {
		diag_set_file(header.file);
		for (i = 0; i < header.n; i++)
			lines_line(&L, header.text.s + header.v[i].off,
			    header.v[i].len, header.v[i].line);
		release(&L, false);
		diag_set_file(in->name);
	}
	while (input_getline(in, &s, &n))
		lines_line(&L, s, n, in->line);
	lines_end(&L, true);
}

/* The text of a page with no table of lists, read as list text (the
 * lines in no record passed over, said once): whether it held an army.
 * Its diagnostics name the page's lines but no columns. */
static bool
page_armies(struct input *in, struct pagetext *page, struct counted *cnt)
{
	struct lines L;
	const char *s;
	size_t n;
	long line;
	bool col, any;

	if (!pagetext_rewind(page))
		return false;
	lines_begin(&L, in->name, cnt->cb, cnt->ctx);
	L.cnt.seen.page = page;
	col = diag_nocol(true);
	while (pagetext_next(page, &s, &n, &line))
		lines_line(&L, s, n, line);
	lines_end(&L, false);
	any = L.cnt.seen.armies > 0;
	if (any)
		pagetext_report(page);
	diag_nocol(col);
	return any;
}

/* ---- HTML ---------------------------------------------------------- */

/* The text of a cell kept: more than its field keeps (ARMY_FIELD_MAX,
 * past which the sheet cuts it and says so). */
#define HTML_CELL_MAX (ARMY_FIELD_MAX + 4096)

/* The charset a page declares in its first kilobytes, in cs (of size
 * n), mapped as browsers map it: Latin-1 and ASCII are windows-1252,
 * UTF-16 (the markup read as ASCII) UTF-8; NULL when it declares none.
 * One iconv does not know is reported and taken as none. */
static const char *
html_charset(const char *buf, size_t len, char *cs, size_t size)
{
	static const char *const latin[] = { "iso-8859-1", "latin1",
	    "latin-1", "iso8859-1", "iso_8859-1", "l1", "us-ascii", "ascii",
	    "windows-1252", "cp1252", "x-cp1252", NULL };
	size_t i, n = len < 4096 ? len : 4096, k;

	for (i = 0; i + 8 < n; i++) {
		if (!str_ieq(buf + i, 8, "charset="))
			continue;
		i += 8;
		while (i < n && (buf[i] == '"' || buf[i] == '\'' ||
		    buf[i] == ' '))
			i++;
		for (k = 0; i < n && k < size - 1 && buf[i] != '"' &&
		    buf[i] != '\'' && buf[i] != ';' && buf[i] != '>' &&
		    buf[i] != ' ' && buf[i] != '/'; i++, k++)
			cs[k] = (char)(buf[i] >= 'A' && buf[i] <= 'Z' ?
			    buf[i] + 32 : buf[i]);
		cs[k] = '\0';
		for (k = 0; latin[k] != NULL; k++)
			if (strcmp(cs, latin[k]) == 0)
				return "windows-1252";
		if (strcmp(cs, "utf-8") == 0 || strcmp(cs, "utf8") == 0 ||
		    strncmp(cs, "utf-16", 6) == 0)
			return "UTF-8";
		if (cs[0] != '\0' && htmldec_known(cs))
			return cs;
		DIAG(HTML_CHARSET_UNKNOWN, 0, 0, cs);
		break;
	}
	return NULL;
}

static bool
is_name(const char *name, const char *want)
{
	return str_ieq(name, strlen(name), want);
}

/* The rows of a page as its elements come: a row is a <tr> that is not
 * inside another; its cells are the first 64 <td> or <th> children,
 * their text the text below them with <br> as a line break, but not
 * what a table inside the cell holds; a table that ends outside a row
 * ends the sheet. */
struct html_rows {
	struct sheet *sh;
	struct cell cells[64];
	struct sbuf texts[64];
	size_t nc;
	long depth;            /* elements open */
	long row, cell, skip;  /* depth of the row, the cell, a table in
	                        * the cell; 0 none */
	bool cut;              /* an element of the row lost attributes:
	                        * the row is not read */
	struct pagetext page;  /* the page's text, if no table holds lists */
	const struct armyseen *seen;   /* a header seen: no text kept */
};

static void
html_cut(void *ud)
{
	struct html_rows *r = ud;

	r->cut = r->row != 0;
}

static void
html_start(void *ud, const char *name, long line)
{
	struct html_rows *r = ud;

	if (r->seen->header == 0)
		pagetext_start(&r->page, name, line);
	r->depth++;
	if (r->row == 0) {
		if (is_name(name, "tr")) {
			r->row = r->depth;
			r->nc = 0;
			r->cut = false;
			if (r->seen->header == 0)
				pagetext_row_start(&r->page);
		}
	} else if (r->depth == r->row + 1) {
		if ((is_name(name, "td") || is_name(name, "th")) &&
		    r->nc < 64) {
			sbuf_reset(&r->texts[r->nc]);
			sbuf_add(&r->texts[r->nc], "", 0);
			r->cells[r->nc].line = line;
			r->cells[r->nc].col = 0;
			r->cell = r->depth;
			r->nc++;
		}
	} else if (r->cell != 0 && r->skip == 0) {
		if (is_name(name, "table"))
			r->skip = r->depth;
		else if (is_name(name, "br") &&
		    r->texts[r->nc - 1].len <= HTML_CELL_MAX)
			sbuf_addc(&r->texts[r->nc - 1], '\n');
	}
}

static void
html_end(void *ud, const char *name)
{
	struct html_rows *r = ud;
	size_t i;

	if (r->seen->header == 0)
		pagetext_end(&r->page, name);
	if (r->depth == r->skip)
		r->skip = 0;
	if (r->depth == r->cell)
		r->cell = 0;
	if (r->depth == r->row) {
		r->row = 0;
		for (i = 0; i < r->nc; i++) {
			r->cells[i].s = r->texts[i].s;
			r->cells[i].n = r->texts[i].len;
		}
		if (r->nc > 0 && !r->cut)
			sheet_row(r->sh, r->cells, r->nc);
		if (r->seen->header == 0)
			pagetext_row_end(&r->page, r->cells, r->nc);
	} else if (r->row == 0 && is_name(name, "table")) {
		sheet_flush(r->sh);
	}
	r->depth--;
}

static void
html_text(void *ud, const char *s, size_t n, long line)
{
	struct html_rows *r = ud;
	struct sbuf *b;

	if (r->seen->header == 0)
		pagetext_text(&r->page, s, n, line);
	if (r->cell == 0 || r->skip != 0)
		return;
	/* a cell keeps what its field can (the sheet cuts it at
	 * ARMY_FIELD_MAX and says so): a row is bounded */
	b = &r->texts[r->nc - 1];
	if (b->len > HTML_CELL_MAX)
		return;
	if (n > HTML_CELL_MAX - b->len + 1)
		n = army_field_fit(s, n, HTML_CELL_MAX - b->len + 1);
	utf8_sanitize(b, s, n);
}

/* Whether s[0..n) is valid UTF-8, but for the last bytes when they
 * start a sequence that may go on in what follows: *carry is their
 * number (up to 3). */
static bool
utf8_valid_part(const char *s, size_t n, size_t *carry)
{
	size_t k, need;
	unsigned char c;

	*carry = 0;
	for (k = 1; k <= 3 && k <= n; k++) {
		c = (unsigned char)s[n - k];
		if ((c & 0xc0) == 0x80)
			continue;
		if (c >= 0xc0) {
			need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
			if (need > k)
				*carry = k;
		}
		break;
	}
	return utf8_valid(s, n - *carry);
}

/* The page from its head buf[0..len) on (buf, of HTML_PIECE bytes, is
 * used to read the rest), copied to a temporary file, and whether all
 * of it is valid UTF-8: the file, to be read from its start, or NULL
 * after an error (reported). */
static FILE *
html_spool(struct input *in, char *buf, size_t len, bool *utf8)
{
	FILE *f = tmpf_open();
	size_t carry = 0, n = len;
	long r;

	*utf8 = true;
	if (f == NULL) {
		diag_sys("cannot make a temporary file in '%s'", tmpf_dir());
		return NULL;
	}
	for (;;) {
		if (fwrite(buf + carry, 1, n - carry, f) != n - carry) {
			diag_sys("cannot write a temporary file in '%s'",
			    tmpf_dir());
			fclose(f);
			return NULL;
		}
		if (*utf8 && !utf8_valid_part(buf, n, &carry))
			*utf8 = false;
		if (!*utf8)
			carry = 0;
		memmove(buf, buf + n - carry, carry);
		if ((r = input_read_text(in, buf + carry, HTML_PIECE - carry))
		    <= 0)
			break;
		n = carry + (size_t)r;
	}
	if (carry > 0 && !utf8_valid(buf, carry))
		*utf8 = false;
	if (r < 0 || fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0) {
		if (r >= 0)
			diag_sys("cannot write a temporary file in '%s'",
			    tmpf_dir());
		fclose(f);
		return NULL;
	}
	return f;
}

void
armylist_read_html(struct input *in, army_cb cb, void *ctx)
{
	struct counted cnt = { cb, ctx, { 0 } };
	struct html_rows r;
	struct xmlio_html_cb hcb = { html_start, html_end, html_text, &r,
	    html_cut };
	struct xmlio_html *h;
	const char *enc;
	char cs[48];
	char *buf = xmalloc(HTML_PIECE);
	size_t len = 0, i;
	long got = 0;
	bool utf8, more;
	FILE *spool = NULL;

	while (len < HTML_PIECE &&
	    (got = input_read_text(in, buf + len, HTML_PIECE - len)) > 0)
		len += (size_t)got;
	if (got < 0) {
		free(buf);
		return;
	}
	/* a page that does not say its charset and starts as UTF-8 is read
	 * to its end first, to know whether it is all UTF-8 (past
	 * HTML_PIECE bytes, into a temporary file) */
	more = len == HTML_PIECE;
	/* the page's declaration, then a byte order mark (UTF-16 is UTF-8
	 * once read), then the rules for a page that declares none */
	enc = html_charset(buf, len, cs, sizeof cs);
	if (in->bom == 16 || (enc == NULL && in->bom == 8))
		enc = "UTF-8";
	if (enc == NULL && !more)
		enc = utf8_valid(buf, len) ? "UTF-8" : "windows-1252";
	else if (enc == NULL && !utf8_valid_part(buf, len, &i))
		enc = "windows-1252";
	if (enc == NULL) {
		if ((spool = html_spool(in, buf, len, &utf8)) == NULL) {
			free(buf);
			return;
		}
		enc = utf8 ? "UTF-8" : "windows-1252";
	}
	memset(&r, 0, sizeof r);
	pagetext_init(&r.page);
	r.seen = &cnt.seen;
	r.sh = sheet_new(in->name, count_army, &cnt);
	sheet_track(r.sh, &cnt.seen);
	cnt.seen.content = cnt.seen.html = true;   /* a page, if empty */
	h = xmlio_html_new(in->name, enc, &hcb);
	while (h != NULL) {
		if (spool != NULL) {
			len = fread(buf, 1, HTML_PIECE, spool);
			more = len == HTML_PIECE;
			if (ferror(spool)) {
				diag_sys("cannot read a temporary file in "
				    "'%s'", tmpf_dir());
				more = false;
			}
		}
		xmlio_html_push(h, buf, len, !more);
		if (!more)
			break;
		if (spool == NULL) {
			got = input_read_text(in, buf, HTML_PIECE);
			len = got > 0 ? (size_t)got : 0;
			more = got > 0;
		}
	}
	if (xmlio_html_free(h)) {
		sheet_flush(r.sh);
		if (cnt.seen.armies > 0 || cnt.seen.header > 0 ||
		    !page_armies(in, &r.page, &cnt))
			counted_end(&cnt);
		else {                  /* what counted_end frees */
			sbuf_free(&cnt.seen.hwords);
			sbuf_free(&cnt.seen.near);
		}
	} else {
		DIAG(HTML_UNREADABLE, 0, 0);
	}
	pagetext_free(&r.page);
	sheet_free(r.sh);
	for (i = 0; i < 64; i++)
		sbuf_free(&r.texts[i]);
	if (spool != NULL)
		fclose(spool);
	free(buf);
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

/* A forum post that starts with a BBCode tag ("[b]"): list text, not
 * JSON. */
static bool
bbcode(struct input *in)
{
	const unsigned char *p;
	size_t n = input_peek(in, &p, 128), i;

	for (i = 0; i < n && p[i] != '['; i++)
		;
	return i < n && listtext_bbcode((const char *)p + i, n - i);
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
	} else if (c == '{' || (c == '[' && !bbcode(in)))
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
