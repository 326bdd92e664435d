/* gen-tables: the troop table and the rules editions of formats/ as C
 * (build/gen/tables.c), read by the loaders the tools use for a user's
 * --rules=FILE (troop.c, rules.c: each edition validated against
 * rules.rng and checked for completeness) and written by
 * rules/tablesemit.c.  Run by the Makefile:
 *
 *   gen-tables TROOPS.xml EDITION.xml... > tables.c
 *
 * The editions are named by their file (formats/dba22.xml: dba22), the
 * first is the default.  Exit status 0, or 2 when a table is bad, 4 when
 * a file cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "rules/rules.h"
#include "rules/tables.h"

/* This program is what writes the tables: it links none. */
const struct troop_table troop_builtin = {0};
const struct rules_edition rules_builtin[1] = {{0}};
const size_t rules_nbuiltin = 0;

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

int
main(int argc, char **argv)
{
	char **names, *buf;
	struct rules *r;
	size_t len;
	int i;

	diag_init(argv[0]);
	xmlio_init();
	if (argc < 3) {
		fprintf(stderr, "usage: gen-tables TROOPS.xml EDITION.xml...\n");
		return EXIT_USAGE;
	}
	buf = slurp(argv[1], &len);
	if (troop_load_xml(buf, len, argv[1]) < 0)
		return EXIT_DATA;
	free(buf);
	printf("/* Written by tools/gen/gen-tables from formats/: the troop "
	    "table and the\n * rules editions (do not edit; make writes it "
	    "again). */\n#include <stddef.h>\n#include <stdint.h>\n\n"
	    "#include \"rules/tables.h\"\n\n");
	tables_emit_troops(stdout);
	names = xcalloc((size_t)argc, sizeof *names);
	for (i = 2; i < argc; i++) {
		names[i - 2] = edition_name(argv[i]);
		if ((r = rules_load(argv[i])) == NULL)
			return diag_status() != 0 ? diag_status() : EXIT_DATA;
		tables_emit_rules(stdout, r, names[i - 2]);
		rules_free(r);
	}
	tables_emit_editions(stdout, (const char *const *)names,
	    (size_t)argc - 2);
	for (i = 0; i < argc - 2; i++)
		free(names[i]);
	free(names);
	troop_cleanup();
	xmlio_cleanup();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		diag_sys("standard output");
		return EXIT_SYS;
	}
	return 0;
}
