/* The army card: an army's header (name, period, terrain, general) and
 * its elements, counted and merged by type, each row with the combat
 * factors, moves and outcomes of the rules table (lib/rules). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyout.h"
#include "army/edhint.h"
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

/* dba3: rough and bad going in one cell, "1" when they agree, "1/–". */
static const char *
rough_bad(char *buf, size_t n, const struct rules *r,
    const struct rules_troop *rt)
{
	char x[16], y[16];
	const char *a = card_move_cell(x, sizeof x, r, rt, rt->move_rough);
	const char *b = card_move_cell(y, sizeof y, r, rt, rt->move_difficult);

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

	troopref_spelling(t, false, sp, sizeof sp);
	return rules_subtype_find(r, sp, strlen(sp));
}

/* The sub-types of an army card's row with rules of their own: each
 * one's spelling and what it says ("fast 3/3/3/3"). */
struct subnotes {
	char sp[64][48], say[64][256];
	size_t n;
};

/* What a double element does (dba3), after its sub-type's words: ", +1
 * vs foot (good going), lost counts 2", from the tactical factor and
 * the victory count of the rules. */
static void
double_text(char *line, size_t z, const struct rules *r, enum lang lang)
{
	struct sbuf b = { 0 };
	char v[32];

	sbuf_add(&b, "", 0);
	if (r->tf[TF_DOUBLE] != 0) {
		sbuf_printf(&b, ", %s", card_signed_num(v, sizeof v,
		    r->tf[TF_DOUBLE]));
		if (r->double_vs != 0 || r->double_vs_classes != 0) {
			sbuf_printf(&b, " %s ", lb(lang, L_VS));
			card_winners_text(&b, r->double_vs,
			    r->double_vs_classes, lang);
		}
		if (r->double_good_only)
			sbuf_printf(&b, " (%s)", lb(lang, L_NOTE_GOOD));
	}
	if (r->victory_double > 1)
		sbuf_printf(&b, ", %s %ld", lb(lang, L_DOUBLE_LOSS),
		    r->victory_double);
	snprintf(line + strlen(line), z - strlen(line), "%s", sbuf_str(&b));
	sbuf_free(&b);
}

/* The sub-types of troop in list that have rules of their own (dba3),
 * each once (seen), into *sn. */
static void
subtype_find(struct subnotes *sn, const struct rules *r,
    const struct package *list, int troop, uint64_t *seen, enum lang lang,
    bool inrow)
{
	const struct rules_subtype *st;
	char g[24], ro[24], d[24], rd[24], *line;
	struct sbuf nm = { 0 };
	size_t i, j, z;
	int k;

	for (i = 0; i < list->n; i++) {
		const struct item *it = &list->items[i];

		for (j = 0; it->kind == ITEM_CHOICE && j < it->npkgs; j++)
			subtype_find(sn, r, &it->pkgs[j], troop, seen, lang,
			    inrow);
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
			    st->cls != CLASS_MOUNTED ? "" :
			    troop_at((size_t)troop)->cls == CLASS_MOUNTED ?
			    lb(lang, L_CLS_MOUNTED) : lb(lang, L_MTD_INF), "");
			if (st->dbl)
				double_text(line, z, r, lang);
			if (st->has_move && !inrow)
				snprintf(line + strlen(line), z - strlen(line),
				    "%s%s/%s/%s/%s", *line != '\0' ? " " : "",
				    card_len_cell(g, sizeof g, r, st->move_good),
				    card_len_cell(ro, sizeof ro, r, st->move_rough),
				    card_len_cell(d, sizeof d, r, st->move_difficult),
				    card_len_cell(rd, sizeof rd, r, st->move_road));
			if (*line == '\0')
				continue;
			sbuf_reset(&nm);
			sbuf_add(&nm, "", 0);
			card_sub_name(&nm, st->spelling, troop, lang);
			snprintf(sn->sp[sn->n++], sizeof sn->sp[0], "%s",
			    sbuf_str(&nm));
		}
	}
	sbuf_free(&nm);
}

/* Notes for the sub-types of troop in list that have rules of their own
 * (dba3): "3Cb, 3Bw: fast 3/3/3/3; 4Cb: solid", those that say the same
 * in one note, in the order of the list. */
static void
subtype_notes(struct sbuf *n, const struct rules *r, const struct package *list,
    int troop, enum lang lang, bool inrow)
{
	struct subnotes sn;
	uint64_t seen = 0, done = 0;
	size_t i, j;

	sn.n = 0;
	subtype_find(&sn, r, list, troop, &seen, lang, inrow);
	for (i = 0; i < sn.n; i++) {
		if (done & ((uint64_t)1 << i))
			continue;
		card_note(n, sn.sp[i]);
		for (j = i + 1; j < sn.n; j++)
			if (strcmp(sn.say[i], sn.say[j]) == 0) {
				sbuf_printf(n, ", %s", sn.sp[j]);
				done |= (uint64_t)1 << j;
			}
		sbuf_printf(n, ": %s", sn.say[i]);
	}
}

/* The moves of a troop's elements in an army (dba3): how many are of
 * a sub-type with moves of its own (own, the first of them st; differ:
 * not all alike) and how many move as the type (plain). */
struct rowrates {
	const struct rules_subtype *st;
	size_t own, plain;
	bool differ;
};

static bool
same_rates(const struct rules_subtype *a, const struct rules_subtype *b)
{
	return a->move_good == b->move_good &&
	    a->move_rough == b->move_rough &&
	    a->move_difficult == b->move_difficult &&
	    a->move_road == b->move_road;
}

/* Adds the element t (its dismounts when dis) to rr. */
static void
rates_add(struct rowrates *rr, const struct rules *r,
    const struct troopref *t, bool dis)
{
	const struct rules_subtype *st;
	char sp[64];

	troopref_spelling(t, dis, sp, sizeof sp);
	st = rules_subtype_own(r, rules_subtype_find(r, sp, strlen(sp)));
	if (st == NULL || !st->has_move) {
		rr->plain++;
		return;
	}
	if (rr->st != NULL && !same_rates(rr->st, st))
		rr->differ = true;
	if (rr->st == NULL)
		rr->st = st;
	rr->own++;
}

static void
rates_find(struct rowrates *rr, const struct rules *r,
    const struct package *list, int troop)
{
	size_t i, j;

	for (i = 0; i < list->n; i++) {
		const struct item *it = &list->items[i];

		for (j = 0; it->kind == ITEM_CHOICE && j < it->npkgs; j++)
			rates_find(rr, r, &it->pkgs[j], troop);
		for (j = 0; it->kind == ITEM_ELEMENT && j < it->ntroops; j++) {
			const struct troopref *t = &it->troops[j];

			if (t->t != NULL && t->t->id == troop)
				rates_add(rr, r, t, false);
			if (t->dis != NULL && t->dis->id == troop)
				rates_add(rr, r, t, true);
		}
	}
}

/* What an army fields, by troop type (dba3): the kinds of foot of its
 * elements (bit 1 << enum foot), the tags of their sub-types, whether
 * one is a double element. */
struct present {
	unsigned foot[RULES_MAXTROOPS];
	uint64_t tags[RULES_MAXTROOPS];
	bool dbl[RULES_MAXTROOPS];
};

static void
present_add(struct present *p, const struct rules *r,
    const struct troopref *t, bool dis)
{
	const struct rules_subtype *st;
	char sp[64];
	int sub, troop = (dis ? t->dis : t->t)->id;

	if (troop < 0 || troop >= RULES_MAXTROOPS)
		return;
	troopref_spelling(t, dis, sp, sizeof sp);
	sub = rules_subtype_find(r, sp, strlen(sp));
	p->foot[troop] |= 1u << rules_foot(r, troop, sub);
	if ((st = rules_subtype(r, sub)) != NULL) {
		p->tags[troop] |= st->tags;
		p->dbl[troop] |= st->dbl;
	}
}

static void
present_find(struct present *p, const struct rules *r,
    const struct package *list)
{
	size_t i, j;

	for (i = 0; i < list->n; i++) {
		const struct item *it = &list->items[i];

		for (j = 0; it->kind == ITEM_CHOICE && j < it->npkgs; j++)
			present_find(p, r, &it->pkgs[j]);
		for (j = 0; it->kind == ITEM_ELEMENT && j < it->ntroops; j++) {
			if (it->troops[j].t != NULL)
				present_add(p, r, &it->troops[j], false);
			if (it->troops[j].dis != NULL)
				present_add(p, r, &it->troops[j], true);
		}
	}
}

/* Whether the army has elements of troop of foot kind foot (FOOT_NONE:
 * of any kind). */
static bool
fields(const struct present *p, size_t troop, int foot)
{
	return foot == FOOT_NONE ? p->foot[troop] != 0 :
	    (p->foot[troop] & (1u << foot)) != 0;
}

/* The general's elements as the list names them, in its order, each
 * once: a sub-type with rules of its own or a spelling of its own (3Kn,
 * HCh, LCh) as such, else the type ("Bd" for 4Bd). */
static void
general_names(struct sbuf *b, const struct rules *r,
    const struct package *list, enum lang lang)
{
	struct sbuf one = { 0 };
	char sp[64];
	size_t i, j, at;

	for (i = 0; i < list->n; i++) {
		const struct item *it = &list->items[i];

		for (j = 0; it->kind == ITEM_CHOICE && j < it->npkgs; j++)
			general_names(b, r, &it->pkgs[j], lang);
		for (j = 0; it->kind == ITEM_ELEMENT && it->general &&
		    j < it->ntroops; j++) {
			const struct troopref *t = &it->troops[j];

			if (t->t == NULL)
				continue;
			troopref_spelling(t, false, sp, sizeof sp);
			sbuf_reset(&one);
			sbuf_add(&one, "", 0);
			if (rules_subtype_own(r, rules_subtype_find(r, sp,
			    strlen(sp))) != NULL)
				card_sub_name(&one, sp, t->t->id, lang);
			else if (t->written != NULL)
				card_sub_name(&one, t->written, t->t->id, lang);
			else
				sbuf_adds(&one, troop_abbr(t->t, lang));
			/* each once: ", X," not yet in ", b," */
			for (at = 0; at + one.len <= b->len; at++)
				if ((at == 0 || b->s[at - 1] == ' ') &&
				    strncmp(b->s + at, sbuf_str(&one),
				    one.len) == 0 && (at + one.len == b->len ||
				    b->s[at + one.len] == ','))
					break;
			if (at + one.len <= b->len)
				continue;
			sbuf_printf(b, "%s%s", b->len > 0 ? ", " : "",
			    sbuf_str(&one));
		}
	}
	sbuf_free(&one);
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

/* A support's opponents on an army card: " vs foot (not Ps)"; nothing
 * when it has none. */
static void
support_vs(struct sbuf *b, const struct rules_support *w, enum lang lang)
{
	if (!w->has_vs)
		return;
	sbuf_printf(b, " %s ", lb(lang, L_VS));
	card_winners_text(b, w->vs, w->vs_classes, lang);
	if (w->vs_except != 0) {
		sbuf_printf(b, " (%s ", lb(lang, L_BUT));
		card_winners_text(b, w->vs_except, 0, lang);
		sbuf_addc(b, ')');
	}
}

/* The supports troop i gets, where the army has the troops: "rear
 * support +3 vs foot (not Ps), +1 vs Kn, SCh, El"; "side support +1 vs
 * foot beside Sp, Bd (solid)", headed by the kind of foot that gets it
 * when the army has others ("solid: side support ..."). */
static void
support_notes(struct sbuf *b, const struct rules *r, size_t i,
    const struct present *pr, enum lang lang)
{
	const struct rules_troop *rt = &r->t[i];
	char v[32];
	size_t j;
	int k;

	if (rt->has_rear) {
		sbuf_printf(b, "%s%s %s", b->len ? "; " : "",
		    lb(lang, L_REAR_SUPPORT), card_signed_num(v, sizeof v,
		    rt->rear));
		support_vs(b, &rt->rear_when, lang);
		for (k = 0; k < rt->nrear_alt; k++) {
			sbuf_printf(b, ", %s", card_signed_num(v, sizeof v,
			    rt->rear_alt[k]));
			support_vs(b, &rt->rear_alt_when[k], lang);
		}
	}
	if (!rt->has_side || !fields(pr, i, rt->side_foot))
		return;
	for (j = 0; j < troop_count() && j < RULES_MAXTROOPS; j++)
		if ((rt->side_from & ((uint64_t)1 << j)) &&
		    fields(pr, j, rt->side_from_foot))
			break;
	if (j == troop_count() || j == RULES_MAXTROOPS)
		return;
	sbuf_adds(b, b->len ? "; " : "");
	if (rt->side_foot != FOOT_NONE && (pr->foot[i] &
	    ~(1u << rt->side_foot)) != 0)
		sbuf_printf(b, "%s: ", lb(lang, rt->side_foot == FOOT_SOLID ?
		    L_SOLID : L_FAST));
	sbuf_printf(b, "%s %s", lb(lang, L_SIDE_SUPPORT),
	    card_signed_num(v, sizeof v, rt->side));
	support_vs(b, &rt->side_when, lang);
	sbuf_printf(b, " %s: ", lb(lang, L_BESIDE));
	card_foot_troops(b, r, rt->side_from, rt->side_from_foot, lang);
}

/* The notes of a troop on the army card, of what the army fields (pr);
 * true when one of them is marked as reconstructed. */
static bool
army_notes(struct sbuf *b, const struct rules *r, const struct troop *t,
    bool general, const struct present *pr, enum lang lang, bool *dropped)
{
	const struct rules_troop *rt = &r->t[t->id];
	char v[32];
	bool recon = false;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (general)
		card_note(b, lb(lang, L_GENERAL));
	if (rt->shooter) {
		char rg[24];

		sbuf_printf(b, "%s%s %s%s%s", b->len ? "; " : "",
		    lb(lang, L_SHOOTS), card_len_cell(rg, sizeof rg, r, rt->range),
		    lb(lang, r->unit == UNIT_BW ? L_BW_SHORT : L_PACES),
		    card_recon_mark(r->shooting_src));
		recon |= r->shooting_src == SRC_RECONSTRUCTED;
		/* factors of its own in shooting (2.2 Art 4/4, 2/2 close) */
		if (rt->has_shoot)
			sbuf_printf(b, " (%s %d/%d)", lb(lang, L_SHOOTING),
			    rt->factor_shoot[CLASS_FOOT],
			    rt->factor_shoot[CLASS_MOUNTED]);
	} else if (rt->has_shoot) {
		/* a factor of its own when shot at (dba3 Bd 4) */
		card_note(b, lb(lang, L_SL_SHOT));
		sbuf_printf(b, " %d", rt->factor_shoot[CLASS_FOOT]);
		if (rt->factor_shoot[CLASS_MOUNTED] !=
		    rt->factor_shoot[CLASS_FOOT])
			sbuf_printf(b, "/%d", rt->factor_shoot[CLASS_MOUNTED]);
	}
	support_notes(b, r, t->id, pr, lang);
	if (rt->has_psiloi) {
		sbuf_printf(b, "%s%s %s", b->len ? "; " : "",
		    lb(lang, L_PSILOI_SUPPORT), card_signed_num(v, sizeof v,
		    rt->psiloi));
	}
	if (rt->cancels_support)
		card_note(b, lb(lang, L_CANCELS));
	if (rt->diff_exempt)
		card_note(b, lb(lang, r->has_rough ? L_BAD_EXEMPT :
		    L_DIFF_EXEMPT));
	if (rt->has_move && !rt->contact)
		card_note(b, lb(lang, L_NO_CONTACT));
	if (rt->pip_surcharge && r->pip_elephants != 0) {
		sbuf_printf(b, "%s%s %s", b->len ? "; " : "",
		    lb(lang, L_PIP), card_signed_num(v, sizeof v,
		    r->pip_elephants));
	}
	recon |= card_outcome_text(b, r, rt, lang, dropped, NULL, true,
	    pr->tags[t->id]);
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

/* The allies with their joins, as the list text writes them: "II/10 or
 * II/11a, III/4" (a comma said nothing before: every ally looked
 * beside the others). */
static void
allies_joined(struct sbuf *b, const struct army *a, enum lang lang)
{
	enum ally_join j;
	size_t i;

	for (i = 0; i < a->nallies; i++) {
		j = army_ally_join(a, i);
		if (i > 0 && j == ALLY_AND)
			sbuf_adds(b, ", ");
		else if (i > 0)
			sbuf_printf(b, " %s ", lb(lang, j == ALLY_OR ?
			    L_LIST_OR : L_LIST_ANDOR));
		sbuf_adds(b, a->allies[i]);
	}
}

/* The label of the English word s (n bytes) among labels lo..hi, or -1. */
static int
topo_word(const char *s, size_t n, int lo, int hi)
{
	int l;

	/* the English label is the word the lists write */
	for (l = lo; l <= hi; l++)
		if (str_ieq(s, n, lang_label(LANG_EN, (enum label)l)))
			return l;
	return -1;
}

/* The length of the word (letters) at s. */
static size_t
word_len(const char *s)
{
	size_t n;

	for (n = 0; (s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'z'; n++)
		;
	return n;
}

/* The topography a word of four letters or more misspells by one letter
 * ("Hily", "Hillya": Hilly), or -1. */
static int
topo_near(const char *s, size_t n)
{
	struct sbuf a = { 0 }, b = { 0 };
	const char *en;
	int l, found = -1;

	if (n < 4)
		return -1;
	str_fold(&a, s, n);
	for (l = L_TOPO_ARABLE; l <= L_TOPO_MOUNTAIN && found < 0; l++) {
		en = lang_label(LANG_EN, (enum label)l);
		sbuf_reset(&b);
		str_fold(&b, en, strlen(en));
		if (str_editdist(sbuf_str(&a), sbuf_str(&b), 1) <= 1)
			found = l;
	}
	sbuf_free(&a);
	sbuf_free(&b);
	return found;
}

/* The label of the word at s (n bytes; rest: what follows it) in a card
 * of another language than English, *used set to the bytes it takes: a
 * topography, misspelt by a letter too; a joining word, "if not" as one;
 * a place of a condition ("Venice"); else -1. */
static int
terrain_word(const char *s, size_t n, size_t *used)
{
	const char *t = s + n;
	int l;

	*used = n;
	if ((l = topo_word(s, n, L_TOPO_ARABLE, L_TOPO_MOUNTAIN)) >= 0)
		return l;
	while (*t == ' ')
		t++;
	if (str_ieq(s, n, lang_label(LANG_EN, L_TOPO_IF)) &&
	    str_ieq(t, word_len(t), lang_label(LANG_EN, L_TOPO_NOT))) {
		*used = (size_t)(t - s) + word_len(t);
		return L_TOPO_IFNOT;
	}
	if ((l = topo_word(s, n, L_TOPO_OR, L_TOPO_NOT)) >= 0 ||
	    (l = topo_word(s, n, L_PLACE_VENICE, L_PLACE_GENOA)) >= 0)
		return l;
	return topo_near(s, n);
}

/* A list's home topography in the card's language, into b ("Arable":
 * "Пашня"): each topography, each of the words that join them and each
 * place of a condition ("Littoral (if Venice or Genoa), otherwise
 * Arable"); any other word as written; in English the topographies
 * as the labels write them, the rest as written. */
static const char *
card_terrain(struct sbuf *b, const char *s, enum lang lang)
{
	size_t i = 0, n, used;
	int l;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	while (s[i] != '\0') {
		n = word_len(s + i);
		if (n == 0) {
			sbuf_addc(b, s[i++]);
			continue;
		}
		used = n;
		l = lang == LANG_EN ? topo_word(s + i, n, L_TOPO_ARABLE,
		    L_TOPO_MOUNTAIN) : terrain_word(s + i, n, &used);
		if (l >= 0) {
			sbuf_adds(b, lb(lang, (enum label)l));
			i += used;
		} else {
			sbuf_add(b, s + i, n);
			i += n;
		}
	}
	return sbuf_str(b);
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
 * aggression, the general's type, enemies, the rules edition: short
 * facts in one band, as army pages show them), then the allies and the
 * elements. */
static void
army_header(struct card *c, const struct army *a, const struct rules *r,
    const char *general, enum lang lang)
{
	struct card_block *f = card_block(c, BLK_FACTS, NULL, 2);
	struct sbuf b = { 0 };

	f->strip = true;
	if (a->player != NULL)          /* an entry: the player's army */
		block_row(f, lb(lang, L_LIST_PLAYER), a->player);
	if (a->period != NULL) {
		card_period(&b, a, lang);
		block_row(f, lb(lang, L_PERIOD), sbuf_str(&b));
	}
	if (a->terrain != NULL)
		block_row(f, lb(lang, L_TERRAIN), card_terrain(&b, a->terrain,
		    lang));
	if (a->aggression != NULL)
		block_row(f, lb(lang, L_AGGRESSION), a->aggression);
	if (*general != '\0')
		block_row(f, lb(lang, L_FACT_GENERAL), general);
	sbuf_reset(&b);
	join(&b, a->enemies, a->nenemies);
	block_row(f, lb(lang, L_ENEMIES), a->nenemies ? sbuf_str(&b) :
	    "\xe2\x80\x93");
	block_row(f, lb(lang, L_RULES_EDITION), r->title);
	f = card_block(c, BLK_FACTS, NULL, 2);
	if (a->has_allies && a->nallies > 0) {
		sbuf_reset(&b);
		allies_joined(&b, a, lang);
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

		if (item_is_camp(it)) {
			snprintf(n, sizeof n, "%ld", it->count);
			block_row(t, lb(lang, L_CAMP_ROW), it->troops[0].name,
			    n, dash, dash, dash, dash, dash,
			    lb(lang, L_CAMP_NOTE));
			continue;
		}
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
		card_note(out, cl[0][j]);
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

/* A move cell of a row: the type's figure a, or the sub-type's b when
 * all its elements move so (only), or both, "2 (3)", when some do (the
 * type's alone when both do not fit the cell: never cut in a figure;
 * the figures of the editions are a few bytes). */
static void
move_cell(char *out, size_t n, const char *a, const char *b, int how)
{
	if (how == 0 || (how == 2 && strcmp(a, b) == 0))
		snprintf(out, n, "%s", a);
	else if (how == 1)
		snprintf(out, n, "%s", b);
	else if (snprintf(out, n, "%s (%s)", a, b) >= (int)n)
		snprintf(out, n, "%s", a);
}

/* The factors and moves of a row of the army card (its cells 3 to 7);
 * how: 0 the type's moves, 1 those of sub-type st (all its elements
 * are of it), 2 both. */
static void
row_cells(struct army_row *w, const struct rules *r,
    const struct rules_troop *rt, const struct rules_subtype *st, int how)
{
	char f1[32], f2[32], f3[32];

	snprintf(w->v[3], sizeof w->v[3], "%s", rt->known ?
	    card_num(f1, sizeof f1, rt->factor[CLASS_FOOT]) : "\xe2\x80\x93");
	snprintf(w->v[4], sizeof w->v[4], "%s", rt->known ?
	    card_num(f1, sizeof f1, rt->factor[CLASS_MOUNTED]) :
	    "\xe2\x80\x93");
	if (st == NULL)
		how = 0;
	move_cell(w->v[5], sizeof w->v[5],
	    card_move_cell(f1, sizeof f1, r, rt, rt->move_good),
	    how ? card_len_cell(f2, sizeof f2, r, st->move_good) : "", how);
	if (how && st->move_rough != st->move_difficult)
		snprintf(f3, sizeof f3, "%s/%s", card_len_cell(f2, sizeof f2,
		    r, st->move_rough), card_len_cell(w->v[6], sizeof w->v[6],
		    r, st->move_difficult));
	else if (how)
		card_len_cell(f3, sizeof f3, r, st->move_rough);
	move_cell(w->v[6], sizeof w->v[6], r->has_rough ?
	    rough_bad(f1, sizeof f1, r, rt) :
	    card_move_cell(f1, sizeof f1, r, rt, rt->move_difficult),
	    how ? f3 : "", how);
	move_cell(w->v[7], sizeof w->v[7],
	    card_move_cell(f1, sizeof f1, r, rt, rt->move_road),
	    how ? card_len_cell(f2, sizeof f2, r, st->move_road) : "", how);
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
	struct rowrates rr;
	struct present pr;
	size_t i, o, nrows = 0;
	bool recon = false, dropped = false;
	int how;

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
	/* the general's elements, in the order of the list */
	sbuf_reset(&b);
	general_names(&b, r, &a->list, lang);
	sbuf_add(&b, "", 0);
	memset(&pr, 0, sizeof pr);
	present_find(&pr, r, &a->list);
	army_header(c, a, r, sbuf_str(&b), lang);
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
		recon |= army_notes(&w->notes, r, tp, k.t[i].general, &pr,
		    lang, &dropped);
		memset(&rr, 0, sizeof rr);
		rates_find(&rr, r, &a->list, tp->id);
		how = rr.own == 0 || rr.differ || !r->has_rough ? 0 :
		    rr.plain == 0 ? 1 : 2;
		subtype_notes(&w->notes, r, &a->list, tp->id, lang, how == 1);
		if (!rt->known)
			card_note(&w->notes, lb(lang, L_NOT_IN_EDITION));
		row_cells(w, r, rt, rr.st, how);
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
		card_outcome_default_text(&b, r, lang);
		free(t->title);
		t->title = card_field(sbuf_str(&b));
	}
	if (recon)
		card_recon_note(c, lang);
	if (a->incomplete)
		block_row(card_block(c, BLK_TEXT, NULL, 1),
		    lb(lang, L_INCOMPLETE));
	free(k.t);
	free(sum);
	sbuf_free(&b);
}
