/* geom: plane geometry of bases, terrain polygons and polylines. */
#include <math.h>

#include "battle/geom.h"

#define EPS 1e-9
#define RAD(d) ((d) * M_PI / 180.0)

double
geom_norm_deg(double a)
{
	a = fmod(a, 360.0);
	if (a < 0)
		a += 360.0;
	/* fmod of a tiny negative gives 360 after the addition */
	return a >= 360.0 ? 0.0 : a;
}

double
geom_diff_deg(double a, double b)
{
	double d = geom_norm_deg(a - b);

	return d > 180.0 ? d - 360.0 : d;
}

struct gpt
geom_fwd(double facing)
{
	struct gpt v = { sin(RAD(facing)), cos(RAD(facing)) };

	return v;
}

struct gpt
geom_right(double facing)
{
	struct gpt v = { cos(RAD(facing)), -sin(RAD(facing)) };

	return v;
}

double
geom_dist(struct gpt a, struct gpt b)
{
	return hypot(a.x - b.x, a.y - b.y);
}

double
geom_dot(struct gpt a, struct gpt b)
{
	return a.x * b.x + a.y * b.y;
}

struct gpt
geom_sub(struct gpt a, struct gpt b)
{
	struct gpt r = { a.x - b.x, a.y - b.y };

	return r;
}

struct gpt
geom_add(struct gpt a, struct gpt b, double k)
{
	struct gpt r = { a.x + k * b.x, a.y + k * b.y };

	return r;
}

void
geom_corners(const struct gbox *b, struct gpt c[4])
{
	geom_corners_fwd(b, geom_fwd(b->facing), c);
}

void
geom_corners_fwd(const struct gbox *b, struct gpt f, struct gpt c[4])
{
	struct gpt r = { f.y, -f.x };   /* geom_right: cos, -sin */

	c[GC_FL] = geom_add(b->p, r, -b->w / 2);
	c[GC_FR] = geom_add(b->p, r, b->w / 2);
	c[GC_RR] = geom_add(c[GC_FR], f, -b->d);
	c[GC_RL] = geom_add(c[GC_FL], f, -b->d);
}

struct gpt
geom_centre(const struct gbox *b)
{
	return geom_add(b->p, geom_fwd(b->facing), -b->d / 2);
}

struct gbb
geom_bb(const struct gpt *v, size_t n)
{
	struct gbb bb = { INFINITY, INFINITY, -INFINITY, -INFINITY };
	size_t i;

	for (i = 0; i < n; i++) {
		bb.x0 = fmin(bb.x0, v[i].x);
		bb.y0 = fmin(bb.y0, v[i].y);
		bb.x1 = fmax(bb.x1, v[i].x);
		bb.y1 = fmax(bb.y1, v[i].y);
	}
	return bb;
}

bool
geom_bb_meet(const struct gbb *a, const struct gbb *b, double margin)
{
	return a->x0 <= b->x1 + margin && b->x0 <= a->x1 + margin &&
	    a->y0 <= b->y1 + margin && b->y0 <= a->y1 + margin;
}

double
geom_dist_seg(struct gpt p, struct gpt a, struct gpt b)
{
	struct gpt ab = geom_sub(b, a);
	double l2 = geom_dot(ab, ab), t;

	if (l2 < EPS)
		return geom_dist(p, a);
	t = geom_dot(geom_sub(p, a), ab) / l2;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return geom_dist(p, geom_add(a, ab, t));
}

/* Sign of the turn a->b->c: 1 left, -1 right, 0 collinear. */
static int
orient(struct gpt a, struct gpt b, struct gpt c)
{
	double v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
	double s = fmax(fabs(b.x - a.x) + fabs(b.y - a.y),
	    fabs(c.x - a.x) + fabs(c.y - a.y));

	if (fabs(v) <= EPS * (s * s + 1))
		return 0;
	return v > 0 ? 1 : -1;
}

/* c lies within the bounding box of the collinear segment ab. */
static bool
on_seg(struct gpt a, struct gpt b, struct gpt c)
{
	return c.x <= fmax(a.x, b.x) + EPS && c.x >= fmin(a.x, b.x) - EPS &&
	    c.y <= fmax(a.y, b.y) + EPS && c.y >= fmin(a.y, b.y) - EPS;
}

bool
geom_seg_cross(struct gpt a, struct gpt b, struct gpt c, struct gpt d)
{
	int o1 = orient(a, b, c), o2 = orient(a, b, d);
	int o3 = orient(c, d, a), o4 = orient(c, d, b);

	if (o1 != o2 && o3 != o4)
		return true;
	return (o1 == 0 && on_seg(a, b, c)) || (o2 == 0 && on_seg(a, b, d)) ||
	    (o3 == 0 && on_seg(c, d, a)) || (o4 == 0 && on_seg(c, d, b));
}

bool
geom_in_poly(struct gpt p, const struct gpt *v, size_t n)
{
	bool in = false;
	size_t i, j;

	for (i = 0, j = n - 1; i < n; j = i++)
		if ((v[i].y > p.y) != (v[j].y > p.y) &&
		    p.x < (v[j].x - v[i].x) * (p.y - v[i].y) /
		    (v[j].y - v[i].y) + v[i].x)
			in = !in;
	return in;
}

bool
geom_poly_crosses(const struct gpt *v, size_t n, size_t *e1, size_t *e2)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (j == i + 1 || (i == 0 && j == n - 1)) {
				/* neighbours share a corner; they may not
				 * fold back onto each other */
				size_t a = j == i + 1 ? i : j, b = a + 1 == n ?
				    0 : a + 1, c = b + 1 == n ? 0 : b + 1;

				if (orient(v[a], v[b], v[c]) == 0 &&
				    geom_dot(geom_sub(v[b], v[a]),
				    geom_sub(v[c], v[b])) < 0)
					goto found;
				continue;
			}
			if (geom_seg_cross(v[i], v[(i + 1) % n], v[j],
			    v[(j + 1) % n]))
				goto found;
		}
	return false;
found:
	if (e1 != NULL)
		*e1 = i;
	if (e2 != NULL)
		*e2 = j;
	return true;
}

double
geom_polyline_dist(struct gpt p, const struct gpt *v, size_t n)
{
	double d = INFINITY;
	size_t i;

	if (n == 1)
		return geom_dist(p, v[0]);
	for (i = 0; i + 1 < n; i++)
		d = fmin(d, geom_dist_seg(p, v[i], v[i + 1]));
	return d;
}

double
geom_edge_contact(struct gpt a0, struct gpt a1, struct gpt b0,
    struct gpt b1, double tol, double angtol)
{
	struct gpt ua = geom_sub(a1, a0), ub = geom_sub(b1, b0), n;
	double la = hypot(ua.x, ua.y), lb = hypot(ub.x, ub.y), c;
	double t0, t1, lo, hi, s0, s1, slo, shi;

	if (la < EPS || lb < EPS)
		return 0;
	ua.x /= la, ua.y /= la;
	ub.x /= lb, ub.y /= lb;
	/* opposite directions within angtol */
	c = -geom_dot(ua, ub);
	if (c < cos(RAD(angtol)) - EPS)
		return 0;
	n.x = -ua.y, n.y = ua.x;
	t0 = geom_dot(geom_sub(b0, a0), ua);
	t1 = geom_dot(geom_sub(b1, a0), ua);
	s0 = geom_dot(geom_sub(b0, a0), n);
	s1 = geom_dot(geom_sub(b1, a0), n);
	lo = fmax(0, fmin(t0, t1));
	hi = fmin(la, fmax(t0, t1));
	if (hi - lo <= tol + EPS)
		return 0;
	/* b's offset from a's line at both ends of the shared span */
	slo = s0 + (s1 - s0) * (lo - t0) / (t1 - t0);
	shi = s0 + (s1 - s0) * (hi - t0) / (t1 - t0);
	if (fabs(slo) > tol + EPS || fabs(shi) > tol + EPS)
		return 0;
	return hi - lo;
}

/* Overlap of the projections of a and b on axis ax. */
static double
axis_overlap(const struct gpt a[4], const struct gpt b[4], struct gpt ax)
{
	double a0 = INFINITY, a1 = -INFINITY, b0 = INFINITY, b1 = -INFINITY, t;
	int i;

	for (i = 0; i < 4; i++) {
		t = geom_dot(a[i], ax);
		a0 = fmin(a0, t), a1 = fmax(a1, t);
		t = geom_dot(b[i], ax);
		b0 = fmin(b0, t), b1 = fmax(b1, t);
	}
	return fmin(a1, b1) - fmax(a0, b0);
}

bool
geom_quad_overlap(const struct gpt a[4], const struct gpt b[4], double tol)
{
	const struct gpt *q[2] = { a, b };
	struct gpt e;
	double l;
	int k, i;

	for (k = 0; k < 2; k++)
		for (i = 0; i < 2; i++) {
			e = geom_sub(q[k][i + 1], q[k][i]);
			l = hypot(e.x, e.y);
			if (l < EPS)
				continue;
			e.x /= l, e.y /= l;
			if (axis_overlap(a, b, e) <= tol + EPS)
				return false;
		}
	return true;
}

double
geom_quad_dist(const struct gpt a[4], const struct gpt b[4])
{
	double d = INFINITY;
	int i, j;

	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			if (geom_seg_cross(a[i], a[(i + 1) % 4], b[j],
			    b[(j + 1) % 4]))
				return 0;
	if (geom_in_poly(a[0], b, 4) || geom_in_poly(b[0], a, 4))
		return 0;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			d = fmin(d, geom_dist_seg(a[i], b[j], b[(j + 1) % 4]));
			d = fmin(d, geom_dist_seg(b[i], a[j], a[(j + 1) % 4]));
		}
	return d;
}

bool
geom_seg_hits_poly(struct gpt a, struct gpt b, const struct gpt *v,
    size_t n)
{
	size_t i;

	if (geom_in_poly(a, v, n) || geom_in_poly(b, v, n))
		return true;
	for (i = 0; i < n; i++)
		if (geom_seg_cross(a, b, v[i], v[(i + 1) % n]))
			return true;
	return false;
}

bool
geom_quad_hits_poly(const struct gpt q[4], const struct gpt *v, size_t n)
{
	size_t i;

	for (i = 0; i < 4; i++)
		if (geom_seg_hits_poly(q[i], q[(i + 1) % 4], v, n))
			return true;
	/* the polygon wholly inside the quadrilateral */
	return n > 0 && geom_in_poly(v[0], q, 4);
}

/* p turned clockwise by deg about pivot. */
static struct gpt
geom_rotate(struct gpt p, struct gpt pivot, double deg)
{
	double c = cos(RAD(deg)), s = sin(RAD(deg));
	struct gpt d = geom_sub(p, pivot), r;

	r.x = pivot.x + d.x * c + d.y * s;
	r.y = pivot.y - d.x * s + d.y * c;
	return r;
}

void
geom_box_rotate(struct gbox *b, struct gpt pivot, double deg)
{
	b->p = geom_rotate(b->p, pivot, deg);
	b->facing = geom_norm_deg(b->facing + deg);
}
