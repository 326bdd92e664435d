/* The pattern facets of our schemas: taken out of a schema where a C
 * check stands for them, and those checks run on the values. */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmliofacet.h"

/* ---- the checks: one a pattern, on the bytes of the value ---------------
 * XSD patterns match the whole value.  The classes of ours are ASCII but
 * for the negated ones ([^\s,]), which take any other character: on
 * UTF-8 bytes, any byte of 0x80 and up. */

static bool
digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
lower(char c)
{
	return c >= 'a' && c <= 'z';
}

static bool
letter(char c)
{
	return lower(c) || (c >= 'A' && c <= 'Z');
}

/* XSD's \s: space, tab, line feed, carriage return. */
static bool
space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Digits from s[*i], at least min and at most max (0: any): true when
 * within, *i past them. */
static bool
digits(const char *s, size_t n, size_t *i, size_t min, size_t max)
{
	size_t k = *i;

	while (k < n && digit(s[k]) && (max == 0 || k - *i < max))
		k++;
	if (k - *i < min)
		return false;
	*i = k;
	return true;
}

/* "-?[0-9]+(\.[0-9]+)?" from s[*i]. */
static bool
decimal(const char *s, size_t n, size_t *i)
{
	if (*i < n && s[*i] == '-')
		++*i;
	if (!digits(s, n, i, 1, 0))
		return false;
	if (*i < n && s[*i] == '.') {
		++*i;
		return digits(s, n, i, 1, 0);
	}
	return true;
}

/* ([IVX]+/)?[0-9]+[a-z]?(\.[0-9]+)?|\? */
static bool
army_id(const char *s, size_t n)
{
	size_t i = 0;

	if (n == 1 && s[0] == '?')
		return true;
	while (i < n && (s[i] == 'I' || s[i] == 'V' || s[i] == 'X'))
		i++;
	if (i > 0 && (i == n || s[i++] != '/'))
		return false;
	if (!digits(s, n, &i, 1, 0))
		return false;
	if (i < n && lower(s[i]))
		i++;
	if (i < n && s[i] == '.') {
		i++;
		if (!digits(s, n, &i, 1, 0))
			return false;
	}
	return i == n;
}

/* [A-Za-z]{2,3}|\? */
static bool
troop_code(const char *s, size_t n)
{
	size_t i;

	if (n == 1 && s[0] == '?')
		return true;
	if (n < 2 || n > 3)
		return false;
	for (i = 0; i < n; i++)
		if (!letter(s[i]))
			return false;
	return true;
}

/* [0-9]+(/[0-9]+)* */
static bool
figures(const char *s, size_t n)
{
	size_t i = 0;

	for (;;) {
		if (!digits(s, n, &i, 1, 0))
			return false;
		if (i == n)
			return true;
		if (s[i++] != '/')
			return false;
	}
}

/* -?[0-9]+(\.[0-9]+)?(p|mm|cm|in|bw)? */
static bool
length(const char *s, size_t n)
{
	size_t i = 0;

	if (!decimal(s, n, &i))
		return false;
	if (n - i == 1)
		return s[i] == 'p';
	if (n - i == 2)
		return (s[i] == 'm' && s[i + 1] == 'm') ||
		    (s[i] == 'c' && s[i + 1] == 'm') ||
		    (s[i] == 'i' && s[i + 1] == 'n') ||
		    (s[i] == 'b' && s[i + 1] == 'w');
	return i == n;
}

/* -?[0-9]+(\.[0-9]+)? */
static bool
angle(const char *s, size_t n)
{
	size_t i = 0;

	return decimal(s, n, &i) && i == n;
}

/* Characters but those of stop, at least one. */
static bool
none_of(const char *s, size_t n, const char *stop)
{
	size_t i;

	if (n == 0)
		return false;
	for (i = 0; i < n; i++)
		if (space(s[i]) || strchr(stop, s[i]) != NULL || s[i] == '\0')
			return false;
	return true;
}

/* [^\s,]+ */
static bool
no_blank_comma(const char *s, size_t n)
{
	return none_of(s, n, ",");
}

/* [^:,\s]+ */
static bool
no_blank_comma_colon(const char *s, size_t n)
{
	return none_of(s, n, ":,");
}

/* A first character first(c), then more(c) ones. */
static bool
word(const char *s, size_t n, bool (*first)(char), bool (*more)(char))
{
	size_t i;

	if (n == 0 || !first(s[0]))
		return false;
	for (i = 1; i < n; i++)
		if (!more(s[i]))
			return false;
	return true;
}

static bool
lower_digit_hyphen(char c)
{
	return lower(c) || digit(c) || c == '-';
}

static bool
lower_hyphen(char c)
{
	return lower(c) || c == '-';
}

static bool
alnum(char c)
{
	return letter(c) || digit(c);
}

static bool
alnum_hyphen(char c)
{
	return alnum(c) || c == '-';
}

/* The checks of a first character, then more. */
#define WORD_CHECK(name, first, more) \
	static bool \
	name(const char *s, size_t n) \
	{ \
		return word(s, n, first, more); \
	}

WORD_CHECK(event_name, lower, lower_digit_hyphen)     /* [a-z][a-z0-9\-]* */
WORD_CHECK(location_name, lower, lower_hyphen)        /* [a-z][a-z\-]* */
WORD_CHECK(rules_code, letter, alnum)                 /* [A-Za-z][A-Za-z0-9]* */
WORD_CHECK(rules_tag, alnum, alnum_hyphen)            /* [A-Za-z0-9][A-Za-z0-9-]* */

/* [a-z][a-z0-9]*(-[a-z0-9]+)* */
static bool
finding_code(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || !lower(s[0]) || s[n - 1] == '-')
		return false;
	for (i = 1; i < n; i++)
		if (!(lower(s[i]) || digit(s[i]) ||
		    (s[i] == '-' && s[i - 1] != '-')))
			return false;
	return true;
}

/* [0-9]{1,2}(/[0-9]{1,2}/[0-9]{1,2})? */
static bool
rolls(const char *s, size_t n)
{
	size_t i = 0;
	int k;

	if (!digits(s, n, &i, 1, 2))
		return false;
	if (i == n)
		return true;
	for (k = 0; k < 2; k++)
		if (i == n || s[i++] != '/' || !digits(s, n, &i, 1, 2))
			return false;
	return i == n;
}

/* [0-9]+(\.[0-9]{1,6})?([pP]|[mM][mM]|[cC][mM]|[iI][nN]|[bB][wW])? */
static bool
distance(const char *s, size_t n)
{
	size_t i = 0;
	char a, b;

	if (!digits(s, n, &i, 1, 0))
		return false;
	if (i < n && s[i] == '.') {
		i++;
		if (!digits(s, n, &i, 1, 6))
			return false;
	}
	if (n - i == 1)
		return (s[i] | 0x20) == 'p';
	if (n - i != 2)
		return i == n;
	a = (char)(s[i] | 0x20);
	b = (char)(s[i + 1] | 0x20);
	/* | 0x20 folds only letters here: the pairs hold no other byte */
	if (!letter(s[i]) || !letter(s[i + 1]))
		return false;
	return (a == 'm' && b == 'm') || (a == 'c' && b == 'm') ||
	    (a == 'i' && b == 'n') || (a == 'b' && b == 'w');
}

/* [0-9/]*[A-Za-z][A-Za-z0-9]* */
static bool
spelling_rest(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (digit(s[i]) || s[i] == '/'))
		i++;
	return rules_code(s + i, n - i);
}

/* (Mtd-)?[0-9/]*[A-Za-z][A-Za-z0-9]* */
static bool
spelling(const char *s, size_t n)
{
	if (n >= 4 && memcmp(s, "Mtd-", 4) == 0 && spelling_rest(s + 4, n - 4))
		return true;
	return spelling_rest(s, n);
}

const struct xmlio_facet_def xmlio_facet_defs[] = {
	{ "([IVX]+/)?[0-9]+[a-z]?(\\.[0-9]+)?|\\?", army_id,
	    "an army id (12, 12a, 12.1, II/12b, or ?)" },
	{ "[A-Za-z]{2,3}|\\?", troop_code,
	    "a troop code (2 or 3 letters, or ?)" },
	{ "[0-9]+(/[0-9]+)*", figures,
	    "a figure count (3, or 3/4)" },
	{ "-?[0-9]+(\\.[0-9]+)?(p|mm|cm|in|bw)?", length,
	    "a length (a number, then p, mm, cm, in or bw, or no unit)" },
	{ "-?[0-9]+(\\.[0-9]+)?", angle, "a number" },
	{ "[^\\s,]+", no_blank_comma, "an id (no blank, no comma)" },
	{ "[^:,\\s]+", no_blank_comma_colon,
	    "a name (no blank, comma or colon)" },
	{ "[a-z][a-z0-9\\-]*", event_name,
	    "a name (a lower-case letter, then letters, digits or -)" },
	{ "[a-z][a-z\\-]*", location_name,
	    "a name (a lower-case letter, then letters or -)" },
	{ "[a-z][a-z0-9]*(-[a-z0-9]+)*", finding_code,
	    "a code (lower-case words joined by -)" },
	{ "[0-9]{1,2}(/[0-9]{1,2}/[0-9]{1,2})?", rolls,
	    "a roll (11, or 3 of them: 11/9/14)" },
	{ "[0-9]+(\\.[0-9]{1,6})?([pP]|[mM][mM]|[cC][mM]|[iI][nN]|[bB][wW])?",
	    distance, "a distance (a number, then p, mm, cm, in or bw, "
	    "or no unit)" },
	{ "(Mtd-)?[0-9/]*[A-Za-z][A-Za-z0-9]*", spelling,
	    "a troop spelling (Mtd-4Lb, 7Hd, 3/4Bw)" },
	{ "[A-Za-z][A-Za-z0-9]*", rules_code,
	    "a code (a letter, then letters or digits)" },
	{ "[A-Za-z0-9][A-Za-z0-9-]*", rules_tag,
	    "a tag (letters, digits or -, not first)" },
	{ NULL, NULL, NULL }
};

const struct xmlio_facet_def *
xmlio_facet_def(const char *pattern)
{
	const struct xmlio_facet_def *d;

	for (d = xmlio_facet_defs; d->pattern != NULL; d++)
		if (strcmp(d->pattern, pattern) == 0)
			return d;
	return NULL;
}

/* ---- taking the patterns out of a schema -------------------------------- */

#define RNG_NS "http://relaxng.org/ns/structure/1.0"
#define XSD_LIB "http://www.w3.org/2001/XMLSchema-datatypes"
#define MAX_DEPTH 64

struct param {
	xmlNodePtr node;
	char *pattern;
	bool token, keep;
	const struct xmlio_facet_def *def;
};

/* An attribute definition the value of a pattern reaches (or none:
 * param -1), by the name of an element that holds it. */
struct contrib {
	xmlNodePtr attr;
	char *element, *name;
	long param;
	bool list;
};

struct strip {
	xmlDocPtr doc;
	struct param *p;
	size_t np, capp;
	struct contrib *c;
	size_t nc, capc;
	xmlNodePtr *refs;           /* every <ref> */
	size_t nrefs, caprefs;
	bool whole;                 /* keep every pattern */
};

/* The namespace declaration of RNG met last: the elements of a schema
 * share one, compared by address before by name. */
static xmlNsPtr rng_ns;

static bool
rng(xmlNodePtr n, const char *name)
{
	if (n == NULL || n->type != XML_ELEMENT_NODE || n->ns == NULL)
		return false;
	if (n->ns != rng_ns) {
		if (strcmp((const char *)n->ns->href, RNG_NS) != 0)
			return false;
		rng_ns = n->ns;
	}
	return name == NULL || strcmp((const char *)n->name, name) == 0;
}

static bool
rng_in(xmlNodePtr n, const char *const *names)
{
	for (; *names != NULL; names++)
		if (rng(n, *names))
			return true;
	return false;
}

/* The RNG elements among n's children. */
static size_t
rng_children(xmlNodePtr n)
{
	xmlNodePtr c;
	size_t k = 0;

	for (c = n->children; c != NULL; c = c->next)
		if (rng(c, NULL))
			k++;
	return k;
}

/* An attribute of n without a copy ("" when absent). */
static const char *
prop(xmlNodePtr n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(n, (const xmlChar *)name);

	if (a == NULL || a->children == NULL || a->children->content == NULL)
		return "";
	return (const char *)a->children->content;
}

/* The simple name of an <element> or <attribute> (name= or a <name>
 * child), NULL for a name class. */
static char *
rng_name(xmlNodePtr n)
{
	xmlNodePtr c;
	const char *v;
	xmlChar *t;
	size_t len;
	char *r = NULL;

	if (xmlHasProp(n, (const xmlChar *)"name") != NULL) {
		v = prop(n, "name");
		return strchr(v, ':') != NULL ? NULL : xstrdup(v);
	}
	for (c = n->children; c != NULL && !rng(c, NULL); c = c->next)
		;
	if (!rng(c, "name"))
		return NULL;
	t = xmlNodeGetContent(c);
	v = (const char *)t;
	len = strlen(v);
	str_trim(&v, &len);
	if (memchr(v, ':', len) == NULL)
		r = xstrndup(v, len);
	xmlFree(t);
	return r;
}

static void
add_contrib(struct strip *st, xmlNodePtr attr, const char *element,
    const char *name, long param, bool list)
{
	struct contrib *c;

	st->c = xgrow(st->c, &st->capc, st->nc + 1, sizeof *st->c);
	attr->_private = st;            /* a value of a pattern reaches it */
	c = &st->c[st->nc++];
	c->attr = attr;
	c->element = xstrdup(element);
	c->name = xstrdup(name);
	c->param = param;
	c->list = list;
}

static void
keep(struct strip *st, long param)
{
	if (param >= 0)
		st->p[param].keep = true;
}

/* The elements holding attribute definition attr, from n up. */
static void
owners(struct strip *st, xmlNodePtr attr, xmlNodePtr n, const char *name,
    long param, bool list, int depth)
{
	static const char *const through[] = { "optional", "zeroOrMore",
	    "oneOrMore", "choice", "group", "interleave", "mixed", NULL };
	xmlNodePtr p = n->parent;
	size_t i;
	char *e;

	if (depth > MAX_DEPTH) {
		keep(st, param);
		st->whole = true;
	} else if (rng(p, "element")) {
		if ((e = rng_name(p)) == NULL) {
			st->whole = true;
			return;
		}
		add_contrib(st, attr, e, name, param, list);
		free(e);
	} else if (rng_in(p, through)) {
		owners(st, attr, p, name, param, list, depth + 1);
	} else if (rng(p, "define")) {
		for (i = 0; i < st->nrefs; i++)
			if (strcmp(prop(st->refs[i], "name"), prop(p, "name"))
			    == 0)
				owners(st, attr, st->refs[i], name, param, list,
				    depth + 1);
	} else
		keep(st, param);
}

/* The definitions the value of n (a <data>, or a <ref> to one) is the
 * whole of: up through <list> (each token), <define> (its refs), to an
 * <attribute>.  Anything else around it (a <choice> of values, an
 * element's text) keeps the pattern, but the climb goes on so that its
 * attribute counts as one with another pattern. */
static void
climb(struct strip *st, xmlNodePtr n, long param, bool list, bool tainted,
    int depth)
{
	xmlNodePtr p = n->parent;
	size_t i;
	char *name;

	if (depth > MAX_DEPTH || p == NULL || p->type != XML_ELEMENT_NODE ||
	    rng_in(p, (const char *const[]){ "start", "grammar", "element",
	    NULL })) {
		keep(st, param);
		return;
	}
	if (rng(p, "list") || rng(p, "oneOrMore") || rng(p, "zeroOrMore")) {
		/* <list> of one item, or of <oneOrMore> (<zeroOrMore>) of
		 * one item: every token */
		if (list || rng_children(p) != 1 || (!rng(p, "list") &&
		    !(rng(p->parent, "list") && rng_children(p->parent) == 1)))
			tainted = true;
		climb(st, p, param, rng(p, "list") ? true : list, tainted,
		    depth + 1);
	} else if (rng(p, "attribute")) {
		if (tainted)
			keep(st, param);
		if ((name = rng_name(p)) == NULL) {
			st->whole = true;
			return;
		}
		owners(st, p, p, name, param, list, 0);
		free(name);
	} else if (rng(p, "define")) {
		if (*prop(p, "combine") != '\0')
			tainted = true;
		for (i = 0; i < st->nrefs; i++)
			if (strcmp(prop(st->refs[i], "name"), prop(p, "name"))
			    == 0)
				climb(st, st->refs[i], param, list, tainted,
				    depth + 1);
	} else
		climb(st, p, param, list, true, depth + 1);
}

/* The datatype library in force at n. */
static const char *
library(xmlNodePtr n)
{
	for (; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent)
		if (xmlHasProp(n, (const xmlChar *)"datatypeLibrary") != NULL)
			return prop(n, "datatypeLibrary");
	return "";
}

/* Walk the schema: the pattern params, the refs, whether its shape is
 * one we read (no name classes, nested grammars, includes). */
static void
collect(struct strip *st, xmlNodePtr n, int depth)
{
	static const char *const whole[] = { "anyName", "nsName",
	    "parentRef", "externalRef", "include", NULL };
	xmlNodePtr c, d;
	struct param *p;
	xmlChar *t;
	size_t k;

	for (c = n; c != NULL; c = c->next) {
		if (!rng(c, NULL))
			continue;
		if (rng_in(c, whole) || (rng(c, "grammar") && depth > 0) ||
		    depth > MAX_DEPTH)
			st->whole = true;
		if (rng(c, "ref"))
			st->refs[st->nrefs++] = c;
		if (rng(c, "param") && strcmp(prop(c, "name"), "pattern") == 0) {
			d = c->parent;
			st->p = xgrow(st->p, &st->capp, st->np + 1,
			    sizeof *st->p);
			p = &st->p[st->np++];
			memset(p, 0, sizeof *p);
			p->node = c;
			t = xmlNodeGetContent(c);
			p->pattern = xstrdup((const char *)t);
			xmlFree(t);
			p->def = xmlio_facet_def(p->pattern);
			p->token = strcmp(prop(d, "type"), "token") == 0;
			k = 0;
			for (d = d->children; d != NULL; d = d->next)
				if (rng(d, "param") && strcmp(prop(d, "name"),
				    "pattern") == 0)
					k++;
			/* two patterns of one datatype: either will do */
			p->keep = p->def == NULL || k != 1 ||
			    strcmp(library(c->parent), XSD_LIB) != 0 ||
			    (!p->token && strcmp(prop(c->parent, "type"),
			    "string") != 0);
		}
		if (c->children != NULL)
			collect(st, c->children, depth + 1);
	}
}

/* Count the refs first (collect stores them). */
static size_t
count_refs(xmlNodePtr n)
{
	size_t k = 0;

	for (; n != NULL; n = n->next) {
		if (rng(n, "ref"))
			k++;
		if (n->children != NULL)
			k += count_refs(n->children);
	}
	return k;
}

/* Each attribute definition without a pattern reaching it (no mark of
 * add_contrib: the marks are cleared on the way), by its elements: a
 * value that no check of ours may refuse. */
static void
plain_attrs(struct strip *st, xmlNodePtr n)
{
	bool reached;
	char *name;

	for (; n != NULL; n = n->next) {
		if (rng(n, "attribute")) {
			reached = n->_private != NULL;
			n->_private = NULL;
			if ((name = rng_name(n)) == NULL)
				st->whole = true;
			else if (!reached)
				owners(st, n, n, name, -1, false, 0);
			free(name);
		}
		if (n->children != NULL)
			plain_attrs(st, n->children);
	}
}

static bool
same_key(const struct contrib *a, const struct contrib *b)
{
	return strcmp(a->element, b->element) == 0 &&
	    strcmp(a->name, b->name) == 0;
}

/* Whether the definitions of a's attribute all carry one pattern that
 * goes. */
static bool
key_ok(const struct strip *st, const struct contrib *a)
{
	const struct contrib *b;
	const struct param *p, *q;
	size_t i;

	if (a->param < 0 || (q = &st->p[a->param])->keep)
		return false;
	for (i = 0; i < st->nc; i++) {
		b = &st->c[i];
		if (!same_key(a, b))
			continue;
		if (b->param < 0)
			return false;
		p = &st->p[b->param];
		if (p->keep || p->token != q->token || b->list != a->list ||
		    strcmp(p->pattern, q->pattern) != 0)
			return false;
	}
	return true;
}

static void
strip_free(struct strip *st)
{
	size_t i;

	for (i = 0; i < st->np; i++)
		free(st->p[i].pattern);
	for (i = 0; i < st->nc; i++) {
		free(st->c[i].element);
		free(st->c[i].name);
	}
	free(st->p);
	free(st->c);
	free(st->refs);
}

void
xmlio_facets_strip(xmlDocPtr rngdoc, struct xmlio_facets *f)
{
	struct strip st;
	struct xmlio_facet *e;
	xmlNodePtr root = xmlDocGetRootElement(rngdoc);
	bool changed;
	size_t i, j, cap = 0;

	memset(f, 0, sizeof *f);
	memset(&st, 0, sizeof st);
	if (root == NULL)
		return;
	st.doc = rngdoc;
	st.caprefs = count_refs(root);
	st.refs = xcalloc(st.caprefs + 1, sizeof *st.refs);
	collect(&st, root, 0);
	for (i = 0; i < st.np && !st.whole; i++)
		climb(&st, st.p[i].node->parent, (long)i, false, false, 0);
	plain_attrs(&st, root);         /* clears add_contrib's marks too */
	do {
		changed = false;
		for (i = 0; i < st.nc; i++) {
			if (st.whole || key_ok(&st, &st.c[i]))
				continue;
			for (j = 0; j < st.nc; j++)
				if (same_key(&st.c[i], &st.c[j]) &&
				    st.c[j].param >= 0 &&
				    !st.p[st.c[j].param].keep) {
					st.p[st.c[j].param].keep = true;
					changed = true;
				}
		}
	} while (changed);
	for (i = 0; i < st.nc && !st.whole; i++) {
		if (!key_ok(&st, &st.c[i]))
			continue;
		for (j = 0; j < f->n && !(strcmp(f->v[j].element,
		    st.c[i].element) == 0 && strcmp(f->v[j].attr,
		    st.c[i].name) == 0); j++)
			;
		if (j < f->n)
			continue;
		f->v = xgrow(f->v, &cap, f->n + 1, sizeof *f->v);
		e = &f->v[f->n++];
		e->element = xstrdup(st.c[i].element);
		e->attr = xstrdup(st.c[i].name);
		e->token = st.p[st.c[i].param].token;
		e->list = st.c[i].list;
		e->def = st.p[st.c[i].param].def;
	}
	for (i = 0; i < st.np; i++) {
		if (st.whole || st.p[i].keep) {
			f->kept++;
			continue;
		}
		xmlUnlinkNode(st.p[i].node);
		xmlFreeNode(st.p[i].node);
	}
	strip_free(&st);
}

void
xmlio_facets_free(struct xmlio_facets *f)
{
	size_t i;

	if (!f->builtin) {
		for (i = 0; i < f->n; i++) {
			free((void *)f->v[i].element);
			free((void *)f->v[i].attr);
		}
		free(f->v);
	}
	memset(f, 0, sizeof *f);
}

/* ---- checking values ---------------------------------------------------- */

/* "attribute 'A' of <E> is not valid: 'V' is not WHAT", V clipped and
 * its line ends shown as \n (a diagnostic is one line). */
static void
report(const struct xmlio_facet *e, const char *v, size_t n,
    const char *file, long line)
{
	struct sbuf m = {0};
	size_t i = 0, k;
	int c;

	sbuf_printf(&m, "attribute '%s' of <%s> is not valid: '", e->attr,
	    e->element);
	for (c = 0; i < n && c < DIAG_QUOTE_MAX; c++) {
		k = utf8_seqlen(v + i, n - i);
		if (v[i] == '\n' || v[i] == '\t' || v[i] == '\r')
			sbuf_adds(&m, v[i] == '\n' ? "\\n" : v[i] == '\t' ?
			    "\\t" : "\\r");
		else
			sbuf_add(&m, v + i, k);
		i += k;
	}
	sbuf_printf(&m, "%s' is not %s", i < n ? "..." : "", e->def->what);
	DIAG_AT(XML, file, line, 0, sbuf_str(&m));
	sbuf_free(&m);
}

/* One value of e: the number of bad ones (tokens of a list). */
static int
check_value(const struct xmlio_facet *e, const char *v, const char *file,
    long line, bool rep)
{
	size_t n = strlen(v), i, j, k;
	char small[128], *buf = small;
	int bad = 0;

	if (e->list) {
		for (i = 0; i < n; i = j) {
			while (i < n && space(v[i]))
				i++;
			for (j = i; j < n && !space(v[j]); j++)
				;
			if (j > i && !e->def->ok(v + i, j - i)) {
				if (rep)
					report(e, v + i, j - i, file, line);
				bad++;
			}
		}
		return bad;
	}
	if (e->token && n > 0 && (space(v[0]) || space(v[n - 1]) ||
	    strpbrk(v, "\t\n\r") != NULL || strstr(v, "  ") != NULL)) {
		/* whitespace collapsed: no blank at the ends, one between */
		if (n >= sizeof small)
			buf = xmalloc(n + 1);
		for (i = k = 0; i < n; i++) {
			if (!space(v[i]))
				buf[k++] = v[i];
			else if (k > 0 && i + 1 < n && !space(v[i + 1]))
				buf[k++] = ' ';
		}
		buf[k] = '\0';
		v = buf;
		n = k;
	}
	if (!e->def->ok(v, n)) {
		if (rep)
			report(e, v, n, file, line);
		bad++;
	}
	if (buf != small)
		free(buf);
	return bad;
}

bool
xmlio_facet_ok(const struct xmlio_facet *e, const char *v)
{
	return check_value(e, v, NULL, 0, false) == 0;
}

int
xmlio_facets_node(const struct xmlio_facets *f, xmlNodePtr n,
    const char *file, long line, bool rep)
{
	const struct xmlio_facet *e;
	xmlAttrPtr a;
	xmlChar *v;
	size_t i;
	int bad = 0;

	if (f == NULL || f->n == 0 || n == NULL ||
	    n->type != XML_ELEMENT_NODE)
		return 0;
	for (a = n->properties; a != NULL; a = a->next) {
		if (a->ns != NULL)
			continue;
		for (i = 0; i < f->n; i++) {
			e = &f->v[i];
			if (e->attr[0] != a->name[0] || e->element[0] !=
			    n->name[0] || strcmp(e->attr, (const char *)
			    a->name) != 0 || strcmp(e->element,
			    (const char *)n->name) != 0)
				continue;
			if (a->children != NULL && a->children->next == NULL &&
			    a->children->type == XML_TEXT_NODE &&
			    a->children->content != NULL) {
				bad += check_value(e, (const char *)
				    a->children->content, file, line, rep);
				break;
			}
			v = xmlNodeListGetString(n->doc, a->children, 1);
			bad += check_value(e, v != NULL ? (const char *)v : "",
			    file, line, rep);
			xmlFree(v);
			break;
		}
	}
	return bad;
}

int
xmlio_facets_below(const struct xmlio_facets *f, xmlNodePtr n,
    const char *file, long base, bool rep)
{
	xmlNodePtr c;
	int bad = 0;

	if (f == NULL || f->n == 0 || n == NULL)
		return 0;
	for (c = n->children; c != NULL; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		bad += xmlio_facets_node(f, c, file, xmlGetLineNo(c) + base,
		    rep);
		bad += xmlio_facets_below(f, c, file, base, rep);
	}
	return bad;
}
