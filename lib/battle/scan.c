/* scan: battle-scan's file loop and its record writers: text, combat
 * lines, move lines, XML, JSON, JSON Lines; the picture is drawn by
 * bfdraw.c through bfsvg.c or bfpdf.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "battle/scan.h"
#include "battle/scan_int.h"
#include "core/diag.h"
#include "core/jsonout.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlout.h"
#include "rules/troop.h"

static const char *const edge_side[2] = { "left", "right" };

struct scan {
	const struct scan_opts *o;
	FILE *fp;
	struct xw *xw;
	struct jw jw;
	struct bfpdf *pdf;
	int nfield;
	long outline;           /* lines of -T moves written so far */
	struct rules_labels labels;     /* by_label: the editions */
};

static const char *
code(const struct bfield *f, int i)
{
	return battle_troop(f, i);
}

static const char *
going(const struct bderived *d)
{
	return d->difficult ? "difficult" : d->rough ? "rough" : "good";
}

/* ---- text ----------------------------------------------------------- */

static void
text_list(struct sbuf *b, const char *what, const struct bfield *f,
    const int *v, size_t n)
{
	size_t i;

	if (n == 0)
		return;
	sbuf_printf(b, "; %s", what);
	for (i = 0; i < n; i++)
		sbuf_printf(b, "%s%s", i > 0 ? "," : " ", f->e[v[i]].id);
}

/* "; left flank b2,b3": every enemy on that edge (side NULL: the rear). */
static void
attackers(struct sbuf *b, const struct bfield *f, const struct bderived *d,
    int edge, const char *side)
{
	size_t k;
	int n = 0;

	for (k = 0; k < d->natt; k++) {
		if (d->att[k].edge != edge)
			continue;
		if (n++ == 0)
			sbuf_printf(b, "; %s%s%s ", side != NULL ? side : "",
			    side != NULL ? " " : "", side != NULL ? "flank" :
			    "rear");
		else
			sbuf_addc(b, ',');
		sbuf_adds(b, f->e[d->att[k].who].id);
	}
}

static void
text_elem(const struct bfield *f, int i, struct sbuf *b)
{
	const struct belem *e = &f->e[i];
	const struct bderived *d = &e->d;
	int s, v[8];
	size_t k;

	sbuf_printf(b, "  %-6s %-3s ", e->id, code(f, i));
	battle_len(b, f, e->box.p.x);
	sbuf_addc(b, ',');
	battle_len(b, f, e->box.p.y);
	sbuf_adds(b, " facing ");
	battle_num(b, e->box.facing);
	sbuf_printf(b, ": %s, level %d", going(d), d->level);
	if (d->in_river)
		sbuf_adds(b, d->ford ? ", at a ford" : ", in the river");
	else if (d->on_road)
		sbuf_adds(b, ", on a road");
	if (d->camp)
		sbuf_adds(b, ", in its camp");
	if (e->general)
		sbuf_adds(b, ", general");
	if (d->front >= 0) {
		sbuf_printf(b, "; front %s", f->e[d->front].id);
		if (d->nfront > 1)
			sbuf_printf(b, " (%d in front contact)", d->nfront);
	}
	for (s = 0; s < 2; s++) {
		attackers(b, f, d, s ? GE_RIGHT : GE_LEFT, edge_side[s]);
		if (d->overlap[s] >= 0)
			sbuf_printf(b, "; overlapped %s by %s", edge_side[s],
			    f->e[d->overlap[s]].id);
	}
	attackers(b, f, d, GE_REAR, NULL);
	if (d->support >= 0)
		sbuf_printf(b, "; %s %s%s", d->psiloi ? "psiloi support" :
		    "support", f->e[d->support].id, d->support_lost ?
		    " (lost: difficult going)" : "");
	if (d->side_by >= 0)
		sbuf_printf(b, "; side support %s%s", f->e[d->side_by].id,
		    d->side_lost ? " (lost: not in good going)" : "");
	for (k = 0; k < d->nzoc && k < 8; k++)
		v[k] = d->zoc[k];
	text_list(b, "zone of control of", f, v, k);
	for (k = 0; k < d->nzoc; k++)
		if (battle_zoc_screened(d)[k])
			sbuf_printf(b, " (%s screened)", f->e[d->zoc[k]].id);
	if (d->gdist > 0) {
		sbuf_adds(b, "; general ");
		battle_len(b, f, d->gdist);
		sbuf_printf(b, " %s%s%s", battle_unit(f), battle_is_far(f, e->troop, d->gdist) ? ", far" : "",
		    d->hidden ? ", out of sight" : "");
	}
	sbuf_addc(b, '\n');
}

static void
write_text(struct scan *s, const struct bfield *f, const struct bcombat *c,
    size_t nc, const struct bplan *p)
{
	struct sbuf b = {0};
	const struct bside *sd;
	size_t i, k;
	int n;

	sbuf_printf(&b, "%sbattlefield %s: ", s->nfield > 0 ? "\n" : "",
	    f->file);
	battle_len(&b, f, f->width);
	sbuf_addc(&b, 'x');
	battle_len(&b, f, f->height);
	sbuf_adds(&b, f->r->unit == UNIT_BW ? " base widths" : " paces");
	if (f->bound > 0)
		sbuf_printf(&b, ", bound %d", f->bound);
	sbuf_addc(&b, '\n');
	for (n = 0; n < f->nsides; n++) {
		sd = &f->side[n];
		sbuf_printf(&b, "side %s", sd->name);
		if (sd->pips > 0)
			sbuf_printf(&b, ", %d PIPs", sd->pips);
		if (sd->general >= 0)
			sbuf_printf(&b, ", general %s", f->e[sd->general].id);
		if (sd->general_lost)
			sbuf_adds(&b, ", general lost");
		sbuf_addc(&b, '\n');
		for (i = 0; i < f->ne; i++)
			if (f->e[i].side == n)
				text_elem(f, (int)i, &b);
	}
	if (nc > 0)
		sbuf_adds(&b, "combats:\n");
	for (k = 0; k < nc; k++)
		battle_combat_line(f, &c[k], &b);
	if (p != NULL && p->n > 0)
		sbuf_adds(&b, "moves:\n");
	for (k = 0; p != NULL && k < p->n; k++)
		if (!p->mv[k].error)
			battle_move_line(f, &p->mv[k], &b);
	fputs(sbuf_str(&b), s->fp);
	sbuf_free(&b);
}

/* ---- lines ---------------------------------------------------------- */

static long
count_lines(const char *s)
{
	long n = 0;

	for (; *s != '\0'; s++)
		n += *s == '\n';
	return n;
}

/* The bound line of the side that moves, and the moves; *lines gets
 * each move line's number in the output (for --verdicts). */
static void
moves_text(struct scan *s, const struct bfield *f, const struct bplan *p,
    struct sbuf *b, long *lines)
{
	const struct bside *sd;
	size_t k;
	bool bound = false;

	sbuf_printf(b, "# %s", f->file);
	if (f->bound > 0)
		sbuf_printf(b, ", bound %d", f->bound);
	sbuf_addc(b, '\n');
	for (k = 0; k < p->n; k++) {
		if (p->mv[k].error)
			continue;
		sd = &f->side[p->mv[k].side];
		if (!bound && sd->pips > 0)
			sbuf_printf(b, "bound %d%s%s\n", sd->pips,
			    sd->general_lost ? " general-lost" : "",
			    p->first ? " first" : "");
		bound = true;
		battle_move_line(f, &p->mv[k], b);
		if (lines != NULL)
			lines[k] = s->outline + count_lines(sbuf_str(b));
	}
}

static void
write_lines(struct scan *s, const struct bfield *f, const struct bcombat *c,
    size_t nc, const struct bplan *p)
{
	struct sbuf b = {0};
	size_t k;

	if (s->o->fmt == FMT_COMBAT) {
		sbuf_printf(&b, "# %s\n", f->file);
		for (k = 0; k < nc; k++)
			battle_combat_line(f, &c[k], &b);
	} else if (p != NULL)
		moves_text(s, f, p, &b, NULL);
	s->outline += count_lines(sbuf_str(&b));
	fputs(sbuf_str(&b), s->fp);
	sbuf_free(&b);
}

/* ---- XML ------------------------------------------------------------ */

static void
xnum(struct xw *w, const char *name, double v)
{
	struct sbuf b = {0};

	battle_num(&b, v);
	xw_attr(w, name, sbuf_str(&b));
	sbuf_free(&b);
}

/* A length attribute in the unit of f's rules. */
static void
xlen(struct xw *w, const struct bfield *f, const char *name, double v)
{
	struct sbuf b = {0};

	battle_len(&b, f, v);
	xw_attr(w, name, sbuf_str(&b));
	sbuf_free(&b);
}

static void
xref(struct xw *w, const char *el, const char *side, const char *attr,
    const char *id)
{
	xw_start(w, el);
	if (side != NULL)
		xw_attr(w, "side", side);
	xw_attr(w, attr, id);
	xw_end(w);
}

static void
xml_elem(struct xw *w, const struct bfield *f, int i)
{
	const struct belem *e = &f->e[i];
	const struct bderived *d = &e->d;
	size_t k;
	int s;

	xw_start(w, "element");
	xw_attr(w, "id", e->id);
	xw_attr(w, "side", f->side[e->side].name);
	xw_attr(w, "troop", code(f, i));
	xlen(w, f, "x", e->box.p.x);
	xlen(w, f, "y", e->box.p.y);
	xnum(w, "facing", e->box.facing);
	xlen(w, f, "width", e->box.w);
	xlen(w, f, "depth", e->box.d);
	xw_attr(w, "going", going(d));
	xw_attrl(w, "level", d->level);
	xw_attr(w, "river", d->ford ? "ford" : d->in_river ? "yes" : "no");
	xw_attr(w, "road", d->on_road ? "yes" : "no");
	xw_attr(w, "camp", d->camp ? "yes" : "no");
	xw_attr(w, "general", e->general ? "yes" : "no");
	if (d->gdist >= 0) {
		xlen(w, f, "general-distance", d->gdist);
		xw_attr(w, "far", battle_is_far(f, e->troop, d->gdist) ? "yes" : "no");
		xw_attr(w, "hidden", d->hidden ? "yes" : "no");
	}
	if (d->front >= 0) {
		xw_start(w, "front");
		xw_attr(w, "with", f->e[d->front].id);
		xw_attrl(w, "contacts", d->nfront);
		xw_end(w);
	}
	for (s = 0; s < 2; s++)
		for (k = 0; k < d->natt; k++)
			if (d->att[k].edge == (s ? GE_RIGHT : GE_LEFT))
				xref(w, "flank", edge_side[s], "by",
				    f->e[d->att[k].who].id);
	for (k = 0; k < d->natt; k++)
		if (d->att[k].edge == GE_REAR)
			xref(w, "rear", NULL, "by", f->e[d->att[k].who].id);
	for (s = 0; s < 2; s++)
		if (d->overlap[s] >= 0)
			xref(w, "overlap", edge_side[s], "by",
			    f->e[d->overlap[s]].id);
	if (d->support >= 0) {
		xw_start(w, "support");
		xw_attr(w, "by", f->e[d->support].id);
		xw_attr(w, "kind", d->psiloi ? "psiloi" : "rear");
		if (d->support_lost)
			xw_attr(w, "lost", "difficult");
		xw_end(w);
	}
	if (d->side_by >= 0) {
		xw_start(w, "support");
		xw_attr(w, "by", f->e[d->side_by].id);
		xw_attr(w, "kind", "side");
		if (d->side_lost)
			xw_attr(w, "lost", "going");
		xw_end(w);
	}
	for (k = 0; k < d->nzoc; k++) {
		xw_start(w, "zoc");
		xw_attr(w, "of", f->e[d->zoc[k]].id);
		xw_attr(w, "screened", battle_zoc_screened(d)[k] ? "yes" :
		    "no");
		xw_end(w);
	}
	xw_end(w);
}

/* The second line of a two-line record (after the "# ..." comment). */
static const char *
second_line(const char *s)
{
	const char *nl = strchr(s, '\n');

	return nl != NULL ? nl + 1 : s;
}

static void
chomp(struct sbuf *b)
{
	if (b->len > 0 && b->s[b->len - 1] == '\n')
		b->s[--b->len] = '\0';
}

static void
write_xml(struct scan *s, const struct bfield *f, const struct bcombat *c,
    size_t nc, const struct bplan *p)
{
	struct xw *w = s->xw;
	struct sbuf b = {0};
	const struct bmove *mv;
	size_t k;
	int n, i;

	xw_start(w, "battlefield");
	xw_attr(w, "file", f->file);
	if (f->r != s->o->r)    /* by its label */
		xw_attr(w, "rules", f->r->edition);
	if (f->r->unit == UNIT_BW)      /* lengths in base widths */
		xw_attr(w, "unit", "bw");
	xlen(w, f, "width", f->width);
	xlen(w, f, "height", f->height);
	if (f->bound > 0)
		xw_attrl(w, "bound", f->bound);
	for (n = 0; n < f->nsides; n++) {
		xw_start(w, "side");
		xw_attr(w, "name", f->side[n].name);
		if (f->side[n].pips > 0)
			xw_attrl(w, "pips", f->side[n].pips);
		if (f->side[n].general >= 0)
			xw_attr(w, "general", f->e[f->side[n].general].id);
		xw_attr(w, "general-lost", f->side[n].general_lost ? "yes" :
		    "no");
		xw_end(w);
	}
	for (k = 0; k < f->ne; k++)
		xml_elem(w, f, (int)k);
	for (k = 0; k < nc; k++) {
		sbuf_reset(&b);
		battle_combat_line(f, &c[k], &b);
		chomp(&b);
		xw_start(w, "combat");
		xw_attr(w, "first", f->e[c[k].a].id);
		xw_attr(w, "second", f->e[c[k].b].id);
		xw_text(w, second_line(sbuf_str(&b)));
		xw_end(w);
	}
	for (k = 0; p != NULL && k < p->n; k++) {
		mv = &p->mv[k];
		if (mv->error)
			continue;
		sbuf_reset(&b);
		battle_move_line(f, mv, &b);
		chomp(&b);
		xw_start(w, "move");
		xw_attrl(w, "line", mv->line);
		sbuf_reset(&b);
		for (i = 0; i < mv->n; i++)
			sbuf_printf(&b, "%s%s", i > 0 ? "," : "",
			    f->e[mv->ids[i]].id);
		xw_attr(w, "ids", sbuf_str(&b));
		xlen(w, f, "distance", mv->dist);
		sbuf_reset(&b);
		battle_move_line(f, mv, &b);
		chomp(&b);
		xw_text(w, second_line(sbuf_str(&b)));
		xw_end(w);
	}
	xw_end(w);
	xw_flush(w);
	sbuf_free(&b);
}

/* ---- JSON ----------------------------------------------------------- */

/* "key": number, at 0.1 pace (jsonout writes whole numbers only). */
static void
jnum(struct jw *j, const char *key, double v)
{
	struct sbuf b = {0};

	battle_num(&b, v);
	jw_key(j, key);
	j->after_key = false;
	fputs(sbuf_str(&b), j->fp);
	sbuf_free(&b);
}

/* "key": a length in the unit of f's rules. */
static void
jlen(struct jw *j, const struct bfield *f, const char *key, double v)
{
	struct sbuf b = {0};

	battle_len(&b, f, v);
	jw_key(j, key);
	j->after_key = false;
	fputs(sbuf_str(&b), j->fp);
	sbuf_free(&b);
}

/* "key": ["b2", "b3"]: every enemy on that edge. */
static void
json_attackers(struct jw *j, const char *key, const struct bfield *f,
    const struct bderived *d, int edge)
{
	size_t k;

	jw_key(j, key);
	jw_arr(j);
	for (k = 0; k < d->natt; k++)
		if (d->att[k].edge == edge)
			jw_str(j, f->e[d->att[k].who].id);
	jw_close(j, ']');
}

static void
json_elem(struct jw *j, const struct bfield *f, int i, bool line)
{
	const struct belem *e = &f->e[i];
	const struct bderived *d = &e->d;
	size_t k;
	int s;

	jw_obj(j);
	if (line) {
		jw_kstr(j, "record", "element");
		jw_kstr(j, "file", f->file);
	}
	jw_kstr(j, "id", e->id);
	jw_kstr(j, "side", f->side[e->side].name);
	jw_kstr(j, "troop", code(f, i));
	jlen(j, f, "x", e->box.p.x);
	jlen(j, f, "y", e->box.p.y);
	jnum(j, "facing", e->box.facing);
	jw_kstr(j, "going", going(d));
	jw_kint(j, "level", d->level);
	jw_key(j, "river"), jw_bool(j, d->in_river);
	jw_key(j, "ford"), jw_bool(j, d->ford);
	jw_key(j, "road"), jw_bool(j, d->on_road);
	jw_key(j, "camp"), jw_bool(j, d->camp);
	jw_key(j, "general"), jw_bool(j, e->general);
	if (d->gdist >= 0) {
		jlen(j, f, "general_distance", d->gdist);
		jw_key(j, "far"), jw_bool(j, battle_is_far(f, e->troop, d->gdist));
		jw_key(j, "hidden"), jw_bool(j, d->hidden);
	}
	if (d->front >= 0) {
		jw_kstr(j, "front", f->e[d->front].id);
		jw_kint(j, "front_contacts", d->nfront);
	}
	for (s = 0; s < 2; s++) {
		if (d->flank[s] > 0)
			json_attackers(j, s ? "flank_right" : "flank_left", f,
			    d, s ? GE_RIGHT : GE_LEFT);
		if (d->overlap[s] >= 0)
			jw_kstr(j, s ? "overlap_right" : "overlap_left",
			    f->e[d->overlap[s]].id);
	}
	if (d->rear > 0)
		json_attackers(j, "rear", f, d, GE_REAR);
	if (d->support >= 0) {
		jw_kstr(j, d->psiloi ? "psiloi_support" : "support",
		    f->e[d->support].id);
		if (d->support_lost)
			jw_kstr(j, "support_lost", "difficult");
	}
	if (d->side_by >= 0) {
		jw_kstr(j, "side_support", f->e[d->side_by].id);
		if (d->side_lost)
			jw_kstr(j, "side_support_lost", "going");
	}
	if (d->nzoc > 0) {
		jw_key(j, "zoc");
		jw_arr(j);
		for (k = 0; k < d->nzoc; k++) {
			jw_obj(j);
			jw_kstr(j, "of", f->e[d->zoc[k]].id);
			jw_key(j, "screened");
			jw_bool(j, battle_zoc_screened(d)[k]);
			jw_close(j, '}');
		}
		jw_close(j, ']');
	}
	jw_close(j, '}');
}

static void
json_record(struct jw *j, const struct bfield *f, const char *what,
    const char *ida, const char *idb, long line, const char *text,
    bool lines)
{
	jw_obj(j);
	if (lines) {
		jw_kstr(j, "record", what);
		jw_kstr(j, "file", f->file);
	}
	if (ida != NULL)
		jw_kstr(j, "first", ida);
	if (idb != NULL)
		jw_kstr(j, "second", idb);
	if (line > 0)
		jw_kint(j, "line", line);
	jw_kstr(j, "text", text);
	jw_close(j, '}');
}

static void
write_json(struct scan *s, const struct bfield *f, const struct bcombat *c,
    size_t nc, const struct bplan *p)
{
	struct jw *j = &s->jw;
	bool lines = s->o->fmt == FMT_JSONL;
	struct sbuf b = {0};
	size_t k;

	if (!lines) {
		jw_obj(j);
		jw_kstr(j, "file", f->file);
		if (f->r != s->o->r)    /* by its label */
			jw_kstr(j, "rules", f->r->edition);
		if (f->r->unit == UNIT_BW)
			jw_kstr(j, "unit", "bw");
		jlen(j, f, "width", f->width);
		jlen(j, f, "height", f->height);
		if (f->bound > 0)
			jw_kint(j, "bound", f->bound);
		jw_key(j, "elements");
		jw_arr(j);
	}
	for (k = 0; k < f->ne; k++)
		json_elem(j, f, (int)k, lines);
	if (!lines) {
		jw_close(j, ']');
		jw_key(j, "combats");
		jw_arr(j);
	}
	for (k = 0; k < nc; k++) {
		sbuf_reset(&b);
		battle_combat_line(f, &c[k], &b);
		chomp(&b);
		json_record(j, f, "combat", f->e[c[k].a].id, f->e[c[k].b].id,
		    0, second_line(sbuf_str(&b)), lines);
	}
	if (!lines) {
		jw_close(j, ']');
		jw_key(j, "moves");
		jw_arr(j);
	}
	for (k = 0; p != NULL && k < p->n; k++) {
		if (p->mv[k].error)
			continue;
		sbuf_reset(&b);
		battle_move_line(f, &p->mv[k], &b);
		chomp(&b);
		json_record(j, f, "move", NULL, NULL, p->mv[k].line,
		    second_line(sbuf_str(&b)), lines);
	}
	if (!lines) {
		jw_close(j, ']');
		jw_close(j, '}');
	}
	sbuf_free(&b);
}

/* ---- the file loop -------------------------------------------------- */

/* move-check's text output: "LINE: ok|illegal ..." by output line. */
static int *
read_verdicts(const char *path, const struct bfield *f, struct bplan *p,
    struct scan *s)
{
	struct sbuf b = {0};
	struct input in;
	long *lines, n;
	const char *l;
	char *end;
	size_t len, k;
	int *v;

	if (path == NULL || p == NULL || p->n == 0)
		return NULL;
	lines = xcalloc(p->n, sizeof *lines);
	v = xcalloc(p->n, sizeof *v);
	for (k = 0; k < p->n; k++)
		v[k] = -1;
	s->outline = 0;
	moves_text(s, f, p, &b, lines);
	sbuf_free(&b);
	if (input_open(&in, path) == 0) {
		(void)input_first_byte(&in);    /* see battle_plan_read */
		while (input_getline(&in, &l, &len)) {
			/* the line is not NUL-terminated */
			char *t = xstrndup(l, len);

			n = strtol(t, &end, 10);
			if (end != t && *end == ':')
				for (k = 0; k < p->n; k++)
					if (lines[k] == n)
						v[k] = strstr(end,
						    "illegal") != NULL;
			free(t);
		}
		input_close(&in);
	}
	free(lines);
	return v;
}

static void
one(struct scan *s, const char *name)
{
	const struct scan_opts *o = s->o;
	struct bfield f;
	struct bplan plan, *p = NULL;
	struct bcombat *c = NULL;
	struct input in;
	size_t nc;
	int *verdict = NULL, n;

	diag_set_file(name);
	if (input_open(&in, name) < 0)
		return;
	if (input_first_byte(&in) < 0) {
		/* nothing or blanks: said so, nothing written */
		DIAG(BF_EMPTY_INPUT, 0, 0);
		input_close(&in);
		return;
	}
	memset(&f, 0, sizeof f);
	f.tol = o->tol;
	f.labels = o->by_label ? &s->labels : NULL;
	f.editions = &s->labels;
	battle_read(&f, &in, o->r, o->scale);
	input_close(&in);
	if (!f.root) {
		/* not XML, or not a battlefield: said so, nothing written */
		battle_free(&f);
		return;
	}
	battle_derive(&f);
	for (n = 0; n < f.nsides; n++)
		if (f.side[n].general < 0 && !f.side[n].general_lost &&
		    o->plan != NULL)
			DIAG(BF_NO_GENERAL, f.side[n].line, 0, f.side[n].name);
	nc = battle_combats(&f, &c);
	memset(&plan, 0, sizeof plan);
	if (o->plan != NULL) {
		diag_set_file(o->plan);
		if (input_open(&in, o->plan) == 0) {
			battle_plan_read(&f, &in, o->scale, &plan);
			input_close(&in);
			p = &plan;
		}
		diag_set_file(name);
	}
	switch (o->fmt) {
	case FMT_TEXT:
		write_text(s, &f, c, nc, p);
		break;
	case FMT_COMBAT:
	case FMT_MOVES:
		write_lines(s, &f, c, nc, p);
		break;
	case FMT_XML:
		write_xml(s, &f, c, nc, p);
		break;
	case FMT_JSON:
	case FMT_JSONL:
		write_json(s, &f, c, nc, p);
		break;
	case FMT_SVG:
	case FMT_PDF:
		verdict = read_verdicts(o->verdicts, &f, p, s);
		if (o->fmt == FMT_SVG && s->nfield == 0)
			bfsvg(s->fp, &f, p, verdict, o);
		else if (o->fmt == FMT_PDF)
			o->pdf->page(s->pdf, &f, p, verdict, o);
		free(verdict);
		break;
	default:                /* not one of battle-scan's */
		break;
	}
	s->nfield++;
	free(c);
	battle_plan_free(&plan);
	battle_free(&f);
}

int
scan_files(const struct scan_opts *o, FILE *fp, char *const *files,
    int nfiles)
{
	struct scan s;
	int i, rc = 0;

	memset(&s, 0, sizeof s);
	s.o = o;
	s.fp = fp;
	s.labels.dflt = o->r;
	if (o->fmt == FMT_XML) {
		s.xw = xw_new(fp);
		xw_start(s.xw, "battle-scan");
		xw_attr(s.xw, "version", "1");
		xw_attr(s.xw, "rules", o->r->edition);
	} else if (o->fmt == FMT_JSON || o->fmt == FMT_JSONL)
		jw_begin(&s.jw, fp, o->fmt == FMT_JSONL, o->r->edition, NULL,
		    "battlefields");
	else if (o->fmt == FMT_PDF)
		s.pdf = o->pdf->open(fp, files, nfiles);
	if (nfiles == 0)
		one(&s, "-");
	for (i = 0; i < nfiles; i++)
		one(&s, files[i]);
	if (s.xw != NULL) {
		xw_end(s.xw);
		rc = xw_finish(s.xw);
	} else if (o->fmt == FMT_JSON)
		jw_end(&s.jw);
	else if (s.pdf != NULL)
		rc = o->pdf->finish(s.pdf);
	rules_labels_free(&s.labels);
	if (fflush(fp) != 0 || ferror(fp))
		rc = -1;
	return rc;
}
