/* Rules tables: the embedded dba1 table or a user's file, into a struct. */
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/diagcat.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "rules/rules.h"
#include "rules/troop.h"

#include "rules/tables.h"

#include "gen/rules_rng.h"

static const char *const outcome_names[OUT_N] = {
	"recoil", "flee", "destroyed", "none", "surrender"
};

struct ld {
	struct rules *r;
	const char *file;
	int bad;
	/* the units of the sections with lengths (enum unit, or 2: mm) */
	int u_move, u_shoot, u_bases, u_pips;
};

enum { U_P, U_BW, U_MM };

/* The unit attribute of a section: p (default), bw or mm. */
static int
unit_attr(xmlNodePtr n)
{
	char *v = xmlio_attr(n, "unit");
	int u = v == NULL ? U_P : strcmp(v, "bw") == 0 ? U_BW :
	    strcmp(v, "mm") == 0 ? U_MM : U_P;

	xmlFree(v);
	return u;
}

/* The index of sub-type tag name, -1 when none; add: make it. */
static int
tag_index(struct rules *r, const char *name, bool add)
{
	int i;

	for (i = 0; i < r->ntags; i++)
		if (strcmp(r->tag[i], name) == 0)
			return i;
	if (!add || r->ntags >= RULES_MAXTAGS)
		return -1;
	r->tag[r->ntags] = xstrdup(name);
	return r->ntags++;
}

const char *
outcome_name(int o)
{
	return o >= 0 && o < OUT_N ? outcome_names[o] : "none";
}

static int
outcome_parse(const char *s)
{
	int i;

	for (i = 0; i < OUT_N; i++)
		if (s != NULL && strcmp(s, outcome_names[i]) == 0)
			return i;
	return OUT_NONE;
}

static bool
is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

/* An error of the catalogue at node n: the table is bad. */
#define BAD(l, n, id, ...) do { \
	DIAG_AT(id, (l)->file, xmlGetLineNo(n), 0, __VA_ARGS__); \
	(l)->bad = 1; \
} while (0)

static char *
opt_str(xmlNodePtr n, const char *attr)
{
	char *v = xmlio_attr(n, attr), *s = v != NULL ? xstrdup(v) : NULL;

	xmlFree(v);
	return s;
}

/* The provenance attributes of n (the schema checked the confidence). */
static void
prov_attr(xmlNodePtr n, struct rules_prov *p)
{
	char *c = xmlio_attr(n, "confidence");

	free(p->source);
	free(p->other);
	free(p->note);
	p->source = opt_str(n, "source");
	p->other = opt_str(n, "other");
	p->note = opt_str(n, "note");
	snprintf(p->conf, sizeof p->conf, "%s", c != NULL ? c : "");
	xmlFree(c);
	/* a row without its own takes its section's */
	if (p->source == NULL && p->conf[0] == '\0' && n->parent != NULL &&
	    n->parent->type == XML_ELEMENT_NODE && !is(n->parent, "rules")) {
		c = xmlio_attr(n->parent, "confidence");
		p->source = opt_str(n->parent, "source");
		snprintf(p->conf, sizeof p->conf, "%s", c != NULL ? c : "");
		xmlFree(c);
	}
}

static void
prov_free(struct rules_prov *p)
{
	free(p->source);
	free(p->other);
	free(p->note);
}

static int choice_attr(xmlNodePtr n, const char *attr, const char *a,
    const char *b);
static void codes_attr(struct ld *l, xmlNodePtr n, const char *attr,
    uint64_t *ids, unsigned *classes);

/* Troop id of a code attribute, or -1 (reported). */
static int
code_attr(struct ld *l, xmlNodePtr n, const char *attr)
{
	char *v = xmlio_attr(n, attr);
	const struct troop *t = v != NULL ? troop_by_code(v) : NULL;
	int id = -1;

	if (t == NULL || t->id >= RULES_MAXTROOPS)
		BAD(l, n, RULES_TROOP, v != NULL ? v : "");
	else
		id = t->id;
	xmlFree(v);
	return id;
}

/* A number attribute; missing or unreadable is an error (the schema
 * requires every number this loader reads). */
static long
num_attr(struct ld *l, xmlNodePtr n, const char *attr)
{
	char *v = xmlio_attr(n, attr);
	long x = 0;

	if (v == NULL || num_longs(v, -1000000, 1000000, &x) < 0) {
		if (v == NULL)
			BAD(l, n, RULES_MISSING_NUMBER, attr);
		else
			BAD(l, n, RULES_BAD_NUMBER, v);
		x = 0;
	}
	xmlFree(v);
	return x;
}

/* The troops, classes and sub-type tags (tags NULL: none) of a
 * blank-separated list attribute. */
static void
names_attr(struct ld *l, xmlNodePtr n, const char *attr, uint64_t *ids,
    unsigned *classes, uint64_t *tags)
{
	char *v = xmlio_attr(n, attr), *p, *save = NULL;
	const struct troop *t;
	int k;

	if (v == NULL)
		return;
	for (p = strtok_r(v, " \t\n", &save); p != NULL;
	    p = strtok_r(NULL, " \t\n", &save)) {
		if (classes != NULL && strcmp(p, "foot") == 0)
			*classes |= 1u << CLASS_FOOT;
		else if (classes != NULL && strcmp(p, "mounted") == 0)
			*classes |= 1u << CLASS_MOUNTED;
		else if (ids != NULL && (t = troop_by_code(p)) != NULL &&
		    t->id < RULES_MAXTROOPS)
			*ids |= (uint64_t)1 << t->id;
		else if (tags != NULL && (k = tag_index(l->r, p, false)) >= 0)
			*tags |= (uint64_t)1 << k;
		else
			BAD(l, n, RULES_TROOP, p);
	}
	xmlFree(v);
}

/* The troops and classes of a blank-separated list attribute. */
static void
codes_attr(struct ld *l, xmlNodePtr n, const char *attr, uint64_t *ids,
    unsigned *classes)
{
	names_attr(l, n, attr, ids, classes, NULL);
}

/* The troops of a code list attribute, as one flag per troop. */
static void
troops_attr(struct ld *l, xmlNodePtr n, const char *attr, size_t off)
{
	uint64_t ids = 0;
	int id;

	codes_attr(l, n, attr, &ids, NULL);
	for (id = 0; id < RULES_MAXTROOPS; id++)
		if (ids & ((uint64_t)1 << id))
			*(bool *)((char *)&l->r->t[id] + off) = true;
}

/* Call fn for every element el of sec with the troop named by attr. */
static void
each_troop(struct ld *l, xmlNodePtr sec, const char *el, const char *attr,
    void (*fn)(struct ld *, xmlNodePtr, struct rules_troop *))
{
	xmlNodePtr n;
	int id;

	for (n = sec->children; n != NULL; n = n->next)
		if (is(n, el) && (id = code_attr(l, n, attr)) >= 0)
			fn(l, n, &l->r->t[id]);
}

/* A factor pair: kind="shooting" a troop's own pair in shooting,
 * otherwise its close-combat pair (used in shooting too without one). */
static void
factor_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	bool shoot = choice_attr(n, "kind", "close", "shooting") == 1;
	bool bua = choice_attr(n, "kind", "close", "bua") == 1;
	int *f = shoot ? t->factor_shoot : bua ? t->factor_bua : t->factor;

	if (shoot)
		t->has_shoot = true;
	else if (bua)
		t->has_bua = true;
	else
		t->known = true;
	f[CLASS_FOOT] = (int)num_attr(l, n, "vs-foot");
	f[CLASS_MOUNTED] = (int)num_attr(l, n, "vs-mounted");
	prov_attr(n, shoot ? &t->fprov_shoot : bua ? &t->fprov_bua :
	    &t->fprov);
}

static void
load_factors(struct ld *l, xmlNodePtr sec)
{
	each_troop(l, sec, "troop", "code", factor_row);
}

/* The conditions of a support row: vs, going, max; its provenance. */
static void
support_when(struct ld *l, xmlNodePtr n, struct rules_support *w)
{
	char *v = xmlio_attr(n, "max");

	w->has_vs = false;
	w->vs = 0;
	w->vs_classes = 0;
	w->vs_except = 0;
	codes_attr(l, n, "vs", &w->vs, &w->vs_classes);
	codes_attr(l, n, "vs-except", &w->vs_except, NULL);
	w->has_vs = w->vs != 0 || w->vs_classes != 0 || w->vs_except != 0;
	w->good_only = choice_attr(n, "going", "good", "difficult") == 0;
	w->max = v != NULL ? (int)num_attr(l, n, "max") : 0;
	xmlFree(v);
	prov_attr(n, &w->prov);
}

static void
rear_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	int k;

	if (!t->has_rear) {
		t->has_rear = true;
		t->rear = (int)num_attr(l, n, "value");
		support_when(l, n, &t->rear_when);
	} else if ((k = t->nrear_alt) < 3) {
		t->rear_alt[k] = (int)num_attr(l, n, "value");
		support_when(l, n, &t->rear_alt_when[k]);
		t->nrear_alt++;
	}
}

static int
foot_attr(xmlNodePtr n, const char *name)
{
	int k = choice_attr(n, name, "fast", "solid");

	return k < 0 ? FOOT_NONE : k == 0 ? FOOT_FAST : FOOT_SOLID;
}

static void
side_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->has_side = true;
	t->side = (int)num_attr(l, n, "value");
	t->side_foot = foot_attr(n, "foot");
	t->side_from_foot = foot_attr(n, "from-foot");
	codes_attr(l, n, "from", &t->side_from, NULL);
	support_when(l, n, &t->side_when);
}

static void
psiloi_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->has_psiloi = true;
	t->psiloi = (int)num_attr(l, n, "value");
	support_when(l, n, &t->psiloi_when);
}

static void
load_support(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;

	each_troop(l, sec, "rear", "troop", rear_row);
	each_troop(l, sec, "psiloi", "troop", psiloi_row);
	each_troop(l, sec, "side", "troop", side_row);
	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "cancel-contact"))
			troops_attr(l, n, "troops",
			    offsetof(struct rules_troop, cancels_support));
		else if (is(n, "cancel-shot")) {
			l->r->cancel_shot = true;
			prov_attr(n, &l->r->cancel_shot_prov);
		}
	}
}

/* The index of s in names, or -1. */
static int
name_index(const char *s, const char *const *names, int n)
{
	int i;

	for (i = 0; s != NULL && i < n; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

/* The enum rsource of n: its source attribute, else its parent's. */
static int
source_of(xmlNodePtr n)
{
	static const char *const names[SRC_N] = { "seed", "verified",
	    "reconstructed" };
	char *v;
	int k;

	for (; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent) {
		v = xmlio_attr(n, "source");
		k = name_index(v, names, SRC_N);
		xmlFree(v);
		if (k >= 0)
			return k;
	}
	return SRC_SEED;
}

static void
load_count(struct ld *l, xmlNodePtr n)
{
	static const char *const names[RC_N] = { "overlap", "flank", "rear",
	    "shooters", "attackers" };
	struct rules_count *c;
	char *v = xmlio_attr(n, "flag"), *d;
	int k = name_index(v, names, RC_N);

	xmlFree(v);
	if (k < 0)
		return;
	c = &l->r->count[k];
	c->min = (int)num_attr(l, n, "min");
	c->max = (int)num_attr(l, n, "max");
	c->dflt = -1;
	if ((d = xmlio_attr(n, "default")) != NULL) {
		xmlFree(d);
		c->dflt = (int)num_attr(l, n, "default");
	}
	if (c->min > c->max || (c->dflt >= 0 && (c->dflt < c->min ||
	    c->dflt > c->max)))
		BAD(l, n, RULES_COUNT, names[k]);
}

static void
load_rolls(struct ld *l, xmlNodePtr n)
{
	char *rolls = xmlio_attr(n, "river-rolls"), *p, *save = NULL;
	long x;

	if (rolls == NULL)
		return;
	l->r->river_rolls = 0;
	for (p = strtok_r(rolls, " \t\n", &save); p != NULL;
	    p = strtok_r(NULL, " \t\n", &save)) {
		if (num_longs(p, 1, RULES_MAXDIE, &x) < 0)
			BAD(l, n, RULES_RIVER, p);
		else
			l->r->river_rolls |= 1u << x;
	}
	xmlFree(rolls);
}

static void
load_factor(struct ld *l, xmlNodePtr n)
{
	static const char *const names[] = { "camp", "general", "uphill",
	    "riverbank", "overlap", "flank", "rear", "shooters" };
	char *reason = xmlio_attr(n, "reason");
	char *applies = xmlio_attr(n, "applies");
	unsigned cls = applies == NULL ? 3u : strcmp(applies, "foot") == 0 ?
	    1u << CLASS_FOOT : 1u << CLASS_MOUNTED;
	int k = name_index(reason, names, sizeof names / sizeof names[0]);

	if (reason != NULL && strcmp(reason, "bua") == 0)
		k = TF_BUA;
	if (reason != NULL && strcmp(reason, "assault") == 0) {
		l->r->assault = (int)num_attr(l, n, "value");
		l->r->assault_vs_foot = choice_attr(n, "factor-vs", "foot",
		    "") == 0;
		l->r->assault_no_overlap = choice_attr(n, "defender-overlap",
		    "no", "") == 0;
		prov_attr(n, &l->r->assault_prov);
	}
	if (reason != NULL && strcmp(reason, "double") == 0) {
		k = TF_DOUBLE;
		codes_attr(l, n, "vs", &l->r->double_vs,
		    &l->r->double_vs_classes);
		l->r->double_good_only = choice_attr(n, "going", "good",
		    "") == 0;
	}
	if (reason != NULL && strcmp(reason, "difficult") == 0) {
		l->r->diff_opponent = choice_attr(n, "opponent", "no",
		    "yes") != 0;
		l->r->diff_close_only = choice_attr(n, "kind", "close",
		    "shooting") == 0;
		if (cls & (1u << CLASS_FOOT)) {
			troops_attr(l, n, "except",
			    offsetof(struct rules_troop, diff_exempt));
			l->r->tf[TF_DIFF_FOOT] = (int)num_attr(l, n, "value");
			prov_attr(n, &l->r->tf_prov[TF_DIFF_FOOT]);
		}
		if (cls & (1u << CLASS_MOUNTED)) {
			l->r->tf[TF_DIFF_MOUNTED] =
			    (int)num_attr(l, n, "value");
			prov_attr(n, &l->r->tf_prov[TF_DIFF_MOUNTED]);
		}
	} else if (k >= 0) {
		l->r->tf[k] = (int)num_attr(l, n, "value");
		l->r->tf_applies[k] = cls;
		codes_attr(l, n, "except", &l->r->tf_except[k], NULL);
		prov_attr(n, &l->r->tf_prov[k]);
	}
	if (k == TF_SHOOTERS)
		l->r->shooters_free = (int)num_attr(l, n, "free");
	load_rolls(l, n);
	xmlFree(reason);
	xmlFree(applies);
}

static void
load_tactical(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;

	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "limit"))
			l->r->limit_overlap_flank = (int)num_attr(l, n,
			    "value");
		else if (is(n, "count"))
			load_count(l, n);
		else if (is(n, "factor"))
			load_factor(l, n);
	}
}

static void
load_result(struct ld *l, xmlNodePtr sec)
{
	l->r->die = (int)num_attr(l, sec, "die");
	l->r->doubled = (int)num_attr(l, sec, "doubled");
}

static void
shooter_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->shooter = true;
	t->range = num_attr(l, n, "range");
	prov_attr(n, &t->rprov);
}

static void
load_shooting(struct ld *l, xmlNodePtr sec)
{
	l->u_shoot = unit_attr(sec);
	each_troop(l, sec, "shooter", "troop", shooter_row);
	l->r->shooting_src = source_of(sec);
}

static int
choice_attr(xmlNodePtr n, const char *attr, const char *a, const char *b)
{
	char *v = xmlio_attr(n, attr);
	int r = v == NULL ? -1 : strcmp(v, a) == 0 ? 0 :
	    strcmp(v, b) == 0 ? 1 : -1;

	xmlFree(v);
	return r;
}

static int
outcome_attr(xmlNodePtr n, const char *attr)
{
	char *v = xmlio_attr(n, attr);
	int o = outcome_parse(v);

	xmlFree(v);
	return o;
}

/* good 0, difficult or bad 1, rough 2; -1 when not given */
static int
going_attr(xmlNodePtr n, const char *attr)
{
	char *v = xmlio_attr(n, attr);
	int g = v == NULL ? -1 : strcmp(v, "good") == 0 ? 0 :
	    strcmp(v, "rough") == 0 ? 2 : 1;

	xmlFree(v);
	return g;
}

static void
loser_row(struct ld *l, xmlNodePtr row, struct rules_troop *t)
{
	struct rules_exc *e;
	size_t cap = 0;
	xmlNodePtr n;

	t->has_outcome = true;
	t->beaten = outcome_attr(row, "beaten");
	t->doubled = outcome_attr(row, "doubled");
	t->outcome_src = source_of(row);
	t->equal = outcome_attr(row, "equal");
	prov_attr(row, &t->oprov);
	/* a draw has no loser: combat-calc gives it no outcome */
	if (t->equal != OUT_NONE)
		BAD(l, row, RULES_EQUAL, outcome_name(t->equal));
	for (n = row->children; n != NULL; n = n->next) {
		if (!is(n, "except"))
			continue;
		t->exc = xgrow(t->exc, &cap, t->nexc + 1, sizeof *t->exc);
		e = &t->exc[t->nexc++];
		memset(e, 0, sizeof *e);
		e->result = choice_attr(n, "result", "beaten", "doubled");
		if (choice_attr(n, "result", "equal", "") == 0)
			e->result = 2;
		e->going = going_attr(n, "going");
		e->kind = choice_attr(n, "kind", "close", "shooting");
		e->loser_going = going_attr(n, "loser-going");
		e->loser_in = choice_attr(n, "loser-in", "open", "bua-camp");
		e->winner_in = choice_attr(n, "winner-in", "open",
		    "bua-camp");
		e->loser_charged = choice_attr(n, "loser-charged", "no",
		    "yes");
		names_attr(l, n, "winner", &e->winners, &e->classes,
		    &e->wtags);
		names_attr(l, n, "loser-sub", NULL, NULL, &e->ltags);
		e->outcome = outcome_attr(n, "outcome");
		e->src = source_of(n);
		prov_attr(n, &e->prov);
	}
}

static void
load_outcomes(struct ld *l, xmlNodePtr sec)
{
	l->r->dflt_beaten = outcome_attr(sec, "beaten");
	l->r->dflt_doubled = outcome_attr(sec, "doubled");
	each_troop(l, sec, "loser", "troop", loser_row);
}

static void
move_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	char *v = xmlio_attr(n, "rough");

	t->has_move = true;
	t->move_good = num_attr(l, n, "good");
	t->move_difficult = num_attr(l, n, "difficult");
	t->move_rough = v != NULL ? num_attr(l, n, "rough") :
	    t->move_difficult;
	if (v != NULL)
		l->r->has_rough = true;
	xmlFree(v);
	t->move_road = num_attr(l, n, "road");
	t->foot = foot_attr(n, "foot");
	t->contact = choice_attr(n, "contact", "no", "yes") != 0;
	prov_attr(n, &t->mprov);
}

/* A further move in one bound (dba3: LH, Ps, road moves). */
static void
further_row(struct ld *l, xmlNodePtr n)
{
	static const char *const whens[FW_N] = {
		"good", "first-bound", "into-rough", "road"
	};
	struct rules_further *fu;
	char *v;

	if (l->r->nfurther >= RULES_MAXFURTHER)
		return;
	fu = &l->r->further[l->r->nfurther++];
	names_attr(l, n, "troops", &fu->troops, NULL, &fu->tags);
	if (xmlHasProp(n, BAD_CAST "moves") != NULL)
		fu->moves = (int)num_attr(l, n, "moves");
	v = xmlio_attr(n, "when");
	fu->when = name_index(v, whens, FW_N);
	xmlFree(v);
	prov_attr(n, &fu->prov);
}

static void
load_movement(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;

	l->u_move = unit_attr(sec);
	each_troop(l, sec, "move", "troop", move_row);
	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "river-crossing")) {
			l->r->river_crossing = num_attr(l, n, "paces");
			prov_attr(n, &l->r->prov[RP_RIVER]);
		} else if (is(n, "road-bonus")) {
			l->r->road_bonus = num_attr(l, n, "per-pip");
			prov_attr(n, &l->r->prov[RP_ROAD_BONUS]);
		} else if (is(n, "wheel")) {
			l->r->wheel_max = (int)num_attr(l, n, "max");
			prov_attr(n, &l->r->prov[RP_WHEEL]);
		} else if (is(n, "zone-of-control")) {
			l->r->zoc_widths = (int)num_attr(l, n, "base-widths");
			prov_attr(n, &l->r->prov[RP_ZOC]);
		} else if (is(n, "further-move"))
			further_row(l, n);
	}
}

static void
load_distances(struct ld *l, xmlNodePtr sec)
{
	static const char *const names[SCALE_N] = { "15mm", "25mm" };
	struct rules_scale *sc;
	xmlNodePtr n;
	char *v;
	int k;

	l->r->inch_mm = num_attr(l, sec, "inch-mm");
	for (n = sec->children; n != NULL; n = n->next) {
		if (!is(n, "scale"))
			continue;
		v = xmlio_attr(n, "name");
		k = name_index(v, names, SCALE_N);
		xmlFree(v);
		if (k < 0)
			continue;
		sc = &l->r->scale[k];
		sc->paces = num_attr(l, n, "paces");
		sc->mm = num_attr(l, n, "mm");
		sc->base_width = num_attr(l, n, "base-width");
	}
}

static void
base_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->has_base = true;
	t->base_depth = num_attr(l, n, "depth");
	prov_attr(n, &t->bprov);
}

static void
load_bases(struct ld *l, xmlNodePtr sec)
{
	l->u_bases = unit_attr(sec);
	each_troop(l, sec, "base", "troop", base_row);
}

static void
cmd_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->has_cmd = true;
	t->cmd_far = num_attr(l, n, "far");
	t->cmd_out_of_sight = num_attr(l, n, "out-of-sight");
	prov_attr(n, &t->cprov);
}

static void
load_pips(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	char *v;
	int k;

	l->r->pip_die = (int)num_attr(l, sec, "die");
	l->u_pips = unit_attr(sec);
	each_troop(l, sec, "command-range", "troop", cmd_row);
	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "road-move")) {
			l->r->road_first_free = true;
			prov_attr(n, &l->r->road_prov);
		}
		if (is(n, "cost")) {
			l->r->pip_base = (int)num_attr(l, n, "base");
			prov_attr(n, &l->r->prov[RP_PIP_BASE]);
		}
		if (!is(n, "surcharge"))
			continue;
		v = xmlio_attr(n, "reason");
		k = v != NULL && strcmp(v, "command") == 0;
		if (!k) {
			l->r->pip_elephants = (int)num_attr(l, n, "value");
			troops_attr(l, n, "troops",
			    offsetof(struct rules_troop, pip_surcharge));
			troops_attr(l, n, "contact-free",
			    offsetof(struct rules_troop, pip_contact_free));
		} else {
			l->r->pip_command = (int)num_attr(l, n, "value");
			l->r->pip_far = num_attr(l, n, "far");
			l->r->pip_out_of_sight = num_attr(l, n,
			    "out-of-sight");
			l->r->pip_beyond = choice_attr(n, "compare",
			    "at-least", "more-than") == 1;
		}
		l->r->pip_first_free[k] = choice_attr(n, "first-bound",
		    "exempt", "") == 0;
		prov_attr(n, &l->r->prov[k ? RP_PIP_COMMAND : RP_PIP_TROOPS]);
		xmlFree(v);
	}
}

static void
load_army(struct ld *l, xmlNodePtr sec)
{
	struct rules *r = l->r;
	char *v = xmlio_attr(sec, "topographies");
	const char *p, *e;
	size_t cap = 0;

	codes_attr(l, sec, "general-only", &r->general_only, NULL);
	r->army_elements = num_attr(l, sec, "elements");
	r->army_generals = num_attr(l, sec, "generals");
	if (xmlHasProp(sec, (const xmlChar *)"aggression-max") != NULL) {
		r->has_aggression = true;
		r->aggression_min = num_attr(l, sec, "aggression-min");
		r->aggression_max = num_attr(l, sec, "aggression-max");
	}
	for (p = v; p != NULL && *p != '\0'; p = e) {
		while (*p == ' ')
			p++;
		for (e = p; *e != '\0' && *e != ' '; e++)
			;
		if (e == p)
			break;
		r->topography = xgrow(r->topography, &cap,
		    r->ntopography + 1, sizeof *r->topography);
		r->topography[r->ntopography++] = xstrndup(p,
		    (size_t)(e - p));
	}
	xmlFree(v);
}

static void
load_victory(struct ld *l, xmlNodePtr sec)
{
	char *v;

	l->r->victory_lost = num_attr(l, sec, "lost");
	codes_attr(l, sec, "exclude", &l->r->victory_exclude, NULL);
	l->r->victory_double = (v = xmlio_attr(sec, "double")) != NULL ?
	    num_attr(l, sec, "double") : 1;
	xmlFree(v);
	l->r->victory_camp = (v = xmlio_attr(sec, "camp")) != NULL ?
	    num_attr(l, sec, "camp") : 0;
	xmlFree(v);
	prov_attr(sec, &l->r->victory_prov);
}

/* A sub-type's own attributes: foot, double, tags, class, move, base. */
static void
subtype_attrs(struct ld *l, xmlNodePtr n, struct rules_subtype *st)
{
	char *v = xmlio_attr(n, "tags"), *p, *save = NULL;
	int k;

	st->foot = foot_attr(n, "foot");
	st->dbl = choice_attr(n, "double", "yes", "") == 0;
	k = choice_attr(n, "class", "foot", "mounted");
	st->cls = k < 0 ? -1 : k == 0 ? CLASS_FOOT : CLASS_MOUNTED;
	k = choice_attr(n, "fights", "foot", "mounted");
	st->fights = k < 0 ? -1 : k == 0 ? CLASS_FOOT : CLASS_MOUNTED;
	for (p = v != NULL ? strtok_r(v, " \t\n", &save) : NULL; p != NULL;
	    p = strtok_r(NULL, " \t\n", &save))
		if ((k = tag_index(l->r, p, true)) >= 0)
			st->tags |= (uint64_t)1 << k;
	xmlFree(v);
	if ((v = xmlio_attr(n, "good")) != NULL) {
		st->has_move = true;
		st->move_good = num_attr(l, n, "good");
		st->move_difficult = num_attr(l, n, "difficult");
		st->move_road = num_attr(l, n, "road");
		xmlFree(v);
		st->move_rough = (v = xmlio_attr(n, "rough")) != NULL ?
		    num_attr(l, n, "rough") : st->move_difficult;
		xmlFree(v);
	}
	if ((v = xmlio_attr(n, "depth")) != NULL) {
		st->has_base = true;
		st->base_depth = num_attr(l, n, "depth");
		xmlFree(v);
	}
}

static void
load_subtypes(struct ld *l, xmlNodePtr sec)
{
	struct rules_subtype *st;
	size_t cap = 0;
	xmlNodePtr n;
	int id;

	for (n = sec->children; n != NULL; n = n->next) {
		if (!is(n, "subtype") || (id = code_attr(l, n, "troop")) < 0)
			continue;
		l->r->sub = xgrow(l->r->sub, &cap, l->r->nsub + 1,
		    sizeof *l->r->sub);
		st = &l->r->sub[l->r->nsub++];
		memset(st, 0, sizeof *st);
		st->spelling = opt_str(n, "spelling");
		st->troop = id;
		subtype_attrs(l, n, st);
		prov_attr(n, &st->prov);
	}
}

/* Every troop of the table's troop set has factors, a move, an outcome
 * and a base row; each gap is an error naming the troop and the table. */
static void
check_complete(struct ld *l)
{
	const struct rules_troop *rt;
	const struct troop *t;
	size_t i, n = 0;

	for (i = 0; i < troop_count(); i++) {
		t = troop_at(i);
		if (!troop_in_edition(t, l->r->troops) ||
		    t->id >= RULES_MAXTROOPS)
			continue;
		n++;
		rt = &l->r->t[t->id];
		if (!rt->known)
			DIAG_AT(RULES_INCOMPLETE, l->file, 0, 0, t->code,
			    "factors", l->r->troops);
		if (!rt->has_move)
			DIAG_AT(RULES_INCOMPLETE, l->file, 0, 0, t->code,
			    "movement", l->r->troops);
		if (!rt->has_outcome)
			DIAG_AT(RULES_INCOMPLETE, l->file, 0, 0, t->code,
			    "outcomes", l->r->troops);
		if (!rt->has_base)
			DIAG_AT(RULES_INCOMPLETE, l->file, 0, 0, t->code,
			    "bases", l->r->troops);
		if (!rt->known || !rt->has_move || !rt->has_outcome ||
		    !rt->has_base)
			l->bad = 1;
	}
	if (n == 0) {
		DIAG_AT(RULES_NO_TROOP_SET, l->file, 0, 0, l->r->troops);
		l->bad = 1;
	}
}

/* The list of the compiled editions, "dba1, dba22, ". */
void
rules_edition_names(char *buf, size_t size)
{
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < rules_nbuiltin && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s, ",
		    rules_builtin[i].name);
}

static int
validate(xmlDocPtr doc)
{
	xmlRelaxNGPtr schema;

	schema = xmlio_schema(rules_rng, rules_rng_len, "rules.rng");
	if (schema == NULL)
		return -1;
	return xmlio_validate_doc(schema, doc, true) == 0 ? 0 : -1;
}

/* The paces of one unit u (U_P, U_BW, U_MM) at 15 mm. */
static long
unit_paces(const struct rules *r, int u)
{
	const struct rules_scale *s = &r->scale[SCALE_15MM];

	if (u == U_BW && s->mm > 0)
		return s->base_width * s->paces / s->mm;
	if (u == U_MM && s->mm > 0)
		return s->paces / s->mm;
	return 1;
}

static void
scale_rates(long *good, long *rough, long *difficult, long *road, long m)
{
	*good *= m;
	*rough *= m;
	*difficult *= m;
	*road *= m;
}

/* Lengths given in base widths or millimetres into paces, the unit of
 * every engine; the edition's unit is its movement's. */
static void
apply_units(struct ld *l)
{
	struct rules *r = l->r;
	long m = unit_paces(r, l->u_move), s = unit_paces(r, l->u_shoot);
	long b = unit_paces(r, l->u_bases), p = unit_paces(r, l->u_pips);
	struct rules_troop *t;
	struct rules_subtype *st;
	size_t i;

	r->unit = l->u_move == U_BW ? UNIT_BW : UNIT_P;
	r->unit_paces = m;
	for (i = 0; i < RULES_MAXTROOPS; i++) {
		t = &r->t[i];
		scale_rates(&t->move_good, &t->move_rough, &t->move_difficult,
		    &t->move_road, m);
		t->range *= s;
		t->base_depth *= b;
		t->cmd_far *= p;
		t->cmd_out_of_sight *= p;
	}
	for (i = 0; i < r->nsub; i++) {
		st = &r->sub[i];
		scale_rates(&st->move_good, &st->move_rough,
		    &st->move_difficult, &st->move_road, m);
		st->base_depth *= b;
	}
	r->river_crossing *= m;
	r->road_bonus *= m;
	r->pip_far *= p;
	r->pip_out_of_sight *= p;
}

/* arg (NULL: none) names no edition compiled in, looks like no file
 * name and no file is there: report it, a usage error, and return true;
 * where says where it was given ("" for --rules). */
static bool
rules_unknown(const char *arg, const char *where)
{
	char names[256];
	size_t i;

	if (arg != NULL) {
		for (i = 0; i < rules_nbuiltin; i++)
			if (strcmp(arg, rules_builtin[i].name) == 0)
				return false;
		if (strchr(arg, '/') != NULL || strchr(arg, '.') != NULL ||
		    access(arg, F_OK) == 0)
			return false;
	}
	rules_edition_names(names, sizeof names);
	diag_usage("unknown rules edition '%s'%s (%sor a rules XML file)",
	    arg != NULL ? arg : "", where, names);
	return true;
}

struct rules *
rules_load(const char *arg)
{
	static const struct {
		const char *name;
		void (*fn)(struct ld *, xmlNodePtr);
	} secs[] = {
		/* sub-types first: outcome rows name their tags */
		{ "subtypes", load_subtypes },
		{ "factors", load_factors }, { "support", load_support },
		{ "tactical", load_tactical }, { "result", load_result },
		{ "shooting", load_shooting }, { "outcomes", load_outcomes },
		{ "movement", load_movement }, { "distances", load_distances },
		{ "bases", load_bases }, { "pips", load_pips },
		{ "army", load_army }, { "victory", load_victory },
	};
	struct ld l = { NULL, NULL, 0, 0, 0, 0, 0 };
	xmlDocPtr doc;
	xmlNodePtr root, n;
	char *ed;
	size_t i;

	troop_init();
	/* an edition compiled in: its table itself (shared: rules_free
	 * leaves it) */
	for (i = 0; i < rules_nbuiltin; i++)
		if (strcmp(arg != NULL ? arg : rules_builtin[0].name,
		    rules_builtin[i].name) == 0)
			return rules_builtin[i].r;
	if (rules_unknown(arg, ""))
		return NULL;
	l.file = arg;
	diag_set_file(arg);
	doc = xmlio_parse_file(arg);
	if (doc != NULL && validate(doc) < 0) {
		DIAG_AT(RULES_SCHEMA, arg, 0, 0);
		xmlFreeDoc(doc);
		doc = NULL;
	}
	if (doc == NULL)
		return NULL;
	l.r = xcalloc(1, sizeof *l.r);
	root = xmlDocGetRootElement(doc);
	ed = xmlio_attr(root, "edition");
	snprintf(l.r->edition, sizeof l.r->edition, "%s", ed ? ed : "dba1");
	xmlFree(ed);
	ed = xmlio_attr(root, "title");
	snprintf(l.r->title, sizeof l.r->title, "%s",
	    ed != NULL ? ed : l.r->edition);
	xmlFree(ed);
	ed = xmlio_attr(root, "troops");
	snprintf(l.r->troops, sizeof l.r->troops, "%s",
	    ed != NULL ? ed : l.r->edition);
	xmlFree(ed);
	l.r->diff_opponent = 1;
	for (i = 0; i < sizeof secs / sizeof secs[0]; i++)
		for (n = root->children; n != NULL; n = n->next)
			if (is(n, secs[i].name))
				secs[i].fn(&l, n);
	apply_units(&l);
	if (l.r->river_rolls >> (l.r->die + 1) != 0)
		BAD(&l, root, RULES_RIVER_DIE, l.r->die);
	check_complete(&l);
	xmlFreeDoc(doc);
	if (l.bad) {
		rules_free(l.r);
		return NULL;
	}
	return l.r;
}

void
rules_free(struct rules *r)
{
	size_t i;

	struct rules_troop *t;
	size_t j;

	if (r == NULL)
		return;
	if (r->shared)
		return;
	for (i = 0; i < (size_t)r->ntags; i++)
		free(r->tag[i]);
	prov_free(&r->road_prov);
	for (i = 0; i < (size_t)r->nfurther; i++)
		prov_free(&r->further[i].prov);
	prov_free(&r->cancel_shot_prov);
	prov_free(&r->assault_prov);
	prov_free(&r->victory_prov);
	for (i = 0; i < r->ntopography; i++)
		free(r->topography[i]);
	free(r->topography);
	for (i = 0; i < RULES_MAXTROOPS; i++) {
		t = &r->t[i];
		for (j = 0; j < t->nexc; j++)
			prov_free(&t->exc[j].prov);
		free(t->exc);
		prov_free(&t->fprov);
		prov_free(&t->fprov_shoot);
		prov_free(&t->rear_when.prov);
		prov_free(&t->psiloi_when.prov);
		prov_free(&t->side_when.prov);
		prov_free(&t->fprov_bua);
		prov_free(&t->cprov);
		for (j = 0; j < (size_t)t->nrear_alt; j++)
			prov_free(&t->rear_alt_when[j].prov);
		prov_free(&t->rprov);
		prov_free(&t->oprov);
		prov_free(&t->mprov);
		prov_free(&t->bprov);
	}
	for (i = 0; i < TF_N; i++)
		prov_free(&r->tf_prov[i]);
	for (i = 0; i < RP_N; i++)
		prov_free(&r->prov[i]);
	for (i = 0; i < r->nsub; i++) {
		free(r->sub[i].spelling);
		prov_free(&r->sub[i].prov);
	}
	free(r->sub);
	free(r);
}

/* Does going g (0 good, 1 bad, 2 rough) hold for a position? */
static bool
going_is(int g, bool bad, bool rough)
{
	return g == 0 ? !bad && !rough : g == 1 ? bad : rough;
}

static uint64_t
sub_tags(const struct rules *r, int sub1)
{
	const struct rules_subtype *st = rules_subtype(r, sub1);

	return st != NULL ? st->tags : 0;
}

/* result: 0 beaten, 1 doubled, 2 equal (only rows that say so) */
static bool
exc_match(const struct rules *r, const struct rules_exc *e, int winner,
    int wcls, int result, const struct rules_when *w)
{
	if (e->result >= 0 ? e->result != result : result == 2)
		return false;
	if (e->going >= 0 && !going_is(e->going, w->difficult, w->rough))
		return false;
	if (e->kind >= 0 && e->kind != (int)w->shooting)
		return false;
	if (e->loser_going >= 0 && !going_is(e->loser_going,
	    w->loser_difficult, w->loser_rough))
		return false;
	if (e->ltags != 0 && (e->ltags & sub_tags(r, w->lsub)) == 0)
		return false;
	if (e->loser_in >= 0 && e->loser_in != (int)w->loser_in)
		return false;
	if (e->winner_in >= 0 && e->winner_in != (int)w->winner_in)
		return false;
	if (e->loser_charged >= 0 && e->loser_charged !=
	    (int)w->loser_charged)
		return false;
	if (e->winners == 0 && e->classes == 0 && e->wtags == 0)
		return true;
	return (e->winners & ((uint64_t)1 << winner)) != 0 ||
	    (e->classes & (1u << wcls)) != 0 ||
	    (e->wtags & sub_tags(r, w->wsub)) != 0;
}

/* The first exception of loser's row for result, or NULL. */
static const struct rules_exc *
exc_find(const struct rules *r, int loser, int winner, int result,
    const struct rules_when *w)
{
	const struct rules_troop *t = &r->t[loser];
	int wcls = rules_class(r, winner, w->wsub);
	size_t i;

	for (i = 0; i < t->nexc; i++)
		if (exc_match(r, &t->exc[i], winner, wcls, result, w))
			return &t->exc[i];
	return NULL;
}

int
rules_outcome_equal(const struct rules *r, int loser, int winner,
    const struct rules_when *w, const struct rules_exc **used)
{
	const struct rules_exc *e = exc_find(r, loser, winner, 2, w);

	if (used != NULL)
		*used = e;
	return e != NULL ? e->outcome : -1;
}

int
rules_outcome_when(const struct rules *r, int loser, int winner,
    bool doubled, const struct rules_when *w, const struct rules_exc **used)
{
	const struct rules_troop *t = &r->t[loser];
	const struct rules_exc *e;

	if (used != NULL)
		*used = NULL;
	if (!t->has_outcome)
		return doubled ? r->dflt_doubled : r->dflt_beaten;
	if ((e = exc_find(r, loser, winner, doubled, w)) != NULL) {
		if (used != NULL)
			*used = e;
		return e->outcome;
	}
	return doubled ? t->doubled : t->beaten;
}

int
rules_outcome(const struct rules *r, int loser, int winner, bool doubled,
    bool difficult, bool shooting)
{
	struct rules_when w = { .difficult = difficult,
	    .shooting = shooting };

	return rules_outcome_when(r, loser, winner, doubled, &w, NULL);
}

double
rules_base_width(const struct rules *r, int scale)
{
	const struct rules_scale *s = &r->scale[scale];

	return s->mm > 0 ? (double)s->base_width * (double)s->paces /
	    (double)s->mm : 0;
}

int
rules_subtype_find(const struct rules *r, const char *s, size_t n)
{
	size_t i;

	/* the first bytes first (c | 0x20 is alike for the two cases of a
	 * letter): most words are no sub-type */
	for (i = 0; r != NULL && i < r->nsub; i++)
		if ((n == 0 || (s[0] | 0x20) == (r->sub[i].spelling[0] | 0x20)) &&
		    str_ieq(s, n, r->sub[i].spelling))
			return (int)i + 1;
	return 0;
}

const struct rules_subtype *
rules_subtype(const struct rules *r, int sub1)
{
	return r != NULL && sub1 > 0 && (size_t)sub1 <= r->nsub ?
	    &r->sub[sub1 - 1] : NULL;
}

const struct rules_subtype *
rules_subtype_own(const struct rules *r, int sub1)
{
	const struct rules_subtype *st = rules_subtype(r, sub1);

	if (st == NULL || (st->foot == FOOT_NONE && !st->dbl && st->tags == 0 &&
	    st->cls < 0 && !st->has_move && !st->has_base))
		return NULL;
	return st;
}

int
rules_class(const struct rules *r, int troop, int sub1)
{
	const struct rules_subtype *st = rules_subtype(r, sub1);
	const struct troop *t = troop_at((size_t)troop);

	if (st != NULL && st->fights >= 0)
		return st->fights;
	if (st != NULL && st->cls >= 0)
		return st->cls;
	return t != NULL ? (int)t->cls : CLASS_FOOT;
}

bool
rules_support_vs(const struct rules *r, const struct rules_support *w,
    int troop, int sub1)
{
	uint64_t bit = (uint64_t)1 << troop;

	if (w->vs_except & bit)
		return false;
	if (w->vs == 0 && w->vs_classes == 0)
		return true;
	return (w->vs & bit) != 0 ||
	    (w->vs_classes & (1u << rules_class(r, troop, sub1))) != 0;
}

int
rules_foot(const struct rules *r, int troop, int sub1)
{
	const struct rules_subtype *st = rules_subtype(r, sub1);

	if (st != NULL && st->foot != FOOT_NONE)
		return st->foot;
	return troop >= 0 && troop < RULES_MAXTROOPS ? r->t[troop].foot :
	    FOOT_NONE;
}

void
rules_rates(const struct rules *r, int troop, int sub1, long *good,
    long *rough, long *difficult, long *road)
{
	const struct rules_subtype *st = rules_subtype(r, sub1);
	const struct rules_troop *t = &r->t[troop];

	if (st != NULL && st->has_move) {
		*good = st->move_good;
		*rough = st->move_rough;
		*difficult = st->move_difficult;
		*road = st->move_road;
		return;
	}
	*good = t->move_good;
	*rough = t->move_rough;
	*difficult = t->move_difficult;
	*road = t->move_road;
}

static double
rules_in_unit(const struct rules *r, double paces)
{
	return r->unit_paces > 1 ? paces / (double)r->unit_paces : paces;
}

const char *
rules_unit_name(const struct rules *r)
{
	return r->unit == UNIT_BW ? "bw" : "p";
}

char *
rules_len_fmt(const struct rules *r, double paces, char *buf, size_t size)
{
	double v = rules_in_unit(r, paces);
	char *e;

	if (r->unit == UNIT_P)
		snprintf(buf, size, "%.0f", v);
	else {
		snprintf(buf, size, "%.2f", v);
		/* 3.00 -> 3, 1.50 -> 1.5 */
		if ((e = strchr(buf, '.')) != NULL) {
			e += strlen(e) - 1;
			while (*e == '0')
				*e-- = '\0';
			if (*e == '.')
				*e = '\0';
		}
	}
	return buf;
}

const struct troop *
rules_troop_find(const struct rules *r, const char *s, size_t n, int *sub)
{
	int k = rules_subtype_find(r, s, n);

	if (sub != NULL)
		*sub = k;
	if (k > 0)
		return troop_at((size_t)r->sub[k - 1].troop);
	return troop_find(s, n);
}

struct rules *
rules_open(const char *arg)
{
	struct rules *r;

	/* no --rules: the club's edition of BELLIS_RULES, else dba1; the
	 * label of the data, where a tool reads one, still wins over both
	 * (bellis(7) EDITIONS) */
	if (arg == NULL && (arg = rules_env()) != NULL &&
	    rules_unknown(arg, " in BELLIS_RULES")) {
		diag_raise(EXIT_DATA);
		return NULL;
	}
	/* rules_load has reported why: a bad table is bad data (2), an
	 * unknown edition a usage error (3), an unreadable file 4 */
	if ((r = rules_load(arg)) == NULL)
		diag_raise(EXIT_DATA);
	return r;
}

const char *
rules_env(void)
{
	const char *e = getenv("BELLIS_RULES");

	return e != NULL && *e != '\0' ? e : NULL;
}

const struct rules *
rules_labelled(struct rules_labels *l, const char *label)
{
	size_t i;

	if (label == NULL || strcmp(label, l->dflt->edition) == 0)
		return l->dflt;
	for (i = 0; i < rules_nbuiltin && i < RULES_MAXEDITIONS; i++)
		if (strcmp(label, rules_builtin[i].name) == 0) {
			if (l->ed[i] == NULL)
				l->ed[i] = rules_load(label);
			return l->ed[i];
		}
	return NULL;
}

void
rules_labels_free(struct rules_labels *l)
{
	size_t i;

	for (i = 0; i < RULES_MAXEDITIONS; i++)
		rules_free(l->ed[i]);
}

void
rules_explain(FILE *fp, const struct rules_prov *p, const char *fmt, ...)
{
	va_list ap;

	fputs("   ", fp);
	va_start(ap, fmt);
	vfprintf(fp, fmt, ap);
	va_end(ap);
	fprintf(fp, ": %s", p->source != NULL ? p->source : "-");
	if (p->conf[0] != '\0')
		fprintf(fp, " [%s]", p->conf);
	if (p->other != NULL)
		fprintf(fp, "; other: %s", p->other);
	if (p->note != NULL)
		fprintf(fp, "; %s", p->note);
	fputc('\n', fp);
}
