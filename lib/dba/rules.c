/* Rules tables: the embedded dba1 table or a user's file, into a struct. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/num.h"
#include "dba/rules.h"
#include "dba/troop.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#include "gen/dba1_xml.h"
#include "gen/rules_rng.h"

static const char *const outcome_names[OUT_N] = {
	"recoil", "flee", "destroyed", "none"
};

struct ld {
	struct rules *r;
	const char *file;
	int bad;
};

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

/* The troops and classes of a blank-separated list attribute. */
static void
codes_attr(struct ld *l, xmlNodePtr n, const char *attr, uint64_t *ids,
    unsigned *classes)
{
	char *v = xmlio_attr(n, attr), *p, *save = NULL;
	const struct troop *t;

	if (v == NULL)
		return;
	for (p = strtok_r(v, " \t\n", &save); p != NULL;
	    p = strtok_r(NULL, " \t\n", &save)) {
		if (classes != NULL && strcmp(p, "foot") == 0)
			*classes |= 1u << CLASS_FOOT;
		else if (classes != NULL && strcmp(p, "mounted") == 0)
			*classes |= 1u << CLASS_MOUNTED;
		else if ((t = troop_by_code(p)) != NULL &&
		    t->id < RULES_MAXTROOPS)
			*ids |= (uint64_t)1 << t->id;
		else
			BAD(l, n, RULES_TROOP, p);
	}
	xmlFree(v);
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

static void
factor_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->known = true;
	t->factor[CLASS_FOOT] = (int)num_attr(l, n, "vs-foot");
	t->factor[CLASS_MOUNTED] = (int)num_attr(l, n, "vs-mounted");
}

static void
load_factors(struct ld *l, xmlNodePtr sec)
{
	each_troop(l, sec, "troop", "code", factor_row);
}

static void
rear_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->has_rear = true;
	t->rear = (int)num_attr(l, n, "value");
}

static void
psiloi_row(struct ld *l, xmlNodePtr n, struct rules_troop *t)
{
	t->has_psiloi = true;
	t->psiloi = (int)num_attr(l, n, "value");
}

static void
load_support(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;

	each_troop(l, sec, "rear", "troop", rear_row);
	each_troop(l, sec, "psiloi", "troop", psiloi_row);
	for (n = sec->children; n != NULL; n = n->next)
		if (is(n, "cancel-contact"))
			troops_attr(l, n, "troops",
			    offsetof(struct rules_troop, cancels_support));
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
	    "shooters" };
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

	if (reason != NULL && strcmp(reason, "difficult") == 0) {
		if (cls & (1u << CLASS_FOOT)) {
			troops_attr(l, n, "except",
			    offsetof(struct rules_troop, diff_exempt));
			l->r->tf[TF_DIFF_FOOT] = (int)num_attr(l, n, "value");
		}
		if (cls & (1u << CLASS_MOUNTED))
			l->r->tf[TF_DIFF_MOUNTED] =
			    (int)num_attr(l, n, "value");
	} else if (k >= 0) {
		l->r->tf[k] = (int)num_attr(l, n, "value");
		l->r->tf_applies[k] = cls;
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
}

static void
load_shooting(struct ld *l, xmlNodePtr sec)
{
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
	for (n = row->children; n != NULL; n = n->next) {
		if (!is(n, "except"))
			continue;
		t->exc = xgrow(t->exc, &cap, t->nexc + 1, sizeof *t->exc);
		e = &t->exc[t->nexc++];
		memset(e, 0, sizeof *e);
		e->result = choice_attr(n, "result", "beaten", "doubled");
		e->going = choice_attr(n, "going", "good", "difficult");
		e->kind = choice_attr(n, "kind", "close", "shooting");
		codes_attr(l, n, "winner", &e->winners, &e->classes);
		e->outcome = outcome_attr(n, "outcome");
		e->src = source_of(n);
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
	t->has_move = true;
	t->move_good = num_attr(l, n, "good");
	t->move_difficult = num_attr(l, n, "difficult");
	t->move_road = num_attr(l, n, "road");
	t->contact = choice_attr(n, "contact", "no", "yes") != 0;
}

static void
load_movement(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;

	each_troop(l, sec, "move", "troop", move_row);
	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "river-crossing"))
			l->r->river_crossing = num_attr(l, n, "paces");
		else if (is(n, "road-bonus"))
			l->r->road_bonus = num_attr(l, n, "per-pip");
		else if (is(n, "wheel"))
			l->r->wheel_max = (int)num_attr(l, n, "max");
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
load_pips(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	char *v;

	l->r->pip_die = (int)num_attr(l, sec, "die");
	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "cost"))
			l->r->pip_base = (int)num_attr(l, n, "base");
		if (!is(n, "surcharge"))
			continue;
		v = xmlio_attr(n, "reason");
		if (v != NULL && strcmp(v, "elephants") == 0) {
			l->r->pip_elephants = (int)num_attr(l, n, "value");
			troops_attr(l, n, "troops",
			    offsetof(struct rules_troop, pip_surcharge));
		} else {
			l->r->pip_command = (int)num_attr(l, n, "value");
			l->r->pip_far = num_attr(l, n, "far");
			l->r->pip_out_of_sight = num_attr(l, n,
			    "out-of-sight");
		}
		xmlFree(v);
	}
}

static void
load_army(struct ld *l, xmlNodePtr sec)
{
	l->r->army_elements = num_attr(l, sec, "elements");
	l->r->army_generals = num_attr(l, sec, "generals");
}

static int
validate(xmlDocPtr doc)
{
	xmlRelaxNGPtr schema;
	xmlRelaxNGValidCtxtPtr vc;
	int rc;

	schema = xmlio_schema(rules_rng, rules_rng_len, "rules.rng");
	if (schema == NULL)
		return -1;
	vc = xmlRelaxNGNewValidCtxt(schema);
	rc = vc != NULL ? xmlRelaxNGValidateDoc(vc, doc) : -1;
	xmlRelaxNGFreeValidCtxt(vc);
	return rc == 0 ? 0 : -1;
}

struct rules *
rules_load(const char *arg)
{
	static const struct {
		const char *name;
		void (*fn)(struct ld *, xmlNodePtr);
	} secs[] = {
		{ "factors", load_factors }, { "support", load_support },
		{ "tactical", load_tactical }, { "result", load_result },
		{ "shooting", load_shooting }, { "outcomes", load_outcomes },
		{ "movement", load_movement }, { "distances", load_distances },
		{ "pips", load_pips }, { "army", load_army },
	};
	struct ld l = { NULL, "dba1", 0 };
	xmlDocPtr doc;
	xmlNodePtr root, n;
	char *ed;
	size_t i;

	troop_init();
	if (arg == NULL || strcmp(arg, "dba1") == 0)
		doc = xmlio_parse_mem((const char *)dba1_xml, dba1_xml_len,
		    "dba1.xml");
	else if (strchr(arg, '/') == NULL && strchr(arg, '.') == NULL &&
	    access(arg, F_OK) != 0) {
		diag_usage("unknown rules edition '%s' (dba1, or a rules "
		    "XML file)", arg);
		return NULL;
	} else {
		l.file = arg;
		diag_set_file(arg);
		doc = xmlio_parse_file(arg);
		if (doc != NULL && validate(doc) < 0) {
			DIAG_AT(RULES_SCHEMA, arg, 0, 0);
			xmlFreeDoc(doc);
			doc = NULL;
		}
	}
	if (doc == NULL)
		return NULL;
	l.r = xcalloc(1, sizeof *l.r);
	root = xmlDocGetRootElement(doc);
	ed = xmlio_attr(root, "edition");
	snprintf(l.r->edition, sizeof l.r->edition, "%s", ed ? ed : "dba1");
	xmlFree(ed);
	for (n = root->children; n != NULL; n = n->next)
		for (i = 0; i < sizeof secs / sizeof secs[0]; i++)
			if (is(n, secs[i].name))
				secs[i].fn(&l, n);
	if (l.r->river_rolls >> (l.r->die + 1) != 0)
		BAD(&l, root, RULES_RIVER_DIE, l.r->die);
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

	if (r == NULL)
		return;
	for (i = 0; i < RULES_MAXTROOPS; i++)
		free(r->t[i].exc);
	free(r);
}

static bool
exc_match(const struct rules_exc *e, int winner, int wcls, bool doubled,
    bool difficult, bool shooting)
{
	if (e->result >= 0 && e->result != (int)doubled)
		return false;
	if (e->going >= 0 && e->going != (int)difficult)
		return false;
	if (e->kind >= 0 && e->kind != (int)shooting)
		return false;
	if (e->winners == 0 && e->classes == 0)
		return true;
	return (e->winners & ((uint64_t)1 << winner)) != 0 ||
	    (e->classes & (1u << wcls)) != 0;
}

int
rules_outcome(const struct rules *r, int loser, int winner, bool doubled,
    bool difficult, bool shooting)
{
	const struct rules_troop *t = &r->t[loser];
	const struct troop *w = troop_at((size_t)winner);
	int wcls = w != NULL ? (int)w->cls : CLASS_FOOT;
	size_t i;

	if (!t->has_outcome)
		return doubled ? r->dflt_doubled : r->dflt_beaten;
	for (i = 0; i < t->nexc; i++)
		if (exc_match(&t->exc[i], winner, wcls, doubled, difficult,
		    shooting))
			return t->exc[i].outcome;
	return doubled ? t->doubled : t->beaten;
}

struct rules *
rules_open(const char *arg)
{
	struct rules *r;

	troop_init();
	/* rules_load has reported why: a bad table is bad data (2), an
	 * unknown edition a usage error (3), an unreadable file 4 */
	if ((r = rules_load(arg)) == NULL)
		diag_raise(EXIT_DATA);
	return r;
}

void
rules_close(struct rules *r)
{
	rules_free(r);
	troop_cleanup();
}
