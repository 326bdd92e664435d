/* Writers for campaign-catastrophe and campaign-survival. */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "campaign/campaignout.h"
#include "core/diag.h"

static const char *const fates[] = { "", "wounded", "killed",
    "unconscious" };
static const char *const crits[] = { "no", "success", "failure" };

static void
rolls_str(char *buf, size_t n, const int *r, int nr)
{
	if (nr == 3)
		snprintf(buf, n, "%d/%d/%d", r[0], r[1], r[2]);
	else
		snprintf(buf, n, "%d", r[0]);
}

void
campaignout_begin(struct campaignout *o, const char *root)
{
	bool seed = o->report_seed && !o->odds;

	o->n = 0;
	switch (o->fmt) {
	case FMT_XML:
		o->xw = xw_new(o->fp);
		xw_start(o->xw, root);
		xw_attr(o->xw, "version", "1");
		if (seed)
			xw_attrf(o->xw, "seed", "%llu",
			    (unsigned long long)o->seed);
		break;
	case FMT_TSV:
		if (seed && !o->seed_given)
			diag_msg(0, "seed: %llu", (unsigned long long)o->seed);
		if (o->multi)
			fputs("file\t", o->fp);
		if (strcmp(root, "survival") == 0)
			fputs("line\tname\tbattle\teffective\trolls\t"
			    "margin\tcritical\tresult\tdamage\thits\tht\t"
			    "ht-after\tstrategy-as-catastrophe\tglory-rolls\t"
			    "glory-skill\tglory-margin\tglory-result\tside\t"
			    "unit\tcatastrophe\tfate\tcatastrophe-damage\n",
			    o->fp);
		else if (o->odds)
			fputs("battle\tline\tname\tevent\tcount\tof\n",
			    o->fp);
		else
			fputs("battle\tline\tname\trolls\ttotal\tevent\t"
			    "ts\tts-after\tstrategy\tstrategy-after\t"
			    "morale-all\tmorale-unit\tunit\tmorale-roll\t"
			    "morale-fail\tmorale-success\tenemy-ts-percent\trecalculate-ts\tdefector\t"
			    "leader\tleader-fate\tdamage\n", o->fp);
		break;
	case FMT_JSON:
	case FMT_JSONL:
		if (seed && o->fmt == FMT_JSONL && !o->seed_given)
			diag_msg(0, "seed: %llu", (unsigned long long)o->seed);
		jw_begin(&o->jw, o->fp, o->fmt == FMT_JSONL, NULL,
		    seed ? &o->seed : NULL, strcmp(root, "survival") == 0 ?
		    "pcs" : "sides");
		break;
	default:                /* text */
		if (seed && !o->seed_given)
			fprintf(o->fp, "seed: %llu\n",
			    (unsigned long long)o->seed);
		break;
	}
}

/* ---- catastrophe ---- */

/* The effect as key/value pairs, in the fixed order of
 * campaign-catastrophe(1). */
struct kv {
	const char *k;
	char v[96];
};

/* The name of unit i of s ("" if none), kept in b. */
static const char *
unit_name(const struct cat_side *s, int i, struct sbuf *b)
{
	struct cat_unit u;

	return i >= 0 && cat_units_at(&s->units, (size_t)i, &u, b) ?
	    u.name : "";
}

static size_t
effects(const struct campaignout *o, const struct cat_side *s, struct kv *kv)
{
	const struct cat_row *r = &o->table->rows[s->row];
	struct sbuf b = {0};
	size_t n = 0;

#define KV(key, ...) do { kv[n].k = key; \
	snprintf(kv[n].v, sizeof kv[n].v, __VA_ARGS__); n++; } while (0)
	if (r->strategy != 0)
		KV("strategy", "%d", r->strategy);
	if (r->halved) {
		KV("strategy-halved", "yes");
		if (s->has_strategy)
			KV("strategy-after", "%ld", s->strategy_after);
	}
	if (r->morale_all != 0)
		KV("morale-all", "%d", r->morale_all);
	if (r->morale_unit != 0) {
		KV("morale-unit", "%d", r->morale_unit);
		if (s->unit >= 0)
			KV("unit", "%s", unit_name(s, s->unit, &b));
	}
	if (r->morale_roll)
		KV("morale-roll", "yes");
	if (r->morale_fail != 0)
		KV("morale-fail", "%+d", r->morale_fail);
	if (r->morale_success != 0)
		KV("morale-success", "%+d", r->morale_success);
	if (r->enemy_ts_pct != 0)
		KV("enemy-ts-percent", "%d", r->enemy_ts_pct);
	if (r->recalc_ts) {
		KV("recalculate-ts", "yes");
		if (s->defector >= 0)
			KV("defector", "%s", unit_name(s, s->defector, &b));
	}
	if (r->leader == CAT_COMMANDER)
		KV("leader", "commander");
	else if (r->leader == CAT_UNIT && s->unit >= 0)
		KV("leader", "%s", unit_name(s, s->unit, &b));
	if (s->fate != FATE_NONE)
		KV("leader-fate", "%s", fates[s->fate]);
	if (s->damage > 0)
		KV("damage", "%d", s->damage);
#undef KV
	sbuf_free(&b);
	return n;
}

static const char *
kv_get(const struct kv *kv, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(kv[i].k, k) == 0)
			return kv[i].v;
	return "";
}

static void
side_text(struct campaignout *o, const struct cat_side *s)
{
	const struct cat_row *r = &o->table->rows[s->row];
	struct kv kv[16];
	size_t n = effects(o, s, kv), i;
	char rb[48];

	rolls_str(rb, sizeof rb, s->rolls, s->nrolls);
	fprintf(o->fp, "%s: %s %s", s->name, s->nrolls == 3 ? "rolls" :
	    "roll", rb);
	if (s->modifier != 0)
		fprintf(o->fp, ", modifier %+d", s->modifier);
	fprintf(o->fp, ", total %d: %s (%s)", s->total, r->event,
	    r->text[o->lang]);
	for (i = 0; i < n; i++)
		fprintf(o->fp, "%s%s=%s", i ? " " : "; ", kv[i].k, kv[i].v);
	if (s->has_ts_after)
		fprintf(o->fp, "; ts %ld -> %ld", s->ts, s->ts_after);
	fputc('\n', o->fp);
}

static void
side_attrs_xml(struct campaignout *o, const struct cat_side *s)
{
	xw_attr(o->xw, "name", s->name);
	if (o->battles)
		xw_attrl(o->xw, "battle", s->battle);
	if (s->battle_name != NULL)
		xw_attr(o->xw, "battle-name", s->battle_name);
	if (s->file != NULL)
		xw_attr(o->xw, "file", s->file);
	xw_attrl(o->xw, "line", s->line);
	/* the input flags, so that the tool reads its output back */
	if (s->has_strategy)
		xw_attrl(o->xw, "strategy", s->strategy);
	if (s->power != 0)
		xw_attrl(o->xw, "enemy-power", s->power);
	if (s->luck)
		xw_attr(o->xw, "luck", "yes");
	if (s->pc_commander)
		xw_attr(o->xw, "pc-commander", "yes");
}

/* The side's units, for campaign-survival --battle and read back. */
static bool
unit_xml(void *ctx, size_t i, const struct cat_unit *u)
{
	struct campaignout *o = ctx;

	(void)i;
	xw_start(o->xw, "unit");
	xw_attr(o->xw, "name", u->name);
	xw_attrl(o->xw, "ts", u->ts);
	if (u->pc)
		xw_attr(o->xw, "pc", "yes");
	xw_end(o->xw);
	return true;
}

static void
units_xml(struct campaignout *o, const struct cat_side *s)
{
	cat_units_each(&s->units, unit_xml, o);
}

static void
side_xml(struct campaignout *o, const struct cat_side *s)
{
	const struct cat_row *r = &o->table->rows[s->row];
	struct kv kv[16];
	size_t n = effects(o, s, kv), i;
	char rb[48];

	rolls_str(rb, sizeof rb, s->rolls, s->nrolls);
	xw_start(o->xw, "side");
	side_attrs_xml(o, s);
	xw_attr(o->xw, "rolls", rb);
	if (s->modifier != 0)
		xw_attrl(o->xw, "modifier", s->modifier);
	xw_attrl(o->xw, "total", s->total);
	xw_attr(o->xw, "event", r->event);
	if (s->has_ts_after) {
		xw_attrl(o->xw, "ts", s->ts);
		xw_attrl(o->xw, "ts-after", s->ts_after);
	}
	if (n > 0) {
		xw_start(o->xw, "effect");
		for (i = 0; i < n; i++)
			xw_attr(o->xw, kv[i].k, kv[i].v);
		xw_end(o->xw);
	}
	xw_start(o->xw, "text");
	xw_attr(o->xw, "lang", lang_code(o->lang));
	xw_text(o->xw, r->text[o->lang]);
	xw_end(o->xw);
	units_xml(o, s);
	xw_end(o->xw);
}

static void
cell(FILE *fp, const char *s, bool last)
{
	tsv_cell(fp, s, strlen(s));
	fputc(last ? '\n' : '\t', fp);
}

/* The file cell, first, when there are several operands. */
static void
file_cell(struct campaignout *o, const char *file)
{
	if (o->multi)
		cell(o->fp, file != NULL ? file : "", false);
}

static void
side_tsv(struct campaignout *o, const struct cat_side *s)
{
	static const char *const cols[] = { "strategy", "strategy-after",
	    "morale-all", "morale-unit", "unit", "morale-roll", "morale-fail",
	    "morale-success", "enemy-ts-percent", "recalculate-ts",
	    "defector", "leader", "leader-fate", "damage" };
	const size_t ncols = sizeof cols / sizeof cols[0];
	struct kv kv[16];
	size_t n = effects(o, s, kv), i;
	char rb[48];

	rolls_str(rb, sizeof rb, s->rolls, s->nrolls);
	file_cell(o, s->file);
	fprintf(o->fp, "%ld\t%ld\t", s->battle, s->line);
	cell(o->fp, s->name, false);
	fprintf(o->fp, "%s\t%d\t%s\t", rb, s->total,
	    o->table->rows[s->row].event);
	if (s->has_ts_after)
		fprintf(o->fp, "%ld\t%ld\t", s->ts, s->ts_after);
	else
		fputs("\t\t", o->fp);
	for (i = 0; i < ncols; i++)
		cell(o->fp, kv_get(kv, n, cols[i]), i + 1 == ncols);
}

static void
side_json(struct campaignout *o, const struct cat_side *s)
{
	const struct cat_row *r = &o->table->rows[s->row];
	struct kv kv[16];
	size_t n = effects(o, s, kv), i;
	int k;

	jw_obj(&o->jw);
	jw_kstr(&o->jw, "name", s->name);
	jw_kint(&o->jw, "battle", s->battle);
	if (s->battle_name != NULL)
		jw_kstr(&o->jw, "battle-name", s->battle_name);
	if (s->file != NULL)
		jw_kstr(&o->jw, "file", s->file);
	jw_kint(&o->jw, "line", s->line);
	jw_key(&o->jw, "rolls");
	jw_arr(&o->jw);
	for (k = 0; k < s->nrolls; k++)
		jw_int(&o->jw, s->rolls[k]);
	jw_close(&o->jw, ']');
	jw_kint(&o->jw, "modifier", s->modifier);
	jw_kint(&o->jw, "total", s->total);
	jw_kstr(&o->jw, "event", r->event);
	if (s->has_ts_after) {
		jw_kint(&o->jw, "ts", s->ts);
		jw_kint(&o->jw, "ts-after", s->ts_after);
	}
	jw_key(&o->jw, "effect");
	jw_obj(&o->jw);
	for (i = 0; i < n; i++) {
		char *end;
		long v = strtol(kv[i].v, &end, 10);

		if (*end == '\0' && end != kv[i].v)
			jw_kint(&o->jw, kv[i].k, v);
		else if (strcmp(kv[i].v, "yes") == 0) {
			jw_key(&o->jw, kv[i].k);
			jw_bool(&o->jw, true);
		} else
			jw_kstr(&o->jw, kv[i].k, kv[i].v);
	}
	jw_close(&o->jw, '}');
	jw_kstr(&o->jw, "text", r->text[o->lang]);
	jw_close(&o->jw, '}');
}

static void
odds_out(struct campaignout *o, const struct cat_side *s)
{
	const struct cat_table *t = o->table;
	unsigned long long *c, of;
	size_t i;

	c = calloc(t->nrows, sizeof *c);
	if (c == NULL)
		return;
	cat_odds(t, s, c, &of);
	switch (o->fmt) {
	case FMT_TEXT:
		fprintf(o->fp, "%s:", s->name);
		if (s->modifier != 0 || s->power != 0)
			fprintf(o->fp, " modifier %+ld", s->power /
			    (t->power_points > 0 ? t->power_points : 1));
		fprintf(o->fp, "%s\n", s->luck ? " luck" : "");
		for (i = 0; i < t->nrows; i++)
			fprintf(o->fp, "  %-18s %8llu/%llu %8.3f%%  %s\n",
			    t->rows[i].event, c[i], of,
			    100.0 * (double)c[i] / (double)of,
			    t->rows[i].text[o->lang]);
		break;
	case FMT_XML:
		xw_start(o->xw, "side");
		side_attrs_xml(o, s);
		if (s->has_ts)
			xw_attrl(o->xw, "ts", s->ts);
		if (s->ngiven > 0) {
			char rb[48];

			rolls_str(rb, sizeof rb, s->given, s->ngiven);
			xw_attr(o->xw, "roll", rb);
		}
		xw_start(o->xw, "odds");
		xw_attrf(o->xw, "of", "%llu", of);
		for (i = 0; i < t->nrows; i++) {
			xw_start(o->xw, "event");
			xw_attr(o->xw, "name", t->rows[i].event);
			xw_attrf(o->xw, "count", "%llu", c[i]);
			xw_end(o->xw);
		}
		xw_end(o->xw);
		units_xml(o, s);
		xw_end(o->xw);
		break;
	case FMT_TSV:
		for (i = 0; i < t->nrows; i++) {
			file_cell(o, s->file);
			fprintf(o->fp, "%ld\t%ld\t", s->battle, s->line);
			cell(o->fp, s->name, false);
			fprintf(o->fp, "%s\t%llu\t%llu\n", t->rows[i].event,
			    c[i], of);
		}
		break;
	case FMT_JSON:
	case FMT_JSONL:
		jw_obj(&o->jw);
		jw_kstr(&o->jw, "name", s->name);
		jw_kint(&o->jw, "battle", s->battle);
		if (s->file != NULL)
			jw_kstr(&o->jw, "file", s->file);
		jw_kint(&o->jw, "line", s->line);
		jw_kint(&o->jw, "of", (long long)of);
		jw_key(&o->jw, "odds");
		jw_obj(&o->jw);
		for (i = 0; i < t->nrows; i++)
			jw_kint(&o->jw, t->rows[i].event, (long long)c[i]);
		jw_close(&o->jw, '}');
		jw_close(&o->jw, '}');
		break;
	default:                /* not a format of the campaign tools */
		break;
	}
	free(c);
}

void
campaignout_side(struct campaignout *o, const struct cat_side *s)
{
	o->n++;
	if (o->odds)
		odds_out(o, s);
	else if (o->fmt == FMT_TEXT)
		side_text(o, s);
	else if (o->fmt == FMT_XML)
		side_xml(o, s);
	else if (o->fmt == FMT_TSV)
		side_tsv(o, s);
	else
		side_json(o, s);
	if (o->fmt == FMT_XML)
		xw_flush(o->xw);
}

/* ---- survival ---- */

static const char *
label(const char *text, const char *code)
{
	return text != NULL && *text != '\0' ? text : code;
}

static const struct glory_row *
glory(const struct campaignout *o, const struct surv_pc *p, int *strat)
{
	const struct glory_row *g;

	if (o->glory == NULL)
		return NULL;
	g = glory_match(o->glory, p->glory_margin, p->glory_crit);
	*strat = 0;
	if (g != NULL && g->has_strategy && (p->leader || p->commander))
		*strat = g->strategy + (p->commander && g->strategy != 0);
	return g;
}

static void
pc_text(struct campaignout *o, const struct surv_pc *p)
{
	const struct glory_row *g;
	char rb[48];
	int i, st = 0;

	fprintf(o->fp, "%s: ", p->name);
	if (p->struck != STRUCK_NONE)
		fprintf(o->fp, "%s (%s)", surv_struck_name(p->struck),
		    p->struck_event);
	if (p->struck == STRUCK_WOUNDED)
		fprintf(o->fp, ", damage %d", p->struck_damage);
	if (p->struck != STRUCK_NONE)
		fputs("; ", o->fp);
	if (p->no_rolls) {
		fprintf(o->fp, "battle skill %d: no survival or glory roll",
		    p->battle);
		if (p->has_ht)
			fprintf(o->fp, "; ht %ld -> %ld", p->ht, p->ht_after);
		if (p->strategy_catastrophe)
			fputs("; strategy as catastrophe", o->fp);
		fputc('\n', o->fp);
		return;
	}
	rolls_str(rb, sizeof rb, p->rolls, p->nrolls);
	fprintf(o->fp, "battle skill %d, effective %d, %s %s, margin %d",
	    p->battle, p->effective, p->nrolls == 3 ? "rolls" : "roll", rb,
	    p->margin);
	if (p->crit != CRIT_NO)
		fprintf(o->fp, ", critical %s", crits[p->crit]);
	fprintf(o->fp, ": %s (%s)", surv_result_name(p->result),
	    label(o->surv->res_text[p->result][o->lang],
	    surv_result_name(p->result)));
	for (i = 0; i < p->nhits; i++)
		fprintf(o->fp, "%s%d (%s)", i ? ", " : "; hits ",
		    p->hits[i].damage, label(o->surv->loc_text[
		    p->hits[i].loc_roll][o->lang], p->hits[i].location));
	if (p->has_ht)
		fprintf(o->fp, "; ht %ld -> %ld", p->ht, p->ht_after);
	if (p->strategy_catastrophe)
		fputs("; strategy as catastrophe", o->fp);
	fprintf(o->fp, "; glory roll %d vs %d, margin %d", p->glory_roll,
	    p->glory_skill, p->glory_margin);
	if (p->glory_crit != CRIT_NO)
		fprintf(o->fp, ", critical %s", crits[p->glory_crit]);
	g = glory(o, p, &st);
	if (g != NULL) {
		fprintf(o->fp, ": %s (%s)", g->result, g->text[o->lang]);
		if (g->has_rep)
			fprintf(o->fp, " reputation=%d", g->rep);
		if (st != 0)
			fprintf(o->fp, " strategy=%d", st);
	}
	fputc('\n', o->fp);
}

/* The input flags of a pc, so that the tool reads its output back. */
static void
pc_flags_xml(struct campaignout *o, const struct surv_pc *p)
{
	int i;

	if (p->has_iq)
		xw_attrl(o->xw, "iq", p->iq);
	if (p->has_tactics)
		xw_attrl(o->xw, "tactics", p->tactics);
	if (p->has_weapon)
		xw_attrl(o->xw, "weapon", p->weapon);
	if (p->reflexes)
		xw_attr(o->xw, "combat-reflexes", "yes");
	if (p->danger)
		xw_attr(o->xw, "danger-sense", "yes");
	if (p->risk != 0)
		xw_attrl(o->xw, "risk", p->risk);
	for (i = 0; i < TRAIT_N; i++)
		if (p->trait[i])
			xw_attr(o->xw, surv_trait_name(i), "yes");
	if (p->losing != 0)
		xw_attrl(o->xw, "losing", p->losing);
	if (p->mod != 0)
		xw_attrl(o->xw, "mod", p->mod);
	if (p->luck)
		xw_attr(o->xw, "luck", "yes");
	if (p->tl != o->surv->default_tl)
		xw_attrl(o->xw, "tl", p->tl);
	if (p->dr != 0)
		xw_attrl(o->xw, "dr", p->dr);
}

static void
pc_xml(struct campaignout *o, const struct surv_pc *p)
{
	const struct glory_row *g;
	char rb[48];
	int i, st = 0;

	rolls_str(rb, sizeof rb, p->rolls, p->nrolls);
	xw_start(o->xw, "pc");
	xw_attr(o->xw, "name", p->name);
	if (p->file != NULL)
		xw_attr(o->xw, "file", p->file);
	xw_attrl(o->xw, "line", p->line);
	pc_flags_xml(o, p);
	if (p->side != NULL)
		xw_attr(o->xw, "side", p->side);
	if (p->unit != NULL)
		xw_attr(o->xw, "unit", p->unit);
	xw_attrl(o->xw, "battle", p->battle);
	if (p->struck != STRUCK_NONE) {
		xw_attr(o->xw, "catastrophe", p->struck_event);
		xw_attr(o->xw, "fate", surv_struck_name(p->struck));
	}
	if (p->struck == STRUCK_WOUNDED)
		xw_attrl(o->xw, "catastrophe-damage", p->struck_damage);
	if (p->no_rolls)
		xw_attr(o->xw, "no-rolls", "yes");
	else {
		xw_attrl(o->xw, "effective", p->effective);
		xw_attr(o->xw, "rolls", rb);
		xw_attrl(o->xw, "margin", p->margin);
		xw_attr(o->xw, "critical", crits[p->crit]);
		xw_attr(o->xw, "result", surv_result_name(p->result));
	}
	if (p->has_ht) {
		xw_attrl(o->xw, "ht", p->ht);
		xw_attrl(o->xw, "ht-after", p->ht_after);
	}
	if (p->leader)
		xw_attr(o->xw, "leader", "yes");
	if (p->commander)
		xw_attr(o->xw, "commander", "yes");
	if (p->strategy_catastrophe)
		xw_attr(o->xw, "strategy-as-catastrophe", "yes");
	for (i = 0; i < p->nhits; i++) {
		xw_start(o->xw, "hit");
		xw_attrl(o->xw, "damage", p->hits[i].damage);
		if (p->hits[i].rolled > 0)
			xw_attrl(o->xw, "rolled", p->hits[i].rolled);
		xw_attr(o->xw, "location", p->hits[i].location);
		xw_attrl(o->xw, "location-roll", p->hits[i].loc_roll);
		xw_end(o->xw);
	}
	if (p->no_rolls) {
		xw_end(o->xw);
		return;
	}
	xw_start(o->xw, "glory");
	xw_attrl(o->xw, "rolls", p->glory_roll);
	xw_attrl(o->xw, "skill", p->glory_skill);
	xw_attrl(o->xw, "margin", p->glory_margin);
	if (p->glory_crit != CRIT_NO)
		xw_attr(o->xw, "critical", crits[p->glory_crit]);
	g = glory(o, p, &st);
	if (g != NULL) {
		xw_attr(o->xw, "result", g->result);
		if (g->has_rep)
			xw_attrl(o->xw, "reputation", g->rep);
		if (st != 0)
			xw_attrl(o->xw, "strategy", st);
		xw_start(o->xw, "text");
		xw_attr(o->xw, "lang", lang_code(o->lang));
		xw_text(o->xw, g->text[o->lang]);
		xw_end(o->xw);
	}
	xw_end(o->xw);
	xw_end(o->xw);
}

static void
pc_tsv(struct campaignout *o, const struct surv_pc *p)
{
	const struct glory_row *g;
	char rb[48];
	int i, st = 0;

	rolls_str(rb, sizeof rb, p->rolls, p->nrolls);
	file_cell(o, p->file);
	fprintf(o->fp, "%ld\t", p->line);
	cell(o->fp, p->name, false);
	fprintf(o->fp, "%d\t", p->battle);
	if (p->no_rolls)
		fputs("\t\t\t\t\t\t", o->fp);
	else
		fprintf(o->fp, "%d\t%s\t%d\t%s\t%s\t%d\t", p->effective, rb,
		    p->margin, crits[p->crit], surv_result_name(p->result),
		    p->damage);
	for (i = 0; i < p->nhits; i++)
		fprintf(o->fp, "%s%d@%s", i ? "," : "", p->hits[i].damage,
		    p->hits[i].location);
	if (p->has_ht)
		fprintf(o->fp, "\t%ld\t%ld\t", p->ht, p->ht_after);
	else
		fputs("\t\t\t", o->fp);
	fprintf(o->fp, "%s\t", p->strategy_catastrophe ? "yes" : "");
	g = glory(o, p, &st);
	if (p->no_rolls)
		fputs("\t\t\t\t", o->fp);
	else
		fprintf(o->fp, "%d\t%d\t%d\t%s\t", p->glory_roll,
		    p->glory_skill, p->glory_margin, g != NULL ? g->result :
		    "");
	cell(o->fp, p->side != NULL ? p->side : "", false);
	cell(o->fp, p->unit != NULL ? p->unit : "", false);
	fprintf(o->fp, "%s\t%s\t", p->struck_event != NULL ?
	    p->struck_event : "", surv_struck_name(p->struck));
	if (p->struck == STRUCK_WOUNDED)
		fprintf(o->fp, "%d", p->struck_damage);
	fputc('\n', o->fp);
}

/* The Survival roll of a PC in JSON: skill, rolls, result, hits. */
static void
pc_json_rolls(struct campaignout *o, const struct surv_pc *p)
{
	int i;

	jw_kint(&o->jw, "effective", p->effective);
	jw_key(&o->jw, "rolls");
	jw_arr(&o->jw);
	for (i = 0; i < p->nrolls; i++)
		jw_int(&o->jw, p->rolls[i]);
	jw_close(&o->jw, ']');
	jw_kint(&o->jw, "margin", p->margin);
	jw_kstr(&o->jw, "critical", crits[p->crit]);
	jw_kstr(&o->jw, "result", surv_result_name(p->result));
	jw_key(&o->jw, "hits");
	jw_arr(&o->jw);
	for (i = 0; i < p->nhits; i++) {
		jw_obj(&o->jw);
		jw_kint(&o->jw, "damage", p->hits[i].damage);
		jw_kstr(&o->jw, "location", p->hits[i].location);
		jw_close(&o->jw, '}');
	}
	jw_close(&o->jw, ']');
}

static void
pc_json(struct campaignout *o, const struct surv_pc *p)
{
	const struct glory_row *g;
	int st = 0;

	jw_obj(&o->jw);
	jw_kstr(&o->jw, "name", p->name);
	if (p->file != NULL)
		jw_kstr(&o->jw, "file", p->file);
	jw_kint(&o->jw, "line", p->line);
	if (p->side != NULL)
		jw_kstr(&o->jw, "side", p->side);
	if (p->unit != NULL)
		jw_kstr(&o->jw, "unit", p->unit);
	jw_kint(&o->jw, "battle", p->battle);
	if (p->struck != STRUCK_NONE) {
		jw_kstr(&o->jw, "catastrophe", p->struck_event);
		jw_kstr(&o->jw, "fate", surv_struck_name(p->struck));
	}
	if (p->struck == STRUCK_WOUNDED)
		jw_kint(&o->jw, "catastrophe-damage", p->struck_damage);
	if (p->no_rolls) {
		jw_key(&o->jw, "no-rolls");
		jw_bool(&o->jw, true);
	} else
		pc_json_rolls(o, p);
	if (p->has_ht) {
		jw_kint(&o->jw, "ht", p->ht);
		jw_kint(&o->jw, "ht-after", p->ht_after);
	}
	jw_key(&o->jw, "strategy-as-catastrophe");
	jw_bool(&o->jw, p->strategy_catastrophe);
	if (!p->no_rolls) {
		jw_key(&o->jw, "glory");
		jw_obj(&o->jw);
		jw_kint(&o->jw, "rolls", p->glory_roll);
		jw_kint(&o->jw, "skill", p->glory_skill);
		jw_kint(&o->jw, "margin", p->glory_margin);
		g = glory(o, p, &st);
		if (g != NULL) {
			jw_kstr(&o->jw, "result", g->result);
			if (g->has_rep)
				jw_kint(&o->jw, "reputation", g->rep);
			if (st != 0)
				jw_kint(&o->jw, "strategy", st);
		}
		jw_close(&o->jw, '}');
	}
	jw_close(&o->jw, '}');
}

void
campaignout_pc(struct campaignout *o, const struct surv_pc *p)
{
	o->n++;
	if (o->fmt == FMT_TEXT)
		pc_text(o, p);
	else if (o->fmt == FMT_XML) {
		pc_xml(o, p);
		xw_flush(o->xw);
	} else if (o->fmt == FMT_TSV)
		pc_tsv(o, p);
	else
		pc_json(o, p);
}

int
campaignout_end(struct campaignout *o)
{
	int r = 0;

	if (o->fmt == FMT_XML) {
		xw_end(o->xw);
		r = xw_finish(o->xw);
		o->xw = NULL;
	} else
		jw_end(&o->jw);
	return r;
}
