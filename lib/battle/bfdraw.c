/* bfdraw: the picture of a battlefield, once for every painter (SVG,
 * PDF): terrain in distinct greys by going, rivers, roads, camps, zones of
 * control that hold an enemy as outlines of their side, bases with an
 * upright troop label and facing mark, contacts as bars on the edges that
 * touch, overlaps, support links, planned paths by move-check's verdict
 * (solid legal, dashed illegal), and a key under the table with a scale
 * bar.  Every mark reads in grey print too: the sides differ in lightness
 * and outline (solid, dashed), the moves in dash.  The painter gets page
 * coordinates in paces, y down. */
#include <math.h>
#include <string.h>

#include "battle/scan_int.h"
#include "core/labels.h"
#include "core/str.h"
#include "rules/rules.h"
#include "rules/troop.h"

#define TRUNC_LABEL 24

/* The sides: a darker red and a light blue (apart in grey too), the
 * second outlined dashed; their zones and camps in their own tone. */
static const char *const side_fill[BF_MAXSIDES] = { "#d9534f", "#bcd0f5" };
static const char *const side_pale[BF_MAXSIDES] = { "#f2c4c2", "#dfe8fa" };
static const char *const side_dark[BF_MAXSIDES] = { "#8e1f1b", "#1f4fa0" };
static const double side_dash[BF_MAXSIDES] = { 0, 14 };

#define C_FRONT "#c00000"
#define C_FLANK "#7a1fa2"
#define C_OVERLAP "#ff8c00"
#define C_SUPPORT "#137333"
#define C_LEGAL "#1a9850"
#define C_ILLEGAL "#d73027"
#define C_PLANNED "#333333"
#define D_ILLEGAL 22.0
#define D_PLANNED 5.0

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

	/* features first (hills under woods), then water, roads, camps;
	 * greys apart: good 0.84, rough 0.76, difficult 0.40 (dashed
	 * outline), hills 0.83 and 0.69, river 0.52, road 0.78 with a
	 * dashed middle */
	for (pass = 0; pass < 4; pass++)
		for (i = 0; i < f->nt; i++) {
			t = &f->t[i];
			if (t->poly.n < 2)
				continue;
			if (pass == 0 && t->what == BK_FEATURE && t->height > 0)
				shape(s, t->poly.v, t->poly.n, true,
				    t->difficult ? "#8a9a5b" : t->height > 1 ?
				    "#cfae62" : "#e8d39f", 0.9, "#8c6d3f",
				    4.0 * t->height, t->difficult ? 16 : 0);
			else if (pass == 1 && t->what == BK_FEATURE &&
			    t->height == 0)
				shape(s, t->poly.v, t->poly.n, true,
				    t->difficult ? "#4e7a3c" : t->rough ?
				    "#b5c98a" : "#cfdca0", 0.9, "#3f5f30",
				    t->difficult ? 4 : 2, t->difficult ? 16 :
				    t->rough ? 6 : 0);
			else if (pass == 2 && t->what == BK_RIVER)
				shape(s, t->poly.v, t->poly.n, false, NULL, 0,
				    "#4f8fd0", t->width, 0);
			else if (pass == 2 && t->what == BK_ROAD) {
				shape(s, t->poly.v, t->poly.n, false, NULL, 0,
				    "#d9c4a0", t->width, 0);
				shape(s, t->poly.v, t->poly.n, false, NULL, 0,
				    "#6b4f2a", 3, 18);
			} else if (pass == 3 && t->what == BK_CAMP)
				shape(s, t->poly.v, t->poly.n, true,
				    t->side >= 0 ? side_pale[t->side] :
				    "#dddddd", 0.7, "#555555", 3, 12);
		}
}

/* Each zone of control that holds an enemy: an outline in the tone of
 * the side whose zone it is (dotted when a friend screens it). */
static void
zones(const struct scene *s)
{
	const struct bfield *f = s->f;
	const struct belem *e, *o;
	struct gpt z[4];
	size_t i, k;

	for (i = 0; i < f->ne; i++) {
		e = &f->e[i];
		for (k = 0; k < e->d.nzoc; k++) {
			o = &f->e[e->d.zoc[k]];
			battle_zoc(f, o, z);
			shape(s, z, 4, true, NULL, 0,
			    side_dark[o->side % BF_MAXSIDES], 3,
			    e->d.zoc_screened[k] ? 4 : 12);
		}
	}
}

/* Characters of a UTF-8 string. */
static size_t
chars_of(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* The troop's name and the id, upright for a reader at the table's lower
 * edge (an element facing down the table is labelled the right way up),
 * the name shortened to its abbreviation, then its code, when it is
 * wider than the base. */
static void
label(const struct scene *s, const struct belem *e, enum lang lang)
{
	const struct troop *t = troop_at((size_t)e->troop);
	const char *name = t->name[lang] != NULL ? t->name[lang] : t->code;
	double deg = fmod(fmod(e->box.facing, 360) + 360, 360);
	struct gpt m = e->centre, up;
	double size = e->box.w / 7;

	if (e->box.d < 2.2 * size)
		size = e->box.d / 2.2;
	/* about 0.56 of the size a character, 0.88 of the width free */
	if ((double)chars_of(name) * size * 0.56 > e->box.w * 0.88)
		name = t->abbr[lang] != NULL ? t->abbr[lang] : t->code;
	if ((double)chars_of(name) * size * 0.56 > e->box.w * 0.88)
		name = t->code;
	if (deg > 90 && deg < 270)
		deg -= 180;
	up = geom_fwd(deg);
	s->pt->text(s->pt->ud, page(s, geom_add(m, up, size * 0.45)), deg,
	    size, name, "#111111", false);
	s->pt->text(s->pt->ud, page(s, geom_add(m, up, -size * 0.6)), deg,
	    size * 0.8, e->id, "#333333", false);
}

static void
base(const struct scene *s, const struct belem *e, enum lang lang)
{
	struct gpt tri[3], fw = geom_fwd(e->box.facing);
	double k = e->box.w / 10;
	int sd = e->side % BF_MAXSIDES;

	shape(s, e->c, 4, true, side_fill[sd], 0.95, "#000000",
	    e->general ? 7 : 2, e->general ? 0 : side_dash[sd]);
	/* the facing mark: a heavy front edge and a notch ahead */
	line(s, e->c[GC_FL], e->c[GC_FR], "#000000", 6, 0);
	tri[0] = geom_add(e->box.p, geom_right(e->box.facing), -k / 2);
	tri[1] = geom_add(e->box.p, geom_right(e->box.facing), k / 2);
	tri[2] = geom_add(e->box.p, fw, k * 0.7);
	shape(s, tri, 3, true, "#000000", 1, NULL, 0, 0);
	label(s, e, lang);
}

/* The corners of edge k of e (GE_FRONT, GE_RIGHT, GE_REAR, GE_LEFT). */
static void
edge_of(const struct belem *e, int k, struct gpt *a, struct gpt *b)
{
	*a = e->c[k];
	*b = e->c[(k + 1) % 4];
}

/* A short link across the edge two friends share, from inside one to
 * inside the other: rear and side support (dashed for Psiloi). */
static void
link(const struct scene *s, const struct belem *a, const struct belem *b,
    double dash)
{
	struct gpt d = { b->centre.x - a->centre.x, b->centre.y -
	    a->centre.y }, m = { (a->centre.x + b->centre.x) / 2,
	    (a->centre.y + b->centre.y) / 2 };

	line(s, geom_add(m, d, -0.18), geom_add(m, d, 0.18), C_SUPPORT, 9,
	    dash);
}

/* Contacts as bars on the edges that touch (never across the labels),
 * overlaps as a square on the corner, support as links. */
static void
contacts(const struct scene *s)
{
	const struct bfield *f = s->f;
	const struct belem *e;
	struct gpt a, b;
	size_t i, k;
	int n;

	for (i = 0; i < f->ne; i++) {
		e = &f->e[i];
		if (e->d.front >= 0) {
			edge_of(e, GE_FRONT, &a, &b);
			line(s, a, b, C_FRONT, 10, 0);
		}
		for (k = 0; k < e->d.natt; k++) {
			edge_of(e, e->d.att[k].edge, &a, &b);
			line(s, a, b, C_FLANK, 10, 0);
		}
		for (n = 0; n < 2; n++) {
			struct gpt c[4];

			if (e->d.overlap[n] < 0)
				continue;
			/* a small square on the shared corner */
			c[0] = geom_add(e->c[n], (struct gpt){ 1, 1 }, 14);
			c[1] = geom_add(e->c[n], (struct gpt){ 1, -1 }, 14);
			c[2] = geom_add(e->c[n], (struct gpt){ -1, -1 }, 14);
			c[3] = geom_add(e->c[n], (struct gpt){ -1, 1 }, 14);
			shape(s, c, 4, true, C_OVERLAP, 1, "#000000", 2, 0);
		}
		if (e->d.support >= 0 && !e->d.support_lost)
			link(s, e, &f->e[e->d.support], e->d.psiloi ? 8 : 0);
		if (e->d.side_by >= 0 && !e->d.side_lost)
			link(s, e, &f->e[e->d.side_by], 0);
	}
}

static void
paths(const struct scene *s, const struct bplan *p, const int *verdict)
{
	const struct bmove *mv;
	struct gpt c[4], *pts;
	const char *col;
	double dash;
	size_t i, k, n;
	int m;

	for (i = 0; p != NULL && i < p->n; i++) {
		mv = &p->mv[i];
		if (mv->error || mv->n == 0)
			continue;
		col = verdict == NULL || verdict[i] < 0 ? C_PLANNED :
		    verdict[i] == 0 ? C_LEGAL : C_ILLEGAL;
		dash = verdict == NULL || verdict[i] < 0 ? D_PLANNED :
		    verdict[i] == 0 ? 0 : D_ILLEGAL;
		n = mv->npath / (size_t)mv->n;
		pts = mv->path;
		for (m = 0; m < mv->n; m++) {
			struct gpt v[256];
			size_t step = n / 255 + 1, j = 0;

			for (k = 0; k < n && j < 255; k += step)
				v[j++] = pts[k * (size_t)mv->n + (size_t)m];
			v[j++] = pts[(n - 1) * (size_t)mv->n + (size_t)m];
			shape(s, v, j, false, NULL, 0, col, 6, dash);
			geom_corners(&mv->end[m], c);
			shape(s, c, 4, true, NULL, 0, col, 3, dash > 0 ?
			    dash : 0);
		}
	}
}

/* ---- the key ---------------------------------------------------------- */

#define KEY_ROWS 3
#define KEY_COLS 4

double
bfdraw_key_height(const struct bfield *f)
{
	return f->width * 0.028 * (KEY_ROWS + 1.2);
}

/* A straight path in page coordinates (the key is under the table). */
static void
kpath(const struct scene *s, const struct gpt *v, size_t n, bool closed,
    const char *fill, const char *stroke, double width, double dash)
{
	s->pt->path(s->pt->ud, v, n, closed, fill, 1, stroke, width, dash);
}

static void
ktext(const struct scene *s, double x, double y, double size,
    const char *t)
{
	s->pt->text(s->pt->ud, (struct gpt){ x, y }, 0, size, t, "#111111",
	    true);
}

/* The sample of entry k at x, y (its left middle), w wide, h high. */
static void
sample(const struct scene *s, int k, double x, double y, double w, double h)
{
	struct gpt r[4] = { { x, y - h / 2 }, { x + w, y - h / 2 },
	    { x + w, y + h / 2 }, { x, y + h / 2 } }, l[2] = { { x, y },
	    { x + w, y } };

	switch (k) {
	case 0: case 1:
		kpath(s, r, 4, true, side_fill[k], "#000000", 2,
		    side_dash[k]);
		break;
	case 2: l[0].y = l[1].y = y - h / 2;
		kpath(s, r, 4, true, side_fill[0], "#000000", 2, 0);
		kpath(s, l, 2, false, NULL, C_FRONT, 10, 0);
		break;
	case 3: l[0].x = l[1].x = x + w;
		l[0].y = y - h / 2, l[1].y = y + h / 2;
		kpath(s, r, 4, true, side_fill[0], "#000000", 2, 0);
		kpath(s, l, 2, false, NULL, C_FLANK, 10, 0);
		break;
	case 4: {
		struct gpt q[4] = { { x + w / 2 - 14, y - 14 },
		    { x + w / 2 + 14, y - 14 }, { x + w / 2 + 14, y + 14 },
		    { x + w / 2 - 14, y + 14 } };

		kpath(s, q, 4, true, C_OVERLAP, "#000000", 2, 0);
		break;
	}
	case 5:
		kpath(s, r, 4, true, NULL, side_dark[1], 3, 12);
		break;
	case 6: l[0].x = x + w * 0.3, l[1].x = x + w * 0.7;
		kpath(s, l, 2, false, NULL, C_SUPPORT, 9, 0);
		break;
	case 7:
		kpath(s, r, 4, true, side_fill[0], "#000000", 7, 0);
		break;
	case 8:
		kpath(s, l, 2, false, NULL, C_LEGAL, 6, 0);
		break;
	case 9:
		kpath(s, l, 2, false, NULL, C_ILLEGAL, 6, D_ILLEGAL);
		break;
	case 10:
		kpath(s, l, 2, false, NULL, C_PLANNED, 6, D_PLANNED);
		break;
	default:
		break;
	}
}

/* The key: the sides by name, each mark of the picture, and a scale
 * bar of whole base widths (the edition's unit under dba3) or paces. */
static void
key(const struct scene *s, enum lang lang)
{
	static const enum label lb[] = { L_BF_FRONT, L_BF_FLANK,
	    L_BF_OVERLAP, L_BF_ZOC, L_BF_SUPPORT, L_BF_GENERAL, L_BF_LEGAL,
	    L_BF_ILLEGAL, L_BF_PLANNED };
	const struct bfield *f = s->f;
	double row = f->width * 0.028, y0 = f->height + row * 0.8;
	double colw = f->width / KEY_COLS, sw = row * 1.6, sh = row * 0.55;
	double size = row * 0.45, x, y, bw, len;
	struct gpt bar[2], tick[2];
	struct sbuf t = { 0 };
	int k, n;

	for (k = 0; k < 11; k++) {
		n = k < 2 ? k : k + 1;      /* the scale bar takes slot 2 */
		x = (n % KEY_COLS) * colw + row * 0.5;
		y = y0 + (n / KEY_COLS) * row;
		if (k < 2 && k >= f->nsides)
			continue;
		sample(s, k, x, y, sw, sh);
		ktext(s, x + sw + row * 0.3, y, size, k < 2 ?
		    f->side[k].name : lang_label(lang, lb[k - 2]));
	}
	/* the scale bar: one base width, and its length in paces */
	bw = battle_base_width(f);
	len = bw * (f->r->unit == UNIT_BW ? 2 : 1);
	x = 2 * colw + row * 0.5;
	y = y0;
	bar[0] = (struct gpt){ x, y };
	bar[1] = (struct gpt){ x + len, y };
	kpath(s, bar, 2, false, NULL, "#000000", 6, 0);
	for (k = 0; k <= (f->r->unit == UNIT_BW ? 2 : 1); k++) {
		tick[0] = (struct gpt){ x + bw * k, y - sh / 2 };
		tick[1] = (struct gpt){ x + bw * k, y + sh / 2 };
		kpath(s, tick, 2, false, NULL, "#000000", 3, 0);
	}
	if (f->r->unit == UNIT_BW)
		sbuf_printf(&t, "2 BW (");
	battle_num(&t, len);
	sbuf_adds(&t, " p");
	if (f->r->unit == UNIT_BW)
		sbuf_addc(&t, ')');
	ktext(s, x + len + row * 0.3, y, size, sbuf_str(&t));
	sbuf_free(&t);
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
	key(&s, lang);
}
