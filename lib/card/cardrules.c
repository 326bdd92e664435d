/* The rules cards: combat (factors, support, tactical factors),
 * movement (rates, spellings) and outcomes, each from the rules table
 * of an edition (lib/rules). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyout.h"
#include "card/card.h"
#include "card/card_int.h"
#include "core/labels.h"
#include "core/str.h"
#include "core/xalloc.h"

static const char *
lb(enum lang lang, enum label l)
{
	return lang_label(lang, l);
}

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

	/* formats/dba1.xml, <factor reason="riverbank">: the river bank
	 * counts except at a road ford or bridge, and only when the river
	 * rolled one of river_rolls */
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
 * data; Psiloi support without a list of its own is DBA 1.x's "only vs
 * mounted or attacking a camp" (formats/dba1.xml, <support>); "supports
 * up to 3" with a maximum. */
static void
support_text(struct sbuf *b, const struct rules_support *w, bool psiloi,
    bool lifted, enum lang lang)
{
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (w->has_vs) {
		sbuf_printf(b, "%s ", lb(lang, L_ONLY_VS));
		card_winners_text(b, w->vs, w->vs_classes, lang);
		if (w->vs_except != 0) {
			sbuf_adds(b, lb(lang, L_EXCEPT));
			card_winners_text(b, w->vs_except, 0, lang);
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
		card_marked(m, sizeof m, card_signed_num(v, sizeof v, rt->psiloi),
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
		block_row(t, sbuf_str(&who[k]), card_psiloi_abbr(lang), val[k],
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
	    card_marked(m1, sizeof m1, card_num(v1, sizeof v1, f[CLASS_FOOT]),
	    used, p),
	    card_marked(m2, sizeof m2, card_num(v2, sizeof v2,
	    f[CLASS_MOUNTED]), used, p), "");
}

/* Whether a troop's factors in shooting go in the shooting column: a
 * pair of its own, the same against foot and mounted. */
static bool
shoot_col(const struct rules_troop *rt)
{
	return rt->has_shoot && rt->factor_shoot[CLASS_FOOT] ==
	    rt->factor_shoot[CLASS_MOUNTED];
}

/* Side support (dba3), under a heading of its own, in one paragraph
 * (kept in one column): each type that gets it with the types beside it
 * that give it, "Sp +1 beside: Bd (solid), Sp, only vs foot \xc2\xb7 Bw
 * (solid) +1 ...", the receiver's foot kind with its code, the givers'
 * where the type has another ("Bd (solid)"). */
static void
side_rows(struct card *c, const struct rules *r, unsigned *used,
    bool lifted, enum lang lang)
{
	struct sbuf line = { 0 }, cond = { 0 }, title = { 0 };
	char v[32], m[40];
	size_t i;

	sbuf_add(&line, "", 0);
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_side)
			continue;
		support_text(&cond, &rt->side_when, false, lifted, lang);
		sbuf_printf(&line, "%s%s%s%s%s %s %s: ", line.len ?
		    " \xc2\xb7 " : "", troop_abbr(troop_at(i), lang),
		    rt->side_foot != FOOT_NONE ? " (" : "",
		    rt->side_foot == FOOT_SOLID ? lb(lang, L_SOLID) :
		    rt->side_foot == FOOT_FAST ? lb(lang, L_FAST) : "",
		    rt->side_foot != FOOT_NONE ? ")" : "",
		    card_marked(m, sizeof m, card_signed_num(v, sizeof v,
		    rt->side), used, &rt->side_when.prov), lb(lang, L_BESIDE));
		card_foot_troops(&line, r, rt->side_from, rt->side_from_foot,
		    lang);
		if (cond.len > 0)
			sbuf_printf(&line, ", %s", sbuf_str(&cond));
	}
	if (line.len > 0) {
		sbuf_adds(&title, lb(lang, L_SIDE_T));
		if (lifted)
			sbuf_printf(&title, " (%s)", lb(lang, L_SUPPORT_GOOD));
		block_row(card_block(c, BLK_TEXT, sbuf_str(&title), 1),
		    sbuf_str(&line));
	}
	sbuf_free(&line);
	sbuf_free(&cond);
	sbuf_free(&title);
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

/* The factors table: a row per known troop, against foot, mounted and,
 * when a troop has them, shooting; a troop's second pair (in a city, in
 * shooting) in a row of its own. */
static void
factor_rows(struct card *c, const struct rules *r, unsigned *used,
    enum lang lang)
{
	struct card_block *t;
	char v1[32], v2[32], v3[32], m1[40], m2[40], m3[40], name[160];
	size_t i;
	int k;

	/* a troop with factors of its own in shooting (2.2 Art, dba3 Bd,
	 * CP, Lit, CWg), the same against foot and mounted: a column of
	 * them; a pair that differs, a row of its own */
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].known && shoot_col(&r->t[i]))
			break;
	k = i < troop_count() && i < RULES_MAXTROOPS ? 5 : 4;
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
		v[2] = card_marked(m1, sizeof m1, card_num(v1, sizeof v1,
		    rt->factor[CLASS_FOOT]), used, &rt->fprov);
		v[3] = card_marked(m2, sizeof m2, card_num(v2, sizeof v2,
		    rt->factor[CLASS_MOUNTED]), used, &rt->fprov);
		v[4] = rt->has_shoot && !own ? card_marked(m3, sizeof m3,
		    card_num(v3, sizeof v3, rt->factor_shoot[CLASS_FOOT]), used,
		    &rt->fprov_shoot) : "";
		block_rowv(t, v);
		if (rt->has_bua)
			factor_pair(t, i, L_IN_CITY, rt->factor_bua,
			    &rt->fprov_bua, used, lang);
		if (own)
			factor_pair(t, i, L_SHOOTING, rt->factor_shoot,
			    &rt->fprov_shoot, used, lang);
	}
}

/* The tactical factors table: each factor of the edition, its value and
 * the troops it is for, then the limit of overlaps and flanks. */
static void
tactical_rows(struct card *c, const struct rules *r, unsigned *used,
    enum lang lang)
{
	struct card_block *t;
	struct sbuf b = { 0 };
	char v1[32], m1[40], name[160];
	int f;

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
		    card_marked(m1, sizeof m1, card_signed_num(v1, sizeof v1,
		    r->tf[f]), used, &r->tf_prov[f]),
		    applies_text(&b, r, f, lang));
	}
	if (r->limit_overlap_flank > 0)
		block_row(t, lb(lang, L_LIMIT_OVERLAP), card_signed_num(v1,
		    sizeof v1, -(long)r->limit_overlap_flank), "");
	sbuf_free(&b);
}

/* Rear support: "Pk | Pk | +1 | ...", a row for each of a type's rates
 * (rt->rear_alt: another rate in other conditions); the types that have
 * it added to types ("Sp, Pk"). */
static void
rear_rows(struct card_block *t, const struct rules *r, unsigned *used,
    bool lifted, struct sbuf *types, enum lang lang)
{
	struct sbuf w = { 0 };
	char v1[32], m1[40];
	size_t i;
	int k;

	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_rear)
			continue;
		support_text(&w, &rt->rear_when, false, lifted, lang);
		block_row(t, troop_abbr(troop_at(i), lang),
		    troop_abbr(troop_at(i), lang), card_marked(m1, sizeof m1,
		    card_signed_num(v1, sizeof v1, rt->rear), used,
		    &rt->rear_when.prov), sbuf_str(&w));
		sbuf_printf(types, "%s%s", types->len ? ", " : "",
		    troop_abbr(troop_at(i), lang));
		for (k = 0; k < rt->nrear_alt; k++) {
			support_text(&w, &rt->rear_alt_when[k], false, lifted,
			    lang);
			block_row(t, troop_abbr(troop_at(i), lang),
			    troop_abbr(troop_at(i), lang), card_marked(m1,
			    sizeof m1, card_signed_num(v1, sizeof v1,
			    rt->rear_alt[k]), used, &rt->rear_alt_when[k].prov),
			    sbuf_str(&w));
		}
	}
	sbuf_free(&w);
}

/* The losses of rear support, headed by the types it is for (types: none
 * when empty), in one line under the support table: "Sp, Pk: same-type
 * support lost in difficult going, ...; contact with Art, Bw". */
static void
support_lost(struct card *c, const struct rules *r, unsigned *used,
    bool lifted, const struct sbuf *types, enum lang lang)
{
	struct sbuf w = { 0 }, l = { 0 };
	size_t i;

	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].cancels_support)
			sbuf_printf(&w, "%s%s", w.len ? ", " : "",
			    troop_abbr(troop_at(i), lang));
	if (types->len > 0) {
		sbuf_printf(&l, "%s: %s ", sbuf_str(types), lb(lang,
		    L_SUPPORT_LOST));
		/* off good going said in the title already when lifted; when
		 * shot at only where the edition has it (1.x, 2.2) */
		if (!lifted)
			sbuf_printf(&l, "%s, ", lb(lang, L_SL_DIFFICULT));
		sbuf_adds(&l, lb(lang, L_SL_CAMP));
		if (r->cancel_shot)
			sbuf_printf(&l, ", %s%s", lb(lang, L_SL_SHOT),
			    card_conf_mark(used, &r->cancel_shot_prov));
		if (w.len > 0)
			sbuf_printf(&l, "; %s %s", lb(lang, L_CONTACT_WITH),
			    sbuf_str(&w));
		block_row(card_block(c, BLK_TEXT, NULL, 1), sbuf_str(&l));
	}
	sbuf_free(&l);
	sbuf_free(&w);
}

/* The key of the marks used, moved under the first table of the card
 * (block first), where they begin (and where the factors leave room). */
static void
conf_key_under(struct card *c, unsigned used, size_t first, enum lang lang)
{
	size_t nb = c->nb;

	card_conf_notes(c, used, lang);
	if (c->nb > nb && nb > first + 1) {
		struct card_block key = c->b[nb];

		memmove(&c->b[first + 2], &c->b[first + 1], (nb - first - 1) *
		    sizeof *c->b);
		c->b[first + 1] = key;
	}
}

static void
rules_combat(struct card *c, const struct rules *r, enum lang lang)
{
	struct card_block *t;
	struct sbuf b = { 0 }, types = { 0 };
	unsigned used = 0;
	size_t first = c->nb;
	bool lifted;

	factor_rows(c, r, &used, lang);
	/* side support (dba3) under a heading of its own, below the
	 * factors, where their column has room */
	side_rows(c, r, &used, support_good_only(r), lang);
	tactical_rows(c, r, &used, lang);
	/* support: each row with the condition it has (formats/dba1.xml,
	 * <support>: Pk and Sp behind the same type lose it in difficult
	 * going, attacking a camp, shot at, in contact with Bw or Art; Ps
	 * behind only vs mounted or attacking a camp, with no going
	 * condition); a condition every row has (dba3: only in good going)
	 * said once, in the title */
	lifted = support_good_only(r);
	sbuf_adds(&b, lb(lang, L_SUPPORT));
	if (lifted)
		sbuf_printf(&b, " (%s)", lb(lang, L_SUPPORT_GOOD));
	t = card_block(c, BLK_TABLE, sbuf_str(&b), 4);
	block_head(t, lb(lang, L_CODE), lb(lang, L_BEHIND), lb(lang,
	    L_VALUE), lb(lang, L_WHEN));
	t->num = t->strong = 0x4;
	t->wide = 0x8;
	rear_rows(t, r, &used, lifted, &types, lang);
	psiloi_rows(t, r, &used, lifted, lang);
	support_lost(c, r, &used, lifted, &types, lang);
	conf_key_under(c, used, first, lang);
	sbuf_free(&types);
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

/* A sub-type's spelling s (of troop) in a card of lang, into buf: the
 * type's code after its figures as the card's abbreviation ("3Bd":
 * "3Kl"), another name as written ("3Cb"), so that spelling_add joins
 * them alike ("3Bo/Cb/Lb"). */
static const char *
local_spelling(char *buf, size_t size, const char *s, int troop,
    enum lang lang)
{
	const struct troop *t = troop_at((size_t)troop);
	size_t n = strncmp(s, "Mtd-", 4) == 0 ? 4 : 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	if (t != NULL && lang != LANG_EN && strcmp(s + n, t->code) == 0)
		snprintf(buf, size, "%.*s%s", (int)n, s, troop_abbr(t, lang));
	else
		snprintf(buf, size, "%s", s);
	return buf;
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
	char v[4][32], m[4][40], name[160], pre[16], sp[64];
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
			card_marked(m[k], sizeof m[k], card_move_cell(v[k], sizeof v[k],
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
					    local_spelling(sp, sizeof sp,
					    o->spelling, o->troop, lang));
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
				card_marked(m[k], sizeof m[k], card_move_cell(v[k],
				    sizeof v[k], r, rt, rates[k]), used,
				    &st->prov);
			block_row(t, troop_abbr(troop_at(i), lang), name, m[0],
			    m[1], m[2], m[3]);
		}
	}
	sbuf_free(&codes);
}

/* The move table of an edition without rough going (1.x, 2.x), in its
 * unit: good, difficult, road, a row per type.  The types that may not
 * move into contact go to nocontact. */
static void
rules_moves(struct card *c, const struct rules *r, enum lang lang,
    unsigned *used, struct sbuf *nocontact)
{
	struct card_block *t;
	char v1[32], v2[32], v3[32], m1[40], m2[40], m3[40];
	size_t i;

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
		    card_marked(m1, sizeof m1, card_move_cell(v1, sizeof v1,
		    r, rt, rt->move_good), used, &rt->mprov),
		    card_marked(m2, sizeof m2, card_move_cell(v2, sizeof v2,
		    r, rt, rt->move_difficult), used, &rt->mprov),
		    card_marked(m3, sizeof m3, card_move_cell(v3, sizeof v3,
		    r, rt, rt->move_road), used, &rt->mprov));
		if (!rt->contact)
			sbuf_printf(nocontact, "%s%s", nocontact->len ? ", " :
			    "", troop_abbr(troop_at(i), lang));
	}
}

/* The facts under the move table: the types that may not move into
 * contact (nocontact), crossing a river, the road's free first move
 * and its bonus. */
static void
move_facts(struct card *c, const struct rules *r, enum lang lang,
    unsigned *used, const struct sbuf *nocontact)
{
	struct card_block *t;
	struct sbuf b = { 0 };
	char v1[32], m1[40];

	t = card_block(c, BLK_FACTS, NULL, 2);
	if (nocontact->len > 0)
		block_row(t, lb(lang, L_NO_CONTACT), sbuf_str(nocontact));
	if (r->river_crossing > 0)
		block_row(t, lb(lang, r->unit == UNIT_BW ? L_RIVER_BW :
		    L_RIVER), card_marked(m1, sizeof m1, card_len_cell(v1,
		    sizeof v1, r, r->river_crossing), used,
		    &r->prov[RP_RIVER]));
	if (r->road_first_free)
		block_row(t, lb(lang, L_ROAD_FREE), card_marked(m1, sizeof m1,
		    "0 PIP", used, &r->road_prov));
	if (r->road_bonus > 0) {
		/* formats/dba1.xml, <road-bonus>: per unused PIP, only for the
		 * general's element or group, when its whole move is along a
		 * road */
		sbuf_printf(&b, "%s %s", card_marked(m1, sizeof m1,
		    card_signed_num(v1, sizeof v1, r->road_bonus), used,
		    &r->prov[RP_ROAD_BONUS]), lb(lang, L_ROAD_BONUS_WHEN));
		block_row(t, lb(lang, L_ROAD_BONUS), sbuf_str(&b));
	}
	sbuf_free(&b);
}

/* The shooting table: the range of each type that shoots. */
static void
shooting_rows(struct card *c, const struct rules *r, enum lang lang,
    unsigned *used)
{
	struct card_block *t;
	char v1[32], v3[32], m1[40];
	size_t i;

	t = card_block(c, BLK_TABLE, lb(lang, L_SHOOTING_T), 3);
	block_head(t, lb(lang, L_CODE), lb(lang, L_NAME), lb(lang, L_RANGE));
	t->num = t->strong = 0x4;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].shooter) {
			snprintf(v1, sizeof v1, "%s%s", card_len_cell(v3,
			    sizeof v3, r, r->t[i].range),
			    card_recon_mark(r->shooting_src));
			block_row(t, troop_abbr(troop_at(i), lang),
			    troop_at(i)->name[lang], card_marked(m1,
			    sizeof m1, v1, used, &r->t[i].rprov));
		}
}

/* The PIP facts of the command distances of the rules table: far, out
 * of sight, compared as the edition compares them (> or >=), then a
 * troop's own (dba3 LH 20 BW), then the general lost. */
static void
pip_command_rows(struct card_block *t, const struct rules *r,
    enum lang lang, unsigned *used)
{
	char v1[32], v2[32], m1[40], line[240];
	const char *cmp = r->pip_beyond ? ">" : "\xe2\x89\xa5";
	size_t i;

	snprintf(line, sizeof line, "%+d%s (%s %s; %s %s %s%s%s)",
	    r->pip_command, card_conf_mark(used, &r->prov[RP_PIP_COMMAND]),
	    cmp, card_len_cell(v1, sizeof v1, r, r->pip_far),
	    lb(lang, L_OUT_OF_SIGHT), cmp,
	    card_len_cell(v2, sizeof v2, r, r->pip_out_of_sight),
	    r->pip_first_free[1] ? "; " : "", r->pip_first_free[1] ?
	    lb(lang, L_PIP_NOT_FIRST) : "");
	block_row(t, lb(lang, L_PIP_COMMAND), line);
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		char head[120];

		if (!r->t[i].has_cmd)
			continue;
		snprintf(head, sizeof head, "%s: %s",
		    lb(lang, L_PIP_COMMAND), troop_abbr(troop_at(i),
		    lang));
		snprintf(line, sizeof line, "%s %s%s; %s %s %s",
		    cmp, card_len_cell(v1, sizeof v1, r, r->t[i].cmd_far),
		    card_conf_mark(used, &r->t[i].cprov),
		    lb(lang, L_OUT_OF_SIGHT), cmp, card_len_cell(v2,
		    sizeof v2, r, r->t[i].cmd_out_of_sight));
		block_row(t, head, line);
	}
	block_row(t, lb(lang, L_PIP_GENERAL_LOST), card_marked(m1,
	    sizeof m1, card_signed_num(v1, sizeof v1, r->pip_command),
	    used, &r->prov[RP_PIP_COMMAND]));
}

/* The PIPs facts: the die, the base, the surcharge of the troops the
 * rules table charges and the command distances. */
static void
pip_facts(struct card *c, const struct rules *r, enum lang lang,
    unsigned *used)
{
	struct card_block *t;
	struct sbuf b = { 0 };
	char v1[32], v2[32], v3[32], m2[40], m3[40];
	size_t i;

	t = card_block(c, BLK_FACTS, lb(lang, L_PIPS), 2);
	snprintf(v1, sizeof v1, "1%s%d", lb(lang, L_DIE), r->pip_die);
	block_row(t, lb(lang, L_PIP_DIE), v1);
	block_row(t, lb(lang, L_PIP_BASE), card_marked(m2, sizeof m2,
	    card_num(v2, sizeof v2, r->pip_base), used,
	    &r->prov[RP_PIP_BASE]));
	/* the surcharge of the troops the rules table charges (1.x El;
	 * 2.2 El, WWg, Art, Hd), and the first bound that is free of it */
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++)
		if (r->t[i].pip_surcharge)
			sbuf_printf(&b, "%s%s", b.len ? ", " : "",
			    troop_abbr(troop_at(i), lang));
	if (r->pip_elephants != 0 && b.len > 0) {
		char head[200], line[200];

		snprintf(head, sizeof head, "%s %s", lb(lang, L_PIP_TROOPS),
		    sbuf_str(&b));
		card_marked(m3, sizeof m3, card_signed_num(v3, sizeof v3,
		    r->pip_elephants), used, &r->prov[RP_PIP_TROOPS]);
		if (r->pip_first_free[0])
			snprintf(line, sizeof line, "%s (%s)", m3, lb(lang,
			    L_PIP_NOT_FIRST));
		else
			snprintf(line, sizeof line, "%s", m3);
		block_row(t, head, line);
	}
	if (r->pip_command != 0)
		pip_command_rows(t, r, lang, used);
	sbuf_free(&b);
}

static void
rules_movement(struct card *c, const struct rules *r, enum lang lang)
{
	struct sbuf nocontact = { 0 };
	bool recon = r->shooting_src == SRC_RECONSTRUCTED;
	unsigned used = 0;

	if (r->has_rough)
		rules_moves3(c, r, lang, &used, &nocontact);
	else
		rules_moves(c, r, lang, &used, &nocontact);
	move_facts(c, r, lang, &used, &nocontact);
	shooting_rows(c, r, lang, &used);
	pip_facts(c, r, lang, &used);
	if (recon)
		card_recon_note(c, lang);
	card_conf_notes(c, used, lang);
	sbuf_free(&nocontact);
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

	/* the default once, heading the table (when a row leaves it out),
	 * each row what differs from it: the exceptions get the width of
	 * the card; the card's title names the table */
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		if (!r->t[i].has_outcome)
			continue;
		sbuf_reset(&b);
		(void)card_outcome_text(&b, r, &r->t[i], lang, &dropped,
		    &used, false, ~(uint64_t)0);
	}
	used = 0;
	if (dropped)
		card_outcome_default(c, r, lang);
	t = card_block(c, BLK_TABLE, NULL, 2);
	block_head(t, lb(lang, L_LOSER), lb(lang, L_EXCEPTIONS));
	t->wide = 0x2;
	for (i = 0; i < troop_count() && i < RULES_MAXTROOPS; i++) {
		const struct rules_troop *rt = &r->t[i];

		if (!rt->has_outcome)
			continue;
		sbuf_reset(&b);
		sbuf_add(&b, "", 0);
		recon |= card_outcome_text(&b, r, rt, lang, &dropped, &used,
		    false, ~(uint64_t)0);
		snprintf(loser, sizeof loser, "%s%s",
		    troop_abbr(troop_at(i), lang), card_conf_mark(&used, &rt->oprov));
		block_row(t, loser, sbuf_str(&b));
	}
	shared_clause(c, t, lang);
	if (recon)
		card_recon_note(c, lang);
	card_conf_notes(c, used, lang);
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
	sbuf_printf(&b, "%s (%s)", lb(lang, titles[which]), r->title);
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
