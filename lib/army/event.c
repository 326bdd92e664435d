/* An event's rules for its entries (army/event.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "army/event.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "gen/event_rng.h"

static void
push(char ***v, size_t *n, size_t *cap, const char *s, size_t len)
{
	*v = xgrow(*v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrndup(s, len);
}

int
event_book(const char *id)
{
	static const char *const books[] = { "I/", "II/", "III/", "IV/" };
	int i;

	for (i = 3; i >= 0; i--)
		if (strncmp(id, books[i], strlen(books[i])) == 0)
			return i + 1;
	return 0;
}

/* A text file of ids: every word at the start of a line or after a
 * comma that is an army id (a name after it is skipped to the next
 * comma).  False, reported, when the file holds none. */
static bool
read_ids(struct event *e, struct input *in, const char *path)
{
	const char *l, *w;
	size_t n, i, k;

	while (input_getline(in, &l, &n)) {
		for (i = 0; i < n && l[i] != '#'; i = k) {
			while (i < n && (l[i] == ' ' || l[i] == '\t' ||
			    l[i] == ','))
				i++;
			for (k = i; k < n && l[k] != ' ' && l[k] != '\t' &&
			    l[k] != ',' && l[k] != '#'; k++)
				;
			w = l + i;
			if (k > i && army_is_id(w, k - i))
				push(&e->ids, &e->nids, &e->capids, w, k - i);
			else    /* a name: to the next comma */
				while (k < n && l[k] != ',' && l[k] != '#')
					k++;
		}
	}
	e->has_armies = true;
	if (e->nids > 0)
		return true;
	diag_msg(EXIT_DATA, "--event '%s' holds no army id", path);
	return false;
}

static bool
named(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

/* v (freed) pushed to the list, without the blanks around it that the
 * schema's token type allows */
static void
push_token(char ***list, size_t *n, size_t *cap, char *v)
{
	const char *s = v;
	size_t len = strlen(v);

	str_trim(&s, &len);
	push(list, n, cap, s, len);
	xmlFree(v);
}

static void
read_armies(struct event *e, xmlNodePtr a)
{
	xmlNodePtr c;

	e->has_armies = true;
	for (c = a->children; c != NULL; c = c->next)
		if (named(c, "ref"))
			push_token(&e->ids, &e->nids, &e->capids,
			    xmlio_text(c));
		else if (named(c, "theme"))
			push_token(&e->themes, &e->nthemes, &e->capthemes,
			    xmlio_attr(c, "of"));
}

static void
read_item(struct event *e, xmlNodePtr c)
{
	char *v = NULL;

	if (named(c, "rules"))
		push_token(&e->rules, &e->nrules, &e->caprules,
		    xmlio_text(c));
	else if (named(c, "book")) {
		const char *t;
		size_t n;
		char b[8];

		v = xmlio_text(c);
		t = v;
		n = strlen(v);
		str_trim(&t, &n);
		snprintf(b, sizeof b, "%.*s/", (int)(n < 4 ? n : 4), t);
		e->books |= 1u << event_book(b);
	} else if (named(c, "dates")) {
		e->has_from = xmlio_attr_long(c, "from", NULL, 0, -100000,
		    100000, &e->from) > 0;
		e->has_to = xmlio_attr_long(c, "to", NULL, 0, -100000,
		    100000, &e->to) > 0;
	} else if (named(c, "armies"))
		read_armies(e, c);
	else if (named(c, "allies")) {
		v = xmlio_attr(c, "allowed");
		e->allies = strcmp(v, "no") == 0 ? EV_ALLIES_NO :
		    strcmp(v, "selection") == 0 ? EV_ALLIES_SELECTION :
		    EV_ALLIES_ANY;
	}
	xmlFree(v);
}

static bool
read_xml(struct event *e, const char *path)
{
	xmlDocPtr doc = xmlio_parse_file(path);
	xmlRelaxNGPtr schema;
	xmlNodePtr root, c;
	char *v;

	if (doc == NULL)
		return false;
	schema = xmlio_schema(event_rng, event_rng_len, "event.rng");
	if (schema == NULL || xmlio_validate_doc(schema, doc, true) != 0) {
		xmlFreeDoc(doc);
		diag_raise(EXIT_DATA);
		return false;
	}
	root = xmlDocGetRootElement(doc);
	if ((v = xmlio_attr(root, "name")) != NULL) {
		free(e->name);
		e->name = xstrdup(v);
		xmlFree(v);
	}
	for (c = root->children; c != NULL; c = c->next)
		read_item(e, c);
	xmlFreeDoc(doc);
	return true;
}

struct event *
event_load(const char *path)
{
	struct event *e = xcalloc(1, sizeof *e);
	struct input in;
	bool ok = true;

	e->name = xstrdup(path);
	diag_set_file(path);
	if (input_open(&in, path) < 0) {
		event_free(e);
		return NULL;
	}
	if (input_first_byte(&in) == '<') {
		input_close(&in);
		ok = read_xml(e, path);
	} else {
		ok = read_ids(e, &in, path);
		input_close(&in);
	}
	diag_set_file("-");
	if (!ok) {
		event_free(e);
		return NULL;
	}
	return e;
}

void
event_free(struct event *e)
{
	if (e == NULL)
		return;
	free(e->name);
	strv_free(e->rules, e->nrules);
	strv_free(e->ids, e->nids);
	strv_free(e->themes, e->nthemes);
	free(e);
}
