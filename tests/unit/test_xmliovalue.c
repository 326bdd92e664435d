/* Unit test of the attribute values against the schemas: for every
 * attribute of formats/[*].rng, on the element it belongs to, whether
 * its schema types it as a string (kept as written) or as a token or a
 * number (its blanks collapsed), and whether the reader of that format
 * reads it so: by xmlio_value's list, or (the battlefield) every value
 * collapsed. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/xmlio.h"
#include "unit.h"

#define RNG "http://relaxng.org/ns/structure/1.0"
#define K_STRING 1
#define K_TOKEN 2

/* How the reader of a schema reads an attribute: xmlio_value, or
 * collapsed whatever it is (bfread.c). */
enum reader { R_VALUE, R_ALL };

static const struct schema {
	const char *file;
	enum reader how;
} schemas[] = {
	{ "formats/armylist.rng", R_VALUE },
	{ "formats/combat.rng", R_VALUE },
	{ "formats/move.rng", R_VALUE },
	{ "formats/event.rng", R_VALUE },
	{ "formats/catastrophe.rng", R_VALUE },
	{ "formats/survival.rng", R_VALUE },
	{ "formats/troops.rng", R_VALUE },
	{ "formats/findings.rng", R_VALUE },
	{ "formats/battlefield.rng", R_ALL },
	{ "formats/catastrophe-table.rng", R_VALUE },
	{ "formats/glory-table.rng", R_VALUE },
	{ "formats/survival-table.rng", R_VALUE },
	{ "formats/rules.rng", R_VALUE },
};

/* The pairs a reader settles otherwise than the schema types them,
 * each for its reason: a <side>'s troop of a combat is a troop code,
 * read collapsed; a catastrophe's <event name> in its odds is read by
 * no reader. */
static const char *const settled[][2] = { { "side", "troop" },
	{ "event", "name" } };

static xmlNodePtr root;         /* of the schema walked */
static int pairs;

static bool
is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && n->ns != NULL &&
	    strcmp((const char *)n->ns->href, RNG) == 0 &&
	    strcmp((const char *)n->name, name) == 0;
}

static char *
prop(xmlNodePtr n, const char *name)
{
	return (char *)xmlGetNoNsProp(n, (const xmlChar *)name);
}

static int kind_of(xmlNodePtr n, int depth);

/* The kinds of the contents of the defines named name. */
static int
kind_ref(const char *name, int depth)
{
	xmlNodePtr d;
	char *v;
	int k = 0;

	for (d = root->children; d != NULL && depth < 8; d = d->next) {
		if (!is(d, "define"))
			continue;
		v = prop(d, "name");
		if (v != NULL && strcmp(v, name) == 0)
			k |= kind_of(d, depth + 1);
		xmlFree(v);
	}
	return k;
}

/* The kinds (K_STRING, K_TOKEN) of the values n's content allows. */
static int
kind_of(xmlNodePtr n, int depth)
{
	xmlNodePtr c;
	char *v;
	int k = 0;

	for (c = n->children; c != NULL; c = c->next) {
		if (is(c, "text")) {
			k |= K_STRING;
		} else if (is(c, "data") || is(c, "value")) {
			v = prop(c, "type");
			k |= v != NULL && strcmp(v, "string") == 0 ? K_STRING :
			    K_TOKEN;
			xmlFree(v);
		} else if (is(c, "ref")) {
			v = prop(c, "name");
			if (v != NULL)
				k |= kind_ref(v, depth);
			xmlFree(v);
		} else if (c->type == XML_ELEMENT_NODE && !is(c, "param")) {
			k |= kind_of(c, depth);
		}
	}
	return k;
}

static bool
is_settled(const char *el, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof settled / sizeof settled[0]; i++)
		if (strcmp(el, settled[i][0]) == 0 &&
		    strcmp(name, settled[i][1]) == 0)
			return true;
	return false;
}

/* Attribute a of element el: read as its schema types it. */
static void
check_attr(const struct schema *s, const char *el, xmlNodePtr a)
{
	char *name = prop(a, "name"), buf[] = "  a  b ";
	int k = a->children == NULL ? K_STRING : kind_of(a, 0);
	bool string = k == K_STRING, kept;

	if (name == NULL || k == (K_STRING | K_TOKEN)) {
		xmlFree(name);
		return;
	}
	if (s->how == R_VALUE)
		kept = strcmp(xmlio_value(el, name, buf), "  a  b ") == 0;
	else
		kept = false;
	pairs++;
	if (kept != string && !is_settled(el, name)) {
		fprintf(stderr, "%s: <%s %s> is a %s, read %s\n", s->file, el,
		    name, string ? "string" : "token", kept ? "as written" :
		    "collapsed");
		CHECK(kept == string);
	} else {
		CHECK(true);
	}
	xmlFree(name);
}

/* The attributes of element el below n, not those of an element inside
 * it; through the defines n refers to. */
static void
attrs_below(const struct schema *s, const char *el, xmlNodePtr n,
    int depth)
{
	xmlNodePtr c, d;
	char *v, *w;

	for (c = n->children; c != NULL && depth < 8; c = c->next) {
		if (is(c, "element")) {
			continue;
		} else if (is(c, "attribute")) {
			check_attr(s, el, c);
		} else if (is(c, "ref")) {
			v = prop(c, "name");
			for (d = root->children; v != NULL && d != NULL;
			    d = d->next) {
				w = is(d, "define") ? prop(d, "name") : NULL;
				if (w != NULL && strcmp(w, v) == 0)
					attrs_below(s, el, d, depth + 1);
				xmlFree(w);
			}
			xmlFree(v);
		} else if (c->type == XML_ELEMENT_NODE) {
			attrs_below(s, el, c, depth);
		}
	}
}

/* Every element of the schema below n. */
static void
elements(const struct schema *s, xmlNodePtr n)
{
	xmlNodePtr c;
	char *el;

	for (c = n->children; c != NULL; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (is(c, "element") && (el = prop(c, "name")) != NULL) {
			attrs_below(s, el, c, 0);
			xmlFree(el);
		}
		elements(s, c);
	}
}

static void
test_schemas(void)
{
	size_t i;
	xmlDocPtr d;

	for (i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
		d = xmlio_parse_file(schemas[i].file);
		CHECK(d != NULL);
		if (d == NULL)
			continue;
		root = xmlDocGetRootElement(d);
		elements(&schemas[i], root);
		xmlFreeDoc(d);
	}
	fprintf(stderr, "test_xmliovalue: %d attributes\n", pairs);
	CHECK(pairs > 200);
}

int
main(void)
{
	diag_init("unit");
	xmlio_init();
	RUN(test_schemas());
	xmlio_cleanup();
	return UNIT_DONE("xmliovalue");
}
