/* bfdraw: the picture of a battlefield, once for every painter (SVG,
 * PDF): terrain coloured by going, rivers, roads, camps, zones of control
 * that hold an enemy, bases with troop label and facing mark, contacts
 * and overlaps, planned paths coloured by move-check's verdict.  The
 * painter gets page coordinates in paces, y down. */
#include <math.h>
#include <string.h>

#include "battle/scan_int.h"
#include "core/str.h"
#include "rules/troop.h"

#define TRUNC_LABEL 24

static const char *const side_fill[BF_MAXSIDES] = { "#d9534f", "#4a7bd0" };
static const char *const side_pale[BF_MAXSIDES] = { "#f2c4c2", "#c4d4f2" };

struct scene {
	const struct bfield *f;
	const struct painter *pt;
};

static struct gpt
page(const struct scene *s, struct gpt p)
{
	struct gpt q = { p.x, s->f->height - p.y };

	return q;
}

static void
shape(const struct scene *s, const struct gpt *v, size_t n, bool closed,
    const char *fill, double opacity, const char *stroke, double width,
    double dash)
{
	struct gpt buf[64];
	size_t i, k, m;

	/* long polylines go in pieces that share their end points */
	if (n > 64 && !closed) {
		for (i = 0; i + 1 < n; i += 63) {
			m = n - i < 64 ? n - i : 64;
			shape(s, v + i, m, false, fill, opacity, stroke, width,
			    dash);
		}
		return;
	}
	if (n > 64) {
		/* a big polygon: its outline only */
		shape(s, v, n, false, NULL, 0, stroke != NULL ? stroke :
		    fill, width > 0 ? width : 4, dash);
		return;
	}
	for (k = 0; k < n; k++)
		buf[k] = page(s, v[k]);
	s->pt->path(s->pt->ud, buf, n, closed, fill, opacity, stroke, width,
	    dash);
}

static void
line(const struct scene *s, struct gpt a, struct gpt b, const char *colour,
    double width, double dash)
{
	struct gpt v[2] = { a, b };

	shape(s, v, 2, false, NULL, 0, colour, width, dash);
}

static void
terrain(const struct scene *s)
{
	const struct bfield *f = s->f;
	const struct bterrain *t;
	size_t i;
	int pass;

	/* features first (hills under woods), then water, roads, camps */
	for (pass = 0; pass < 4; pass++)
		for (i = 0; i < f->nt; i++) {
			t = &f->t[i];
			if (t->poly.n < 2)
				continue;
			if (pass == 0 && t->what == BK_FEATURE && t->height > 0)
				shape(s, t->poly.v, t->poly.n, true,
				    t->difficult ? "#8a9a5b" : t->height > 1 ?
				    "#cfae62" : "#e3cf9a", 0.9, "#8c6d3f",
				    4.0 * t->height, 0);
			else if (pass == 1 && t->what == BK_FEATURE &&
			    t->height == 0)
				shape(s, t->poly.v, t->poly.n, true,
				    t->difficult ? "#5f8a4a" : t->rough ?
				    "#a3b878" : "#cfdca0", 0.9,
				    "#3f5f30", 2, 0);
			else if (pass == 2 && t->what == BK_RIVER)
				shape(s, t->poly.v, t->poly.n, false, NULL, 0,
				    "#5b9bd5", t->width, 0);
			else if (pass == 2 && t->what == BK_ROAD)
				shape(s, t->poly.v, t->poly.n, false, NULL, 0,
				    "#b08a5a", t->width, 0);
			else if (pass == 3 && t->what == BK_CAMP)
				shape(s, t->poly.v, t->poly.n, true,
				    t->side >= 0 ? side_pale[t->side] :
				    "#dddddd", 0.7, "#555555", 3, 12);
		}
}

static void
zones(const struct scene *s)
{
	const struct bfield *f = s->f;
	const struct belem *e;
	struct gpt z[4];
	size_t i, k;

	for (i = 0; i < f->ne; i++) {
		e = &f->e[i];
		for (k = 0; k < e->d.nzoc; k++) {
			battle_zoc(f, &f->e[e->d.zoc[k]], z);
			shape(s, z, 4, true, e->d.zoc_screened[k] ? NULL :
			    "#ffd700", 0.25, "#b8860b", 2, 8);
		}
	}
}

static void
label(const struct scene *s, const struct belem *e, enum lang lang,
    double opacity)
{
	const struct troop *t = troop_at((size_t)e->troop);
	const char *name = t->name[lang] != NULL ? t->name[lang] : t->code;
	struct gpt m = e->centre, fw = geom_fwd(e->box.facing);
	double size = e->box.w / 7;
	size_t chars = 0, i;

	(void)opacity;
	for (i = 0; name[i] != '\0'; i++)
		chars += ((unsigned char)name[i] & 0xc0) != 0x80;
	if (chars > 12)
		name = t->abbr[lang] != NULL ? t->abbr[lang] : t->code;
	if (e->box.d < 2.2 * size)
		size = e->box.d / 2.2;
	s->pt->text(s->pt->ud, page(s, geom_add(m, fw, size * 0.45)),
	    e->box.facing, size, name, "#111111");
	s->pt->text(s->pt->ud, page(s, geom_add(m, fw, -size * 0.6)),
	    e->box.facing, size * 0.8, e->id, "#333333");
}

static void
base(const struct scene *s, const struct belem *e, enum lang lang)
{
	struct gpt tri[3], fw = geom_fwd(e->box.facing);
	double k = e->box.w / 10;

	shape(s, e->c, 4, true, side_fill[e->side % BF_MAXSIDES], 0.9,
	    "#000000", e->general ? 5 : 2, 0);
	/* the facing mark: a heavy front edge and a notch ahead */
	line(s, e->c[GC_FL], e->c[GC_FR], "#000000", 6, 0);
	tri[0] = geom_add(e->box.p, geom_right(e->box.facing), -k / 2);
	tri[1] = geom_add(e->box.p, geom_right(e->box.facing), k / 2);
	tri[2] = geom_add(e->box.p, fw, k * 0.7);
	shape(s, tri, 3, true, "#000000", 1, NULL, 0, 0);
	label(s, e, lang, 1);
}

static void
contacts(const struct scene *s)
{
	const struct bfield *f = s->f;
	const struct belem *e;
	size_t i;
	int k;

	for (i = 0; i < f->ne; i++) {
		e = &f->e[i];
		if (e->d.front >= 0 && (size_t)e->d.front > i)
			line(s, e->centre, f->e[e->d.front].centre,
			    "#c00000", 8, 0);
		for (k = 0; k < 2; k++) {
			struct gpt c[4];

			if (e->d.flank[k] > 0)
				line(s, e->centre, f->e[e->d.flank_by[k]].centre,
				    "#7a1fa2", 6, 0);
			if (e->d.overlap[k] < 0)
				continue;
			/* a small square on the shared corner */
			c[0] = geom_add(e->c[k], (struct gpt){ 1, 1 }, 12);
			c[1] = geom_add(e->c[k], (struct gpt){ 1, -1 }, 12);
			c[2] = geom_add(e->c[k], (struct gpt){ -1, -1 }, 12);
			c[3] = geom_add(e->c[k], (struct gpt){ -1, 1 }, 12);
			shape(s, c, 4, true, "#ff8c00", 1, "#000000", 1.5, 0);
			line(s, e->c[k], f->e[e->d.overlap[k]].centre,
			    "#ff8c00", 4, 6);
		}
		if (e->d.rear > 0)
			line(s, e->centre, f->e[e->d.rear_by].centre,
			    "#7a1fa2", 6, 0);
	}
}

static void
paths(const struct scene *s, const struct bplan *p, const int *verdict)
{
	const struct bmove *mv;
	struct gpt c[4], *pts;
	const char *col;
	size_t i, k, n;
	int m;

	for (i = 0; p != NULL && i < p->n; i++) {
		mv = &p->mv[i];
		if (mv->error || mv->n == 0)
			continue;
		col = verdict == NULL || verdict[i] < 0 ? "#222222" :
		    verdict[i] == 0 ? "#1a9850" : "#d73027";
		n = mv->npath / (size_t)mv->n;
		pts = mv->path;
		for (m = 0; m < mv->n; m++) {
			struct gpt v[256];
			size_t step = n / 255 + 1, j = 0;

			for (k = 0; k < n && j < 255; k += step)
				v[j++] = pts[k * (size_t)mv->n + (size_t)m];
			v[j++] = pts[(n - 1) * (size_t)mv->n + (size_t)m];
			shape(s, v, j, false, NULL, 0, col, 5, 10);
			geom_corners(&mv->end[m], c);
			shape(s, c, 4, true, NULL, 0, col, 2, 6);
		}
	}
}

void
bfdraw(const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, const struct painter *pt)
{
	struct scene s = { f, pt };
	struct gpt table[4] = { { 0, 0 }, { f->width, 0 },
	    { f->width, f->height }, { 0, f->height } };
	size_t i;

	shape(&s, table, 4, true, "#eef3dc", 1, "#666666", 4, 0);
	terrain(&s);
	zones(&s);
	paths(&s, p, verdict);
	for (i = 0; i < f->ne; i++)
		base(&s, &f->e[i], lang);
	contacts(&s);
}
