/* Rules tables: the embedded dba1 table or a user's file, into a struct. */
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

static void
bad(struct ld *l, xmlNodePtr n, const char *what, const char *v)
{
	diag_at(l->file, 1, xmlGetLineNo(n), 0, "%s '%s'", what,
	    v != NULL ? v : "");
	l->bad = 1;
}

/* Troop id of a code attribute, or -1 (reported). */
static int
code_attr(struct ld *l, xmlNodePtr n, const char *attr)
{
	char *v = xmlio_attr(n, attr);
	const struct troop *t = v != NULL ? troop_by_code(v) : NULL;
	int id = -1;

	if (t == NULL || t->id >= RULES_MAXTROOPS)
		bad(l, n, "unknown troop code", v);
	else
		id = t->id;
	xmlFree(v);
	return id;
}

static long
num_attr(xmlNodePtr n, const char *attr, long dflt)
{
	char *v = xmlio_attr(n, attr);
	long x = dflt;

	if (v != NULL && num_longs(v, -1000000, 1000000, &x) < 0)
		x = dflt;
	xmlFree(v);
	return x;
}

/* Apply fn to every code of a blank-separated list attribute. */
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
			bad(l, n, "unknown troop code", p);
	}
	xmlFree(v);
}

static void
load_factors(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	int id;

	for (n = sec->children; n != NULL; n = n->next) {
		if (!is(n, "troop") || (id = code_attr(l, n, "code")) < 0)
			continue;
		l->r->t[id].known = true;
		l->r->t[id].factor[CLASS_FOOT] = (int)num_attr(n, "vs-foot", 0);
		l->r->t[id].factor[CLASS_MOUNTED] =
		    (int)num_attr(n, "vs-mounted", 0);
	}
}

static void
load_support(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	uint64_t ids;
	int id;

	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "cancel-contact")) {
			ids = 0;
			codes_attr(l, n, "troops", &ids, NULL);
			for (id = 0; id < RULES_MAXTROOPS; id++)
				if (ids & ((uint64_t)1 << id))
					l->r->t[id].cancels_support = true;
			continue;
		}
		if (!(is(n, "rear") || is(n, "psiloi")) ||
		    (id = code_attr(l, n, "troop")) < 0)
			continue;
		if (is(n, "rear")) {
			l->r->t[id].has_rear = true;
			l->r->t[id].rear = (int)num_attr(n, "value", 0);
		} else {
			l->r->t[id].has_psiloi = true;
			l->r->t[id].psiloi = (int)num_attr(n, "value", 0);
		}
	}
}

static void
load_tactical(struct ld *l, xmlNodePtr sec)
{
	static const char *const names[] = { "camp", "general", "uphill",
	    "riverbank", "overlap", "flank", "rear", "shooters" };
	xmlNodePtr n;
	char *reason, *applies, *rolls, *p, *save = NULL;
	unsigned cls;
	uint64_t ids;
	int i, k;

	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "limit")) {
			l->r->limit_overlap_flank = (int)num_attr(n, "value", 2);
			continue;
		}
		if (!is(n, "factor"))
			continue;
		reason = xmlio_attr(n, "reason");
		applies = xmlio_attr(n, "applies");
		cls = applies == NULL ? 3u : strcmp(applies, "foot") == 0 ?
		    1u << CLASS_FOOT : 1u << CLASS_MOUNTED;
		k = -1;
		for (i = 0; i < 8; i++)
			if (reason != NULL && strcmp(reason, names[i]) == 0)
				k = i;
		if (reason != NULL && strcmp(reason, "difficult") == 0) {
			if (cls & (1u << CLASS_FOOT)) {
				ids = 0;
				codes_attr(l, n, "except", &ids, NULL);
				for (i = 0; i < RULES_MAXTROOPS; i++)
					if (ids & ((uint64_t)1 << i))
						l->r->t[i].diff_exempt = true;
				l->r->tf[TF_DIFF_FOOT] =
				    (int)num_attr(n, "value", 0);
			}
			if (cls & (1u << CLASS_MOUNTED))
				l->r->tf[TF_DIFF_MOUNTED] =
				    (int)num_attr(n, "value", 0);
		} else if (k >= 0) {
			l->r->tf[k] = (int)num_attr(n, "value", 0);
			l->r->tf_applies[k] = cls;
		}
		if ((rolls = xmlio_attr(n, "river-rolls")) != NULL) {
			l->r->river_rolls = 0;
			for (p = strtok_r(rolls, " \t\n", &save); p != NULL;
			    p = strtok_r(NULL, " \t\n", &save))
				l->r->river_rolls |= 1u << (atoi(p) & 7);
		}
		xmlFree(rolls);
		xmlFree(reason);
		xmlFree(applies);
	}
}

static void
load_shooting(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	int id;

	for (n = sec->children; n != NULL; n = n->next)
		if (is(n, "shooter") && (id = code_attr(l, n, "troop")) >= 0) {
			l->r->t[id].shooter = true;
			l->r->t[id].range = num_attr(n, "range", 0);
		}
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

static void
load_loser(struct ld *l, xmlNodePtr row, int id)
{
	struct rules_troop *t = &l->r->t[id];
	struct rules_exc *e;
	size_t cap = 0;
	xmlNodePtr n;
	char *v;

	t->has_outcome = true;
	v = xmlio_attr(row, "beaten");
	t->beaten = outcome_parse(v);
	xmlFree(v);
	v = xmlio_attr(row, "doubled");
	t->doubled = outcome_parse(v);
	xmlFree(v);
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
		v = xmlio_attr(n, "outcome");
		e->outcome = outcome_parse(v);
		xmlFree(v);
	}
}

static void
load_outcomes(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	int id;

	for (n = sec->children; n != NULL; n = n->next)
		if (is(n, "loser") && (id = code_attr(l, n, "troop")) >= 0)
			load_loser(l, n, id);
}

static void
load_movement(struct ld *l, xmlNodePtr sec)
{
	struct rules_troop *t;
	xmlNodePtr n;
	int id;

	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "river-crossing"))
			l->r->river_crossing = num_attr(n, "paces", 100);
		if (is(n, "road-bonus"))
			l->r->road_bonus = num_attr(n, "per-pip", 100);
		if (!is(n, "move") || (id = code_attr(l, n, "troop")) < 0)
			continue;
		t = &l->r->t[id];
		t->has_move = true;
		t->move_good = num_attr(n, "good", 0);
		t->move_difficult = num_attr(n, "difficult", 0);
		t->move_road = num_attr(n, "road", 0);
		t->contact = choice_attr(n, "contact", "no", "yes") != 0;
	}
}

static void
load_pips(struct ld *l, xmlNodePtr sec)
{
	xmlNodePtr n;
	char *v;

	l->r->pip_die = (int)num_attr(sec, "die", 6);
	for (n = sec->children; n != NULL; n = n->next) {
		if (is(n, "cost"))
			l->r->pip_base = (int)num_attr(n, "base", 1);
		if (!is(n, "surcharge"))
			continue;
		v = xmlio_attr(n, "reason");
		if (v != NULL && strcmp(v, "elephants") == 0)
			l->r->pip_elephants = (int)num_attr(n, "value", 1);
		else {
			l->r->pip_command = (int)num_attr(n, "value", 1);
			l->r->pip_far = num_attr(n, "far", 1200);
			l->r->pip_out_of_sight = num_attr(n, "out-of-sight",
			    600);
		}
		xmlFree(v);
	}
}

static void
load_army(struct ld *l, xmlNodePtr sec)
{
	l->r->army_elements = num_attr(sec, "elements", 12);
	l->r->army_generals = num_attr(sec, "generals", 1);
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
		{ "tactical", load_tactical }, { "shooting", load_shooting },
		{ "outcomes", load_outcomes }, { "movement", load_movement },
		{ "pips", load_pips },
		{ "army", load_army },
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
			diag_at(arg, 1, 0, 0, "not a valid rules table");
			xmlFreeDoc(doc);
			doc = NULL;
		}
	}
	if (doc == NULL)
		return NULL;
	l.r = xcalloc(1, sizeof *l.r);
	l.r->limit_overlap_flank = 2;
	l.r->army_elements = 12;
	l.r->army_generals = 1;
	root = xmlDocGetRootElement(doc);
	ed = xmlio_attr(root, "edition");
	snprintf(l.r->edition, sizeof l.r->edition, "%s", ed ? ed : "dba1");
	xmlFree(ed);
	for (n = root->children; n != NULL; n = n->next)
		for (i = 0; i < sizeof secs / sizeof secs[0]; i++)
			if (is(n, secs[i].name))
				secs[i].fn(&l, n);
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
		return doubled ? OUT_DESTROYED : OUT_RECOIL;
	for (i = 0; i < t->nexc; i++)
		if (exc_match(&t->exc[i], winner, wcls, doubled, difficult,
		    shooting))
			return t->exc[i].outcome;
	return doubled ? t->doubled : t->beaten;
}
