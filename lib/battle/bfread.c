/* The battlefield reader: formats/battlefield.rng while reading, then the
 * checks the schema cannot make (troops, ids, bases that intersect or
 * stand off the table, polygons that cross themselves), with lines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battle/battle.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "dba/movein.h"
#include "rules/troop.h"

#include "gen/battlefield_rng.h"

struct rd {
	struct bfield *f;
	xmlTextReaderPtr x;
	int scale;
	long line;
	int cur;                /* terrain taking points, -1 none */
	int side;               /* side taking elements, -1 none */
	size_t npoints;
	bool full[3];           /* the limits of room() reported */
};

enum piece { P_ELEMENT, P_TERRAIN, P_POINT };

/* Whether a table of n pieces of the kind takes one more: past its
 * limit the rest is reported once and not held. */
static bool
room(struct rd *rd, enum piece k, size_t n)
{
	static const int max[] = { BF_MAX_ELEMENTS, BF_MAX_TERRAIN,
	    BF_MAX_POINTS };
	static const char *const what[] = { "elements",
	    "features, rivers, roads and camps", "points of terrain" };

	if (n < (size_t)max[k])
		return true;
	if (!rd->full[k])
		DIAG(BF_TOO_MANY, rd->line, 0, max[k], what[k]);
	rd->full[k] = true;
	return false;
}

/* Attribute name of the element at hand, NULL when absent: every
 * attribute of battlefield(5) is a token or a number, its blanks
 * collapsed as the schema reads it (a side's name=" red " is red, as
 * are unit=" bw " and a river's roll=" 1 "), whatever xmlio_value makes
 * of a name that is a string in another schema. */
static char *
attr(struct rd *rd, const char *name)
{
	char *v = (char *)xmlTextReaderGetAttribute(rd->x,
	    (const xmlChar *)name);

	if (v != NULL)
		(void)str_collapse(v);
	return v;
}

int
battle_length(const struct bfield *f, const char *s, size_t n, int scale,
    long *p)
{
	char buf[80];
	size_t k;

	for (k = 0; k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '.');
	    k++)
		;
	if (k == n && n > 0 && n + 3 < sizeof buf &&
	    f->unit != (int)f->r->unit) {
		memcpy(buf, s, n);
		snprintf(buf + n, sizeof buf - n, "%s",
		    f->unit == UNIT_BW ? "bw" : "p");
		return movein_distance(f->r, buf, strlen(buf), scale, p);
	}
	return movein_distance(f->r, s, n, scale, p);
}

/* A length attribute: paces, or with a unit; def when absent (NAN:
 * required).  Reports and returns -1 when bad. */
static int
len_attr(struct rd *rd, const char *el, const char *name, double def,
    double *out)
{
	char *v = attr(rd, name);
	const char *s;
	long p;
	int neg, rc = 0;

	if (v == NULL) {
		if (isnan(def)) {
			DIAG(BF_MISSING, rd->line, 0, name, el);
			return -1;
		}
		*out = def;
		return 0;
	}
	neg = v[0] == '-';
	s = v + neg;
	if (battle_length(rd->f, s, strlen(s), rd->scale, &p) < 0) {
		DIAG(BF_BAD_VALUE, rd->line, 0, name, v, el);
		rc = -1;
	} else
		*out = neg ? -(double)p : (double)p;
	xmlFree(v);
	return rc;
}

static int
num_attr(struct rd *rd, const char *el, const char *name, double lo,
    double hi, double *out)
{
	char *v = attr(rd, name), *end;
	double d;
	int rc = 0;

	if (v == NULL)
		return 1;
	d = strtod(v, &end);
	if (end == v || *end != '\0' || !(d >= lo && d <= hi)) {
		DIAG(BF_BAD_VALUE, rd->line, 0, name, v, el);
		rc = -1;
	} else
		*out = d;
	xmlFree(v);
	return rc;
}

/* yes/no; def when absent. */
static bool
yes_attr(struct rd *rd, const char *name, bool def)
{
	char *v = attr(rd, name);
	bool y = def;

	if (v != NULL) {
		y = strcmp(v, "yes") == 0;
		xmlFree(v);
	}
	return y;
}

static char *
str_attr(struct rd *rd, const char *name)
{
	char *v = attr(rd, name), *s;

	if (v == NULL)
		return NULL;
	s = xstrdup(v);
	xmlFree(v);
	return s;
}

/* The rules of the edition the battlefield is labelled with; a label
 * naming none is an error (the file is not read on). */
static void
by_label(struct rd *rd)
{
	struct bfield *f = rd->f;
	const struct rules *r = rules_labelled(f->labels, f->rules);
	char names[256];

	if (r != NULL) {
		f->r = r;
		return;
	}
	rules_edition_names(names, sizeof names);
	DIAG(BF_UNKNOWN_RULES, rd->line, 0, f->rules, names);
}

static void
root(struct rd *rd)
{
	struct bfield *f = rd->f;
	const struct rules *ed;
	double b = 0;
	char *u;

	f->root = true;
	free(f->rules);
	f->rules = str_attr(rd, "rules");
	if (f->labels != NULL)
		by_label(rd);
	/* the unit of bare numbers: unit=, else that of the edition the
	 * file is labelled with (a 3.0 table in base widths), else that of
	 * the rules used */
	f->unit = (int)f->r->unit;
	if (f->rules != NULL && f->editions != NULL &&
	    (ed = rules_labelled(f->editions, f->rules)) != NULL)
		f->unit = (int)ed->unit;
	if ((u = attr(rd, "unit")) != NULL) {
		f->unit = strcmp(u, "bw") == 0 ? UNIT_BW : UNIT_P;
		xmlFree(u);
	}
	if (len_attr(rd, "battlefield", "width", NAN, &f->width) < 0 ||
	    f->width <= 0)
		f->width = 2400;
	if (len_attr(rd, "battlefield", "height", NAN, &f->height) < 0 ||
	    f->height <= 0)
		f->height = 2400;
	if (num_attr(rd, "battlefield", "bound", 1, 1e6, &b) == 0)
		f->bound = (int)b;
}

static void
terrain(struct rd *rd, enum bkind what)
{
	static const char *const blocking[] = { "wood", "hill", "built-up",
	    "bua", "town", "village", NULL };
	struct bfield *f = rd->f;
	struct bterrain *t;
	char *v;
	double h = 0, r = 0;

	if (!room(rd, P_TERRAIN, f->nt))
		return;                 /* rd->cur stays -1: no points */
	f->t = xgrow(f->t, &f->capt, f->nt + 1, sizeof *f->t);
	t = &f->t[f->nt];
	memset(t, 0, sizeof *t);
	t->what = what;
	t->line = rd->line;
	t->side = -1;
	t->id = str_attr(rd, "id");
	rd->cur = (int)f->nt++;
	if (what == BK_FEATURE) {
		t->kind = str_attr(rd, "kind");
		if (t->kind == NULL)
			t->kind = xstrdup("feature");
		v = attr(rd, "going");
		/* bad going is difficult going (dba3 names it so); rough
		 * going is a class of its own where the edition has one,
		 * else difficult */
		t->difficult = v != NULL && (strcmp(v, "difficult") == 0 ||
		    strcmp(v, "bad") == 0 || (strcmp(v, "rough") == 0 &&
		    !f->r->has_rough));
		t->rough = v != NULL && strcmp(v, "rough") == 0 &&
		    f->r->has_rough;
		xmlFree(v);
		v = attr(rd, "sight");
		t->blocks = v != NULL ? strcmp(v, "blocks") == 0 :
		    str_in(t->kind, blocking);
		xmlFree(v);
		if (num_attr(rd, "feature", "height", 0, 1000, &h) == 1)
			h = strcmp(t->kind, "hill") == 0;
		t->height = (int)h;
	} else if (what == BK_RIVER || what == BK_ROAD) {
		if (len_attr(rd, what == BK_RIVER ? "river" : "road", "width",
		    NAN, &t->width) < 0 || t->width <= 0)
			t->width = what == BK_RIVER ? 80 : 40;
		if (what == BK_RIVER &&
		    num_attr(rd, "river", "roll", 1, 6, &r) == 0)
			t->roll = (int)r;
	} else {
		t->kind = str_attr(rd, "side");
	}
}

static void
point(struct rd *rd)
{
	struct bterrain *t;
	struct gpt p;

	if (rd->cur < 0 || !room(rd, P_POINT, rd->npoints))
		return;
	t = &rd->f->t[rd->cur];
	if (len_attr(rd, "point", "x", NAN, &p.x) < 0 ||
	    len_attr(rd, "point", "y", NAN, &p.y) < 0)
		return;
	t->poly.v = xgrow(t->poly.v, &t->poly.cap, t->poly.n + 1, sizeof p);
	t->poly.v[t->poly.n++] = p;
	rd->npoints++;
}

static void
side(struct rd *rd)
{
	struct bfield *f = rd->f;
	struct bside *s;
	double pips = 0;
	int i;

	rd->side = -1;
	if (f->nsides == BF_MAXSIDES) {
		DIAG(BF_SIDES, rd->line, 0, BF_MAXSIDES);
		return;
	}
	s = &f->side[f->nsides];
	memset(s, 0, sizeof *s);
	s->name = str_attr(rd, "name");
	if (s->name == NULL)
		s->name = xstrdup("?");
	for (i = 0; i < f->nsides; i++)
		if (strcmp(f->side[i].name, s->name) == 0)
			DIAG(BF_DUP_SIDE, rd->line, 0, s->name,
			    f->side[i].line);
	if (num_attr(rd, "side", "pips", 1, 6, &pips) == 0)
		s->pips = (int)pips;
	s->general_lost = yes_attr(rd, "general-lost", false);
	s->general = -1;
	s->line = rd->line;
	rd->side = f->nsides++;
}

/* The troop of a troop attribute: a code, a spelling of the edition's
 * sub-types (3Bd, 6Kn, Mtd-4Lb) or a name. */
static const struct troop *
troop_named(const struct rules *r, const char *s)
{
	const struct troop *t = troop_by_code(s);

	if (t == NULL)
		t = rules_troop_find(r, s, strlen(s), NULL);
	return t != NULL ? t : troop_lookup(s, strlen(s));
}

static void
element(struct rd *rd)
{
	struct bfield *f = rd->f;
	const struct troop *tr = NULL;
	struct belem e;
	char *v;
	double d = 0, depth;
	int bad = 0;

	if (rd->side < 0 || !room(rd, P_ELEMENT, f->ne))
		return;
	/* the troop's base depth; an element not placed is only read */
	depth = battle_base_width(f);
	memset(&e, 0, sizeof e);
	e.line = rd->line;
	e.side = rd->side;
	if ((e.id = str_attr(rd, "id")) == NULL) {
		DIAG(BF_MISSING, rd->line, 0, "id", "element");
		bad = 1;
	}
	if ((v = attr(rd, "troop")) == NULL) {
		DIAG(BF_MISSING, rd->line, 0, "troop", "element");
		bad = 1;
	} else if ((tr = troop_named(f->r, v)) == NULL) {
		const char *sug = troop_suggest(v, strlen(v));
		char hint[128] = "";

		if (sug != NULL)
			snprintf(hint, sizeof hint, " (did you mean '%s'?)",
			    sug);
		DIAG(BF_UNKNOWN_TROOP, rd->line, 0, v, hint);
		bad = 1;
	} else if (tr->id >= RULES_MAXTROOPS || !f->r->t[tr->id].known ||
	    !f->r->t[tr->id].has_base) {
		DIAG(BF_NO_RULES, rd->line, 0, tr->code, f->r->edition);
		bad = 1;
	} else {
		e.sub = rules_subtype_find(f->r, v, strlen(v));
		depth = battle_base_depth(f, tr->id, e.sub);
	}
	xmlFree(v);
	if (len_attr(rd, "element", "x", NAN, &e.box.p.x) < 0 ||
	    len_attr(rd, "element", "y", NAN, &e.box.p.y) < 0)
		bad = 1;
	switch (num_attr(rd, "element", "facing", -360, 360, &d)) {
	case 0:
		e.box.facing = geom_norm_deg(d);
		break;
	case 1:
		DIAG(BF_MISSING, rd->line, 0, "facing", "element");
		/* FALLTHROUGH */
	default:
		bad = 1;
	}
	if (len_attr(rd, "element", "width", battle_base_width(f),
	    &e.box.w) < 0 ||
	    len_attr(rd, "element", "depth", depth, &e.box.d) < 0)
		bad = 1;
	if (!bad && (e.box.w <= 0 || e.box.d <= 0)) {
		DIAG(BF_BAD_SIZE, rd->line, 0, e.id);
		bad = 1;
	}
	e.general = yes_attr(rd, "general", false);
	if (bad) {
		free(e.id);
		return;
	}
	v = e.id;               /* into the arena: no block an id */
	e.id = xarena_strdup(&f->ids, v);
	free(v);
	e.troop = tr->id;
	battle_place(f, &e);
	f->e = xgrow(f->e, &f->cape, f->ne + 1, sizeof *f->e);
	f->e[f->ne++] = e;
}

static void
start(struct rd *rd, const char *name, int depth)
{
	if (depth == 0) {
		if (strcmp(name, "battlefield") == 0)
			root(rd);
		else
			DIAG(BF_ROOT, rd->line, 0, name);
		return;
	}
	if (depth == 1) {
		rd->cur = -1;
		rd->side = -1;
		if (strcmp(name, "feature") == 0)
			terrain(rd, BK_FEATURE);
		else if (strcmp(name, "river") == 0)
			terrain(rd, BK_RIVER);
		else if (strcmp(name, "road") == 0)
			terrain(rd, BK_ROAD);
		else if (strcmp(name, "camp") == 0)
			terrain(rd, BK_CAMP);
		else if (strcmp(name, "side") == 0)
			side(rd);
	} else if (depth == 2 && strcmp(name, "point") == 0)
		point(rd);
	else if (depth == 2 && strcmp(name, "element") == 0)
		element(rd);
}

/* ---- the checks after reading --------------------------------------- */

static int
cmp_elem_id(const void *a, const void *b)
{
	const struct belem *const *x = a, *const *y = b;
	int c = strcmp((*x)->id, (*y)->id);

	return c != 0 ? c : ((*x)->line > (*y)->line) - ((*x)->line <
	    (*y)->line);
}

static void
check_ids(struct bfield *f)
{
	const struct belem **v = xcalloc(f->ne + 1, sizeof *v);
	size_t i;

	for (i = 0; i < f->ne; i++)
		v[i] = &f->e[i];
	qsort(v, f->ne, sizeof *v, cmp_elem_id);
	for (i = 1; i < f->ne; i++)
		if (strcmp(v[i]->id, v[i - 1]->id) == 0)
			DIAG(BF_DUP_ID, v[i]->line, 0, v[i]->id,
			    v[i - 1]->line);
	free(v);
}

static void
check_terrain(struct bfield *f)
{
	struct bterrain *t;
	size_t i, a, b;
	int s;

	for (i = 0; i < f->nt; i++) {
		t = &f->t[i];
		t->poly.bb = geom_bb(t->poly.v, t->poly.n);
		if (t->what == BK_RIVER || t->what == BK_ROAD) {
			t->poly.bb.x0 -= t->width / 2;
			t->poly.bb.y0 -= t->width / 2;
			t->poly.bb.x1 += t->width / 2;
			t->poly.bb.y1 += t->width / 2;
			continue;
		}
		if (t->poly.n >= 3 && geom_poly_crosses(t->poly.v, t->poly.n,
		    &a, &b))
			DIAG(BF_SELF_CROSS, t->line, 0, t->what == BK_CAMP ?
			    "camp" : t->kind, a + 1, b + 1);
		if (t->what != BK_CAMP)
			continue;
		for (s = 0; s < f->nsides; s++)
			if (t->kind != NULL && strcmp(t->kind,
			    f->side[s].name) == 0)
				t->side = s;
		if (t->side < 0)
			DIAG(BF_CAMP_SIDE, t->line, 0, t->kind != NULL ?
			    t->kind : "");
	}
}

static void
check_elements(struct bfield *f)
{
	struct belem *e;
	struct bside *s;
	int *near = NULL, j;
	size_t cap = 0, i, k, n;
	double tol = f->tol;
	struct gbb bb;

	for (i = 0; i < f->ne; i++) {
		e = &f->e[i];
		bb = battle_bb(e);
		if (bb.x0 < -tol || bb.y0 < -tol ||
		    bb.x1 > f->width + tol || bb.y1 > f->height + tol)
			DIAG(BF_OFF_TABLE, e->line, 0, e->id);
		s = &f->side[e->side];
		if (!e->general)
			continue;
		if (s->general >= 0)
			DIAG(BF_TWO_GENERALS, e->line, 0, s->name, e->id,
			    f->e[s->general].id);
		else if (s->general_lost)
			DIAG(BF_GENERAL_LOST, e->line, 0, s->name, e->id);
		else
			s->general = (int)i;
	}
	grid_build(f);
	/* each element that intersects another is named once, with the
	 * first it intersects, and asks no more; it leaves the grid, so a
	 * stack of n bases costs n tests here and in the derivation, not
	 * n * n */
	for (i = 0; i < f->ne; i++) {
		if (f->e[i].intersects)
			continue;
		e = &f->e[i];
		n = grid_query_elem(f, e, &near, &cap);
		for (k = 0; k < n; k++) {
			j = near[k];
			if ((size_t)j <= i || f->e[j].intersects ||
			    !geom_quad_overlap(battle_quad(e).v,
			    battle_quad(&f->e[j]).v, tol))
				continue;
			f->e[j].intersects = true;
			DIAG(BF_INTERSECT, f->e[j].line, 0, f->e[j].id, e->id,
			    e->line);
		}
	}
	for (i = f->ne; i-- > 0;)       /* the last inserted first */
		if (f->e[i].intersects)
			grid_remove(f, (int)i);
	free(near);
}

int
battle_read(struct bfield *f, struct input *in, const struct rules *r,
    int scale)
{
	struct rd rd;
	xmlRelaxNGPtr schema;
	int rc, type, i;
	bool root_seen = false;

	f->file = in->name;
	f->r = r;
	f->scale = scale;
	if (f->tol <= 0)
		f->tol = 2;
	if (f->angtol <= 0)
		f->angtol = 1;
	schema = xmlio_schema(battlefield_rng, battlefield_rng_len,
	    "battlefield.rng");
	memset(&rd, 0, sizeof rd);
	rd.f = f;
	rd.scale = scale;
	rd.cur = rd.side = -1;
	if ((rd.x = xmlio_reader(in)) == NULL)
		return -1;
	xmlio_reader_schema(rd.x, schema);
	while ((rc = xmlio_read(rd.x, in->name)) == 1) {
		type = xmlTextReaderNodeType(rd.x);
		if (type != XML_READER_TYPE_ELEMENT)
			continue;
		rd.line = xmlio_line(rd.x);
		i = xmlTextReaderDepth(rd.x);
		if (i == 0) {
			if (root_seen)
				break;
			root_seen = true;
		}
		start(&rd, (const char *)xmlTextReaderConstLocalName(rd.x),
		    i);
		if (i == 0 && diag_file_errors() > 0)
			break;
	}
	if (rc == 0 && !root_seen)
		DIAG(BF_EMPTY, 0, 0);
	else if (rc == 0 && schema != NULL &&
	    xmlTextReaderIsValid(rd.x) != 1 && diag_file_errors() == 0)
		DIAG(BF_INVALID, 0, 0);
	else if (rc < 0 && diag_file_errors() == 0)
		DIAG(BF_INVALID, 0, 0);
	xmlFreeTextReader(rd.x);
	check_ids(f);
	battle_index_ids(f);
	check_terrain(f);
	check_elements(f);
	return diag_file_errors() > 0 ? -1 : 0;
}

void
battle_free(struct bfield *f)
{
	size_t i;

	for (i = 0; i < f->nt; i++) {
		free(f->t[i].id);
		free(f->t[i].kind);
		free(f->t[i].poly.v);
	}
	free(f->t);
	for (i = 0; i < f->ne; i++)
		battle_dreset(&f->e[i].d);
	xarena_free(&f->ids);
	free(f->e);
	free(f->idx);
	for (i = 0; i < (size_t)f->nsides; i++)
		free(f->side[i].name);
	free(f->rules);
	grid_free(&f->grid);
	free(f->scr);
	memset(f, 0, sizeof *f);
}
