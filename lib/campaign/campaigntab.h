/* campaigntab: the Catastrophe and Glory tables loaded from XML (the
 * built-in default or a user's file), validated by their schemas. */
#ifndef BELLIS_CAMPAIGNTAB_H
#define BELLIS_CAMPAIGNTAB_H
#include <stdio.h>

#include "campaign/catastrophe.h"
#include "campaign/survival.h"

struct glory_row {
	bool has_min, has_max, has_rep, has_strategy;
	int min, max, rep, strategy;
	enum surv_crit crit;       /* CRIT_NO: matched by margin */
	char *result;
	char *text[LANG_N];
};

struct glory_table {
	struct glory_row *rows;
	size_t n, cap;
};

/* Both embedded tables (the campaign cards). */
struct camptab {
	struct cat_table cat;
	struct surv_table surv;
};

/* The built-in tables, formats/catastrophe.xml and survival-table.xml
 * compiled to C at build time (gen/camptables.c, written by
 * tools/gen/gen-tables with cat_table_load_xml, surv_table_load_xml and
 * camptab_emit; the generator itself links empty ones). */
extern const struct cat_table cat_builtin;
extern const struct surv_table surv_builtin;

/* Load the Catastrophe table from path (the numbers it leaves out are
 * the built-in table's), or the built-in one when path is NULL (its rows
 * shared).  Returns 0, or -1 with the errors reported (status 2 or 4). */
int cat_table_load(struct cat_table *t, const char *path);
void cat_table_free(struct cat_table *t);
int glory_table_load(struct glory_table *g, const char *path);
/* The built-in Survival table (its texts shared). */
int surv_table_load(struct surv_table *t);
void surv_table_free(struct surv_table *t);
/* A built-in table's XML (formats/) read and checked as such: the
 * generator and the tests. */
int cat_table_load_xml(struct cat_table *t, const char *path);
int surv_table_load_xml(struct surv_table *t, const char *path);
/* cat_builtin and surv_builtin as C definitions of these tables. */
void camptab_emit(FILE *fp, const struct cat_table *c,
    const struct surv_table *s);
/* The built-in Catastrophe and Survival tables: 0, or -1 (reported). */
int camptab_load(struct camptab *t);
void camptab_free(struct camptab *t);
/* First row matching a Glory roll, or NULL. */
const struct glory_row *glory_match(const struct glory_table *g,
    int margin, enum surv_crit crit);
void glory_table_free(struct glory_table *g);
/* A document checked against an embedded schema: 1 valid, 0 not
 * (libxml2's errors reported), -1 the schema is unusable (reported). */
struct _xmlDoc;
#endif
