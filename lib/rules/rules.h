/* rules: one DBA rules table per edition (factors, support, tactical
 * factors, flag counts, dice, shooting, outcomes, movement, distances,
 * base depths, PIPs, army size) loaded from formats/ data: every rules
 * number. */
#ifndef BELLIS_RULES_H
#define BELLIS_RULES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RULES_MAXTROOPS 64
#define RULES_MAXDIE 30         /* sides: a face is a bit of an unsigned */

enum outcome {
	OUT_RECOIL, OUT_FLEE, OUT_DESTROYED, OUT_NONE, OUT_SURRENDER, OUT_N
};

/* Tactical factors by reason. */
enum tf {
	TF_CAMP, TF_GENERAL, TF_UPHILL, TF_RIVERBANK, TF_OVERLAP, TF_FLANK,
	TF_REAR, TF_SHOOTERS, TF_DIFF_FOOT, TF_DIFF_MOUNTED, TF_BUA,
	TF_DOUBLE, TF_N
};

/* Fast and solid foot (dba3); FOOT_NONE: neither. */
enum foot { FOOT_NONE, FOOT_FAST, FOOT_SOLID };

/* The unit an edition gives its lengths in (paces or base widths). */
enum unit { UNIT_P, UNIT_BW };

/* The combat flags that give a count. */
enum rcount { RC_OVERLAP, RC_FLANK, RC_REAR, RC_SHOOTERS, RC_ATTACKERS,
	RC_N };

/* The figure scales of move-check's --scale. */
enum scale { SCALE_15MM, SCALE_25MM, SCALE_N };

/* Where a part of the table comes from: its source attribute, else its
 * parent's (seed: in the rules text of the edition; verified: confirmed
 * by a public source; reconstructed: our best guess; dba-rules(5)). */
enum rsource { SRC_SEED, SRC_VERIFIED, SRC_RECONSTRUCTED, SRC_N };
/* Where a figure or a row comes from: the sources, the confidence (2S,
 * 1S, X, R; "" when not given), the reading not taken, a note. */
struct rules_prov {
	char *source, *other, *note;
	char conf[4];
};
/* The provenance of the single figures of movement and PIPs. */
enum rprov {
	RP_RIVER, RP_ROAD_BONUS, RP_WHEEL, RP_ZOC, RP_PIP_BASE, RP_PIP_TROOPS,
	RP_PIP_COMMAND, RP_N
};

/* An exception of the outcome table: -1 in a field means "any". */
struct rules_exc {
	int result;             /* 0 beaten, 1 doubled, 2 equal scores */
	uint64_t winners;       /* bit per troop id; 0 with no classes and
	                           no tags: any */
	unsigned classes;       /* bit 1 << CLASS_FOOT / CLASS_MOUNTED */
	uint64_t wtags;         /* the winner's sub-type has one of these */
	uint64_t ltags;         /* the loser's sub-type has one (0: any) */
	int going;              /* 0 good (neither side in rough or bad
	                           going), 1 difficult (bad), 2 rough */
	int kind;               /* 0 close, 1 shooting */
	int loser_going;        /* the loser's own: as going */
	int loser_in, winner_in; /* 0 open, 1 defends a BUA or a camp */
	int loser_charged;      /* 1: the loser moved into contact */
	int outcome;
	int src;                /* enum rsource */
	struct rules_prov prov;
};

/* When a support (rear or psiloi) counts: only against vs/vs_classes
 * (has_vs false: any; psiloi: mounted or a camp), only in good going, for
 * at most max supported elements (0: no limit). */
struct rules_support {
	bool has_vs, good_only;
	uint64_t vs, vs_except;
	unsigned vs_classes;
	int max;
	struct rules_prov prov;
};

struct rules_troop {
	bool known;             /* has dba factors in this edition */
	bool has_bua;           /* a pair of its own in a city or fort */
	int factor_bua[2];
	struct rules_prov fprov_bua;
	/* more rear support rows against other opponents (dba3 Pk) */
	int nrear_alt, rear_alt[3];
	struct rules_support rear_alt_when[3];
	/* side support it receives: from these troops, only this foot */
	bool has_side;
	int side, side_foot, side_from_foot;
	uint64_t side_from;
	struct rules_support side_when;
	int foot;               /* enum foot of the type's own row */
	long move_rough;
	bool has_cmd;           /* command distances of its own */
	long cmd_far, cmd_out_of_sight;
	struct rules_prov cprov;
	int factor[2];          /* by the opponent's class */
	int factor_shoot[2];    /* in shooting (same as factor without a pair) */
	bool has_shoot;         /* a kind="shooting" pair of its own */
	struct rules_prov fprov, fprov_shoot;
	int rear, psiloi;       /* support values; 0 = none */
	bool has_rear, has_psiloi;
	struct rules_support rear_when, psiloi_when;
	bool shooter;
	long range;
	struct rules_prov rprov; /* of the shooting range */
	bool cancels_support;   /* contact with it cancels rear support */
	bool diff_exempt;       /* no foot -2 in difficult going */
	bool has_outcome;
	int beaten, doubled, equal;
	int outcome_src;        /* enum rsource of beaten and doubled */
	struct rules_prov oprov;
	struct rules_exc *exc;
	size_t nexc;
	bool has_move, contact;
	long move_good, move_difficult, move_road;
	struct rules_prov mprov;
	bool has_base;
	long base_depth;        /* paces (battle-scan) */
	struct rules_prov bprov;
	bool pip_surcharge;     /* a move with it pays pip_elephants */
	bool pip_contact_free;  /* ... but not when moving into contact */
};

/* When a further move in one bound is allowed (dba3): entirely in good
 * going and not into contact, in the side's first bound, ending in
 * rough or bad going and not into contact, along a road. */
enum fwhen { FW_GOOD, FW_FIRST, FW_ROUGH, FW_ROAD, FW_N };

/* A further move: by these troops (troop bits, sub-type tags; both 0:
 * any element or column), at most moves moves in the bound (0: no
 * limit), when (enum fwhen). */
struct rules_further {
	uint64_t troops, tags;
	int moves, when;
	struct rules_prov prov;
};

#define RULES_MAXFURTHER 8

/* The number a combat flag may give; dflt -1: it needs one. */
struct rules_count {
	int min, max, dflt;
};

/* paces paces are mm millimetres on the table; a base is base_width mm. */
struct rules_scale {
	long paces, mm, base_width;
};

/* A list spelling of the edition (2Cm) and its troop type. */
struct rules_subtype {
	char *spelling;
	int troop;
	int foot;               /* enum foot; FOOT_NONE: the type's */
	bool dbl;               /* a double element */
	int cls;                /* -1: the type's class */
	int fights;             /* the class in combat, -1: cls */
	uint64_t tags;          /* bit per r->tag */
	bool has_move, has_base;
	long move_good, move_rough, move_difficult, move_road, base_depth;
	struct rules_prov prov;
};

#define RULES_MAXTAGS 64

struct rules {
	char edition[32];
	char title[32];              /* as players name it: "DBA 3.0" */
	char troops[32];             /* its troop set (troops.xml editions) */
	struct rules_troop t[RULES_MAXTROOPS];
	int tf[TF_N];
	struct rules_prov tf_prov[TF_N];
	unsigned tf_applies[TF_N];   /* class bits */
	unsigned river_rolls;        /* bit per die face giving the bonus */
	int limit_overlap_flank;     /* 0: no limit */
	int shooters_free;           /* shooters without a factor */
	struct rules_count count[RC_N];
	int die;                     /* sides of a combat die */
	int doubled;                 /* a winner's total this many times */
	int dflt_beaten, dflt_doubled; /* a loser type without a row */
	long river_crossing, road_bonus;
	int wheel_max;               /* degrees a narrowing group wheels */
	int zoc_widths;              /* depth of a zone of control, in base
	                                widths */
	long inch_mm;
	struct rules_scale scale[SCALE_N];
	int shooting_src;            /* enum rsource of the ranges */
	int pip_die, pip_base, pip_elephants, pip_command;
	long pip_far, pip_out_of_sight;
	bool pip_beyond;             /* the command distances count only
	                                beyond them (more than), not at them */
	bool pip_first_free[2];      /* troops, command: none in first bound */
	struct rules_subtype *sub;
	size_t nsub;
	char *tag[RULES_MAXTAGS];    /* the sub-type tags (Lb, 4Kn, Mtd) */
	int ntags;
	int unit;                    /* enum unit of its lengths */
	bool has_rough;              /* rough going apart from bad going */
	long unit_paces;             /* paces of one unit (1 or 160) */
	bool road_first_free;        /* the first road move costs no PIP */
	struct rules_further further[RULES_MAXFURTHER];
	int nfurther;
	struct rules_prov road_prov;
	unsigned diff_opponent:1;    /* mounted -2 when only the opponent is
	                                in bad going */
	unsigned diff_close_only:1;  /* the -2 only in close combat */
	uint64_t tf_except[TF_N];    /* troops a factor does not apply to */
	uint64_t double_vs;          /* the double +1 against these */
	unsigned double_vs_classes;
	bool double_good_only;
	/* the assault of a city, fort or camp (dba3): the defender's
	 * factor for each attacker after the first (0: none); the
	 * attackers fight with their factor against foot; no overlap on a
	 * camp defender */
	int assault;
	bool assault_vs_foot, assault_no_overlap;
	struct rules_prov assault_prov;
	uint64_t general_only;       /* troops only a general may be */
	long victory_lost, victory_double, victory_camp;
	uint64_t victory_exclude;
	struct rules_prov victory_prov;
	long army_elements, army_generals;   /* per army (armylist-check) */
	bool has_aggression;         /* the edition's lists carry one */
	long aggression_min, aggression_max;
	char **topography;           /* the home topographies of its lists */
	size_t ntopography;
	bool cancel_shot;            /* shot at this bound: no rear support */
	struct rules_prov cancel_shot_prov;
	struct rules_prov prov[RP_N];
	bool shared;                 /* a compiled edition (rules/tables.h):
	                                rules_free leaves it */
};

/* Load a rules table: NULL is dba1, the name of an edition in formats/
 * (dba1, dba22, dba3) its table compiled in at build time (one table a
 * process, shared by every call: rules/tables.h), anything else a file
 * validated
 * against formats/rules.rng and checked for completeness: every troop
 * of its troop set needs factors, a move, an outcome and a base row.
 * Returns NULL after reporting (status 2 for a bad table, 4 for an
 * unreadable file).  The troop table it needs is loaded (troop_init)
 * and stays until troop_cleanup. */
struct rules *rules_load(const char *arg);
/* For a tool: the rules of --rules (arg); with arg NULL, of the
 * environment's BELLIS_RULES, else dba1.  NULL after reporting: status
 * 2 for a bad table, 3 for an unknown edition name, 4 for a file that
 * cannot be read. */
struct rules *rules_open(const char *arg);
/* BELLIS_RULES when it is set and not empty, else NULL. */
const char *rules_env(void);
/* Free what rules_load or rules_open loaded (NULL: nothing); the troop
 * table is troop_cleanup's. */
void rules_free(struct rules *r);

/* The situation of an outcome: either side in difficult going, the
 * loser's own going, shooting, where loser and winner stand (a BUA or a
 * camp), and whether the loser moved into contact this bound. */
struct rules_when {
	bool difficult, loser_difficult, shooting;
	bool loser_in, winner_in, loser_charged;
	bool rough, loser_rough;     /* either side, the loser in rough going */
	int wsub, lsub;              /* sub-type index + 1 (0: none) */
};

/* The outcome of a loser of type loser beaten (doubled false) or doubled
 * by winner; *used (may be NULL): the exception that decided it, or
 * NULL for the row's own outcome. */
int rules_outcome_when(const struct rules *r, int loser, int winner,
    bool doubled, const struct rules_when *w,
    const struct rules_exc **used);
/* On equal scores: the outcome of loser against winner when an
 * exception of result="equal" gives one, else -1. */
int rules_outcome_equal(const struct rules *r, int loser, int winner,
    const struct rules_when *w, const struct rules_exc **used);
/* The same with only the going (either side difficult) and the kind. */
int rules_outcome(const struct rules *r, int loser, int winner,
    bool doubled, bool difficult, bool shooting);
/* A troop as the readers of this edition take it: a spelling of its
 * subtypes (2Cm), else troop_find.  NULL when unknown.  *sub, when sub
 * is not NULL, is set to rules_subtype_find's answer. */
const struct troop *rules_troop_find(const struct rules *r, const char *s,
    size_t n, int *sub);

/* The sub-type of the n bytes at s (a list spelling of the edition:
 * 3Bd, Mtd-4Lb; any case) as an index + 1, or 0. */
int rules_subtype_find(const struct rules *r, const char *s, size_t n);
/* A sub-type (index + 1) or NULL for 0. */
const struct rules_subtype *rules_subtype(const struct rules *r, int sub1);
/* The sub-type when it is more than a spelling of its type (it has a
 * property of its own: foot, double, tags, class, move, base; dba3
 * 3Bd), else NULL (dba22 7Hd): the writers name such a side by it. */
const struct rules_subtype *rules_subtype_own(const struct rules *r,
    int sub1);
/* The class troop as sub-type sub1 (0: none) fights as: the
 * sub-type's fights=, else its class, else the type's. */
int rules_class(const struct rules *r, int troop, int sub1);
/* Whether support w (rear, side, psiloi) counts against troop as
 * sub-type sub1: not one it excepts, and one it names (by type or
 * class), or any when it names none. */
bool rules_support_vs(const struct rules *r, const struct rules_support *w,
    int troop, int sub1);
/* Fast or solid (enum foot) of troop as sub-type sub1. */
int rules_foot(const struct rules *r, int troop, int sub1);
/* The move rates of troop as sub-type sub1, paces: good, rough,
 * difficult, road. */
void rules_rates(const struct rules *r, int troop, int sub1, long *good,
    long *rough, long *difficult, long *road);
/* The edition's unit's name ("p", "bw"); rules_len_fmt writes a length
 * in paces in that unit, "3" or "1.5" (paces: whole), into buf. */
const char *rules_unit_name(const struct rules *r);
char *rules_len_fmt(const struct rules *r, double paces, char *buf,
    size_t size);

/* One base width in paces at a scale (enum scale). */
double rules_base_width(const struct rules *r, int scale);

/* The compiled editions other than r's that have what r lacks: troop
 * (a troop id) when r does not know it, else the list spelling sp
 * ("6Cv", "LCm", "Mtd-4Lb"; NULL: none) when r has no such sub-type and
 * it tells another edition apart (a double element, a class or a name
 * of its own, not a figure count alone): their names, "dba22, dba3",
 * into buf; their number (0: r lacks nothing, or no edition has it). */
int rules_editions_with(const struct rules *r, int troop, const char *sp,
    char *buf, size_t size);

/* The tail of a message about a troop type r lacks: " (it is in dba22,
 * dba3: --rules=dba22)", or "" when no other edition has it, into buf. */
const char *rules_elsewhere(const struct rules *r, int troop, char *buf,
    size_t size);

/* The names of the embedded editions, "dba1, dba22, ", into buf. */
void rules_edition_names(char *buf, size_t size);

/* The rules of army list collections by their rules= label: dflt for
 * no label or the label of dflt's edition, else the embedded edition of
 * that name, loaded once. */
#define RULES_MAXEDITIONS 8
struct rules_labels {
	const struct rules *dflt;
	struct rules *ed[RULES_MAXEDITIONS];
};
/* NULL when label names no embedded edition. */
const struct rules *rules_labelled(struct rules_labels *l,
    const char *label);
void rules_labels_free(struct rules_labels *l);

/* --explain: "   WHAT: SOURCE [CONF]; other: OTHER; NOTE" on fp, WHAT
 * from fmt. */
void rules_explain(FILE *fp, const struct rules_prov *p, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));

const char *outcome_name(int o);
#endif
