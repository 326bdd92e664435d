/* The built-in campaign tables as C definitions (cat_builtin,
 * surv_builtin): what tools/gen/gen-tables writes into
 * build/gen/camptables.c, and what tests/unit/test_tables.c compares
 * with the tables read from formats/ (rules/tablesemit.c does the same
 * for the troops and the rules editions). */
#include <limits.h>
#include <stdio.h>

#include "campaign/campaigntab.h"
#include "rules/tables.h"

/* Every field of these structs is written below: a struct that grows
 * must be written in full here first (the sizes are those of x86-64). */
#if defined(__x86_64__) && defined(__LP64__)
_Static_assert(sizeof(struct cat_row) == 88, "struct cat_row changed");
_Static_assert(sizeof(struct cat_table) == 288, "cat_table changed");
_Static_assert(sizeof(struct surv_table) == 3248, "surv_table changed");
#endif

/* An int: INT_MIN and INT_MAX by name (open bounds). */
static void
num(FILE *fp, int v)
{
	if (v == INT_MIN)
		fputs("INT_MIN", fp);
	else if (v == INT_MAX)
		fputs("INT_MAX", fp);
	else
		fprintf(fp, "%d", v);
}

static void
nums(FILE *fp, const char *name, const int *v, size_t n)
{
	size_t i;

	fprintf(fp, "\t.%s = {", name);
	for (i = 0; i < n; i++) {
		fputc(' ', fp);
		num(fp, v[i]);
		fputc(',', fp);
	}
	fputs(" },\n", fp);
}

static void
flags(FILE *fp, const char *name, const bool *v, size_t n)
{
	size_t i;

	fprintf(fp, "\t.%s = {", name);
	for (i = 0; i < n; i++)
		fprintf(fp, " %d,", v[i]);
	fputs(" },\n", fp);
}

static void
texts(FILE *fp, char *const *text)
{
	int l;

	fputs("{ ", fp);
	for (l = 0; l < LANG_N; l++) {
		tables_cstr(fp, text[l]);
		fputs(l + 1 < LANG_N ? ", " : " }", fp);
	}
}

static void
emit_cat(FILE *fp, const struct cat_table *c)
{
	const struct cat_row *r;
	size_t i;

	/* not const: a table loaded shares them as its own rows */
	fputs("static struct cat_row cat_rows[] = {\n", fp);
	for (i = 0; i < c->nrows; i++) {
		r = &c->rows[i];
		fprintf(fp, "\t{ %d, %d, ", r->min, r->max);
		tables_cstr(fp, r->event);
		fputs(",\n\t    ", fp);
		texts(fp, r->text);
		fprintf(fp, ",\n\t    %d, %d, %d, %d, %d, %d, %d, %d, %d, "
		    "%d, %d, %d },\n", r->strategy, r->halved, r->morale_all,
		    r->morale_unit, r->morale_roll, r->morale_fail,
		    r->morale_success, r->enemy_ts_pct, r->recalc_ts,
		    (int)r->leader, (int)r->fate, r->damage_dice);
	}
	fprintf(fp, "};\nconst struct cat_table cat_builtin = {\n"
	    "\t.rows = cat_rows,\n\t.nrows = %zu,\n",
	    c->nrows);
	nums(fp, "map", c->map, sizeof c->map / sizeof c->map[0]);
	fprintf(fp, "\t.dice = { %d, %d },\n\t.damage_sides = %d,\n"
	    "\t.leader_pct = %d,\n\t.power_points = %d,\n};\n\n", c->dice.n,
	    c->dice.sides, c->damage_sides, c->leader_pct, c->power_points);
}

static void
emit_surv(FILE *fp, const struct surv_table *s)
{
	const struct surv_critrule *c;
	int i, k;

	fprintf(fp, "const struct surv_table surv_builtin = {\n"
	    "\t.cap = %d,\n\t.dice = { %d, %d },\n\t.damage_sides = %d,\n"
	    "\t.default_tl = %d,\n\t.tl_min = %d,\n\t.tl_max = %d,\n"
	    "\t.tactics_iq = %d,\n\t.skill_div = %d,\n\t.reflexes = %d,\n"
	    "\t.danger = %d,\n\t.crit = {\n", s->cap, s->dice.n,
	    s->dice.sides, s->damage_sides, s->default_tl, s->tl_min,
	    s->tl_max, s->tactics_iq, s->skill_div, s->reflexes, s->danger);
	for (i = 0; i < SURV_CRITS; i++) {
		c = &s->crit[i];
		fprintf(fp, "\t\t{ %d, ", (int)c->crit);
		num(fp, c->roll_min);
		fputs(", ", fp);
		num(fp, c->roll_max);
		fputs(", ", fp);
		num(fp, c->skill_min);
		fputs(", ", fp);
		num(fp, c->skill_max);
		fputs(", ", fp);
		num(fp, c->margin_max);
		fputs(" },\n", fp);
	}
	fprintf(fp, "\t},\n\t.ncrits = %d,\n\t.risk_min = %d,\n"
	    "\t.risk_max = %d,\n", s->ncrits, s->risk_min, s->risk_max);
	flags(fp, "has_lo", s->has_lo, TRAIT_N);
	flags(fp, "has_hi", s->has_hi, TRAIT_N);
	nums(fp, "lo", s->lo, TRAIT_N);
	nums(fp, "hi", s->hi, TRAIT_N);
	flags(fp, "has_min", s->has_min, RES_N);
	flags(fp, "has_max", s->has_max, RES_N);
	nums(fp, "min", s->min, RES_N);
	nums(fp, "max", s->max, RES_N);
	nums(fp, "hp", s->hp, RES_N);
	fputs("\t.band = {\n", fp);
	for (i = 0; i < SURV_BANDS; i++) {
		fprintf(fp, "\t\t{ %d, %d, %d, {", s->band[i].tl_min,
		    s->band[i].tl_max, s->band[i].drdiv);
		for (k = 0; k < 4; k++)
			fprintf(fp, " { %d, %d, %d, %d, %d },",
			    s->band[i].col[k].hits, s->band[i].col[k].tl_mul,
			    s->band[i].col[k].tl_div, s->band[i].col[k].dice,
			    s->band[i].col[k].adds);
		fputs(" } },\n", fp);
	}
	fprintf(fp, "\t},\n\t.nbands = %d,\n\t.loc = {\n", s->nbands);
	for (i = 0; i < SURV_LOC_N; i++) {
		fputs("\t\t", fp);
		tables_cstr(fp, s->loc[i]);
		fputs(",\n", fp);
	}
	fputs("\t},\n\t.loc_text = {\n", fp);
	for (i = 0; i < SURV_LOC_N; i++) {
		fputs("\t\t", fp);
		texts(fp, s->loc_text[i]);
		fputs(",\n", fp);
	}
	fputs("\t},\n\t.res_text = {\n", fp);
	for (i = 0; i < RES_N; i++) {
		fputs("\t\t", fp);
		texts(fp, s->res_text[i]);
		fputs(",\n", fp);
	}
	fputs("\t},\n};\n", fp);
}

void
camptab_emit(FILE *fp, const struct cat_table *c, const struct surv_table *s)
{
	emit_cat(fp, c);
	emit_surv(fp, s);
}
