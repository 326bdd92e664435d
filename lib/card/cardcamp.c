/* cardcamp: the campaign card's data, read from the project's Catastrophe
 * table (formats/catastrophe.xml) and Survival table
 * (formats/survival-table.xml); a build embeds whichever of the two the
 * tree holds, and the card says when one is missing. */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "card/card.h"
#include "core/diag.h"
#include "core/labels.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#if defined(__has_include)
#if __has_include("gen/catastrophe_xml.h")
#include "gen/catastrophe_xml.h"
#define HAVE_CAT_TABLE 1
#endif
#if __has_include("gen/survival-table_xml.h")
#include "gen/survival-table_xml.h"
#define HAVE_SURV_TABLE 1
#endif
#endif

static bool
is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

/* A number attribute: 0 when absent (*has false), -1 when malformed. */
static int
attr_num(xmlNodePtr n, const char *name, const char *file, long *v,
    bool *has)
{
	char *s = xmlio_attr(n, name);
	int rc = 0;

	if (has != NULL)
		*has = s != NULL;
	if (s == NULL)
		return 0;
	if (num_longs(s, -100000, 100000, v) < 0) {
		diag_at(file, 1, xmlGetLineNo(n), 0,
		    "bad number '%s' in attribute '%s'", s, name);
		rc = -1;
	}
	xmlFree(s);
	return rc;
}

static bool
attr_yes(xmlNodePtr n, const char *name)
{
	char *s = xmlio_attr(n, name);
	bool yes = s != NULL && strcmp(s, "yes") == 0;

	xmlFree(s);
	return yes;
}

static char *
attr_dup(xmlNodePtr n, const char *name)
{
	char *s = xmlio_attr(n, name), *d = s != NULL ? xstrdup(s) : NULL;

	xmlFree(s);
	return d;
}

static xmlNodePtr
root_of(xmlDocPtr doc, const char *want, const char *file)
{
	xmlNodePtr root = doc != NULL ? xmlDocGetRootElement(doc) : NULL;

	if (root == NULL || !is(root, want)) {
		if (doc != NULL)
			diag_at(file, 1, root != NULL ? xmlGetLineNo(root) : 1,
			    0, "not a '%s' document", want);
		return NULL;
	}
	return root;
}

static int
cat_row(struct camp_row *r, xmlNodePtr n, const char *file)
{
	long v = 0;
	int bad = 0, l;
	xmlNodePtr c;

	memset(r, 0, sizeof *r);
	bad |= attr_num(n, "min", file, &v, NULL);
	r->min = (int)v;
	v = 0;
	bad |= attr_num(n, "max", file, &v, NULL);
	r->max = (int)v;
	bad |= attr_num(n, "strategy", file, &r->strategy, NULL);
	bad |= attr_num(n, "morale-all", file, &r->morale_all, NULL);
	bad |= attr_num(n, "morale-unit", file, &r->morale_unit, NULL);
	bad |= attr_num(n, "enemy-ts-percent", file, &r->enemy_ts, NULL);
	bad |= attr_num(n, "damage-dice", file, &r->damage_dice, NULL);
	r->strategy_halved = attr_yes(n, "strategy-halved");
	r->morale_roll = attr_yes(n, "morale-roll");
	r->recalc_ts = attr_yes(n, "recalculate-ts");
	r->event = attr_dup(n, "event");
	r->leader = attr_dup(n, "leader");
	r->fate = attr_dup(n, "leader-fate");
	for (c = n->children; c != NULL; c = c->next) {
		char *lang, *text;

		if (!is(c, "text"))
			continue;
		lang = xmlio_attr(c, "lang");
		for (l = 0; l < LANG_N; l++)
			if (lang != NULL && strcmp(lang, lang_code(l)) == 0 &&
			    r->text[l] == NULL) {
				text = xmlio_text(c);
				r->text[l] = xstrdup(text != NULL ? text : "");
				xmlFree(text);
			}
		xmlFree(lang);
	}
	if (r->event == NULL || r->min < 3 || r->max > 18 || r->min > r->max) {
		diag_at(file, 1, xmlGetLineNo(n), 0, "bad Catastrophe row");
		bad = -1;
	}
	return bad;
}

static void
cat_free(struct camp_tables *t)
{
	size_t i;
	int l;

	for (i = 0; i < t->ncat; i++) {
		free(t->cat[i].event);
		free(t->cat[i].leader);
		free(t->cat[i].fate);
		for (l = 0; l < LANG_N; l++)
			free(t->cat[i].text[l]);
	}
	free(t->cat);
	t->cat = NULL;
	t->ncat = 0;
	t->has_cat = false;
}

int
camp_load_cat(struct camp_tables *t, const char *buf, size_t len,
    const char *name)
{
	xmlDocPtr doc = xmlio_parse_mem(buf, len, name);
	xmlNodePtr root = root_of(doc, "catastrophe-table", name), n;
	size_t cap = 0;
	int bad = root == NULL ? -1 : 0;

	cat_free(t);
	for (n = root != NULL ? root->children : NULL; n != NULL;
	    n = n->next) {
		if (!is(n, "row"))
			continue;
		t->cat = xgrow(t->cat, &cap, t->ncat + 1, sizeof *t->cat);
		bad |= cat_row(&t->cat[t->ncat++], n, name);
	}
	xmlFreeDoc(doc);
	if (bad != 0) {
		cat_free(t);
		diag_raise(EXIT_DATA);
		return -1;
	}
	t->has_cat = true;
	return 0;
}

static void
surv_free(struct camp_tables *t)
{
	size_t i, j;

	for (i = 0; i < t->nband; i++)
		free(t->band[i].name);
	for (i = 0; i < t->ndmg; i++)
		for (j = 0; j < t->dmg[i].ncol; j++)
			free(t->dmg[i].col[j].name);
	free(t->band);
	free(t->dmg);
	t->band = NULL;
	t->dmg = NULL;
	t->nband = t->ndmg = 0;
	t->has_surv = false;
}

static int
surv_damage(struct camp_dmg *d, xmlNodePtr n, const char *file)
{
	xmlNodePtr c;
	int bad = 0;

	memset(d, 0, sizeof *d);
	d->drdiv = 1;
	bad |= attr_num(n, "tl-min", file, &d->tl_min, NULL);
	bad |= attr_num(n, "tl-max", file, &d->tl_max, NULL);
	bad |= attr_num(n, "dr-divisor", file, &d->drdiv, NULL);
	for (c = n->children; c != NULL; c = c->next) {
		struct camp_col *k;

		if (!is(c, "column") || d->ncol >= 4)
			continue;
		k = &d->col[d->ncol++];
		k->hits = 1;
		k->tl_div = 1;
		k->name = attr_dup(c, "name");
		bad |= attr_num(c, "hits", file, &k->hits, NULL);
		bad |= attr_num(c, "dice", file, &k->dice, NULL);
		bad |= attr_num(c, "adds", file, &k->adds, NULL);
		bad |= attr_num(c, "dice-tl", file, &k->tl_mul, NULL);
		bad |= attr_num(c, "dice-tl-div", file, &k->tl_div, NULL);
		if (k->tl_div <= 0)
			k->tl_div = 1;
	}
	return bad;
}

int
camp_load_surv(struct camp_tables *t, const char *buf, size_t len,
    const char *name)
{
	xmlDocPtr doc = xmlio_parse_mem(buf, len, name);
	xmlNodePtr root = root_of(doc, "survival-table", name), n;
	size_t capb = 0, capd = 0;
	int bad = root == NULL ? -1 : 0;

	surv_free(t);
	for (n = root != NULL ? root->children : NULL; n != NULL;
	    n = n->next) {
		if (is(n, "result")) {
			struct camp_band *b;

			t->band = xgrow(t->band, &capb, t->nband + 1,
			    sizeof *t->band);
			b = &t->band[t->nband++];
			memset(b, 0, sizeof *b);
			b->name = attr_dup(n, "name");
			bad |= attr_num(n, "min", name, &b->min, &b->has_min);
			bad |= attr_num(n, "max", name, &b->max, &b->has_max);
			bad |= attr_num(n, "hp", name, &b->hp, NULL);
		} else if (is(n, "damage")) {
			t->dmg = xgrow(t->dmg, &capd, t->ndmg + 1,
			    sizeof *t->dmg);
			bad |= surv_damage(&t->dmg[t->ndmg++], n, name);
		}
	}
	xmlFreeDoc(doc);
	if (bad != 0) {
		surv_free(t);
		diag_raise(EXIT_DATA);
		return -1;
	}
	t->has_surv = true;
	return 0;
}

void
camp_builtin(struct camp_tables *t)
{
	memset(t, 0, sizeof *t);
#ifdef HAVE_CAT_TABLE
	camp_load_cat(t, (const char *)catastrophe_xml, catastrophe_xml_len,
	    "catastrophe.xml");
#endif
#ifdef HAVE_SURV_TABLE
	camp_load_surv(t, (const char *)survival_table_xml,
	    survival_table_xml_len, "survival-table.xml");
#endif
}

void
camp_free(struct camp_tables *t)
{
	cat_free(t);
	surv_free(t);
}

/* ---- the card ------------------------------------------------------ */

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

static void
cat_effects(struct sbuf *b, const struct camp_row *r, enum lang lang)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (r->strategy != 0)
		effect(b, lang, L_STRATEGY, r->strategy, "");
	if (r->strategy_halved)
		word(b, lb(lang, L_STRATEGY_HALVED));
	if (r->enemy_ts != 0)
		effect(b, lang, L_ENEMY_TS, r->enemy_ts, "%");
	if (r->morale_all != 0)
		effect(b, lang, L_MORALE_ALL, r->morale_all, "");
	if (r->morale_unit != 0)
		effect(b, lang, L_MORALE_UNIT, r->morale_unit, "");
	if (r->morale_roll)
		word(b, lb(lang, L_MORALE_ROLL));
	if (r->recalc_ts)
		word(b, lb(lang, L_RECALC_TS));
	if (r->leader != NULL) {
		word(b, lb(lang, strcmp(r->leader, "commander") == 0 ?
		    L_LEADER_COMMANDER : L_LEADER_UNIT));
		if (r->fate != NULL)
			sbuf_printf(b, " %s", lb(lang, strcmp(r->fate,
			    "killed") == 0 ? L_FATE_KILLED : L_FATE_WOUNDED));
	}
	if (r->damage_dice > 0)
		sbuf_printf(b, "%s%s %ldd", b->len ? ", " : "",
		    lb(lang, L_DAMAGE), r->damage_dice);
}

/* "2 × (TL/2)d+2" for one damage column. */
static void
dmg_text(struct sbuf *b, const struct camp_col *k)
{
	struct sbuf in = { 0 };

	sbuf_reset(b);
	if (k->hits > 1)
		sbuf_printf(b, "%ld \xc3\x97 ", k->hits);
	if (k->tl_mul == 0) {
		sbuf_printf(b, "%ldd", k->dice);
	} else {
		if (k->tl_mul == 1)
			sbuf_adds(&in, "TL");
		else
			sbuf_printf(&in, "%ld\xc2\xb7TL", k->tl_mul);
		if (k->tl_div > 1)
			sbuf_printf(&in, "/%ld", k->tl_div);
		if (k->dice > 0)
			sbuf_printf(&in, "+%ld", k->dice);
		else if (k->dice < 0)
			sbuf_printf(&in, "\xe2\x88\x92%ld", -k->dice);
		if (strcmp(sbuf_str(&in), "TL") == 0)
			sbuf_printf(b, "%sd", sbuf_str(&in));
		else
			sbuf_printf(b, "(%s)d", sbuf_str(&in));
	}
	if (k->adds > 0)
		sbuf_printf(b, "+%ld", k->adds);
	else if (k->adds < 0)
		sbuf_printf(b, "\xe2\x88\x92%ld", -k->adds);
	sbuf_free(&in);
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

static void
margin_text(struct sbuf *b, const struct camp_band *s)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (s->has_min && s->has_max && s->min == s->max) {
		snum(b, s->min);
	} else if (s->has_min && s->has_max) {
		snum(b, s->min);
		sbuf_adds(b, "\xe2\x80\xa6");
		snum(b, s->max);
	} else if (s->has_min) {
		sbuf_adds(b, "\xe2\x89\xa5 ");
		snum(b, s->min);
	} else if (s->has_max) {
		sbuf_adds(b, "\xe2\x89\xa4 ");
		snum(b, s->max);
	}
}

static void
surv_blocks(struct card *c, const struct camp_tables *t, enum lang lang)
{
	struct card_block *k;
	struct sbuf b = { 0 }, d[4] = { { 0 } };
	char tl[32], hp[32], dr[32];
	size_t i, j;

	k = card_block(c, BLK_TABLE, NULL, 3);
	block_head(k, lb(lang, L_MARGIN), lb(lang, L_RESULT), lb(lang, L_HP));
	k->num = 0x5;
	for (i = 0; i < t->nband; i++) {
		margin_text(&b, &t->band[i]);
		snprintf(hp, sizeof hp, "%ld", t->band[i].hp);
		block_row(k, sbuf_str(&b), t->band[i].name != NULL ?
		    t->band[i].name : "?", t->band[i].hp > 0 ? hp : "");
	}
	k = card_block(c, BLK_TABLE, lb(lang, L_DAMAGE_COLS), 6);
	block_head(k, lb(lang, L_TL), "A", "B", "C", "D", lb(lang, L_DR_DIV));
	k->num = 0x1;
	for (i = 0; i < t->ndmg; i++) {
		const struct camp_dmg *g = &t->dmg[i];

		if (g->tl_min == g->tl_max)
			snprintf(tl, sizeof tl, "%ld", g->tl_min);
		else
			snprintf(tl, sizeof tl, "%ld\xe2\x80\x93%ld", g->tl_min,
			    g->tl_max);
		for (j = 0; j < 4; j++) {
			sbuf_reset(&d[j]);
			sbuf_add(&d[j], "", 0);
			if (j < g->ncol)
				dmg_text(&d[j], &g->col[j]);
		}
		snprintf(dr, sizeof dr, "%s/%ld", lb(lang, L_DR_DIV),
		    g->drdiv);
		block_row(k, tl, sbuf_str(&d[0]), sbuf_str(&d[1]),
		    sbuf_str(&d[2]), sbuf_str(&d[3]), g->drdiv > 1 ? dr : "");
	}
	for (j = 0; j < 4; j++)
		sbuf_free(&d[j]);
	sbuf_free(&b);
}

static void
cat_block(struct card *c, const struct camp_tables *t, enum lang lang)
{
	struct card_block *k;
	struct sbuf b = { 0 };
	char roll[32];
	size_t i;

	k = card_block(c, BLK_TABLE, NULL, 3);
	block_head(k, lb(lang, L_ROLL), lb(lang, L_EVENT), lb(lang, L_EFFECTS));
	k->num = 0x1;
	k->wide = 0x6;
	for (i = 0; i < t->ncat; i++) {
		const struct camp_row *r = &t->cat[i];

		if (r->min == r->max)
			snprintf(roll, sizeof roll, "%d", r->min);
		else
			snprintf(roll, sizeof roll, "%d\xe2\x80\x93%d",
			    r->min, r->max);
		cat_effects(&b, r, lang);
		block_row(k, roll, r->text[lang] != NULL ? r->text[lang] :
		    r->event, sbuf_str(&b));
	}
	sbuf_free(&b);
}

void
card_campaign(struct card *c, int which, const struct camp_tables *t,
    enum lang lang)
{
	struct card_block *k;
	struct sbuf b = { 0 };
	bool cat = which != CAMP_SURVIVAL;

	sbuf_printf(&b, "%s: %s", lb(lang, L_CARD_CAMPAIGN),
	    lb(lang, cat ? L_CATASTROPHE : L_SURVIVAL));
	card_init(c, "campaign", cat ? "catastrophe" : "survival",
	    sbuf_str(&b));
	sbuf_free(&b);
	if (cat && t->has_cat) {
		cat_block(c, t, lang);
	} else if (!cat && t->has_surv) {
		surv_blocks(c, t, lang);
	} else {
		k = card_block(c, BLK_TEXT, NULL, 1);
		block_row(k, lb(lang, cat ? L_NO_CAT_TABLE : L_NO_SURV_TABLE));
	}
}
