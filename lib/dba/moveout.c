/* Move writers: text lines, XML (formats/move.rng), TSV, JSON, JSON Lines. */
#include <stdlib.h>
#include <string.h>

#include "core/jsonout.h"
#include "core/labels.h"
#include "core/xalloc.h"
#include "core/xmlout.h"
#include "dba/moveout.h"

struct moveout {
	FILE *fp;
	struct moveout_opts o;
	struct xw *xw;
	struct jw jw;
	struct sbuf sb, troops;
	bool open;              /* an XML bound element is open */
};

static void
subst(struct sbuf *sb, const char *t, const char *const *arg)
{
	for (; *t != '\0'; t++) {
		if (t[0] == '$' && t[1] >= '1' && t[1] <= '4') {
			sbuf_adds(sb, arg[t[1] - '1']);
			t++;
		} else
			sbuf_addc(sb, *t);
	}
}

static const char *
code(int troop)
{
	return troop_at((size_t)troop)->code;
}

/* A troop as a text in lang writes it (Ri for Kn in German). */
static const char *
tcode(int troop, enum lang lang)
{
	return troop_abbr(troop_at((size_t)troop), lang);
}

/* Member i of m as written: its sub-type's spelling when it has
 * properties of its own (dba3 3Bd), else tcode. */
static const char *
member(const struct rules *r, const struct move *m, int i, enum lang lang)
{
	const struct rules_subtype *st = rules_subtype_own(r, m->sub[i]);

	return st != NULL ? st->spelling : tcode(m->troop[i], lang);
}

/* The break-off enemy as written: its sub-type's spelling when it has
 * properties of its own (dba3 3Bd), else its code (lang: its
 * abbreviation in lang; -1: the code, as the reader takes it). */
static const char *
enemy(const struct rules *r, const struct move *m, int lang)
{
	const struct rules_subtype *st = rules_subtype_own(r, m->breakoff_sub);

	return st != NULL ? st->spelling : lang < 0 ? code(m->breakoff) :
	    tcode(m->breakoff, (enum lang)lang);
}

/* A length in the edition's unit (paces: whole; dba3: base widths). */
static const char *
len(const struct rules *r, long paces, char *buf, size_t size)
{
	return rules_len_fmt(r, (double)paces, buf, size);
}

/* The same with the unit's word in lang: "300 paces", "3 BW". */
static const char *
len_unit(const struct rules *r, enum lang lang, long paces, char *buf,
    size_t size)
{
	char v[24];

	snprintf(buf, size, "%s %s", len(r, paces, v, sizeof v),
	    lang_label(lang, r->unit == UNIT_BW ? L_UNIT_BW : L_UNIT_PACES));
	return buf;
}

/* The first member of the move that breaks rule flag (ids in m). */
static const char *
culprit(const struct rules *r, const struct move *m, bool contact,
    enum lang lang)
{
	int i;

	for (i = 0; i < m->ntroops; i++)
		if (contact ? !r->t[m->troop[i]].contact :
		    r->t[m->troop[i]].move_difficult <= 0)
			return tcode(m->troop[i], lang);
	return tcode(m->troop[0], lang);
}

void
moveout_sentence(struct sbuf *sb, enum lang lang, const struct rules *r,
    int rule, const struct move *m, const struct mresult *res,
    const struct bound *b)
{
	char n1[24], n2[24], n3[24];
	const char *a[4] = { n1, n2, n3, "" };
	enum label k = L_MOVE_TOO_FAR;
	int g;

	(void)b;
	n1[0] = n2[0] = n3[0] = '\0';
	switch (rule) {
	case MR_TOO_FAR:
		len_unit(r, lang, m->dist, n1, sizeof n1);
		len(r, res->max, n2, sizeof n2);
		break;
	case MR_NO_PIPS:
		k = L_MOVE_NO_PIPS;
		snprintf(n1, sizeof n1, "%d", res->cost);
		snprintf(n2, sizeof n2, "%d", res->left);
		break;
	case MR_MOVED_TWICE:
		k = res->twice_general ? L_MOVE_TWICE_GENERAL : L_MOVE_TWICE;
		a[0] = m->id;
		snprintf(n2, sizeof n2, "%ld", res->twice_line);
		break;
	case MR_NO_CONTACT:
	case MR_DIFFICULT_GOING:
		k = rule == MR_NO_CONTACT ? L_MOVE_NO_CONTACT :
		    L_MOVE_DIFFICULT;
		a[0] = culprit(r, m, rule == MR_NO_CONTACT, lang);
		break;
	case MR_GROUP_ENGAGED:
		k = L_MOVE_ENGAGED;
		break;
	case MR_COLUMN_REQUIRED:
		k = L_MOVE_COLUMN;
		a[0] = lang_label(lang, m->has[MF_ROAD] ? L_MOVE_BY_ROAD :
		    m->has[MF_DIFFICULT] ? L_MOVE_BY_DIFFICULT :
		    m->has[MF_RIVER] ? L_MOVE_BY_RIVER : L_MOVE_BY_AWAY);
		break;
	case MR_FRONTAGE:
		k = m->frontage == FR_WHEEL ? L_MOVE_WHEEL : L_MOVE_FRONTAGE;
		snprintf(n1, sizeof n1, "%d", m->wheel);
		snprintf(n2, sizeof n2, "%d", r->wheel_max);
		break;
	case MR_GROUP_TURN:
		k = L_MOVE_TURN;
		break;
	case MR_BREAKOFF:
		k = L_MOVE_BREAKOFF;
		a[0] = enemy(r, m, (int)lang);
		len_unit(r, lang, res->enemy_max, n2, sizeof n2);
		len(r, res->own_max, n3, sizeof n3);
		/* 3.0 calls difficult going bad, beside rough */
		g = move_end_going(m);
		a[3] = lang_label(lang, g == GO_ROUGH ? L_MOVE_END_ROUGH :
		    g != GO_DIFFICULT ? L_MOVE_END_GOOD : r->has_rough ?
		    L_MOVE_END_BAD : L_MOVE_END_DIFFICULT);
		break;
	case MR_FLANK_CONTACT:
		k = m->has[MF_FACE] ? L_MOVE_FACE : L_MOVE_FLANK;
		break;
	default:
		k = L_MOVE_ZOC;
	}
	subst(sb, lang_label(lang, k), a);
}

/* The troops of m joined by commas, in lang (the machine formats:
 * LANG_EN, the codes). */
static const char *
troops(struct moveout *w, const struct move *m, enum lang lang)
{
	int i;

	sbuf_reset(&w->troops);
	for (i = 0; i < m->ntroops; i++) {
		if (i > 0)
			sbuf_addc(&w->troops, ',');
		sbuf_adds(&w->troops, member(w->o.rules, m, i, lang));
	}
	return sbuf_str(&w->troops);
}

struct moveout *
moveout_new(FILE *fp, const struct moveout_opts *o)
{
	struct moveout *w = xcalloc(1, sizeof *w);

	w->fp = fp;
	w->o = *o;
	switch (o->fmt) {
	case FMT_XML:
		w->xw = xw_new(fp);
		xw_start(w->xw, "moves");
		xw_attr(w->xw, "version", "1");
		xw_attr(w->xw, "rules", o->rules->edition);
		if (o->rules->unit == UNIT_BW)
			xw_attr(w->xw, "unit", "bw");
		break;
	case FMT_TSV:
		if (o->multi)
			fputs("file\t", fp);
		fputs("line\tbound\ttroops\tdistance\tmax\tcost\tverdict\t"
		    "rules\n", fp);
		break;
	case FMT_JSON:
	case FMT_JSONL:
		jw_begin(&w->jw, fp, o->fmt == FMT_JSONL, o->rules->edition,
		    NULL, "moves");
		break;
	default:                /* text: nothing before the bounds */
		break;
	}
	return w;
}

void
moveout_bound_start(struct moveout *w, const struct bound *b, bool totals,
    int used, int unused)
{
	if (w->xw == NULL)
		return;
	xw_start(w->xw, "bound");
	xw_attr(w->xw, "file", b->file);
	if (b->line > 0)
		xw_attrl(w->xw, "line", b->line);
	if (b->pips > 0)
		xw_attrl(w->xw, "pips", b->pips);
	if (b->general_lost)
		xw_attr(w->xw, "general-lost", "yes");
	if (b->first)
		xw_attr(w->xw, "first", "yes");
	if (totals) {
		xw_attrl(w->xw, "used", used);
		xw_attrl(w->xw, "unused", unused);
	}
	w->open = true;
}

/* Characters of a UTF-8 string (for padding). */
static size_t
chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static void
text_move(struct moveout *w, const struct move *m, const struct mresult *res)
{
	const char *v = lang_label(w->o.lang, res->rules ? L_MOVE_ILLEGAL :
	    L_MOVE_OK);
	size_t pad = 9 - chars(v);
	int rule, n = 0;
	char d[24], mx[24];

	if (w->o.multi)
		fprintf(w->fp, "%s:", m->file);
	fprintf(w->fp, "%ld: %s%*s%s %s/%s %s, %d PIP", m->line, v,
	    (int)pad, "", troops(w, m, w->o.lang),
	    len(w->o.rules, m->dist, d, sizeof d),
	    len(w->o.rules, res->max, mx, sizeof mx),
	    rules_unit_name(w->o.rules), res->cost);
	for (rule = 0; rule < MR_N; rule++) {
		if (!(res->rules & (1u << rule)))
			continue;
		sbuf_reset(&w->sb);
		moveout_sentence(&w->sb, w->o.lang, w->o.rules, rule, m, res,
		    NULL);
		fprintf(w->fp, "%s %s: %s", n++ ? ";" : ":", mrule_name(rule),
		    sbuf_str(&w->sb));
	}
	fputc('\n', w->fp);
}

/* --explain: the source and confidence of each figure the verdict used:
 * the move rate of each troop type, the river and road figures, the
 * wheel limit, the PIP cost and its surcharges. */
static void
explain_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	const struct rules *r = w->o.rules;
	enum lang l = w->o.lang;
	bool road = m->has[MF_ROAD], diff = m->has[MF_DIFFICULT];
	bool rough = m->has[MF_ROUGH];
	char d[24];
	int i, j, t, sur = -1;     /* the first type paying the surcharge */
	bool free0, free1;

	for (i = 0; i < m->ntroops; i++) {
		t = m->troop[i];
		for (j = 0; j < i && m->troop[j] != t; j++)
			;
		if (j < i)              /* each type once */
			continue;
		rules_explain(w->fp, rules_subtype_own(r, m->sub[i]) != NULL &&
		    rules_subtype_own(r, m->sub[i])->has_move ?
		    &rules_subtype_own(r, m->sub[i])->prov : &r->t[t].mprov,
		    "%s %s %s %s", lang_label(l, L_EXPLAIN_MOVE),
		    member(r, m, i, l), lang_label(l, road ? L_ROAD : diff ?
		    L_GOING_DIFF : rough ? L_GOING_ROUGH : L_GOING_GOOD),
		    len(r, move_rate(r, t, m->sub[i], diff ? GO_DIFFICULT :
		    rough ? GO_ROUGH : GO_GOOD, road), d, sizeof d));
		if (r->t[t].pip_surcharge && sur < 0 &&
		    !(r->t[t].pip_contact_free && (m->has[MF_CONTACT] ||
		    (m->has[MF_ZOC] && m->zoc == ZOC_CONTACT))))
			sur = t;
	}
	if (m->has[MF_RIVER])
		rules_explain(w->fp, &r->prov[RP_RIVER], "%s %ld",
		    lang_label(l, L_EXPLAIN_RIVER), r->river_crossing);
	if (res->bonus)
		rules_explain(w->fp, &r->prov[RP_ROAD_BONUS], "%s %ld",
		    lang_label(l, L_EXPLAIN_ROAD_BONUS), r->road_bonus);
	if (m->has[MF_FRONTAGE] && m->frontage == FR_WHEEL &&
	    m->has[MF_WHEEL])
		rules_explain(w->fp, &r->prov[RP_WHEEL], "%s %d",
		    lang_label(l, L_EXPLAIN_WHEEL), r->wheel_max);
	if (res->further >= 0)
		rules_explain(w->fp, &r->further[res->further].prov, "%s %d",
		    lang_label(l, L_EXPLAIN_FURTHER), res->nth);
	if (m->has[MF_FACE])            /* costs nothing */
		return;
	if (res->cost == 0) {           /* dba3: a road move */
		rules_explain(w->fp, &r->road_prov, "%s 0",
		    lang_label(l, L_EXPLAIN_ROAD_FREE));
		return;
	}
	rules_explain(w->fp, &r->prov[RP_PIP_BASE], "%s %d",
	    lang_label(l, L_EXPLAIN_PIP_COST), r->pip_base);
	/* in the side's first bound the exempt ones are named, not paid */
	free0 = b->first && r->pip_first_free[0];
	free1 = b->first && r->pip_first_free[1];
	if (sur >= 0)
		rules_explain(w->fp, &r->prov[RP_PIP_TROOPS], "%s %+d %s%s%s",
		    lang_label(l, L_EXPLAIN_PIP_TROOPS), r->pip_elephants,
		    tcode(sur, l), free0 ? " " : "",
		    free0 ? lang_label(l, L_EXPLAIN_FIRST_FREE) : "");
	if (move_beyond_command(r, m) || b->general_lost)
		rules_explain(w->fp, &r->prov[RP_PIP_COMMAND], "%s %+d%s%s",
		    lang_label(l, L_EXPLAIN_PIP_COMMAND), r->pip_command,
		    free1 ? " " : "",
		    free1 ? lang_label(l, L_EXPLAIN_FIRST_FREE) : "");
}

/* The value of an input flag of m as the reader takes it. */
static const char *
flag_value(const struct rules *r, const struct move *m, int f, char *buf,
    size_t n)
{
	switch (f) {
	case MF_ID:
		return m->id;
	case MF_BREAKOFF:
		return enemy(r, m, -1);
	case MF_END:
		return going_name(m->end);
	case MF_ZOC:
		return zoc_name(m->zoc);
	case MF_FRONTAGE:
		return frontage_name(m->frontage);
	case MF_WHEEL:
		snprintf(buf, n, "%d", m->wheel);
		return buf;
	case MF_FAR:
	case MF_HIDDEN:
		if ((f == MF_FAR ? m->far_dist : m->hidden_dist) == 0)
			return "yes";
		len(r, f == MF_FAR ? m->far_dist : m->hidden_dist, buf, n);
		if (r->unit == UNIT_BW)    /* read back in any edition */
			strncat(buf, "bw", n - strlen(buf) - 1);
		return buf;
	default:
		return "yes";
	}
}

/* The move's input flags as the reader takes them. */
static void
xml_flags(struct xw *x, const struct rules *r, const struct move *m)
{
	char deg[32];
	int f;

	for (f = 0; f < MF_N; f++)
		if (m->has[f])
			xw_attr(x, mflag_name(f), flag_value(r, m, f, deg,
			    sizeof deg));
}

static void
xml_move(struct moveout *w, const struct move *m, const struct mresult *res)
{
	struct xw *x = w->xw;
	int rule;
	char d[24];

	xw_start(x, "move");
	xw_attrl(x, "line", m->line);
	xw_attr(x, "troops", troops(w, m, LANG_EN));
	len(w->o.rules, m->dist, d, sizeof d);
	if (w->o.rules->unit == UNIT_BW)    /* read back in any edition */
		strcat(d, "bw");
	xw_attr(x, "distance", d);
	xml_flags(x, w->o.rules, m);
	xw_attr(x, "max", len(w->o.rules, res->max, d, sizeof d));
	xw_attrl(x, "cost", res->cost);
	xw_attr(x, "verdict", res->rules ? "illegal" : "ok");
	for (rule = 0; rule < MR_N; rule++) {
		if (!(res->rules & (1u << rule)))
			continue;
		sbuf_reset(&w->sb);
		moveout_sentence(&w->sb, LANG_EN, w->o.rules, rule, m, res, NULL);
		xw_start(x, "violation");
		xw_attr(x, "rule", mrule_name(rule));
		xw_text(x, sbuf_str(&w->sb));
		xw_end(x);
	}
	xw_end(x);
}

static void
tsv_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	int rule, n = 0;
	char d[24], mx[24];

	if (w->o.multi) {
		tsv_cell(w->fp, m->file, strlen(m->file));
		fputc('\t', w->fp);
	}
	fprintf(w->fp, "%ld\t%ld", m->line, b->number);
	fprintf(w->fp, "\t%s\t%s\t%s\t%d\t%s\t", troops(w, m, LANG_EN),
	    len(w->o.rules, m->dist, d, sizeof d),
	    len(w->o.rules, res->max, mx, sizeof mx), res->cost,
	    res->rules ? "illegal" : "ok");
	for (rule = 0; rule < MR_N; rule++)
		if (res->rules & (1u << rule))
			fprintf(w->fp, "%s%s", n++ ? "," : "",
			    mrule_name(rule));
	fputc('\n', w->fp);
}

static void
json_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	struct jw *j = &w->jw;
	int rule;
	char d[24];

	jw_obj(j);
	jw_kstr(j, "file", m->file);
	jw_kint(j, "line", m->line);
	jw_kint(j, "bound", b->number);
	jw_kstr(j, "troops", troops(w, m, LANG_EN));
	jw_knum(j, "distance", len(w->o.rules, m->dist, d, sizeof d));
	jw_knum(j, "max", len(w->o.rules, res->max, d, sizeof d));
	jw_kint(j, "cost", res->cost);
	jw_key(j, "charged");
	jw_bool(j, res->charged);
	jw_kstr(j, "verdict", res->rules ? "illegal" : "ok");
	jw_key(j, "violations");
	jw_arr(j);
	for (rule = 0; rule < MR_N; rule++) {
		if (!(res->rules & (1u << rule)))
			continue;
		sbuf_reset(&w->sb);
		moveout_sentence(&w->sb, LANG_EN, w->o.rules, rule, m, res, NULL);
		jw_obj(j);
		jw_kstr(j, "rule", mrule_name(rule));
		jw_kstr(j, "text", sbuf_str(&w->sb));
		jw_close(j, '}');
	}
	jw_close(j, ']');
	jw_close(j, '}');
}

void
moveout_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	switch (w->o.fmt) {
	case FMT_XML:
		xml_move(w, m, res);
		break;
	case FMT_TSV:
		tsv_move(w, b, m, res);
		break;
	case FMT_JSON:
	case FMT_JSONL:
		json_move(w, b, m, res);
		break;
	default:
		text_move(w, m, res);
		if (w->o.explain)
			explain_move(w, b, m, res);
	}
}

void
moveout_bound_end(struct moveout *w, const struct bound *b, int used, int unused)
{
	enum lang l = w->o.lang;

	if (w->xw != NULL) {
		xw_end(w->xw);
		xw_flush(w->xw);
		w->open = false;
		return;
	}
	if (w->o.fmt != FMT_TEXT)
		return;
	if (w->o.multi)
		fprintf(w->fp, "%s: ", b->file);
	fprintf(w->fp, "%s %ld", lang_label(l, L_MOVE_BOUND), b->number);
	if (b->pips > 0)
		fprintf(w->fp, ": %d %s, %d %s, %d %s\n", b->pips,
		    lang_label(l, b->pips == 1 ? L_MOVE_PIP : L_MOVE_PIPS),
		    used, lang_label(l, L_MOVE_USED), unused,
		    lang_label(l, L_MOVE_UNUSED));
	else
		fprintf(w->fp, ": %s, %d %s\n", lang_label(l, L_MOVE_NO_BUDGET),
		    used, lang_label(l, L_MOVE_USED));
}

int
moveout_finish(struct moveout *w)
{
	int rc = 0;

	if (w->xw != NULL) {
		if (w->open)
			xw_end(w->xw);
		xw_end(w->xw);
		rc = xw_finish(w->xw);
	}
	jw_end(&w->jw);
	sbuf_free(&w->sb);
	sbuf_free(&w->troops);
	free(w);
	return rc;
}
