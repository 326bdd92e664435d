/* xmliofacet: the RELAX NG pattern facets of our schemas checked in C.
 *
 * libxml2 2.9 compiles a <param name="pattern"> regular expression
 * again for every value it checks (a third of the time of reading an
 * armylist back).  A schema is loaded with each pattern that a C check
 * below stands for taken out of its tree (its datatype kept), and the
 * readers check the values those patterns applied to in C: the same
 * values are accepted and refused as by the strict schema in formats/
 * (tests/facets.bats compares with xmllint on generated values).
 *
 * A pattern is taken out only where its meaning is one value of one
 * attribute (or each token of a <list> in one): an attribute named by
 * its element and its own name, every attribute of that name on that
 * element carrying the same pattern.  Anything else (a pattern inside
 * a <choice>, on an element's text, without a C check of its own) stays
 * in the schema and libxml2 checks it as before. */
#ifndef BELLIS_XMLIOFACET_H
#define BELLIS_XMLIOFACET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

/* A pattern with its C check: ok(s, n) on the value after the
 * datatype's whitespace processing; what names the values it allows,
 * for messages ("a troop code (2 or 3 letters, or ?)"). */
struct xmlio_facet_def {
	const char *pattern;
	bool (*ok)(const char *s, size_t n);
	const char *what;
};
/* The patterns with a C check, NULL-pattern terminated. */
extern const struct xmlio_facet_def xmlio_facet_defs[];
/* The check of a pattern (exactly as written in the schema), or NULL. */
const struct xmlio_facet_def *xmlio_facet_def(const char *pattern);

/* One attribute whose pattern was taken out. */
struct xmlio_facet {
	const char *element, *attr;
	bool token;          /* datatype token (whitespace collapsed), else
	                        string (the value as it is) */
	bool list;           /* a <list>: each whitespace-separated token */
	const struct xmlio_facet_def *def;
};

struct xmlio_facets {
	struct xmlio_facet *v;
	size_t n;
	size_t kept;         /* patterns left in the schema */
	bool builtin;        /* a table of the build (xmlio_schemas_pre),
	                        not freed */
};

/* Take the patterns with a C check out of the parsed schema doc (an
 * RNG document), where that keeps their meaning; *f lists the
 * attributes the C checks now answer for.  The one place where a
 * schema loses its facets (xmlio_schema calls it). */
void xmlio_facets_strip(xmlDocPtr rng, struct xmlio_facets *f);
void xmlio_facets_free(struct xmlio_facets *f);

/* A schema made ready at build time from formats/ (tools/gen/gen-tables
 * schemas, build/gen/schemas.c), so that no start strips one: the
 * length and xmlio_schema_hash of the source it was made from, the RNG
 * text and the facets xmlio_schema_prepare makes of that source.
 * xmlio_schema takes an entry for a source of the same length and hash;
 * tests/unit/test_tables.c compares each with what xmlio_schema_prepare
 * makes of formats/ at run time. */
struct xmlio_schema_pre {
	const char *name;
	size_t srclen;
	uint64_t srchash;
	const unsigned char *rng;
	size_t rnglen;
	struct xmlio_facets f;
};
extern const struct xmlio_schema_pre xmlio_schemas_pre[];
extern const size_t xmlio_nschemas_pre;

/* The hash of a schema source (64-bit FNV-1a). */
uint64_t xmlio_schema_hash(const unsigned char *buf, size_t len);
/* The entry of xmlio_schemas_pre made from these bytes, or NULL. */
const struct xmlio_schema_pre *xmlio_schema_prebuilt(
    const unsigned char *buf, size_t len);
/* What a schema source is compiled from: the source parsed, its facets
 * with a C check taken out (xmlio_facets_strip, listed in *f), comments
 * and blank text dropped (what RELAX NG's simplification drops: blank
 * text anywhere but in <value> and <param>), written back as XML into
 * *rng (malloc'd, *rnglen bytes).  0, or -1 when the source is not
 * well-formed (reported against name).  The one place that turns a
 * schema source into what the readers validate with: at build time
 * for formats/, at run time for any other. */
int xmlio_schema_prepare(const unsigned char *buf, size_t len,
    const char *name, unsigned char **rng, size_t *rnglen,
    struct xmlio_facets *f);

/* Whether v (an attribute's value, NUL-terminated) passes e's check. */
bool xmlio_facet_ok(const struct xmlio_facet *e, const char *v);
/* Check the attributes of element n against f; each bad value is
 * reported (when report) as an "xml" error of file at line: "attribute
 * 'A' of <E> is not valid: 'V' is not WHAT".  Returns the number of bad
 * values. */
int xmlio_facets_node(const struct xmlio_facets *f, xmlNodePtr n,
    const char *file, long line, bool report);
/* The same for every element below n (not n), each at its own line
 * (libxml2's, moved on by base lines). */
int xmlio_facets_below(const struct xmlio_facets *f, xmlNodePtr n,
    const char *file, long base, bool report);

#endif
