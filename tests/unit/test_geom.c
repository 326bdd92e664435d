/* Unit tests of the battlefield geometry (lib/battle/geom.c), with the
 * degenerate cases: corners that only touch, collinear edges, angles
 * near 0 and 360, bases exactly one tolerance apart. */
#include <math.h>

#include "battle/geom.h"
#include "unit.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-6)

static struct gpt
P(double x, double y)
{
	struct gpt p = { x, y };

	return p;
}

static void
box(struct gpt c[4], double x, double y, double facing, double w, double d)
{
	struct gbox b = { { x, y }, facing, w, d };

	geom_corners(&b, c);
}

static void
test_angles(void)
{
	CHECK(NEAR(geom_norm_deg(360), 0));
	CHECK(NEAR(geom_norm_deg(-1), 359));
	CHECK(NEAR(geom_norm_deg(725), 5));
	CHECK(geom_norm_deg(-1e-13) < 360);
	CHECK(NEAR(geom_diff_deg(359.5, 0.5), -1));
	CHECK(NEAR(geom_diff_deg(0.5, 359.5), 1));
	CHECK(NEAR(geom_diff_deg(180, 0), 180));
	CHECK(NEAR(geom_fwd(0).y, 1) && NEAR(geom_fwd(90).x, 1));
	CHECK(NEAR(geom_right(0).x, 1) && NEAR(geom_right(90).y, -1));
}

static void
test_corners(void)
{
	struct gbox b = { { 100, 100 }, 0, 160, 60 };
	struct gpt c[4], m, k[4];
	int i, same = 1;

	/* from the facing's vector, the same corners to the bit (battle
	 * keeps the vector of each element, not its corners) */
	for (i = 0; i < 720; i++) {
		b.facing = i * 0.5 + i % 7 * 0.01;
		b.p = (struct gpt){ 1234.5 + i, 987.25 - i };
		geom_corners(&b, c);
		geom_corners_fwd(&b, geom_fwd(b.facing), k);
		if (memcmp(c, k, sizeof c) != 0)
			same = 0;
	}
	CHECK(same);
	b = (struct gbox){ { 100, 100 }, 0, 160, 60 };

	geom_corners(&b, c);
	CHECK(NEAR(c[GC_FL].x, 20) && NEAR(c[GC_FL].y, 100));
	CHECK(NEAR(c[GC_FR].x, 180) && NEAR(c[GC_RR].y, 40));
	CHECK(NEAR(c[GC_RL].x, 20) && NEAR(c[GC_RL].y, 40));
	m = geom_centre(&b);
	CHECK(NEAR(m.x, 100) && NEAR(m.y, 70));
	b.facing = 90;          /* facing right: front edge vertical */
	geom_corners(&b, c);
	CHECK(NEAR(c[GC_FL].x, 100) && NEAR(c[GC_FL].y, 180));
	CHECK(NEAR(c[GC_RR].x, 40) && NEAR(c[GC_RR].y, 20));
	/* a quarter wheel about the right front corner */
	b.facing = 0;
	geom_corners(&b, c);
	geom_box_rotate(&b, c[GC_FR], 90);
	CHECK(NEAR(b.facing, 90));
	CHECK(NEAR(b.p.x, 180) && NEAR(b.p.y, 180));
	geom_box_rotate(&b, P(0, 0), 270.0 + 1e-12);
	CHECK(b.facing < 1e-6 || b.facing > 360 - 1e-6);
}

static void
test_contact(void)
{
	struct gpt a[4], b[4];
	double tol = 2, ang = 1;

	/* front to front, exactly touching */
	box(a, 0, 0, 0, 160, 60);
	box(b, 0, 0, 180, 160, 60);
	CHECK(NEAR(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang), 160));
	/* exactly one tolerance apart: still contact; a pace beyond: not */
	box(b, 0, 2, 180, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) > 0);
	box(b, 0, 3, 180, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) == 0);
	/* one degree off: contact; two degrees: not */
	box(b, 0, 0, 181, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) > 0);
	box(b, 0, 0, 182, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) == 0);
	/* facings either side of 0/360 */
	box(a, 0, 0, 359.6, 160, 60);
	box(b, 0, 0, 179.8, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) > 150);
	/* same direction (collinear, not opposite): no contact */
	box(a, 0, 0, 0, 160, 60);
	box(b, 0, 0, 0, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) == 0);
	/* corners touching only: the shared length is 0 */
	box(b, 160, 0, 180, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) == 0);
	/* shared length of exactly the tolerance is not enough */
	box(b, 158, 0, 180, 160, 60);
	CHECK(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang) == 0);
	box(b, 157, 0, 180, 160, 60);
	CHECK(NEAR(geom_edge_contact(a[0], a[1], b[0], b[1], tol, ang), 3));
	/* side by side in a line: right edge against left edge */
	box(b, 160, 0, 0, 160, 60);
	CHECK(NEAR(geom_edge_contact(a[1], a[2], b[3], b[0], tol, ang), 60));
}

static void
test_overlap_dist(void)
{
	struct gpt a[4], b[4];

	box(a, 0, 0, 0, 160, 60);
	box(b, 160, 0, 0, 160, 60);        /* touching side by side */
	CHECK(!geom_quad_overlap(a, b, 2));
	CHECK(NEAR(geom_quad_dist(a, b), 0));
	box(b, 158, 0, 0, 160, 60);        /* 2 paces in: within tolerance */
	CHECK(!geom_quad_overlap(a, b, 2));
	CHECK(geom_quad_overlap(a, b, 0));
	box(b, 157, 0, 0, 160, 60);        /* 3 paces in: intersecting */
	CHECK(geom_quad_overlap(a, b, 2));
	box(b, 160, 60, 0, 160, 60);       /* corner on corner only */
	CHECK(!geom_quad_overlap(a, b, 0));
	CHECK(NEAR(geom_quad_dist(a, b), 0));
	box(b, 400, 0, 0, 160, 60);
	CHECK(NEAR(geom_quad_dist(a, b), 240));
	box(b, 0, 100, 45, 160, 60);       /* rotated, diagonal to a */
	CHECK(!geom_quad_overlap(a, b, 0) || geom_quad_dist(a, b) == 0);
	box(b, 0, 30, 45, 160, 60);
	CHECK(geom_quad_overlap(a, b, 2));
}

static void
test_poly(void)
{
	struct gpt sq[4] = { { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } };
	struct gpt bow[4] = { { 0, 0 }, { 100, 100 }, { 100, 0 }, { 0, 100 } };
	struct gpt fold[4] = { { 0, 0 }, { 100, 0 }, { 50, 0 }, { 0, 100 } };
	struct gpt line[3] = { { 0, 0 }, { 100, 0 }, { 100, 100 } };
	struct gpt q[4];
	size_t e1 = 9, e2 = 9;

	CHECK(geom_in_poly(P(50, 50), sq, 4));
	CHECK(!geom_in_poly(P(150, 50), sq, 4));
	CHECK(!geom_in_poly(P(-1e-6, 50), sq, 4));
	CHECK(!geom_poly_crosses(sq, 4, NULL, NULL));
	CHECK(geom_poly_crosses(bow, 4, &e1, &e2));
	CHECK(e1 == 0 && e2 == 2);
	CHECK(geom_poly_crosses(fold, 4, NULL, NULL));
	CHECK(geom_seg_cross(P(0, 0), P(10, 10), P(0, 10), P(10, 0)));
	CHECK(geom_seg_cross(P(0, 0), P(10, 0), P(10, 0), P(20, 5)));
	CHECK(geom_seg_cross(P(0, 0), P(10, 0), P(5, 0), P(20, 0)));
	CHECK(!geom_seg_cross(P(0, 0), P(10, 0), P(11, 0), P(20, 0)));
	CHECK(!geom_seg_cross(P(0, 0), P(10, 0), P(0, 1), P(10, 1)));
	CHECK(NEAR(geom_polyline_dist(P(50, 10), line, 3), 10));
	CHECK(NEAR(geom_polyline_dist(P(120, 50), line, 3), 20));
	CHECK(geom_seg_hits_poly(P(-10, 50), P(110, 50), sq, 4));
	CHECK(!geom_seg_hits_poly(P(-10, 150), P(110, 150), sq, 4));
	box(q, 50, 150, 0, 160, 60);       /* from y 90 to 150: inside */
	CHECK(geom_quad_hits_poly(q, sq, 4));
	box(q, 50, 170, 0, 160, 60);       /* 10 paces clear */
	CHECK(!geom_quad_hits_poly(q, sq, 4));
	box(q, 50, 300, 0, 400, 400);      /* the square wholly inside */
	CHECK(geom_quad_hits_poly(q, sq, 4));
}

int
main(void)
{
	RUN(test_angles());
	RUN(test_corners());
	RUN(test_contact());
	RUN(test_overlap_dist());
	RUN(test_poly());
	return UNIT_DONE("geom");
}
