/* battle: the spatial grid, terrain look-ups and the pair tests that
 * the derivation and the plan share. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "battle/battle.h"
#include "core/strset.h"
#include "core/xalloc.h"
#include "rules/troop.h"

double
battle_base_width(const struct bfield *f)
{
	return rules_base_width(f->r, f->scale);
}

double
battle_base_depth(const struct bfield *f, int troop, int sub)
{
	const struct rules_subtype *st = rules_subtype(f->r, sub);

	return (double)(st != NULL && st->has_base ? st->base_depth :
	    f->r->t[troop].base_depth);
}

const char *
battle_troop(const struct bfield *f, int i)
{
	const struct belem *e = &f->e[i];
	const struct rules_subtype *st = rules_subtype_own(f->r, e->sub);

	return st != NULL ? st->spelling : troop_at((size_t)e->troop)->code;
}

double
battle_far(const struct bfield *f)
{
	return (double)f->r->pip_far;
}

double
battle_sight(const struct bfield *f)
{
	return (double)f->r->pip_out_of_sight;
}

/* d reaches the distance lim as the edition compares: at it or beyond
 * (dba1), or only beyond it (dba22); within a millionth of a pace is
 * at it. */
static bool
reaches(const struct bfield *f, double d, double lim)
{
	return f->r->pip_beyond ? d > lim + 1e-6 : d >= lim - 1e-6;
}

bool
battle_is_far(const struct bfield *f, int troop, double d)
{
	const struct rules_troop *t = troop >= 0 ? &f->r->t[troop] : NULL;

	return reaches(f, d, t != NULL && t->has_cmd ? (double)t->cmd_far :
	    battle_far(f));
}

bool
battle_is_hidden(const struct bfield *f, int troop, double d)
{
	const struct rules_troop *t = troop >= 0 ? &f->r->t[troop] : NULL;

	return reaches(f, d, t != NULL && t->has_cmd ?
	    (double)t->cmd_out_of_sight : battle_sight(f));
}

bool
battle_sight_counts(const struct bfield *f, double d)
{
	return reaches(f, d, battle_sight(f));
}

/* Ids in natural order: "r2" before "r10". */
int
battle_cmp_id(const char *a, const char *b)
{
	size_t la, lb;

	while (*a != '\0' && *b != '\0') {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			la = strspn(a, "0123456789");
			lb = strspn(b, "0123456789");
			if (la != lb)
				return la < lb ? -1 : 1;
			if (strncmp(a, b, la) != 0)
				return strncmp(a, b, la);
			a += la, b += lb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++, b++;
	}
	return (*a != '\0') - (*b != '\0');
}

/* The slot of id[0..n) in the index of the ids: the slot that holds
 * its element (index + 1), or the empty one where it goes. */
static size_t
id_slot(const struct bfield *f, const char *id, size_t n)
{
	size_t mask = f->capidx - 1, k = (size_t)strset_hash(id, n) & mask;
	const char *s;

	for (; f->idx[k] != 0; k = (k + 1) & mask) {
		s = f->e[f->idx[k] - 1].id;
		if (strncmp(s, id, n) == 0 && s[n] == '\0')
			return k;
	}
	return k;
}

int
battle_find(const struct bfield *f, const char *id, size_t n)
{
	size_t k;

	/* by the index of the ids read (a scan a move made the moves of
	 * a large table quadratic) */
	if (f->capidx == 0 || memchr(id, '\0', n) != NULL)
		return -1;
	k = id_slot(f, id, n);
	return f->idx[k] != 0 ? f->idx[k] - 1 : -1;
}

void
battle_index_ids(struct bfield *f)
{
	size_t i, k;

	free(f->idx);
	for (f->capidx = 16; f->capidx < 2 * f->ne; f->capidx *= 2)
		;
	f->idx = xcalloc(f->capidx, sizeof *f->idx);
	/* the first element of an id keeps it */
	for (i = 0; i < f->ne; i++) {
		k = id_slot(f, f->e[i].id, strlen(f->e[i].id));
		if (f->idx[k] == 0)
			f->idx[k] = (int)i + 1;
	}
}

void
battle_place(struct bfield *f, struct belem *e)
{
	(void)f;
	e->fwd = geom_fwd(e->box.facing);
}

struct gquad
battle_quad(const struct belem *e)
{
	struct gquad q = {0};

	geom_corners_fwd(&e->box, e->fwd, q.v);
	return q;
}

struct gpt
battle_centre(const struct belem *e)
{
	/* geom_centre, from the facing's vector kept */
	return geom_add(e->box.p, e->fwd, -e->box.d / 2);
}

struct gbb
battle_bb(const struct belem *e)
{
	return geom_bb(battle_quad(e).v, 4);
}

/* The bounding boxes of a and b meet within margin. */
static bool
bb_meet(const struct belem *a, const struct belem *b, double margin)
{
	struct gbb x = battle_bb(a), y = battle_bb(b);

	return geom_bb_meet(&x, &y, margin);
}

void
battle_zoc(const struct bfield *f, const struct belem *e, struct gpt z[4])
{
	struct gbox b = e->box;

	b.d = f->r->zoc_widths * battle_base_width(f);
	b.p = geom_add(b.p, geom_fwd(b.facing), b.d);
	geom_corners(&b, z);
}

/* ---- the grid ------------------------------------------------------- */

/* Base and zone of control, with a margin. */
static struct gbb
reach(const struct bfield *f, const struct belem *e)
{
	struct gpt z[8];
	struct gbb bb;

	geom_corners_fwd(&e->box, e->fwd, z);
	battle_zoc(f, e, z + 4);
	bb = geom_bb(z, 8);
	bb.x0 -= f->tol, bb.y0 -= f->tol;
	bb.x1 += f->tol, bb.y1 += f->tol;
	return bb;
}

static void
cells(const struct bgrid *g, const struct gbb *bb, long c[4])
{
	c[0] = (long)floor((bb->x0 - g->x0) / g->cell);
	c[1] = (long)floor((bb->y0 - g->y0) / g->cell);
	c[2] = (long)floor((bb->x1 - g->x0) / g->cell);
	c[3] = (long)floor((bb->y1 - g->y0) / g->cell);
	c[0] = c[0] < 0 ? 0 : c[0] >= g->nx ? g->nx - 1 : c[0];
	c[2] = c[2] < 0 ? 0 : c[2] >= g->nx ? g->nx - 1 : c[2];
	c[1] = c[1] < 0 ? 0 : c[1] >= g->ny ? g->ny - 1 : c[1];
	c[3] = c[3] < 0 ? 0 : c[3] >= g->ny ? g->ny - 1 : c[3];
}

void
grid_free(struct bgrid *g)
{
	long i;

	for (i = 0; g->cells != NULL && i < g->nx * g->ny; i++)
		free(g->cells[i].v);
	free(g->cells);
	free(g->at);
	free(g->stamp);
	memset(g, 0, sizeof *g);
}

void
grid_insert(struct bfield *f, int e)
{
	struct bgrid *g = &f->grid;
	struct gbb bb = reach(f, &f->e[e]);
	struct bcell *c;
	long r[4], x, y;
	size_t cap;
	int k;

	cells(g, &bb, r);
	for (k = 0; k < 4; k++)
		g->at[e].c[k] = (int)r[k];
	for (y = r[1]; y <= r[3]; y++)
		for (x = r[0]; x <= r[2]; x++) {
			c = &g->cells[y * g->nx + x];
			cap = c->cap;
			c->v = xgrow(c->v, &cap, c->n + 1, sizeof *c->v);
			c->cap = (unsigned)cap;
			c->v[c->n++] = e;
		}
}

void
grid_remove(struct bfield *f, int e)
{
	struct bgrid *g = &f->grid;
	struct bcell *c;
	const int *r = g->at[e].c;
	long x, y;
	unsigned i;

	for (y = r[1]; y <= r[3]; y++)
		for (x = r[0]; x <= r[2]; x++) {
			c = &g->cells[y * g->nx + x];
			/* from the end: the last inserted go first (a stack
			 * removed in reverse order costs one step each) */
			for (i = c->n; i-- > 0;)
				if (c->v[i] == e) {
					c->v[i] = c->v[--c->n];
					break;
				}
		}
}

void
grid_build(struct bfield *f)
{
	struct bgrid *g = &f->grid;
	struct gbb all = { 0, 0, f->width, f->height }, bb;
	size_t i;

	grid_free(g);
	for (i = 0; i < f->ne; i++) {
		bb = reach(f, &f->e[i]);
		all.x0 = fmin(all.x0, bb.x0), all.y0 = fmin(all.y0, bb.y0);
		all.x1 = fmax(all.x1, bb.x1), all.y1 = fmax(all.y1, bb.y1);
	}
	/* cells of two base widths, but not many more cells than elements;
	 * moves that leave the area go to the border cells */
	g->cell = 2 * battle_base_width(f);
	while ((all.x1 - all.x0) / g->cell * (all.y1 - all.y0) / g->cell >
	    4.0 * (double)f->ne + 1024)
		g->cell *= 2;
	g->x0 = all.x0, g->y0 = all.y0;
	g->nx = (long)((all.x1 - all.x0) / g->cell) + 1;
	g->ny = (long)((all.y1 - all.y0) / g->cell) + 1;
	g->cells = xcalloc((size_t)(g->nx * g->ny), sizeof *g->cells);
	g->at = xcalloc(f->ne + 1, sizeof *g->at);
	g->stamp = xcalloc(f->ne + 1, sizeof *g->stamp);
	for (i = 0; i < f->ne; i++)
		grid_insert(f, (int)i);
}

size_t
grid_query(struct bfield *f, const struct gbb *bb, int **out, size_t *cap)
{
	struct bgrid *g = &f->grid;
	const struct bcell *c;
	size_t n = 0, it;
	long r[4], x, y;
	int e;

	if (g->cells == NULL)
		return 0;
	if (++g->tick == 0) {
		memset(g->stamp, 0, f->ne * sizeof *g->stamp);
		g->tick = 1;
	}
	cells(g, bb, r);
	for (y = r[1]; y <= r[3]; y++)
		for (x = r[0]; x <= r[2]; x++) {
			c = &g->cells[y * g->nx + x];
			for (it = 0; it < c->n; it++) {
				e = c->v[it];
				if (g->stamp[e] == g->tick)
					continue;
				g->stamp[e] = g->tick;
				*out = xgrow(*out, cap, n + 1, sizeof **out);
				(*out)[n++] = e;
			}
		}
	return n;
}

size_t
grid_query_elem(struct bfield *f, const struct belem *e, int **out,
    size_t *cap)
{
	struct gbb bb = battle_bb(e);

	return grid_query(f, &bb, out, cap);
}

size_t
grid_at(const struct bfield *f, struct gpt p, const int **v)
{
	const struct bgrid *g = &f->grid;
	struct gbb bb = { p.x, p.y, p.x, p.y };
	const struct bcell *c;
	long r[4];

	cells(g, &bb, r);
	c = &g->cells[r[1] * g->nx + r[0]];
	*v = c->v;
	return c->n;
}

/* ---- terrain -------------------------------------------------------- */

static bool
bb_has(const struct gbb *bb, struct gpt p)
{
	return p.x >= bb->x0 && p.x <= bb->x1 && p.y >= bb->y0 &&
	    p.y <= bb->y1;
}

/* Which features a query takes: any, difficult or rough ones. */
enum tgoing { TG_ANY, TG_DIFFICULT, TG_ROUGH };

static bool
going_is(const struct bterrain *t, enum tgoing g)
{
	return g == TG_ANY || (g == TG_DIFFICULT ? t->difficult : t->rough);
}

/* Index of the first terrain of kind what (of going g) that holds p, or
 * -1. */
static int
terrain_at(const struct bfield *f, struct gpt p, enum bkind what,
    enum tgoing g)
{
	const struct bterrain *t;
	size_t i;

	for (i = 0; i < f->nt; i++) {
		t = &f->t[i];
		if (t->what != what || !going_is(t, g) ||
		    t->poly.n == 0 || !bb_has(&t->poly.bb, p))
			continue;
		if (what == BK_RIVER || what == BK_ROAD) {
			if (geom_polyline_dist(p, t->poly.v, t->poly.n) <=
			    t->width / 2)
				return (int)i;
		} else if (t->poly.n >= 3 && geom_in_poly(p, t->poly.v,
		    t->poly.n))
			return (int)i;
	}
	return -1;
}

bool
battle_in_river(const struct bfield *f, struct gpt p, int *river)
{
	int i = terrain_at(f, p, BK_RIVER, TG_ANY);

	if (river != NULL)
		*river = i;
	return i >= 0;
}

bool
battle_on_road(const struct bfield *f, struct gpt p)
{
	return terrain_at(f, p, BK_ROAD, TG_ANY) >= 0;
}

bool
battle_difficult_at(const struct bfield *f, struct gpt p)
{
	return terrain_at(f, p, BK_FEATURE, TG_DIFFICULT) >= 0;
}

int
battle_level(const struct bfield *f, struct gpt p)
{
	const struct bterrain *t;
	size_t i;
	int h = 0;

	for (i = 0; i < f->nt; i++) {
		t = &f->t[i];
		if (t->what == BK_FEATURE && t->height > h && t->poly.n >= 3 &&
		    bb_has(&t->poly.bb, p) && geom_in_poly(p, t->poly.v,
		    t->poly.n))
			h = t->height;
	}
	return h;
}

/* Does the base q meet a feature of going g? */
static bool
base_in(const struct bfield *f, const struct gpt q[4], enum tgoing g)
{
	const struct bterrain *t;
	struct gbb bb = geom_bb(q, 4);
	size_t i;

	for (i = 0; i < f->nt; i++) {
		t = &f->t[i];
		if (t->what == BK_FEATURE && going_is(t, g) && t->poly.n >= 3 &&
		    geom_bb_meet(&bb, &t->poly.bb, 0) &&
		    geom_quad_hits_poly(q, t->poly.v, t->poly.n))
			return true;
	}
	return false;
}

bool
battle_base_difficult(const struct bfield *f, const struct gpt q[4])
{
	return base_in(f, q, TG_DIFFICULT);
}

bool
battle_rough_at(const struct bfield *f, struct gpt p)
{
	return terrain_at(f, p, BK_FEATURE, TG_ROUGH) >= 0;
}

bool
battle_base_rough(const struct bfield *f, const struct gpt q[4])
{
	return base_in(f, q, TG_ROUGH);
}

/* ---- pairs ---------------------------------------------------------- */

double
battle_front_contact(const struct bfield *f, const struct belem *a,
    const struct belem *b)
{
	struct gquad p = battle_quad(a), q = battle_quad(b);

	return geom_edge_contact(p.v[GC_FL], p.v[GC_FR], q.v[GC_FL],
	    q.v[GC_FR], f->tol, f->angtol);
}

double
battle_front_touch(const struct bfield *f, const struct belem *a,
    const struct belem *b)
{
	struct gquad p = battle_quad(a), q = battle_quad(b);
	double len, best = 0;
	int j;

	for (j = 0; j < 4; j++) {
		len = geom_edge_contact(p.v[GC_FL], p.v[GC_FR], q.v[j],
		    q.v[(j + 1) % 4], f->tol, f->angtol);
		best = fmax(best, len);
	}
	return best;
}

bool
battle_touch(const struct bfield *f, const struct belem *a,
    const struct belem *b, bool corners)
{
	struct gquad p, q;
	int i, j;

	if (!bb_meet(a, b, f->tol))
		return false;
	p = battle_quad(a), q = battle_quad(b);
	if (corners)
		return geom_quad_dist(p.v, q.v) <= f->tol;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			if (geom_edge_contact(p.v[i], p.v[(i + 1) % 4],
			    q.v[j], q.v[(j + 1) % 4], f->tol, f->angtol) > 0)
				return true;
	return false;
}

bool
battle_screened(struct bfield *f, struct gpt a, struct gpt b, int side,
    int ia, int ib)
{
	struct gpt s[2] = { a, b };
	struct gbb bb = geom_bb(s, 2), eb;
	const struct belem *e;
	size_t i, n;

	n = grid_query(f, &bb, &f->scr, &f->scap);
	for (i = 0; i < n; i++) {
		e = &f->e[f->scr[i]];
		if (f->scr[i] == ia || f->scr[i] == ib || e->side != side)
			continue;
		eb = battle_bb(e);
		if (!geom_bb_meet(&eb, &bb, 0))
			continue;
		if (geom_seg_hits_poly(a, b, battle_quad(e).v, 4))
			return true;
	}
	return false;
}

/* Corners, edge midpoints and centre of a quadrilateral. */
static void
samples(const struct gpt q[4], struct gpt s[9])
{
	int i;

	s[8].x = s[8].y = 0;
	for (i = 0; i < 4; i++) {
		s[i] = q[i];
		s[4 + i].x = (q[i].x + q[(i + 1) % 4].x) / 2;
		s[4 + i].y = (q[i].y + q[(i + 1) % 4].y) / 2;
		s[8].x += q[i].x / 4;
		s[8].y += q[i].y / 4;
	}
}

/* Some sight-blocking feature that holds neither end lies across ab. */
static bool
blocked(const struct bfield *f, struct gpt a, struct gpt b)
{
	const struct bterrain *t;
	struct gpt s[2] = { a, b };
	struct gbb bb = geom_bb(s, 2);
	size_t i;

	for (i = 0; i < f->nt; i++) {
		t = &f->t[i];
		if (t->what != BK_FEATURE || !t->blocks || t->poly.n < 3 ||
		    !geom_bb_meet(&bb, &t->poly.bb, 0))
			continue;
		if (geom_in_poly(a, t->poly.v, t->poly.n) ||
		    geom_in_poly(b, t->poly.v, t->poly.n))
			continue;
		if (geom_seg_hits_poly(a, b, t->poly.v, t->poly.n))
			return true;
	}
	return false;
}

double
battle_gdist(const struct bfield *f, const struct belem *g,
    const struct gpt q[4], bool *hidden)
{
	struct gpt sg[9], sq[9];
	struct gquad gq = battle_quad(g);
	double d = geom_quad_dist(gq.v, q);
	int i, j;

	*hidden = false;
	if (!battle_sight_counts(f, d))
		return d;
	samples(gq.v, sg);
	samples(q, sq);
	for (i = 0; i < 9; i++)
		for (j = 0; j < 9; j++)
			if (!blocked(f, sg[i], sq[j]))
				return d;
	*hidden = true;
	return d;
}
