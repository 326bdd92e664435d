/* plan: the moves of a bound ("move ID[,ID...] STEP..."), each applied
 * to the table in order, its path followed in steps of BF_STEP paces,
 * and the flags of move-check's line derived from the path and from the
 * table before and after. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battle/battle.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "dba/movein.h"
#include "rules/troop.h"

#define RAD(d) ((d) * M_PI / 180.0)

static const char *const step_names[] = {
	"fwd", "back", "side", "wheel", "turn", "to", NULL
};

/* ---- reading -------------------------------------------------------- */

/* A length with an optional sign and unit; a bare number in the unit of
 * the table's file (battle_length). */
static int
slength(const struct bfield *f, const char *s, size_t n, int scale,
    double *out)
{
	long p;
	int neg = n > 0 && s[0] == '-';

	if (battle_length(f, s + neg, n - neg, scale, &p) < 0)
		return -1;
	*out = neg ? -(double)p : (double)p;
	return 0;
}

static int
degrees(const char *s, size_t n, double *out)
{
	char buf[64], *end;

	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*out = strtod(buf, &end);
	return *end == '\0' && end != buf && fabs(*out) <= 3600 ? 0 : -1;
}

/* X,Y[,FACING] */
static int
target(const struct bfield *f, const char *s, size_t n, int scale,
    struct bmove *mv, int k)
{
	const char *c1 = memchr(s, ',', n), *c2;

	if (c1 == NULL)
		return -1;
	c2 = memchr(c1 + 1, ',', n - (size_t)(c1 + 1 - s));
	if (slength(f, s, (size_t)(c1 - s), scale, &mv->steps[k].x) < 0)
		return -1;
	if (c2 == NULL)
		return slength(f, c1 + 1, n - (size_t)(c1 + 1 - s), scale,
		    &mv->steps[k].y);
	mv->steps[k].has_f = true;
	if (slength(f, c1 + 1, (size_t)(c2 - c1 - 1), scale,
	    &mv->steps[k].y) < 0)
		return -1;
	return degrees(c2 + 1, n - (size_t)(c2 + 1 - s), &mv->steps[k].f);
}

static void
unknown_id(const struct bfield *f, const char *s, size_t n, long line,
    long col)
{
	const char **cands = xcalloc(f->ne + 1, sizeof *cands);
	const char *sug;
	char hint[128] = "";
	size_t i;

	for (i = 0; i < f->ne; i++)
		cands[i] = f->e[i].id;
	sug = tok_suggest(s, n, cands, f->ne);
	if (sug != NULL)
		snprintf(hint, sizeof hint, " (did you mean '%s'?)", sug);
	DIAG(PLAN_UNKNOWN_ID, line, col, (int)n, s, hint);
	free(cands);
}

/* With further moves in the edition (dba3) a group may move again, for
 * move-check to judge: no member moved before, or all moved last in one
 * group (line moved[i], of gsize[i] members) of just these; 0, else -1
 * reported. */
static int
again(const struct bfield *f, const struct tok *t, long line,
    const struct bmove *mv, const long *moved, const int *gsize)
{
	int first, k, i;

	/* without further moves members() refused any repeat */
	if (f->r->nfurther == 0 || mv->n == 0)
		return 0;
	first = mv->ids[0];
	for (k = 0; k < mv->n; k++) {
		i = mv->ids[k];
		if (moved[i] == moved[first] && (moved[i] == 0 ||
		    gsize[i] == mv->n))
			continue;
		if (moved[i] == 0)
			i = first;
		DIAG(PLAN_TWICE, line, t->col, f->e[i].id, moved[i]);
		return -1;
	}
	return 0;
}

/* The ids of "r1,r2,r3"; -1 reported. */
static int
members(struct bfield *f, const struct tok *t, long line, struct bmove *mv,
    const long *moved)
{
	const char *s = t->s, *end = t->s + t->len, *c;
	int i, rc = 0, k;

	while (s < end) {
		c = memchr(s, ',', (size_t)(end - s));
		if (c == NULL)
			c = end;
		i = battle_find(f, s, (size_t)(c - s));
		if (i < 0) {
			unknown_id(f, s, (size_t)(c - s), line,
			    t->col + (s - t->s));
			rc = -1;
		} else if (mv->n == MOVE_MAXGROUP) {
			DIAG(PLAN_GROUP_SIZE, line, t->col, MOVE_MAXGROUP);
			return -1;
		} else {
			for (k = 0; k < mv->n; k++)
				if (mv->ids[k] == i)
					break;
			if (k < mv->n || (moved[i] > 0 &&
			    f->r->nfurther == 0)) {
				DIAG(PLAN_TWICE, line, t->col + (s - t->s),
				    f->e[i].id, k < mv->n ? line : moved[i]);
				rc = -1;
			} else if (mv->n > 0 && f->e[i].side !=
			    f->e[mv->ids[0]].side) {
				DIAG(PLAN_MIXED, line, t->col + (s - t->s),
				    f->e[i].id, f->side[f->e[mv->ids[0]].side].
				    name, f->e[mv->ids[0]].id);
				rc = -1;
			} else
				mv->ids[mv->n++] = i;
		}
		s = c + 1;
	}
	return rc;
}

static int
parse(struct bfield *f, struct toks *tk, long line, int scale,
    struct bmove *mv, const long *moved, const int *gsize)
{
	const struct tok *t;
	size_t i;
	int k, rc = 0;

	if (!tok_is(&tk->v[0], "move") || tk->n < 2) {
		DIAG(PLAN_SYNTAX, line, tk->v[0].col, tok_str(&tk->v[0]));
		return -1;
	}
	if (members(f, &tk->v[1], line, mv, moved) < 0 ||
	    again(f, &tk->v[1], line, mv, moved, gsize) < 0)
		rc = -1;
	for (i = 2; i < tk->n; i += 2) {
		t = &tk->v[i];
		for (k = 0; step_names[k] != NULL; k++)
			if (tok_is(t, step_names[k]))
				break;
		if (step_names[k] == NULL || t->val != NULL) {
			DIAG(PLAN_STEP, line, t->col, tok_str(t));
			return -1;
		}
		mv->steps[mv->nsteps].kind = k;
		if (i + 1 >= tk->n) {
			DIAG(PLAN_VALUE, line, t->col, "", step_names[k]);
			return -1;
		}
		t = &tk->v[i + 1];
		if (k == ST_TO ? target(f, t->s, t->len, scale, mv,
		    mv->nsteps) < 0 : k == ST_WHEEL || k == ST_TURN ?
		    degrees(t->s, t->len, &mv->steps[mv->nsteps].v) < 0 :
		    slength(f, t->s, t->len, scale,
		    &mv->steps[mv->nsteps].v) < 0 || (k != ST_SIDE && mv->steps[mv->nsteps].v < 0)) {
			DIAG(PLAN_VALUE, line, t->col, tok_str(t),
			    step_names[k]);
			rc = -1;
		}
		mv->nsteps++;
	}
	if (mv->nsteps == 0 && rc == 0) {
		DIAG(PLAN_NO_STEPS, line, tk->v[1].col + (long)tk->v[1].len);
		rc = -1;
	}
	return rc;
}

/* ---- the path ------------------------------------------------------- */

/* A member inside an enemy's zone of control at some pose of the path
 * (the start included): its base centre's depth before the enemy's
 * front edge and its offset along it where it was first inside (d0,
 * l0) and last inside or first out again (d1, l1), the least depth
 * between, whether it left the zone and came back. */
struct zin {
	int enemy, member;
	bool screened, open, back;
	double d0, l0, d1, l1, dmin;
};

struct walk {
	struct bfield *f;
	struct bmove *mv;
	bool difficult, road, river, rough;
	struct zin *in;         /* zones of control met */
	size_t nin, capin;
	/* enemies an edge of a member touched at the start (member, enemy);
	 * for a single element, those touching its front edge */
	struct { int member, enemy; } *touch0;
	size_t ntouch0, captouch0;
	int *front0;
	size_t nfront0, capfront0;
	struct bderived *d0;    /* members at the start */
	struct gpt *c0;         /* their centres */
	int away;               /* an enemy before the group's front */
	int *near;
	size_t cap;
	struct gbox *start;     /* the members' bases at the start */
	struct gpt *path;       /* the poses kept (the plan's scratch) */
	size_t npath, capath;
	/* the path keeps every every-th pose, at most PATH_POSES of them
	 * (halved when full): a long plan is swept, not stored */
	size_t poses, every, seen;
	bool last_kept;         /* the pose sampled last is in the path */
};

/* The most poses of a group kept for its drawn path (bfdraw draws 256). */
#define PATH_POSES 1024

/* e's base centre in b's frame: depth before b's front edge, offset
 * along it. */
static void
frame(const struct belem *e, const struct belem *b, double *depth,
    double *off)
{
	struct gpt v = geom_sub(battle_centre(e), b->box.p);

	*depth = geom_dot(v, geom_fwd(b->box.facing));
	*off = geom_dot(v, geom_right(b->box.facing));
}

/* Member m at this pose against the zone of enemy j: open a record on
 * entering, follow it while inside, close it on leaving. */
static void
zone_step(struct walk *w, int m, int j)
{
	struct bfield *f = w->f;
	const struct belem *e = &f->e[w->mv->ids[m]], *b = &f->e[j];
	struct gpt z[4];
	struct zin *r;
	double dp, off;
	bool inside;
	size_t k;

	battle_zoc(f, b, z);
	inside = geom_quad_overlap(battle_quad(e).v, z, f->tol);
	frame(e, b, &dp, &off);
	for (k = 0; k < w->nin; k++)
		if (w->in[k].enemy == j && w->in[k].member == m)
			break;
	if (k < w->nin) {
		r = &w->in[k];
		if (r->open) {
			r->d1 = dp, r->l1 = off;
			r->dmin = fmin(r->dmin, dp);
			r->open = inside;
		} else if (inside)
			r->back = true;
		return;
	}
	if (!inside)
		return;
	w->in = xgrow(w->in, &w->capin, w->nin + 1, sizeof *w->in);
	r = &w->in[w->nin++];
	memset(r, 0, sizeof *r);
	r->enemy = j;
	r->member = m;
	r->open = true;
	r->d0 = r->d1 = r->dmin = dp;
	r->l0 = r->l1 = off;
	r->screened = battle_screened(f, battle_centre(e), battle_centre(b),
	    e->side, w->mv->ids[m], j);
}

/* Keep the group's pose for the drawn path: every w->every-th one (or
 * the last, when last); the kept poses thinned to every other one when
 * PATH_POSES are kept. */
static void
keep_pose(struct walk *w, bool last)
{
	struct bmove *mv = w->mv;
	size_t n = (size_t)mv->n, k;
	int m;

	if (w->every == 0)
		w->every = 1;
	if (last ? w->last_kept : w->seen++ % w->every != 0) {
		w->last_kept = last && w->last_kept;
		return;
	}
	if (w->poses == PATH_POSES) {
		for (k = 1; k < PATH_POSES / 2; k++)
			memcpy(w->path + k * n, w->path + 2 * k * n,
			    n * sizeof *w->path);
		w->poses = PATH_POSES / 2;
		w->npath = w->poses * n;
		w->every *= 2;
	}
	w->path = xgrow(w->path, &w->capath, w->npath + n, sizeof *w->path);
	for (m = 0; m < mv->n; m++)
		w->path[w->npath++] = w->f->e[mv->ids[m]].box.p;
	w->poses++;
	w->last_kept = true;
}

/* What the path gives at one pose of the group. */
static void
sample(struct walk *w)
{
	struct bfield *f = w->f;
	struct bmove *mv = w->mv;
	const struct belem *e, *b;
	size_t k, n;
	int m;

	for (m = 0; m < mv->n; m++) {
		e = &f->e[mv->ids[m]];
		if (!w->difficult && battle_base_difficult(f, battle_quad(e).v))
			w->difficult = true;
		if (!w->rough && battle_base_rough(f, battle_quad(e).v))
			w->rough = true;
		if (!battle_on_road(f, battle_centre(e))) {
			w->road = false;
			if (battle_in_river(f, battle_centre(e), NULL))
				w->river = true;
		}
		n = grid_query_elem(f, e, &w->near, &w->cap);
		for (k = 0; k < n; k++) {
			b = &f->e[w->near[k]];
			if (b->side != e->side && !b->intersects)
				zone_step(w, m, w->near[k]);
		}
	}
	keep_pose(w, false);
}

/* Move every member: rotate by deg about pivot, then shift by v. */
static void
shift(struct walk *w, struct gpt pivot, double deg, struct gpt v)
{
	struct bfield *f = w->f;
	struct belem *e;
	int m;

	for (m = 0; m < w->mv->n; m++) {
		e = &f->e[w->mv->ids[m]];
		if (deg != 0)
			geom_box_rotate(&e->box, pivot, deg);
		e->box.p = geom_add(e->box.p, v, 1);
		battle_place(f, e);
	}
}

/* The group's front in the leader's frame: the pivots of a wheel. */
static void
front(struct walk *w, struct gpt *left, struct gpt *right)
{
	const struct belem *l = &w->f->e[w->mv->ids[0]], *e;
	struct gpt fw = geom_fwd(l->box.facing), rt = geom_right(l->box.facing);
	double top = -INFINITY, lo = INFINITY, hi = -INFINITY;
	struct gpt o = { 0, 0 };
	int m;

	for (m = 0; m < w->mv->n; m++)
		top = fmax(top, geom_dot(w->f->e[w->mv->ids[m]].box.p, fw));
	for (m = 0; m < w->mv->n; m++) {
		e = &w->f->e[w->mv->ids[m]];
		if (geom_dot(e->box.p, fw) < top - w->f->tol)
			continue;
		lo = fmin(lo, fmin(geom_dot(battle_quad(e).v[GC_FL], rt),
		    geom_dot(battle_quad(e).v[GC_FR], rt)));
		hi = fmax(hi, fmax(geom_dot(battle_quad(e).v[GC_FL], rt),
		    geom_dot(battle_quad(e).v[GC_FR], rt)));
	}
	*left = geom_add(geom_add(o, fw, top), rt, lo);
	*right = geom_add(geom_add(o, fw, top), rt, hi);
}

/* Centre of the group's corners and their largest distance from it. */
static struct gpt
middle(struct walk *w, double *reach)
{
	struct gpt c = { 0, 0 };
	const struct belem *e;
	int m, k;

	for (m = 0; m < w->mv->n; m++) {
		e = &w->f->e[w->mv->ids[m]];
		c = geom_add(c, battle_centre(e), 1.0 / w->mv->n);
	}
	*reach = 0;
	for (m = 0; m < w->mv->n; m++)
		for (k = 0; k < 4; k++)
			*reach = fmax(*reach, geom_dist(c,
			    battle_quad(&w->f->e[w->mv->ids[m]]).v[k]));
	return c;
}

/* Largest straight displacement of a corner from the poses in was. */
static double
displacement(struct walk *w, const struct gbox *was)
{
	struct gpt c[4];
	double d = 0;
	int m, k;

	for (m = 0; m < w->mv->n; m++) {
		geom_corners(&was[m], c);
		for (k = 0; k < 4; k++)
			d = fmax(d, geom_dist(c[k],
			    battle_quad(&w->f->e[w->mv->ids[m]]).v[k]));
	}
	return d;
}

/* One step, sampled; returns its length as battle-scan(1) measures it. */
static double
step(struct walk *w, int s)
{
	struct bmove *mv = w->mv;
	const struct belem *l = &w->f->e[mv->ids[0]];
	struct gbox *was = xcalloc((size_t)mv->n, sizeof *was);
	struct gpt pivot, other, v = { 0, 0 }, zero = { 0, 0 }, to;
	double deg = 0, len, r, dist;
	int k, n, m;

	for (m = 0; m < mv->n; m++)
		was[m] = w->f->e[mv->ids[m]].box;
	pivot = l->box.p;
	switch (mv->steps[s].kind) {
	case ST_FWD:
	case ST_BACK:
		v = geom_fwd(l->box.facing);
		len = mv->steps[s].v * (mv->steps[s].kind == ST_BACK ? -1 : 1);
		v.x *= len, v.y *= len;
		break;
	case ST_SIDE:
		v = geom_right(l->box.facing);
		v.x *= mv->steps[s].v, v.y *= mv->steps[s].v;
		break;
	case ST_WHEEL:
		deg = mv->steps[s].v;
		front(w, &other, &pivot);
		if (deg < 0) {
			to = pivot;
			pivot = other;
			other = to;
		}
		break;
	case ST_TURN:
		deg = mv->steps[s].v;
		pivot = middle(w, &r);
		break;
	case ST_TO:
		to.x = mv->steps[s].x, to.y = mv->steps[s].y;
		if (mv->steps[s].has_f)
			deg = geom_diff_deg(mv->steps[s].f, l->box.facing);
		v = geom_sub(to, l->box.p);
		break;
	}
	/* steps so small that no corner moves more than BF_STEP */
	middle(w, &r);
	dist = hypot(v.x, v.y) + RAD(fabs(deg)) * 2 * r;
	n = (int)ceil(dist / BF_STEP);
	n = n < 1 ? 1 : n > 100000 ? 100000 : n;
	for (k = 0; k < n; k++) {
		/* rotate about the pivot as it stands after the shifts so far
		 * ('to' turns about the leader's front centre) */
		shift(w, pivot, deg / n, zero);
		shift(w, zero, 0, (struct gpt){ v.x / n, v.y / n });
		pivot = geom_add(pivot, v, 1.0 / n);
		sample(w);
	}
	switch (mv->steps[s].kind) {
	case ST_WHEEL:
		len = geom_dist(pivot, other) * RAD(fabs(deg));
		break;
	case ST_TURN:
		len = 0;
		for (m = 0; m < mv->n; m++)
			for (k = 0; k < 4; k++)
				len = fmax(len, geom_dist(pivot,
				    battle_quad(&w->f->e[mv->ids[m]]).v[k]));
		len *= RAD(fabs(deg));
		break;
	default:
		len = displacement(w, was);
	}
	free(was);
	return len;
}

/* ---- the flags ------------------------------------------------------ */

/* One element wide along the leader's facing. */
static bool
column(const struct bfield *f, const struct bmove *mv)
{
	const struct belem *l = &f->e[mv->ids[0]], *e;
	struct gpt rt = geom_right(l->box.facing);
	int m;

	for (m = 1; m < mv->n; m++) {
		e = &f->e[mv->ids[m]];
		if (fabs(geom_diff_deg(e->box.facing, l->box.facing)) >
		    f->angtol || fabs(geom_dot(geom_sub(battle_centre(e),
		    battle_centre(l)), rt)) > f->tol)
			return false;
	}
	return true;
}

/* Ends facing b front to front. */
static bool
faces(const struct bfield *f, const struct belem *e, const struct belem *b)
{
	return fabs(geom_diff_deg(e->box.facing, b->box.facing + 180)) <=
	    f->angtol && geom_dot(geom_sub(battle_centre(b), e->box.p),
	    geom_fwd(e->box.facing)) > 0 && geom_dot(geom_sub(battle_centre(e),
	    b->box.p), geom_fwd(b->box.facing)) > 0;
}

/* An element standing at box (its corners). */
static void
pose(const struct gbox *box, struct belem *t)
{
	memset(t, 0, sizeof *t);
	t->box = *box;
	t->fwd = geom_fwd(t->box.facing);
}

/* Faced b already from the pose it started in. */
static bool
faced(const struct bfield *f, const struct gbox *start,
    const struct belem *b)
{
	struct belem t;

	pose(start, &t);
	return faces(f, &t, b);
}

static void
command(struct bfield *f, struct bmove *mv)
{
	const struct bside *s = &f->side[f->e[mv->ids[0]].side];
	double d = INFINITY, g;
	bool hidden = true, h;
	int m;

	if (s->general < 0 || s->general_lost)
		return;
	for (m = 0; m < mv->n; m++) {
		if (mv->ids[m] == s->general)
			return;
		g = battle_gdist(f, &f->e[s->general],
		    battle_quad(&f->e[mv->ids[m]]).v, &h);
		d = fmin(d, g);
		hidden = hidden && h;
	}
	/* beyond the range of a member's type, as move-check judges a
	 * distance (dba3: LH 20 BW) */
	for (m = 0; m < mv->n; m++) {
		if (battle_is_far(f, f->e[mv->ids[m]].troop, d))
			mv->m->has[MF_FAR] = true;
		if (hidden && battle_is_hidden(f, f->e[mv->ids[m]].troop, d))
			mv->m->has[MF_HIDDEN] = true;
	}
}

/* A member withdrew through the zone: from where it was first inside
 * to where it left it (or ended), its base centre went away from the
 * enemy's front edge by more than the tolerance and by at least as much
 * as it went along it, came no nearer that edge than its own base
 * depth (the play of turning about), and did not come back in. */
static bool
withdrew(const struct bfield *f, const struct walk *w, const struct zin *r)
{
	double away = r->d1 - r->d0;

	return !r->back && away > f->tol && away >= fabs(r->l1 - r->l0) -
	    1e-9 && r->dmin >= r->d0 - w->start[r->member].d - 1e-9;
}

/* Why the move is in enemy j's zone: contact (a member ends touching
 * it), face (a member ends facing it, which it did not at the start),
 * withdraw (every member in the zone withdrew), or other; *screened:
 * every member in it was screened. */
static int
zoc_kind(const struct walk *w, int j, bool *screened)
{
	const struct bfield *f = w->f;
	const struct bmove *mv = w->mv;
	const struct belem *e, *b = &f->e[j];
	bool contact = false, face = false, away = true;
	size_t i;

	*screened = true;
	for (i = 0; i < w->nin; i++) {
		if (w->in[i].enemy != j)
			continue;
		e = &f->e[mv->ids[w->in[i].member]];
		*screened = *screened && w->in[i].screened;
		if (battle_touch(f, e, b, false))
			contact = true;
		else if (faces(f, e, b) && !faced(f,
		    &w->start[w->in[i].member], b))
			face = true;
		if (!withdrew(f, w, &w->in[i]))
			away = false;
	}
	return contact ? ZOC_CONTACT : face ? ZOC_FACE : away ? ZOC_WITHDRAW :
	    ZOC_OTHER;
}

/* The zone of control that decides the flag: one met for no good
 * reason and unscreened first, then a good reason, then a screened
 * one. */
static void
zoc(struct walk *w)
{
	struct bmove *mv = w->mv;
	size_t i, k;
	int best = -1, kind, rank, brank = -1;
	bool scr;

	for (i = 0; i < w->nin; i++) {
		for (k = 0; k < i; k++)
			if (w->in[k].enemy == w->in[i].enemy)
				break;
		if (k < i)
			continue;
		kind = zoc_kind(w, w->in[i].enemy, &scr);
		rank = kind == ZOC_OTHER ? (scr ? 1 : 3) : 2;
		if (rank > brank) {
			brank = rank;
			best = kind;
			mv->m->has[MF_SCREENED] = scr && kind == ZOC_OTHER;
		}
	}
	if (best >= 0) {
		mv->m->has[MF_ZOC] = true;
		mv->m->zoc = best;
	}
}

static void
before(struct walk *w)
{
	struct bfield *f = w->f;
	struct bmove *mv = w->mv;
	const struct bderived *d;
	struct gpt fz[4];
	int m, j;
	size_t i, n;

	for (m = 0; m < mv->n; m++) {
		d = &w->d0[m];
		n = grid_query_elem(f, &f->e[mv->ids[m]], &w->near,
		    &w->cap);
		for (i = 0; i < n; i++) {
			j = w->near[i];
			if (f->e[j].side == f->e[mv->ids[m]].side ||
			    !battle_touch(f, &f->e[mv->ids[m]], &f->e[j], false))
				continue;
			mv->m->has[MF_ENGAGED] = mv->n > 1;
			w->touch0 = xgrow(w->touch0, &w->captouch0,
			    w->ntouch0 + 1, sizeof *w->touch0);
			w->touch0[w->ntouch0].member = m;
			w->touch0[w->ntouch0].enemy = j;
			w->ntouch0++;
			if (mv->n > 1 || battle_front_touch(f,
			    &f->e[mv->ids[m]], &f->e[j]) == 0)
				continue;
			w->front0 = xgrow(w->front0, &w->capfront0,
			    w->nfront0 + 1, sizeof *w->front0);
			w->front0[w->nfront0++] = j;
		}
		if (mv->n == 1 && d->flank[0] + d->flank[1] + d->rear > 0)
			mv->m->has[MF_FLANK_CONTACT] = true;
		if (f->e[mv->ids[m]].general)
			mv->m->has[MF_GENERAL] = true;
		/* an enemy before the group's front */
		if (mv->n == 1)
			continue;
		battle_zoc(f, &f->e[mv->ids[m]], fz);
		for (i = 0; i < n; i++) {
			j = w->near[i];
			if (f->e[j].side != f->e[mv->ids[m]].side &&
			    w->away < 0 && geom_quad_overlap(fz,
			    battle_quad(&f->e[j]).v, f->tol))
				w->away = j;
		}
	}
}

/* Member m touched enemy j by an edge at the start. */
static bool
touched(const struct walk *w, int m, int j)
{
	size_t i;

	for (i = 0; i < w->ntouch0; i++)
		if (w->touch0[i].member == m && w->touch0[i].enemy == j)
			return true;
	return false;
}

/* contact: a member ends with an edge on an edge of an enemy it did
 * not touch at the start (front to front, or front to flank or rear,
 * or the enemy's front on its own flank or rear; Art and WWg may not
 * move into contact: move-check(1), battle-scan(1) CAVEATS). */
static void
contacts(struct walk *w, int m)
{
	struct bfield *f = w->f;
	const struct belem *e = &f->e[w->mv->ids[m]];
	size_t k, n;
	int j;

	n = grid_query_elem(f, e, &w->near, &w->cap);
	for (k = 0; k < n; k++) {
		j = w->near[k];
		if (f->e[j].side != e->side && !f->e[j].intersects &&
		    !touched(w, m, j) && battle_touch(f, e, &f->e[j], false))
			w->mv->m->has[MF_CONTACT] = true;
	}
}

/* breakoff: a single element no longer touching with its front edge an
 * enemy that touched it there at the start (its front on that enemy's
 * front, flank or rear: battle-scan(1) CAVEATS); of several, the fastest in the end
 * going. */
static void
breakoff(struct walk *w)
{
	struct bfield *f = w->f;
	struct bmove *mv = w->mv;
	const struct belem *e = &f->e[mv->ids[0]];
	long rate, best = -1;
	size_t i;
	int t;

	for (i = 0; i < w->nfront0; i++) {
		if (battle_front_touch(f, e, &f->e[w->front0[i]]) > 0)
			continue;
		t = f->e[w->front0[i]].troop;
		rate = move_rate(f->r, t, f->e[w->front0[i]].sub, mv->m->end,
		    false);
		if (rate > best) {
			best = rate;
			mv->m->has[MF_BREAKOFF] = true;
			mv->m->breakoff = t;
			mv->m->breakoff_sub = f->e[w->front0[i]].sub;
		}
	}
}

static void
after(struct walk *w)
{
	struct bfield *f = w->f;
	struct bmove *mv = w->mv;
	const struct belem *e;
	const struct bderived *d0 = &w->d0[0];
	struct bderived d1 = { 0 };
	int m, i, s;
	bool face = false;

	for (m = 0; m < mv->n; m++) {
		e = &f->e[mv->ids[m]];
		battle_dreset(&d1);
		battle_contacts(f, mv->ids[m], &d1, &w->near, &w->cap);
		contacts(w, m);
		if (battle_difficult_at(f, battle_centre(e)))
			mv->m->end = GO_DIFFICULT;
		else if (mv->m->end != GO_DIFFICULT &&
		    battle_rough_at(f, battle_centre(e)))
			mv->m->end = GO_ROUGH;
	}
	if (mv->n == 1)
		breakoff(w);
	/* a single element turning to face an enemy on its flank or rear,
	 * while no enemy touches its front edge (DBA 1.x, German
	 * translation: "solange es nicht auch an seiner Frontseite Kontakt
	 * mit einem Gegner hat") */
	if (mv->n == 1 && d0->nftouch == 0 && mv->m->has[MF_FLANK_CONTACT]) {
		for (s = 0; s < 2; s++)
			if (d0->flank_by[s] >= 0 && d1.front == d0->flank_by[s])
				face = true;
		if (d0->rear_by >= 0 && d1.front == d0->rear_by)
			face = true;
		mv->m->has[MF_FACE] = face;
	}
	battle_dreset(&d1);
	if (w->away >= 0) {
		for (m = 0, i = 0; m < mv->n; m++)
			if (geom_dist(battle_centre(&f->e[mv->ids[m]]),
			    battle_centre(&f->e[w->away])) >
			    geom_dist(w->c0[m], battle_centre(&f->e[w->away])))
				i++;
		mv->m->has[MF_AWAY] = i == mv->n;
	}
}

/* Members each touching another (battle-scan(1); a corner will do); -1
 * reported. */
static int
touching(struct bfield *f, const struct bmove *mv)
{
	int m, k, rc = 0;

	for (m = 0; m < mv->n && mv->n > 1; m++) {
		for (k = 0; k < mv->n; k++)
			if (k != m && battle_touch(f, &f->e[mv->ids[m]],
			    &f->e[mv->ids[k]], true))
				break;
		if (k == mv->n) {
			DIAG(PLAN_APART, mv->line, 0, f->e[mv->ids[m]].id);
			rc = -1;
		}
	}
	return rc;
}

static void
run(struct bplan *p, struct bfield *f, struct bmove *mv)
{
	struct walk w;
	int m, s;

	memset(&w, 0, sizeof w);
	w.f = f;
	w.mv = mv;
	w.road = true;
	w.d0 = xcalloc((size_t)mv->n, sizeof *w.d0);
	w.c0 = xcalloc((size_t)mv->n, sizeof *w.c0);
	w.start = xcalloc((size_t)mv->n, sizeof *w.start);
	w.path = p->scratch;
	w.capath = p->capscratch;
	w.away = -1;
	mv->end = xarena_alloc(&p->mem, (size_t)mv->n * sizeof *mv->end);
	mv->side = f->e[mv->ids[0]].side;
	mv->m->line = mv->line;
	mv->m->end = GO_GOOD;
	for (m = 0; m < mv->n; m++) {
		battle_dreset(&w.d0[m]);
		battle_contacts(f, mv->ids[m], &w.d0[m], &w.near, &w.cap);
		battle_zones(f, mv->ids[m], &w.d0[m], &w.near, &w.cap);
		w.start[m] = f->e[mv->ids[m]].box;
		w.c0[m] = battle_centre(&f->e[mv->ids[m]]);
		mv->m->troop[m] = f->e[mv->ids[m]].troop;
		mv->m->sub[m] = f->e[mv->ids[m]].sub;
	}
	mv->m->ntroops = mv->n;
	command(f, mv);
	before(&w);
	for (m = 0; m < mv->n; m++)
		grid_remove(f, mv->ids[m]);
	sample(&w);
	for (s = 0; s < mv->nsteps; s++) {
		mv->dist += step(&w, s);
		if (mv->n > 1 && (mv->steps[s].kind == ST_TURN ||
		    (mv->steps[s].kind == ST_TO && mv->steps[s].has_f &&
		    fabs(geom_diff_deg(mv->steps[s].f,
		    w.start[0].facing)) > f->angtol)))
			mv->m->has[MF_TURN] = true;
	}
	keep_pose(&w, true);
	for (m = 0; m < mv->n; m++) {
		grid_insert(f, mv->ids[m]);
		mv->end[m] = f->e[mv->ids[m]].box;
	}
	mv->npath = w.npath;
	if (w.npath * sizeof *mv->path <= XARENA_BLOCK / 4) {
		mv->path = xarena_alloc(&p->mem, w.npath * sizeof *mv->path);
		memcpy(mv->path, w.path, w.npath * sizeof *mv->path);
		p->scratch = w.path;
		p->capscratch = w.capath;
	} else {                /* a long path kept as it is, not copied */
		mv->path = xarena_adopt(&p->mem, w.path);
		p->scratch = NULL;
		p->capscratch = 0;
	}
	mv->m->dist = lround(mv->dist);
	mv->m->has[MF_DIFFICULT] = w.difficult;
	mv->m->has[MF_ROUGH] = w.rough && !w.difficult;
	mv->m->has[MF_ROAD] = w.road;
	mv->m->has[MF_RIVER] = w.river;
	mv->m->has[MF_COLUMN] = mv->n > 1 && column(f, mv);
	after(&w);
	mv->m->has[MF_END] = mv->m->end != move_going(mv->m);
	zoc(&w);
	for (m = 0; m < mv->n; m++)
		battle_dreset(&w.d0[m]);
	free(w.d0);
	free(w.in);
	free(w.touch0);
	free(w.front0);
	free(w.near);
	free(w.c0);
	free(w.start);
}

/* A line "first": the side's first bound (true: the line is done). */
static bool
first_line(const struct toks *tk, struct bplan *p)
{
	const struct tok *t = &tk->v[0];

	if (tk->n != 1 || t->quoted || t->val != NULL || !tok_is(t, "first"))
		return false;
	p->first = true;
	return true;
}

/* The group's ids and the steps, read into the scratch lists, in lists
 * as long as they are (p's blocks). */
static void
exact(struct bplan *p, struct bmove *mv)
{
	void *v;

	v = xarena_alloc(&p->mem, (size_t)(mv->n > 0 ? mv->n : 1) *
	    sizeof *mv->ids);
	memcpy(v, mv->ids, (size_t)mv->n * sizeof *mv->ids);
	mv->ids = v;
	v = xarena_alloc(&p->mem, (size_t)(mv->nsteps > 0 ? mv->nsteps : 1) *
	    sizeof *mv->steps);
	memcpy(v, mv->steps, (size_t)mv->nsteps * sizeof *mv->steps);
	mv->steps = v;
}

/* Keep what the move line says of the move run; the move-check line
 * itself is not kept (it is most of a move's memory). */
static void
said(struct bmove *mv)
{
	const struct move *m = mv->m;

	mv->said.dist = m->dist;
	mv->said.breakoff = m->breakoff;
	mv->said.breakoff_sub = m->breakoff_sub;
	mv->said.end = m->end;
	mv->said.zoc = m->zoc;
	memcpy(mv->said.has, m->has, sizeof mv->said.has);
	mv->m = NULL;
}

/* An element's base before its first move: the plan's outputs show the
 * table as it stood. */
struct was {
	int e;
	struct gbox box;
};

static void
keep_start(const struct bfield *f, int e, struct was **was, size_t *n,
    size_t *cap)
{
	*was = xgrow(*was, cap, *n + 1, sizeof **was);
	(*was)[*n].e = e;
	(*was)[(*n)++].box = f->e[e].box;
}

int
battle_plan_read(struct bfield *f, struct input *in, int scale,
    struct bplan *p)
{
	struct toks tk = {0};
	struct bmove mv;
	struct move mm;
	int ids[MOVE_MAXGROUP];
	void *steps = NULL;
	size_t capsteps = 0;
	const char *line;
	long *moved = xcalloc(f->ne + 1, sizeof *moved);
	struct was *was = NULL;
	size_t nwas = 0, capwas = 0;
	int *gsize = xcalloc(f->ne + 1, sizeof *gsize);
	size_t len, i;
	int m, rc;

	p->file = in->name;
	/* fills the buffer: input_getline does pointer arithmetic on it
	 * (NULL before the first read) */
	(void)input_first_byte(in);
	while (input_getline(in, &line, &len)) {
		if (!utf8_valid(line, len) || memchr(line, '\0', len)) {
			DIAG(PLAN_UTF8, in->line, 0);
			continue;
		}
		if (tok_split(&tk, line, len, in->line) < 0 || tk.n == 0 ||
		    first_line(&tk, p))
			continue;
		if (p->n == BF_MAX_MOVES) {
			/* each line holds its group and poses: the rest is
			 * not read, so that memory stays bounded */
			DIAG(PLAN_TOO_LONG, in->line, 0, BF_MAX_MOVES);
			break;
		}
		memset(&mv, 0, sizeof mv);
		memset(&mm, 0, sizeof mm);
		mv.m = &mm;
		mv.line = in->line;
		/* the group and a step per word, in the scratch lists */
		memset(ids, 0, sizeof ids);
		steps = xgrow(steps, &capsteps, tk.n, sizeof *mv.steps);
		memset(steps, 0, tk.n * sizeof *mv.steps);
		mv.ids = ids;
		mv.steps = steps;
		rc = parse(f, &tk, in->line, scale, &mv, moved, gsize);
		exact(p, &mv);
		if (rc == 0 && touching(f, &mv) < 0)
			rc = -1;
		if (rc == 0) {
			for (m = 0; m < mv.n; m++) {
				if (moved[mv.ids[m]] == 0)
					keep_start(f, mv.ids[m], &was, &nwas,
					    &capwas);
				moved[mv.ids[m]] = mv.line;
				gsize[mv.ids[m]] = mv.n;
			}
			run(p, f, &mv);
		} else
			mv.error = true;
		said(&mv);
		p->mv = xgrow(p->mv, &p->cap, p->n + 1, sizeof *p->mv);
		p->mv[p->n++] = mv;
	}
	tok_free(&tk);
	free(steps);
	free(moved);
	free(gsize);
	free(p->scratch);
	p->scratch = NULL;
	p->capscratch = 0;
	/* the table as it stood: the outputs show the bases there */
	for (i = 0; i < nwas; i++) {
		f->e[was[i].e].box = was[i].box;
		battle_place(f, &f->e[was[i].e]);
	}
	free(was);
	grid_build(f);
	return diag_file_errors() > 0 ? -1 : 0;
}

void
battle_plan_free(struct bplan *p)
{
	xarena_free(&p->mem);
	free(p->scratch);
	free(p->mv);
	memset(p, 0, sizeof *p);
}

void
battle_move_line(const struct bfield *f, const struct bmove *mv,
    struct sbuf *b)
{
	char dist[64];
	int i, k;

	sbuf_printf(b, "# line %ld: ", mv->line);
	for (i = 0; i < mv->n; i++)
		sbuf_printf(b, "%s%s", i > 0 ? "," : "", f->e[mv->ids[i]].id);
	for (i = 0; i < mv->nsteps; i++) {
		sbuf_printf(b, " %s ", step_names[mv->steps[i].kind]);
		if (mv->steps[i].kind == ST_TO) {
			battle_len(b, f, mv->steps[i].x);
			sbuf_addc(b, ',');
			battle_len(b, f, mv->steps[i].y);
			if (mv->steps[i].has_f) {
				sbuf_addc(b, ',');
				battle_num(b, mv->steps[i].f);
			}
		} else if (mv->steps[i].kind == ST_WHEEL ||
		    mv->steps[i].kind == ST_TURN)
			battle_num(b, mv->steps[i].v);      /* degrees */
		else
			battle_len(b, f, mv->steps[i].v);
	}
	sbuf_adds(b, ": ");
	battle_len(b, f, mv->dist);
	sbuf_adds(b, f->r->unit == UNIT_BW ? " base widths\nmove " :
	    " paces\nmove ");
	for (i = 0; i < mv->n; i++)
		sbuf_printf(b, "%s%s", i > 0 ? "," : "",
		    battle_troop(f, mv->ids[i]));
	/* the distance in the edition's unit, as move-check reads it */
	sbuf_printf(b, " %s id=", rules_len_fmt(f->r, (double)mv->said.dist, dist,
	    sizeof dist));
	for (i = 0; i < mv->n; i++)
		sbuf_printf(b, "%s%s", i > 0 ? "+" : "", f->e[mv->ids[i]].id);
	for (k = 0; k < MF_N; k++) {
		if (k == MF_ID || !mv->said.has[k])
			continue;
		sbuf_printf(b, " %s", mflag_name(k));
		if (k == MF_BREAKOFF) {
			const struct rules_subtype *st = rules_subtype_own(f->r,
			    mv->said.breakoff_sub);

			sbuf_printf(b, "=%s", st != NULL ? st->spelling :
			    troop_at((size_t)mv->said.breakoff)->code);
		} else if (k == MF_END)
			sbuf_printf(b, "=%s", going_name(mv->said.end));
		else if (k == MF_ZOC)
			sbuf_printf(b, "=%s", zoc_name(mv->said.zoc));
	}
	sbuf_addc(b, '\n');
}
