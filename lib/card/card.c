/* card: the card model, and the army and rules cards built from an army
 * and the rules table (the numbers come from lib/rules only). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyout.h"
#include "card/card.h"
#include "core/labels.h"
#include "core/str.h"
#include "core/xalloc.h"

static const struct paper papers[PAPER_N] = {
	{ "a6", 148, 105, "148mm 105mm", 7.0 },
	{ "a5", 210, 148, "210mm 148mm", 9.0 },
	{ "a4", 210, 297, "210mm 297mm", 10.0 },
	{ "letter", 215.9, 279.4, "8.5in 11in", 10.0 },
};

const struct paper *
card_paper(enum card_paper p)
{
	return &papers[p < PAPER_N ? p : PAPER_A6];
}

/* ---- the model --------------------------------------------------- */

/* A copy of s for the card: at most CARD_FIELD_MAX characters, a longer
 * field ends in an ellipsis. */
static char *
field(const char *s)
{
	size_t i = 0, n = strlen(s);
	int c;
	char *r;

	for (c = 0; i < n && c < CARD_FIELD_MAX; c++)
		i += utf8_seqlen(s + i, n - i);
	if (i == n)
		return xstrdup(s);
	r = xmalloc(i + sizeof "\u2026");
	memcpy(r, s, i);
	memcpy(r + i, "\u2026", sizeof "\u2026");
	return r;
}

void
card_init(struct card *c, const char *kind, const char *id,
    const char *title)
{
	memset(c, 0, sizeof *c);
	c->kind = xstrdup(kind);
	c->id = field(id);
	c->title = field(title);
	c->label = field(title);
	c->columns = 1;
}

static void
block_free(struct card_block *b)
{
	size_t i;

	free(b->title);
	if (b->head != NULL)
		for (i = 0; i < b->ncols; i++)
			free(b->head[i]);
	free(b->head);
	for (i = 0; i < b->nrows * b->ncols; i++)
		free(b->cell[i]);
	free(b->cell);
	free(b->heat);
	free(b->split);
}

/* Bits of mask above column k moved down by one, column k left out. */
static unsigned
drop_bit(unsigned mask, size_t k)
{
	unsigned low = mask & ((1u << k) - 1);

	return low | ((mask >> (k + 1)) << k);
}

static bool
fold_block(struct card_block *b)
{
	size_t k = b->fold, last = b->ncols - 1, r, i, o, nc = b->ncols - 1;
	char **cell, **head;
	struct sbuf s = { 0 };

	if (b->kind != BLK_TABLE || k == 0 || k >= last)
		return false;
	cell = xcalloc(b->nrows * nc + 1, sizeof *cell);
	for (r = 0; r < b->nrows; r++) {
		for (i = o = 0; i < b->ncols; i++) {
			char *v = b->cell[r * b->ncols + i];

			if (i == k)
				continue;
			if (i == last && *b->cell[r * b->ncols + k] != '\0') {
				sbuf_reset(&s);
				sbuf_adds(&s, b->cell[r * b->ncols + k]);
				if (*v != '\0') {
					sbuf_adds(&s, ": ");
					sbuf_adds(&s, v);
				}
				free(v);
				v = xstrdup(sbuf_str(&s));
			}
			cell[r * nc + o++] = v;
		}
		free(b->cell[r * b->ncols + k]);
	}
	free(b->cell);
	b->cell = cell;
	b->cap = b->nrows * nc + 1;
	if (b->head != NULL) {
		head = xcalloc(nc, sizeof *head);
		sbuf_reset(&s);
		sbuf_printf(&s, "%s: %s", b->head[k], b->head[last]);
		for (i = o = 0; i < b->ncols; i++)
			if (i != k)
				head[o++] = i == last ? xstrdup(sbuf_str(&s)) :
				    b->head[i];
		free(b->head[k]);
		free(b->head[last]);
		free(b->head);
		b->head = head;
	}
	b->num = drop_bit(b->num, k);
	b->wide = drop_bit(b->wide, k);
	b->center = drop_bit(b->center, k);
	b->strong = drop_bit(b->strong, k);
	free(b->heat);
	free(b->split);
	b->heat = NULL;
	b->split = NULL;
	b->heatcap = b->splitcap = 0;
	b->ncols = nc;
	b->fold = 0;
	sbuf_free(&s);
	return true;
}

bool
card_fold(struct card *c)
{
	bool any = false;
	size_t i;

	for (i = 0; i < c->nb; i++)
		any |= fold_block(&c->b[i]);
	return any;
}

void
card_drop_block(struct card *c)
{
	if (c->nb > 0)
		block_free(&c->b[--c->nb]);
}

void
card_free(struct card *c)
{
	size_t i;

	for (i = 0; i < c->nb; i++)
		block_free(&c->b[i]);
	free(c->b);
	free(c->kind);
	free(c->id);
	free(c->title);
	free(c->subtitle);
	free(c->label);
	free(c->file);
	memset(c, 0, sizeof *c);
}

struct card_block *
card_block(struct card *c, enum block_kind k, const char *title,
    size_t ncols)
{
	struct card_block *b;

	c->b = xgrow(c->b, &c->capb, c->nb + 1, sizeof *c->b);
	b = &c->b[c->nb++];
	memset(b, 0, sizeof *b);
	b->kind = k;
	b->title = title != NULL ? field(title) : NULL;
	b->ncols = k == BLK_FACTS ? 2 : k == BLK_TEXT ? 1 :
	    ncols > CARD_MAXCOLS ? CARD_MAXCOLS : ncols;
	return b;
}

void
block_head(struct card_block *b, ...)
{
	va_list ap;
	size_t i;

	b->head = xcalloc(b->ncols, sizeof *b->head);
	va_start(ap, b);
	for (i = 0; i < b->ncols; i++)
		b->head[i] = field(va_arg(ap, const char *));
	va_end(ap);
}

void
block_rowv(struct card_block *b, const char *const *v)
{
	size_t i;

	b->cell = xgrow(b->cell, &b->cap, (b->nrows + 1) * b->ncols,
	    sizeof *b->cell);
	for (i = 0; i < b->ncols; i++)
		b->cell[b->nrows * b->ncols + i] = field(v[i] != NULL ?
		    v[i] : "");
	b->nrows++;
}

void
block_row(struct card_block *b, ...)
{
	const char *v[CARD_MAXCOLS];
	va_list ap;
	size_t i;

	va_start(ap, b);
	for (i = 0; i < b->ncols; i++)
		v[i] = va_arg(ap, const char *);
	va_end(ap);
	block_rowv(b, v);
}

void
block_heat(struct card_block *b, size_t row, size_t col, int pct)
{
	size_t i;

	if (row >= b->nrows || col >= b->ncols)
		return;
	if (b->heat == NULL) {
		b->heat = xmalloc(b->nrows * b->ncols * sizeof *b->heat);
		memset(b->heat, -1, b->nrows * b->ncols * sizeof *b->heat);
		b->heatcap = b->nrows * b->ncols;
	} else if (b->heatcap < b->nrows * b->ncols) {
		i = b->heatcap;
		b->heat = xgrow(b->heat, &b->heatcap, b->nrows * b->ncols,
		    sizeof *b->heat);
		memset(b->heat + i, -1, (b->heatcap - i) * sizeof *b->heat);
	}
	b->heat[row * b->ncols + col] = (signed char)(pct < 0 ? 0 :
	    pct > 100 ? 100 : pct);
}

int
block_heat_at(const struct card_block *b, size_t row, size_t col)
{
	size_t i = row * b->ncols + col;

	return b->heat != NULL && row < b->nrows && col < b->ncols &&
	    i < b->heatcap ? b->heat[i] : -1;
}

void
block_split(struct card_block *b, size_t row, size_t col,
    const int v[CARD_SPLIT])
{
	size_t i, n = b->nrows * b->ncols * CARD_SPLIT, at;
	int k;

	if (row >= b->nrows || col >= b->ncols)
		return;
	if (b->splitcap < n) {
		i = b->splitcap;
		b->split = xgrow(b->split, &b->splitcap, n, 1);
		memset(b->split + i, 255, b->splitcap - i);
	}
	at = (row * b->ncols + col) * CARD_SPLIT;
	for (k = 0; k < CARD_SPLIT; k++)
		b->split[at + (size_t)k] = (unsigned char)(v[k] < 0 ? 0 :
		    v[k] > 100 ? 100 : v[k]);
}

bool
block_split_at(const struct card_block *b, size_t row, size_t col,
    int v[CARD_SPLIT])
{
	size_t at = (row * b->ncols + col) * CARD_SPLIT;
	int k;

	if (b->split == NULL || row >= b->nrows || col >= b->ncols ||
	    at + CARD_SPLIT > b->splitcap || b->split[at] == 255)
		return false;
	for (k = 0; k < CARD_SPLIT; k++)
		v[k] = b->split[at + (size_t)k];
	return true;
}

double
card_split_grey(int k)
{
	static const double g[CARD_SPLIT] = { 0.0, 0.38, 0.66, 0.88, 1.0 };

	return k >= 0 && k < CARD_SPLIT ? g[k] : 1.0;
}

void
card_tint_rgb(int k, double rgb[3])
{
	/* blue, sand, green, lilac; the strip a light grey */
	static const unsigned char t[CARD_TINTS + 1][3] = {
		{ 0x9b, 0xbf, 0xe8 }, { 0xf7, 0xdc, 0xa0 },
		{ 0xb5, 0xd9, 0xa5 }, { 0xf0, 0xe0, 0xf4 },
		{ 0xe6, 0xe6, 0xe6 }
	};
	int i, j = k < 0 ? 0 : k > CARD_TINTS ? CARD_TINTS : k;

	for (i = 0; i < 3; i++)
		rgb[i] = t[j][i] / 255.0;
}

int
card_section(const struct card *c, size_t i)
{
	size_t j;
	int k = 0;

	if (i >= c->nb)
		return -1;
	for (j = 0; j <= i; j++) {
		const struct card_block *b = &c->b[j];

		if (b->title == NULL && !(b->kind == BLK_TABLE &&
		    b->head != NULL))
			continue;
		/* a grid shaded on a grey ramp keeps a plain grey head */
		if (b->heat != NULL)
			return j == i ? -1 : k % CARD_TINTS;
		if (j == i)
			return k % CARD_TINTS;
		k++;
	}
	return -1;
}

void
card_heat_rgb(int pct, double rgb[3])
{
	/* white-grey (0) to a mid grey (100): dark is good for the row,
	 * and black text stays readable on every shade */
	double t = (pct < 0 ? 0 : pct > 100 ? 100 : pct) / 100.0;

	rgb[0] = rgb[1] = rgb[2] = 0.98 - 0.36 * t;
}

const char *
block_cell(const struct card_block *b, size_t row, size_t col)
{
	return row < b->nrows && col < b->ncols ?
	    b->cell[row * b->ncols + col] : "";
}

bool
block_notes_col(const struct card_block *b)
{
	return b->kind == BLK_TABLE && b->ncols > 1 &&
	    b->wide == 1u << (b->ncols - 1);
}

void
card_fit_free(struct card_fit *f)
{
	free(f->b);
	f->b = NULL;
	f->nb = f->capb = 0;
}

/* ---- runs of a cell ---------------------------------------------- */

/* The length of the sign at s (*, ?, dagger, double dagger), 0 if none. */
static size_t
sign_len(const char *s)
{
	if (*s == '*' || *s == '?')
		return 1;
	if ((unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
	    ((unsigned char)s[2] == 0xa0 || (unsigned char)s[2] == 0xa1))
		return 3;
	return 0;
}

/* Ends a word: the end, a space or a punctuation mark after a sign. */
static bool
word_end(char ch)
{
	return ch == '\0' || strchr(" ;,:)./", ch) != NULL;
}

/* The length of an army id with a slash at s ("II/8b", "III/17"), 0 if
 * none: a Roman book number, a slash, a number, letters. */
static size_t
id_len(const char *s)
{
	size_t n = strspn(s, "IVX"), d;

	if (n == 0 || s[n] != '/')
		return 0;
	d = strspn(s + n + 1, "0123456789");
	if (d == 0)
		return 0;
	n += 1 + d;
	n += strspn(s + n, "abcdefghijklmnopqrstuvwxyz");
	return (s[n] >= '0' && s[n] <= '9') || ((s[n] | 0x20) >= 'a' &&
	    (s[n] | 0x20) <= 'z') ? 0 : n;
}

size_t
card_run(const char *s, size_t i, enum card_run *k)
{
	size_t j = i, n;

	for (;;) {
		bool start = j == 0 || strchr(" (,", s[j - 1]) != NULL;

		if (s[j] == '\0')
			break;
		if (j > 0 && s[j - 1] != ' ' && (n = sign_len(s + j)) > 0) {
			size_t e = j + n;

			while ((n = sign_len(s + e)) > 0)
				e += n;
			if (word_end(s[e])) {
				if (j > i)
					break;
				*k = CARD_RUN_SIGN;
				return e - i;
			}
		}
		if (start && (n = id_len(s + j)) > 0) {
			if (j > i)
				break;
			*k = CARD_RUN_ID;
			return n;
		}
		j++;
	}
	*k = CARD_RUN_TEXT;
	return j - i;
}

/* ---- helpers ----------------------------------------------------- */

static const char *
lb(enum lang lang, enum label l)
{
	return lang_label(lang, l);
}

/* The mark of a reconstructed number (formats/dba1.xml source), and the
 * footnote of a card that shows it. */
#define RECON_MARK "\xe2\x80\xa0"
/* The mark of an army card whose list is incomplete (L_INCOMPLETE). */
#define INCOMPLETE_MARK "\xe2\x9a\xa0"

static const char *
recon_mark(int src)
{
	return src == SRC_RECONSTRUCTED ? RECON_MARK : "";
}

static void
recon_note(struct card *c, enum lang lang)
{
	block_row(card_block(c, BLK_TEXT, NULL, 1), lb(lang, L_RECONSTRUCTED));
}

/* The sign of a figure that two sources do not confirm: * one source
 * (1S), ? the sources disagree (X), a double dagger recalled (R); none
 * for 2S or a figure without a confidence (dba1).  *used gets a bit per
 * sign, for the footnotes of conf_notes. */
static const char *
conf_mark(unsigned *used, const struct rules_prov *p)
{
	static const char *const conf[] = { "1S", "X", "R" };
	static const char *const sign[] = { "*", "?", "\xe2\x80\xa1" };
	size_t k;

	for (k = 0; k < sizeof conf / sizeof conf[0]; k++)
		if (strcmp(p->conf, conf[k]) == 0) {
			*used |= 1u << k;
			return sign[k];
		}
	return "";
}

/* v with the sign of p, in buf. */
static const char *
marked(char *buf, size_t n, const char *v, unsigned *used,
    const struct rules_prov *p)
{
	snprintf(buf, n, "%s%s", v, conf_mark(used, p));
	return buf;
}

static void
conf_notes(struct card *c, unsigned used, enum lang lang)
{
	struct card_block *t;
	int k;

	if (used == 0)
		return;
	t = card_block(c, BLK_TEXT, NULL, 1);
	for (k = 0; k < 3; k++)
		if (used & (1u << k))
			block_row(t, lb(lang, L_CONF_1S + k));
}

/* Psiloi as the language writes them (the support behind). */
static const char *
psiloi_abbr(enum lang lang)
{
	const struct troop *t = troop_by_code("Ps");

	return t != NULL ? troop_abbr(t, lang) : "Ps";
}

static const char *
num(char *buf, size_t n, long v)
{
	snprintf(buf, n, "%ld", v);
	return buf;
}

static const char *
signed_num(char *buf, size_t n, long v)
{
	if (v < 0)
		snprintf(buf, n, "\xe2\x88\x92%ld", -v);   /* minus sign */
	else
		snprintf(buf, n, "+%ld", v);
	return buf;
}

/* Codes of the troops in mask, and the class words, joined by ", ". */
static void
winners_text(struct sbuf *b, uint64_t mask, unsigned classes,
    enum lang lang)
{
	size_t i, n = 0;

	if (mask == 0 && classes == 0)
		return;
	if (classes & (1u << CLASS_FOOT)) {
		sbuf_adds(b, lb(lang, L_CLS_FOOT));
		n++;
	}
	if (classes & (1u << CLASS_MOUNTED)) {
		sbuf_printf(b, "%s%s", n++ ? ", " : "", lb(lang,
		    L_CLS_MOUNTED));
	}
	for (i = 0; i < troop_count() && i < 64; i++)
		if (mask & ((uint64_t)1 << i))
			sbuf_printf(b, "%s%s", n++ ? ", " : "",
			    troop_abbr(troop_at(i), lang));
}

/* The sub-type tags of mask (dba3 Lb, 4Kn), after n names. */
static void
tags_text(struct sbuf *b, const struct rules *r, uint64_t mask, size_t n)
{
	int i;

	for (i = 0; r != NULL && i < r->ntags; i++)
		if (mask & ((uint64_t)1 << i))
			sbuf_printf(b, "%s%s", n++ ? ", " : "", r->tag[i]);
}

static const char *
outcome_label(int o, enum lang lang)
{
	return lb(lang, L_OUT_RECOIL + (o >= 0 && o < OUT_N ? o : OUT_NONE));
}

/* The conditions of an exception but its winners, " (good going, close
 * combat)"; without parentheses (paren false) " itself in bad going"
 * after no winners; nothing when it has none.  brief (army cards): the
 * going in the words of the card's move columns where a language has
 * them ("offen", not "offenes Gelände"). */
static void
exc_cond(struct sbuf *b, const struct rules *r, const struct rules_exc *e,
    bool paren, bool brief, enum lang lang)
{
	static const int label[][3] = {
		{ L_GOING_GOOD, L_GOING_DIFF, L_GOING_ROUGH },
		{ L_CLOSE, L_SHOOTING, L_SHOOTING },
		{ L_EXC_LOSER_GOOD, L_EXC_LOSER_DIFF, L_EXC_LOSER_ROUGH },
		{ L_EXC_LOSER_OPEN, L_EXC_LOSER_FORT, L_EXC_LOSER_FORT },
		{ L_EXC_WINNER_OPEN, L_EXC_WINNER_FORT, L_EXC_WINNER_FORT },
		{ L_EXC_NOT_CHARGED, L_EXC_CHARGED, L_EXC_CHARGED }
	};
	static const int note_going[] = { L_NOTE_GOOD, L_NOTE_DIFF,
		L_NOTE_ROUGH };
	const int v[] = { e->going, e->kind, e->loser_going, e->loser_in,
		e->winner_in, e->loser_charged };
	size_t i, n = 0;
	int l, k;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		if (v[i] < 0)
			continue;
		k = v[i] > 2 ? 1 : v[i];
		l = i == 0 && brief ? note_going[k] : label[i][k];
		/* dba3: "bad going" where 2.2 says "difficult" */
		if (k == 1 && r->has_rough && i == 0)
			l = brief ? L_NOTE_BAD : L_GOING_BAD;
		else if (k == 1 && r->has_rough && i == 2)
			l = L_EXC_LOSER_BAD;
		sbuf_printf(b, "%s%s", n++ ? ", " : paren ? " (" : " ",
		    lb(lang, (enum label)l));
	}
	if (e->ltags != 0) {
		sbuf_printf(b, "%s%s ", n++ ? ", " : paren ? " (" : " ",
		    lb(lang, L_EXC_AS));
		tags_text(b, r, e->ltags, 0);
	}
	if (n > 0 && paren)
		sbuf_addc(b, ')');
}

static bool
same_cond(const struct rules_exc *a, const struct rules_exc *b)
{
	return a->going == b->going && a->kind == b->kind &&
	    a->ltags == b->ltags &&
	    a->loser_going == b->loser_going && a->loser_in == b->loser_in &&
	    a->winner_in == b->winner_in &&
	    a->loser_charged == b->loser_charged;
}

static bool
has_winners(const struct rules_exc *e)
{
	return e->winners != 0 || e->classes != 0 || e->wtags != 0;
}

/* Exceptions a and b say the same thing with the same marks (with conf,
 * the same confidence sign), so that one clause "doubled by X or by Y:
 * flee" tells both. */
static bool
same_clause(const struct rules_exc *a, const struct rules_exc *b,
    bool conf)
{
	return a->result == b->result && a->outcome == b->outcome &&
	    a->src == b->src &&
	    (!conf || strcmp(a->prov.conf, b->prov.conf) == 0);
}

/* One clause from e[0] on: "beaten by Kn, El (good going) or by Bw
 * (having charged): destroyed", of the next exceptions of that result
 * that same_clause() joins (winners under the same conditions in one
 * list), their marks after it; the number of exceptions it tells. */
static size_t
exc_clause(struct sbuf *b, const struct rules *r, const struct rules_exc *e,
    size_t n, enum lang lang, unsigned *used, bool brief)
{
	size_t i = 0, j;
	bool by = false, win;   /* by: the clause before named its winners */

	sbuf_adds(b, lb(lang, e[0].result == 2 ? L_EQUAL : e[0].result ?
	    L_DOUBLED : L_BEATEN));
	while (i < n && same_clause(&e[0], &e[i], used != NULL)) {
		uint64_t w = e[i].winners, tg = e[i].wtags;
		unsigned cls = e[i].classes;

		for (j = i + 1; j < n && same_clause(&e[0], &e[j], used != NULL) &&
		    has_winners(&e[i]) && has_winners(&e[j]) &&
		    same_cond(&e[i], &e[j]); j++) {
			w |= e[j].winners;
			cls |= e[j].classes;
			tg |= e[j].wtags;
		}
		win = w != 0 || cls != 0 || tg != 0;
		if (win && by)          /* "or by", not "or" and "by" again */
			sbuf_printf(b, " %s ", lb(lang, L_OR_BY));
		else {
			if (i > 0)
				sbuf_printf(b, " %s", lb(lang, L_LIST_OR));
			if (win)
				sbuf_printf(b, " %s ", lb(lang, L_BY));
		}
		if (win) {
			size_t at = b->len;

			winners_text(b, w, cls, lang);
			tags_text(b, r, tg, b->len > at);
		}
		by = win;       /* after a clause of the loser's own, "by" again */
		exc_cond(b, r, &e[i], win || e[i].going >= 0 ||
		    e[i].kind >= 0, brief, lang);
		i = j;
	}
	sbuf_printf(b, ": %s%s", outcome_label(e[0].outcome, lang),
	    recon_mark(e[0].src));
	if (used != NULL)
		sbuf_adds(b, conf_mark(used, &e[0].prov));
	return i;
}

/* The exceptions of rt, beaten ones first, in clauses joined by sep;
 * with used, each clause with its confidence sign.  True when one is
 * marked as reconstructed. */
static bool
exc_text(struct sbuf *b, const struct rules *r, const struct rules_troop *rt,
    enum lang lang, const char *sep, unsigned *used, bool brief)
{
	struct rules_exc *e;
	size_t i, n = 0;
	int res;
	bool recon = false;

	if (rt->nexc == 0)
		return false;
	e = xcalloc(rt->nexc, sizeof *e);
	/* beaten, doubled, then equal scores (dba3) */
	for (res = 0; res < 3; res++)
		for (i = 0; i < rt->nexc; i++)
			if ((rt->exc[i].result == 2 ? 2 :
			    rt->exc[i].result != 0) == res)
				e[n++] = rt->exc[i];
	for (i = 0; i < n; i += exc_clause(b, r, &e[i], n - i, lang, used,
	    brief)) {
		if (b->len > 0)
			sbuf_adds(b, sep);
		recon |= e[i].src == SRC_RECONSTRUCTED;
	}
	free(e);
	return recon;
}
static void
note(struct sbuf *b, const char *s)
{
	if (b->len > 0)
		sbuf_adds(b, "; ");
	sbuf_adds(b, s);
}

/* The outcomes of a loser: "beaten: flee" where the rules' default does
 * not say it (*dropped set where it does), then its exceptions (with
 * used, their confidence signs); true when one of them is marked as
 * reconstructed.  A reconstructed row says only what differs from the
 * default, the mark on its last outcome, or "default outcomes" with the
 * mark when nothing differs: never the default line again. */
static bool
outcome_text(struct sbuf *b, const struct rules *r,
    const struct rules_troop *rt, enum lang lang, bool *dropped,
    unsigned *used, bool brief)
{
	bool recon = rt->outcome_src == SRC_RECONSTRUCTED;
	bool beaten = rt->beaten != r->dflt_beaten;
	bool doubled = rt->doubled != r->dflt_doubled;
	const char *mark = recon_mark(rt->outcome_src);

	if (!rt->has_outcome)
		return false;
	if (beaten) {
		note(b, lb(lang, L_BEATEN));
		sbuf_printf(b, ": %s%s", outcome_label(rt->beaten, lang),
		    doubled ? "" : mark);
	}
	if (doubled) {
		note(b, lb(lang, L_DOUBLED));
		sbuf_printf(b, ": %s%s", outcome_label(rt->doubled, lang),
		    mark);
	}
	if (recon && !beaten && !doubled) {
		note(b, lb(lang, L_OUT_AS_DEFAULT));
		sbuf_adds(b, mark);
	}
	if (!beaten || !doubled)
		*dropped = true;
	return exc_text(b, r, rt, lang, "; ", used, brief) || recon;
}

/* The line of the outcomes that army cards leave out. */
static void
outcome_default_text(struct sbuf *b, const struct rules *r, enum lang lang)
{
	sbuf_printf(b, "%s: %s: %s, %s: %s", lb(lang, L_OUT_UNLESS),
	    lb(lang, L_BEATEN), outcome_label(r->dflt_beaten, lang),
	    lb(lang, L_DOUBLED), outcome_label(r->dflt_doubled, lang));
}

static void
outcome_default(struct card *c, const struct rules *r, enum lang lang)
{
	struct sbuf b = { 0 };

	outcome_default_text(&b, r, lang);
	block_row(card_block(c, BLK_TEXT, NULL, 1), sbuf_str(&b));
	sbuf_free(&b);
}

/* A length of the rules in their unit (paces; dba3 base widths). */
static const char *
len_cell(char *buf, size_t n, const struct rules *r, long v)
{
	return rules_len_fmt(r, (double)v, buf, n);
}

static const char *
move_cell(char *buf, size_t n, const struct rules *r,
    const struct rules_troop *rt, long v)
{
	if (!rt->has_move)
		return "\xe2\x80\x93";
	if (v == 0)
		return "\xe2\x80\x93";
	return len_cell(buf, n, r, v);
}

/* ---- the army card ------------------------------------------------ */

/* dba3: rough and bad going in one cell, "1" when they agree, "1/–". */
static const char *
rough_bad(char *buf, size_t n, const struct rules *r,
    const struct rules_troop *rt)
{
	char x[16], y[16];
	const char *a = move_cell(x, sizeof x, r, rt, rt->move_rough);
	const char *b = move_cell(y, sizeof y, r, rt, rt->move_difficult);

	if (strcmp(a, b) == 0)
		snprintf(buf, n, "%s", a);
	else
		snprintf(buf, n, "%s/%s", a, b);
	return buf;
}

/* The list spelling of a troop reference: figures and the name as
 * written (3Bd, HCh, 8Bw), for the edition's sub-types. */
static int
ref_subtype(const struct rules *r, const struct troopref *t)
{
	char sp[64];

	snprintf(sp, sizeof sp, "%s%s%s", t->mtd ? "Mtd-" : "",
	    t->figures != NULL ? t->figures : "",
	    t->written != NULL ? t->written : t->t->code);
	return rules_subtype_find(r, sp, strlen(sp));
}

/* The sub-types of an army card's row with rules of their own: each
 * one's spelling and what it says ("fast 3/3/3/3"). */
struct subnotes {
	char sp[64][24], say[64][120];
	size_t n;
};

/* The sub-types of troop in list that have rules of their own (dba3),
 * each once (seen), into *sn. */
static void
subtype_find(struct subnotes *sn, const struct rules *r,
    const struct package *list, int troop, uint64_t *seen, enum lang lang)
{
	const struct rules_subtype *st;
	char g[24], ro[24], d[24], rd[24], *line;
	size_t i, j, z;
	int k;

	for (i = 0; i < list->n; i++) {
		const struct item *it = &list->items[i];

		for (j = 0; it->kind == ITEM_CHOICE && j < it->npkgs; j++)
			subtype_find(sn, r, &it->pkgs[j], troop, seen, lang);
		for (j = 0; it->kind == ITEM_ELEMENT && j < it->ntroops; j++) {
			if (it->troops[j].t == NULL ||
			    it->troops[j].t->id != troop)
				continue;
			k = ref_subtype(r, &it->troops[j]);
			st = rules_subtype_own(r, k);
			if (st == NULL || k > 64 || sn->n == 64 ||
			    (*seen & ((uint64_t)1 << (k - 1))))
				continue;
			*seen |= (uint64_t)1 << (k - 1);
			line = sn->say[sn->n];
			z = sizeof sn->say[0];
			snprintf(line, z, "%s%s%s%s%s%s",
			    st->foot == FOOT_FAST ? lb(lang, L_FAST) :
			    st->foot == FOOT_SOLID ? lb(lang, L_SOLID) : "",
			    st->dbl && st->foot != FOOT_NONE ? " " : "",
			    st->dbl ? lb(lang, L_DOUBLE) : "",
			    st->cls == CLASS_MOUNTED && (st->dbl ||
			    st->foot != FOOT_NONE) ? " " : "",
			    st->cls == CLASS_MOUNTED ? lb(lang, L_CLS_MOUNTED) :
			    "", "");
			if (st->has_move)
				snprintf(line + strlen(line), z - strlen(line),
				    "%s%s/%s/%s/%s", *line != '\0' ? " " : "",
				    len_cell(g, sizeof g, r, st->move_good),
				    len_cell(ro, sizeof ro, r, st->move_rough),
				    len_cell(d, sizeof d, r, st->move_difficult),
				    len_cell(rd, sizeof rd, r, st->move_road));
			if (*line == '\0')
				continue;
			snprintf(sn->sp[sn->n++], sizeof sn->sp[0], "%s",
			    st->spelling);
		}
	}
}

/* Notes for the sub-types of troop in list that have rules of their own
 * (dba3): "3Cb, 3Bw: fast 3/3/3/3; 4Cb: solid", those that say the same
 * in one note, in the order of the list. */
static void
subtype_notes(struct sbuf *n, const struct rules *r, const struct package *list,
    int troop, enum lang lang)
{
	struct subnotes sn;
	uint64_t seen = 0, done = 0;
	size_t i, j;

	sn.n = 0;
	subtype_find(&sn, r, list, troop, &seen, lang);
	for (i = 0; i < sn.n; i++) {
		if (done & ((uint64_t)1 << i))
			continue;
		note(n, sn.sp[i]);
		for (j = i + 1; j < sn.n; j++)
			if (strcmp(sn.say[i], sn.say[j]) == 0) {
				sbuf_printf(n, ", %s", sn.sp[j]);
				done |= (uint64_t)1 << j;
			}
		sbuf_printf(n, ": %s", sn.say[i]);
	}
}

struct tally {
	long min, max;
	bool seen, general;
	size_t order;
};

struct counts {
	struct tally *t;        /* by troop id */
	size_t n, next;
};

static void count_list(struct counts *k, const struct package *p,
    struct tally *out);

static void
add_range(struct tally *dst, const struct tally *src, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		dst[i].min += src[i].min;
		dst[i].max += src[i].max;
	}
}

static void
see(struct counts *k, const struct troop *t, bool general)
{
	struct tally *y = &k->t[t->id];

	if (!y->seen)
		y->order = k->next++;
	y->seen = true;
	y->general |= general;
}

static void
count_item(struct counts *k, const struct item *it, struct tally *out)
{
	struct tally *alt, *lo;
	size_t i, j;
	int same = 1;

	if (it->kind == ITEM_ELEMENT) {
		for (i = 0; i < it->ntroops; i++) {
			const struct troopref *r = &it->troops[i];

			if (r->t == NULL)
				continue;
			see(k, r->t, it->general);
			if (i > 0 && r->t != it->troops[0].t)
				same = 0;
			if (r->dis != NULL) {
				see(k, r->dis, false);
				out[r->dis->id].max += it->count;
			}
		}
		for (i = 0; i < it->ntroops; i++) {
			const struct troop *t = it->troops[i].t;

			if (t == NULL || (i > 0 && same))
				continue;
			out[t->id].max += it->count;
			if (same || it->ntroops == 1)
				out[t->id].min += it->count;
		}
		return;
	}
	/* a choice: per type the least and the most of any package */
	alt = xcalloc(k->n, sizeof *alt);
	lo = xcalloc(k->n, sizeof *lo);
	for (i = 0; i < it->npkgs; i++) {
		memset(alt, 0, k->n * sizeof *alt);
		count_list(k, &it->pkgs[i], alt);
		for (j = 0; j < k->n; j++) {
			if (i == 0 || alt[j].min < lo[j].min)
				lo[j].min = alt[j].min;
			if (alt[j].max > lo[j].max)
				lo[j].max = alt[j].max;
		}
	}
	add_range(out, lo, k->n);
	free(alt);
	free(lo);
}

static void
count_list(struct counts *k, const struct package *p, struct tally *out)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		count_item(k, &p->items[i], out);
}

/* The notes of a troop on the army card; true when one of them is
 * marked as reconstructed. */
static bool
army_notes(struct sbuf *b, const struct rules *r, const struct troop *t,
    bool general, enum lang lang, bool *dropped)
{
	const struct rules_troop *rt = &r->t[t->id];
	char v[32];
	bool recon = false;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (general)
		note(b, lb(lang, L_GENERAL));
	if (rt->shooter) {
		char rg[24];

		sbuf_printf(b, "%s%s %s%s%s", b->len ? "; " : "",
		    lb(lang, L_SHOOTS), len_cell(rg, sizeof rg, r, rt->range),
		    lb(lang, r->unit == UNIT_BW ? L_BW_SHORT : L_PACES),
		    recon_mark(r->shooting_src));
		recon |= r->shooting_src == SRC_RECONSTRUCTED;
		/* factors of its own in shooting (2.2 Art 4/4, 2/2 close) */
		if (rt->has_shoot)
			sbuf_printf(b, " (%s %d/%d)", lb(lang, L_SHOOTING),
			    rt->factor_shoot[CLASS_FOOT],
			    rt->factor_shoot[CLASS_MOUNTED]);
	}
	if (rt->has_rear) {
		sbuf_printf(b, "%s%s %s", b->len ? "; " : "",
		    lb(lang, L_REAR_SUPPORT), signed_num(v, sizeof v,
		    rt->rear));
	}
	if (rt->has_psiloi) {
		sbuf_printf(b, "%s%s %s", b->len ? "; " : "",
		    lb(lang, L_PSILOI_SUPPORT), signed_num(v, sizeof v,
		    rt->psiloi));
	}
	if (rt->cancels_support)
		note(b, lb(lang, L_CANCELS));
	if (rt->diff_exempt)
		note(b, lb(lang, r->has_rough ? L_BAD_EXEMPT :
		    L_DIFF_EXEMPT));
	if (rt->has_move && !rt->contact)
		note(b, lb(lang, L_NO_CONTACT));
	if (rt->pip_surcharge && r->pip_elephants != 0) {
		sbuf_printf(b, "%s%s %s", b->len ? "; " : "",
		    lb(lang, L_PIP), signed_num(v, sizeof v,
		    r->pip_elephants));
	}
	recon |= outcome_text(b, r, rt, lang, dropped, NULL, true);
	return recon;
}

void
card_period(struct sbuf *b, const struct army *a, enum lang lang)
{
	long f = a->from, t = a->to;

	if (!a->period_ok) {
		sbuf_adds(b, a->period != NULL ? a->period : "");
		return;
	}
	if (a->approx)
		sbuf_printf(b, "%s ", lb(lang, L_APPROX));
	/* a single year ("c. 1200 BC"), not a range of one year */
	if (f == t)
		sbuf_printf(b, "%ld %s", f < 0 ? -f : f, lb(lang, f < 0 ?
		    L_BC : L_AD));
	else if (f < 0 && t < 0)
		sbuf_printf(b, "%ld\xe2\x80\x93%ld %s", -f, -t,
		    lb(lang, L_BC));
	else if (f < 0)
		sbuf_printf(b, "%ld %s \xe2\x80\x93 %ld %s", -f,
		    lb(lang, L_BC), t, lb(lang, L_AD));
	else
		sbuf_printf(b, "%ld\xe2\x80\x93%ld %s", f, t, lb(lang, L_AD));
}

static void
join(struct sbuf *b, char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sbuf_printf(b, "%s%s", i ? ", " : "", v[i]);
}

/* A list's home topography in the card's language ("Arable": "Пашня");
 * any other text as written. */
static const char *
card_terrain(const char *s, enum lang lang)
{
	int l;

	/* the English label is the word the lists write */
	for (l = L_TOPO_ARABLE; l <= L_TOPO_MOUNTAIN; l++)
		if (str_ieq(s, strlen(s), lang_label(LANG_EN, (enum label)l)))
			return lb(lang, (enum label)l);
	return s;
}

/* The notes of the element line that the cards translate, "(tower)" as
 * "(Turm)": in an element line a word in brackets is a note of the list
 * (packages open with a count); other notes stay as written. */
static void
note_words(struct sbuf *b, enum lang lang)
{
	struct sbuf o = { 0 }, w = { 0 };
	const char *s = sbuf_str(b), *p;
	int l;

	if (lang == LANG_EN)
		return;
	sbuf_add(&o, "", 0);
	for (l = L_NOTE_TOWER; l <= L_NOTE_TOWER; l++) {
		sbuf_reset(&w);
		sbuf_printf(&w, "(%s)", lang_label(LANG_EN, (enum label)l));
		sbuf_reset(&o);
		while ((p = strstr(s, sbuf_str(&w))) != NULL) {
			sbuf_add(&o, s, (size_t)(p - s));
			sbuf_printf(&o, "(%s)", lb(lang, (enum label)l));
			s = p + w.len;
		}
		sbuf_adds(&o, s);
		sbuf_reset(b);
		sbuf_adds(b, sbuf_str(&o));
		s = sbuf_str(b);
	}
	sbuf_free(&o);
	sbuf_free(&w);
}

/* The header of an army card: the facts strip (period, terrain,
 * aggression, the general's type, enemies: short facts in one band, as
 * army pages show them), then the allies and the elements. */
static void
army_header(struct card *c, const struct army *a, const char *general,
    enum lang lang)
{
	struct card_block *f = card_block(c, BLK_FACTS, NULL, 2);
	struct sbuf b = { 0 };

	f->strip = true;
	if (a->period != NULL) {
		card_period(&b, a, lang);
		block_row(f, lb(lang, L_PERIOD), sbuf_str(&b));
	}
	if (a->terrain != NULL)
		block_row(f, lb(lang, L_TERRAIN), card_terrain(a->terrain,
		    lang));
	if (a->aggression != NULL)
		block_row(f, lb(lang, L_AGGRESSION), a->aggression);
	if (*general != '\0')
		block_row(f, lb(lang, L_FACT_GENERAL), general);
	sbuf_reset(&b);
	join(&b, a->enemies, a->nenemies);
	block_row(f, lb(lang, L_ENEMIES), a->nenemies ? sbuf_str(&b) :
	    "\xe2\x80\x93");
	f = card_block(c, BLK_FACTS, NULL, 2);
	if (a->has_allies && a->nallies > 0) {
		sbuf_reset(&b);
		join(&b, a->allies, a->nallies);
		block_row(f, lb(lang, L_ALLIES), sbuf_str(&b));
	}
	sbuf_reset(&b);
	army_elements_card(&b, &a->list, lang);
	note_words(&b, lang);
	block_row(f, lb(lang, L_COMPOSITION), sbuf_str(&b));
	sbuf_free(&b);
}

static void
unknown_rows(struct card_block *t, const struct package *p, enum lang lang)
{
	const char *dash = "\xe2\x80\x93";
	char n[48];
	size_t i, j;

	for (i = 0; i < p->n; i++) {
		const struct item *it = &p->items[i];

		for (j = 0; it->kind == ITEM_ELEMENT && j < it->ntroops; j++) {
			if (it->troops[j].t != NULL)
				continue;
			if (it->ntroops == 1)
				snprintf(n, sizeof n, "%ld", it->count);
			else
				snprintf(n, sizeof n, "0\xe2\x80\x93%ld",
				    it->count);
			block_row(t, "?", it->troops[j].name != NULL ?
			    it->troops[j].name : "?", n, dash, dash, dash,
			    dash, dash, lb(lang, L_UNKNOWN));
		}
		for (j = 0; it->kind == ITEM_CHOICE && j < it->npkgs; j++)
			unknown_rows(t, &it->pkgs[j], lang);
	}
}

/* A troop type's row of the army card: the type, its cells (count,
 * factors, moves: v[2] to v[7]) and notes. */
struct army_row {
	const struct troop *tp;
	bool known;
	char v[8][32];
	struct sbuf notes;
	bool done;              /* told in a row before */
};

/* The clauses of notes s ("; " between them) into v, at most max;
 * their number.  The strings are cut out of s, which is changed. */
static size_t
clauses(char *s, char **v, size_t max)
{
	size_t n = 0;
	char *e;

	while (*s != '\0' && n < max) {
		v[n++] = s;
		if ((e = strstr(s, "; ")) == NULL)
			break;
		*e = '\0';
		s = e + 2;
	}
	return n;
}

#define ARMY_CLAUSES 32

/* The notes of the rows g[0..n) told in one cell: the clauses all of
 * them have once, then each row's others after its code, "cancels rear
 * support \xc2\xb7 Wb: rear support +1 \xc2\xb7 Hd: PIP +1". */
static void
merged_notes(struct sbuf *out, struct army_row *const *g, size_t n,
    enum lang lang)
{
	char *cl[RULES_MAXTROOPS][ARMY_CLAUSES], *copy[RULES_MAXTROOPS];
	size_t nc[RULES_MAXTROOPS] = { 0 }, i, j, m;
	bool all, any;

	for (i = 0; i < n; i++) {
		copy[i] = xstrdup(sbuf_str(&g[i]->notes));
		nc[i] = clauses(copy[i], cl[i], ARMY_CLAUSES);
	}
	/* the clauses of the first that every other has: said once */
	for (j = 0; j < nc[0]; j++) {
		for (i = 1, all = true; i < n && all; i++) {
			for (m = 0; m < nc[i] && (cl[i][m] == NULL ||
			    strcmp(cl[i][m], cl[0][j]) != 0); m++)
				;
			all = m < nc[i];
		}
		if (!all)
			continue;
		note(out, cl[0][j]);
		for (i = 1; i < n; i++)
			for (m = 0; m < nc[i]; m++)
				if (cl[i][m] != NULL &&
				    strcmp(cl[i][m], cl[0][j]) == 0) {
					cl[i][m] = NULL;
					break;
				}
		cl[0][j] = NULL;
	}
	for (i = 0; i < n; i++) {
		for (m = 0, any = false; m < nc[i]; m++) {
			if (cl[i][m] == NULL)
				continue;
			if (!any)
				sbuf_printf(out, "%s%s: ", out->len > 0 ?
				    " \xc2\xb7 " : "", troop_abbr(g[i]->tp,
				    lang));
			else
				sbuf_adds(out, "; ");
			sbuf_adds(out, cl[i][m]);
			any = true;
		}
		free(copy[i]);
	}
}

/* The rows of the troop table: types of equal factors and moves (both
 * of the edition) in one row, as the reference sheets set them, "Wb, Hd
 * | Warband, Hordes | 2, 0\xe2\x80\x932 | 3 | 2 | ...", at the first of
 * them; their notes said once where they agree (merged_notes). */
static void
army_rows(struct card_block *t, struct army_row *rows, size_t n,
    enum lang lang)
{
	struct army_row *g[RULES_MAXTROOPS];
	struct sbuf code = { 0 }, name = { 0 }, count = { 0 }, notes = { 0 };
	const char *v[9];
	size_t i, j, ng, c;

	for (i = 0; i < n; i++) {
		if (rows[i].done)
			continue;
		g[0] = &rows[i];
		ng = 1;
		for (j = i + 1; rows[i].known && j < n && ng < RULES_MAXTROOPS;
		    j++) {
			for (c = 3; c < 8 && strcmp(rows[i].v[c],
			    rows[j].v[c]) == 0; c++)
				;
			if (rows[j].known && c == 8) {
				g[ng++] = &rows[j];
				rows[j].done = true;
			}
		}
		sbuf_reset(&code);
		sbuf_reset(&name);
		sbuf_reset(&count);
		sbuf_reset(&notes);
		sbuf_add(&notes, "", 0);
		for (j = 0; j < ng; j++) {
			sbuf_printf(&code, "%s%s", j ? ", " : "",
			    troop_abbr(g[j]->tp, lang));
			sbuf_printf(&name, "%s%s", j ? ", " : "",
			    g[j]->tp->name[lang]);
			sbuf_printf(&count, "%s%s", j ? ", " : "", g[j]->v[2]);
		}
		if (ng == 1)
			sbuf_adds(&notes, sbuf_str(&rows[i].notes));
		else
			merged_notes(&notes, g, ng, lang);
		v[0] = sbuf_str(&code);
		v[1] = sbuf_str(&name);
		v[2] = sbuf_str(&count);
		for (c = 3; c < 8; c++)
			v[c] = rows[i].v[c];
		v[8] = sbuf_str(&notes);
		block_rowv(t, v);
	}
	sbuf_free(&code);
	sbuf_free(&name);
	sbuf_free(&count);
	sbuf_free(&notes);
}

void
card_army(struct card *c, const struct army *a, const struct rules *r,
    enum lang lang)
{
	struct counts k;
	struct tally *sum;
	struct card_block *t;
	struct sbuf b = { 0 };
	struct army_row *rows;
	char f1[32];
	size_t i, o, nrows = 0;
	bool recon = false, dropped = false;

	/* an incomplete list is marked in the title and says why below */
	sbuf_printf(&b, "%s %s%s", a->id != NULL ? a->id : "?",
	    a->name != NULL ? a->name : "", a->incomplete ?
	    " " INCOMPLETE_MARK : "");
	card_init(c, "army", a->id != NULL ? a->id : "?", sbuf_str(&b));
	if (a->file != NULL) {
		c->file = xstrdup(a->file);
		c->line = a->line;
	}
	k.n = troop_count();
	k.next = 0;
	k.t = xcalloc(k.n, sizeof *k.t);
	sum = xcalloc(k.n, sizeof *sum);
	count_list(&k, &a->list, sum);
	/* the general's types, in the order of the list */
	sbuf_reset(&b);
	for (o = 0; o < k.next; o++)
		for (i = 0; i < k.n && i < RULES_MAXTROOPS; i++)
			if (k.t[i].seen && k.t[i].order == o &&
			    k.t[i].general)
				sbuf_printf(&b, "%s%s", b.len > 0 ? ", " : "",
				    troop_abbr(troop_at(i), lang));
	sbuf_add(&b, "", 0);
	army_header(c, a, sbuf_str(&b), lang);
	t = card_block(c, BLK_TABLE, lb(lang, L_TROOPS), 9);
	block_head(t, lb(lang, L_CODE), lb(lang, L_NAME), lb(lang, L_COUNT),
	    lb(lang, L_VS_FOOT), lb(lang, L_VS_MOUNTED), lb(lang, L_GOOD),
	    lb(lang, r->has_rough ? L_ROUGH_BAD : L_DIFFICULT), lb(lang, L_ROAD),
	    lb(lang, L_NOTES));
	t->num = 0xfc;
	t->strong = 0xf8;           /* factors and moves */
	t->wide = 1u << 8;
	t->fold = 1;                /* the names, when the card is tight */
	rows = xcalloc(k.next + 1, sizeof *rows);
	for (o = 0; o < k.next; o++) {
		for (i = 0; i < k.n && !(k.t[i].seen && k.t[i].order == o);
		    i++)
			;
		if (i == k.n || i >= RULES_MAXTROOPS)
			continue;
		const struct troop *tp = troop_at(i);
		const struct rules_troop *rt = &r->t[i];
		struct army_row *w = &rows[nrows++];

		w->tp = tp;
		w->known = rt->known;
		if (sum[i].min == sum[i].max)
			snprintf(w->v[2], sizeof w->v[2], "%ld", sum[i].max);
		else
			snprintf(w->v[2], sizeof w->v[2], "%ld\xe2\x80\x93%ld",
			    sum[i].min, sum[i].max);
		recon |= army_notes(&w->notes, r, tp, k.t[i].general, lang,
		    &dropped);
		subtype_notes(&w->notes, r, &a->list, tp->id, lang);
		if (!rt->known)
			note(&w->notes, lb(lang, L_NOT_IN_EDITION));
		snprintf(w->v[3], sizeof w->v[3], "%s", rt->known ?
		    num(f1, sizeof f1, rt->factor[CLASS_FOOT]) : "\xe2\x80\x93");
		snprintf(w->v[4], sizeof w->v[4], "%s", rt->known ?
		    num(f1, sizeof f1, rt->factor[CLASS_MOUNTED]) :
		    "\xe2\x80\x93");
		snprintf(w->v[5], sizeof w->v[5], "%s",
		    move_cell(f1, sizeof f1, r, rt, rt->move_good));
		snprintf(w->v[6], sizeof w->v[6], "%s", r->has_rough ?
		    rough_bad(f1, sizeof f1, r, rt) :
		    move_cell(f1, sizeof f1, r, rt, rt->move_difficult));
		snprintf(w->v[7], sizeof w->v[7], "%s",
		    move_cell(f1, sizeof f1, r, rt, rt->move_road));
	}
	army_rows(t, rows, nrows, lang);
	for (o = 0; o < nrows; o++)
		sbuf_free(&rows[o].notes);
	free(rows);
	unknown_rows(t, &a->list, lang);
	if (dropped) {
		/* the default outcomes the notes leave out, in the table's
		 * heading: a line of the card saved */
		sbuf_reset(&b);
		sbuf_printf(&b, "%s \xc2\xb7 ", lb(lang, L_TROOPS));
		outcome_default_text(&b, r, lang);
		free(t->title);
		t->title = field(sbuf_str(&b));
	}
	if (recon)
		recon_note(c, lang);
	if (a->incomplete)
		block_row(card_block(c, BLK_TEXT, NULL, 1),
		    lb(lang, L_INCOMPLETE));
	free(k.t);
	free(sum);
	sbuf_free(&b);
}

/* ---- the rules cards ---------------------------------------------- */

static const int tf_label[TF_N] = {
	[TF_CAMP] = L_TF_CAMP, [TF_GENERAL] = L_TF_GENERAL,
	[TF_UPHILL] = L_TF_UPHILL, [TF_RIVERBANK] = L_TF_RIVERBANK,
	[TF_OVERLAP] = L_TF_OVERLAP, [TF_FLANK] = L_TF_FLANK,
	[TF_REAR] = L_TF_REAR, [TF_SHOOTERS] = L_TF_SHOOTERS,
	[TF_DIFF_FOOT] = L_TF_DIFFICULT, [TF_DIFF_MOUNTED] = L_TF_DIFF_MOUNTED,
	[TF_BUA] = L_TF_BUA, [TF_DOUBLE] = L_TF_DOUBLE
};

/* The name of a tactical factor; the shooters' one with the shooters it
 * counts ("each further shooter, no. 2-3"). */
static const char *
tf_name(char *buf, size_t n, const struct rules *r, int tf, enum lang lang)
{
	int from = r->shooters_free + 1, to = r->count[RC_SHOOTERS].max;

	/* seed 000: the river bank counts except at a road ford or bridge,
	 * and only when the river rolled one of river_rolls */
	if (tf == TF_RIVERBANK) {
		size_t k, i;

		snprintf(buf, n, "%s, %s", lb(lang, L_TF_RIVERBANK), lb(lang,
		    L_RIVER_NOT_FORD));
		for (i = 1, k = 0; r->river_rolls != 0 &&
		    i <= (size_t)r->die; i++) {
			if (!(r->river_rolls & (1u << i)))
				continue;
			if (k++ == 0)
				snprintf(buf + strlen(buf), n - strlen(buf),
				    "; %s %zu", lb(lang, L_ON_DIE), i);
			else
				snprintf(buf + strlen(buf), n - strlen(buf),
				    ", %zu", i);
		}
		return buf;
	}
	if (tf == TF_DIFF_FOOT && !r->diff_opponent)
		return lb(lang, L_TF_BAD);
	if (tf != TF_SHOOTERS)
		return lb(lang, tf_label[tf]);
	if (to > from)
		snprintf(buf, n, "%s %d\xe2\x80\x93%d", lb(lang,
		    L_TF_SHOOTERS), from, to);
	else
		snprintf(buf, n, "%s %d", lb(lang, L_TF_SHOOTERS), from);
	return buf;
}

static const char *
applies_text(struct sbuf *b, const struct rules *r, int tf, enum lang lang)
{
	unsigned cls = r->tf_applies[tf];
	size_t i, n = 0;

	/* the two difficult-going factors carry their class in the index */
	if (tf == TF_DIFF_FOOT)
		cls = !r->diff_opponent && r->tf[TF_DIFF_MOUNTED] == r->tf[tf] ?
		    3u : 1u << CLASS_FOOT;
	else if (tf == TF_DIFF_MOUNTED)
		cls = 1u << CLASS_MOUNTED;
	else if (tf == TF_DOUBLE)
		cls = 3u;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (cls == (1u << CLASS_FOOT))
		sbuf_adds(b, lb(lang, L_CLS_FOOT));
	else if (cls == (1u << CLASS_MOUNTED))
		sbuf_adds(b, lb(lang, L_CLS_MOUNTED));
	else
		sbuf_adds(b, lb(lang, L_CLS_ALL));
	if (tf == TF_DIFF_FOOT) {
		for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
			if (!r->t[i].diff_exempt)
				continue;
			sbuf_printf(b, "%s%s", n++ ? ", " :
			    lb(lang, L_EXCEPT), troop_abbr(troop_at(i),
			    lang));
		}
	}
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->tf_except[tf] & ((uint64_t)1 << i))
			sbuf_printf(b, "%s%s", n++ ? ", " : lb(lang, L_EXCEPT),
			    troop_abbr(troop_at(i), lang));
	return sbuf_str(b);
}

/* The condition of a support row: "only vs Sp, Kn; good going" from its
 * data; Psiloi support without a list of its own is the seed's "only vs
 * mounted or attacking a camp"; "supports up to 3" with a maximum. */
static void
support_text(struct sbuf *b, const struct rules_support *w, bool psiloi,
    bool lifted, enum lang lang)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (w->has_vs) {
		sbuf_printf(b, "%s ", lb(lang, L_ONLY_VS));
		winners_text(b, w->vs, w->vs_classes, lang);
		if (w->vs_except != 0) {
			sbuf_adds(b, lb(lang, L_EXCEPT));
			winners_text(b, w->vs_except, 0, lang);
		}
	} else if (psiloi)
		sbuf_adds(b, lb(lang, L_PSILOI_WHEN));
	if (w->good_only && !lifted)
		sbuf_printf(b, "%s%s", b->len ? "; " : "", lb(lang,
		    L_SUPPORT_GOOD));
	if (w->max > 0)
		sbuf_printf(b, "%s%s %d", b->len ? "; " : "", lb(lang,
		    L_SUPPORT_MAX), w->max);
}

/* The Psiloi support rows, one per value and condition with the types
 * it is for ("Bd, Sp, Ax | Ps | +1 | only vs mounted; supports up to
 * 3"), in the order of the troop table. */
static void
psiloi_rows(struct card_block *t, const struct rules *r, unsigned *used,
    bool lifted, enum lang lang)
{
	struct sbuf who[RULES_MAXTROOPS], cond[RULES_MAXTROOPS];
	char val[RULES_MAXTROOPS][40], v[32];
	size_t i, k, n = 0;

	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];
		struct sbuf c = { 0 };
		char m[40];

		if (!rt->has_psiloi)
			continue;
		support_text(&c, &rt->psiloi_when, true, lifted, lang);
		marked(m, sizeof m, signed_num(v, sizeof v, rt->psiloi),
		    used, &rt->psiloi_when.prov);
		for (k = 0; k < n; k++)
			if (strcmp(val[k], m) == 0 &&
			    strcmp(sbuf_str(&cond[k]), sbuf_str(&c)) == 0)
				break;
		if (k == n) {
			memset(&who[n], 0, sizeof who[n]);
			cond[n] = c;
			snprintf(val[n], sizeof val[n], "%s", m);
			n++;
		} else
			sbuf_free(&c);
		sbuf_printf(&who[k], "%s%s", who[k].len ? ", " : "",
		    troop_abbr(troop_at(i), lang));
	}
	for (k = 0; k < n; k++) {
		block_row(t, sbuf_str(&who[k]), psiloi_abbr(lang), val[k],
		    sbuf_str(&cond[k]));
		sbuf_free(&who[k]);
		sbuf_free(&cond[k]);
	}
}

/* A second factor row of troop i: "Art | Artillery (city or fort) | 2
 * | 2". */
static void
factor_pair(struct card_block *t, size_t i, enum label what, const int *f,
    const struct rules_prov *p, unsigned *used, enum lang lang)
{
	char name[160], v1[32], v2[32], m1[40], m2[40];

	snprintf(name, sizeof name, "%s (%s)", troop_at(i)->name[lang],
	    lb(lang, what));
	block_row(t, troop_abbr(troop_at(i), lang), name,
	    marked(m1, sizeof m1, num(v1, sizeof v1, f[CLASS_FOOT]), used, p),
	    marked(m2, sizeof m2, num(v2, sizeof v2, f[CLASS_MOUNTED]), used,
	    p), "");
}

/* Whether a troop's factors in shooting go in the shooting column: a
 * pair of its own, the same against foot and mounted. */
static bool
shoot_col(const struct rules_troop *rt)
{
	return rt->has_shoot && rt->factor_shoot[CLASS_FOOT] ==
	    rt->factor_shoot[CLASS_MOUNTED];
}

/* Side support (dba3): "Sp | beside: Sp, Bd | +1 | only vs foot; ...",
 * the receiver's foot kind in its code ("Bw (solid)"). */
static void
side_rows(struct card_block *t, const struct rules *r, unsigned *used,
    bool lifted, enum lang lang)
{
	struct sbuf who = { 0 }, cond = { 0 };
	char v[32], m[40], code[64];
	size_t i;

	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_side)
			continue;
		support_text(&cond, &rt->side_when, false, lifted, lang);
		sbuf_reset(&who);
		sbuf_printf(&who, "%s: ", lb(lang, L_BESIDE));
		winners_text(&who, rt->side_from, 0, lang);
		snprintf(code, sizeof code, "%s%s%s%s",
		    troop_abbr(troop_at(i), lang),
		    rt->side_foot != FOOT_NONE ? " (" : "",
		    rt->side_foot == FOOT_SOLID ? lb(lang, L_SOLID) :
		    rt->side_foot == FOOT_FAST ? lb(lang, L_FAST) : "",
		    rt->side_foot != FOOT_NONE ? ")" : "");
		block_row(t, code, sbuf_str(&who), marked(m, sizeof m,
		    signed_num(v, sizeof v, rt->side), used,
		    &rt->side_when.prov), sbuf_str(&cond));
	}
	sbuf_free(&who);
	sbuf_free(&cond);
}

/* Whether every support row of r is only in good going (and there are
 * two at least). */
static bool
support_good_only(const struct rules *r)
{
	size_t i, n = 0;
	int k;

	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if ((rt->has_rear && !rt->rear_when.good_only) ||
		    (rt->has_side && !rt->side_when.good_only) ||
		    (rt->has_psiloi && !rt->psiloi_when.good_only))
			return false;
		for (k = 0; k < rt->nrear_alt; k++)
			if (!rt->rear_alt_when[k].good_only)
				return false;
		n += (rt->has_rear ? 1 + (size_t)rt->nrear_alt : 0) +
		    rt->has_side + rt->has_psiloi;
	}
	return n > 1;
}

static void
rules_combat(struct card *c, const struct rules *r, enum lang lang)
{
	struct card_block *t;
	struct sbuf b = { 0 };
	char v1[32], v2[32], v3[32], m1[40], m2[40], m3[40], name[160];
	struct sbuf w = { 0 };
	size_t i;
	int f, k;
	unsigned used = 0;
	size_t first, nb;
	bool lifted;

	/* a troop with factors of its own in shooting (2.2 Art, dba3 Bd,
	 * CP, Lit, CWg), the same against foot and mounted: a column of
	 * them; a pair that differs, a row of its own */
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].known && shoot_col(&r->t[i]))
			break;
	k = i < troop_count() && i < RULES_MAXTROOPS ? 5 : 4;
	first = c->nb;
	t = card_block(c, BLK_TABLE, lb(lang, L_FACTORS), (size_t)k);
	block_head(t, lb(lang, L_CODE), lb(lang, L_NAME), lb(lang, L_VS_FOOT),
	    lb(lang, L_VS_MOUNTED), lb(lang, L_VS_SHOT));
	t->num = t->strong = k == 5 ? 0x1c : 0xc;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];
		const char *v[5];
		bool own = rt->has_shoot && !shoot_col(rt);

		if (!rt->known)
			continue;
		if (own)
			snprintf(name, sizeof name, "%s (%s)",
			    troop_at(i)->name[lang], lb(lang, L_CLOSE));
		v[0] = troop_abbr(troop_at(i), lang);
		v[1] = own ? name : troop_at(i)->name[lang];
		v[2] = marked(m1, sizeof m1, num(v1, sizeof v1,
		    rt->factor[CLASS_FOOT]), &used, &rt->fprov);
		v[3] = marked(m2, sizeof m2, num(v2, sizeof v2,
		    rt->factor[CLASS_MOUNTED]), &used, &rt->fprov);
		v[4] = rt->has_shoot && !own ? marked(m3, sizeof m3,
		    num(v3, sizeof v3, rt->factor_shoot[CLASS_FOOT]), &used,
		    &rt->fprov_shoot) : "";
		block_rowv(t, v);
		if (rt->has_bua)
			factor_pair(t, i, L_IN_CITY, rt->factor_bua,
			    &rt->fprov_bua, &used, lang);
		if (own)
			factor_pair(t, i, L_SHOOTING, rt->factor_shoot,
			    &rt->fprov_shoot, &used, lang);
	}
	t = card_block(c, BLK_TABLE, lb(lang, L_TACTICAL), 3);
	block_head(t, lb(lang, L_FACTOR), lb(lang, L_VALUE), lb(lang, L_FOR));
	t->num = t->strong = 0x2;
	t->wide = 0x5;      /* the factor and its troops wrap alike */
	for (f = 0; f < TF_N; f++) {
		if (r->tf[f] == 0)
			continue;
		/* dba3: one bad-going factor for foot and mounted alike */
		if (f == TF_DIFF_MOUNTED && !r->diff_opponent &&
		    r->tf[TF_DIFF_FOOT] == r->tf[f])
			continue;
		block_row(t, tf_name(name, sizeof name, r, f, lang),
		    marked(m1, sizeof m1, signed_num(v1, sizeof v1, r->tf[f]),
		    &used, &r->tf_prov[f]), applies_text(&b, r, f, lang));
	}
	if (r->limit_overlap_flank > 0)
		block_row(t, lb(lang, L_LIMIT_OVERLAP), signed_num(v1,
		    sizeof v1, -(long)r->limit_overlap_flank), "");
	/* support: each row with the condition it has (seed 000: Pk and Sp
	 * behind the same type lose it in difficult going, attacking a
	 * camp, shot at, in contact with Bw or Art; Ps behind only vs
	 * mounted or attacking a camp, with no going condition); a
	 * condition every row has (dba3: only in good going) said once,
	 * in the title */
	lifted = support_good_only(r);
	sbuf_reset(&b);
	sbuf_adds(&b, lb(lang, L_SUPPORT));
	if (lifted)
		sbuf_printf(&b, " (%s)", lb(lang, L_SUPPORT_GOOD));
	t = card_block(c, BLK_TABLE, sbuf_str(&b), 4);
	block_head(t, lb(lang, L_CODE), lb(lang, L_BEHIND), lb(lang,
	    L_VALUE), lb(lang, L_WHEN));
	t->num = t->strong = 0x4;
	t->wide = 0x8;
	sbuf_reset(&b);
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_rear)
			continue;
		support_text(&w, &rt->rear_when, false, lifted, lang);
		block_row(t, troop_abbr(troop_at(i), lang),
		    troop_abbr(troop_at(i), lang), marked(m1, sizeof m1,
		    signed_num(v1, sizeof v1, rt->rear), &used,
		    &rt->rear_when.prov), sbuf_str(&w));
		sbuf_printf(&b, "%s%s", b.len ? ", " : "",
		    troop_abbr(troop_at(i), lang));
		for (k = 0; k < rt->nrear_alt; k++) {
			support_text(&w, &rt->rear_alt_when[k], false, lifted,
			    lang);
			block_row(t, troop_abbr(troop_at(i), lang),
			    troop_abbr(troop_at(i), lang), marked(m1,
			    sizeof m1, signed_num(v1, sizeof v1,
			    rt->rear_alt[k]), &used, &rt->rear_alt_when[k].prov),
			    sbuf_str(&w));
		}
	}
	side_rows(t, r, &used, lifted, lang);
	psiloi_rows(t, r, &used, lifted, lang);
	/* the losses of rear support, headed by the types it is for */
	sbuf_reset(&w);
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].cancels_support)
			sbuf_printf(&w, "%s%s", w.len ? ", " : "",
			    troop_abbr(troop_at(i), lang));
	if (b.len > 0) {
		struct sbuf l = { 0 };

		/* one line under the table: "Sp, Pk: same-type support lost
		 * in difficult going, ...; contact with Art, Bw" */
		sbuf_printf(&l, "%s: %s ", sbuf_str(&b), lb(lang,
		    L_SUPPORT_LOST));
		/* off good going said in the title already when lifted; when
		 * shot at only where the edition has it (1.x, 2.2) */
		if (!lifted)
			sbuf_printf(&l, "%s, ", lb(lang, L_SL_DIFFICULT));
		sbuf_adds(&l, lb(lang, L_SL_CAMP));
		if (r->cancel_shot)
			sbuf_printf(&l, ", %s%s", lb(lang, L_SL_SHOT),
			    conf_mark(&used, &r->cancel_shot_prov));
		if (w.len > 0)
			sbuf_printf(&l, "; %s %s", lb(lang, L_CONTACT_WITH),
			    sbuf_str(&w));
		block_row(card_block(c, BLK_TEXT, NULL, 1), sbuf_str(&l));
		sbuf_free(&l);
	}
	sbuf_free(&w);
	/* the key of the marks under the first table, where they begin
	 * (and where the factors leave room) */
	nb = c->nb;
	conf_notes(c, used, lang);
	if (c->nb > nb && nb > first + 1) {
		struct card_block key = c->b[nb];

		memmove(&c->b[first + 2], &c->b[first + 1], (nb - first - 1) *
		    sizeof *c->b);
		c->b[first + 1] = key;
	}
	sbuf_free(&b);
}

/* Sub-types of one type with the same move rates of their own. */
static bool
same_rates(const struct rules_subtype *a, const struct rules_subtype *b)
{
	return a->troop == b->troop && a->has_move && b->has_move &&
	    a->move_good == b->move_good && a->move_rough == b->move_rough &&
	    a->move_difficult == b->move_difficult &&
	    a->move_road == b->move_road;
}

/* Add a sub-type's spelling to a list of them, those with the figures
 * (and Mtd-) of the one before joined by '/' as list sheets write them:
 * "3Bw/Cb/Lb, Mtd-3Bw/Cb/Lb"; pre holds the last figures. */
static void
spelling_add(struct sbuf *b, char *pre, size_t size, const char *s)
{
	size_t n = strncmp(s, "Mtd-", 4) == 0 ? 4 : 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	if (n > 0 && n < size && s[n] != '\0' && pre[0] != '\0' &&
	    strlen(pre) == n && strncmp(pre, s, n) == 0) {
		sbuf_printf(b, "/%s", s + n);
		return;
	}
	sbuf_printf(b, "%s%s", b->len ? ", " : "", s);
	if (n > 0 && n < size && (s[n - 1] >= '0' && s[n - 1] <= '9')) {
		memcpy(pre, s, n);
		pre[n] = '\0';
	} else
		pre[0] = '\0';
}

/* The move table of an edition with rough going (dba3), in its unit:
 * good, rough, bad, road; a row per type (its solid element), then the
 * sub-types with rates of their own that share them ("3Bw, 3Cb, 3Lb").
 * The types that may not move into contact go to nocontact. */
static void
rules_moves3(struct card *c, const struct rules *r, enum lang lang,
    unsigned *used, struct sbuf *nocontact)
{
	struct card_block *t;
	char v[4][32], m[4][40], name[160], pre[16];
	struct sbuf codes = { 0 };
	size_t i, j, k;

	t = card_block(c, BLK_TABLE, lb(lang, r->unit == UNIT_BW ?
	    L_MOVES_BW : L_MOVES), 6);
	block_head(t, lb(lang, L_CODE), lb(lang, L_NAME), lb(lang, L_GOOD),
	    lb(lang, L_ROUGH), lb(lang, L_BAD), lb(lang, L_ROAD));
	t->num = t->strong = 0x3c;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];
		long rates[4] = { rt->move_good, rt->move_rough,
		    rt->move_difficult, rt->move_road };

		if (!rt->has_move)
			continue;
		for (k = 0; k < 4; k++)
			marked(m[k], sizeof m[k], move_cell(v[k], sizeof v[k],
			    r, rt, rates[k]), used, &rt->mprov);
		block_row(t, troop_abbr(troop_at(i), lang),
		    troop_at(i)->name[lang], m[0], m[1], m[2], m[3]);
		if (!rt->contact)
			sbuf_printf(nocontact, "%s%s", nocontact->len ? ", " :
			    "", troop_abbr(troop_at(i), lang));
		for (j = 0; j < r->nsub; j++) {
			const struct rules_subtype *st = &r->sub[j], *o;

			if (st->troop != (int)i || !st->has_move)
				continue;
			for (k = 0; k < j && !same_rates(&r->sub[k], st); k++)
				;
			if (k < j)      /* told with an earlier one */
				continue;
			sbuf_reset(&codes);
			pre[0] = '\0';
			for (k = j; k < r->nsub; k++) {
				o = &r->sub[k];
				if (same_rates(o, st))
					spelling_add(&codes, pre, sizeof pre,
					    o->spelling);
			}
			/* under its type's row, with its code: "fast: 3Bd,
			 * 6Bd" */
			snprintf(name, sizeof name, "%s: %s", lb(lang,
			    st->foot == FOOT_FAST ? L_FAST : L_SOLID),
			    sbuf_str(&codes));
			rates[0] = st->move_good;
			rates[1] = st->move_rough;
			rates[2] = st->move_difficult;
			rates[3] = st->move_road;
			for (k = 0; k < 4; k++)
				marked(m[k], sizeof m[k], move_cell(v[k],
				    sizeof v[k], r, rt, rates[k]), used,
				    &st->prov);
			block_row(t, troop_abbr(troop_at(i), lang), name, m[0],
			    m[1], m[2], m[3]);
		}
	}
	sbuf_free(&codes);
}

static void
rules_movement(struct card *c, const struct rules *r, enum lang lang)
{
	struct card_block *t;
	struct sbuf b = { 0 };
	char v1[32], v2[32], v3[32], m1[40], m2[40], m3[40];
	size_t i;
	bool recon = r->shooting_src == SRC_RECONSTRUCTED;
	unsigned used = 0;

	if (r->has_rough) {
		rules_moves3(c, r, lang, &used, &b);
		goto moved;
	}
	t = card_block(c, BLK_TABLE, lb(lang, L_MOVES), 5);
	block_head(t, lb(lang, L_CODE), lb(lang, L_NAME), lb(lang, L_GOOD),
	    lb(lang, L_DIFFICULT), lb(lang, L_ROAD));
	t->num = t->strong = 0x1c;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_move)
			continue;
		block_row(t, troop_abbr(troop_at(i), lang),
		    troop_at(i)->name[lang],
		    marked(m1, sizeof m1, move_cell(v1, sizeof v1, r, rt,
		    rt->move_good), &used, &rt->mprov),
		    marked(m2, sizeof m2, move_cell(v2, sizeof v2, r, rt,
		    rt->move_difficult), &used, &rt->mprov),
		    marked(m3, sizeof m3, move_cell(v3, sizeof v3, r, rt,
		    rt->move_road), &used, &rt->mprov));
		if (!rt->contact)
			sbuf_printf(&b, "%s%s", b.len ? ", " : "",
			    troop_abbr(troop_at(i), lang));
	}
moved:
	t = card_block(c, BLK_FACTS, NULL, 2);
	if (b.len > 0)
		block_row(t, lb(lang, L_NO_CONTACT), sbuf_str(&b));
	if (r->river_crossing > 0)
		block_row(t, lb(lang, r->unit == UNIT_BW ? L_RIVER_BW :
		    L_RIVER), marked(m1, sizeof m1, len_cell(v1, sizeof v1, r,
		    r->river_crossing), &used, &r->prov[RP_RIVER]));
	if (r->road_first_free)
		block_row(t, lb(lang, L_ROAD_FREE), marked(m1, sizeof m1,
		    "0 PIP", &used, &r->road_prov));
	if (r->road_bonus > 0) {
		/* seed 001: per unused PIP, only for the general's element or
		 * group, when its whole move is along a road */
		sbuf_reset(&b);
		sbuf_printf(&b, "%s %s", marked(m1, sizeof m1, signed_num(v1,
		    sizeof v1, r->road_bonus), &used,
		    &r->prov[RP_ROAD_BONUS]), lb(lang, L_ROAD_BONUS_WHEN));
		block_row(t, lb(lang, L_ROAD_BONUS), sbuf_str(&b));
		sbuf_reset(&b);
	}
	t = card_block(c, BLK_TABLE, lb(lang, L_SHOOTING_T), 3);
	block_head(t, lb(lang, L_CODE), lb(lang, L_NAME), lb(lang, L_RANGE));
	t->num = t->strong = 0x4;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].shooter) {
			snprintf(v1, sizeof v1, "%s%s", len_cell(v3,
			    sizeof v3, r, r->t[i].range),
			    recon_mark(r->shooting_src));
			block_row(t, troop_abbr(troop_at(i), lang),
			    troop_at(i)->name[lang],
			    marked(m1, sizeof m1, v1, &used, &r->t[i].rprov));
		}
	t = card_block(c, BLK_FACTS, lb(lang, L_PIPS), 2);
	snprintf(v1, sizeof v1, "1%s%d", lb(lang, L_DIE), r->pip_die);
	block_row(t, lb(lang, L_PIP_DIE), v1);
	block_row(t, lb(lang, L_PIP_BASE), marked(m2, sizeof m2, num(v2,
	    sizeof v2, r->pip_base), &used, &r->prov[RP_PIP_BASE]));
	/* the surcharge of the troops the rules table charges (1.x El;
	 * 2.2 El, WWg, Art, Hd), and the first bound that is free of it */
	sbuf_reset(&b);
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].pip_surcharge)
			sbuf_printf(&b, "%s%s", b.len ? ", " : "",
			    troop_abbr(troop_at(i), lang));
	if (r->pip_elephants != 0 && b.len > 0) {
		char head[200], line[200];

		snprintf(head, sizeof head, "%s %s", lb(lang, L_PIP_TROOPS),
		    sbuf_str(&b));
		marked(m3, sizeof m3, signed_num(v3, sizeof v3,
		    r->pip_elephants), &used, &r->prov[RP_PIP_TROOPS]);
		if (r->pip_first_free[0])
			snprintf(line, sizeof line, "%s (%s)", m3, lb(lang,
			    L_PIP_NOT_FIRST));
		else
			snprintf(line, sizeof line, "%s", m3);
		block_row(t, head, line);
	}
	if (r->pip_command != 0) {
		char line[240];

		/* the command distances of the rules table: far, out of
		 * sight, compared as the edition compares them (> or >=) */
		const char *cmp = r->pip_beyond ? ">" : "\xe2\x89\xa5";

		snprintf(line, sizeof line, "%+d%s (%s %s; %s %s %s%s%s)",
		    r->pip_command, conf_mark(&used, &r->prov[RP_PIP_COMMAND]),
		    cmp, len_cell(v1, sizeof v1, r, r->pip_far),
		    lb(lang, L_OUT_OF_SIGHT), cmp,
		    len_cell(v2, sizeof v2, r, r->pip_out_of_sight),
		    r->pip_first_free[1] ? "; " : "", r->pip_first_free[1] ?
		    lb(lang, L_PIP_NOT_FIRST) : "");
		block_row(t, lb(lang, L_PIP_COMMAND), line);
		/* a troop's own command distances (dba3 LH 20 BW) */
		for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
			char head[120];

			if (!r->t[i].has_cmd)
				continue;
			snprintf(head, sizeof head, "%s: %s",
			    lb(lang, L_PIP_COMMAND), troop_abbr(troop_at(i),
			    lang));
			snprintf(line, sizeof line, "%s %s%s; %s %s %s",
			    cmp, len_cell(v1, sizeof v1, r, r->t[i].cmd_far),
			    conf_mark(&used, &r->t[i].cprov),
			    lb(lang, L_OUT_OF_SIGHT), cmp, len_cell(v2,
			    sizeof v2, r, r->t[i].cmd_out_of_sight));
			block_row(t, head, line);
		}
		block_row(t, lb(lang, L_PIP_GENERAL_LOST), marked(m1,
		    sizeof m1, signed_num(v1, sizeof v1, r->pip_command),
		    &used, &r->prov[RP_PIP_COMMAND]));
	}
	if (recon)
		recon_note(c, lang);
	conf_notes(c, used, lang);
	sbuf_free(&b);
}

/* The exception clauses of an outcome row ("beaten by Kn: destroyed",
 * joined by "; "): which result the segment seg of n bytes is the
 * exception of, 0 beaten, 1 doubled, -1 none ("beaten: flee"). */
static int
seg_result(const char *seg, size_t n, enum lang lang)
{
	int k;

	for (k = 0; k < 2; k++) {
		const char *w = lb(lang, k ? L_DOUBLED : L_BEATEN);
		size_t l = strlen(w);

		if (n > l && strncmp(seg, w, l) == 0 && seg[l] == ' ')
			return k;
	}
	return -1;
}

/* Whether the clause seg of n bytes is in row, the only exception of its
 * result there, and not all the row says, so that it may be told apart
 * from the row; with out, the row without it. */
static bool
sole_clause(const char *row, const char *seg, size_t n, enum lang lang,
    struct sbuf *out)
{
	const char *p = row, *q;
	int res = seg_result(seg, n, lang), same = 0, others = 0;
	bool found = false;
	size_t l;

	if (res < 0)
		return false;
	for (; *p != '\0'; p = q != NULL ? q + 2 : p + l) {
		q = strstr(p, "; ");
		l = q != NULL ? (size_t)(q - p) : strlen(p);
		if (l == n && strncmp(p, seg, n) == 0 && !found)
			found = true;
		else {
			same += seg_result(p, l, lang) == res;
			others++;
			if (out != NULL) {
				if (out->len > 0)
					sbuf_adds(out, "; ");
				sbuf_add(out, p, l);
			}
		}
	}
	return found && same == 0 && others > 0;
}

/* The clause that most rows of the outcome table share as their only
 * exception of its result ("doubled by Art (close combat): recoil"),
 * told once below the table with the losers it is for, when at least
 * four rows have it. */
static void
shared_clause(struct card *c, struct card_block *t, enum lang lang)
{
	struct sbuf seg = { 0 }, row = { 0 }, who = { 0 };
	const char *best = NULL, *p, *q;
	size_t i, j, l, bestn = 0, most = 0, k;

	for (i = 0; i < t->nrows; i++)
		for (p = t->cell[i * 2 + 1]; *p != '\0';
		    p = q != NULL ? q + 2 : p + l) {
			q = strstr(p, "; ");
			l = q != NULL ? (size_t)(q - p) : strlen(p);
			for (j = 0, k = 0; j < t->nrows; j++)
				k += sole_clause(t->cell[j * 2 + 1], p, l,
				    lang, NULL);
			if (k > most) {
				most = k;
				best = p;
				bestn = l;
			}
		}
	if (most >= 4) {
		sbuf_add(&seg, best, bestn);
		for (i = 0; i < t->nrows; i++) {
			sbuf_reset(&row);
			sbuf_add(&row, "", 0);
			if (!sole_clause(t->cell[i * 2 + 1], sbuf_str(&seg),
			    seg.len, lang, &row))
				continue;
			/* the code without the sign of its row */
			sbuf_printf(&who, "%s%.*s", who.len ? ", " : "",
			    (int)strcspn(t->cell[i * 2], "*?\xe2"),
			    t->cell[i * 2]);
			free(t->cell[i * 2 + 1]);
			t->cell[i * 2 + 1] = xstrdup(sbuf_str(&row));
		}
		sbuf_printf(&who, ": %s", sbuf_str(&seg));
		block_row(card_block(c, BLK_TEXT, NULL, 1), sbuf_str(&who));
	}
	sbuf_free(&seg);
	sbuf_free(&row);
	sbuf_free(&who);
}

static void
rules_outcomes(struct card *c, const struct rules *r, enum lang lang)
{
	struct card_block *t;
	struct sbuf b = { 0 };
	char loser[48];
	size_t i;
	bool recon = false, dropped = false;
	unsigned used = 0;

	/* the default once, each row what differs from it: the exceptions
	 * get the width of the card; the card's title names the table */
	t = card_block(c, BLK_TABLE, NULL, 2);
	block_head(t, lb(lang, L_LOSER), lb(lang, L_EXCEPTIONS));
	t->wide = 0x2;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_outcome)
			continue;
		sbuf_reset(&b);
		sbuf_add(&b, "", 0);
		recon |= outcome_text(&b, r, rt, lang, &dropped, &used,
		    false);
		snprintf(loser, sizeof loser, "%s%s",
		    troop_abbr(troop_at(i), lang), conf_mark(&used, &rt->oprov));
		block_row(t, loser, sbuf_str(&b));
	}
	shared_clause(c, t, lang);
	if (dropped)
		outcome_default(c, r, lang);
	if (recon)
		recon_note(c, lang);
	conf_notes(c, used, lang);
	sbuf_free(&b);
}

void
card_rules(struct card *c, int which, const struct rules *r,
    enum lang lang)
{
	static const char *const ids[RULES_NCARDS] = {
		"combat", "movement", "outcomes"
	};
	static const int titles[RULES_NCARDS] = {
		L_CARD_COMBAT, L_CARD_MOVEMENT, L_CARD_OUTCOMES
	};
	struct sbuf b = { 0 };

	if (which < 0 || which >= RULES_NCARDS)
		which = RULES_COMBAT;
	sbuf_printf(&b, "%s (%s)", lb(lang, titles[which]), r->edition);
	card_init(c, "rules", ids[which], sbuf_str(&b));
	c->columns = which == RULES_OUTCOMES ? 1 : 2;
	sbuf_free(&b);
	switch (which) {
	case RULES_COMBAT:
		rules_combat(c, r, lang);
		break;
	case RULES_MOVEMENT:
		rules_movement(c, r, lang);
		break;
	default:
		rules_outcomes(c, r, lang);
		break;
	}
}
