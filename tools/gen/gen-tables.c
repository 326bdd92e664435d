/* gen-tables: the tables of formats/ that every start needed as C, read
 * by the loaders the tools use for a user's table and written by
 * rules/tablesemit.c and campaign/camptabemit.c.  Run by the Makefile:
 *
 *   gen-tables rules TROOPS.xml EDITION.xml... > tables.c
 *   gen-tables campaign CATASTROPHE.xml SURVIVAL.xml > camptables.c
 *   gen-tables schemas SCHEMA.rng... > schemas.c
 *
 * The troop table and the rules editions (troop.c, rules.c: each edition
 * validated against rules.rng and checked for completeness, as a user's
 * --rules=FILE), named by their file (formats/dba22.xml: dba22), the
 * first the default; the Catastrophe and Survival tables (campaigntab.c,
 * validated against their schemas); the RELAX NG schemas as the readers
 * compile them (xmlio.c: xmlio_schema_prepare, its text and facets; the
 * source's length and hash to know it by).  Exit status 0, or 2 when a
 * table is bad, 3 for a bad command line, 4 when a file cannot be
 * read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaigntab.h"
#include "core/diag.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmliofacet.h"
#include "rules/rules.h"
#include "rules/tables.h"

/* This program is what writes the tables: it links none. */
const struct troop_table troop_builtin = {0};
const struct rules_edition rules_builtin[1] = {{0}};
const size_t rules_nbuiltin = 0;
const struct cat_table cat_builtin = {0};
const struct surv_table surv_builtin = {0};
const struct xmlio_schema_pre xmlio_schemas_pre[1] = {{0}};
const size_t xmlio_nschemas_pre = 0;

#define HEAD "/* Written by tools/gen/gen-tables from formats/ (do not " \
    "edit; make writes\n * it again). */\n#include <limits.h>\n" \
    "#include <stddef.h>\n#include <stdint.h>\n\n"

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (fp == NULL) {
		diag_sys("%s", path);
		exit(EXIT_SYS);
	}
	do {
		buf = xgrow(buf, &cap, *len + 65536, 1);
		n = fread(buf + *len, 1, cap - *len, fp);
		*len += n;
	} while (n > 0);
	if (ferror(fp)) {
		diag_sys("%s", path);
		exit(EXIT_SYS);
	}
	fclose(fp);
	return buf;
}

/* The name of an edition: its file's base name without ".xml". */
static char *
edition_name(const char *path)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b != NULL ? b + 1 : path;
	n = strlen(b);
	if (n > 4 && strcmp(b + n - 4, ".xml") == 0)
		n -= 4;
	return xstrndup(b, n);
}

static int
rules_tables(int argc, char **argv)
{
	char **names, *buf;
	struct rules *r;
	size_t len;
	int i;

	buf = slurp(argv[0], &len);
	if (troop_load_xml(buf, len, argv[0]) < 0)
		return EXIT_DATA;
	free(buf);
	printf(HEAD "#include \"rules/tables.h\"\n\n");
	tables_emit_troops(stdout);
	names = xcalloc((size_t)argc, sizeof *names);
	for (i = 1; i < argc; i++) {
		names[i - 1] = edition_name(argv[i]);
		if ((r = rules_load(argv[i])) == NULL)
			return diag_status() != 0 ? diag_status() : EXIT_DATA;
		tables_emit_rules(stdout, r, names[i - 1]);
		rules_free(r);
	}
	tables_emit_editions(stdout, (const char *const *)names,
	    (size_t)argc - 1);
	for (i = 0; i < argc - 1; i++)
		free(names[i]);
	free(names);
	troop_cleanup();
	return 0;
}

static int
campaign_tables(char **argv)
{
	struct cat_table c;
	struct surv_table s;

	if (cat_table_load_xml(&c, argv[0]) < 0 ||
	    surv_table_load_xml(&s, argv[1]) < 0)
		return diag_status() != 0 ? diag_status() : EXIT_DATA;
	printf(HEAD "#include \"campaign/campaigntab.h\"\n\n");
	camptab_emit(stdout, &c, &s);
	cat_table_free(&c);
	surv_table_free(&s);
	return 0;
}

/* A C string literal of s (the names of elements and attributes). */
static void
emit_str(const char *s)
{
	putchar('"');
	for (; *s != '\0'; s++)
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			printf("\\%03o", (unsigned char)*s);
		else
			putchar(*s);
	putchar('"');
}

static int
schema_tables(int argc, char **argv)
{
	struct xmlio_schema_pre *pre;
	struct xmlio_facets f;
	const struct xmlio_facet *e;
	unsigned char *src, *rng;
	const char *base;
	size_t len, rnglen, j;
	int i;

	pre = xcalloc((size_t)argc, sizeof *pre);
	printf(HEAD "#include \"core/xmliofacet.h\"\n\n");
	for (i = 0; i < argc; i++) {
		src = (unsigned char *)slurp(argv[i], &len);
		if (xmlio_schema_prepare(src, len, argv[i], &rng, &rnglen, &f)
		    < 0)
			return diag_status() != 0 ? diag_status() : EXIT_DATA;
		base = strrchr(argv[i], '/');
		pre[i].name = base != NULL ? base + 1 : argv[i];
		pre[i].srclen = len;
		pre[i].srchash = xmlio_schema_hash(src, len);
		pre[i].rnglen = rnglen;
		pre[i].f.n = f.n;
		pre[i].f.kept = f.kept;
		printf("/* %s */\nstatic const unsigned char rng%d[%zu] = {",
		    argv[i], i, rnglen + 1);
		for (j = 0; j <= rnglen; j++)
			printf("%s0x%02x,", j % 12 == 0 ? "\n\t" : " ",
			    j < rnglen ? rng[j] : 0);
		printf("\n};\n");
		if (f.n > 0)
			printf("static struct xmlio_facet facets%d[%zu] = {\n",
			    i, f.n);
		for (j = 0; j < f.n; j++) {
			e = &f.v[j];
			printf("\t{ ");
			emit_str(e->element);
			printf(", ");
			emit_str(e->attr);
			printf(", %s, %s, &xmlio_facet_defs[%td] },\n",
			    e->token ? "true" : "false",
			    e->list ? "true" : "false",
			    e->def - xmlio_facet_defs);
		}
		printf("%s\n", f.n > 0 ? "};" : "");
		free(rng);
		free(src);
		xmlio_facets_free(&f);
	}
	printf("const struct xmlio_schema_pre xmlio_schemas_pre[%d] = {\n",
	    argc);
	for (i = 0; i < argc; i++) {
		printf("\t{ .name = ");
		emit_str(pre[i].name);
		printf(", .srclen = %zu,\n\t    .srchash = UINT64_C(0x%016llx),"
		    "\n\t    .rng = rng%d, .rnglen = %zu,\n\t    .f = { .v = ",
		    pre[i].srclen, (unsigned long long)pre[i].srchash, i,
		    pre[i].rnglen);
		if (pre[i].f.n > 0)
			printf("facets%d", i);
		else
			printf("NULL");
		printf(", .n = %zu, .kept = %zu, .builtin = true } },\n",
		    pre[i].f.n, pre[i].f.kept);
	}
	printf("};\nconst size_t xmlio_nschemas_pre = %d;\n", argc);
	free(pre);
	return 0;
}

int
main(int argc, char **argv)
{
	int rc;

	diag_init(argv[0]);
	xmlio_init();
	if (argc >= 4 && strcmp(argv[1], "rules") == 0)
		rc = rules_tables(argc - 2, argv + 2);
	else if (argc == 4 && strcmp(argv[1], "campaign") == 0)
		rc = campaign_tables(argv + 2);
	else if (argc >= 3 && strcmp(argv[1], "schemas") == 0)
		rc = schema_tables(argc - 2, argv + 2);
	else {
		fprintf(stderr, "usage: gen-tables rules TROOPS.xml "
		    "EDITION.xml...\n       gen-tables campaign "
		    "CATASTROPHE.xml SURVIVAL.xml\n       gen-tables schemas "
		    "SCHEMA.rng...\n");
		return EXIT_USAGE;
	}
	xmlio_cleanup();
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		diag_sys("standard output");
		return EXIT_SYS;
	}
	return rc;
}
