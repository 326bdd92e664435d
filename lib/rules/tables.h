/* tables: the troop table and the rules editions of formats/ compiled to
 * C at build time (build/gen/tables.c, written by tools/gen/gen-tables
 * with the loaders of troop.c and rules.c and the writers below), so
 * that no start parses them.  formats/ stays the source of truth; the
 * tests compare the compiled tables with what the loaders read from the
 * XML (tests/unit/test_tables.c). */
#ifndef BELLIS_TABLES_H
#define BELLIS_TABLES_H

#include <stddef.h>
#include <stdio.h>

#include "core/strset.h"
#include "rules/rules.h"
#include "rules/troop.h"

/* A troop table: the troops by id, their codes (strset index = id), the
 * folded names with the spelling each was first given and its troop,
 * and per troop its standard forms (code, names, abbreviations) folded,
 * each ended by a NUL, the list by an empty one. */
struct troop_table {
	const struct troop *troop;
	size_t n;
	struct strset codes;
	struct strset names;
	const char *const *shown;
	const int *nameid;
	const char *const *standard;
};

/* An edition compiled in: its name (its file in formats/) and table. */
struct rules_edition {
	const char *name;
	struct rules *r;
};

/* The compiled tables (gen/tables.c; the generator itself links empty
 * ones: no troops, no editions).  The first edition is the default. */
extern const struct troop_table troop_builtin;
extern const struct rules_edition rules_builtin[];
extern const size_t rules_nbuiltin;

/* Read the troop table from XML (formats/troops.xml) and use it instead
 * of the compiled one until troop_cleanup; -1 after reporting. */
int troop_load_xml(const char *buf, size_t len, const char *name);
/* The troop table in use. */
const struct troop_table *troop_table(void);

/* Write the troop table in use, and an edition as the compiled table
 * rules_ID, as C definitions; the writers of the generator and the
 * comparison of the tests. */
void tables_emit_troops(FILE *fp);
void tables_emit_rules(FILE *fp, const struct rules *r, const char *id);
/* The list of editions rules_builtin, names[i] as rules_NAMES[i]. */
void tables_emit_editions(FILE *fp, const char *const *names, size_t n);
/* s as a C expression of type char *: (char *)"..." (octal escapes), or
 * NULL. */
void tables_cstr(FILE *fp, const char *s);

#endif
