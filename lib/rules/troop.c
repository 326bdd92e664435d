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

#include "rules/tables.h"

/* The table in use: the compiled one, or one read from XML (xt). */
static const struct troop_table *tab;
static struct sbuf fold;
/* the bytes troop_lookup folded last (no figure count before them), while
 * fold holds them folded whole: troop_is_standard of the same name, as
 * a list's parser asks it next, folds them no second time */
static struct sbuf folded_from;
static bool fold_whole;

/* A memo of troop_lookup and troop_is_standard by the name's bytes as
 * written: a list names few troops, each many times, and a look-up
 * folds the name and probes the set where the memo hashes and compares
 * a few bytes.  One slot a hash; emptied with the table (troop_cleanup). */
#define MEMO_SLOTS 256
#define MEMO_LEN 24
static struct memo {
	unsigned char n;        /* 0: an empty slot (no empty name is kept) */
	signed char std;        /* troop_is_standard(t, s): -1 not asked */
	const struct troop *t;  /* troop_lookup(s): NULL, unknown */
	char s[MEMO_LEN];
} memo[MEMO_SLOTS];

static struct memo *
memo_slot(const char *s, size_t n)
{
	size_t h = 2166136261u, i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return &memo[(h ^ (h >> 11)) & (MEMO_SLOTS - 1)];
}

static bool
memo_holds(const struct memo *m, const char *s, size_t n)
{
	return m->n == n && memcmp(m->s, s, n) == 0;
}

/* A table read from XML: the arrays of tab, growable and owned. */
static struct xtable {
	struct troop_table t;
	struct troop *troop;
	size_t cap, capnames;
	const char **shown;
	int *nameid;
	char **standard;
	char **aliases;
	size_t naliases, capaliases;
} *xt;

static void
add_key(const char *name, int id)
{
	struct sbuf f = {0};
	bool added;
	size_t i, old;

	str_fold(&f, name, strlen(name));
	i = strset_add(&xt->t.names, sbuf_str(&f), f.len, &added);
	sbuf_free(&f);
	if (!added)
		return;
	old = xt->capnames;
	xt->shown = xgrow(xt->shown, &xt->capnames, i + 1, sizeof *xt->shown);
	xt->nameid = xfollow(xt->nameid, old, xt->capnames,
	    sizeof *xt->nameid);
	xt->shown[i] = name;
	xt->nameid[i] = id;
}

static void
load_troop(xmlNodePtr t)
{
	struct troop *tr;
	xmlNodePtr c;
	char *v, *lg, *ab;
	int l, id = (int)xt->t.n;

	xt->troop = xgrow(xt->troop, &xt->cap, xt->t.n + 1,
	    sizeof *xt->troop);
	tr = &xt->troop[xt->t.n++];
	memset(tr, 0, sizeof *tr);
	tr->id = id;
	v = xmlio_attr(t, "code");
	tr->code = xstrdup(v != NULL ? v : "?");
	xmlFree(v);
	if (strset_add(&xt->t.codes, tr->code, strlen(tr->code), NULL) !=
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
			xt->aliases = xgrow(xt->aliases, &xt->capaliases,
			    xt->naliases + 1, sizeof *xt->aliases);
			xt->aliases[xt->naliases] = xstrdup(v);
			add_key(xt->aliases[xt->naliases++], id);
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

static void
add_form(struct sbuf *b, const char *name)
{
	if (name == NULL)
		return;
	str_fold(&fold, name, strlen(name));   /* str_fold resets fold */
	fold_whole = false;
	sbuf_add(b, fold.s, fold.len);
	sbuf_addc(b, '\0');
}

/* Per troop, its standard forms (code, names, abbreviations) folded. */
static void
standard_forms(void)
{
	struct sbuf b = {0};
	const struct troop *t;
	size_t i;
	int l;

	xt->standard = xcalloc(xt->t.n + 1, sizeof *xt->standard);
	for (i = 0; i < xt->t.n; i++) {
		t = &xt->troop[i];
		sbuf_reset(&b);
		add_form(&b, t->code);
		for (l = 0; l < LANG_N; l++) {
			add_form(&b, t->name[l]);
			add_form(&b, t->abbr[l]);
		}
		sbuf_addc(&b, '\0');
		xt->standard[i] = xmalloc(b.len);
		memcpy(xt->standard[i], b.s, b.len);
	}
	sbuf_free(&b);
}

int
troop_load_xml(const char *buf, size_t len, const char *name)
{
	xmlDocPtr doc;
	xmlNodePtr t;

	troop_cleanup();
	if ((doc = xmlio_parse_mem(buf, len, name)) == NULL)
		return -1;
	xt = xcalloc(1, sizeof *xt);
	for (t = xmlDocGetRootElement(doc)->children; t; t = t->next)
		if (t->type == XML_ELEMENT_NODE)
			load_troop(t);
	xmlFreeDoc(doc);
	standard_forms();
	xt->t.troop = xt->troop;
	xt->t.shown = xt->shown;
	xt->t.nameid = xt->nameid;
	xt->t.standard = (const char *const *)xt->standard;
	tab = &xt->t;
	return 0;
}

void
troop_init(void)
{
	if (tab != NULL)
		return;
	if (troop_builtin.n == 0) {
		diag_msg(EXIT_SYS, "internal error: no troop table");
		exit(EXIT_SYS);
	}
	tab = &troop_builtin;
}

const struct troop_table *
troop_table(void)
{
	troop_init();
	return tab;
}

size_t
troop_count(void)
{
	troop_init();
	return tab->n;
}

const struct troop *
troop_at(size_t i)
{
	troop_init();
	return i < tab->n ? &tab->troop[i] : NULL;
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
	i = strset_find(&tab->codes, code);
	return i >= 0 ? &tab->troop[i] : NULL;
}

static const struct troop *
find_folded(const char *f)
{
	long i = strset_find(&tab->names, f);

	return i >= 0 ? &tab->troop[tab->nameid[i]] : NULL;
}

const struct troop *
troop_lookup(const char *name, size_t len)
{
	struct sbuf f = fold;       /* reused: lookups are on the hot path */
	const struct troop *t;
	struct memo *m = NULL;
	const char *from = name;
	size_t whole = len;

	troop_init();
	if (len > 0 && len < MEMO_LEN) {
		m = memo_slot(name, len);
		if (memo_holds(m, name, len)) {
			fold_whole = false;
			return m->t;
		}
	}
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
		f.s[f.len++] = 's';
	}
	fold = f;
	fold_whole = name == from;
	if (fold_whole) {
		sbuf_reset(&folded_from);
		sbuf_add(&folded_from, name, len);
	}
	if (m != NULL) {
		m->std = -1;
		m->n = (unsigned char)whole;
		memcpy(m->s, from, whole);
		m->t = t;
	}
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
	for (i = 0; i < strset_count(&tab->names); i++) {
		k = strset_key(&tab->names, i);
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
	return best != NULL ? tab->shown[besti] : NULL;
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
	if ((i = strset_findn(&tab->codes, s, n)) >= 0)
		return &tab->troop[i];
	return troop_lookup(s, n);
}

bool
troop_is_standard(const struct troop *t, const char *s, size_t n)
{
	const char *p, *q;
	struct memo *m = NULL;
	bool std = false;

	troop_init();
	if (n > 0 && n < MEMO_LEN) {
		m = memo_slot(s, n);
		if (!memo_holds(m, s, n) || m->t != t)
			m = NULL;       /* the memo holds another troop's */
		else if (m->std >= 0) {
			fold_whole = false;
			return m->std > 0;
		}
	}
	if (!fold_whole || folded_from.len != n ||
	    (n > 0 && memcmp(folded_from.s, s, n) != 0))
		str_fold(&fold, s, n);
	fold_whole = false;
	/* each name against the folded one as strcmp sees it, in one
	 * pass over the names */
	for (p = tab->standard[t->id]; *p != '\0'; p++) {
		for (q = fold.s; *p != '\0' && *p == *q; p++, q++)
			;
		if (*p == '\0' && *q == '\0') {
			std = true;
			break;
		}
		while (*p != '\0')
			p++;
	}
	if (m != NULL)
		m->std = std;
	return std;
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

	sbuf_free(&fold);
	sbuf_free(&folded_from);
	fold_whole = false;
	memset(memo, 0, sizeof memo);
	tab = NULL;
	if (xt == NULL)
		return;
	for (i = 0; i < xt->t.n; i++) {
		free(xt->troop[i].code);
		free(xt->troop[i].editions);
		for (l = 0; l < LANG_N; l++) {
			free(xt->troop[i].name[l]);
			free(xt->troop[i].abbr[l]);
		}
		free(xt->standard[i]);
	}
	for (i = 0; i < xt->naliases; i++)
		free(xt->aliases[i]);
	free(xt->aliases);
	free(xt->standard);
	free(xt->troop);
	free(xt->shown);
	free(xt->nameid);
	strset_free(&xt->t.codes);
	strset_free(&xt->t.names);
	free(xt);
	xt = NULL;
}
