/* card: the card model (blocks of facts, tables and text, folded to
 * fit), the runs of a cell, and the texts the army card (cardarmy.c) and
 * the rules cards (cardrules.c) share (card_int.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyout.h"
#include "card/card.h"
#include "card/card_int.h"
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
char *
card_field(const char *s)
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
	c->id = card_field(id);
	c->title = card_field(title);
	c->label = card_field(title);
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
	b->title = title != NULL ? card_field(title) : NULL;
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
		b->head[i] = card_field(va_arg(ap, const char *));
	va_end(ap);
}

void
block_rowv(struct card_block *b, const char *const *v)
{
	size_t i;

	b->cell = xgrow(b->cell, &b->cap, (b->nrows + 1) * b->ncols,
	    sizeof *b->cell);
	for (i = 0; i < b->ncols; i++)
		b->cell[b->nrows * b->ncols + i] = card_field(v[i] != NULL ?
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

char *
card_glue_value(const char *s)
{
	size_t n = strlen(s), i, k = 0;
	char *o = xmalloc(2 * n + 1);

	for (i = 0; i < n; i++) {
		if (s[i] == ' ' && (i == 0 || (s[i - 1] != ',' &&
		    s[i - 1] != ';'))) {
			o[k++] = '\xc2';
			o[k++] = '\xa0';
		} else
			o[k++] = s[i];
	}
	o[k] = '\0';
	return o;
}

/* ---- the texts the army and rules cards share (card_int.h) ------- */

static const char *
lb(enum lang lang, enum label l)
{
	return lang_label(lang, l);
}

const char *
card_recon_mark(int src)
{
	return src == SRC_RECONSTRUCTED ? RECON_MARK : "";
}

void
card_recon_note(struct card *c, enum lang lang)
{
	block_row(card_block(c, BLK_TEXT, NULL, 1), lb(lang, L_RECONSTRUCTED));
}

/* The sign of a figure that two sources do not confirm: * one source
 * (1S), ? the sources disagree (X), a double dagger recalled (R); none
 * for 2S or a figure without a confidence (dba1).  *used gets a bit per
 * sign, for the footnotes of conf_notes. */
const char *
card_conf_mark(unsigned *used, const struct rules_prov *p)
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
const char *
card_marked(char *buf, size_t n, const char *v, unsigned *used,
    const struct rules_prov *p)
{
	snprintf(buf, n, "%s%s", v, card_conf_mark(used, p));
	return buf;
}

void
card_conf_notes(struct card *c, unsigned used, enum lang lang)
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
const char *
card_psiloi_abbr(enum lang lang)
{
	const struct troop *t = troop_by_code("Ps");

	return t != NULL ? troop_abbr(t, lang) : "Ps";
}

const char *
card_num(char *buf, size_t n, long v)
{
	snprintf(buf, n, "%ld", v);
	return buf;
}

const char *
card_signed_num(char *buf, size_t n, long v)
{
	if (v < 0)
		snprintf(buf, n, "\xe2\x88\x92%ld", -v);   /* minus sign */
	else
		snprintf(buf, n, "+%ld", v);
	return buf;
}

/* Codes of the troops in mask, and the class words, joined by ", ". */
void
card_winners_text(struct sbuf *b, uint64_t mask, unsigned classes,
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

void
card_sub_name(struct sbuf *b, const char *s, int troop, enum lang lang)
{
	const struct troop *t = troop >= 0 ? troop_at((size_t)troop) : NULL;
	size_t n = strncmp(s, "Mtd-", 4) == 0 ? 4 : 0;

	if (lang == LANG_EN || t == NULL) {
		sbuf_adds(b, s);
		return;
	}
	while (s[n] >= '0' && s[n] <= '9')
		n++;
	sbuf_add(b, s, n);
	sbuf_adds(b, troop_abbr(t, lang));
	if (s[n] != '\0' && !str_ieq(s + n, strlen(s + n), t->code))
		sbuf_printf(b, " [%s]", s + n);
}

void
card_foot_troops(struct sbuf *b, const struct rules *r, uint64_t mask,
    int foot, enum lang lang)
{
	size_t i, k, n = 0;
	bool other;

	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		if (!(mask & ((uint64_t)1 << i)))
			continue;
		other = foot != FOOT_NONE && r->t[i].foot != FOOT_NONE &&
		    r->t[i].foot != foot;
		for (k = 0; foot != FOOT_NONE && k < r->nsub; k++)
			if (r->sub[k].troop == (int)i && r->sub[k].foot !=
			    FOOT_NONE && r->sub[k].foot != foot)
				other = true;
		sbuf_printf(b, "%s%s", n++ ? ", " : "",
		    troop_abbr(troop_at(i), lang));
		if (other)
			sbuf_printf(b, " (%s)", lb(lang, foot == FOOT_SOLID ?
			    L_SOLID : L_FAST));
	}
}

/* The sub-type tags of mask (dba3 Lb, 4Kn), after n names: a tag that
 * is a sub-type's spelling as card_sub_name writes it, a tag of mounted
 * sub-types of a foot type (Mtd) as "mounted infantry". */
static void
tags_text(struct sbuf *b, const struct rules *r, uint64_t mask, size_t n,
    enum lang lang)
{
	const struct rules_subtype *st;
	size_t k;
	int i, sub;

	for (i = 0; r != NULL && i < r->ntags; i++) {
		if (!(mask & ((uint64_t)1 << i)))
			continue;
		sbuf_adds(b, n++ ? ", " : "");
		sub = rules_subtype_find(r, r->tag[i], strlen(r->tag[i]));
		if ((st = rules_subtype(r, sub)) != NULL) {
			card_sub_name(b, r->tag[i], st->troop, lang);
			continue;
		}
		for (k = 0; k < r->nsub && !(r->sub[k].tags &
		    ((uint64_t)1 << i)); k++)
			;
		if (k < r->nsub && r->sub[k].cls == CLASS_MOUNTED &&
		    troop_at((size_t)r->sub[k].troop)->cls != CLASS_MOUNTED)
			sbuf_adds(b, lb(lang, L_MTD_INF));
		else
			sbuf_adds(b, r->tag[i]);
	}
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
		tags_text(b, r, e->ltags, 0, lang);
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

			card_winners_text(b, w, cls, lang);
			tags_text(b, r, tg, b->len > at, lang);
		}
		by = win;       /* after a clause of the loser's own, "by" again */
		exc_cond(b, r, &e[i], win || e[i].going >= 0 ||
		    e[i].kind >= 0, brief, lang);
		i = j;
	}
	sbuf_printf(b, ": %s%s", outcome_label(e[0].outcome, lang),
	    card_recon_mark(e[0].src));
	if (used != NULL)
		sbuf_adds(b, card_conf_mark(used, &e[0].prov));
	return i;
}

/* The exceptions of rt, beaten ones first, in clauses joined by sep;
 * with used, each clause with its confidence sign; an exception for
 * sub-types of the loser (4Kn, Mtd) only when have has one of them.  True when one is
 * marked as reconstructed. */
static bool
exc_text(struct sbuf *b, const struct rules *r, const struct rules_troop *rt,
    enum lang lang, const char *sep, unsigned *used, bool brief,
    uint64_t have)
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
			    rt->exc[i].result != 0) == res &&
			    (rt->exc[i].ltags == 0 ||
			    (rt->exc[i].ltags & have) != 0))
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
void
card_note(struct sbuf *b, const char *s)
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
bool
card_outcome_text(struct sbuf *b, const struct rules *r,
    const struct rules_troop *rt, enum lang lang, bool *dropped,
    unsigned *used, bool brief, uint64_t have)
{
	bool recon = rt->outcome_src == SRC_RECONSTRUCTED;
	bool beaten = rt->beaten != r->dflt_beaten;
	bool doubled = rt->doubled != r->dflt_doubled;
	const char *mark = card_recon_mark(rt->outcome_src);

	if (!rt->has_outcome)
		return false;
	if (beaten) {
		card_note(b, lb(lang, L_BEATEN));
		sbuf_printf(b, ": %s%s", outcome_label(rt->beaten, lang),
		    doubled ? "" : mark);
	}
	if (doubled) {
		card_note(b, lb(lang, L_DOUBLED));
		sbuf_printf(b, ": %s%s", outcome_label(rt->doubled, lang),
		    mark);
	}
	if (recon && !beaten && !doubled) {
		card_note(b, lb(lang, L_OUT_AS_DEFAULT));
		sbuf_adds(b, mark);
	}
	if (!beaten || !doubled)
		*dropped = true;
	return exc_text(b, r, rt, lang, "; ", used, brief, have) || recon;
}

/* The line of the outcomes that army cards leave out. */
void
card_outcome_default_text(struct sbuf *b, const struct rules *r, enum lang lang)
{
	sbuf_printf(b, "%s: %s: %s, %s: %s", lb(lang, L_OUT_UNLESS),
	    lb(lang, L_BEATEN), outcome_label(r->dflt_beaten, lang),
	    lb(lang, L_DOUBLED), outcome_label(r->dflt_doubled, lang));
}

void
card_outcome_default(struct card *c, const struct rules *r, enum lang lang)
{
	struct sbuf b = { 0 };

	card_outcome_default_text(&b, r, lang);
	block_row(card_block(c, BLK_TEXT, NULL, 1), sbuf_str(&b));
	sbuf_free(&b);
}

/* A length of the rules in their unit (paces; dba3 base widths). */
const char *
card_len_cell(char *buf, size_t n, const struct rules *r, long v)
{
	return rules_len_fmt(r, (double)v, buf, n);
}

const char *
card_move_cell(char *buf, size_t n, const struct rules *r,
    const struct rules_troop *rt, long v)
{
	if (!rt->has_move)
		return "\xe2\x80\x93";
	if (v == 0)
		return "\xe2\x80\x93";
	return card_len_cell(buf, n, r, v);
}
