/* Troop names: the embedded table, folded-name index, suggestions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/str.h"
#include "core/strset.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "rules/troop.h"

#include "gen/troops_xml.h"

static struct troop *troops;
static size_t ntroops, captroops;
static struct strset codes;        /* index = troop id */
static struct strset names;        /* folded names */
static const char **shown;         /* per name: as written in the table */
static int *nameid;                /* per name: the troop */
static size_t capnames;
static int loaded;
static struct sbuf fold;

static void
add_key(const char *name, int id)
{
	struct sbuf f = {0};
	bool added;
	size_t i, old;

	str_fold(&f, name, strlen(name));
	i = strset_add(&names, sbuf_str(&f), f.len, &added);
	sbuf_free(&f);
	if (!added)
		return;
	old = capnames;
	shown = xgrow(shown, &capnames, i + 1, sizeof *shown);
	nameid = xfollow(nameid, old, capnames, sizeof *nameid);
	shown[i] = name;
	nameid[i] = id;
}

static char **aliases;
static size_t naliases, capaliases;

static void
load_troop(xmlNodePtr t)
{
	struct troop *tr;
	xmlNodePtr c;
	char *v, *lg, *ab;
	int l, id = (int)ntroops;

	troops = xgrow(troops, &captroops, ntroops + 1, sizeof *troops);
	tr = &troops[ntroops++];
	memset(tr, 0, sizeof *tr);
	tr->id = id;
	v = xmlio_attr(t, "code");
	tr->code = xstrdup(v != NULL ? v : "?");
	xmlFree(v);
	if (strset_add(&codes, tr->code, strlen(tr->code), NULL) !=
	    (size_t)id) {
		diag_msg(EXIT_SYS, "internal error: troop code '%s' twice",
		    tr->code);
		exit(EXIT_SYS);
	}
	v = xmlio_attr(t, "class");
	tr->cls = v != NULL && strcmp(v, "mounted") == 0 ? CLASS_MOUNTED :
	    CLASS_FOOT;
	xmlFree(v);
	v = xmlio_attr(t, "editions");
	tr->editions = xstrdup(v != NULL ? v : "");
	xmlFree(v);
	add_key(tr->code, id);
	for (c = t->children; c != NULL; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		v = xmlio_text(c);
		if (strcmp((const char *)c->name, "alias") == 0) {
			aliases = xgrow(aliases, &capaliases, naliases + 1,
			    sizeof *aliases);
			aliases[naliases] = xstrdup(v);
			add_key(aliases[naliases++], id);
			xmlFree(v);
			continue;
		}
		lg = xmlio_attr(c, "lang");
		ab = xmlio_attr(c, "abbr");
		for (l = 0; l < LANG_N; l++)
			if (lg != NULL && strcmp(lg, lang_code(l)) == 0) {
				tr->name[l] = xstrdup(v);
				tr->abbr[l] = xstrdup(ab != NULL ? ab : v);
				add_key(tr->name[l], id);
				add_key(tr->abbr[l], id);
			}
		xmlFree(lg);
		xmlFree(ab);
		xmlFree(v);
	}
}

void
troop_init(void)
{
	xmlDocPtr doc;
	xmlNodePtr t;

	if (loaded)
		return;
	loaded = 1;
	doc = xmlio_parse_mem((const char *)troops_xml, troops_xml_len,
	    "troops.xml");
	if (doc == NULL) {
		diag_msg(EXIT_SYS, "internal error: troop table unreadable");
		exit(EXIT_SYS);
	}
	for (t = xmlDocGetRootElement(doc)->children; t; t = t->next)
		if (t->type == XML_ELEMENT_NODE)
			load_troop(t);
	xmlFreeDoc(doc);
}

size_t
troop_count(void)
{
	troop_init();
	return ntroops;
}

const struct troop *
troop_at(size_t i)
{
	troop_init();
	return i < ntroops ? &troops[i] : NULL;
}

const char *
troop_abbr(const struct troop *t, enum lang lang)
{
	return lang == LANG_EN || t->abbr[lang] == NULL ? t->code :
	    t->abbr[lang];
}

const struct troop *
troop_by_code(const char *code)
{
	long i;

	troop_init();
	i = strset_find(&codes, code);
	return i >= 0 ? &troops[i] : NULL;
}

static const struct troop *
find_folded(const char *f)
{
	long i = strset_find(&names, f);

	return i >= 0 ? &troops[nameid[i]] : NULL;
}

const struct troop *
troop_lookup(const char *name, size_t len)
{
	struct sbuf f = fold;       /* reused: lookups are on the hot path */
	const struct troop *t;

	troop_init();
	/* a figure-count prefix ("3Kn") is not part of the name */
	while (len > 1 && *name >= '0' && *name <= '9') {
		name++;
		len--;
	}
	str_fold(&f, name, len);
	t = find_folded(sbuf_str(&f));
	if (t == NULL && f.len > 2 && f.s[f.len - 1] == 's') {
		f.s[--f.len] = '\0';
		t = find_folded(f.s);
	}
	fold = f;
	return t;
}

const char *
troop_suggest(const char *name, size_t len)
{
	struct sbuf f = {0};
	const char *best = NULL, *k;
	int bestd, d;
	size_t i, besti = 0;

	troop_init();
	str_fold(&f, name, len);
	bestd = f.len <= 3 ? 1 : 2;         /* the farthest accepted */
	for (i = 0; i < strset_count(&names); i++) {
		k = strset_key(&names, i);
		d = str_editdist(sbuf_str(&f), k, bestd);
		/* a tie goes to the name first in byte order */
		if (d < bestd || (d == bestd && (best == NULL ||
		    strcmp(k, best) < 0))) {
			bestd = d;
			best = k;
			besti = i;
		}
	}
	sbuf_free(&f);
	return best != NULL ? shown[besti] : NULL;
}

const struct troop *
troop_find(const char *s, size_t n)
{
	size_t k = 0;
	long i;

	troop_init();
	while (k < n && s[k] >= '0' && s[k] <= '9')
		k++;
	if (k < n) {
		s += k;
		n -= k;
	}
	/* exact codes first: case tells some codes from other names */
	if ((i = strset_findn(&codes, s, n)) >= 0)
		return &troops[i];
	return troop_lookup(s, n);
}

/* Per troop, its standard forms (code, names, abbreviations) folded,
 * each ended by a NUL, the list by an empty one: folded once, at the
 * first question, not for every token. */
static struct sbuf *standard;

static void
add_form(struct sbuf *b, const char *name)
{
	if (name == NULL)
		return;
	str_fold(&fold, name, strlen(name));   /* str_fold resets fold */
	sbuf_add(b, fold.s, fold.len);
	sbuf_addc(b, '\0');
}

static const char *
standard_forms(const struct troop *t)
{
	struct sbuf *b;
	int l;

	if (standard == NULL)
		standard = xcalloc(ntroops, sizeof *standard);
	b = &standard[t->id];
	if (b->len == 0) {
		add_form(b, t->code);
		for (l = 0; l < LANG_N; l++) {
			add_form(b, t->name[l]);
			add_form(b, t->abbr[l]);
		}
		sbuf_addc(b, '\0');
	}
	return b->s;
}

bool
troop_is_standard(const struct troop *t, const char *s, size_t n)
{
	const char *p = standard_forms(t);     /* folds with fold too */

	str_fold(&fold, s, n);
	for (; *p != '\0'; p += strlen(p) + 1)
		if (strcmp(p, sbuf_str(&fold)) == 0)
			return true;
	return false;
}

const struct troop *
troop_find2(const char *a, size_t an, const char *b, size_t bn)
{
	char buf[128];
	int n;

	n = snprintf(buf, sizeof buf, "%.*s %.*s", (int)an, a, (int)bn, b);
	if (n <= 0 || (size_t)n >= sizeof buf)
		return NULL;
	return troop_lookup(buf, (size_t)n);
}

void
troop_unknown(const char *s, size_t n, long line, long col)
{
	DIAG(UNKNOWN_TROOP, line, col, (int)n, s,
	    diag_suggest(troop_suggest(s, n)));
}

const struct troop *
troop_lookup_or_suggest(const char *s, size_t n, long line, long col)
{
	const struct troop *t = troop_find(s, n);

	if (t == NULL)
		troop_unknown(s, n, line, col);
	return t;
}

bool
troop_in_edition(const struct troop *t, const char *edition)
{
	size_t n = strlen(edition);
	const char *p = t->editions;

	while ((p = strstr(p, edition)) != NULL) {
		if ((p == t->editions || p[-1] == ' ') &&
		    (p[n] == '\0' || p[n] == ' '))
			return true;
		p += n;
	}
	return false;
}

void
troop_cleanup(void)
{
	size_t i;
	int l;

	for (i = 0; i < ntroops; i++) {
		free(troops[i].code);
		free(troops[i].editions);
		for (l = 0; l < LANG_N; l++) {
			free(troops[i].name[l]);
			free(troops[i].abbr[l]);
		}
	}
	for (i = 0; standard != NULL && i < ntroops; i++)
		sbuf_free(&standard[i]);
	free(standard);
	standard = NULL;
	for (i = 0; i < naliases; i++)
		free(aliases[i]);
	free(aliases);
	free(troops);
	free(shown);
	free(nameid);
	strset_free(&codes);
	strset_free(&names);
	sbuf_free(&fold);
	troops = NULL;
	aliases = NULL;
	shown = NULL;
	nameid = NULL;
	ntroops = naliases = capaliases = captroops = capnames = 0;
	loaded = 0;
}
