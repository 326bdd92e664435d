/* Catastrophe and Glory tables: XML to structs, schema-checked. */
#include <stdlib.h>
#include <string.h>

#include "campaign/campaigntab.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#include "gen/catastrophe_xml.h"
#include "gen/catastrophe-table_rng.h"
#include "gen/glory-table_rng.h"
#include "gen/survival-table_rng.h"
#include "gen/survival-table_xml.h"

struct embedded {
	const unsigned char *buf;
	unsigned int len;
	const char *name;
};

static xmlDocPtr
load_doc(const char *path, const struct embedded *em,
    const unsigned char *rng, unsigned int rnglen, const char *rngname)
{
	xmlRelaxNGPtr schema;
	xmlRelaxNGValidCtxtPtr vc;
	xmlDocPtr doc;
	int rc;

	if (path != NULL)
		doc = xmlio_parse_file(path);
	else if (em != NULL)
		doc = xmlio_parse_mem((const char *)em->buf, em->len,
		    em->name);
	else
		doc = NULL;
	if (doc == NULL) {
		diag_raise(EXIT_DATA);
		return NULL;
	}
	schema = xmlio_schema(rng, rnglen, rngname);
	if (schema == NULL) {
		xmlFreeDoc(doc);
		return NULL;
	}
	vc = xmlRelaxNGNewValidCtxt(schema);
	rc = vc == NULL ? -1 : xmlRelaxNGValidateDoc(vc, doc);
	if (vc != NULL)
		xmlRelaxNGFreeValidCtxt(vc);
	if (rc != 0) {
		diag_at(path != NULL ? path : em != NULL ? em->name : "-", 1,
		    0, 0, "table does not match the schema %s", rngname);
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

static int
attr_int(xmlNodePtr n, const char *name, int def, bool *has)
{
	char *v = xmlio_attr(n, name);
	long l = def;

	if (has != NULL)
		*has = v != NULL;
	if (v != NULL)
		(void)num_longs(v, -100000, 100000, &l);
	xmlFree(v);
	return (int)l;
}

static bool
attr_is(xmlNodePtr n, const char *name, const char *val)
{
	char *v = xmlio_attr(n, name);
	bool r = v != NULL && strcmp(v, val) == 0;

	xmlFree(v);
	return r;
}

static char *
attr_dup(xmlNodePtr n, const char *name)
{
	char *v = xmlio_attr(n, name), *r;

	r = xstrdup(v != NULL ? v : "");
	xmlFree(v);
	return r;
}

/* <text lang="..."> children; a missing language falls back to en. */
static void
load_texts(xmlNodePtr row, char **text)
{
	static const char *const codes[LANG_N] = { "en", "de", "ru" };
	xmlNodePtr c;
	char *l, *s;
	int i;

	for (c = row->children; c != NULL; c = c->next) {
		if (c->type != XML_ELEMENT_NODE ||
		    strcmp((const char *)c->name, "text") != 0)
			continue;
		l = xmlio_attr(c, "lang");
		for (i = 0; i < LANG_N; i++)
			if (l != NULL && strcmp(l, codes[i]) == 0 &&
			    text[i] == NULL) {
				s = xmlio_text(c);
				text[i] = xstrdup(s);
				xmlFree(s);
			}
		xmlFree(l);
	}
	for (i = 0; i < LANG_N; i++)
		if (text[i] == NULL)
			text[i] = xstrdup(text[LANG_EN] != NULL ?
			    text[LANG_EN] : "");
}

static void
free_texts(char **text)
{
	int i;

	for (i = 0; i < LANG_N; i++) {
		free(text[i]);
		text[i] = NULL;
	}
}

static void
load_row(struct cat_row *r, xmlNodePtr n)
{
	memset(r, 0, sizeof *r);
	r->min = attr_int(n, "min", 0, NULL);
	r->max = attr_int(n, "max", 0, NULL);
	r->event = attr_dup(n, "event");
	r->strategy = attr_int(n, "strategy", 0, NULL);
	r->halved = attr_is(n, "strategy-halved", "yes");
	r->morale_all = attr_int(n, "morale-all", 0, NULL);
	r->morale_unit = attr_int(n, "morale-unit", 0, NULL);
	r->morale_roll = attr_is(n, "morale-roll", "yes");
	r->enemy_ts_pct = attr_int(n, "enemy-ts-percent", 0, NULL);
	r->recalc_ts = attr_is(n, "recalculate-ts", "yes");
	r->leader = attr_is(n, "leader", "unit") ? CAT_UNIT :
	    attr_is(n, "leader", "commander") ? CAT_COMMANDER : CAT_NOBODY;
	r->fate = attr_is(n, "leader-fate", "wounded") ? FATE_WOUNDED :
	    attr_is(n, "leader-fate", "killed") ? FATE_KILLED : FATE_NONE;
	r->damage_dice = attr_int(n, "damage-dice", 0, NULL);
	load_texts(n, r->text);
}

/* Every roll 3-18 in exactly one row. */
static int
check_cover(struct cat_table *t, const char *file)
{
	size_t i;
	int r, bad = 0;

	for (r = 0; r <= CAT_MAX; r++)
		t->map[r] = -1;
	for (i = 0; i < t->nrows; i++) {
		if (t->rows[i].min > t->rows[i].max) {
			diag_at(file, 1, 0, 0, "row '%s' has min %d above "
			    "max %d", t->rows[i].event, t->rows[i].min,
			    t->rows[i].max);
			bad = 1;
		}
		for (r = t->rows[i].min; r <= t->rows[i].max; r++) {
			if (t->map[r] >= 0) {
				diag_at(file, 1, 0, 0, "roll %d is in two "
				    "rows ('%s' and '%s')", r,
				    t->rows[t->map[r]].event,
				    t->rows[i].event);
				bad = 1;
			}
			t->map[r] = (int)i;
		}
	}
	for (r = CAT_MIN; r <= CAT_MAX; r++)
		if (t->map[r] < 0) {
			diag_at(file, 1, 0, 0, "roll %d is in no row", r);
			bad = 1;
		}
	return bad ? -1 : 0;
}

int
cat_table_load(struct cat_table *t, const char *path)
{
	const char *file = path != NULL ? path : "catastrophe.xml";
	xmlDocPtr doc;
	xmlNodePtr root, n;

	memset(t, 0, sizeof *t);
	static const struct embedded em = { catastrophe_xml,
	    sizeof catastrophe_xml, "catastrophe.xml" };

	doc = load_doc(path, &em, catastrophe_table_rng,
	    catastrophe_table_rng_len, "catastrophe-table.rng");
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	t->leader_pct = attr_int(root, "leader-percent", 20, NULL);
	t->power_points = attr_int(root, "power-points", 2, NULL);
	for (n = root->children; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		t->rows = xreallocarray(t->rows, t->nrows + 1,
		    sizeof *t->rows);
		load_row(&t->rows[t->nrows++], n);
	}
	xmlFreeDoc(doc);
	if (check_cover(t, file) < 0) {
		cat_table_free(t);
		diag_raise(EXIT_DATA);
		return -1;
	}
	return 0;
}

int
glory_table_load(struct glory_table *g, const char *path)
{
	struct glory_row *r;
	xmlDocPtr doc;
	xmlNodePtr n;

	memset(g, 0, sizeof *g);
	doc = load_doc(path, NULL, glory_table_rng, glory_table_rng_len,
	    "glory-table.rng");
	if (doc == NULL)
		return -1;
	for (n = xmlDocGetRootElement(doc)->children; n != NULL;
	    n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		g->rows = xreallocarray(g->rows, g->n + 1, sizeof *g->rows);
		r = &g->rows[g->n++];
		memset(r, 0, sizeof *r);
		r->min = attr_int(n, "min", 0, &r->has_min);
		r->max = attr_int(n, "max", 0, &r->has_max);
		r->rep = attr_int(n, "reputation", 0, &r->has_rep);
		r->strategy = attr_int(n, "strategy", 0, &r->has_strategy);
		r->crit = attr_is(n, "critical", "success") ? CRIT_SUCCESS :
		    attr_is(n, "critical", "failure") ? CRIT_FAILURE :
		    CRIT_NO;
		r->result = attr_dup(n, "result");
		load_texts(n, r->text);
	}
	xmlFreeDoc(doc);
	return 0;
}

const struct glory_row *
glory_match(const struct glory_table *g, int margin, enum surv_crit crit)
{
	const struct glory_row *r;
	size_t i;

	for (i = 0; i < g->n; i++) {
		r = &g->rows[i];
		if (r->crit != CRIT_NO) {
			if (r->crit == crit)
				return r;
			continue;
		}
		if ((!r->has_min || margin >= r->min) &&
		    (!r->has_max || margin <= r->max))
			return r;
	}
	return NULL;
}

void
glory_table_free(struct glory_table *g)
{
	size_t i;
	int l;

	for (i = 0; i < g->n; i++) {
		free(g->rows[i].result);
		for (l = 0; l < LANG_N; l++)
			free(g->rows[i].text[l]);
	}
	free(g->rows);
	g->rows = NULL;
	g->n = 0;
}

static bool
is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

static void
load_band(struct surv_table *t, xmlNodePtr n, const char *file, int *bad)
{
	static const char *const cols = "ABCD";
	xmlNodePtr c;
	char *name;
	int b = t->nbands, seen = 0, k;

	if (b == SURV_BANDS) {
		diag_at(file, 1, 0, 0, "more than %d damage rows", SURV_BANDS);
		*bad = 1;
		return;
	}
	t->nbands++;
	t->band[b].tl_min = attr_int(n, "tl-min", 0, NULL);
	t->band[b].tl_max = attr_int(n, "tl-max", 0, NULL);
	t->band[b].drdiv = attr_int(n, "dr-divisor", 1, NULL);
	for (c = n->children; c != NULL; c = c->next) {
		if (!is(c, "column"))
			continue;
		name = xmlio_attr(c, "name");
		k = (int)(strchr(cols, name[0]) - cols);
		xmlFree(name);
		seen |= 1 << k;
		t->band[b].col[k].hits = attr_int(c, "hits", 1, NULL);
		t->band[b].col[k].tl_mul = attr_int(c, "dice-tl", 0, NULL);
		t->band[b].col[k].tl_div = attr_int(c, "dice-tl-div", 1, NULL);
		t->band[b].col[k].dice = attr_int(c, "dice", 0, NULL);
		t->band[b].col[k].adds = attr_int(c, "adds", 0, NULL);
	}
	if (seen != 15) {
		diag_at(file, 1, xmlGetLineNo(n), 0, "damage row for TL %d-%d "
		    "lacks a column", t->band[b].tl_min, t->band[b].tl_max);
		*bad = 1;
	}
}

static void
load_surv_node(struct surv_table *t, xmlNodePtr n, const char *file,
    int *bad)
{
	char *v;
	int i, lo, hi;

	if (is(n, "risk")) {
		t->risk_min = attr_int(n, "min", -6, NULL);
		t->risk_max = attr_int(n, "max", 6, NULL);
	} else if (is(n, "risk-limit")) {
		v = xmlio_attr(n, "trait");
		for (i = 0; i < TRAIT_N; i++)
			if (strcmp(v, surv_trait_name(i)) == 0) {
				t->lo[i] = attr_int(n, "min", 0, &t->has_lo[i]);
				t->hi[i] = attr_int(n, "max", 0, &t->has_hi[i]);
			}
		xmlFree(v);
	} else if (is(n, "result")) {
		v = xmlio_attr(n, "name");
		for (i = 0; i < RES_N; i++)
			if (strcmp(v, surv_result_name(i)) == 0) {
				t->min[i] = attr_int(n, "min", 0, &t->has_min[i]);
				t->max[i] = attr_int(n, "max", 0, &t->has_max[i]);
				t->hp[i] = attr_int(n, "hp", 0, NULL);
				free_texts(t->res_text[i]);
				load_texts(n, t->res_text[i]);
			}
		xmlFree(v);
	} else if (is(n, "damage")) {
		load_band(t, n, file, bad);
	} else if (is(n, "location")) {
		lo = attr_int(n, "min", 0, NULL);
		hi = attr_int(n, "max", 0, NULL);
		for (i = lo < 3 ? 3 : lo; i <= hi && i <= 18; i++) {
			free(t->loc[i]);
			t->loc[i] = attr_dup(n, "name");
			free_texts(t->loc_text[i]);
			load_texts(n, t->loc_text[i]);
		}
	}
}

int
surv_table_load(struct surv_table *t)
{
	static const struct embedded em = { survival_table_xml,
	    sizeof survival_table_xml, "survival-table.xml" };
	xmlDocPtr doc;
	xmlNodePtr root, n;
	int bad = 0;

	memset(t, 0, sizeof *t);
	doc = load_doc(NULL, &em, survival_table_rng,
	    sizeof survival_table_rng, "survival-table.rng");
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	t->cap = attr_int(root, "cap", 16, NULL);
	for (n = root->children; n != NULL; n = n->next)
		load_surv_node(t, n, em.name, &bad);
	xmlFreeDoc(doc);
	if (bad) {
		surv_table_free(t);
		diag_raise(EXIT_DATA);
		return -1;
	}
	return 0;
}

void
surv_table_free(struct surv_table *t)
{
	int i;

	for (i = 0; i < 19; i++) {
		free(t->loc[i]);
		t->loc[i] = NULL;
		free_texts(t->loc_text[i]);
	}
	for (i = 0; i < RES_N; i++)
		free_texts(t->res_text[i]);
}
