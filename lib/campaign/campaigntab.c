/* The campaign tables, XML to structs, schema-checked: the one reader of
 * the Catastrophe table (the built-in one at build time, or a user's),
 * the Survival table (at build time) and a user's Glory table. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaigntab.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#include "gen/catastrophe-table_rng.h"
#include "gen/glory-table_rng.h"
#include "gen/survival-table_rng.h"

static int camptab_validate(xmlDocPtr doc, const unsigned char *rng,
    unsigned int rnglen, const char *rngname);

static xmlDocPtr
load_doc(const char *path, const unsigned char *rng, unsigned int rnglen,
    const char *rngname)
{
	xmlDocPtr doc;
	int rc;

	if ((doc = xmlio_parse_file(path)) == NULL) {
		diag_raise(EXIT_DATA);
		return NULL;
	}
	rc = camptab_validate(doc, rng, rnglen, rngname);
	if (rc == 0)
		DIAG_AT(CAMP_TABLE_SCHEMA, path, 0, 0, rngname);
	if (rc != 1) {
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

static int
camptab_validate(xmlDocPtr doc, const unsigned char *rng,
    unsigned int rnglen, const char *rngname)
{
	xmlRelaxNGPtr schema;

	schema = xmlio_schema(rng, rnglen, rngname);
	if (schema == NULL)
		return -1;
	return xmlio_validate_doc(schema, doc, true) == 0;
}

/* What a table read as a stream hands on: the root element (its
 * attributes; NULL: nothing), then each child of it, expanded, in
 * order, with its line (exact past 65535 too). */
struct tab_cb {
	void (*root)(void *ud, xmlNodePtr n);
	void (*row)(void *ud, xmlNodePtr n, long line);
	void *ud;
};

/* The table of path read as a stream and validated as it goes, one row
 * at a time (a table of any length in the memory of one row): cb has
 * the rows up to the first error the schema reports (a row whose own
 * error comes after it was handed on is one too: the load fails all the
 * same); cb's own errors are its caller's to weigh.  0, or -1 with
 * the errors reported (status 2, or 4 for a file that cannot be
 * read). */
static int
load_stream(const char *path, const unsigned char *rng,
    unsigned int rnglen, const char *rngname, const struct tab_cb *cb)
{
	xmlRelaxNGPtr schema;
	struct input in;
	xmlTextReaderPtr r;
	xmlNodePtr n;
	long mark, own = 0, e, hint = 0;
	int rc, valid, type;

	if ((schema = xmlio_schema(rng, rnglen, rngname)) == NULL)
		return -1;
	if (input_open(&in, path) < 0) {
		diag_raise(EXIT_DATA);
		return -1;
	}
	if ((r = xmlio_reader(&in)) == NULL) {
		input_close(&in);
		diag_raise(EXIT_DATA);
		return -1;
	}
	xmlio_reader_schema(r, schema);
	mark = diag_file_errors();
	rc = xmlio_read(r, path);
	while (rc == 1) {
		type = xmlTextReaderNodeType(r);
		/* past line 65535 the blank before a row ends on its line */
		if ((type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE ||
		    type == XML_READER_TYPE_WHITESPACE) &&
		    xmlTextReaderDepth(r) == 1)
			hint = xmlio_line(r);
		else if (type != XML_READER_TYPE_ELEMENT)
			hint = 0;
		if (type != XML_READER_TYPE_ELEMENT ||
		    xmlTextReaderDepth(r) > 1) {
			rc = xmlio_read(r, path);
			continue;
		}
		if (xmlTextReaderDepth(r) == 0) {
			if (cb->root != NULL && diag_file_errors() == mark) {
				e = diag_file_errors();
				cb->root(cb->ud, xmlTextReaderCurrentNode(r));
				own += diag_file_errors() - e;
			}
			rc = xmlio_read(r, path);
			continue;
		}
		if ((n = xmlio_expand(r, path)) == NULL) {
			rc = -1;
			break;
		}
		/* after the schema's first word, the rest is only checked */
		if (diag_file_errors() - own == mark &&
		    !xmlio_reader_lost()) {
			e = diag_file_errors();
			cb->row(cb->ud, n, xmlio_node_line(n, hint));
			own += diag_file_errors() - e;
		}
		hint = 0;
		rc = xmlio_next(r, path);
	}
	/* the C checks of the schema's facets report, but leave the
	 * reader's verdict as it was */
	valid = xmlTextReaderIsValid(r) == 1 &&
	    diag_file_errors() - own == mark;
	xmlFreeTextReader(r);
	input_close(&in);
	if (rc == 0 && !valid)
		DIAG_AT(CAMP_TABLE_SCHEMA, path, 0, 0, rngname);
	if (rc != 0 || !valid) {
		diag_raise(EXIT_DATA);
		return -1;
	}
	return 0;
}

/* A table being read: its name for messages, whether a value was bad. */
struct tab {
	const char *file;
	bool bad;
};

/* A number attribute (def when absent); an unreadable one is an error. */
static int
attr_int(struct tab *tb, xmlNodePtr n, const char *name, int def, bool *has)
{
	char *v = xmlio_attr(n, name);
	long l = def;

	if (has != NULL)
		*has = v != NULL;
	if (v != NULL && num_longs(v, -100000, 100000, &l) < 0) {
		DIAG_AT(CAMP_TABLE_NUMBER, tb->file, xmlGetLineNo(n), 0, v,
		    name);
		tb->bad = true;
		l = def;
	}
	xmlFree(v);
	return (int)l;
}

/* Index of the attribute's value in names (NULL holes), else 0. */
static int
attr_pick(xmlNodePtr n, const char *name, const char *const *names,
    int count)
{
	char *v = xmlio_attr(n, name);
	int i, r = 0;

	for (i = 0; v != NULL && i < count; i++)
		if (names[i] != NULL && strcmp(v, names[i]) == 0)
			r = i;
	xmlFree(v);
	return r;
}

static bool
attr_yes(xmlNodePtr n, const char *name)
{
	static const char *const yes[] = { NULL, "yes" };

	return attr_pick(n, name, yes, 2) == 1;
}

static char *
attr_dup(xmlNodePtr n, const char *name)
{
	char *v = xmlio_attr(n, name), *r;

	r = xstrdup(v != NULL ? v : "");
	xmlFree(v);
	return r;
}

static bool
is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

/* <text lang="..."> children; a missing language falls back to en. */
static void
load_texts(xmlNodePtr row, char **text)
{
	xmlNodePtr c;
	char *l, *s;
	int i;

	for (c = row->children; c != NULL; c = c->next) {
		if (!is(c, "text"))
			continue;
		l = xmlio_attr(c, "lang");
		for (i = 0; i < LANG_N; i++)
			if (l != NULL && strcmp(l, lang_code(i)) == 0 &&
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
load_row(struct tab *tb, struct cat_row *r, xmlNodePtr n)
{
	static const char *const leaders[] = { [CAT_UNIT] = "unit",
	    [CAT_COMMANDER] = "commander" };
	static const char *const fates[] = { [FATE_WOUNDED] = "wounded",
	    [FATE_KILLED] = "killed" };

	memset(r, 0, sizeof *r);
	r->min = attr_int(tb, n, "min", 0, NULL);
	r->max = attr_int(tb, n, "max", 0, NULL);
	r->event = attr_dup(n, "event");
	r->strategy = attr_int(tb, n, "strategy", 0, NULL);
	r->halved = attr_yes(n, "strategy-halved");
	r->morale_all = attr_int(tb, n, "morale-all", 0, NULL);
	r->morale_unit = attr_int(tb, n, "morale-unit", 0, NULL);
	r->morale_roll = attr_yes(n, "morale-roll");
	r->morale_fail = attr_int(tb, n, "morale-fail", 0, NULL);
	r->morale_success = attr_int(tb, n, "morale-success", 0, NULL);
	r->enemy_ts_pct = attr_int(tb, n, "enemy-ts-percent", 0, NULL);
	r->recalc_ts = attr_yes(n, "recalculate-ts");
	r->leader = (enum cat_leader)attr_pick(n, "leader", leaders,
	    (int)(sizeof leaders / sizeof leaders[0]));
	r->fate = (enum cat_fate)attr_pick(n, "leader-fate", fates,
	    (int)(sizeof fates / sizeof fates[0]));
	r->damage_dice = attr_int(tb, n, "damage-dice", 0, NULL);
	load_texts(n, r->text);
}

/* Every roll of the dice in exactly one row, no row beyond them. */
static int
check_cover(struct cat_table *t, const char *file)
{
	int lo = roll_lo(&t->dice), hi = roll_hi(&t->dice), r, bad = 0;
	const struct cat_row *w;
	size_t i;

	for (r = 0; r <= ROLL_MAX; r++)
		t->map[r] = -1;
	for (i = 0; i < t->nrows; i++) {
		w = &t->rows[i];
		if (w->min > w->max) {
			DIAG_AT(CAMP_ROW_MIN_MAX, file, 0, 0, w->event, w->min,
			    w->max);
			bad = 1;
		} else if (w->min < lo || w->max > hi) {
			DIAG_AT(CAMP_ROW_OUTSIDE, file, 0, 0, w->event, lo, hi);
			bad = 1;
		}
		for (r = w->min < lo ? lo : w->min; r <= w->max && r <= hi;
		    r++) {
			if (t->map[r] >= 0) {
				DIAG_AT(CAMP_ROLL_TWICE, file, 0, 0, r,
				    t->rows[t->map[r]].event, w->event);
				bad = 1;
			}
			t->map[r] = (int)i;
		}
	}
	for (r = lo; r <= hi; r++)
		if (t->map[r] < 0) {
			DIAG_AT(CAMP_ROLL_NO_ROW, file, 0, 0, r);
			bad = 1;
		}
	return bad ? -1 : 0;
}

/* A Catastrophe table being read: the numbers it leaves out are def's.
 * Every roll is in one row at most, so a table of more rows than rolls
 * is wrong: rows past ROLL_MAX + 1 are not kept. */
struct cat_load {
	struct tab tb;
	struct cat_table *t;
	const struct cat_table *def;
	bool over;               /* past ROLL_MAX + 1 rows */
};

/* The numbers on the table element. */
static void
cat_root(void *ud, xmlNodePtr root)
{
	struct cat_load *cl = ud;
	struct cat_table *t = cl->t;
	const struct cat_table *def = cl->def;
	struct tab *tb = &cl->tb;

	t->dice.n = attr_int(tb, root, "dice", def->dice.n, NULL);
	t->dice.sides = attr_int(tb, root, "sides", def->dice.sides, NULL);
	t->damage_sides = attr_int(tb, root, "damage-sides",
	    def->damage_sides, NULL);
	t->leader_pct = attr_int(tb, root, "leader-percent", def->leader_pct,
	    NULL);
	t->power_points = attr_int(tb, root, "power-points",
	    def->power_points, NULL);
}

static void
cat_row(void *ud, xmlNodePtr n, long line)
{
	struct cat_load *cl = ud;
	struct cat_table *t = cl->t;

	if (t->nrows == ROLL_MAX + 1) {
		if (!cl->over)
			DIAG_AT(CAMP_TOO_MANY_ROWS, cl->tb.file, line, 0,
			    ROLL_MAX + 1, "catastrophe");
		cl->over = cl->tb.bad = true;
		return;
	}
	t->rows = xgrow(t->rows, &t->caprows, t->nrows + 1, sizeof *t->rows);
	load_row(&cl->tb, &t->rows[t->nrows++], n);
}

/* The table of path, the numbers it leaves out def's. */
static int
cat_load(struct cat_table *t, const char *path, const struct cat_table *def)
{
	struct cat_load cl;
	const struct tab_cb cb = { cat_root, cat_row, &cl };

	memset(t, 0, sizeof *t);
	cl.tb.file = path;
	cl.tb.bad = false;
	cl.t = t;
	cl.def = def;
	cl.over = false;
	if (load_stream(path, catastrophe_table_rng,
	    catastrophe_table_rng_len, "catastrophe-table.rng", &cb) < 0) {
		cat_table_free(t);
		return -1;
	}
	if (cl.tb.bad || check_cover(t, path) < 0) {
		cat_table_free(t);
		diag_raise(EXIT_DATA);
		return -1;
	}
	return 0;
}

int
cat_table_load(struct cat_table *t, const char *path)
{
	if (path != NULL)
		return cat_load(t, path, &cat_builtin);
	if (cat_builtin.nrows == 0) {
		diag_msg(EXIT_SYS, "internal error: no Catastrophe table");
		return -1;
	}
	*t = cat_builtin;          /* its rows are the compiled table's */
	return 0;
}

int
cat_table_load_xml(struct cat_table *t, const char *path)
{
	static const struct cat_table none;

	return cat_load(t, path, &none);
}

void
cat_table_free(struct cat_table *t)
{
	size_t i;

	if (t->rows != cat_builtin.rows) {
		for (i = 0; i < t->nrows; i++) {
			free(t->rows[i].event);
			free_texts(t->rows[i].text);
		}
		free(t->rows);
	}
	t->rows = NULL;
	t->nrows = 0;
}

/* The margins a Glory row can tell apart: every bound is within
 * -GLORY_M..GLORY_M-1 (glory-table.rng), so a margin beyond answers as
 * -GLORY_M or GLORY_M does. */
#define GLORY_M 100

/* A Glory table being read.  Only the first row matching a roll counts
 * (glory_match), so a row is kept only when it is the first for some
 * margin and critical result (hit[crit][margin + GLORY_M]): at most
 * 3 * (2 * GLORY_M + 1) rows, whatever the table's length. */
struct glory_load {
	struct tab tb;
	struct glory_table *g;
	bool hit[3][2 * GLORY_M + 1];
	int open;                /* of hit, the false ones */
	size_t dead;             /* rows no roll comes to */
	long dead_line;          /* the first of them */
	char *dead_name;
};

static int
glory_clamp(int v)
{
	return v < -GLORY_M ? -GLORY_M : v > GLORY_M ? GLORY_M : v;
}

/* Mark what r is the first row for: false when it is first for none. */
static bool
glory_live(struct glory_load *gl, const struct glory_row *r)
{
	int lo = r->has_min ? glory_clamp(r->min) : -GLORY_M;
	int hi = r->has_max ? glory_clamp(r->max) : GLORY_M;
	int c, m;
	bool live = false;

	if (gl->open == 0)
		return false;
	if (r->crit != CRIT_NO)
		lo = -GLORY_M, hi = GLORY_M;
	for (c = 0; c < 3; c++) {
		if (r->crit != CRIT_NO && c != (int)r->crit)
			continue;
		for (m = lo; m <= hi; m++)
			if (!gl->hit[c][m + GLORY_M]) {
				gl->hit[c][m + GLORY_M] = true;
				gl->open--;
				live = true;
			}
	}
	return live;
}

static void
glory_row(void *ud, xmlNodePtr n, long line)
{
	static const char *const crits[] = { [CRIT_SUCCESS] = "success",
	    [CRIT_FAILURE] = "failure" };
	struct glory_load *gl = ud;
	struct glory_table *g = gl->g;
	struct glory_row *r;

	g->rows = xgrow(g->rows, &g->cap, g->n + 1, sizeof *g->rows);
	r = &g->rows[g->n];
	memset(r, 0, sizeof *r);
	r->min = attr_int(&gl->tb, n, "min", 0, &r->has_min);
	r->max = attr_int(&gl->tb, n, "max", 0, &r->has_max);
	r->rep = attr_int(&gl->tb, n, "reputation", 0, &r->has_rep);
	r->strategy = attr_int(&gl->tb, n, "strategy", 0, &r->has_strategy);
	r->crit = (enum surv_crit)attr_pick(n, "critical", crits,
	    (int)(sizeof crits / sizeof crits[0]));
	if (!glory_live(gl, r)) {
		if (gl->dead++ == 0) {
			gl->dead_line = line;
			gl->dead_name = attr_dup(n, "result");
		}
		return;
	}
	r->result = attr_dup(n, "result");
	load_texts(n, r->text);
	g->n++;
}

int
glory_table_load(struct glory_table *g, const char *path)
{
	struct glory_load gl;
	const struct tab_cb cb = { NULL, glory_row, &gl };
	int rc;

	memset(g, 0, sizeof *g);
	memset(&gl, 0, sizeof gl);
	gl.tb.file = path;
	gl.g = g;
	gl.open = 3 * (2 * GLORY_M + 1);
	rc = load_stream(path, glory_table_rng, glory_table_rng_len,
	    "glory-table.rng", &cb);
	if (rc == 0 && gl.tb.bad) {
		diag_raise(EXIT_DATA);
		rc = -1;
	}
	if (rc == 0 && gl.dead > 0)
		DIAG_AT(CAMP_GLORY_NEVER, path, gl.dead_line, 0, gl.dead_name,
		    gl.dead == 2 ? " (and 1 more row after it)" : gl.dead > 2 ?
		    diag_tail(" (and %zu more rows after it)", gl.dead - 1) :
		    "");
	free(gl.dead_name);
	if (rc < 0)
		glory_table_free(g);
	return rc;
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

	for (i = 0; i < g->n; i++) {
		free(g->rows[i].result);
		free_texts(g->rows[i].text);
	}
	free(g->rows);
	g->rows = NULL;
	g->n = 0;
}

static void
load_band(struct tab *tb, struct surv_table *t, xmlNodePtr n)
{
	static const char *const cols[] = { "A", "B", "C", "D" };
	struct surv_col *k;
	xmlNodePtr c;
	int b = t->nbands, seen = 0;

	if (b == SURV_BANDS) {
		DIAG_AT(CAMP_TOO_MANY_ROWS, tb->file, 0, 0, SURV_BANDS,
		    "damage");
		tb->bad = true;
		return;
	}
	t->nbands++;
	t->band[b].tl_min = attr_int(tb, n, "tl-min", 0, NULL);
	t->band[b].tl_max = attr_int(tb, n, "tl-max", 0, NULL);
	t->band[b].drdiv = attr_int(tb, n, "dr-divisor", 1, NULL);
	for (c = n->children; c != NULL; c = c->next) {
		if (!is(c, "column"))
			continue;
		k = &t->band[b].col[attr_pick(c, "name", cols, 4)];
		seen |= 1 << (k - t->band[b].col);
		k->hits = attr_int(tb, c, "hits", 1, NULL);
		k->tl_mul = attr_int(tb, c, "dice-tl", 0, NULL);
		k->tl_div = attr_int(tb, c, "dice-tl-div", 1, NULL);
		k->dice = attr_int(tb, c, "dice", 0, NULL);
		k->adds = attr_int(tb, c, "adds", 0, NULL);
	}
	if (seen != 15) {
		DIAG_AT(CAMP_BAND_COLUMN, tb->file, xmlGetLineNo(n), 0,
		    t->band[b].tl_min, t->band[b].tl_max);
		tb->bad = true;
	}
	if (b == 0 || t->band[b].tl_min < t->tl_min)
		t->tl_min = t->band[b].tl_min;
	if (b == 0 || t->band[b].tl_max > t->tl_max)
		t->tl_max = t->band[b].tl_max;
}

/* A critical rule: its bounds, absent ones open. */
static void
load_crit(struct tab *tb, struct surv_table *t, xmlNodePtr n)
{
	static const char *const crits[] = { [CRIT_SUCCESS] = "success",
	    [CRIT_FAILURE] = "failure" };
	struct surv_critrule *c;

	if (t->ncrits == SURV_CRITS) {
		DIAG_AT(CAMP_TOO_MANY_ROWS, tb->file, 0, 0, SURV_CRITS,
		    "critical");
		tb->bad = true;
		return;
	}
	c = &t->crit[t->ncrits++];
	c->crit = (enum surv_crit)attr_pick(n, "name", crits,
	    (int)(sizeof crits / sizeof crits[0]));
	c->roll_min = attr_int(tb, n, "roll-min", INT_MIN, NULL);
	c->roll_max = attr_int(tb, n, "roll-max", INT_MAX, NULL);
	c->skill_min = attr_int(tb, n, "skill-min", INT_MIN, NULL);
	c->skill_max = attr_int(tb, n, "skill-max", INT_MAX, NULL);
	c->margin_max = attr_int(tb, n, "margin-max", INT_MAX, NULL);
}

static void
load_surv_node(struct tab *tb, struct surv_table *t, xmlNodePtr n)
{
	int i, lo, hi;

	if (is(n, "battle-skill")) {
		t->tactics_iq = attr_int(tb, n, "tactics-from-iq", 0, NULL);
		t->skill_div = attr_int(tb, n, "divisor", 1, NULL);
		t->reflexes = attr_int(tb, n, "combat-reflexes", 0, NULL);
		t->danger = attr_int(tb, n, "danger-sense", 0, NULL);
	} else if (is(n, "critical")) {
		load_crit(tb, t, n);
	} else if (is(n, "risk")) {
		t->risk_min = attr_int(tb, n, "min", 0, NULL);
		t->risk_max = attr_int(tb, n, "max", 0, NULL);
	} else if (is(n, "risk-limit")) {
		i = attr_pick(n, "trait", surv_traits, TRAIT_N);
		t->lo[i] = attr_int(tb, n, "min", 0, &t->has_lo[i]);
		t->hi[i] = attr_int(tb, n, "max", 0, &t->has_hi[i]);
	} else if (is(n, "result")) {
		i = attr_pick(n, "name", surv_results, RES_N);
		t->min[i] = attr_int(tb, n, "min", 0, &t->has_min[i]);
		t->max[i] = attr_int(tb, n, "max", 0, &t->has_max[i]);
		t->hp[i] = attr_int(tb, n, "hp", 0, NULL);
		free_texts(t->res_text[i]);
		load_texts(n, t->res_text[i]);
	} else if (is(n, "damage")) {
		load_band(tb, t, n);
	} else if (is(n, "location")) {
		lo = attr_int(tb, n, "min", 0, NULL);
		hi = attr_int(tb, n, "max", 0, NULL);
		for (i = lo < 0 ? 0 : lo; i <= hi && i < SURV_LOC_N; i++) {
			free(t->loc[i]);
			t->loc[i] = attr_dup(n, "name");
			free_texts(t->loc_text[i]);
			load_texts(n, t->loc_text[i]);
		}
	}
}

int
surv_table_load_xml(struct surv_table *t, const char *path)
{
	struct tab tb = { path, false };
	xmlDocPtr doc;
	xmlNodePtr root, n;

	memset(t, 0, sizeof *t);
	doc = load_doc(path, survival_table_rng, sizeof survival_table_rng,
	    "survival-table.rng");
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	t->cap = attr_int(&tb, root, "cap", 0, NULL);
	t->dice.n = attr_int(&tb, root, "dice", 0, NULL);
	t->dice.sides = attr_int(&tb, root, "sides", 0, NULL);
	t->damage_sides = attr_int(&tb, root, "damage-sides", 0, NULL);
	t->default_tl = attr_int(&tb, root, "default-tl", 0, NULL);
	for (n = root->children; n != NULL; n = n->next)
		load_surv_node(&tb, t, n);
	xmlFreeDoc(doc);
	if (tb.bad) {
		surv_table_free(t);
		diag_raise(EXIT_DATA);
		return -1;
	}
	return 0;
}

int
surv_table_load(struct surv_table *t)
{
	if (surv_builtin.dice.n == 0) {
		diag_msg(EXIT_SYS, "internal error: no Survival table");
		return -1;
	}
	*t = surv_builtin;         /* its texts are the compiled table's */
	return 0;
}

/* Free *p unless it is the compiled table's own b; NULL it. */
static void
free_own(char **p, const char *b)
{
	if (*p != b)
		free(*p);
	*p = NULL;
}

void
surv_table_free(struct surv_table *t)
{
	int i, l;

	for (i = 0; i < SURV_LOC_N; i++) {
		free_own(&t->loc[i], surv_builtin.loc[i]);
		for (l = 0; l < LANG_N; l++)
			free_own(&t->loc_text[i][l],
			    surv_builtin.loc_text[i][l]);
	}
	for (i = 0; i < RES_N; i++)
		for (l = 0; l < LANG_N; l++)
			free_own(&t->res_text[i][l],
			    surv_builtin.res_text[i][l]);
}

int
camptab_load(struct camptab *t)
{
	memset(t, 0, sizeof *t);
	if (cat_table_load(&t->cat, NULL) < 0 ||
	    surv_table_load(&t->surv) < 0) {
		camptab_free(t);
		return -1;
	}
	return 0;
}

void
camptab_free(struct camptab *t)
{
	cat_table_free(&t->cat);
	surv_table_free(&t->surv);
}
