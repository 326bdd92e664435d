/* bfdraw: the picture of a battlefield, once for every painter (SVG,
 * PDF).  It reads the same in colour and in grey print: the first side's
 * bases are darker and hatched with a solid outline, the second's light
 * and plain with a dashed one, and each side's name stands at its base
 * line; terrain is told by texture as well as by grey (trees, contour
 * lines, houses, marsh tufts, waves, dots for rough going, cross-hatching
 * for other difficult going; a dashed outline for difficult going, a
 * dotted one for rough); zones of control that hold an enemy are outlines
 * of their side (the first side's hatched) over the terrain; contacts are
 * bars on the edges that touch (a flank or rear one dashed), overlaps a
 * square on the corner, support a link with round ends off the labels;
 * planned paths by move-check's verdict (solid legal, dashed illegal,
 * dotted not judged).  Labels stand upright, shortened to fit their
 * base.  A key under the table names every mark, the terrain on the
 * table, and has a scale bar.  The painter gets page coordinates in
 * paces, y down; everything here is drawn in table coordinates (y up),
 * the key too (below the table: y < 0). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "battle/scan_int.h"
#include "core/labels.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "rules/rules.h"
#include "rules/troop.h"

/* The sides: a darker red, hatched, and a blue, plain and outlined
 * dashed (apart in grey: 0.43 and 0.57, and darker than any terrain:
 * 0.67 and up); their zones, camps and tags in their own tone and
 * pattern. */
static const char *const side_fill[BF_MAXSIDES] = { "#d9534f", "#6f93d4" };
static const char *const side_pale[BF_MAXSIDES] = { "#f2c4c2", "#dfe8fa" };
static const char *const side_dark[BF_MAXSIDES] = { "#8e1f1b", "#1f4fa0" };
static const double side_dash[BF_MAXSIDES] = { 0, 14 };
static const bool side_hatch[BF_MAXSIDES] = { true, false };
#define HATCH_DEG 45.0
#define HATCH_GAP 18.0

#define C_FRONT "#c00000"
#define C_FLANK "#7a1fa2"
#define C_OVERLAP "#ff8c00"
#define C_SUPPORT "#137333"
#define C_LEGAL "#1a9850"
#define C_ILLEGAL "#d73027"
#define C_PLANNED "#333333"
#define C_RIVER "#cfe3f7"
#define C_BANK "#2f5f9a"
#define D_FLANK 26.0
#define D_FRONT 10.0
#define D_ILLEGAL 22.0
#define D_PLANNED 5.0
#define D_SCREENED 5.0
/* the outlines of difficult and rough going */
#define D_DIFF 18.0
#define D_ROUGH 5.0

/* The marks of terrain textures a picture may have (each feature's
 * texture has at most some 2500): past them, features are drawn plain,
 * so that the picture stays in proportion to its file. */
#define TEXTURE_MARKS 20000L

struct scene {
	const struct bfield *f;
	const struct painter *pt;
	long *marks;            /* texture marks left */
	const int *odd;         /* the bases that lie on others (the grid */
	size_t nodd;            /* may have left them out) */
	const struct bview *v;  /* the part of the table, the key */
};

static struct gpt
page(const struct scene *s, struct gpt p)
{
	struct gpt q = { p.x - s->v->win.x0, s->v->win.y1 - p.y };

	return q;
}

static void
shape(const struct scene *s, const struct gpt *v, size_t n, bool closed,
    const char *fill, const char *stroke, double width, double dash)
{
	struct gpt buf[64];
	size_t i, k, m;

	/* long polylines go in pieces that share their end points */
	if (n > 64 && !closed) {
		for (i = 0; i + 1 < n; i += 63) {
			m = n - i < 64 ? n - i : 64;
			shape(s, v + i, m, false, fill, stroke, width,
			    dash);
		}
		return;
	}
	if (n > 64) {
		/* a big polygon: its outline only */
		shape(s, v, n, false, NULL, stroke != NULL ? stroke :
		    fill, width > 0 ? width : 4, dash);
		return;
	}
	for (k = 0; k < n; k++)
		buf[k] = page(s, v[k]);
	s->pt->path(s->pt->ud, buf, n, closed, fill, stroke, width, dash);
}

static void
line(const struct scene *s, struct gpt a, struct gpt b, const char *colour,
    double width, double dash)
{
	struct gpt v[2] = { a, b };

	shape(s, v, 2, false, NULL, colour, width, dash);
}

static void
text(const struct scene *s, struct gpt p, double deg, double size,
    const char *t, const char *colour, bool start)
{
	s->pt->text(s->pt->ud, page(s, p), deg, fmax(size, s->v->minsize), t,
	    colour, start);
}

/* An axis-parallel rectangle from its lower left corner. */
static void
rect(struct gpt r[4], double x, double y, double w, double h)
{
	r[0] = (struct gpt){ x, y };
	r[1] = (struct gpt){ x + w, y };
	r[2] = (struct gpt){ x + w, y + h };
	r[3] = (struct gpt){ x, y + h };
}

/* A regular polygon of k corners about c (a circle, k large). */
static void
ring(struct gpt *v, size_t k, struct gpt c, double r)
{
	size_t i;

	for (i = 0; i < k; i++)
		v[i] = (struct gpt){ c.x + r * cos(2 * M_PI * (double)i /
		    (double)k), c.y + r * sin(2 * M_PI * (double)i /
		    (double)k) };
}

/* The width of a text of DejaVu Sans at size, near enough to fit it:
 * narrow letters and marks 0.33 of the size, m and w 0.9, capitals
 * 0.72, other ASCII 0.6, any other character (Cyrillic, umlauts) 0.66. */
static double
text_width(const char *t, double size)
{
	const unsigned char *p = (const unsigned char *)t;
	double w = 0;

	for (; *p != '\0'; p++) {
		if (*p >= 0x80) {
			w += (*p & 0xc0) != 0x80 ? 0.66 : 0;
			continue;
		}
		w += strchr("ijlrtfI .,:;'()-/", *p) != NULL ? 0.33 :
		    strchr("mwMW", *p) != NULL ? 0.9 : *p >= 'A' &&
		    *p <= 'Z' ? 0.72 : 0.6;
	}
	return w * size;
}
/* ---- patterns ---------------------------------------------------------- */

/* Parallel lines gap apart across the polygon v at deg from the x axis,
 * on a grid common to the whole table, so that neighbouring areas line
 * up.  Polygons of more than 64 corners get none (their outline only is
 * drawn), nor more than 400 lines.  Returns the lines drawn. */
static long
hatch(const struct scene *s, const struct gpt *v, size_t n, double deg,
    double gap, const char *colour, double width)
{
	double a = deg * M_PI / 180, lo, hi, t, t0, t1, x[64], tmp;
	struct gpt d = { cos(a), sin(a) }, nr = { -sin(a), cos(a) }, p, q;
	size_t i, j, m;
	long drawn = 0;

	if (n < 3 || n > 64)
		return 0;
	lo = hi = geom_dot(v[0], nr);
	for (i = 1; i < n; i++) {
		t = geom_dot(v[i], nr);
		lo = fmin(lo, t);
		hi = fmax(hi, t);
	}
	while ((hi - lo) / gap > 400)
		gap *= 2;
	for (t = ceil(lo / gap) * gap; t <= hi; t += gap) {
		m = 0;
		for (i = 0; i < n; i++) {
			t0 = geom_dot(v[i], nr);
			t1 = geom_dot(v[(i + 1) % n], nr);
			if ((t0 < t) == (t1 < t))
				continue;
			x[m] = geom_dot(v[i], d) + (t - t0) / (t1 - t0) *
			    (geom_dot(v[(i + 1) % n], d) - geom_dot(v[i], d));
			for (j = m++; j > 0 && x[j - 1] > x[j]; j--) {
				tmp = x[j];
				x[j] = x[j - 1];
				x[j - 1] = tmp;
			}
		}
		for (i = 0; i + 1 < m; i += 2) {
			/* no specks in the corners */
			if (x[i + 1] - x[i] < gap * 0.25)
				continue;
			p = geom_add((struct gpt){ nr.x * t, nr.y * t }, d,
			    x[i]);
			q = geom_add((struct gpt){ nr.x * t, nr.y * t }, d,
			    x[i + 1]);
			line(s, p, q, colour, width, 0);
			drawn++;
		}
	}
	return drawn;
}

enum sym { SY_TREE, SY_HOUSE, SY_TUFT, SY_DOT, SY_WAVE, SY_TENT };

/* One map symbol of radius r about c. */
static void
symbol(const struct scene *s, enum sym k, struct gpt c, double r,
    const char *ink, const char *fill)
{
	struct gpt v[10];
	int i;

	switch (k) {
	case SY_TREE:
		ring(v, 10, c, r);
		shape(s, v, 10, true, fill, ink, r * 0.22, 0);
		break;
	case SY_HOUSE:
		rect(v, c.x - r * 0.6, c.y - r * 0.6, r * 1.2, r * 1.2);
		shape(s, v, 4, true, ink, NULL, 0, 0);
		break;
	case SY_TUFT:
		line(s, (struct gpt){ c.x - r, c.y - r * 0.4 },
		    (struct gpt){ c.x + r, c.y - r * 0.4 }, ink, r * 0.2, 0);
		for (i = -1; i <= 1; i++)
			line(s, (struct gpt){ c.x + i * r * 0.5, c.y - r * 0.4 },
			    (struct gpt){ c.x + i * r * 0.8, c.y + r * 0.5 }, ink,
			    r * 0.18, 0);
		break;
	case SY_DOT:
		ring(v, 6, c, r * 0.35);
		shape(s, v, 6, true, ink, NULL, 0, 0);
		break;
	case SY_WAVE:
		for (i = 0; i < 7; i++)
			v[i] = (struct gpt){ c.x - r + r * i / 3.0, c.y +
			    r * 0.3 * sin(M_PI * i / 1.5) };
		shape(s, v, 7, false, NULL, ink, r * 0.18, 0);
		break;
	case SY_TENT:
		v[0] = (struct gpt){ c.x - r * 0.8, c.y - r * 0.5 };
		v[1] = (struct gpt){ c.x, c.y + r * 0.6 };
		v[2] = (struct gpt){ c.x + r * 0.8, c.y - r * 0.5 };
		shape(s, v, 3, true, fill, ink, r * 0.18, 0);
		break;
	}
}

/* Symbols gap apart (every other row shifted by half a gap) wherever
 * one fits whole inside the polygon v and outside clear (when not
 * NULL); at most some 2500 tried.  Returns the symbols drawn. */
static long
scatter(const struct scene *s, const struct gpt *v, size_t n, enum sym k,
    double gap, double r, const char *ink, const char *fill,
    const struct gbb *clear)
{
	struct gbb bb;
	struct gpt c;
	double x, y;
	size_t i;
	long drawn = 0;
	bool whole;

	if (n < 3 || n > 64)
		return 0;
	bb = geom_bb(v, n);
	while ((bb.x1 - bb.x0) / gap * ((bb.y1 - bb.y0) / gap) > 2500)
		gap *= 1.5;
	for (y = ceil(bb.y0 / gap) * gap; y <= bb.y1; y += gap)
		for (x = (floor(bb.x0 / gap) - 1) * gap + (fmod(fabs(
		    round(y / gap)), 2) > 0 ? gap / 2 : 0); x <= bb.x1;
		    x += gap) {
			c = (struct gpt){ x, y };
			if (!geom_in_poly(c, v, n))
				continue;
			if (clear != NULL && c.x + r > clear->x0 &&
			    c.x - r < clear->x1 && c.y + r > clear->y0 &&
			    c.y - r < clear->y1)
				continue;
			whole = true;
			for (i = 0; i < n && whole; i++)
				whole = geom_dist_seg(c, v[i], v[(i + 1) % n]) >
				    r * 1.3;
			if (whole) {
				symbol(s, k, c, r, ink, fill);
				drawn++;
			}
		}
	return drawn;
}

/* A polyline's wavy middle: a sine of the given amplitude and period
 * along it, at most some 2000 points.  Returns the marks it made (a
 * mark for 8 points). */
static long
wavy(const struct scene *s, const struct gpt *v, size_t n, double amp,
    double period, const char *colour, double width)
{
	struct gpt w[64], d;
	double len = 0, step, at, seg, u;
	size_t i, m = 0;
	long marks;

	if (!(period > 0))
		return 0;
	for (i = 0; i + 1 < n; i++)
		len += geom_dist(v[i], v[i + 1]);
	step = period / 8;
	if (len / step > 2000)
		step = len / 2000;
	marks = (long)(len / step / 8) + 1;
	at = 0;
	for (i = 0; i + 1 < n; i++) {
		seg = geom_dist(v[i], v[i + 1]);
		if (seg <= 0)
			continue;
		d = (struct gpt){ (v[i + 1].x - v[i].x) / seg,
		    (v[i + 1].y - v[i].y) / seg };
		for (u = fmod(step - fmod(at, step), step); u < seg;
		    u += step) {
			w[m++] = geom_add(geom_add(v[i], d, u),
			    (struct gpt){ -d.y, d.x }, amp *
			    sin(2 * M_PI * (at + u) / period));
			if (m == 64) {
				shape(s, w, m, false, NULL, colour, width,
				    0);
				w[0] = w[63];
				m = 1;
			}
		}
		at += seg;
	}
	if (m > 1)
		shape(s, w, m, false, NULL, colour, width, 0);
	return marks;
}

/* ---- terrain ----------------------------------------------------------- */

/* What a piece of terrain looks like, and its entry in the key. */
enum tclass { TC_HILL, TC_WOOD, TC_BUA, TC_MARSH, TC_WATER, TC_DIFF,
    TC_ROUGH, TC_OPEN, TC_RIVER, TC_ROAD, TC_CAMP, TC_N };

static enum tclass
tclass(const struct bterrain *t)
{
	static const char *const wood[] = { "wood", "woods", "forest",
	    "oasis", NULL };
	static const char *const bua[] = { "built-up", "bua", "town",
	    "village", "city", NULL };
	static const char *const marsh[] = { "marsh", "bog", "swamp", NULL };
	static const char *const water[] = { "water", "lake", "waterway",
	    "pond", NULL };

	if (t->what == BK_RIVER)
		return TC_RIVER;
	if (t->what == BK_ROAD)
		return TC_ROAD;
	if (t->what == BK_CAMP)
		return TC_CAMP;
	if (t->height > 0)
		return TC_HILL;
	if (t->kind != NULL && str_in(t->kind, wood))
		return TC_WOOD;
	if (t->kind != NULL && str_in(t->kind, bua))
		return TC_BUA;
	if (t->kind != NULL && str_in(t->kind, marsh))
		return TC_MARSH;
	if (t->kind != NULL && str_in(t->kind, water))
		return TC_WATER;
	return t->difficult ? TC_DIFF : t->rough ? TC_ROUGH : TC_OPEN;
}

/* A feature's area of class c with the outline of its going: fill (by
 * class, greys apart: open 0.89, rough 0.84, hill 0.86 and 0.77, wood
 * 0.74, built-up 0.80, marsh 0.80, water 0.74, difficult 0.73), its
 * texture, the outline.  Hills get a contour line inside. */
static void
area(const struct scene *s, enum tclass c, const struct gpt *v, size_t n,
    int height, bool difficult, bool rough)
{
	static const char *const fill[] = { "#eadcae", "#b3d193", "#d3c8bb",
	    "#bcd8cb", "#a9cdee", "#bcc29c", "#dadca8", "#e3ebc2" };
	static const char *const ink[] = { "#8c6d3f", "#2f5a22", "#5b4a38",
	    "#23624f", "#2f5f9a", "#4b5232", "#5d5d2a", "#6b7a45" };
	struct gpt in[64], m = { 0, 0 };
	size_t i;

	shape(s, v, n, true, c == TC_HILL && height > 1 ? "#dcc48a" :
	    fill[c], NULL, 0, 0);
	/* past the picture's marks, plain */
	switch (*s->marks > 0 ? c : TC_OPEN) {
	case TC_HILL:
		/* a contour line at 0.7 of the way out from the middle */
		if (n > 64)
			break;
		for (i = 0; i < n; i++)
			m = geom_add(m, v[i], 1.0 / (double)n);
		for (i = 0; i < n; i++)
			in[i] = geom_add(m, geom_sub(v[i], m), 0.7);
		shape(s, in, n, true, NULL, ink[c], 2.5, 0);
		break;
	case TC_WOOD:
		*s->marks -= scatter(s, v, n, SY_TREE, 64, 13, ink[c],
		    "#8dbb6c", NULL);
		break;
	case TC_BUA:
		*s->marks -= scatter(s, v, n, SY_HOUSE, 40, 12, ink[c], NULL,
		    NULL);
		break;
	case TC_MARSH:
		*s->marks -= scatter(s, v, n, SY_TUFT, 50, 15, ink[c], NULL,
		    NULL);
		break;
	case TC_WATER:
		*s->marks -= scatter(s, v, n, SY_WAVE, 50, 18, ink[c], NULL,
		    NULL);
		break;
	case TC_DIFF:
		*s->marks -= hatch(s, v, n, 0, 30, ink[c], 1.5) +
		    hatch(s, v, n, 90, 30, ink[c], 1.5);
		break;
	case TC_ROUGH:
		*s->marks -= scatter(s, v, n, SY_DOT, 30, 10, ink[c], NULL,
		    NULL);
		break;
	default:
		break;
	}
	shape(s, v, n, true, NULL, ink[c], difficult ? 5 : rough ? 4 : 2,
	    difficult ? D_DIFF : rough ? D_ROUGH : 0);
}

/* A river: dark banks, the water pale (grey 0.88, far lighter than
 * either side's bases, 0.43 and 0.57), a wavy dark middle. */
static void
river(const struct scene *s, const struct gpt *v, size_t n, double w)
{
	shape(s, v, n, false, NULL, C_BANK, w + 10, 0);
	shape(s, v, n, false, NULL, C_RIVER, w, 0);
	if (*s->marks > 0)
		*s->marks -= wavy(s, v, n, w * 0.18, w * 1.6, C_BANK, 2.5);
}

/* A road: dark edges, a pale surface, a dashed middle. */
static void
road(const struct scene *s, const struct gpt *v, size_t n, double w)
{
	shape(s, v, n, false, NULL, "#6b4f2a", w + 8, 0);
	shape(s, v, n, false, NULL, "#efdcb4", w, 0);
	shape(s, v, n, false, NULL, "#6b4f2a", 3, 18);
}

/* A camp: its side's pale tone and outline, tents, and (named) the
 * side's name in its middle, clear of the tents, where no base stands. */
static void
camp(const struct scene *s, const struct gpt *v, size_t n, int side,
    bool named)
{
	const struct bfield *f = s->f;
	const char *dark = side >= 0 ? side_dark[side] : "#555555";
	struct gpt m = { 0, 0 };
	struct gbb clear, eb;
	double size = f->width * 0.016, w = 0;
	size_t i;

	named = named && side >= 0 && n <= 64;
	for (i = 0; i < n && named; i++)
		m = geom_add(m, v[i], 1.0 / (double)n);
	if (named)
		w = text_width(f->side[side].name, size) + size;
	clear = (struct gbb){ m.x - w / 2, m.y - size, m.x + w / 2,
	    m.y + size };
	/* not where a base stands */
	for (i = 0; i < f->ne && named; i++) {
		eb = battle_bb(&f->e[i]);
		named = !geom_bb_meet(&clear, &eb, 0);
	}
	shape(s, v, n, true, side >= 0 ? side_pale[side] : "#dddddd",
	    NULL, 0, 0);
	if (*s->marks > 0)
		*s->marks -= scatter(s, v, n, SY_TENT, 64, 16, dark, "#ffffff",
		    named ? &clear : NULL);
	shape(s, v, n, true, NULL, dark, 4, side >= 0 ? side_dash[side] :
	    12);
	if (named)
		text(s, m, 0, size, f->side[side].name, "#111111", false);
}

static void
terrain(const struct scene *s)
{
	const struct bfield *f = s->f;
	const struct bterrain *t;
	enum tclass c;
	size_t i;
	int pass;

	/* hills first (under woods), then the other features, water and
	 * roads, camps */
	for (pass = 0; pass < 4; pass++)
		for (i = 0; i < f->nt; i++) {
			t = &f->t[i];
			if (t->poly.n < 2)
				continue;
			c = tclass(t);
			if ((pass == 0 && c == TC_HILL) || (pass == 1 &&
			    t->what == BK_FEATURE && c != TC_HILL))
				area(s, c, t->poly.v, t->poly.n, t->height,
				    t->difficult, t->rough);
			else if (pass == 2 && c == TC_RIVER)
				river(s, t->poly.v, t->poly.n, t->width);
			else if (pass == 2 && c == TC_ROAD)
				road(s, t->poly.v, t->poly.n, t->width);
			else if (pass == 3 && c == TC_CAMP)
				camp(s, t->poly.v, t->poly.n, t->side, true);
		}
}

/* ---- zones, bases, contacts, paths -------------------------------------- */

/* A zone of control of side sd: its outline in the side's dark tone,
 * solid or dashed as the side's bases (dotted when a friend screens
 * it), the first side's hatched. */
static void
zone(const struct scene *s, const struct gpt z[4], int sd, bool screened)
{
	if (side_hatch[sd])
		hatch(s, z, 4, HATCH_DEG, HATCH_GAP * 2, side_dark[sd], 1.2);
	shape(s, z, 4, true, NULL, side_dark[sd], 3, screened ?
	    D_SCREENED : side_dash[sd]);
}

/* Each zone of control that holds an enemy. */
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
			zone(s, z, o->side % BF_MAXSIDES,
			    battle_zoc_screened(&e->d)[k]);
		}
	}
}

/* A base of side sd with corners c: its fill, the first side's
 * hatching, its outline (thick for the general). */
static void
patch(const struct scene *s, const struct gpt c[4], int sd, bool general)
{
	shape(s, c, 4, true, side_fill[sd], NULL, 0, 0);
	if (side_hatch[sd])
		hatch(s, c, 4, HATCH_DEG, HATCH_GAP, side_dark[sd], 2);
	shape(s, c, 4, true, NULL, "#000000", general ? 7 : 2,
	    side_dash[sd]);
}

/* The room a label leaves at each end of its base: the overlap squares
 * and support links stand there. */
#define LABEL_END 26.0

/* Fit name into width w at size *size: as it is, or down to 0.8 of the
 * size. */
static bool
fits(const char *name, double w, double *size)
{
	double tw = text_width(name, *size);

	if (tw <= w)
		return true;
	if (tw * 0.8 > w)
		return false;
	*size = w / text_width(name, 1);
	return true;
}

/* The troop's name and the id, upright for a reader at the table's lower
 * edge (an element facing down the table is labelled the right way up)
 * between the ends of the base; a name too wide, even a little smaller,
 * gives way to its abbreviation, then to its code.  On a plate of the
 * side's colour over the hatching and any link (labels are drawn
 * last), inside the bars on the edges. */
/* The words of e's label: its name (returned) at *fs, the id at 0.8 of
 * *size, in a room *room wide. */
static const char *
label_fit(const struct belem *e, enum lang lang, double *size, double *fs,
    double *room)
{
	const struct troop *t = troop_at((size_t)e->troop);
	const char *name = t->name[lang] != NULL ? t->name[lang] : t->code;

	*size = e->box.w / 7;
	if (e->box.d < 2.2 * *size)
		*size = e->box.d / 2.2;
	*room = fmax(e->box.w - 2 * LABEL_END, e->box.w * 0.5);
	*fs = *size;
	if (!fits(name, *room, fs)) {
		name = t->abbr[lang] != NULL ? t->abbr[lang] : t->code;
		*fs = *size;
		if (!fits(name, *room, fs)) {
			name = t->code;
			*fs = fmin(*size, *room / text_width(name, 1));
		}
	}
	return name;
}

double
bfdraw_label_min(const struct bfield *f, enum lang lang)
{
	double size, fs, room, least = 0;
	size_t i;

	for (i = 0; i < f->ne; i++) {
		label_fit(&f->e[i], lang, &size, &fs, &room);
		fs = fmin(fs, size * 0.8);
		if (fs > 0 && (least == 0 || fs < least))
			least = fs;
	}
	return least;
}

static void
label(const struct scene *s, const struct belem *e, enum lang lang)
{
	double deg = fmod(fmod(e->box.facing, 360) + 360, 360);
	struct gpt m = battle_centre(e), up, rt, pl[4];
	double size, room, fs, hw, lo, hi;
	int sd = e->side % BF_MAXSIDES;
	const char *name = label_fit(e, lang, &size, &fs, &room);
	if (deg > 90 && deg < 270)
		deg -= 180;
	up = geom_fwd(deg);
	rt = geom_right(deg);
	hw = fmin(fmax(text_width(name, fs), text_width(e->id, size * 0.8)) /
	    2 + size * 0.2, room / 2);
	lo = fmax(-size * 1.1, -e->box.d / 2 + 6);
	hi = fmin(size * 1.05, e->box.d / 2 - 6);
	pl[0] = geom_add(geom_add(m, rt, -hw), up, lo);
	pl[1] = geom_add(geom_add(m, rt, hw), up, lo);
	pl[2] = geom_add(geom_add(m, rt, hw), up, hi);
	pl[3] = geom_add(geom_add(m, rt, -hw), up, hi);
	shape(s, pl, 4, true, side_fill[sd], NULL, 0, 0);
	text(s, geom_add(m, up, size * 0.45), deg, fs, name, "#111111",
	    false);
	text(s, geom_add(m, up, -size * 0.6), deg, size * 0.8, e->id,
	    "#000000", false);
}

/* Base b holds p (geom_in_poly of its corners).  A point clearly
 * ahead of its front edge, behind its rear or beside it (by far more
 * than rounding) is not asked of its corners: worked out from the box,
 * they cost a stack of bases, which asks each of each, more than the
 * test. */
static bool
holds(const struct belem *b, struct gpt p)
{
	double x = p.x - b->box.p.x, y = p.y - b->box.p.y;
	double along = x * b->fwd.x + y * b->fwd.y;
	double across = x * b->fwd.y - y * b->fwd.x;
	double slack = 1e-6 * (1 + fabs(b->box.p.x) + fabs(b->box.p.y) +
	    b->box.w + b->box.d);

	if (along > slack || along < -b->box.d - slack ||
	    fabs(across) > b->box.w / 2 + slack)
		return false;
	return geom_in_poly(p, battle_quad(b).v, 4);
}

/* A base of the table other than base e holds p: one of its cell of
 * the field's grid, or of those that lie on others. */
static bool
held_by_other(const struct scene *s, size_t e, struct gpt p)
{
	const struct bfield *f = s->f;
	const int *v = NULL;
	size_t i, n;

	if (!isfinite(p.x) || !isfinite(p.y) || f->grid.cells == NULL) {
		for (i = 0; i < f->ne; i++)
			if (i != e && geom_in_poly(p,
			    battle_quad(&f->e[i]).v, 4))
				return true;
		return false;
	}
	n = grid_at(f, p, &v);
	for (i = 0; i < n; i++)
		if ((size_t)v[i] != e && holds(&f->e[v[i]], p))
			return true;
	for (i = 0; i < s->nodd; i++)
		if ((size_t)s->odd[i] != e && holds(&f->e[s->odd[i]], p))
			return true;
	return false;
}

static void
base(const struct scene *s, const struct belem *e)
{
	struct gpt tri[3], fw = geom_fwd(e->box.facing);
	double k = e->box.w / 10;

	patch(s, battle_quad(e).v, e->side % BF_MAXSIDES, e->general);
	/* the facing mark: a heavy front edge and a notch ahead, but not
	 * into a base that touches the front edge (it would run into that
	 * base's label plate; the edge shows the facing all the same) */
	line(s, battle_quad(e).v[GC_FL], battle_quad(e).v[GC_FR], "#000000", 6,
	    0);
	tri[0] = geom_add(e->box.p, geom_right(e->box.facing), -k / 2);
	tri[1] = geom_add(e->box.p, geom_right(e->box.facing), k / 2);
	tri[2] = geom_add(e->box.p, fw, k * 0.7);
	if (!held_by_other(s, (size_t)(e - s->f->e), tri[2]))
		shape(s, tri, 3, true, "#000000", NULL, 0, 0);
}

/* The lower left corner of a side tag w by h at place at along table
 * edge e (0 lower, 1 upper, 2 left, 3 right), inside the table. */
static struct gpt
tag_corner(const struct bfield *f, int e, double at, double w, double h)
{
	double in = h * 0.4;

	switch (e) {
	case 0: return (struct gpt){ at, in };
	case 1: return (struct gpt){ at, f->height - h - in };
	case 2: return (struct gpt){ in, at };
	default: return (struct gpt){ f->width - w - in, at };
	}
}

/* A tag at o, w by h, stands clear of every base, piece of terrain and
 * the tag before (other, when not NULL). */
static bool
tag_free(const struct bfield *f, struct gpt o, double w, double h,
    const struct gbb *other)
{
	struct gbb b = { o.x, o.y, o.x + w, o.y + h }, eb;
	struct gpt c = { o.x + w / 2, o.y + h / 2 };
	const struct bterrain *t;
	size_t i;

	if (other != NULL && geom_bb_meet(&b, other, h))
		return false;
	for (i = 0; i < f->ne; i++) {
		eb = battle_bb(&f->e[i]);
		if (geom_bb_meet(&b, &eb, h * 0.2))
			return false;
	}
	for (i = 0; i < f->nt; i++) {
		t = &f->t[i];
		if (t->poly.n < 2)
			continue;
		if (t->what == BK_RIVER || t->what == BK_ROAD ?
		    geom_polyline_dist(c, t->poly.v, t->poly.n) <
		    hypot(w, h) / 2 + t->width / 2 + h * 0.2 :
		    geom_bb_meet(&b, &t->poly.bb, h * 0.2))
			return false;
	}
	return true;
}

/* The side tags: each side's name in a box of its pattern, with an
 * arrow into the table, at the table edge behind the side (against the
 * mean facing of its elements, else the edge nearest their middle),
 * along that edge at the first place from their middle out where it
 * covers nothing (else at their middle). */
static void
side_tags(const struct scene *s)
{
	const struct bfield *f = s->f;
	double size = f->width * 0.018, h = size * 1.6, w, ext, lim, at, a0,
	    step;
	struct gpt fw[BF_MAXSIDES], mid[BF_MAXSIDES], r[4], tri[3], o, a;
	struct gbb done[BF_MAXSIDES] = { { 0, 0, 0, 0 } };
	int cnt[BF_MAXSIDES] = { 0 }, k, e, j;
	size_t i;

	for (k = 0; k < BF_MAXSIDES; k++)
		fw[k] = mid[k] = (struct gpt){ 0, 0 };
	for (i = 0; i < f->ne; i++) {
		k = f->e[i].side % BF_MAXSIDES;
		fw[k] = geom_add(fw[k], geom_fwd(f->e[i].box.facing), 1);
		mid[k] = geom_add(mid[k], battle_centre(&f->e[i]), 1);
		cnt[k]++;
	}
	for (k = 0; k < f->nsides && k < BF_MAXSIDES; k++) {
		if (cnt[k] == 0)
			continue;
		mid[k] = (struct gpt){ mid[k].x / cnt[k], mid[k].y / cnt[k] };
		/* the way back: against the facing, else to the edge */
		a = geom_dist(fw[k], (struct gpt){ 0, 0 }) >= 0.3 * cnt[k] ?
		    (struct gpt){ -fw[k].x, -fw[k].y } : (struct gpt){
		    mid[k].x - f->width / 2, mid[k].y - f->height / 2 };
		if (a.x == 0 && a.y == 0)
			continue;
		e = fabs(a.x) > fabs(a.y) ? (a.x < 0 ? 2 : 3) : (a.y < 0 ?
		    0 : 1);
		w = text_width(f->side[k].name, size) + h * 1.6;
		/* along the edge: the box's width or its height */
		ext = e < 2 ? w : h;
		lim = (e < 2 ? f->width : f->height) - ext - h * 0.4;
		if (lim < h * 0.4)
			continue;
		/* in whole steps of h, so that a base moved a little does not
		 * move the tag */
		a0 = fmin(fmax(round(((e < 2 ? mid[k].x : mid[k].y) - ext / 2) /
		    h) * h, h * 0.4), lim);
		step = ext / 2;
		o = tag_corner(f, e, a0, w, h);
		for (j = 0; j < 200; j++) {
			at = a0 + (j % 2 == 0 ? 1 : -1) * ((j + 1) / 2) * step;
			if (at < h * 0.4 || at > lim)
				continue;
			if (tag_free(f, tag_corner(f, e, at, w, h), w, h, k > 0 &&
			    done[0].x1 > done[0].x0 ? &done[0] : NULL)) {
				o = tag_corner(f, e, at, w, h);
				break;
			}
		}
		done[k] = (struct gbb){ o.x, o.y, o.x + w, o.y + h };
		rect(r, o.x, o.y, w, h);
		patch(s, r, k, false);
		/* the arrow into the table and the name, on a plate */
		rect(r, o.x + h * 0.25, o.y + h * 0.15, w - h * 0.5, h * 0.7);
		shape(s, r, 4, true, side_fill[k], NULL, 0, 0);
		a = (struct gpt){ o.x + h * 0.7, o.y + h / 2 };
		if (e < 2) {
			tri[0] = (struct gpt){ a.x - h * 0.3, a.y + (e == 0 ?
			    -h * 0.25 : h * 0.25) };
			tri[1] = (struct gpt){ a.x + h * 0.3, tri[0].y };
			tri[2] = (struct gpt){ a.x, a.y + (e == 0 ? h * 0.25 :
			    -h * 0.25) };
		} else {
			tri[0] = (struct gpt){ a.x + (e == 2 ? -h * 0.25 :
			    h * 0.25), a.y - h * 0.3 };
			tri[1] = (struct gpt){ tri[0].x, a.y + h * 0.3 };
			tri[2] = (struct gpt){ a.x + (e == 2 ? h * 0.25 :
			    -h * 0.25), a.y };
		}
		shape(s, tri, 3, true, "#000000", NULL, 0, 0);
		text(s, (struct gpt){ o.x + h * 1.15, o.y + h / 2 }, 0, size,
		    f->side[k].name, "#111111", true);
	}
}

/* The corners of edge k of e (GE_FRONT, GE_RIGHT, GE_REAR, GE_LEFT). */
static void
edge_of(const struct belem *e, int k, struct gpt *a, struct gpt *b)
{
	*a = battle_quad(e).v[k];
	*b = battle_quad(e).v[(k + 1) % 4];
}

/* A link of length len across a point p of an edge, at right angles to
 * the edge's direction u, with round ends (open for Psiloi). */
static void
link_at(const struct scene *s, struct gpt p, struct gpt u, double len,
    bool psiloi)
{
	struct gpt nr = { -u.y, u.x }, a = geom_add(p, nr, -len / 2),
	    b = geom_add(p, nr, len / 2), v[8];

	/* a white casing, so that the link shows on either side's base */
	line(s, a, b, "#ffffff", psiloi ? 8 : 12, 0);
	ring(v, 8, a, 9);
	shape(s, v, 8, true, "#ffffff", NULL, 0, 0);
	ring(v, 8, b, 9);
	shape(s, v, 8, true, "#ffffff", NULL, 0, 0);
	line(s, a, b, C_SUPPORT, psiloi ? 4 : 8, 0);
	ring(v, 8, a, 6);
	shape(s, v, 8, true, psiloi ? "#ffffff" : C_SUPPORT, C_SUPPORT, 3,
	    0);
	ring(v, 8, b, 6);
	shape(s, v, 8, true, psiloi ? "#ffffff" : C_SUPPORT, C_SUPPORT, 3,
	    0);
}

/* Support of a by b: a link across the edge of a that faces b, near its
 * end, clear of the labels in the middle. */
static void
link(const struct scene *s, const struct belem *a, const struct belem *b,
    bool psiloi)
{
	struct gpt ca = battle_centre(a), d = geom_sub(battle_centre(b), ca);
	struct gpt p, q, u, m;
	double best = -1e300, v, len;
	int k, at = GE_REAR;

	for (k = 0; k < 4; k++) {
		edge_of(a, k, &p, &q);
		m = (struct gpt){ (p.x + q.x) / 2 - ca.x, (p.y + q.y) / 2 -
		    ca.y };
		v = geom_dot(m, d) / (geom_dist(m, (struct gpt){ 0, 0 }) +
		    1e-9);
		if (v > best) {
			best = v;
			at = k;
		}
	}
	edge_of(a, at, &p, &q);
	len = geom_dist(p, q);
	if (len <= 0)
		return;
	u = (struct gpt){ (q.x - p.x) / len, (q.y - p.y) / len };
	m = (struct gpt){ (p.x + q.x) / 2, (p.y + q.y) / 2 };
	link_at(s, geom_add(m, u, fmax(len / 2 - 14, 0)), u, 30, psiloi);
}

/* A front contact on the edge a b: a red bar with a white dashed middle,
 * apart from the plain black front edge in grey by its pattern. */
static void
front_bar(const struct scene *s, struct gpt a, struct gpt b)
{
	line(s, a, b, C_FRONT, 12, 0);
	line(s, a, b, "#ffffff", 3, D_FRONT);
}

/* The square of an overlap on corner c. */
static void
overlap_at(const struct scene *s, struct gpt c)
{
	struct gpt q[4];

	rect(q, c.x - 14, c.y - 14, 28, 28);
	shape(s, q, 4, true, C_OVERLAP, "#000000", 2, 0);
}

/* Contacts as bars on the edges that touch (never across the labels):
 * front solid, flank and rear dashed; overlaps as a square on the
 * corner, support as links. */
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
			front_bar(s, a, b);
		}
		for (k = 0; k < e->d.natt; k++) {
			edge_of(e, e->d.att[k].edge, &a, &b);
			line(s, a, b, C_FLANK, 10, D_FLANK);
		}
		for (n = 0; n < 2; n++)
			if (e->d.overlap[n] >= 0)
				overlap_at(s, battle_quad(e).v[n]);
		if (e->d.support >= 0 && !e->d.support_lost)
			link(s, e, &f->e[e->d.support], e->d.psiloi);
		if (e->d.side_by >= 0 && !e->d.side_lost)
			link(s, e, &f->e[e->d.side_by], false);
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
			shape(s, v, j, false, NULL, col, 6, dash);
			geom_corners(&mv->end[m], c);
			shape(s, c, 4, true, NULL, col, 3, dash > 0 ?
			    dash : 0);
		}
	}
}

/* ---- the key ---------------------------------------------------------- */

/* The entries of the key: the sides, the scale bar, the marks, then the
 * terrain on this table. */
enum kentry { K_SIDE0, K_SIDE1, K_SCALE, K_GENERAL, K_EDGE, K_FRONT, K_FLANK,
    K_OVERLAP, K_SUPPORT, K_PSILOI, K_ZOC, K_SCREENED, K_LEGAL, K_ILLEGAL,
    K_PLANNED, K_TERRAIN };

/* The terrain classes on f, as flags by enum tclass, with the going of
 * each class's first feature; difficult (rough) going when any feature
 * is, which the key shows as the cross-hatching (dots) of other such
 * ground with its dashed (dotted) outline. */
struct kterrain {
	bool on[TC_N];
	bool difficult[TC_N], rough[TC_N];
	int height[TC_N];
	int camp_side;
};

static size_t
key_terrain(const struct bfield *f, struct kterrain *kt)
{
	enum tclass c;
	size_t i, n = 0;

	memset(kt, 0, sizeof *kt);
	kt->camp_side = -1;
	for (i = 0; i < f->nt; i++) {
		c = tclass(&f->t[i]);
		/* the outline of difficult (rough) going is told by the
		 * entry of the texture of other such ground */
		if (f->t[i].what == BK_FEATURE && f->t[i].difficult &&
		    !kt->on[TC_DIFF]) {
			kt->on[TC_DIFF] = kt->difficult[TC_DIFF] = true;
			n++;
		}
		if (f->t[i].what == BK_FEATURE && f->t[i].rough &&
		    !kt->on[TC_ROUGH]) {
			kt->on[TC_ROUGH] = kt->rough[TC_ROUGH] = true;
			n++;
		}
		if (kt->on[c])
			continue;
		kt->on[c] = true;
		kt->difficult[c] = f->t[i].difficult;
		kt->rough[c] = f->t[i].rough;
		kt->height[c] = f->t[i].height;
		if (c == TC_CAMP)
			kt->camp_side = f->t[i].side;
		n++;
	}
	return n;
}

/* Move i of p is drawn in the colour of key entry k. */
static bool
move_is(const struct bplan *p, const int *verdict, size_t i, int k)
{
	if (p->mv[i].error || p->mv[i].n == 0)
		return false;
	if (verdict == NULL || verdict[i] < 0)
		return k == K_PLANNED;
	return k == (verdict[i] == 0 ? K_LEGAL : K_ILLEGAL);
}

/* The picture has a mark of key entry k (a mark before K_TERRAIN): the
 * sides, the scale and the front edge always, the others where drawn
 * (so Psiloi support only where the edition has it). */
static bool
key_on(const struct bfield *f, const struct bplan *p, const int *verdict,
    int k)
{
	const struct bderived *d;
	size_t i, j;

	if (k <= K_SCALE || k == K_EDGE)
		return true;
	for (i = 0; k >= K_LEGAL && p != NULL && i < p->n; i++)
		if (move_is(p, verdict, i, k))
			return true;
	for (i = 0; k < K_LEGAL && i < f->ne; i++) {
		d = &f->e[i].d;
		if ((k == K_GENERAL && f->e[i].general) ||
		    (k == K_FRONT && d->front >= 0) ||
		    (k == K_FLANK && d->natt > 0) ||
		    (k == K_OVERLAP && (d->overlap[0] >= 0 ||
		    d->overlap[1] >= 0)) ||
		    (k == K_SUPPORT && ((d->support >= 0 && !d->support_lost &&
		    !d->psiloi) || (d->side_by >= 0 && !d->side_lost))) ||
		    (k == K_PSILOI && d->support >= 0 && !d->support_lost &&
		    d->psiloi) || (k == K_ZOC && d->nzoc > 0))
			return true;
		for (j = 0; k == K_SCREENED && j < d->nzoc; j++)
			if (battle_zoc_screened(d)[j])
				return true;
	}
	return false;
}

size_t
bfdraw_key(const struct bfield *f, const struct bplan *p, const int *verdict,
    unsigned *on)
{
	struct kterrain kt;
	size_t n = key_terrain(f, &kt);
	int k;

	*on = 0;
	for (k = 0; k < K_TERRAIN; k++)
		if (key_on(f, p, verdict, k)) {
			*on |= 1u << k;
			n++;
		}
	return n;
}

/* The sample of entry k at x, y (table coordinates, its left middle),
 * w wide, h high. */
static void
sample(const struct scene *s, int k, enum tclass c,
    const struct kterrain *kt, double x, double y, double w, double h)
{
	struct gpt r[4], l[2] = { { x, y }, { x + w, y } };

	rect(r, x, y - h / 2, w, h);
	switch (k) {
	case K_SIDE0: case K_SIDE1:
		patch(s, r, k, false);
		break;
	case K_GENERAL:
		patch(s, r, 0, true);
		break;
	case K_EDGE:
		patch(s, r, 1, false);
		line(s, r[2], r[3], "#000000", 6, 0);
		break;
	case K_FRONT:
		patch(s, r, 0, false);
		front_bar(s, r[2], r[3]);
		break;
	case K_FLANK:
		patch(s, r, 0, false);
		line(s, r[0], r[1], C_FLANK, 10, D_FLANK);
		break;
	case K_OVERLAP:
		overlap_at(s, (struct gpt){ x + w / 2, y });
		break;
	case K_SUPPORT: case K_PSILOI:
		link_at(s, (struct gpt){ x + w / 2, y }, (struct gpt){ 0, 1 },
		    w * 0.5, k == K_PSILOI);
		break;
	case K_ZOC:
		rect(r, x, y - h / 2, w * 0.47, h);
		zone(s, r, 0, false);
		rect(r, x + w * 0.53, y - h / 2, w * 0.47, h);
		zone(s, r, 1, false);
		break;
	case K_SCREENED:
		zone(s, r, 1, true);
		break;
	case K_LEGAL:
		shape(s, l, 2, false, NULL, C_LEGAL, 6, 0);
		break;
	case K_ILLEGAL:
		shape(s, l, 2, false, NULL, C_ILLEGAL, 6, D_ILLEGAL);
		break;
	case K_PLANNED:
		shape(s, l, 2, false, NULL, C_PLANNED, 6, D_PLANNED);
		break;
	default:
		/* terrain: a piece of the table with it, as high as a
		 * symbol needs */
		rect(r, x, y - h * 0.75, w, h * 1.5);
		shape(s, r, 4, true, "#eef3dc", NULL, 0, 0);
		if (c == TC_RIVER) {
			l[0].x += h * 0.3, l[1].x -= h * 0.3;
			river(s, l, 2, h * 0.6);
		} else if (c == TC_ROAD) {
			l[0].x += h * 0.3, l[1].x -= h * 0.3;
			road(s, l, 2, h * 0.6);
		} else if (c == TC_CAMP)
			camp(s, r, 4, kt->camp_side, false);
		else
			area(s, c, r, 4, kt->height[c], kt->difficult[c],
			    kt->rough[c]);
		break;
	}
}

/* The key's words for terrain class c. */
static const char *
terrain_word(const struct bfield *f, enum tclass c, enum lang lang)
{
	switch (c) {
	case TC_HILL: return lang_label(lang, L_BF_HILL);
	case TC_WOOD: return lang_label(lang, L_BF_WOOD);
	case TC_BUA: return lang_label(lang, L_BF_BUA);
	case TC_MARSH: return lang_label(lang, L_BF_MARSH);
	case TC_WATER: return lang_label(lang, L_BF_WATER);
	case TC_DIFF: return lang_label(lang, f->r->unit == UNIT_BW ?
	    L_GOING_BAD : L_GOING_DIFF);
	case TC_ROUGH: return lang_label(lang, L_GOING_ROUGH);
	case TC_OPEN: return lang_label(lang, L_GOING_GOOD);
	case TC_RIVER: return lang_label(lang, L_BF_RIVER);
	case TC_ROAD: return lang_label(lang, L_ROAD);
	default: return lang_label(lang, L_BF_CAMP);
	}
}

/* The scale bar at x, y: one base width (two under dba3), its length,
 * and on paper the scale of the print (1:ratio). */
static void
scale_bar(const struct scene *s, double x, double y, double sh,
    double size)
{
	const struct bfield *f = s->f;
	double bw = battle_base_width(f);
	double len = bw * (f->r->unit == UNIT_BW ? 2 : 1);
	struct gpt bar[2], tick[2];
	struct sbuf t = { 0 };
	int k;

	bar[0] = (struct gpt){ x, y };
	bar[1] = (struct gpt){ x + len, y };
	line(s, bar[0], bar[1], "#000000", 6, 0);
	for (k = 0; k <= (f->r->unit == UNIT_BW ? 2 : 1); k++) {
		tick[0] = (struct gpt){ x + bw * k, y - sh / 2 };
		tick[1] = (struct gpt){ x + bw * k, y + sh / 2 };
		line(s, tick[0], tick[1], "#000000", 3, 0);
	}
	if (f->r->unit == UNIT_BW)
		sbuf_printf(&t, "2 BW (");
	battle_num(&t, len);
	sbuf_adds(&t, " p");
	if (f->r->unit == UNIT_BW)
		sbuf_addc(&t, ')');
	if (s->v->ratio > 0) {
		sbuf_adds(&t, ", 1:");
		battle_num(&t, s->v->ratio);
	}
	text(s, (struct gpt){ x + len + s->v->row * 0.3, y }, 0, size,
	    sbuf_str(&t), "#111111", true);
	sbuf_free(&t);
}

/* Under the key of a part of the table, at y: which part, and why. */
static void
note(const struct scene *s, double y, double size, enum lang lang)
{
	const struct bview *v = s->v;
	struct sbuf t = { 0 };
	double x = v->kx0 + v->row * 0.5;

	sbuf_printf(&t, "%s: x ", lang_label(lang, L_BF_ACTION));
	battle_len(&t, s->f, v->win.x0);
	sbuf_adds(&t, "\xe2\x80\x93");
	battle_len(&t, s->f, v->win.x1);
	sbuf_adds(&t, ", y ");
	battle_len(&t, s->f, v->win.y0);
	sbuf_adds(&t, "\xe2\x80\x93");
	battle_len(&t, s->f, v->win.y1);
	sbuf_printf(&t, " %s", battle_unit(s->f));
	text(s, (struct gpt){ x, y }, 0, size, sbuf_str(&t), "#111111",
	    true);
	if (v->small)
		text(s, (struct gpt){ x, y - v->row }, 0, size,
		    lang_label(lang, L_BF_SMALL), "#111111", true);
	sbuf_free(&t);
}

/* The key: the sides by name, each mark of the picture, the terrain on
 * the table, and a scale bar of whole base widths (the edition's unit
 * under dba3) or paces; on paper, under a part of the table, a note. */
static void
key(const struct scene *s, enum lang lang)
{
	static const enum label lb[] = { L_BF_GENERAL, L_BF_EDGE, L_BF_FRONT,
	    L_BF_FLANK, L_BF_OVERLAP, L_BF_SUPPORT, L_BF_PSILOI, L_BF_ZOC,
	    L_BF_SCREENED, L_BF_LEGAL, L_BF_ILLEGAL, L_BF_PLANNED };
	const struct bfield *f = s->f;
	const struct bview *v = s->v;
	struct kterrain kt;
	double row = v->row, y0 = v->ky0 - row * 0.8;
	double colw = v->keyw / KEY_COLS, sw = row * 1.6, sh = row * 0.55;
	double size = row * 0.45, x, y;
	enum tclass c = TC_HILL;
	int k, n;

	key_terrain(f, &kt);
	for (k = 0, n = 0; k < K_TERRAIN + TC_N; k++) {
		if (k >= K_TERRAIN) {
			c = (enum tclass)(k - K_TERRAIN);
			if (!kt.on[c])
				continue;
		} else if ((v->keyon & 1u << k) == 0)
			continue;
		x = v->kx0 + (n % KEY_COLS) * colw + row * 0.5;
		y = y0 - (n / KEY_COLS) * row;
		/* on paper the scale bar takes two places: it says the
		 * scale too */
		n += k == K_SCALE && v->ratio > 0 ? 2 : 1;
		if (k == K_SCALE || ((k == K_SIDE0 || k == K_SIDE1) &&
		    k >= f->nsides))
			continue;
		sample(s, k, c, &kt, x, y, sw, sh);
		text(s, (struct gpt){ x + sw + row * 0.3, y }, 0, size,
		    k <= K_SIDE1 ? f->side[k].name : k >= K_TERRAIN ?
		    terrain_word(f, c, lang) : lang_label(lang,
		    lb[k - K_GENERAL]), "#111111", true);
	}
	scale_bar(s, v->kx0 + K_SCALE * colw + row * 0.5, y0, sh, size);
	if (v->action)
		note(s, y0 - ((n + KEY_COLS - 1) / KEY_COLS) * row, size,
		    lang);
}

void
bfdraw(const struct bfield *f, const struct bplan *p,
    const int *verdict, enum lang lang, const struct bview *v,
    const struct painter *pt)
{
	long marks = TEXTURE_MARKS;
	struct scene s = { f, pt, &marks, NULL, 0, v };
	int *odd = NULL;
	size_t cap = 0;
	struct gpt table[4] = { { 0, 0 }, { f->width, 0 },
	    { f->width, f->height }, { 0, f->height } };
	struct gpt under[4] = { { 0, 0 }, { f->width, 0 },
	    { f->width, -v->keyh }, { 0, -v->keyh } };
	struct gpt win[4];
	bool paper = v->ratio > 0;
	size_t i;

	for (i = 0; i < f->ne; i++)
		if (f->e[i].intersects) {
			odd = xgrow(odd, &cap, s.nodd + 1, sizeof *odd);
			odd[s.nodd++] = (int)i;
		}
	s.odd = odd;
	if (paper)
		pt->clip(pt->ud, v->win.x1 - v->win.x0, v->win.y1 - v->win.y0);
	shape(&s, table, 4, true, "#eef3dc", "#666666", 4, 0);
	terrain(&s);
	zones(&s);
	side_tags(&s);
	paths(&s, p, verdict);
	for (i = 0; i < f->ne; i++)
		base(&s, &f->e[i]);
	free(odd);
	contacts(&s);
	for (i = 0; i < f->ne; i++)
		label(&s, &f->e[i], lang);
	if (paper) {
		/* the window's edge; the key under it */
		pt->clip(pt->ud, 0, 0);
		rect(win, v->win.x0, v->win.y0, v->win.x1 - v->win.x0,
		    v->win.y1 - v->win.y0);
		shape(&s, win, 4, true, NULL, "#666666", 1 / v->k, 0);
	} else {
		/* the page under the table blank again (the round ends of
		 * rivers and roads, zones over the edge), the table's edge
		 * drawn again */
		shape(&s, under, 4, true, "#ffffff", NULL, 0, 0);
		shape(&s, table, 4, true, NULL, "#666666", 4, 0);
	}
	key(&s, lang);
}
