/* cardcamp: the campaign cards, from the tables of lib/campaign (the
 * embedded formats/catastrophe.xml and formats/survival-table.xml). */
#include <stdlib.h>
#include <string.h>

#include "card/card.h"
#include "core/labels.h"
#include "core/str.h"

static const char *
lb(enum lang lang, int l)
{
	return lang_label(lang, l);
}

static void
effect(struct sbuf *b, enum lang lang, int label, long v, const char *unit)
{
	if (b->len > 0)
		sbuf_adds(b, ", ");
	if (v < 0)
		sbuf_printf(b, "%s \xe2\x88\x92%ld%s", lb(lang, label), -v,
		    unit);
	else
		sbuf_printf(b, "%s +%ld%s", lb(lang, label), v, unit);
}

static void
word(struct sbuf *b, const char *s)
{
	if (b->len > 0)
		sbuf_adds(b, ", ");
	sbuf_adds(b, s);
}

/* The dice are written as the card's title writes its roll, with their
 * sides ("2d6", "2W6", "2к6"): GURPS rolls six-sided dice only, so the
 * sides of the table's own roll are those of its damage dice. */
static void
cat_effects(struct sbuf *b, const struct cat_row *r, int sides,
    enum lang lang)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (r->strategy != 0)
		effect(b, lang, L_STRATEGY, r->strategy, "");
	if (r->halved)
		word(b, lb(lang, L_STRATEGY_HALVED));
	if (r->enemy_ts_pct != 0)
		effect(b, lang, L_ENEMY_TS, r->enemy_ts_pct, "%");
	if (r->morale_all != 0)
		effect(b, lang, L_MORALE_ALL, r->morale_all, "");
	if (r->morale_unit != 0)
		effect(b, lang, L_MORALE_UNIT, r->morale_unit, "");
	if (r->morale_roll)
		word(b, lb(lang, L_MORALE_ROLL));
	if (r->morale_fail != 0)
		effect(b, lang, L_MORALE_FAIL, r->morale_fail, "");
	if (r->morale_success != 0)
		effect(b, lang, L_MORALE_SUCCESS, r->morale_success, "");
	if (r->recalc_ts)
		word(b, lb(lang, L_RECALC_TS));
	if (r->leader != CAT_NOBODY) {
		word(b, lb(lang, r->leader == CAT_COMMANDER ?
		    L_LEADER_COMMANDER : L_LEADER_UNIT));
		if (r->fate != FATE_NONE)
			sbuf_printf(b, " %s", lb(lang, r->fate == FATE_KILLED ?
			    L_FATE_KILLED : L_FATE_WOUNDED));
	}
	if (r->damage_dice > 0)
		sbuf_printf(b, "%s%s %d%s%d", b->len ? ", " : "",
		    lb(lang, L_DAMAGE), r->damage_dice, lb(lang, L_DIE), sides);
}

/* "2 × ((TL/2)d6+2)" for one damage column, the die and the tech level
 * as the language writes them (see cat_effects). */
static void
dmg_text(struct sbuf *b, const struct surv_col *k, int sides,
    enum lang lang)
{
	struct sbuf in = { 0 }, one = { 0 };
	const char *d = lb(lang, L_DIE), *tl = lb(lang, L_TL);

	sbuf_reset(b);
	sbuf_add(&one, "", 0);
	if (k->tl_mul == 0) {
		sbuf_printf(&one, "%d%s%d", k->dice, d, sides);
	} else {
		if (k->tl_mul == 1)
			sbuf_adds(&in, tl);
		else
			sbuf_printf(&in, "%d\xc2\xb7%s", k->tl_mul, tl);
		if (k->tl_div > 1)
			sbuf_printf(&in, "/%d", k->tl_div);
		if (k->dice > 0)
			sbuf_printf(&in, "+%d", k->dice);
		else if (k->dice < 0)
			sbuf_printf(&in, "\xe2\x88\x92%d", -k->dice);
		sbuf_printf(&one, "(%s)%s%d", sbuf_str(&in), d, sides);
	}
	if (k->adds > 0)
		sbuf_printf(&one, "+%d", k->adds);
	else if (k->adds < 0)
		sbuf_printf(&one, "\xe2\x88\x92%d", -k->adds);
	if (k->hits > 1 && k->adds != 0)
		sbuf_printf(b, "%d \xc3\x97 (%s)", k->hits, sbuf_str(&one));
	else if (k->hits > 1)
		sbuf_printf(b, "%d \xc3\x97 %s", k->hits, sbuf_str(&one));
	else
		sbuf_adds(b, sbuf_str(&one));
	sbuf_free(&in);
	sbuf_free(&one);
}

/* A number with a true minus sign. */
static void
snum(struct sbuf *b, long v)
{
	if (v < 0)
		sbuf_printf(b, "\xe2\x88\x92%ld", -v);
	else
		sbuf_printf(b, "%ld", v);
}

/* A margin range: "5", "−2…−1", "≥ 5", "≤ −7". */
static void
margin_text(struct sbuf *b, const struct surv_table *t, int r)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (t->has_min[r] && t->has_max[r] && t->min[r] == t->max[r]) {
		snum(b, t->min[r]);
	} else if (t->has_min[r] && t->has_max[r]) {
		snum(b, t->min[r]);
		sbuf_adds(b, "\xe2\x80\xa6");
		snum(b, t->max[r]);
	} else if (t->has_min[r]) {
		sbuf_adds(b, "\xe2\x89\xa5 ");
		snum(b, t->min[r]);
	} else if (t->has_max[r]) {
		sbuf_adds(b, "\xe2\x89\xa4 ");
		snum(b, t->max[r]);
	}
}

static void
surv_blocks(struct card *c, const struct surv_table *t, enum lang lang)
{
	struct card_block *k;
	struct sbuf b = { 0 }, d[4] = { { 0 } };
	char tl[32], hp[32], dr[32];
	int i, j;
	bool div = false;

	k = card_block(c, BLK_TABLE, NULL, 3);
	block_head(k, lb(lang, L_MARGIN), lb(lang, L_RESULT), lb(lang, L_HP));
	k->num = 0x5;
	for (i = 0; i < RES_N; i++) {
		margin_text(&b, t, i);
		/* a critical failure gives column D (surv_lookup;
		 * formats/survival-table.xml) */
		if (i == RES_D)
			sbuf_printf(&b, " %s", lb(lang, L_CRIT_FAILURE));
		snprintf(hp, sizeof hp, "%d", t->hp[i]);
		block_row(k, sbuf_str(&b), t->res_text[i][lang] != NULL ?
		    t->res_text[i][lang] : surv_result_name(i),
		    t->hp[i] > 0 ? hp : "");
	}
	k = card_block(c, BLK_TABLE, lb(lang, L_DAMAGE_COLS), 6);
	block_head(k, lb(lang, L_TL), "A", "B", "C", "D", lb(lang, L_DR_DIV));
	k->num = 0x1;
	for (i = 0; i < t->nbands; i++) {
		if (t->band[i].tl_min == t->band[i].tl_max)
			snprintf(tl, sizeof tl, "%d", t->band[i].tl_min);
		else
			snprintf(tl, sizeof tl, "%d\xe2\x80\x93%d",
			    t->band[i].tl_min, t->band[i].tl_max);
		for (j = 0; j < 4; j++)
			dmg_text(&d[j], &t->band[i].col[j], t->dice.sides,
			    lang);
		snprintf(dr, sizeof dr, "%s/%d", lb(lang, L_DR_DIV),
		    t->band[i].drdiv);
		block_row(k, tl, sbuf_str(&d[0]), sbuf_str(&d[1]),
		    sbuf_str(&d[2]), sbuf_str(&d[3]),
		    t->band[i].drdiv > 1 ? dr : "");
		div |= t->band[i].drdiv > 1;
	}
	if (div)
		block_row(card_block(c, BLK_TEXT, NULL, 1), lb(lang,
		    L_DR_KEY));
	for (j = 0; j < 4; j++)
		sbuf_free(&d[j]);
	sbuf_free(&b);
}

static void
cat_block(struct card *c, const struct cat_table *t, enum lang lang)
{
	struct card_block *k;
	struct sbuf b = { 0 };
	char roll[32];
	size_t i;

	k = card_block(c, BLK_TABLE, NULL, 3);
	block_head(k, lb(lang, L_ROLL), lb(lang, L_EVENT), lb(lang, L_EFFECTS));
	k->num = 0x1;
	k->wide = 0x6;
	for (i = 0; i < t->nrows; i++) {
		const struct cat_row *r = &t->rows[i];

		if (r->min == r->max)
			snprintf(roll, sizeof roll, "%d", r->min);
		else
			snprintf(roll, sizeof roll, "%d\xe2\x80\x93%d",
			    r->min, r->max);
		cat_effects(&b, r, t->dice.sides, lang);
		block_row(k, roll, r->text[lang], sbuf_str(&b));
	}
	sbuf_free(&b);
}

void
card_campaign(struct card *c, int which, const struct camptab *t,
    enum lang lang)
{
	struct sbuf b = { 0 };
	bool cat = which != CAMP_SURVIVAL;
	const struct roll *d = cat ? &t->cat.dice : &t->surv.dice;

	sbuf_printf(&b, "%s: %s (%d%s%d)", lb(lang, L_CARD_CAMPAIGN),
	    lb(lang, cat ? L_CATASTROPHE : L_SURVIVAL), d->n, lb(lang, L_DIE),
	    d->sides);
	card_init(c, "campaign", cat ? "catastrophe" : "survival",
	    sbuf_str(&b));
	sbuf_free(&b);
	if (cat)
		cat_block(c, &t->cat, lang);
	else
		surv_blocks(c, &t->surv, lang);
}
