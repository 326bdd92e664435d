/* armylist-parse's own JSON (one document) and JSON Lines (one army
 * object per line) read back to the same armies. */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/jsonin.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmliofacet.h"

/* A member that is there but of another type: reported, then absent. */
static const struct jval *
member(const struct jval *o, const char *key, enum jtype t)
{
	static const char *const names[] = { "null", "true or false",
	    "a number", "a string", "an array", "an object" };
	const struct jval *v = jval_get(o, key);
	struct sbuf b = {0};

	if (v == NULL || v->t == t || v->t == J_NULL)
		return v != NULL && v->t == t ? v : NULL;
	sbuf_printf(&b, "'%s' is not %s", key, names[t]);
	DIAG(JSON_ARMY, v->line, v->col, b.s);
	sbuf_free(&b);
	return NULL;
}

static char *
str_member(const struct jval *o, const char *key)
{
	const struct jval *v = member(o, key, J_STR);

	return v != NULL ? xstrdup(v->s) : NULL;
}

static bool
bool_member(const struct jval *o, const char *key)
{
	const struct jval *v = member(o, key, J_BOOL);

	return v != NULL && v->b;
}

/* A whole number member within [min, max]: 1 read, 0 absent or bad. */
static int
num_member(const struct jval *o, const char *key, long min, long max,
    long *out)
{
	const struct jval *v = member(o, key, J_NUM);
	struct sbuf b = {0};

	if (v == NULL)
		return 0;
	if (num_longs(v->s, min, max, out) == 0)
		return 1;
	sbuf_printf(&b, "'%s' is not a whole number from %ld to %ld", key,
	    min, max);
	DIAG(JSON_ARMY, v->line, v->col, b.s);
	sbuf_free(&b);
	return 0;
}

/* Figures as the schema has them ("3", "3/4"), else NULL after saying
 * so: a value the XML could not carry is not kept. */
static char *
figures_member(const struct jval *o, const char *key)
{
	const struct jval *v = member(o, key, J_STR);
	const char *s;
	bool digit = false;

	if (v == NULL)
		return NULL;
	for (s = v->s; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9')
			digit = true;
		else if (*s != '/' || !digit)
			break;
		else
			digit = false;
	}
	if (*s == '\0' && digit)
		return xstrdup(v->s);
	DIAG(JSON_ARMY, v->line, v->col, "figures are a number such as "
	    "\"3\" or \"3/4\"; they are left out");
	return NULL;
}

static void
read_troop(const struct jval *o, struct troopref *r)
{
	char *code = str_member(o, "code");

	r->t = code != NULL ? troop_by_code(code) : NULL;
	if (r->t == NULL)
		r->name = str_member(o, "name");
	if (r->t == NULL && r->name == NULL)
		r->name = xstrdup(code != NULL ? code : "?");
	free(code);
	if (r->t != NULL)
		r->written = str_member(o, "written");
	r->figures = figures_member(o, "figures");
	r->mtd = bool_member(o, "mounted");
	if ((code = str_member(o, "dismount")) != NULL) {
		r->dis = troop_by_code(code);
		free(code);
		if (r->dis == NULL) {
			r->dis_name = str_member(o, "dismount-name");
			if (r->dis_name == NULL)
				r->dis_name = xstrdup("?");
		}
	}
	if (r->dis != NULL)
		r->dis_written = str_member(o, "dismount-written");
	r->dis_figures = figures_member(o, "dismount-figures");
	r->note = str_member(o, "note");
}

/* Of the items of one army: how many more may be read, and whether one
 * was left out. */
struct items {
	long left;
	bool lost;
};

static void read_items(const struct jval *arr, struct package *list,
    struct items *n);

/* The last item of list, just read from o, holds nothing the XML could
 * carry: it is reported and left out. */
static void
drop_item(struct package *list, const struct jval *o, const char *what,
    struct items *n)
{
	struct sbuf b = {0};

	sbuf_printf(&b, "%s is left out", what);
	DIAG(JSON_ARMY, o->line, o->col, b.s);
	sbuf_free(&b);
	item_free(&list->items[--list->n]);
	n->lost = true;
}

static void
read_item(const struct jval *o, struct package *list, struct items *n)
{
	const struct jval *v;
	struct item *it;
	size_t i;
	long cnt = 1;

	if (o->t != J_OBJ) {
		DIAG(JSON_ARMY, o->line, o->col,
		    "an item is not an object with 'count' and 'troops' or 'choice'");
		return;
	}
	if (--n->left < 0)
		return;
	it = package_add(list);
	if ((v = member(o, "choice", J_ARR)) != NULL) {
		it->kind = ITEM_CHOICE;
		for (i = 0; i < v->nv && n->left >= 0; i++) {
			if (v->v[i].t != J_ARR) {
				DIAG(JSON_ARMY, v->v[i].line, v->v[i].col,
				    "a package of 'choice' is not an array");
				continue;
			}
			read_items(&v->v[i], item_add_package(it), n);
			if (it->pkgs[it->npkgs - 1].n == 0) {
				DIAG(JSON_ARMY, v->v[i].line, v->v[i].col,
				    "an empty package of 'choice' is left out");
				item_drop_package(it);
				n->lost = true;
			}
		}
		if (it->npkgs == 0)
			drop_item(list, o, "a 'choice' without packages", n);
		return;
	}
	it->kind = ITEM_ELEMENT;
	(void)num_member(o, "count", 1, ARMY_COUNT_MAX, &cnt);
	it->count = cnt;
	it->general = bool_member(o, "general");
	if ((v = member(o, "troops", J_ARR)) != NULL)
		for (i = 0; i < v->nv; i++)
			if (v->v[i].t == J_OBJ)
				read_troop(&v->v[i], item_add_troop(it));
	if (it->ntroops == 0)
		drop_item(list, o, "an element without troops", n);
}

static void
read_items(const struct jval *arr, struct package *list, struct items *n)
{
	size_t i;

	for (i = 0; i < arr->nv && n->left >= 0; i++)
		read_item(&arr->v[i], list, n);
}

static void
read_refs(const struct jval *o, const char *key, char ***v, size_t *n,
    size_t *cap)
{
	const struct jval *a = member(o, key, J_ARR);
	size_t i;

	for (i = 0; a != NULL && i < a->nv; i++) {
		if (a->v[i].t != J_STR)
			continue;
		if (*n == ARMY_MAX_REFS) {      /* as in XML */
			DIAG(ARMY_TOO_MANY_REFS, a->v[i].line, a->v[i].col,
			    ARMY_MAX_REFS, key);
			break;
		}
		*v = xgrow(*v, cap, *n + 1, sizeof **v);
		(*v)[*n] = xstrdup(a->v[i].s);
		str_collapse((*v)[(*n)++]);     /* a token, as in XML */
	}
}

/* The allies of army o (the array v) and how each joins ("ally-joins",
 * beside it), into a. */
static void
read_allies(const struct jval *o, const struct jval *v, struct army *a)
{
	const struct jval *jn = member(o, "ally-joins", J_ARR);
	size_t i;

	a->has_allies = true;
	for (i = 0; i < v->nv; i++) {
		int k;

		if (v->v[i].t != J_STR)
			continue;
		a->allies = xgrow(a->allies, &a->capallies, a->nallies + 1,
		    sizeof *a->allies);
		a->allies[a->nallies] = xstrdup(v->v[i].s);
		str_collapse(a->allies[a->nallies++]);  /* as in XML */
		if (jn == NULL || i >= jn->nv || jn->v[i].t != J_STR)
			continue;
		if ((k = army_join_read(jn->v[i].s)) < 0)
			DIAG(JSON_ARMY, jn->v[i].line, jn->v[i].col,
			    "'ally-joins' holds \"or\", \"and/or\" or \"\"");
		else if (k > 0)
			army_set_ally_join(a, a->nallies - 1,
			    (enum ally_join)k);
	}
}

/* A collection's rules label (rules, rules-from), borrowed from the
 * value that carries it. */
struct label {
	const char *rules, *from;
	long line;
};

/* An army id as armylist XML takes it ('I/01' and '1234567' too, which
 * army_is_id refuses): the check of the schema's pattern for it, so that
 * what the XML readers read, written as JSON, reads back; army_is_id
 * if that pattern is gone from the registry. */
static bool
json_id_ok(const char *s)
{
	const struct xmlio_facet_def *d =
	    xmlio_facet_def("([IVX]+/)?[0-9]+[a-z]?(\\.[0-9]+)?|\\?");

	return d != NULL ? d->ok(s, strlen(s)) : strcmp(s, "?") == 0 ||
	    army_is_id(s, strlen(s));
}

/* The first string under v cut at ARMY_FIELD_MAX (jsonin.str_max), or
 * NULL. */
static const struct jval *
first_cut(const struct jval *v)
{
	const struct jval *c;
	size_t i;

	if (v->t == J_STR)
		return v->cut ? v : NULL;
	for (i = 0; i < v->nv; i++)
		if ((c = first_cut(&v->v[i])) != NULL)
			return c;
	return NULL;
}

static void
label_of(const struct jval *v, struct label *l)
{
	const struct jval *r = member(v, "rules", J_STR);
	const struct jval *f = member(v, "rules-from", J_STR);

	l->rules = r != NULL ? r->s : NULL;
	l->line = r != NULL ? r->line : 0;
	l->from = army_rules_from(f != NULL ? f->s : NULL);
}

static void
read_army(const struct jval *o, const char *file, const struct label *l,
    army_cb cb, void *ctx)
{
	struct army a;
	const struct jval *v, *w;
	const char *s;
	struct items n = { ARMY_MAX_ITEMS, false };
	size_t i;

	if (o->t != J_OBJ || (s = jval_str(jval_get(o, "id"))) == NULL ||
	    s[strspn(s, " \t")] == '\0') {
		DIAG(JSON_ARMY, o->line, o->col,
		    "expected an object with an 'id' such as \"I/1a\"");
		return;
	}
	if (!json_id_ok(s)) {
		v = jval_get(o, "id");
		DIAG(BAD_REFERENCE, v->line, v->col, s);
		return;
	}
	if ((v = first_cut(o)) != NULL)
		DIAG(SHEET_FIELD_TOO_LONG, v->line, v->col, s, ARMY_FIELD_MAX);
	army_init(&a);
	a.id = xstrdup(s);
	if ((a.file = str_member(o, "file")) == NULL)
		a.file = xstrdup(file);
	a.line = o->line;
	(void)num_member(o, "line", 1, 0x7fffffffL, &a.line);
	a.incomplete = bool_member(o, "incomplete");
	a.name_lang = "en";
	if ((v = member(o, "name", J_OBJ)) != NULL) {
		a.name = str_member(v, "text");
		s = jval_str(jval_get(v, "lang"));
		if (army_lang(s, s != NULL ? strlen(s) : 0) != NULL)
			a.name_lang = army_lang(s, strlen(s));
	}
	if (a.name == NULL)
		a.name = xstrdup("");
	if ((v = member(o, "period", J_OBJ)) != NULL) {
		a.period = str_member(v, "text");
		if (a.period == NULL)
			a.period = xstrdup("");
		a.period_ok = num_member(v, "from", -100000, 100000, &a.from) &&
		    num_member(v, "to", -100000, 100000, &a.to);
		a.approx = bool_member(v, "approx");
		army_period_ranges(&a);
	}
	a.terrain = str_member(o, "terrain");
	/* as the XML's nonNegativeInteger, which -T json writes */
	/* as the XML's nonNegativeInteger, which -T json writes; nine
	 * digits at most, so that it is written back unchanged */
	if ((v = member(o, "aggression", J_NUM)) != NULL && v->n <= 9 &&
	    v->s[strspn(v->s, "0123456789")] == '\0')
		a.aggression = xstrdup(v->s);
	else if (v != NULL)
		army_set_aggression(&a, v->s, v->n, v->line, v->col);
	a.sources = str_member(o, "sources");
	a.dbm = str_member(o, "dbm");
	a.player = str_member(o, "player");
	if ((v = member(o, "year", J_NUM)) != NULL)
		army_set_year(&a, v->s, v->n, v->line, v->col);
	read_refs(o, "enemies", &a.enemies, &a.nenemies, &a.capenemies);
	if ((v = member(o, "allies", J_ARR)) != NULL) {
		read_allies(o, v, &a);
		a.ally_elements = str_member(o, "ally-elements");
	}
	if ((v = member(o, "elements", J_OBJ)) != NULL) {
		a.elements_text = str_member(v, "text");
		if ((w = member(v, "items", J_ARR)) != NULL)
			read_items(w, &a.list, &n);
	}
	if (n.left < 0) {
		DIAG(ARMY_TOO_MANY_ELEMENTS, o->line, o->col, ARMY_MAX_ITEMS);
		a.incomplete = true;
	}
	a.incomplete = a.incomplete || n.lost;
	if ((v = member(o, "notes", J_ARR)) != NULL)
		for (i = 0; i < v->nv; i++) {
			const char *c = jval_str(jval_get(&v->v[i], "column"));
			const char *t = jval_str(jval_get(&v->v[i], "text"));

			if (t != NULL && a.nnotes == ARMY_MAX_REFS) {
				DIAG(ARMY_TOO_MANY_REFS, v->v[i].line,
				    v->v[i].col, ARMY_MAX_REFS, "notes");
				break;
			}
			if (t != NULL)
				army_add_note(&a, c != NULL ? c : "",
				    c != NULL ? strlen(c) : 0, t, strlen(t));
		}
	a.rules = l->rules;
	a.rules_line = l->line;
	a.rules_from = l->from;
	cb(ctx, &a);
	army_free(&a);
}

/* One top-level value: a document {"armies": [...]}, an army (a line of
 * JSON Lines) or an array of armies. */
static void
read_value(const struct jval *v, const char *file, army_cb cb, void *ctx)
{
	const struct jval *arr = v;
	struct label l = { NULL, NULL, 0 };
	size_t i;

	if (v->t == J_OBJ && jval_get(v, "armies") != NULL) {
		if ((arr = member(v, "armies", J_ARR)) == NULL)
			return;
		label_of(v, &l);
	} else if (v->t != J_ARR) {
		label_of(v, &l);
		read_army(v, file, &l, cb, ctx);
		return;
	}
	for (i = 0; i < arr->nv; i++)
		read_army(&arr->v[i], file, &l, cb, ctx);
}

struct stream {
	const char *file;
	army_cb cb;
	void *ctx;
	/* the document's rules label, looked up once per document (its
	 * members before "armies"): kept by value, since top's members
	 * move when more are appended after it */
	const struct jval *top;
	struct label l;
};

/* An army of a document's "armies", as soon as it is read. */
static void
each_army(const struct jval *top, const struct jval *elem, void *ctx)
{
	struct stream *s = ctx;

	if (s->top != top) {
		s->top = top;
		label_of(top, &s->l);
	}
	read_army(elem, s->file, &s->l, s->cb, s->ctx);
}

void
armylist_read_json(struct input *in, army_cb cb, void *ctx)
{
	struct stream st = { .file = in->name, .cb = cb, .ctx = ctx };
	struct jsonin j;
	struct jval v;

	jsonin_init_input(&j, in);
	/* a field is cut where the other carriers cut it */
	j.str_max = ARMY_FIELD_MAX - 2;
	j.each_key = "armies";
	j.each = each_army;
	j.each_top_array = true;
	j.ctx = &st;
	while (jsonin_next(&j, &v)) {
		read_value(&v, in->name, cb, ctx);
		jval_free(&v);
		st.top = NULL;                  /* the next value's own */
	}
	jsonin_free(&j);
}
