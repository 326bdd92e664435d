/* armylist XML input: streamed army by army, validated against
 * formats/armylist.rng while reading. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmliofacet.h"

#include "gen/armylist_rng.h"

/* The unreadable numbers of the army being read, held back until the
 * reader has validated it: the schema may report them itself. */
static struct badnum {
	const char *name;
	char *v;
	long line, min, max;
} *bad;
static size_t nbad, capbad;

static char *
attr(xmlNodePtr n, const char *name)
{
	char *v = xmlio_attr(n, name), *r;

	if (v == NULL)
		return NULL;
	r = xstrdup(v);
	xmlFree(v);
	return r;
}

static char *
text(xmlNodePtr n)
{
	char *v = xmlio_text(n), *r;

	r = xstrdup(v != NULL ? v : "");
	xmlFree(v);
	return r;
}

/* Set a field from an element's text; a repeated element replaces it. */
static void
set_text(char **dst, xmlNodePtr n)
{
	free(*dst);
	*dst = text(n);
}

static bool
named(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

static void read_items(xmlNodePtr parent, struct package *list,
    long *left);
/* An item of the army being read was left out as empty (read_item). */
static bool dropped;

/* Hold back the unreadable number v of name at line. */
static void
hold_number(const char *name, const char *v, long line, long min, long max)
{
	bad = xgrow(bad, &capbad, nbad + 1, sizeof *bad);
	bad[nbad].name = name;
	bad[nbad].v = xstrdup(v);
	bad[nbad].line = line;
	bad[nbad].min = min;
	bad[nbad++].max = max;
}

/* A number attribute: 1 read, 0 absent, -1 not a number within
 * [min, max] (*v left as it is, held back for report_numbers). */
static int
num_attr(xmlNodePtr n, const char *name, long line, long min, long max,
    long *v)
{
	char *s = xmlio_attr(n, name);
	int rc = 1;

	if (s == NULL)
		return 0;
	if (num_longs(s, min, max, v) < 0) {
		hold_number(name, s, line > 0 ? line : xmlio_node_line(n, 0),
		    min, max);
		rc = -1;
	}
	xmlFree(s);
	return rc;
}

/* <aggression>: a number, as the schema takes it (blanks around, a
 * sign), kept as it is written (as armysax.c keeps it); another text
 * is held back for report_numbers, and the army has none (what is
 * written must validate). */
static void
read_aggression(xmlNodePtr c, struct army *a)
{
	char *t = text(c), *b = t, *e, *d;
	long v;

	b += strspn(b, " \t\r\n");
	d = xstrdup(b);
	for (e = d + strlen(d); e > d && strchr(" \t\r\n", e[-1]) != NULL; )
		*--e = '\0';
	free(a->aggression);
	a->aggression = t;
	if (num_longs(d, 0, ARMY_AGGRESSION_MAX, &v) < 0) {
		hold_number("aggression", d, xmlio_node_line(c, 0), 0,
		    ARMY_AGGRESSION_MAX);
		free(t);
		a->aggression = NULL;
	}
	free(d);
}

/* Report the held-back numbers unless the schema has reported since
 * mark (its word is enough) and checks still; drop them. */
static void
report_numbers(long mark)
{
	size_t i;

	for (i = 0; i < nbad; i++) {
		if (diag_file_errors() == mark || xmlio_reader_lost())
			xmlio_bad_number(bad[i].name, NULL, bad[i].v,
			    bad[i].line, bad[i].min, bad[i].max);
		free(bad[i].v);
	}
	free(bad);
	bad = NULL;
	nbad = capbad = 0;
}

static void
read_troop(xmlNodePtr n, struct troopref *r)
{
	char *code = attr(n, "code");

	r->t = code != NULL ? troop_by_code(code) : NULL;
	if (r->t == NULL)
		r->name = attr(n, "name");
	if (r->t == NULL && r->name == NULL)
		r->name = xstrdup(code != NULL ? code : "?");
	free(code);
	if (r->t != NULL)
		r->written = attr(n, "written");
	r->figures = attr(n, "figures");
	if ((code = attr(n, "mounted")) != NULL) {
		r->mtd = strcmp(code, "yes") == 0;
		free(code);
	}
	code = attr(n, "dismount");
	if (code != NULL) {
		r->dis = troop_by_code(code);
		if (r->dis == NULL)
			r->dis_name = code;
		else
			free(code);
	}
	if (r->dis != NULL)
		r->dis_written = attr(n, "dismount-written");
	r->dis_figures = attr(n, "dismount-figures");
	r->note = attr(n, "note");
}

static void
read_element(xmlNodePtr n, struct item *it)
{
	xmlNodePtr c;
	char *v;
	long cnt = 1;

	it->kind = ITEM_ELEMENT;
	/* a count the schema refused: 1, and the army incomplete */
	if (num_attr(n, "count", 0, 1, ARMY_COUNT_MAX, &cnt) < 0)
		dropped = true;
	it->count = cnt;
	if ((v = attr(n, "general")) != NULL) {
		it->general = strcmp(v, "yes") == 0;
		free(v);
	}
	for (c = n->children; c != NULL; c = c->next)
		if (named(c, "troop"))
			read_troop(c, item_add_troop(it));
}

bool
armyxml_drop_empty(struct item *it)
{
	size_t k, n = 0;
	bool any;

	/* in one pass: a choice of many packages left empty is hostile
	 * input, not to take time squared */
	for (k = 0; k < it->npkgs; k++) {
		if (it->pkgs[k].n == 0) {
			package_free(&it->pkgs[k]);
			continue;
		}
		if (n != k)
			it->pkgs[n] = it->pkgs[k];
		n++;
	}
	any = n != it->npkgs;
	it->npkgs = n;
	return any;
}

/* One entry of a composition, while *left (counted down) allows. */
static void
read_item(xmlNodePtr c, struct package *list, long *left)
{
	xmlNodePtr p;
	struct item *it;

	if ((named(c, "element") || named(c, "choice")) && --*left < 0)
		return;
	if (named(c, "element")) {
		read_element(c, it = package_add(list));
	} else if (named(c, "choice")) {
		it = package_add(list);
		it->kind = ITEM_CHOICE;
		for (p = c->children; p != NULL; p = p->next)
			if (named(p, "package"))
				read_items(p, item_add_package(it), left);
		/* a package the schema refused as empty is left out */
		if (armyxml_drop_empty(it))
			dropped = true;
	} else
		return;
	/* what the schema refused as empty (an element without a troop, a
	 * choice without a package) is left out, never written again: the
	 * army is incomplete */
	if ((it->kind == ITEM_ELEMENT && it->ntroops == 0) ||
	    (it->kind == ITEM_CHOICE && it->npkgs == 0)) {
		item_free(it);
		list->n--;
		dropped = true;
	}
}

static void
read_items(xmlNodePtr parent, struct package *list, long *left)
{
	xmlNodePtr c;

	for (c = parent->children; c != NULL && *left >= 0; c = c->next)
		read_item(c, list, left);
}

/* One child of an army other than <elements>, <enemies> and <allies>;
 * *full once ARMY_MAX_REFS notes were read (reported). */
static void
read_army_child(xmlNodePtr c, struct army *a, const char *file, bool *full)
{
	char *v;

	if (named(c, "name")) {
		set_text(&a->name, c);
		v = attr(c, "lang");
		a->name_lang = army_lang(v, v != NULL ? strlen(v) : 0);
		if (a->name_lang == NULL)
			a->name_lang = "en";
		free(v);
	} else if (named(c, "period")) {
		int f, t;

		set_text(&a->period, c);
		f = num_attr(c, "from", 0, -100000, 100000, &a->from);
		t = num_attr(c, "to", 0, -100000, 100000, &a->to);
		a->period_ok = f == 1 && t == 1;
		v = attr(c, "approx");
		a->approx = v != NULL && strcmp(v, "yes") == 0;
		free(v);
		army_period_ranges(a);
	} else if (named(c, "terrain")) {
		set_text(&a->terrain, c);
	} else if (named(c, "aggression")) {
		read_aggression(c, a);
	} else if (named(c, "sources")) {
		set_text(&a->sources, c);
	} else if (named(c, "dbm")) {
		set_text(&a->dbm, c);
	} else if (named(c, "player")) {
		set_text(&a->player, c);
	} else if (named(c, "year")) {
		char *y = (char *)xmlNodeGetContent(c);

		if (y != NULL)  /* an integer: " -200 " is -200 */
			army_set_year(a, y, str_collapse(y),
			    xmlio_node_line(c, 0), 0);
		xmlFree(y);
	} else if (named(c, "note") && a->nnotes == ARMY_MAX_REFS) {
		if (!*full)
			DIAG_AT(ARMY_TOO_MANY_REFS, file, xmlio_node_line(c, 0), 0,
			    ARMY_MAX_REFS, "notes");
		*full = true;
	} else if (named(c, "note")) {
		char *t = text(c);

		v = attr(c, "column");
		army_add_note(a, v != NULL ? v : "", v != NULL ? strlen(v) : 0,
		    t, strlen(t));
		free(v);
		free(t);
	}
}

/* A <ref> of the <enemies> (en) or <allies> of a, streamed. */
static void
read_ref(xmlNodePtr r, struct army *a, bool en, const char *file,
    bool *full)
{
	char ***vv = en ? &a->enemies : &a->allies;
	size_t *nn = en ? &a->nenemies : &a->nallies;
	size_t *cc = en ? &a->capenemies : &a->capallies;

	if (!named(r, "ref"))
		return;
	if (*nn == ARMY_MAX_REFS) {
		if (!*full)
			DIAG_AT(ARMY_TOO_MANY_REFS, file, xmlio_node_line(r, 0), 0,
			    ARMY_MAX_REFS, en ? "enemies" : "allies");
		*full = true;
		return;
	}
	*vv = xgrow(*vv, cc, *nn + 1, sizeof **vv);
	(*vv)[*nn] = text(r);
	str_collapse((*vv)[(*nn)++]);  /* a token */
	if (!en) {
		char *j = attr(r, "join");
		int k = army_join_read(j);

		if (k > 0)
			army_set_ally_join(a, *nn - 1, (enum ally_join)k);
		free(j);
	}
}

/* The army at the reader (n, its start tag), streamed: each child is
 * expanded alone, and each entry of <elements> too, so that one army's
 * size does not pile up in memory.  Leaves the reader past the army's
 * start tag, on its end tag or after; returns the reader's status. */
static int
read_army(xmlTextReaderPtr r, xmlNodePtr n, const char *file, long line,
    struct army *a)
{
	xmlNodePtr c;
	long left = ARMY_MAX_ITEMS;
	bool empty = xmlTextReaderIsEmptyElement(r) == 1;
	bool full[3] = { false, false, false };  /* allies, enemies, notes */
	int rc, depth, in = 0;
	char *v;

	a->id = attr(n, "id");
	if (a->id == NULL)
		a->id = xstrdup("?");
	a->file = attr(n, "file");
	if (a->file == NULL)
		a->file = xstrdup(file);
	a->line = line;
	(void)num_attr(n, "line", line, 1, 0x7fffffffL, &a->line);
	v = attr(n, "incomplete");
	a->incomplete = v != NULL && strcmp(v, "yes") == 0;
	free(v);
	rc = xmlio_read(r, file);
	while (!empty && rc == 1 && (depth = xmlTextReaderDepth(r)) > 1) {
		c = xmlTextReaderCurrentNode(r);
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT) {
			rc = xmlio_read(r, file);
			continue;
		}
		if (depth == 2) {
			/* <elements>, <enemies> and <allies> entry by entry */
			in = named(c, "elements") ? 'e' : named(c, "enemies") ?
			    'n' : named(c, "allies") ? 'a' : 0;
			if (in == 'e') {
				free(a->elements_text);
				a->elements_text = attr(c, "text");
			}
			if (in == 'a') {
				a->has_allies = true;
				free(a->ally_elements);
				a->ally_elements = attr(c, "elements");
			}
			if (in != 0) {
				rc = xmlio_read(r, file);
				continue;
			}
		}
		if ((c = xmlio_expand(r, file)) == NULL)
			return -1;
		if (depth == 2)
			read_army_child(c, a, file, &full[2]);
		else if (depth == 3 && in == 'e')
			read_item(c, &a->list, &left);
		else if (depth == 3 && in != 0)
			read_ref(c, a, in == 'n', file, &full[in == 'n']);
		rc = xmlio_next(r, file);
	}
	if (left < 0) {
		DIAG_AT(ARMY_TOO_MANY_ELEMENTS, file, line, 0, ARMY_MAX_ITEMS);
		a->incomplete = true;
	}
	if (dropped)
		a->incomplete = true;
	dropped = false;
	if (a->name == NULL)
		a->name = xstrdup("");
	if (a->name_lang == NULL)
		a->name_lang = "en";
	return rc;
}

/* Whether the schema refused an army's id: its own check of the id
 * (the one armysax.c checks with), so that 'I/01', which it takes, is
 * read here as there; army_is_id without the schema. */
static bool
id_refused(xmlRelaxNGPtr schema, const char *id)
{
	const struct xmlio_facets *f;
	size_t i;

	f = schema != NULL ? xmlio_schema_facets(schema) : NULL;
	for (i = 0; f != NULL && i < f->n; i++)
		if (strcmp(f->v[i].element, "army") == 0 &&
		    strcmp(f->v[i].attr, "id") == 0)
			return !xmlio_facet_ok(&f->v[i], id);
	return strcmp(id, "?") != 0 && !army_is_id(id, strlen(id));
}

/* The input read with libxml2's streaming reader, which reports what
 * there is to report; the first skip armies are read without a word
 * and not handed on (armysax.c has). */
static void
read_reader(struct input *in, army_cb cb, void *ctx, long skip)
{
	xmlTextReaderPtr r;
	xmlNodePtr n;
	struct army a;
	xmlRelaxNGPtr schema;
	int rc, depth, type;
	long line, idline, hint = 0, mark;
	bool root_seen = false;
	char *label = NULL, *from = NULL;
	long label_line = 0, nth = 0;
	bool quiet;

	schema = xmlio_schema(armylist_rng, armylist_rng_len, "armylist.rng");
	if ((r = xmlio_reader(in)) == NULL)
		return;
	xmlio_reader_schema(r, schema);
	mark = diag_file_errors();
	rc = xmlio_read(r, in->name);
	while (rc == 1) {
		type = xmlTextReaderNodeType(r);
		/* element lines stop at 65535: past that, the line where
		 * the blank text just before the army ends is exact */
		if ((type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE ||
		    type == XML_READER_TYPE_WHITESPACE) &&
		    xmlTextReaderDepth(r) == 1) {
			hint = xmlio_line(r);
			rc = xmlio_read(r, in->name);
			continue;
		}
		if (type != XML_READER_TYPE_ELEMENT) {
			hint = 0;
			rc = xmlio_read(r, in->name);
			continue;
		}
		depth = xmlTextReaderDepth(r);
		if (depth == 0 && !root_seen) {
			root_seen = true;
			label = xmlio_attr(xmlTextReaderCurrentNode(r),
			    "rules");
			label_line = xmlio_line(r);
			from = xmlio_attr(xmlTextReaderCurrentNode(r),
			    "rules-from");
		}
		if (depth != 1 || strcmp((const char *)
		    xmlTextReaderConstLocalName(r), "army") != 0) {
			rc = xmlio_read(r, in->name);
			continue;
		}
		n = xmlTextReaderCurrentNode(r);
		army_init(&a);
		if ((quiet = nth++ < skip))
			(void)diag_mute(1);
		line = xmlio_line(r);
		idline = xmlio_node_line(n, 0);
		/* reading the army validates it */
		rc = read_army(r, n, in->name, line >= 65535 &&
		    hint >= 65535 ? hint : line, &a);
		hint = 0;
		a.rules = label;
		a.rules_line = label_line;
		a.rules_from = army_rules_from(from);
		report_numbers(mark);   /* before the army: its errors */
		if (quiet)
			(void)diag_mute(0);
		mark = diag_file_errors();
		/* an id the schema refused: the record is not read, as a
		 * JSON army's (what is written must validate) */
		if (rc >= 0 && !quiet && id_refused(schema, a.id))
			DIAG_AT(BAD_REFERENCE, in->name, idline, 0, a.id);
		else if (rc >= 0 && !quiet)
			cb(ctx, &a);
		army_free(&a);
	}
	if (rc == 0 && !root_seen)
		DIAG(NO_ROOT, 0, 0);
	if (rc == 0 && schema != NULL && xmlTextReaderIsValid(r) != 1 &&
	    diag_file_errors() == 0)
		DIAG(ARMYLIST_SCHEMA, 0, 0);
	xmlFree(label);
	xmlFree(from);
	xmlFreeTextReader(r);
}

void
armylist_read_xml(struct input *in, army_cb cb, void *ctx)
{
	long handed;
	int rc = armysax_read(armylist_rng, armylist_rng_len, in, cb, ctx,
	    &handed, false);

	if (rc == 0)
		return;
	if (rc < 0 && !input_again(in)) {
		diag_sys("cannot read '%s'", in->name);
		return;
	}
	read_reader(in, cb, ctx, handed);
}

bool
armylist_valid(const char *buf, size_t len)
{
	xmlRelaxNGPtr schema;
	xmlDocPtr d;
	bool ok;

	schema = xmlio_schema(armylist_rng, armylist_rng_len, "armylist.rng");
	if (schema == NULL || len > INT32_MAX)
		return false;
	d = xmlReadMemory(buf, (int)len, "armylist.xml", NULL, XML_PARSE_NONET |
	    XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	ok = d != NULL && xmlio_validate_doc(schema, d, false) == 0;
	xmlFreeDoc(d);
	return ok;
}
