/* Troop names: the embedded table, folded-name index, suggestions. */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/str.h"
#include "dba/troop.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#include "gen/troops_xml.h"

struct key {
	char *folded;
	const char *display;       /* as written in the table */
	int id;
};

static struct troop *troops;
static size_t ntroops, captroops;
static struct key *keys;
static size_t nkeys, capkeys;
static int loaded;
static struct sbuf fold;

static void
add_key(const char *name, int id)
{
	struct sbuf f = {0};

	str_fold(&f, name, strlen(name));
	keys = xgrow(keys, &capkeys, nkeys + 1, sizeof *keys);
	keys[nkeys].folded = f.s;
	keys[nkeys].display = name;
	keys[nkeys].id = id;
	nkeys++;
}

static int
keycmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	return strcmp(x->folded, y->folded);
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
	qsort(keys, nkeys, sizeof *keys, keycmp);
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

const struct troop *
troop_by_code(const char *code)
{
	size_t i;

	troop_init();
	for (i = 0; i < ntroops; i++)
		if (strcmp(troops[i].code, code) == 0)
			return &troops[i];
	return NULL;
}

static const struct troop *
find_folded(const char *f)
{
	struct key k = { NULL, NULL, 0 }, *r;

	k.folded = (char *)f;
	r = bsearch(&k, keys, nkeys, sizeof *keys, keycmp);
	return r != NULL ? &troops[r->id] : NULL;
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
	const char *best = NULL;
	int bestd, d;
	size_t i;

	troop_init();
	str_fold(&f, name, len);
	bestd = f.len <= 3 ? 2 : 3;
	for (i = 0; i < nkeys; i++) {
		d = str_editdist(sbuf_str(&f), keys[i].folded, bestd - 1);
		if (d < bestd) {
			bestd = d;
			best = keys[i].display;
		}
	}
	sbuf_free(&f);
	return best;
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

	for (i = 0; i < nkeys; i++)
		free(keys[i].folded);
	for (i = 0; i < ntroops; i++) {
		free(troops[i].code);
		free(troops[i].editions);
		for (l = 0; l < LANG_N; l++) {
			free(troops[i].name[l]);
			free(troops[i].abbr[l]);
		}
	}
	for (i = 0; i < naliases; i++)
		free(aliases[i]);
	free(aliases);
	free(keys);
	free(troops);
	sbuf_free(&fold);
	keys = NULL;
	troops = NULL;
	aliases = NULL;
	nkeys = ntroops = naliases = capkeys = capaliases = captroops = 0;
	loaded = 0;
}
