/* The value of an attribute as our schemas read it: a token's or a
 * number's blanks collapsed, a string's kept (xmlio_value); and the
 * attribute reader of the tree (xmlio_attr). */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "core/str.h"
#include "core/xmlio.h"

/* Whether formats/[*].rng type attribute name of element el as a string
 * (or text): some names everywhere, others only on some elements (a
 * note's column, a unit's name) and tokens or numbers on the rest (a
 * move's column=yes, the unit of a rules section).  A battlefield's
 * attributes, all tokens, are not read through it (bfread.c).  The
 * troop of a <side> is a token in rules.rng, a string in combat.rng:
 * a troop code, read collapsed in both.  tests/unit/test_xmliovalue.c
 * holds this list to the schemas. */
static bool
string_attr(const char *el, const char *name)
{
	static const char *const strings[] = { "abbr", "battle-name",
		"breakoff", "defector", "dismount-name", "dismount-written",
		"file", "note", "other", "player", "source", "text", "title",
		"written", NULL };
	static const char *const on[][2] = { { "note", "column" },
		{ "allies", "elements" }, { "move", "id" },
		{ "effect", "leader" }, { "effect", "unit" }, { "pc", "unit" },
		{ "pc", "side" }, { "troop", "name" }, { "battle", "name" },
		{ "side", "name" }, { "unit", "name" }, { "event", "name" },
		{ "pc", "name" }, { "side", "roll" }, { "pc", "roll" },
		{ "side", "rolls" }, { "pc", "rolls" }, { "move", "troops" } };
	size_t i;

	if (str_in(name, strings))
		return true;
	for (i = 0; el != NULL && i < sizeof on / sizeof on[0]; i++)
		if (strcmp(el, on[i][0]) == 0 && strcmp(name, on[i][1]) == 0)
			return true;
	return false;
}

char *
xmlio_value(const char *el, const char *name, char *v)
{
	if (v != NULL && !string_attr(el, name))
		(void)str_collapse(v);
	return v;
}

char *
xmlio_attr(xmlNodePtr n, const char *name)
{
	return xmlio_value((const char *)n->name, name,
	    (char *)xmlGetNoNsProp(n, (const xmlChar *)name));
}
