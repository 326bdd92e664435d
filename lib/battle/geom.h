/* geom: the plane geometry of the battlefield, in paces, x to the right
 * and y up the table: oriented rectangles (bases), polygons (terrain),
 * polylines with a width (rivers, roads), edge contact with a tolerance,
 * point in polygon, segment crossing, the poses of moves. */
#ifndef BELLIS_GEOM_H
#define BELLIS_GEOM_H

#include <stdbool.h>
#include <stddef.h>

struct gpt {
	double x, y;
};

/* A base by the centre of its front edge, its facing in degrees
 * clockwise from +y, its width and depth. */
struct gbox {
	struct gpt p;
	double facing, w, d;
};

/* Corners in clockwise order; edge i runs from corner i to corner i+1. */
enum { GC_FL, GC_FR, GC_RR, GC_RL };
enum { GE_FRONT, GE_RIGHT, GE_REAR, GE_LEFT };

/* An axis-aligned bounding box. */
struct gbb {
	double x0, y0, x1, y1;
};

double geom_norm_deg(double a);                 /* into [0, 360) */
double geom_diff_deg(double a, double b);       /* a - b in (-180, 180] */
struct gpt geom_fwd(double facing);             /* unit vector ahead */
struct gpt geom_right(double facing);           /* unit vector to the right */
double geom_dist(struct gpt a, struct gpt b);
double geom_dot(struct gpt a, struct gpt b);
struct gpt geom_sub(struct gpt a, struct gpt b);
struct gpt geom_add(struct gpt a, struct gpt b, double k);  /* a + k b */

void geom_corners(const struct gbox *b, struct gpt c[4]);
/* The same, of b facing the way of f = geom_fwd(b->facing) */
void geom_corners_fwd(const struct gbox *b, struct gpt f, struct gpt c[4]);
struct gpt geom_centre(const struct gbox *b);
struct gbb geom_bb(const struct gpt *v, size_t n);
bool geom_bb_meet(const struct gbb *a, const struct gbb *b, double margin);

/* Distance from p to the segment ab. */
double geom_dist_seg(struct gpt p, struct gpt a, struct gpt b);
/* The segments ab and cd have a point in common (touching counts). */
bool geom_seg_cross(struct gpt a, struct gpt b, struct gpt c, struct gpt d);
/* Even-odd rule; a point on the boundary may go either way. */
bool geom_in_poly(struct gpt p, const struct gpt *v, size_t n);
/* A closed polygon whose edges cross or touch other than at the shared
 * corner of neighbours; *e1, *e2 name the first such pair (edge i runs
 * from v[i] to v[i+1]). */
bool geom_poly_crosses(const struct gpt *v, size_t n, size_t *e1,
    size_t *e2);
/* Distance from p to an open polyline. */
double geom_polyline_dist(struct gpt p, const struct gpt *v, size_t n);

/* Edge contact: the directed edges a0->a1 and b0->b1 run opposite ways
 * within angtol degrees, lie within tol of each other, and share a
 * length greater than tol.  Returns that length, or 0. */
double geom_edge_contact(struct gpt a0, struct gpt a1, struct gpt b0,
    struct gpt b1, double tol, double angtol);
/* Two convex quadrilaterals overlap by more than tol on every axis of
 * separation (touching within tol is not an overlap). */
bool geom_quad_overlap(const struct gpt a[4], const struct gpt b[4],
    double tol);
/* Least distance between two convex quadrilaterals (0 when they meet). */
double geom_quad_dist(const struct gpt a[4], const struct gpt b[4]);
/* The segment ab meets the inside of the polygon. */
bool geom_seg_hits_poly(struct gpt a, struct gpt b, const struct gpt *v,
    size_t n);
/* The quadrilateral q and the polygon share inner points (or touch). */
bool geom_quad_hits_poly(const struct gpt q[4], const struct gpt *v,
    size_t n);

/* A base turned clockwise by deg about pivot. */
void geom_box_rotate(struct gbox *b, struct gpt pivot, double deg);

#endif
