/* The matchup card: the grid of two armies' troop types, each cell the
 * odds of its pair as combat-calc --matchup --odds finds them: the five
 * ways a close combat ends for the row's element (it destroys the
 * column's, beats it, draws, is beaten, is destroyed) as a stacked bar,
 * the chances to destroy and to be destroyed as figures, the cell shaded
 * by the row's advantage. */
#include <stdlib.h>
#include <string.h>

#include "card/card.h"
#include "card/card_int.h"
#include "card/matchup.h"
#include "core/labels.h"
#include "core/xalloc.h"
#include "dba/combatrun.h"

#define DASH "\xe2\x80\x93"
/* a cell that support changes (L_MATCHUP_LEGEND says so): a bullet;
 * "*" is a confidence sign of the cards */
#define SUPPORT_MARK " \xe2\x80\xa2"
/* B's types per table: the row label takes one column. */
#define GRID_COLS (CARD_MAXCOLS - 1)

struct grid {
	struct combatrun run;   /* rules and odds only: no dice, no writer */
	size_t n;               /* pairs seen */
	int (*split)[CARD_SPLIT];   /* per pair, percent; [0] -1: not
				     * judged */
};

static int
pct(int k, int of)
{
	return of > 0 ? (200 * k + of) / (2 * of) : 0;
}

/* The loser's outcomes that take its element off the table. */
static int
lost(const struct odds *o, int side)
{
	return o->out[side][OUT_DESTROYED] + o->out[side][OUT_SURRENDER];
}

static int
beaten(const struct odds *o, int side)
{
	int k, n = 0;

	for (k = 0; k < OUT_N; k++)
		n += o->out[side][k];
	return n - lost(o, side);
}

static void
one_pair(void *ctx, const struct combat *c)
{
	struct grid *g = ctx;
	struct combat_result cr;
	const struct odds *o = &cr.odds;
	int *v = g->split[g->n];
	int draw;

	v[0] = -1;
	if (!c->unjudged) {
		memset(&cr, 0, sizeof cr);
		combatrun_judge(&g->run, c, &cr);
		/* side 0 is the row's element; a draw that the rules give
		 * a loser (dba3) counts as that loser's */
		draw = o->pairs - lost(o, 0) - beaten(o, 0) - lost(o, 1) -
		    beaten(o, 1);
		v[0] = pct(lost(o, 1), o->pairs);
		v[1] = pct(beaten(o, 1), o->pairs);
		v[2] = pct(draw, o->pairs);
		v[3] = pct(beaten(o, 0), o->pairs);
		v[4] = pct(lost(o, 0), o->pairs);
	}
	g->n++;
}

static void
army_fact(struct card_block *f, const struct army *a, enum lang lang)
{
	struct sbuf b = { 0 };

	sbuf_adds(&b, a->name != NULL ? a->name : "?");
	if (a->period != NULL) {
		sbuf_adds(&b, ", ");
		card_period(&b, a, lang);
	}
	if (a->player != NULL)          /* an entry: its player */
		sbuf_printf(&b, " (%s)", a->player);
	block_row(f, a->id, sbuf_str(&b));
	sbuf_free(&b);
}

/* Can support (rear, side or psiloi, by the rules table) change the
 * combat of a against o: a supported a, the grid's cells being single
 * elements without it. */
static bool
supportable(const struct rules *r, const struct matchup_type *a,
    const struct matchup_type *o)
{
	const struct rules_troop *t = &r->t[a->troop];
	int k;

	if (t->has_rear && t->rear != 0 &&
	    rules_support_vs(r, &t->rear_when, o->troop, o->sub))
		return true;
	for (k = 0; k < t->nrear_alt && k < 3; k++)
		if (rules_support_vs(r, &t->rear_alt_when[k], o->troop, o->sub))
			return true;
	if (t->has_psiloi && t->psiloi != 0 &&
	    rules_support_vs(r, &t->psiloi_when, o->troop, o->sub))
		return true;
	return t->has_side && t->side != 0 &&
	    (t->side_foot == FOOT_NONE ||
	    rules_foot(r, a->troop, a->sub) == t->side_foot) &&
	    rules_support_vs(r, &t->side_when, o->troop, o->sub);
}

/* A type of the grid in a language: its abbreviation, a sub-type as
 * the army card's elements and notes write it (card_sub_name: 6Ri, 3Kl,
 * 4Bo [Cb], Mtd-4Bo [Lb]; in English as written). */
static const char *
type_label(char *buf, size_t n, const struct rules *r,
    const struct matchup_type *t, enum lang lang)
{
	const struct troop *tr = troop_at((size_t)t->troop);
	const struct rules_subtype *st = rules_subtype(r, t->sub);
	struct sbuf b = { 0 };

	sbuf_add(&b, "", 0);
	if (st == NULL)
		sbuf_adds(&b, troop_abbr(tr, lang));
	else
		card_sub_name(&b, st->spelling, t->troop, lang);
	snprintf(buf, n, "%s", sbuf_str(&b));
	sbuf_free(&b);
	return buf;
}

/* The grid of B's types from col0 on, at most GRID_COLS of them. */
static void
grid_block(struct card *c, const struct grid *g, const struct rules *r,
    const struct matchup_type *ta, size_t na, const struct matchup_type *tb,
    size_t nb, size_t col0, const char *corner, enum lang lang)
{
	const char *v[CARD_MAXCOLS];
	char cell[GRID_COLS][24], head[GRID_COLS][48], row[48];
	struct card_block *t;
	struct sbuf name = { 0 };
	size_t n = nb - col0 < GRID_COLS ? nb - col0 : GRID_COLS, i, k, p;

	t = card_block(c, BLK_TABLE, NULL, n + 1);
	t->num = ~1u;
	t->wide = t->center = ~1u;  /* the grid fills the card's width */
	v[0] = corner;
	for (k = 0; k < n; k++)
		v[k + 1] = type_label(head[k], sizeof head[k], r,
		    &tb[col0 + k], lang);
	t->head = xcalloc(t->ncols, sizeof *t->head);
	for (k = 0; k <= n; k++)
		t->head[k] = xstrdup(v[k]);
	for (i = 0; i < na; i++) {
		sbuf_reset(&name);
		sbuf_printf(&name, "%s %s", type_label(row, sizeof row, r,
		    &ta[i], lang), troop_at((size_t)ta[i].troop)->name[lang]);
		v[0] = sbuf_str(&name);
		for (k = 0; k < n; k++) {
			p = i * nb + col0 + k;
			if (g->split[p][0] < 0)
				v[k + 1] = DASH;
			else {
				snprintf(cell[k], sizeof cell[k], "%d : %d%s",
				    g->split[p][0], g->split[p][4],
				    supportable(r, &ta[i], &tb[col0 + k]) ||
				    supportable(r, &tb[col0 + k], &ta[i]) ?
				    SUPPORT_MARK : "");
				v[k + 1] = cell[k];
			}
		}
		block_rowv(t, v);
		for (k = 0; k < n; k++) {
			p = i * nb + col0 + k;
			if (g->split[p][0] < 0)
				continue;
			/* shade: the row's wins less its losses, 0 to 100 */
			block_heat(t, i, k + 1, 50 + (g->split[p][0] +
			    g->split[p][1] - g->split[p][3] -
			    g->split[p][4]) / 2);
			block_split(t, i, k + 1, g->split[p]);
		}
	}
	sbuf_free(&name);
}

void
card_matchup(struct card *c, struct matchup *m, const struct rules *r,
    enum lang lang)
{
	const struct army *a, *b;
	struct card_block *f;
	const struct matchup_type *ta, *tb;
	size_t na, nb, col;
	struct grid g;
	struct sbuf s = { 0 };

	matchup_resolve(m, r);
	a = matchup_army(m, 0, &ta, &na);
	b = matchup_army(m, 1, &tb, &nb);
	sbuf_printf(&s, "%s: %s %s \xe2\x80\x93 %s %s", lang_label(lang,
	    L_MATCHUP), a->id, a->name != NULL ? a->name : "", b->id,
	    b->name != NULL ? b->name : "");
	card_init(c, "matchup", a->id, sbuf_str(&s));
	free(c->id);
	sbuf_reset(&s);
	sbuf_printf(&s, "%s,%s", a->id, b->id);
	c->id = xstrdup(sbuf_str(&s));
	f = card_block(c, BLK_FACTS, NULL, 2);
	army_fact(f, a, lang);
	army_fact(f, b, lang);
	block_row(f, lang_label(lang, L_RULES_EDITION), r->title);
	memset(&g, 0, sizeof g);
	g.run.rules = r;
	g.run.odds = true;
	g.split = xcalloc(na * nb + 1, sizeof *g.split);
	matchup_pairs(m, r, one_pair, &g);
	sbuf_reset(&s);
	/* no break between an id and its arrow (no-break spaces) */
	sbuf_printf(&s, "%s\xc2\xa0\xe2\x86\x93 %s\xc2\xa0\xe2\x86\x92", a->id, b->id);
	for (col = 0; col < nb || col == 0; col += GRID_COLS)
		grid_block(c, &g, r, ta, na, tb, nb, col, sbuf_str(&s),
		    lang);
	block_row(card_block(c, BLK_TEXT, NULL, 1), lang_label(lang,
	    L_MATCHUP_LEGEND));
	free(g.split);
	sbuf_free(&s);
}
