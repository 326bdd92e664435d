/* Combat writers: text blocks, XML (formats/combat.rng), TSV, JSON, JSON
 * Lines. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/jsonout.h"
#include "core/labels.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlout.h"
#include "dba/combatout.h"

/* The labels of the results, outcomes and lost supports. */
static const enum label kind_label[] = {
	[RES_DRAW] = L_COMBAT_DRAW, [RES_BEATEN] = L_BEATEN,
	[RES_DOUBLED] = L_DOUBLED,
};
static const enum label outcome_label[OUT_N] = {
	[OUT_RECOIL] = L_OUT_RECOIL, [OUT_FLEE] = L_OUT_FLEE,
	[OUT_DESTROYED] = L_OUT_DESTROYED, [OUT_NONE] = L_COMBAT_NONE,
	[OUT_SURRENDER] = L_OUT_SURRENDER,
};
static const enum label why_label[WHY_N] = {
	[WHY_SHOT] = L_WHY_SHOT, [WHY_BOW_CONTACT] = L_WHY_BOW_CONTACT,
	[WHY_DIFFICULT] = L_GOING_DIFF,
	[WHY_ATTACKS_CAMP] = L_WHY_ATTACKS_CAMP,
	[WHY_NOT_VS_MOUNTED] = L_WHY_NOT_VS_MOUNTED,
	[WHY_NOT_VS] = L_WHY_NOT_VS, [WHY_NOT_SOLID] = L_WHY_NOT_SOLID,
};

struct combatout {
	FILE *fp;
	struct combatout_opts o;
	struct xw *xw;
	struct jw jw;
	struct sbuf row;        /* text, TSV: what is being made */
	bool batch;             /* TSV: rows kept in row up to TSV_BATCH
	                         * bytes (not to a terminal) */
};

#define TSV_BATCH 4096

static const char *
lbl(const struct combatout *w, enum label l)
{
	return lang_label(w->o.lang, l);
}

/* The troop of side i in the machine formats: its code, or the list
 * spelling of its sub-type (dba3: 3Bd). */
static const char *
code(const struct combatout *w, const struct combat *c, int i)
{
	const struct rules_subtype *st = c->s[i].sub == 0 ? NULL :
	    rules_subtype_own(w->o.table, c->s[i].sub);

	return st != NULL ? st->spelling :
	    troop_at((size_t)c->s[i].troop)->code;
}

/* The troop of side i as the text writes it: its code in English, its
 * abbreviation in the other languages; a sub-type its spelling. */
static const char *
tcode(const struct combatout *w, const struct combat *c, int i)
{
	const struct rules_subtype *st = rules_subtype_own(w->o.table, c->s[i].sub);

	return st != NULL ? st->spelling :
	    troop_abbr(troop_at((size_t)c->s[i].troop), w->o.lang);
}

static const char *
cls_name(int cls)
{
	return cls == CLASS_MOUNTED ? "mounted" : "foot";
}

struct combatout *
combatout_new(FILE *fp, const struct combatout_opts *o)
{
	struct combatout *w = xcalloc(1, sizeof *w);

	w->fp = fp;
	w->o = *o;
	w->batch = fileno(fp) < 0 || !isatty(fileno(fp));
	switch (o->fmt) {
	case FMT_XML:
		w->xw = xw_new(fp);
		xw_start(w->xw, "combats");
		xw_attr(w->xw, "version", "1");
		xw_attr(w->xw, "rules", o->rules);
		if (o->rolled)
			xw_attrf(w->xw, "seed", "%llu",
			    (unsigned long long)o->seed);
		break;
	case FMT_TSV:
		if (o->multi)
			fputs("file\t", fp);
		fputs("line\tkind\ttroop1\ttotal1\ttroop2\ttotal2\tdie1\tdie2"
		    "\tresult\toutcome", fp);
		if (o->odds)
			fputs("\tfirst-wins\tfirst-doubles\tdraws\tsecond-wins"
			    "\tsecond-doubles", fp);
		fputc('\n', fp);
		break;
	case FMT_JSON:
	case FMT_JSONL:
		jw_begin(&w->jw, fp, o->fmt == FMT_JSONL, o->rules,
		    o->rolled ? &o->seed : NULL, "combats");
		break;
	default:
		if (o->rolled && !o->seed_given)
			fprintf(fp, "seed: %llu\n",
			    (unsigned long long)o->seed);
	}
	return w;
}

/* ---- text ----------------------------------------------------------- */

/* The text of a combat is made in w->row and written at once: printf
 * per piece was most of the time of the text output. */
static void
row_s(struct combatout *w, const char *s)
{
	sbuf_adds(&w->row, s);
}

/* v as %d writes it, with a '+' before a positive or zero one when
 * sign (%+d). */
static void
row_d(struct combatout *w, long v, bool sign)
{
	struct sbuf *b = &w->row;
	char *p = sbuf_room(b, STR_LONG_MAX + 1);

	if (sign && v >= 0)
		*p++ = '+';
	p += str_putl(p, v);
	*p = '\0';
	b->len = (size_t)(p - b->s);
}

/* " LABEL N/OF" */
static void
row_frac(struct combatout *w, enum label l, int n, int of)
{
	row_s(w, " ");
	row_s(w, lbl(w, l));
	row_s(w, " ");
	row_d(w, n, false);
	row_s(w, "/");
	row_d(w, of, false);
}

static void
row_flush(struct combatout *w)
{
	if (w->row.len > 0)
		fwrite(w->row.s, 1, w->row.len, w->fp);
	sbuf_reset(&w->row);
}

static void
text_side(struct combatout *w, const struct combat *c,
    const struct combat_result *cr, int i)
{
	const struct side_result *s = &cr->side[i];
	const struct mod *m;
	int k;

	row_s(w, tcode(w, c, i));
	row_s(w, " ");
	row_d(w, s->factor, false);
	for (k = 0; k < s->nmods; k++) {
		m = &s->mods[k];
		if (m->why != WHY_NONE) {
			row_s(w, " (");
			row_s(w, lbl(w, m->reason == R_SUPPORT ?
			    L_COMBAT_SUPPORT_LOST : m->reason == R_SIDE ?
			    L_COMBAT_SIDE_LOST : L_COMBAT_PSILOI_LOST));
			row_s(w, ": ");
			row_s(w, lbl(w, why_label[m->why]));
			row_s(w, ")");
		} else {
			row_s(w, " ");
			row_d(w, m->value, true);
			row_s(w, " ");
			row_s(w, reason_name(m->reason));
		}
	}
	row_s(w, " = ");
	row_d(w, s->total, false);
}

/* The name of side i, with its number when both types are the same. */
static void
text_who(struct combatout *w, const struct combat *c, int i)
{
	row_s(w, tcode(w, c, i));
	if (c->s[0].troop == c->s[1].troop) {
		row_s(w, " (");
		row_d(w, i + 1, false);
		row_s(w, ")");
	}
}

/* An unjudged combat: the sides as given, then the types without
 * factors in these rules. */
static void
text_unjudged(struct combatout *w, const struct combat *c)
{
	int i, f;

	for (i = 0; i < 2; i++) {
		fputs(i == 0 ? "" : c->shooting ? "  shoots  " : "  vs  ",
		    w->fp);
		fputs(tcode(w, c, i), w->fp);
		for (f = 0; f < F_N; f++)
			if (c->s[i].has[f] &&
			    combat_count(w->o.table, f).max == 0)
				fprintf(w->fp, " %s", flag_name(f));
			else if (c->s[i].has[f])
				fprintf(w->fp, " %s=%d", flag_name(f),
				    c->s[i].val[f]);
	}
	fprintf(w->fp, "\n   %s (%s):", lbl(w, L_NOT_IN_EDITION),
	    w->o.rules);
	for (i = 0; i < 2; i++)
		if (!combat_judged(w->o.table, c->s[i].troop) &&
		    (i == 0 || c->s[1].troop != c->s[0].troop))
			fprintf(w->fp, " %s", tcode(w, c, i));
	fputc('\n', w->fp);
}

/* ---- text: --explain ------------------------------------------------ */

/* The rules row behind a modifier, or NULL. */
static const struct rules_prov *
mod_prov(const struct rules *r, const struct rules_troop *t,
    const struct side_result *s, const struct mod *m)
{
	static const int tf[R_N] = {
		[R_GENERAL] = TF_GENERAL + 1, [R_UPHILL] = TF_UPHILL + 1,
		[R_RIVERBANK] = TF_RIVERBANK + 1, [R_CAMP] = TF_CAMP + 1,
		[R_OVERLAP] = TF_OVERLAP + 1, [R_FLANK] = TF_FLANK + 1,
		[R_REAR] = TF_REAR + 1, [R_SHOOTERS] = TF_SHOOTERS + 1,
		[R_BUA] = TF_BUA + 1,
	};

	if (m->reason == R_SUPPORT)
		return m->why == WHY_SHOT ? &r->cancel_shot_prov :
		    &t->rear_when.prov;
	if (m->reason == R_PSILOI)
		return &t->psiloi_when.prov;
	if (m->reason == R_SIDE)
		return &t->side_when.prov;
	if (m->reason == R_DOUBLE)
		return &r->tf_prov[TF_DOUBLE];
	if (m->reason == R_ASSAULT)
		return &r->assault_prov;
	if (m->reason == R_DIFFICULT || m->reason == R_OPP_DIFFICULT)
		return &r->tf_prov[s->cls == CLASS_MOUNTED ? TF_DIFF_MOUNTED :
		    TF_DIFF_FOOT];
	return tf[m->reason] > 0 ? &r->tf_prov[tf[m->reason] - 1] : NULL;
}

static void
explain_side(struct combatout *w, const struct combat *c,
    const struct combat_result *cr, int i)
{
	const struct rules *r = w->o.explain;
	const struct rules_troop *t = &r->t[c->s[i].troop];
	const struct side_result *s = &cr->side[i];
	const struct rules_prov *p;
	int k;

	const struct rules_subtype *st = rules_subtype_own(r, c->s[i].sub);

	rules_explain(w->fp, c->s[i].has[F_BUA] && t->has_bua ?
	    &t->fprov_bua : c->shooting && t->has_shoot ? &t->fprov_shoot :
	    &t->fprov, "%s %s %d", lbl(w, L_EXPLAIN_FACTOR), tcode(w, c, i),
	    s->factor);
	if (st != NULL)
		rules_explain(w->fp, &st->prov, "%s %s = %s",
		    lbl(w, L_EXPLAIN_SUBTYPE), st->spelling,
		    troop_at((size_t)st->troop)->code);
	for (k = 0; k < s->nmods; k++)
		if ((p = mod_prov(r, t, s, &s->mods[k])) != NULL)
			rules_explain(w->fp, p, "%s %s %+d %s",
			    lbl(w, L_EXPLAIN_FACTOR), tcode(w, c, i),
			    s->mods[k].value, reason_name(s->mods[k].reason));
}

/* The outcome used, or without dice every outcome row of both types. */
static void
explain_outcome(struct combatout *w, const struct combat *c,
    const struct combat_result *cr)
{
	const struct rules *r = w->o.explain;
	const struct result *res = &cr->res;
	const struct rules_troop *t;
	int i, loser;

	if (cr->has_result) {
		if (res->winner == 0 || (c->shooting && res->winner == 2))
			return;
		loser = 2 - res->winner;
		t = &r->t[c->s[loser].troop];
		rules_explain(w->fp, res->used != NULL ? &res->used->prov :
		    &t->oprov, "%s %s %s -> %s", lbl(w, L_EXPLAIN_OUTCOME),
		    tcode(w, c, loser), lbl(w, kind_label[res->kind]),
		    lbl(w, outcome_label[res->outcome]));
		return;
	}
	for (i = 0; i < 2; i++) {
		if (i == 0 && c->shooting)
			continue;
		t = &r->t[c->s[i].troop];
		rules_explain(w->fp, &t->oprov, "%s %s %s",
		    lbl(w, L_EXPLAIN_OUTCOME), lbl(w, L_EXPLAIN_ROW),
		    tcode(w, c, i));
	}
}

static void
text_combat(struct combatout *w, const struct combat *c,
    const struct combat_result *cr)
{
	const struct result *r = &cr->res;
	const struct odds *o = &cr->odds;
	int side, out, n = 0;

	if (w->o.multi) {
		row_s(w, c->file);
		row_s(w, ":");
	}
	row_d(w, c->line, false);
	row_s(w, ": ");
	if (c->unjudged) {
		row_flush(w);
		text_unjudged(w, c);
		return;
	}
	text_side(w, c, cr, 0);
	row_s(w, c->shooting ? "  shoots  " : "  vs  ");
	text_side(w, c, cr, 1);
	row_s(w, "\n");
	if (cr->has_result) {
		row_s(w, "   ");
		row_s(w, lbl(w, L_COMBAT_DICE));
		row_s(w, " ");
		row_d(w, cr->dice[0], false);
		row_s(w, " ");
		row_d(w, cr->dice[1], false);
		row_s(w, ": ");
		row_d(w, r->score[0], false);
		row_s(w, " vs ");
		row_d(w, r->score[1], false);
		row_s(w, ", ");
		if (r->winner == 0)
			row_s(w, lbl(w, L_COMBAT_DRAW));
		else {
			text_who(w, c, 2 - r->winner);
			row_s(w, " ");
			row_s(w, lbl(w, kind_label[r->kind]));
			row_s(w, " -> ");
			row_s(w, lbl(w, outcome_label[r->outcome]));
		}
		row_s(w, "\n");
	}
	if (w->o.explain != NULL) {
		row_flush(w);
		explain_side(w, c, cr, 0);
		explain_side(w, c, cr, 1);
		explain_outcome(w, c, cr);
	}
	if (!cr->has_odds) {
		row_flush(w);
		return;
	}
	row_s(w, "   ");
	row_s(w, lbl(w, L_COMBAT_ODDS));
	row_s(w, ": ");
	text_who(w, c, 0);
	row_frac(w, L_COMBAT_WINS, o->first_wins, o->pairs);
	row_s(w, ",");
	row_frac(w, L_COMBAT_DOUBLES, o->first_doubles, o->pairs);
	row_s(w, ";");
	row_frac(w, L_COMBAT_DRAWS, o->draws, o->pairs);
	row_s(w, "; ");
	text_who(w, c, 1);
	row_frac(w, L_COMBAT_WINS, o->second_wins, o->pairs);
	row_s(w, ",");
	row_frac(w, L_COMBAT_DOUBLES, o->second_doubles, o->pairs);
	row_s(w, "\n   ");
	row_s(w, lbl(w, L_COMBAT_OUTCOMES));
	row_s(w, ":");
	for (side = 1; side >= 0; side--)
		for (out = 0; out < OUT_N; out++)
			if (o->out[side][out] > 0) {
				row_s(w, n++ ? ", " : " ");
				text_who(w, c, side);
				row_s(w, " ");
				row_s(w, lbl(w, outcome_label[out]));
				row_s(w, " ");
				row_d(w, o->out[side][out], false);
			}
	if (n == 0)
		row_s(w, " -");
	row_s(w, "\n");
	row_flush(w);
}

/* ---- XML ------------------------------------------------------------ */

/* The side's input flags as the reader takes them: yes, or the number of
 * a flag that has one. */
static void
xml_flags(struct combatout *w, const struct side *s)
{
	int f;

	for (f = 0; f < F_N; f++) {
		if (!s->has[f])
			continue;
		if (combat_count(w->o.table, f).max == 0)
			xw_attr(w->xw, flag_name(f), "yes");
		else
			xw_attrl(w->xw, flag_name(f), s->val[f]);
	}
}

static void
xml_combat(struct combatout *w, const struct combat *c,
    const struct combat_result *cr)
{
	struct xw *x = w->xw;
	const struct side_result *s;
	int i, k, side, out;

	xw_start(x, "combat");
	xw_attr(x, "file", c->file);
	xw_attrl(x, "line", c->line);
	xw_attr(x, "kind", c->shooting ? "shooting" : "close");
	if (c->unjudged)
		xw_attr(x, "unjudged", "yes");
	if (cr->has_result)     /* given or rolled: read back as given */
		xw_attrf(x, "dice", "%d %d", cr->dice[0], cr->dice[1]);
	for (i = 0; i < 2; i++) {
		s = &cr->side[i];
		xw_start(x, "side");
		xw_attr(x, "troop", code(w, c, i));
		xml_flags(w, &c->s[i]);
		xw_attr(x, "class", cls_name(troop_at((size_t)c->s[i].troop)->cls));
		if (!c->unjudged) {
			xw_attrl(x, "factor", s->factor);
			xw_attrl(x, "total", s->total);
		}
		if (cr->has_result) {
			xw_attrl(x, "die", cr->dice[i]);
			xw_attrl(x, "score", cr->res.score[i]);
		}
		for (k = 0; k < s->nmods; k++) {
			xw_start(x, "mod");
			xw_attr(x, "reason", reason_name(s->mods[k].reason));
			xw_attrl(x, "value", s->mods[k].value);
			if (s->mods[k].why != WHY_NONE)
				xw_attr(x, "why", why_name(s->mods[k].why));
			xw_end(x);
		}
		xw_end(x);
	}
	if (cr->has_result) {
		xw_start(x, "result");
		if (cr->res.winner != 0)
			xw_attrl(x, "winner", cr->res.winner);
		xw_attr(x, "kind", rkind_name(cr->res.kind));
		if (cr->res.winner != 0)
			xw_attr(x, "loser-outcome",
			    outcome_name(cr->res.outcome));
		xw_end(x);
	}
	if (cr->has_odds) {
		xw_start(x, "odds");
		xw_attrl(x, "of", cr->odds.pairs);
		xw_attrl(x, "first-wins", cr->odds.first_wins);
		xw_attrl(x, "first-doubles", cr->odds.first_doubles);
		xw_attrl(x, "draws", cr->odds.draws);
		xw_attrl(x, "second-wins", cr->odds.second_wins);
		xw_attrl(x, "second-doubles", cr->odds.second_doubles);
		for (side = 1; side >= 0; side--)
			for (out = 0; out < OUT_N; out++)
				if (cr->odds.out[side][out] > 0) {
					xw_start(x, "outcome");
					xw_attrl(x, "side", side + 1);
					xw_attr(x, "result", outcome_name(out));
					xw_attrl(x, "count",
					    cr->odds.out[side][out]);
					xw_end(x);
				}
		xw_end(x);
	}
	xw_end(x);
	xw_flush(x);
}

/* ---- TSV and JSON --------------------------------------------------- */

/* The rows are made by hand in w->row and written at once: printf per
 * cell was most of the time of -T tsv. */
static char *
tsv_str(char *p, const char *s, size_t n)
{
	*p++ = '\t';
	memcpy(p, s, n);
	return p + n;
}

static char *
tsv_int(char *p, long v)
{
	*p++ = '\t';
	return p + str_putl(p, v);
}

static void
tsv_combat(struct combatout *w, const struct combat *c,
    const struct combat_result *cr)
{
	FILE *fp = w->fp;
	const struct odds *o = &cr->odds;
	const char *kind = c->shooting ? "shooting" : "close";
	const char *a = code(w, c, 0), *b = code(w, c, 1), *rk = "", *on = "";
	size_t nk = c->shooting ? 8 : 5, na = strlen(a), nb = strlen(b), nr, no;
	char *row, *p;

	if (w->o.multi || c->unjudged)
		row_flush(w);
	if (w->o.multi) {
		tsv_cell(fp, c->file, strlen(c->file));
		fputc('\t', fp);
	}
	if (c->unjudged) {
		fprintf(fp, "%ld\t%s\t%s\t\t%s\t\t\t\tunjudged\t%s\n",
		    c->line, kind, a, b, w->o.odds ? "\t\t\t\t\t" : "");
		return;
	}
	if (cr->has_result) {
		rk = rkind_name(cr->res.kind);
		if (cr->res.winner != 0)
			on = outcome_name(cr->res.outcome);
	}
	nr = strlen(rk);
	no = strlen(on);
	/* the strings, then ten numbers and their tabs at most */
	row = p = sbuf_room(&w->row, nk + na + nb + nr + no +
	    10 * (STR_LONG_MAX + 1) + 8);
	p += str_putl(p, c->line);
	p = tsv_str(p, kind, nk);
	p = tsv_str(p, a, na);
	p = tsv_int(p, cr->side[0].total);
	p = tsv_str(p, b, nb);
	p = tsv_int(p, cr->side[1].total);
	if (cr->has_result) {
		p = tsv_int(p, cr->dice[0]);
		p = tsv_int(p, cr->dice[1]);
		p = tsv_str(p, rk, nr);
		p = tsv_str(p, on, no);
	} else
		p = tsv_str(p, "\t\t\t", 3);
	if (w->o.odds) {
		p = tsv_int(p, o->first_wins);
		p = tsv_int(p, o->first_doubles);
		p = tsv_int(p, o->draws);
		p = tsv_int(p, o->second_wins);
		p = tsv_int(p, o->second_doubles);
	}
	*p++ = '\n';
	/* a write a row was a tenth of the time */
	w->row.len += (size_t)(p - row);
	if (!w->batch || w->row.len >= TSV_BATCH)
		row_flush(w);
}

/* The input flags of a side, as in the XML (unjudged combats). */
static void
json_flags(struct combatout *w, const struct side *s)
{
	int f;

	for (f = 0; f < F_N; f++) {
		if (!s->has[f])
			continue;
		jw_key(&w->jw, flag_name(f));
		if (combat_count(w->o.table, f).max == 0)
			jw_bool(&w->jw, true);
		else
			jw_int(&w->jw, s->val[f]);
	}
}

static void
json_combat(struct combatout *w, const struct combat *c,
    const struct combat_result *cr)
{
	struct jw *j = &w->jw;
	const struct side_result *s;
	int i, k, side, out;

	jw_obj(j);
	jw_kstr(j, "file", c->file);
	jw_kint(j, "line", c->line);
	jw_kstr(j, "kind", c->shooting ? "shooting" : "close");
	if (c->unjudged) {
		jw_key(j, "unjudged");
		jw_bool(j, true);
	}
	jw_key(j, "sides");
	jw_arr(j);
	for (i = 0; i < 2; i++) {
		s = &cr->side[i];
		jw_obj(j);
		jw_kstr(j, "troop", code(w, c, i));
		jw_kstr(j, "class",
		    cls_name(troop_at((size_t)c->s[i].troop)->cls));
		if (c->unjudged) {
			json_flags(w, &c->s[i]);
			jw_close(j, '}');
			continue;
		}
		jw_kint(j, "factor", s->factor);
		jw_kint(j, "total", s->total);
		if (cr->has_result) {
			jw_kint(j, "die", cr->dice[i]);
			jw_kint(j, "score", cr->res.score[i]);
		}
		jw_key(j, "mods");
		jw_arr(j);
		for (k = 0; k < s->nmods; k++) {
			jw_obj(j);
			jw_kstr(j, "reason", reason_name(s->mods[k].reason));
			jw_kint(j, "value", s->mods[k].value);
			if (s->mods[k].why != WHY_NONE)
				jw_kstr(j, "why", why_name(s->mods[k].why));
			jw_close(j, '}');
		}
		jw_close(j, ']');
		jw_close(j, '}');
	}
	jw_close(j, ']');
	if (cr->has_result) {
		jw_key(j, "result");
		jw_obj(j);
		if (cr->res.winner != 0)
			jw_kint(j, "winner", cr->res.winner);
		jw_kstr(j, "kind", rkind_name(cr->res.kind));
		if (cr->res.winner != 0)
			jw_kstr(j, "loser-outcome",
			    outcome_name(cr->res.outcome));
		jw_close(j, '}');
	}
	if (cr->has_odds) {
		jw_key(j, "odds");
		jw_obj(j);
		jw_kint(j, "of", cr->odds.pairs);
		jw_kint(j, "first-wins", cr->odds.first_wins);
		jw_kint(j, "first-doubles", cr->odds.first_doubles);
		jw_kint(j, "draws", cr->odds.draws);
		jw_kint(j, "second-wins", cr->odds.second_wins);
		jw_kint(j, "second-doubles", cr->odds.second_doubles);
		jw_key(j, "outcomes");
		jw_arr(j);
		for (side = 1; side >= 0; side--)
			for (out = 0; out < OUT_N; out++)
				if (cr->odds.out[side][out] > 0) {
					jw_obj(j);
					jw_kint(j, "side", side + 1);
					jw_kstr(j, "result", outcome_name(out));
					jw_kint(j, "count",
					    cr->odds.out[side][out]);
					jw_close(j, '}');
				}
		jw_close(j, ']');
		jw_close(j, '}');
	}
	jw_close(j, '}');
}

void
combatout_combat(struct combatout *w, const struct combat *c,
    const struct combat_result *cr)
{
	switch (w->o.fmt) {
	case FMT_XML:
		xml_combat(w, c, cr);
		break;
	case FMT_TSV:
		tsv_combat(w, c, cr);
		break;
	case FMT_JSON:
	case FMT_JSONL:
		json_combat(w, c, cr);
		break;
	default:
		text_combat(w, c, cr);
	}
}

int
combatout_finish(struct combatout *w)
{
	int rc = 0;

	if (w->xw != NULL) {
		xw_end(w->xw);
		rc = xw_finish(w->xw);
	}
	jw_end(&w->jw);
	row_flush(w);
	sbuf_free(&w->row);
	free(w);
	return rc;
}
