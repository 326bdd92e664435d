/* battle: a DBA table as it stands (the battlefield file), the words
 * the rules define by the positions of the bases (contacts, overlaps,
 * support, going, zones of control, command distance), and the plan of a
 * bound with the flags of each move. */
#ifndef BELLIS_BATTLE_H
#define BELLIS_BATTLE_H

#include <stdbool.h>
#include <stddef.h>

#include "battle/geom.h"
#include "core/input.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "dba/move.h"
#include "rules/rules.h"

#define BF_MAXSIDES 2
/* The most pieces one table holds (battle-scan(1)): the rest is
 * reported once and ignored, so that memory stays bounded however long
 * the file or the plan. */
#define BF_MAX_ELEMENTS 10000
#define BF_MAX_TERRAIN 10000    /* features, rivers, roads, camps */
#define BF_MAX_POINTS 100000    /* of all the terrain */
#define BF_MAX_MOVES 10000      /* lines of a plan */
#define BF_STEP 10.0            /* paths are followed in steps of this */

struct bpoly {
	struct gpt *v;
	size_t n, cap;
	struct gbb bb;
};

enum bkind { BK_FEATURE, BK_RIVER, BK_ROAD, BK_CAMP };

/* A terrain feature (polygon), a river or road (polyline with a width),
 * or a camp (polygon of one side). */
struct bterrain {
	enum bkind what;
	char *id;               /* may be NULL */
	char *kind;             /* wood, hill, ... (features) */
	bool difficult, blocks;
	bool rough;             /* rough going (dba3): not difficult */
	int height;             /* hill level */
	double width;           /* rivers and roads */
	int roll;               /* river-state roll, 0 when not given */
	int side;               /* camps */
	long line;
	struct bpoly poly;
};

struct bside {
	char *name;
	int pips;               /* 0 when not given */
	bool general_lost;
	int general;            /* element index, -1 none */
	long line;
};

/* What the geometry says of one element (battle_derive).  The fields
 * are in order of size, so that ten thousand of them take no padding. */
struct bderived {
	/* every enemy whose front edge is on a flank or the rear, in the
	 * order found: its index and the edge (GE_LEFT, GE_RIGHT, GE_REAR) */
	struct { int who, edge; } *att;
	int *zoc;               /* enemies in whose zone it stands, nzoc,
				 * then whether each is screened (bools:
				 * battle_zoc_screened) */
	double gdist;           /* to its general's base; <0: none */
	unsigned natt, capatt;  /* at most BF_MAX_ELEMENTS */
	unsigned nzoc;
	int level;              /* hill level of the base centre */
	int river;              /* terrain index of the river it stands in */
	int front;              /* the enemy it fights (front contact) */
	int nfront;             /* enemies in front contact */
	int flank[2], rear;     /* enemies on the left/right edge, rear */
	int flank_by[2], rear_by;   /* one of each, for the picture */
	int ftouch;             /* an enemy any edge of which touches this
	                         * element's front edge (the longest), -1 */
	int nftouch;            /* enemies touching its front edge */
	int overlap[2];         /* the overlapping enemy left/right, -1 */
	int support;            /* element directly behind, -1 */
	int side_by;            /* a friend beside it giving side support
				 * (dba3: Sp beside Sp or Bd), -1 */
	bool difficult, camp, in_river, on_road, ford;
	bool rough;             /* in rough going, not difficult (dba3) */
	bool psiloi;            /* the support gives Psiloi support */
	bool support_lost;      /* ... but it stands in difficult going */
	bool side_lost;         /* side_by stands in rough or bad going */
	bool hidden;            /* out of its general's sight */
};

struct belem {
	char *id;               /* in the field's arena (ids) */
	long line;
	struct gbox box;
	struct gpt fwd;         /* geom_fwd(box.facing): the corners, the
				 * centre and the bounding box are worked
				 * out from it and box when asked
				 * (battle_quad, battle_centre, battle_bb) */
	int troop;              /* troop id */
	int sub;                /* its sub-type + 1 (dba3 3Bd, 6Kn), 0 */
	int side;
	bool general;
	bool intersects;        /* lies on another (reported): left out of
	                         * the grid, no contacts or zones derived */
	struct bderived d;
};

/* A uniform grid of cells holding the elements whose base or zone of
 * control meets them, so that neighbours are found in constant time. */
struct bcell {
	int *v;
	unsigned n, cap;        /* at most BF_MAX_ELEMENTS */
};

struct bgrid {
	double cell, x0, y0;
	long nx, ny;
	struct bcell *cells;
	struct { int c[4]; } *at;       /* cells of each element */
	unsigned *stamp;        /* per element, for deduplicated queries */
	unsigned tick;
};

struct bfield {
	const char *file;
	bool root;              /* its <battlefield> element was read */
	char *rules;
	int scale;              /* enum scale: the base width of r */
	double width, height;
	int bound;
	double tol, angtol;
	struct bterrain *t;
	size_t nt, capt;
	struct bside side[BF_MAXSIDES];
	int nsides;
	struct belem *e;
	size_t ne, cape;
	struct xarena ids;      /* the elements' ids */
	/* the index of the ids (battle_index_ids): open addressing, each
	 * slot 0 or the first element of an id + 1 */
	int *idx;
	size_t capidx;          /* a power of two, at least 2 * ne */
	struct bgrid grid;
	int *scr;               /* scratch for battle_screened */
	size_t scap;
	const struct rules *r;
	struct rules_labels *labels;    /* r by the rules= label, or NULL */
	struct rules_labels *editions;  /* the label's edition, for its unit
					 * (also when r is not followed) */
	int unit;               /* enum unit of the file's bare
				 * numbers: its unit=, else its label's
				 * edition's, else r's */
};

/* One front contact to fight out. */
struct bcombat {
	int a, b;               /* a is written first */
};

/* A planned move and what its path gives. */
enum bstep { ST_FWD, ST_BACK, ST_SIDE, ST_WHEEL, ST_TURN, ST_TO };

struct bmove {
	long line;
	int *ids;               /* element indices, the leader first */
	int n;
	int nsteps;
	struct { int kind; double v, x, y, f; bool has_f; } *steps;
	double dist;            /* paces */
	struct move *m;         /* the move-check line, while it runs */
	/* what of it the move line says (battle_move_line), kept after */
	struct {
		long dist;      /* paces */
		int breakoff, breakoff_sub, end, zoc;
		bool has[MF_N];
	} said;
	struct gbox *end;       /* per member, where it ends */
	struct gpt *path;       /* each member's front-edge centre, sampled
				 * (npath / n poses of the group) */
	size_t npath;
	int side;
	bool error;             /* the line was reported */
};

/* The moves of a plan.  A move's lists (ids, steps, end, path) are
 * exactly as long as they are, in the plan's arena (freed with it). */
struct bplan {
	const char *file;
	struct bmove *mv;
	size_t n, cap;
	struct xarena mem;      /* the moves' lists */
	struct gpt *scratch;    /* the path of the move being run */
	size_t capscratch;
	bool first;             /* the side's first bound (a line "first") */
};

/* Read a battlefield file; the field is filled with what could be read.
 * scale is the enum scale of dba/movein.h for lengths with units. */
int battle_read(struct bfield *f, struct input *in, const struct rules *r,
    int scale);
void battle_free(struct bfield *f);
/* Every derived word of every element. */
void battle_derive(struct bfield *f);
/* The combats: one per front contact, in output order. */
size_t battle_combats(const struct bfield *f, struct bcombat **out);
/* The combat-calc line of c into buf. */
void battle_combat_line(const struct bfield *f, const struct bcombat *c,
    struct sbuf *buf);

/* Read a plan; moves are applied to the field in order. */
int battle_plan_read(struct bfield *f, struct input *in, int scale,
    struct bplan *p);
void battle_plan_free(struct bplan *p);
/* The move-check line of a move into buf. */
void battle_move_line(const struct bfield *f, const struct bmove *mv,
    struct sbuf *buf);

/* Helpers shared by the modules of lib/battle. */
void battle_num(struct sbuf *b, double v);     /* 0.1 pace, no ".0" */
/* A length of f's table in the unit of its rules: paces as battle_num,
 * base widths to 0.01 ("6.5"); battle_unit names the unit for text
 * ("p", "bw"). */
void battle_len(struct sbuf *b, const struct bfield *f, double paces);
/* Read a length of f's table or plan into paces: a bare number in the
 * unit of the file (f->unit), else with a unit ("400p", "2.5bw",
 * "60mm"); -1 when it is none. */
int battle_length(const struct bfield *f, const char *s, size_t n, int scale,
    long *p);
const char *battle_unit(const struct bfield *f);
/* Whether each zone of d->zoc is screened (in zoc's block). */
bool *battle_zoc_screened(const struct bderived *d);
/* Clear d (freeing its lists) to "nothing derived". */
void battle_dreset(struct bderived *d);
/* Contacts, support, zones of control of element i as it stands now,
 * into d (cleared first with battle_dreset); near is scratch. */
void battle_contacts(struct bfield *f, int i, struct bderived *d,
    int **near, size_t *cap);
void battle_zones(struct bfield *f, int i, struct bderived *d, int **near,
    size_t *cap);
int battle_cmp_id(const char *a, const char *b);
int battle_find(const struct bfield *f, const char *id, size_t n);
/* Index the ids of the elements read, for battle_find. */
void battle_index_ids(struct bfield *f);
void battle_place(struct bfield *f, struct belem *e);
/* The centre of e's base and its bounding box, worked out when asked
 * (not kept: 48 bytes of each of ten thousand elements). */
struct gpt battle_centre(const struct belem *e);
/* The corners of e's base (GC_FL, ...), as geom_corners: a list of four
 * in a value, battle_quad(e).v, that lasts till the end of the full
 * expression it is in. */
struct gquad {
	struct gpt v[4];
};
struct gquad battle_quad(const struct belem *e);
struct gbb battle_bb(const struct belem *e);
/* The rules numbers of the table in paces, from the field's rules r
 * (formats/dba1.xml, dba22.xml) at its scale: one base width (an
 * element's default width), the base depth of a troop type (its default
 * depth), the command distance (far) and the distance from which a
 * general's sight counts (hidden). */
double battle_base_width(const struct bfield *f);
double battle_base_depth(const struct bfield *f, int troop, int sub);
/* The troop of element i as the tools write it: the spelling of its
 * sub-type when that has a property of its own (3Bd, 6Kn), else the
 * type's code. */
const char *battle_troop(const struct bfield *f, int i);
double battle_far(const struct bfield *f);
double battle_sight(const struct bfield *f);
/* The distance d to the general is far, or far enough for his sight to
 * count, by the edition's comparison (compare= of its command
 * surcharge: at least, or more than). */
bool battle_sight_counts(const struct bfield *f, double d);
/* ... far, or far enough out of sight, for troop (-1: any): beyond its
 * own command range (dba3 LH 20 BW), else the edition's. */
bool battle_is_far(const struct bfield *f, int troop, double d);
bool battle_is_hidden(const struct bfield *f, int troop, double d);
void grid_build(struct bfield *f);
void grid_free(struct bgrid *g);
/* Take an element out before it moves, put it back after. */
void grid_remove(struct bfield *f, int e);
void grid_insert(struct bfield *f, int e);
/* Elements whose cells meet bb (each once); returns the count. */
size_t grid_query(struct bfield *f, const struct gbb *bb, int **out,
    size_t *cap);
/* ... whose cells meet e's bounding box. */
size_t grid_query_elem(struct bfield *f, const struct belem *e, int **out,
    size_t *cap);
/* The elements of the cell of p (finite; the grid built): every element
 * in the grid whose base holds p is there, each once; returns the
 * count. */
size_t grid_at(const struct bfield *f, struct gpt p, const int **v);
/* A base's zone of control: in front of its front edge, as wide as that
 * edge and as deep as the rules' zone of control. */
void battle_zoc(const struct bfield *f, const struct belem *e,
    struct gpt z[4]);
bool battle_in_river(const struct bfield *f, struct gpt p, int *river);
bool battle_on_road(const struct bfield *f, struct gpt p);
bool battle_difficult_at(const struct bfield *f, struct gpt p);
bool battle_base_difficult(const struct bfield *f, const struct gpt q[4]);
/* The same for rough going (features going="rough" under an edition
 * with a rough class, dba3). */
bool battle_rough_at(const struct bfield *f, struct gpt p);
bool battle_base_rough(const struct bfield *f, const struct gpt q[4]);
int battle_level(const struct bfield *f, struct gpt p);
/* Front contact of a and b (enemies), the shared length or 0. */
double battle_front_contact(const struct bfield *f, const struct belem *a,
    const struct belem *b);
/* a's front edge touches some edge of b (front, flank or rear): the
 * longest shared length, or 0. */
double battle_front_touch(const struct bfield *f, const struct belem *a,
    const struct belem *b);
/* Any edge of a touches any edge of b, or (corner) they are within tol. */
bool battle_touch(const struct bfield *f, const struct belem *a,
    const struct belem *b, bool corners);
/* The line from a to b passes through a friend of side other than
 * a and b themselves. */
bool battle_screened(struct bfield *f, struct gpt a, struct gpt b, int side,
    int ia, int ib);
/* Distance from general g to the quad q and whether q is out of its
 * sight (every line crosses a sight-blocking feature). */
double battle_gdist(const struct bfield *f, const struct belem *g,
    const struct gpt q[4], bool *hidden);

#endif
