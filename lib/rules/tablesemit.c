/* The troop table and the rules editions as C definitions: what
 * tools/gen/gen-tables writes into build/gen/tables.c, and what the
 * tests compare (the compiled tables written again must be the same
 * text as the tables the loaders read from formats/).  Only fields that
 * are not zero are written, as designated initializers. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"

#include "rules/tables.h"

/* Every field of these structs is written below: a struct that grows
 * must be written in full here first (the sizes are those of x86-64). */
#if defined(__x86_64__) && defined(__LP64__)
_Static_assert(sizeof(struct rules) == 59232, "struct rules changed");
_Static_assert(sizeof(struct rules_troop) == 888, "rules_troop changed");
_Static_assert(sizeof(struct rules_exc) == 104, "rules_exc changed");
_Static_assert(sizeof(struct rules_subtype) == 120, "rules_subtype changed");
_Static_assert(sizeof(struct rules_support) == 64, "rules_support changed");
_Static_assert(sizeof(struct rules_prov) == 32, "rules_prov changed");
_Static_assert(sizeof(struct troop) == 80, "struct troop changed");
#endif

/* s as a C string literal ("..." with octal escapes). */
static void
lit(FILE *fp, const char *s)
{
	const unsigned char *p;

	fputc('"', fp);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(fp, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f || *p == '?')
			fprintf(fp, "\\%03o", *p);
		else
			fputc(*p, fp);
	}
	fputc('"', fp);
}

void
tables_cstr(FILE *fp, const char *s)
{
	if (s == NULL)
		fputs("NULL", fp);
	else {
		fputs("(char *)", fp);
		lit(fp, s);
	}
}

/* ---- the troop table ------------------------------------------------ */

/* static char *NAME SUFFIX[] = { "...", ... }; of the n strings v */
static void
emit_strings(FILE *fp, const char *name, const char *suffix, char **v,
    size_t n)
{
	size_t i;

	fprintf(fp, "static char *%s%s[] = {\n", name, suffix);
	for (i = 0; i < n; i++) {
		fputc('\t', fp);
		tables_cstr(fp, v[i]);
		fputs(",\n", fp);
	}
	fputs("};\n", fp);
}

static void
emit_strset(FILE *fp, const struct strset *s, const char *name)
{
	size_t i;

	emit_strings(fp, name, "_key", s->key, s->n);
	fprintf(fp, "static size_t %s_slot[] = {", name);
	for (i = 0; i < s->capslot; i++)
		fprintf(fp, "%s%zu,", i % 16 == 0 ? "\n\t" : " ", s->slot[i]);
	fputs("\n};\n", fp);
}

void
tables_emit_troops(FILE *fp)
{
	const struct troop_table *tt = troop_table();
	const struct troop *t;
	const char *p;
	size_t i;
	int l;

	fputs("static const struct troop troop_rows[] = {\n", fp);
	for (i = 0; i < tt->n; i++) {
		t = &tt->troop[i];
		fprintf(fp, "\t{ %d, ", t->id);
		tables_cstr(fp, t->code);
		fprintf(fp, ", %s,\n\t    { ", t->cls == CLASS_MOUNTED ?
		    "CLASS_MOUNTED" : "CLASS_FOOT");
		for (l = 0; l < LANG_N; l++) {
			tables_cstr(fp, t->name[l]);
			fputs(l + 1 < LANG_N ? ", " : " },\n\t    { ", fp);
		}
		for (l = 0; l < LANG_N; l++) {
			tables_cstr(fp, t->abbr[l]);
			fputs(l + 1 < LANG_N ? ", " : " },\n\t    ", fp);
		}
		tables_cstr(fp, t->editions);
		fputs(" },\n", fp);
	}
	fputs("};\n", fp);
	emit_strset(fp, &tt->codes, "troop_codes");
	emit_strset(fp, &tt->names, "troop_names");
	fputs("static const char *const troop_shown[] = {\n", fp);
	for (i = 0; i < tt->names.n; i++) {
		fputc('\t', fp);
		tables_cstr(fp, tt->shown[i]);
		fputs(",\n", fp);
	}
	fputs("};\nstatic const int troop_nameid[] = {", fp);
	for (i = 0; i < tt->names.n; i++)
		fprintf(fp, "%s%d,", i % 16 == 0 ? "\n\t" : " ",
		    tt->nameid[i]);
	fputs("\n};\nstatic const char *const troop_standard[] = {\n", fp);
	for (i = 0; i < tt->n; i++) {
		fputc('\t', fp);
		for (p = tt->standard[i]; *p != '\0'; p += strlen(p) + 1) {
			lit(fp, p);
			fputs(" \"\\0\" ", fp);
		}
		fputs("\"\",\n", fp);
	}
	fprintf(fp, "};\nconst struct troop_table troop_builtin = {\n"
	    "\ttroop_rows, %zu,\n"
	    "\t{ troop_codes_key, %zu, %zu, troop_codes_slot, %zu },\n"
	    "\t{ troop_names_key, %zu, %zu, troop_names_slot, %zu },\n"
	    "\ttroop_shown, troop_nameid, troop_standard\n};\n\n", tt->n,
	    tt->codes.n, tt->codes.n, tt->codes.capslot, tt->names.n,
	    tt->names.n, tt->names.capslot);
}

/* ---- a rules edition ------------------------------------------------ */

/* Field writers: one ".name = value," line each, nothing when zero. */
static void
num(FILE *fp, const char *ind, const char *name, long long v)
{
	if (v != 0)
		fprintf(fp, "%s.%s = %lld,\n", ind, name, v);
}

static void
bits(FILE *fp, const char *ind, const char *name, uint64_t v)
{
	if (v != 0)
		fprintf(fp, "%s.%s = UINT64_C(0x%" PRIx64 "),\n", ind, name,
		    v);
}

static void
str(FILE *fp, const char *ind, const char *name, const char *s)
{
	if (s == NULL)
		return;
	fprintf(fp, "%s.%s = ", ind, name);
	tables_cstr(fp, s);
	fputs(",\n", fp);
}

static void
prov(FILE *fp, const char *ind, const char *name, const struct rules_prov *p)
{
	if (p->source == NULL && p->other == NULL && p->note == NULL &&
	    p->conf[0] == '\0')
		return;
	fprintf(fp, "%s.%s = {", ind, name);
	if (p->source != NULL) {
		fputs(" .source = ", fp);
		tables_cstr(fp, p->source);
		fputc(',', fp);
	}
	if (p->other != NULL) {
		fputs(" .other = ", fp);
		tables_cstr(fp, p->other);
		fputc(',', fp);
	}
	if (p->note != NULL) {
		fputs(" .note = ", fp);
		tables_cstr(fp, p->note);
		fputc(',', fp);
	}
	if (p->conf[0] != '\0') {
		fputs(" .conf = ", fp);
		lit(fp, p->conf);
		fputc(',', fp);
	}
	fputs(" },\n", fp);
}

/* name[i] for messages and designators */
static const char *
at(const char *name, size_t i)
{
	static char buf[4][64];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s[%zu]", name, i);
	return buf[k];
}

static void
support(FILE *fp, const char *ind, const char *name,
    const struct rules_support *w)
{
	const char *in = "\t\t\t";

	if (!w->has_vs && !w->good_only && w->vs == 0 && w->vs_except == 0 &&
	    w->vs_classes == 0 && w->max == 0 && w->prov.source == NULL &&
	    w->prov.other == NULL && w->prov.note == NULL &&
	    w->prov.conf[0] == '\0')
		return;
	fprintf(fp, "%s.%s = {\n", ind, name);
	num(fp, in, "has_vs", w->has_vs);
	num(fp, in, "good_only", w->good_only);
	bits(fp, in, "vs", w->vs);
	bits(fp, in, "vs_except", w->vs_except);
	num(fp, in, "vs_classes", w->vs_classes);
	num(fp, in, "max", w->max);
	prov(fp, in, "prov", &w->prov);
	fprintf(fp, "%s},\n", ind);
}

static void
emit_exc(FILE *fp, const struct rules_troop *t, const char *id, size_t k)
{
	const struct rules_exc *e;
	const char *in = "\t\t";
	size_t i;

	fprintf(fp, "static const struct rules_exc %s_exc%zu[] = {\n", id, k);
	for (i = 0; i < t->nexc; i++) {
		e = &t->exc[i];
		fputs("\t{\n", fp);
		num(fp, in, "result", e->result);
		bits(fp, in, "winners", e->winners);
		num(fp, in, "classes", e->classes);
		bits(fp, in, "wtags", e->wtags);
		bits(fp, in, "ltags", e->ltags);
		num(fp, in, "going", e->going);
		num(fp, in, "kind", e->kind);
		num(fp, in, "loser_going", e->loser_going);
		num(fp, in, "loser_in", e->loser_in);
		num(fp, in, "winner_in", e->winner_in);
		num(fp, in, "loser_charged", e->loser_charged);
		num(fp, in, "outcome", e->outcome);
		num(fp, in, "src", e->src);
		prov(fp, in, "prov", &e->prov);
		fputs("\t},\n", fp);
	}
	fputs("};\n", fp);
}

/* The fields of troop k of edition id, into fp. */
static void
troop_fields(FILE *fp, const struct rules_troop *t, const char *id,
    size_t k)
{
	const char *in = "\t\t";
	size_t i;

	num(fp, in, "known", t->known);
	num(fp, in, "has_bua", t->has_bua);
	for (i = 0; i < 2; i++)
		num(fp, in, at("factor_bua", i), t->factor_bua[i]);
	prov(fp, in, "fprov_bua", &t->fprov_bua);
	num(fp, in, "nrear_alt", t->nrear_alt);
	for (i = 0; i < 3; i++) {
		num(fp, in, at("rear_alt", i), t->rear_alt[i]);
		support(fp, in, at("rear_alt_when", i), &t->rear_alt_when[i]);
	}
	num(fp, in, "has_side", t->has_side);
	num(fp, in, "side", t->side);
	num(fp, in, "side_foot", t->side_foot);
	num(fp, in, "side_from_foot", t->side_from_foot);
	bits(fp, in, "side_from", t->side_from);
	support(fp, in, "side_when", &t->side_when);
	num(fp, in, "foot", t->foot);
	num(fp, in, "move_rough", t->move_rough);
	num(fp, in, "has_cmd", t->has_cmd);
	num(fp, in, "cmd_far", t->cmd_far);
	num(fp, in, "cmd_out_of_sight", t->cmd_out_of_sight);
	prov(fp, in, "cprov", &t->cprov);
	for (i = 0; i < 2; i++) {
		num(fp, in, at("factor", i), t->factor[i]);
		num(fp, in, at("factor_shoot", i), t->factor_shoot[i]);
	}
	num(fp, in, "has_shoot", t->has_shoot);
	prov(fp, in, "fprov", &t->fprov);
	prov(fp, in, "fprov_shoot", &t->fprov_shoot);
	num(fp, in, "rear", t->rear);
	num(fp, in, "psiloi", t->psiloi);
	num(fp, in, "has_rear", t->has_rear);
	num(fp, in, "has_psiloi", t->has_psiloi);
	support(fp, in, "rear_when", &t->rear_when);
	support(fp, in, "psiloi_when", &t->psiloi_when);
	num(fp, in, "shooter", t->shooter);
	num(fp, in, "range", t->range);
	prov(fp, in, "rprov", &t->rprov);
	num(fp, in, "cancels_support", t->cancels_support);
	num(fp, in, "diff_exempt", t->diff_exempt);
	num(fp, in, "has_outcome", t->has_outcome);
	num(fp, in, "beaten", t->beaten);
	num(fp, in, "doubled", t->doubled);
	num(fp, in, "equal", t->equal);
	num(fp, in, "outcome_src", t->outcome_src);
	prov(fp, in, "oprov", &t->oprov);
	if (t->nexc > 0) {
		fprintf(fp, "%s.exc = (struct rules_exc *)%s_exc%zu,\n", in,
		    id, k);
		num(fp, in, "nexc", (long long)t->nexc);
	}
	num(fp, in, "has_move", t->has_move);
	num(fp, in, "contact", t->contact);
	num(fp, in, "move_good", t->move_good);
	num(fp, in, "move_difficult", t->move_difficult);
	num(fp, in, "move_road", t->move_road);
	prov(fp, in, "mprov", &t->mprov);
	num(fp, in, "has_base", t->has_base);
	num(fp, in, "base_depth", t->base_depth);
	prov(fp, in, "bprov", &t->bprov);
	num(fp, in, "pip_surcharge", t->pip_surcharge);
	num(fp, in, "pip_contact_free", t->pip_contact_free);
}

/* Troop k: ".t[k] = { ... }," unless every field is zero. */
static void
emit_troop(FILE *fp, const struct rules_troop *t, const char *id, size_t k)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (mem == NULL) {
		perror("open_memstream");
		exit(EXIT_SYS);
	}
	troop_fields(mem, t, id, k);
	fclose(mem);
	if (len > 0)
		fprintf(fp, "\t.t[%zu] = {\n%s\t},\n", k, buf);
	free(buf);
}

static void
emit_subtypes(FILE *fp, const struct rules *r, const char *id)
{
	const struct rules_subtype *st;
	const char *in = "\t\t";
	size_t i;

	fprintf(fp, "static const struct rules_subtype %s_sub[] = {\n", id);
	for (i = 0; i < r->nsub; i++) {
		st = &r->sub[i];
		fputs("\t{\n", fp);
		str(fp, in, "spelling", st->spelling);
		num(fp, in, "troop", st->troop);
		num(fp, in, "foot", st->foot);
		num(fp, in, "dbl", st->dbl);
		num(fp, in, "cls", st->cls);
		num(fp, in, "fights", st->fights);
		bits(fp, in, "tags", st->tags);
		num(fp, in, "has_move", st->has_move);
		num(fp, in, "has_base", st->has_base);
		num(fp, in, "move_good", st->move_good);
		num(fp, in, "move_rough", st->move_rough);
		num(fp, in, "move_difficult", st->move_difficult);
		num(fp, in, "move_road", st->move_road);
		num(fp, in, "base_depth", st->base_depth);
		prov(fp, in, "prov", &st->prov);
		fputs("\t},\n", fp);
	}
	fputs("};\n", fp);
}

static void
emit_further(FILE *fp, const struct rules *r)
{
	const char *in = "\t\t";
	int i;

	for (i = 0; i < r->nfurther; i++) {
		fprintf(fp, "\t.further[%d] = {\n", i);
		bits(fp, in, "troops", r->further[i].troops);
		bits(fp, in, "tags", r->further[i].tags);
		num(fp, in, "moves", r->further[i].moves);
		num(fp, in, "when", r->further[i].when);
		prov(fp, in, "prov", &r->further[i].prov);
		fputs("\t},\n", fp);
	}
	num(fp, "\t", "nfurther", r->nfurther);
}

/* The PIP figures of r. */
static void
emit_pips(FILE *fp, const struct rules *r)
{
	const char *in = "\t";
	int i;

	num(fp, in, "pip_die", r->pip_die);
	num(fp, in, "pip_base", r->pip_base);
	num(fp, in, "pip_elephants", r->pip_elephants);
	num(fp, in, "pip_command", r->pip_command);
	num(fp, in, "pip_far", r->pip_far);
	num(fp, in, "pip_out_of_sight", r->pip_out_of_sight);
	num(fp, in, "pip_beyond", r->pip_beyond);
	for (i = 0; i < 2; i++)
		num(fp, in, at("pip_first_free", (size_t)i),
		    r->pip_first_free[i]);
}

void
tables_emit_rules(FILE *fp, const struct rules *r, const char *id)
{
	const char *in = "\t";
	size_t i;

	for (i = 0; i < RULES_MAXTROOPS; i++)
		if (r->t[i].nexc > 0)
			emit_exc(fp, &r->t[i], id, i);
	if (r->nsub > 0)
		emit_subtypes(fp, r, id);
	if (r->ntopography > 0)
		emit_strings(fp, id, "_topography", r->topography,
		    r->ntopography);
	/* not const: rules_load hands it out as the caller's table */
	fprintf(fp, "static struct rules rules_%s = {\n", id);
	fputs("\t.edition = ", fp);
	lit(fp, r->edition);
	fputs(",\n\t.title = ", fp);
	lit(fp, r->title);
	fputs(",\n\t.troops = ", fp);
	lit(fp, r->troops);
	fputs(",\n", fp);
	for (i = 0; i < RULES_MAXTROOPS; i++)
		emit_troop(fp, &r->t[i], id, i);
	for (i = 0; i < TF_N; i++) {
		num(fp, in, at("tf", i), r->tf[i]);
		prov(fp, in, at("tf_prov", i), &r->tf_prov[i]);
		num(fp, in, at("tf_applies", i), r->tf_applies[i]);
		bits(fp, in, at("tf_except", i), r->tf_except[i]);
	}
	num(fp, in, "river_rolls", r->river_rolls);
	num(fp, in, "limit_overlap_flank", r->limit_overlap_flank);
	num(fp, in, "shooters_free", r->shooters_free);
	for (i = 0; i < RC_N; i++) {
		fprintf(fp, "\t.count[%zu] = { %d, %d, %d },\n", i,
		    r->count[i].min, r->count[i].max, r->count[i].dflt);
	}
	num(fp, in, "die", r->die);
	num(fp, in, "doubled", r->doubled);
	num(fp, in, "dflt_beaten", r->dflt_beaten);
	num(fp, in, "dflt_doubled", r->dflt_doubled);
	num(fp, in, "river_crossing", r->river_crossing);
	num(fp, in, "road_bonus", r->road_bonus);
	num(fp, in, "wheel_max", r->wheel_max);
	num(fp, in, "zoc_widths", r->zoc_widths);
	num(fp, in, "inch_mm", r->inch_mm);
	for (i = 0; i < SCALE_N; i++)
		fprintf(fp, "\t.scale[%zu] = { %ld, %ld, %ld },\n", i,
		    r->scale[i].paces, r->scale[i].mm,
		    r->scale[i].base_width);
	num(fp, in, "shooting_src", r->shooting_src);
	emit_pips(fp, r);
	if (r->nsub > 0) {
		fprintf(fp, "\t.sub = (struct rules_subtype *)%s_sub,\n", id);
		num(fp, in, "nsub", (long long)r->nsub);
	}
	for (i = 0; i < (size_t)r->ntags; i++)
		str(fp, in, at("tag", i), r->tag[i]);
	num(fp, in, "ntags", r->ntags);
	num(fp, in, "unit", r->unit);
	num(fp, in, "has_rough", r->has_rough);
	num(fp, in, "unit_paces", r->unit_paces);
	num(fp, in, "road_first_free", r->road_first_free);
	prov(fp, in, "road_prov", &r->road_prov);
	emit_further(fp, r);
	num(fp, in, "diff_opponent", r->diff_opponent);
	num(fp, in, "diff_close_only", r->diff_close_only);
	bits(fp, in, "double_vs", r->double_vs);
	num(fp, in, "double_vs_classes", r->double_vs_classes);
	num(fp, in, "double_good_only", r->double_good_only);
	num(fp, in, "assault", r->assault);
	num(fp, in, "assault_vs_foot", r->assault_vs_foot);
	num(fp, in, "assault_no_overlap", r->assault_no_overlap);
	prov(fp, in, "assault_prov", &r->assault_prov);
	bits(fp, in, "general_only", r->general_only);
	num(fp, in, "victory_lost", r->victory_lost);
	num(fp, in, "victory_double", r->victory_double);
	num(fp, in, "victory_camp", r->victory_camp);
	bits(fp, in, "victory_exclude", r->victory_exclude);
	prov(fp, in, "victory_prov", &r->victory_prov);
	num(fp, in, "army_elements", r->army_elements);
	num(fp, in, "army_generals", r->army_generals);
	num(fp, in, "has_aggression", r->has_aggression);
	num(fp, in, "aggression_min", r->aggression_min);
	num(fp, in, "aggression_max", r->aggression_max);
	if (r->ntopography > 0) {
		fprintf(fp, "\t.topography = %s_topography,\n", id);
		num(fp, in, "ntopography", (long long)r->ntopography);
	}
	num(fp, in, "cancel_shot", r->cancel_shot);
	prov(fp, in, "cancel_shot_prov", &r->cancel_shot_prov);
	for (i = 0; i < RP_N; i++)
		prov(fp, in, at("prov", i), &r->prov[i]);
	fputs("\t.shared = 1,\n};\n\n", fp);
}

void
tables_emit_editions(FILE *fp, const char *const *names, size_t n)
{
	size_t i;

	fputs("const struct rules_edition rules_builtin[] = {\n", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "\t{ \"%s\", &rules_%s },\n", names[i], names[i]);
	fprintf(fp, "};\nconst size_t rules_nbuiltin = %zu;\n", n);
}
