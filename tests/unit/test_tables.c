/* Unit tests of the compiled tables (rules/tables.h): the troop table
 * and every rules edition compiled into the tools, written out as C,
 * are the same text as what the loaders read from formats/ now (the
 * troop table from troops.xml, each edition from formats/NAME.xml as a
 * user's --rules=FILE: validated and checked), and so are the built-in
 * Catastrophe and Survival tables, and each schema formats/NAME.rng
 * as the readers compile it (its text and facets).  Run from the top
 * of the tree (make test does). */
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaigntab.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmliofacet.h"
#include "rules/rules.h"
#include "rules/tables.h"
#include "rules/troop.h"
#include "unit.h"

/* the text of a writer's output */
struct text {
	char *s;
	size_t len;
	FILE *fp;
};

static FILE *
text_open(struct text *t)
{
	t->s = NULL;
	t->len = 0;
	t->fp = open_memstream(&t->s, &t->len);
	return t->fp;
}

static const char *
text_close(struct text *t)
{
	fclose(t->fp);
	return t->s;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (fp == NULL || fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0) {
		fprintf(stderr, "test_tables: cannot read %s (run from the "
		    "top of the tree)\n", path);
		if (fp != NULL)
			fclose(fp);
		return NULL;
	}
	rewind(fp);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

/* The first line where a and b differ, for the message. */
static void
first_diff(const char *what, const char *a, const char *b)
{
	long line = 1;
	const char *la = a, *lb = b;

	while (*a != '\0' && *a == *b) {
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
		a++;
		b++;
	}
	if (*a == '\0' && *b == '\0')
		return;
	fprintf(stderr, "test_tables: %s: compiled and loaded differ at line "
	    "%ld:\n  compiled: %.*s\n  loaded:   %.*s\n", what, line,
	    (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
}

/* The schema sources xmlio_schema was given, freed after xmlio_cleanup. */
static unsigned char **held;
static size_t nheld, capheld;

/* The schemas made at build time are what xmlio_schema_prepare makes
 * of each formats/NAME.rng now, one for each, and xmlio_schema takes
 * them (a source of another length or hash is made ready at run
 * time). */
static void
test_schemas(void)
{
	const struct xmlio_schema_pre *pre;
	const struct xmlio_facets *sf;
	struct xmlio_facets f;
	unsigned char *src, *rng, *more;
	const char *base;
	size_t i, j, len, rnglen;
	glob_t g;
	bool same;

	CHECK(glob("formats/*.rng", 0, NULL, &g) == 0);
	CHECK(g.gl_pathc >= 10 && g.gl_pathc == xmlio_nschemas_pre);
	for (i = 0; i < g.gl_pathc; i++) {
		src = (unsigned char *)slurp(g.gl_pathv[i], &len);
		CHECK(src != NULL);
		if (src == NULL)
			continue;
		base = strrchr(g.gl_pathv[i], '/') + 1;
		pre = xmlio_schema_prebuilt(src, len);
		CHECK(pre != NULL && strcmp(pre->name, base) == 0);
		CHECK(xmlio_schema_prepare(src, len, base, &rng, &rnglen, &f)
		    == 0);
		same = pre != NULL && pre->srclen == len && pre->srchash ==
		    xmlio_schema_hash(src, len) && pre->rnglen == rnglen &&
		    memcmp(pre->rng, rng, rnglen) == 0 && pre->rng[rnglen] ==
		    '\0' && pre->f.n == f.n && pre->f.kept == f.kept &&
		    pre->f.builtin && !f.builtin;
		for (j = 0; same && j < f.n; j++)
			same = strcmp(pre->f.v[j].element, f.v[j].element) ==
			    0 && strcmp(pre->f.v[j].attr, f.v[j].attr) == 0 &&
			    pre->f.v[j].token == f.v[j].token &&
			    pre->f.v[j].list == f.v[j].list &&
			    pre->f.v[j].def == f.v[j].def;
		if (!same)
			fprintf(stderr, "test_tables: %s: the compiled schema "
			    "is not what formats/ makes now\n", base);
		CHECK(same);
		/* compiled from the build's text, its facets the build's */
		sf = xmlio_schema_facets(xmlio_schema(src, len, base));
		CHECK(sf != NULL && sf->builtin && pre != NULL &&
		    sf->v == pre->f.v);
		/* one byte more: not the build's */
		more = xmalloc(len + 1);
		memcpy(more, src, len);
		more[len] = '\n';
		CHECK(xmlio_schema_prebuilt(more, len + 1) == NULL);
		sf = xmlio_schema_facets(xmlio_schema(more, len + 1, base));
		CHECK(sf != NULL && !sf->builtin && sf->n == f.n);
		free(rng);
		xmlio_facets_free(&f);
		/* the sources stay until xmlio_cleanup (its cache keys) */
		held = xgrow(held, &capheld, nheld + 2, sizeof *held);
		held[nheld++] = src;
		held[nheld++] = more;
	}
	globfree(&g);
}

int
main(void)
{
	struct text compiled, loaded, edited;
	struct rules *c, *x;
	const struct troop *before;
	char path[256], *buf;
	size_t i, len;

	xmlio_init();
	RUN(test_schemas());
	/* the compiled troop table against troops.xml read by the loader */
	tables_emit_troops(text_open(&compiled));
	text_close(&compiled);
	CHECK(troop_table() == &troop_builtin);
	/* the look-up's memo: asked again, the same answers; a spelling
	 * is standard or not for each troop apart */
	before = troop_lookup("3Blades", 7);
	CHECK(before != NULL && before == troop_by_code("Bd"));
	CHECK(troop_lookup("3Blades", 7) == before);
	CHECK(troop_lookup("Bladez", 6) == NULL);
	CHECK(troop_lookup("Bladez", 6) == NULL);
	/* "Bd" looked up first: its memo slot holds Bd's, then the answers;
	 * Kn's answer for the same bytes is never taken from it */
	CHECK(troop_lookup("Bd", 2) == before);
	CHECK(!troop_is_standard(troop_by_code("Kn"), "Bd", 2));
	CHECK(troop_is_standard(before, "Bd", 2));
	CHECK(troop_is_standard(before, "Bd", 2));
	CHECK(!troop_is_standard(troop_by_code("Kn"), "Bd", 2));
	CHECK(troop_lookup("Bd", 2) == before);
	CHECK(troop_is_standard(before, "Bd", 2));
	buf = slurp("formats/troops.xml", &len);
	CHECK(buf != NULL);
	if (buf == NULL)
		return UNIT_DONE("tables");
	CHECK(troop_load_xml(buf, len, "troops.xml") == 0);
	free(buf);
	CHECK(troop_table() != &troop_builtin);
	/* the memo went with the old table: the name is found in the new */
	CHECK(troop_lookup("3Blades", 7) == troop_by_code("Bd"));
	CHECK(troop_lookup("3Blades", 7) != before);
	tables_emit_troops(text_open(&loaded));
	text_close(&loaded);
	CHECK(compiled.len > 1000);
	CHECK(strcmp(compiled.s, loaded.s) == 0);
	first_diff("troops.xml", compiled.s, loaded.s);
	free(compiled.s);
	free(loaded.s);

	/* every edition: the compiled copy against the file loaded by the
	 * loader of --rules=FILE (with the troop table read from XML) */
	CHECK(rules_nbuiltin >= 3);
	for (i = 0; i < rules_nbuiltin; i++) {
		snprintf(path, sizeof path, "formats/%s.xml",
		    rules_builtin[i].name);
		c = rules_load(rules_builtin[i].name);
		x = rules_load(path);
		CHECK(c != NULL && x != NULL);
		if (c == NULL || x == NULL)
			continue;
		CHECK(c->shared && !x->shared);
		tables_emit_rules(text_open(&compiled), c, "e");
		text_close(&compiled);
		tables_emit_rules(text_open(&loaded), x, "e");
		text_close(&loaded);
		CHECK(compiled.len > 10000);
		CHECK(strcmp(compiled.s, loaded.s) == 0);
		first_diff(path, compiled.s, loaded.s);
		/* the comparison sees a number changed (the test can fail) */
		CHECK(c == rules_builtin[i].r);
		x->t[troop_by_code("Bd")->id].factor[CLASS_FOOT]++;
		tables_emit_rules(text_open(&edited), x, "e");
		text_close(&edited);
		CHECK(strcmp(compiled.s, edited.s) != 0);
		free(compiled.s);
		free(loaded.s);
		free(edited.s);
		rules_free(c);
		rules_free(x);
	}
	/* the campaign tables, and a table loaded shares the compiled one's
	 * rows and texts (freeing it leaves them) */
	{
		struct cat_table cc, cx;
		struct surv_table sc, sx;

		CHECK(cat_table_load(&cc, NULL) == 0);
		CHECK(cc.rows == cat_builtin.rows && cc.nrows > 10);
		CHECK(surv_table_load(&sc) == 0);
		CHECK(sc.loc[10] == surv_builtin.loc[10]);
		CHECK(cat_table_load_xml(&cx, "formats/catastrophe.xml") ==
		    0);
		CHECK(surv_table_load_xml(&sx,
		    "formats/survival-table.xml") == 0);
		camptab_emit(text_open(&compiled), &cc, &sc);
		text_close(&compiled);
		camptab_emit(text_open(&loaded), &cx, &sx);
		text_close(&loaded);
		CHECK(compiled.len > 1000);
		CHECK(strcmp(compiled.s, loaded.s) == 0);
		first_diff("campaign tables", compiled.s, loaded.s);
		cx.rows[0].strategy++;
		camptab_emit(text_open(&edited), &cx, &sx);
		text_close(&edited);
		CHECK(strcmp(compiled.s, edited.s) != 0);
		free(compiled.s);
		free(loaded.s);
		free(edited.s);
		cat_table_free(&cc);
		surv_table_free(&sc);
		cat_table_free(&cx);
		surv_table_free(&sx);
		CHECK(cat_builtin.rows[0].event != NULL);
	}

	/* the default edition is the first */
	c = rules_load(NULL);
	CHECK(c != NULL && strcmp(c->edition, rules_builtin[0].r->edition) ==
	    0);
	rules_free(c);
	troop_cleanup();
	CHECK(troop_table() == &troop_builtin);
	troop_cleanup();
	xmlio_cleanup();
	for (i = 0; i < nheld; i++)
		free(held[i]);
	free(held);
	return UNIT_DONE("tables");
}
