/* derive: the words of battle-scan(1) from the positions of the bases:
 * going, hill level, river bank and ford, camp, front, flank and
 * rear contacts, overlaps, rear and Psiloi support, zones of control and
 * screening, distance and sight to the general; then the combats. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battle/battle.h"
#include "core/xalloc.h"
#include "rules/troop.h"

static int
troop_is(int troop, const char *code)
{
	const struct troop *t = troop_at((size_t)troop);

	return t != NULL && strcmp(t->code, code) == 0;
}

void
battle_dreset(struct bderived *d)
{
	free(d->zoc);          /* and the screened flags, in its block */
	free(d->att);
	memset(d, 0, sizeof *d);
	d->river = -1;
	d->front = d->support = d->ftouch = d->side_by = -1;
	d->flank_by[0] = d->flank_by[1] = d->rear_by = -1;
	d->overlap[0] = d->overlap[1] = -1;
	d->gdist = -1;
}

static void
terrain_words(struct bfield *f, int i)
{
	struct belem *e = &f->e[i];
	struct bderived *d = &e->d;
	const struct bterrain *t;
	struct gpt c = battle_centre(e);
	size_t k;

	d->difficult = battle_difficult_at(f, c);
	d->rough = !d->difficult && battle_rough_at(f, c);
	d->level = battle_level(f, c);
	d->in_river = battle_in_river(f, c, &d->river);
	d->on_road = battle_on_road(f, c);
	d->ford = d->in_river && d->on_road;
	for (k = 0; k < f->nt; k++) {
		t = &f->t[k];
		if (t->what == BK_CAMP && t->side == e->side &&
		    t->poly.n >= 3 && geom_in_poly(c, t->poly.v, t->poly.n))
			d->camp = true;
	}
}

/* The enemy b's front edge on one of a's edges: flank or rear. */
static void
edge_attack(struct bfield *f, const struct belem *a, int ib,
    struct bderived *d)
{
	const struct belem *b = &f->e[ib];
	static const int edges[3] = { GE_LEFT, GE_RIGHT, GE_REAR };
	struct gquad p = battle_quad(a), q = battle_quad(b);
	size_t cap;
	int k, e;

	for (k = 0; k < 3; k++) {
		e = edges[k];
		if (geom_edge_contact(p.v[e], p.v[(e + 1) % 4], q.v[GC_FL],
		    q.v[GC_FR], f->tol, f->angtol) == 0)
			continue;
		if (e == GE_REAR) {
			d->rear++;
			d->rear_by = ib;
		} else {
			d->flank[e == GE_RIGHT]++;
			d->flank_by[e == GE_RIGHT] = ib;
		}
		cap = d->capatt;
		d->att = xgrow(d->att, &cap, d->natt + 1, sizeof *d->att);
		d->capatt = (unsigned)cap;
		d->att[d->natt].who = ib;
		d->att[d->natt].edge = e;
		d->natt++;
	}
}

/* A friend b directly behind a: front edge on a's rear edge, facing the
 * same way, the corners on a's rear corners. */
static void
behind(struct bfield *f, const struct belem *a, int ib, struct bderived *d)
{
	const struct belem *b = &f->e[ib];
	const struct rules_troop *rt = &f->r->t[a->troop];
	struct gquad p = battle_quad(a), q = battle_quad(b);

	if (d->support >= 0 ||
	    fabs(geom_diff_deg(a->box.facing, b->box.facing)) > f->angtol ||
	    geom_dist(q.v[GC_FL], p.v[GC_RL]) > f->tol ||
	    geom_dist(q.v[GC_FR], p.v[GC_RR]) > f->tol)
		return;
	if (b->troop == a->troop && rt->has_rear) {
		d->support = ib;
		d->support_lost = b->d.difficult;
	} else if (troop_is(b->troop, "Ps") && rt->has_psiloi) {
		d->support = ib;
		d->psiloi = true;
	}
}

/* A friend b beside a that gives it side support (an edition with side
 * rows, dba3): facing the same way, its front corner on a's, of a troop
 * the row names; lost when b is not in good going. */
static void
beside(struct bfield *f, const struct belem *a, int ib, struct bderived *d)
{
	const struct belem *b = &f->e[ib];
	const struct rules_troop *rt = &f->r->t[a->troop];
	struct gquad p, q;

	if (!rt->has_side || d->side_by >= 0 ||
	    (rt->side_from & ((uint64_t)1 << b->troop)) == 0 ||
	    fabs(geom_diff_deg(a->box.facing, b->box.facing)) > f->angtol)
		return;
	/* solid Bw only, and from solid Bd only (dba3) */
	if ((rt->side_foot != FOOT_NONE && rules_foot(f->r, a->troop,
	    a->sub) != rt->side_foot) || (rt->side_from_foot != FOOT_NONE &&
	    rules_foot(f->r, b->troop, b->sub) != rt->side_from_foot))
		return;
	p = battle_quad(a), q = battle_quad(b);
	if (geom_dist(q.v[GC_FL], p.v[GC_FR]) > f->tol &&
	    geom_dist(q.v[GC_FR], p.v[GC_FL]) > f->tol)
		return;
	d->side_by = ib;
	d->side_lost = b->d.difficult || b->d.rough;
}

void
battle_contacts(struct bfield *f, int i, struct bderived *d, int **near,
    size_t *cap)
{
	const struct belem *a = &f->e[i], *b;
	struct gbb bb = battle_bb(a), b_bb;
	double len, best = 0, tbest = 0;
	size_t k, n;
	int j;

	n = grid_query(f, &bb, near, cap);
	for (k = 0; k < n; k++) {
		j = (*near)[k];
		b = &f->e[j];
		if (j == i)
			continue;
		b_bb = battle_bb(b);
		if (!geom_bb_meet(&bb, &b_bb, f->tol))
			continue;
		if (b->side == a->side) {
			behind(f, a, j, d);
			beside(f, a, j, d);
			continue;
		}
		if ((len = battle_front_contact(f, a, b)) > 0) {
			d->nfront++;
			if (len > best + 1e-9) {
				best = len;
				d->front = j;
			}
		}
		if ((len = battle_front_touch(f, a, b)) > 0) {
			d->nftouch++;
			if (len > tbest + 1e-9) {
				tbest = len;
				d->ftouch = j;
			}
		}
		edge_attack(f, a, j, d);
	}
}

/* An enemy whose front edge touches no element (DBA 1.x, German
 * translation: an element in contact to its front overlaps only when
 * that enemy recoiled, fled or was destroyed, which a position does not
 * show) has its left
 * (right) front corner on a's left (right) front corner; not on a side
 * with a flank contact; a camp is overlapped only by Bows, and not at
 * all in an edition whose assault rules forbid it (dba3). */
static void
overlaps(struct bfield *f, int i, int **near, size_t *cap)
{
	struct belem *a = &f->e[i];
	const struct belem *b;
	size_t k, n;
	int j, s;

	if (a->d.nfront == 0)
		return;
	n = grid_query_elem(f, a, near, cap);
	for (k = 0; k < n; k++) {
		j = (*near)[k];
		b = &f->e[j];
		if (b->side == a->side || b->d.nftouch > 0)
			continue;
		if (a->d.camp && (f->r->assault_no_overlap ||
		    !troop_is(b->troop, "Bw")))
			continue;
		for (s = 0; s < 2; s++)
			if (a->d.flank[s] == 0 && a->d.overlap[s] < 0 &&
			    geom_dist(battle_quad(a).v[s],
			    battle_quad(b).v[s]) <= f->tol)
				a->d.overlap[s] = j;
	}
}

void
battle_zones(struct bfield *f, int i, struct bderived *d, int **near,
    size_t *cap)
{
	const struct belem *a = &f->e[i], *b;
	struct gpt z[4];
	size_t k, n, nz = 0;
	bool *scr;
	int j;

	n = grid_query_elem(f, a, near, cap);
	/* the enemies whose zone it stands in, kept at the front of near */
	for (k = 0; k < n; k++) {
		j = (*near)[k];
		b = &f->e[j];
		if (b->side == a->side)
			continue;
		battle_zoc(f, b, z);
		if (geom_quad_overlap(battle_quad(a).v, z, f->tol))
			(*near)[nz++] = j;
	}
	free(d->zoc);
	d->zoc = NULL;
	d->nzoc = (unsigned)nz;
	if (nz == 0)
		return;
	/* one block, as long as the list: the indices, then the flags */
	d->zoc = xmalloc(nz * (sizeof *d->zoc + sizeof(bool)));
	scr = battle_zoc_screened(d);
	for (k = 0; k < nz; k++) {
		j = d->zoc[k] = (*near)[k];
		scr[k] = battle_screened(f, battle_centre(a),
		    battle_centre(&f->e[j]), a->side, i, j);
	}
}

bool *
battle_zoc_screened(const struct bderived *d)
{
	return (bool *)(d->zoc + d->nzoc);
}

void
battle_derive(struct bfield *f)
{
	const struct bside *s;
	struct belem *e;
	int *near = NULL;
	size_t cap = 0, i;

	if (f->grid.cells == NULL)
		grid_build(f);
	for (i = 0; i < f->ne; i++) {
		battle_dreset(&f->e[i].d);
		terrain_words(f, (int)i);
	}
	for (i = 0; i < f->ne; i++)
		if (!f->e[i].intersects)
			battle_contacts(f, (int)i, &f->e[i].d, &near, &cap);
	for (i = 0; i < f->ne; i++) {
		if (f->e[i].intersects)
			continue;
		overlaps(f, (int)i, &near, &cap);
		battle_zones(f, (int)i, &f->e[i].d, &near, &cap);
		e = &f->e[i];
		s = &f->side[e->side];
		if (s->general >= 0)
			e->d.gdist = battle_gdist(f, &f->e[s->general],
			    battle_quad(e).v, &e->d.hidden);
	}
	free(near);
}

/* ---- combats -------------------------------------------------------- */

static const struct bfield *sort_field;

static int
cmp_combat(const void *x, const void *y)
{
	const struct bcombat *a = x, *b = y;
	const struct belem *e = sort_field->e;
	int c = battle_cmp_id(e[a->a].id, e[b->a].id);

	return c != 0 ? c : battle_cmp_id(e[a->b].id, e[b->b].id);
}

size_t
battle_combats(const struct bfield *f, struct bcombat **out)
{
	struct bcombat *v = NULL, c;
	size_t n = 0, cap = 0, i;
	const struct belem *a, *b;
	int j;

	for (i = 0; i < f->ne; i++) {
		if ((j = f->e[i].d.front) < 0)
			continue;
		/* a pair met twice: the two in front contact with each
		 * other, met first at the lower (each element has one
		 * front: no other pair is the same; a scan of the pairs so
		 * far made the whole quadratic) */
		if (j < (int)i && f->e[j].d.front == (int)i)
			continue;
		c.a = (int)i < j ? (int)i : j;
		c.b = (int)i < j ? j : (int)i;
		/* first the one in front contact with the most enemies,
		 * then by id */
		a = &f->e[c.a];
		b = &f->e[c.b];
		if (b->d.nfront > a->d.nfront || (b->d.nfront ==
		    a->d.nfront && battle_cmp_id(b->id, a->id) < 0)) {
			j = c.a;
			c.a = c.b;
			c.b = j;
		}
		v = xgrow(v, &cap, n + 1, sizeof *v);
		v[n++] = c;
	}
	sort_field = f;
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_combat);
	*out = v;
	return n;
}

static void
side_flags(const struct bfield *f, int ia, int ib, struct sbuf *b)
{
	const struct belem *a = &f->e[ia], *o = &f->e[ib];
	const struct bderived *d = &a->d;
	int n;

	sbuf_adds(b, battle_troop(f, ia));
	if (a->general)
		sbuf_adds(b, " general");
	if (d->level > o->d.level)
		sbuf_adds(b, " uphill");
	if (!d->in_river && o->d.in_river) {
		sbuf_adds(b, " riverbank");
		if (o->d.ford)
			sbuf_adds(b, " ford");
		if (o->d.river >= 0 && f->t[o->d.river].roll > 0)
			sbuf_printf(b, " river-roll=%d",
			    f->t[o->d.river].roll);
	}
	if (d->camp)
		sbuf_adds(b, " camp");
	/* dba3: the enemies assaulting the camp, at most 3 */
	if (d->camp && f->r->assault != 0 && d->nfront > 1)
		sbuf_printf(b, " attackers=%d", d->nfront > 3 ? 3 : d->nfront);
	if (o->d.camp)
		sbuf_adds(b, " attacks-camp");
	if (d->difficult)
		sbuf_adds(b, " difficult");
	if (d->rough)
		sbuf_adds(b, " rough");
	n = (d->overlap[0] >= 0) + (d->overlap[1] >= 0);
	if (n > 0)
		sbuf_printf(b, n == 1 ? " overlap" : " overlap=%d", n);
	/* a camp has no flanks */
	n = d->flank[0] + d->flank[1];
	if (n > 0 && !d->camp)
		sbuf_printf(b, n == 1 ? " flank" : " flank=%d", n);
	if (d->rear > 0 && !d->camp)
		sbuf_printf(b, d->rear == 1 ? " rear" : " rear=%d", d->rear);
	if (d->support >= 0 && !d->psiloi && !d->support_lost)
		sbuf_adds(b, " support");
	if (d->support >= 0 && d->psiloi)
		sbuf_adds(b, " psiloi");
	if (d->side_by >= 0 && !d->side_lost)
		sbuf_adds(b, " side");
}

void
battle_num(struct sbuf *b, double v)
{
	char buf[64];
	size_t n;
	double r = round(v * 10);
	unsigned long long u;

	/* what %.1f writes of round(v * 10) / 10, without snprintf (it
	 * was most of the time of -T svg): the tenths as an integer */
	if (isfinite(r) && fabs(r) < 1e15) {
		u = (unsigned long long)fabs(r);
		n = 0;
		if (r < 0 && u > 0)
			buf[n++] = '-';
		n += str_putl(buf + n, (long)(u / 10));
		if (u % 10 != 0) {
			buf[n++] = '.';
			buf[n++] = (char)('0' + u % 10);
		}
		buf[n] = '\0';
		sbuf_adds(b, buf);
		return;
	}
	v = r / 10 + 0.0;
	snprintf(buf, sizeof buf, "%.1f", v);
	n = strlen(buf);
	if (n > 2 && strcmp(buf + n - 2, ".0") == 0)
		buf[n - 2] = '\0';
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
	sbuf_adds(b, buf);
}

void
battle_len(struct sbuf *b, const struct bfield *f, double paces)
{
	char buf[64];

	if (f->r->unit == UNIT_P) {
		battle_num(b, paces);
		return;
	}
	rules_len_fmt(f->r, paces, buf, sizeof buf);
	sbuf_adds(b, strcmp(buf, "-0") == 0 ? "0" : buf);
}

const char *
battle_unit(const struct bfield *f)
{
	return rules_unit_name(f->r);
}

static void
where(const struct bfield *f, const struct belem *e, struct sbuf *b)
{
	sbuf_printf(b, "%s at ", e->id);
	battle_len(b, f, e->box.p.x);
	sbuf_addc(b, ',');
	battle_len(b, f, e->box.p.y);
	sbuf_adds(b, " facing ");
	battle_num(b, e->box.facing);
}

/* Why a word the geometry shows is not on the line. */
static void
notes(const struct bfield *f, const struct belem *a, struct sbuf *b)
{
	const struct bderived *d = &a->d;

	if (d->support >= 0 && d->support_lost)
		sbuf_printf(b, "; %s behind %s stands in difficult going: "
		    "no support", f->e[d->support].id, a->id);
	if (d->side_by >= 0 && d->side_lost)
		sbuf_printf(b, "; %s beside %s is not in good going: "
		    "no side support", f->e[d->side_by].id, a->id);
	if (d->camp && d->flank[0] + d->flank[1] + d->rear > 0)
		sbuf_printf(b, "; %s defends its camp, which has no flanks",
		    a->id);
}

void
battle_combat_line(const struct bfield *f, const struct bcombat *c,
    struct sbuf *b)
{
	sbuf_adds(b, "# ");
	where(f, &f->e[c->a], b);
	sbuf_adds(b, " vs ");
	where(f, &f->e[c->b], b);
	notes(f, &f->e[c->a], b);
	notes(f, &f->e[c->b], b);
	sbuf_addc(b, '\n');
	side_flags(f, c->a, c->b, b);
	sbuf_adds(b, " vs ");
	side_flags(f, c->b, c->a, b);
	sbuf_addc(b, '\n');
}
