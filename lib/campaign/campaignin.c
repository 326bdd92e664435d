/* Readers of the campaign tools: battle, side and pc records from lines
 * or XML.  A line's flag is a token; an XML attribute becomes the same
 * token (key, value, no column), so both are checked by one code. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/campaigntab.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#include "gen/catastrophe_rng.h"
#include "gen/survival_rng.h"

/* What a flag takes. */
enum flag_kind {
	FK_BARE,                   /* nothing: "luck" */
	FK_NUM,                    /* a whole number lo to hi */
	FK_COUNT,                  /* the same, a '-' sign said as such */
	FK_ROLLS,                  /* a roll of the table's dice, or three
	                              as A/B/C */
	FK_UNITS,                  /* U:TS[:pc],... */
	FK_NAME                    /* a name (one word on a line) */
};

struct flag_def {
	const char *name;
	enum flag_kind kind;
	long lo, hi;
};

enum side_flag { SF_STRATEGY, SF_TS, SF_UNITS, SF_LUCK, SF_ENEMY_POWER,
    SF_ROLL, SF_PC_COMMANDER, SF_N };

static const struct flag_def side_flags[SF_N] = {
	[SF_STRATEGY] = { "strategy", FK_NUM, 0, 99 },
	[SF_TS] = { "ts", FK_NUM, 0, 1000000000 },
	[SF_UNITS] = { "units", FK_UNITS, 0, 0 },
	[SF_LUCK] = { "luck", FK_BARE, 0, 0 },
	[SF_ENEMY_POWER] = { "enemy-power", FK_COUNT, 0, 1000000 },
	[SF_ROLL] = { "roll", FK_ROLLS, 0, 0 },
	[SF_PC_COMMANDER] = { "pc-commander", FK_BARE, 0, 0 },
};

enum pc_flag { PF_IQ, PF_TACTICS, PF_WEAPON, PF_REFLEXES, PF_DANGER,
    PF_RISK, PF_COWARDICE, PF_RESERVE, PF_OVERCONFIDENCE, PF_BERSERK,
    PF_LOSING, PF_MOD, PF_LUCK, PF_TL, PF_DR, PF_HT, PF_LEADER,
    PF_COMMANDER, PF_ROLL, PF_GLORY_ROLL, PF_SIDE, PF_UNIT, PF_N };

static const struct flag_def pc_flags[PF_N] = {
	[PF_IQ] = { "iq", FK_NUM, 1, 99 },
	[PF_TACTICS] = { "tactics", FK_NUM, 0, 99 },
	[PF_WEAPON] = { "weapon", FK_NUM, 0, 99 },
	[PF_REFLEXES] = { "combat-reflexes", FK_BARE, 0, 0 },
	[PF_DANGER] = { "danger-sense", FK_BARE, 0, 0 },
	[PF_RISK] = { "risk", FK_NUM, -99, 99 },
	[PF_COWARDICE] = { "cowardice", FK_BARE, 0, 0 },
	[PF_RESERVE] = { "reserve", FK_BARE, 0, 0 },
	[PF_OVERCONFIDENCE] = { "overconfidence", FK_BARE, 0, 0 },
	[PF_BERSERK] = { "berserk", FK_BARE, 0, 0 },
	[PF_LOSING] = { "losing", FK_NUM, -99, 99 },
	[PF_MOD] = { "mod", FK_NUM, -99, 99 },
	[PF_LUCK] = { "luck", FK_BARE, 0, 0 },
	[PF_TL] = { "tl", FK_NUM, 0, 0 },          /* bounds: pc_read */
	[PF_DR] = { "dr", FK_NUM, 0, 999 },
	[PF_HT] = { "ht", FK_NUM, 0, 999 },
	[PF_LEADER] = { "leader", FK_BARE, 0, 0 },
	[PF_COMMANDER] = { "commander", FK_BARE, 0, 0 },
	[PF_ROLL] = { "roll", FK_ROLLS, 0, 0 },
	[PF_GLORY_ROLL] = { "glory-roll", FK_NUM, 0, 0 },  /* the same */
	[PF_SIDE] = { "side", FK_NAME, 0, 0 },
	[PF_UNIT] = { "unit", FK_NAME, 0, 0 },
};

/* The most flags a record has (array sizes). */
#define FLAGS_MAX ((int)PF_N > (int)SF_N ? (int)PF_N : (int)SF_N)

/* The flags of one record as they were given: the token of each. */
struct flags {
	const struct tok *at[FLAGS_MAX];
	int bad;
};

/* An XML side or pc as read by the stream: a copy of its element with
 * its attributes and the few children the record reads (effect, odds,
 * glory, the first hits), its units up to the first bad one (whose
 * text is kept for the message): no tree of its children is kept, and
 * the units go to a file past a few thousand. */
struct xrec {
	xmlNodePtr n;
	bool own;                  /* n is a copy (else the reader's) */
	bool kids;                 /* it has element children */
	struct cat_units units;
	struct sbuf bad;           /* "name:ts[:pc]" of the first bad unit */
	bool isbad;
};

/* An unknown flag (else keyword), with the nearest of kws if any. */
static void
unknown(const struct tok *t, long line, const char *const *kws, size_t n,
    bool flag)
{
	const char *hint = diag_suggest(tok_suggest(t->s, t->klen, kws, n));

	if (flag)
		DIAG(UNKNOWN_FLAG, line, t->col, tok_str(t), hint);
	else
		DIAG(UNKNOWN_KEYWORD, line, t->col, tok_str(t), hint);
}

/* Index of the flag in defs, -1 unknown (reported), -2 other error. */
static int
flag_index(const struct tok *t, long line, const struct flag_def *defs,
    int n, const struct flags *fl)
{
	const char *names[FLAGS_MAX];
	int i;

	for (i = 0; i < n; i++)
		if (tok_is(t, defs[i].name))
			break;
	if (i == n || t->quoted) {
		for (i = 0; i < n; i++)
			names[i] = defs[i].name;
		unknown(t, line, names, (size_t)n, true);
		return -1;
	}
	if (fl->at[i] != NULL) {
		DIAG(DUPLICATE_FLAG, line, t->col, defs[i].name);
		return -2;
	}
	if (defs[i].kind != FK_BARE && t->val == NULL) {
		DIAG(FLAG_VALUE, line, t->col, defs[i].name, defs[i].name,
		    "N");
		return -2;
	}
	if (defs[i].kind == FK_BARE && t->val != NULL) {
		DIAG(FLAG_NO_VALUE, line, t->col, defs[i].name, "");
		return -2;
	}
	return i;
}

static int
value(const struct tok *t, long line, const struct flag_def *d, long *out)
{
	char v[68];
	size_t n = t->vlen < 64 ? t->vlen : 64;

	if (d->kind == FK_COUNT && t->vlen > 0 && t->val[0] == '-') {
		DIAG(CAMP_NEGATIVE, line, t->vcol, d->name, (int)t->vlen,
		    t->val);
		return -1;
	}
	if (num_long(t->val, t->vlen, d->lo, d->hi, out) == 0)
		return 0;
	memcpy(v, t->val, n);
	v[n] = '\0';
	DIAG(CAMP_BAD_NUMBER, line, t->vcol, (int)t->klen, t->s, v, d->lo,
	    d->hi);
	return -1;
}

/* "A" or "A/B/C", each a roll of the dice. */
static int
rolls(const struct tok *t, long line, const struct roll *dice, int *r,
    int *n)
{
	const char *p = t->val, *end = t->val + t->vlen, *sl;
	long v;

	*n = 0;
	while (*n < 3) {
		sl = memchr(p, '/', (size_t)(end - p));
		if (sl == NULL)
			sl = end;
		if (num_long(p, (size_t)(sl - p), roll_lo(dice),
		    roll_hi(dice), &v) < 0)
			break;
		r[(*n)++] = (int)v;
		if (sl == end)
			return 0;
		p = sl + 1;
	}
	DIAG(CAMP_BAD_ROLL, line, t->vcol, (int)t->klen, t->s, (int)t->vlen,
	    t->val, dice->n, dice->sides, roll_lo(dice), roll_hi(dice));
	return -1;
}

static int
luck_rolls(const struct tok *rt, long line, int n, bool luck)
{
	if (rt == NULL)
		return 0;
	if (luck && n != 3) {
		DIAG(CAMP_LUCK_ROLLS, line, rt->vcol, (int)rt->klen, rt->s,
		    (int)rt->vlen, rt->val);
		return -1;
	}
	if (!luck && n != 1) {
		DIAG(CAMP_ROLLS_NO_LUCK, line, rt->vcol, (int)rt->vlen,
		    rt->val);
		return -1;
	}
	return 0;
}

/* units=U:TS[:pc],... */
static int
units(const struct tok *t, long line, struct cat_side *s)
{
	const char *p = t->val, *end = t->val + t->vlen, *c, *c1, *c2;
	long ts;

	while (p < end) {
		c = memchr(p, ',', (size_t)(end - p));
		if (c == NULL)
			c = end;
		c1 = memchr(p, ':', (size_t)(c - p));
		c2 = c1 != NULL ? memchr(c1 + 1, ':', (size_t)(c - c1 - 1)) :
		    NULL;
		if (c1 == NULL || c1 == p || num_long(c1 + 1, (size_t)((c2 ?
		    c2 : c) - c1 - 1), 0, 1000000000, &ts) < 0 ||
		    (c2 != NULL && !str_ieq(c2 + 1, (size_t)(c - c2 - 1),
		    "pc")) || !utf8_valid(p, (size_t)(c - p))) {
			DIAG(CAMP_BAD_UNIT, line, t->vcol + (p - t->val),
			    (int)(c - p), p);
			return -1;
		}
		cat_units_add(&s->units, p, (size_t)(c1 - p), ts, c2 != NULL);
		p = c + 1;
	}
	if (s->units.n == 0) {
		DIAG(CAMP_NO_UNITS, line, t->vcol);
		return -1;
	}
	return 0;
}

/* The <unit name= ts= pc=> children of an XML side (gathered by
 * xrec_unit) to s; the first bad one reported. */
static int
xml_units(struct xrec *x, long line, struct cat_side *s)
{
	if (x->isbad) {
		DIAG(CAMP_BAD_UNIT, line, 0, (int)x->bad.len, sbuf_str(&x->bad));
		return -1;
	}
	if (x->units.n > 0)
		cat_units_move(&s->units, &x->units);
	return 0;
}

/* A <unit> child of a side: kept in x, or the text of the first bad
 * one (the units after it are not looked at). */
static void
xrec_unit(struct xrec *x, xmlNodePtr c)
{
	char *name, *ts, *pc;
	long v;

	if (x->isbad)
		return;
	name = xmlio_attr(c, "name");
	ts = xmlio_attr(c, "ts");
	pc = xmlio_attr(c, "pc");
	if (name == NULL || *name == '\0' || ts == NULL ||
	    num_longs(ts, 0, 1000000000, &v) < 0) {
		sbuf_printf(&x->bad, "%s:%s%s", name != NULL ? name : "",
		    ts != NULL ? ts : "", pc != NULL &&
		    strcmp(pc, "yes") == 0 ? ":pc" : "");
		x->isbad = true;
	} else
		cat_units_add(&x->units, name, strlen(name), v,
		    pc != NULL && strcmp(pc, "yes") == 0);
	xmlFree(name);
	xmlFree(ts);
	xmlFree(pc);
}

static void xml_tok(struct tok *t, const char *key, const char *val);

/* A number attribute of a result read back: 0 absent, 1 read, -1 bad
 * (reported as the flag of that name would be). */
static int
given_num(xmlNodePtr n, const char *attr, long line, long lo, long hi,
    long *out)
{
	const struct flag_def d = { attr, FK_NUM, lo, hi };
	char *v = xmlio_attr(n, attr);
	struct tok t;
	int rc;

	if (v == NULL)
		return 0;
	xml_tok(&t, attr, v);
	rc = value(&t, line, &d, out) < 0 ? -1 : 1;
	xmlFree(v);
	return rc;
}

struct find_ctx {
	const char *name;
	size_t i;
	bool found;
};

static bool
find_cb(void *ctx, size_t i, const struct cat_unit *u)
{
	struct find_ctx *f = ctx;

	if (strcmp(u->name, f->name) != 0)
		return true;
	f->i = i;
	f->found = true;
	return false;
}

/* A unit named by attr of the effect n: its index + 1 in *out, 0 when
 * absent (or "commander"), -1 when the side has no such unit. */
static int
given_unit(xmlNodePtr n, const char *attr, long line,
    const struct cat_side *s, int *out)
{
	char *v = xmlio_attr(n, attr);
	struct find_ctx f = { v, 0, false };
	int rc = 0;

	if (v != NULL && strcmp(v, "commander") != 0) {
		cat_units_each(&s->units, find_cb, &f);
		if (f.found)
			*out = (int)f.i + 1;
		else {
			DIAG(CAMP_GIVEN_UNIT, line, 0, attr, v);
			rc = -1;
		}
	}
	xmlFree(v);
	return rc;
}

/* The element child of n named name, or NULL. */
static xmlNodePtr
child(xmlNodePtr n, const char *name)
{
	xmlNodePtr c;

	for (c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)c->name, name) == 0)
			return c;
	return NULL;
}

/* A side of campaign-catastrophe's XML holds odds or one roll's result:
 * its attributes are of the one or the other (checked here rather than
 * by a choice in catastrophe.rng, which libxml2 validates in time
 * quadratic in the units after it).  False after reporting. */
static bool
side_shape(xmlNodePtr n, const char *file, long line)
{
	static const char *const rolled[] = { "rolls", "modifier", "total",
	    "event", "ts-after" };
	const char *why = NULL;
	char *name;
	size_t i;

	if (child(n, "odds") != NULL) {
		for (i = 0; i < sizeof rolled / sizeof rolled[0]; i++)
			if (xmlHasProp(n, BAD_CAST rolled[i]) != NULL)
				why = "with odds has no rolls, modifier, total, "
				    "event or ts-after";
	} else if (xmlHasProp(n, BAD_CAST "rolls") == NULL ||
	    xmlHasProp(n, BAD_CAST "total") == NULL ||
	    xmlHasProp(n, BAD_CAST "event") == NULL)
		why = "needs rolls, total and event (or odds)";
	else if (xmlHasProp(n, BAD_CAST "roll") != NULL)
		why = "with rolls has no roll";
	else if ((xmlHasProp(n, BAD_CAST "ts") == NULL) !=
	    (xmlHasProp(n, BAD_CAST "ts-after") == NULL))
		why = "has one of ts and ts-after without the other";
	if (why == NULL)
		return true;
	name = xmlio_attr(n, "name");
	DIAG_AT(CAMP_SIDE_SHAPE, file, line, 0, name != NULL ? name : "",
	    why);
	xmlFree(name);
	return false;
}

/* The other rolls of a side read back from campaign-catastrophe's XML
 * output: the effect's leader (or unit), defector and damage. */
static int
xml_given_side(xmlNodePtr n, long line, struct cat_side *s)
{
	xmlNodePtr e = child(n, "effect");
	long v = 0;
	int bad = 0;

	if (e == NULL)
		return 0;
	if (given_unit(e, "leader", line, s, &s->given_unit) < 0 ||
	    given_unit(e, "unit", line, s, &s->given_unit) < 0 ||
	    given_unit(e, "defector", line, s, &s->given_defector) < 0)
		bad = 1;
	if (given_num(e, "damage", line, 1, 1000000, &v) < 0)
		bad = 1;
	s->given_damage = (int)v;
	return bad ? -1 : 0;
}

/* What a pc read back from campaign-survival's XML output was given:
 * the Catastrophe that struck him, his hits' rolls. */
static int
xml_given_pc(xmlNodePtr n, long line, const struct surv_table *t,
    struct surv_pc *p)
{
	xmlNodePtr c;
	char *ev, *fate, *no;
	long v;
	int bad = 0, rc;

	ev = xmlio_attr(n, "catastrophe");
	fate = xmlio_attr(n, "fate");
	no = xmlio_attr(n, "no-rolls");
	if (ev != NULL && fate != NULL) {
		p->struck_own = xstrdup(ev);
		p->struck_event = p->struck_own;
		p->struck = strcmp(fate, "wounded") == 0 ? STRUCK_WOUNDED :
		    STRUCK_UNCONSCIOUS;
		p->no_rolls = no != NULL && strcmp(no, "yes") == 0;
		v = 0;
		if (given_num(n, "catastrophe-damage", line, 0, 1000000,
		    &v) < 0)
			bad = 1;
		p->struck_damage = (int)v;
	}
	xmlFree(ev);
	xmlFree(fate);
	xmlFree(no);
	for (c = n->children; c != NULL && !bad; c = c->next) {
		if (c->type != XML_ELEMENT_NODE ||
		    strcmp((const char *)c->name, "hit") != 0 ||
		    p->ngiven_hits == SURV_HITS_MAX)
			continue;
		v = 0;
		if (given_num(c, "rolled", line, 0, 1000000, &v) < 0)
			bad = 1;
		p->given_rolled[p->ngiven_hits] = (int)v;
		rc = given_num(c, "location-roll", line, roll_lo(&t->dice),
		    roll_hi(&t->dice), &v);
		if (rc < 0)
			bad = 1;
		if (rc != 1)
			break;
		p->given_loc[p->ngiven_hits++] = (int)v;
	}
	return bad ? -1 : 0;
}

/* A name flag's value: not empty, UTF-8. */
static int
name_value(const struct tok *t, long line, char **out)
{
	if (t->vlen == 0) {
		DIAG(FLAG_VALUE, line, t->col, tok_str(t), tok_str(t), "NAME");
		return -1;
	}
	if (!utf8_valid(t->val, t->vlen)) {
		DIAG(CAMP_NAME_UTF8, line, t->vcol);
		return -1;
	}
	*out = xstrndup(t->val, t->vlen);
	return 0;
}

/* Where the flags of a record go: numbers to num[flag], names to
 * str[flag]; set[flag] is made true for a number or a bare flag; rolls
 * to given, units to side. */
struct dest {
	long *const *num;
	char **const *str;
	bool *const *set;
	int *given, *ngiven;
	const struct roll *dice;   /* of the given rolls */
	struct cat_side *side;
};

/* The flags of a record in their order, checked against defs: fl says
 * which were given (by their tokens) and whether one was bad. */
static void
read_flags(const struct tok *v, size_t n, long line,
    const struct flag_def *defs, int ndefs, const struct dest *d,
    struct flags *fl)
{
	const struct tok *t;
	size_t i;
	int f, rc = 0;

	for (i = 0; i < n; i++) {
		t = &v[i];
		f = flag_index(t, line, defs, ndefs, fl);
		if (f < 0) {
			fl->bad = 1;
			continue;
		}
		fl->at[f] = t;
		if (d->set[f] != NULL)
			*d->set[f] = true;
		switch (defs[f].kind) {
		case FK_NUM:
		case FK_COUNT:
			rc = value(t, line, &defs[f], d->num[f]);
			break;
		case FK_ROLLS:
			rc = rolls(t, line, d->dice, d->given, d->ngiven);
			break;
		case FK_UNITS:
			rc = units(t, line, d->side);
			break;
		case FK_NAME:
			rc = name_value(t, line, d->str[f]);
			break;
		case FK_BARE:
			rc = 0;
			break;
		}
		if (rc < 0)
			fl->bad = 1;
	}
}

static int
side_read(const struct tok *v, size_t n, long line, struct xrec *xml,
    const struct cat_table *ct, struct cat_side *s)
{
	long *const num[SF_N] = { [SF_STRATEGY] = &s->strategy,
	    [SF_TS] = &s->ts, [SF_ENEMY_POWER] = &s->power };
	bool *const set[SF_N] = { [SF_STRATEGY] = &s->has_strategy,
	    [SF_TS] = &s->has_ts, [SF_LUCK] = &s->luck,
	    [SF_PC_COMMANDER] = &s->pc_commander };
	const struct dest d = { num, NULL, set, s->given, &s->ngiven,
	    &ct->dice, s };
	struct flags fl;

	memset(&fl, 0, sizeof fl);
	read_flags(v, n, line, side_flags, SF_N, &d, &fl);
	/* the children are the units flag of a line, after the others */
	if (xml != NULL && xml->kids && fl.at[SF_UNITS] != NULL) {
		DIAG(DUPLICATE_FLAG, line, 0, side_flags[SF_UNITS].name);
		fl.bad = 1;
	} else if (xml != NULL && (xml_units(xml, line, s) < 0 ||
	    xml_given_side(xml->n, line, s) < 0))
		fl.bad = 1;
	if (!fl.bad && luck_rolls(fl.at[SF_ROLL], line, s->ngiven,
	    s->luck) < 0)
		fl.bad = 1;
	return fl.bad ? -1 : 0;
}

static int
risk_check(const struct tok *rt, long line, const struct surv_table *t,
    struct surv_pc *p)
{
	int lo, hi, wlo, whi;

	if (p->risk < t->risk_min || p->risk > t->risk_max) {
		DIAG(CAMP_RISK_RANGE, line, rt->vcol, p->risk, t->risk_min,
		    t->risk_max);
		return -1;
	}
	surv_risk_limits(t, p, &lo, &wlo, &hi, &whi);
	if (p->risk < lo) {
		DIAG(CAMP_RISK_BELOW, line, rt->vcol, p->risk, lo,
		    surv_trait_name(wlo));
		return -1;
	}
	if (p->risk > hi) {
		DIAG(CAMP_RISK_ABOVE, line, rt->vcol, p->risk, hi,
		    surv_trait_name(whi));
		return -1;
	}
	return 0;
}

/* The PC's side and unit in the battle (--battle), and what its
 * Catastrophe did to him. */
static int
pc_battle(const struct flags *fl, long line, struct struck *sb,
    struct surv_pc *p)
{
	const struct tok *st = fl->at[PF_SIDE], *ut = fl->at[PF_UNIT];
	const struct struck_side *ss;

	if (p->unit != NULL && p->side == NULL) {
		DIAG(CAMP_UNIT_NO_SIDE, line, ut->col, p->name, p->unit);
		return -1;
	}
	if (sb == NULL || p->side == NULL)
		return 0;
	ss = struck_find(sb, p->side);
	if (ss == NULL) {
		DIAG(CAMP_PC_SIDE, line, st->vcol, p->name, p->side);
		return -1;
	}
	if (p->unit != NULL && !struck_has_unit(sb, p->side, p->unit)) {
		DIAG(CAMP_PC_UNIT, line, ut->vcol, p->name, p->side, p->unit);
		return -1;
	}
	struck_apply(ss, p);
	return 0;
}

static int
pc_read(const struct tok *v, size_t n, long line, const struct xrec *xml,
    const struct campaignin *c, struct surv_pc *p)
{
	const struct surv_table *st = c->surv;
	long glory = 0;
	long *const num[PF_N] = { [PF_IQ] = &p->iq,
	    [PF_TACTICS] = &p->tactics, [PF_WEAPON] = &p->weapon,
	    [PF_RISK] = &p->risk, [PF_LOSING] = &p->losing,
	    [PF_MOD] = &p->mod, [PF_TL] = &p->tl, [PF_DR] = &p->dr,
	    [PF_HT] = &p->ht, [PF_GLORY_ROLL] = &glory };
	char **const str[PF_N] = { [PF_SIDE] = &p->side,
	    [PF_UNIT] = &p->unit };
	bool *const set[PF_N] = { [PF_IQ] = &p->has_iq,
	    [PF_TACTICS] = &p->has_tactics, [PF_WEAPON] = &p->has_weapon,
	    [PF_REFLEXES] = &p->reflexes, [PF_DANGER] = &p->danger,
	    [PF_COWARDICE] = &p->trait[TRAIT_COWARDICE],
	    [PF_RESERVE] = &p->trait[TRAIT_RESERVE],
	    [PF_OVERCONFIDENCE] = &p->trait[TRAIT_OVERCONFIDENCE],
	    [PF_BERSERK] = &p->trait[TRAIT_BERSERK], [PF_LUCK] = &p->luck,
	    [PF_HT] = &p->has_ht, [PF_LEADER] = &p->leader,
	    [PF_COMMANDER] = &p->commander, [PF_ROLL] = &p->has_roll,
	    [PF_GLORY_ROLL] = &p->has_glory };
	const struct dest d = { num, str, set, p->given, &p->ngiven,
	    &st->dice, NULL };
	struct flag_def defs[PF_N];
	const struct tok *rt;
	struct flags fl;

	/* the bounds that are the table's */
	memcpy(defs, pc_flags, sizeof defs);
	defs[PF_TL].lo = st->tl_min;
	defs[PF_TL].hi = st->tl_max;
	defs[PF_GLORY_ROLL].lo = roll_lo(&st->dice);
	defs[PF_GLORY_ROLL].hi = roll_hi(&st->dice);
	memset(&fl, 0, sizeof fl);
	read_flags(v, n, line, defs, PF_N, &d, &fl);
	p->glory_given = (int)glory;
	if (xml != NULL && xml_given_pc(xml->n, line, st, p) < 0)
		fl.bad = 1;
	rt = fl.at[PF_ROLL];
	if (!p->has_tactics && !p->has_iq) {
		DIAG(CAMP_NO_SKILL, line, 0, p->name);
		fl.bad = 1;
	}
	if (!p->has_weapon) {
		DIAG(CAMP_NO_WEAPON, line, 0, p->name);
		fl.bad = 1;
	}
	if (fl.at[PF_RISK] != NULL && risk_check(fl.at[PF_RISK], line, st,
	    p) < 0)
		fl.bad = 1;
	if (rt != NULL && p->ngiven > 0 &&
	    luck_rolls(rt, line, p->ngiven, p->luck) < 0)
		fl.bad = 1;
	/* the unit he names is the one he leads */
	if (p->unit != NULL)
		p->leader = true;
	if (!fl.bad && pc_battle(&fl, line, c->battle_file, p) < 0)
		fl.bad = 1;
	return fl.bad ? -1 : 0;
}

/* A record's name (a token after the keyword, or the XML attribute);
 * kw is the keyword token, for the message when there is none. */
static int
name_of(const struct tok *kw, const struct tok *t, long line, char **name)
{
	if (t == NULL || (!t->quoted && t->val != NULL)) {
		DIAG(CAMP_NO_NAME, line, kw->col != 0 ? kw->col +
		    (long)kw->len : 0, tok_str(kw));
		return -1;
	}
	if (!utf8_valid(t->s, t->len)) {
		DIAG(CAMP_NAME_UTF8, line, t->col);
		return -1;
	}
	*name = xstrndup(t->s, t->len);
	return 0;
}

/* A side or pc record: keyword token, name token (NULL: none), flags. */
static void
record(const struct campaignin *c, const struct tok *kw, const struct tok *nm,
    const struct tok *v, size_t n, long line, long rline,
    struct xrec *xml, bool result)
{
	struct cat_side s;
	struct surv_pc p;
	char *origin;

	if (c->side != NULL) {
		memset(&s, 0, sizeof s);
		s.line = rline;
		/* a side read back keeps the file it came from */
		origin = result ? xmlio_attr(xml->n, "file") : NULL;
		s.origin = origin;
		if (name_of(kw, nm, line, &s.name) == 0 &&
		    side_read(v, n, line, xml, c->cat, &s) == 0)
			c->side(c->ctx, &s);
		cat_side_free(&s);
		xmlFree(origin);
		return;
	}
	memset(&p, 0, sizeof p);
	p.line = rline;
	p.readback = result;
	p.tl = c->surv->default_tl;
	if (name_of(kw, nm, line, &p.name) == 0 &&
	    pc_read(v, n, line, xml, c, &p) == 0)
		c->pc(c->ctx, &p);
	surv_pc_free(&p);
}

static bool
keyword(const struct tok *t, const char *kw)
{
	return tok_is(t, kw) && t->val == NULL && !t->quoted;
}

/* "battle [NAME]" */
static void
line_battle(const struct campaignin *c, const struct toks *tk, long line)
{
	char *name;

	if (tk->n > 2) {
		DIAG(CAMP_AFTER_BATTLE, line, tk->v[2].col,
		    tok_str(&tk->v[2]));
		return;
	}
	name = tk->n == 2 ? xstrndup(tk->v[1].s, tk->v[1].len) : NULL;
	c->battle(c->ctx, name);
	free(name);
}

static void
line_record(const struct campaignin *c, const struct toks *tk, long line)
{
	static const char *const side_kws[] = { "side", "battle" };
	static const char *const pc_kws[] = { "pc" };
	const struct tok *kw = &tk->v[0];

	if (c->side != NULL && keyword(kw, "battle"))
		line_battle(c, tk, line);
	else if (keyword(kw, c->side != NULL ? "side" : "pc"))
		record(c, kw, tk->n > 1 ? &tk->v[1] : NULL, tk->v + 2,
		    tk->n > 2 ? tk->n - 2 : 0, line, line, NULL, false);
	else if (c->side != NULL)
		unknown(kw, line, side_kws, 2, false);
	else
		unknown(kw, line, pc_kws, 1, false);
}

static void
read_lines(const struct campaignin *c, struct input *in)
{
	struct toks tk = {0};
	const char *line;
	size_t len;

	if (c->start != NULL)
		c->start(c->ctx, NULL);
	while (input_getline(in, &line, &len)) {
		if (!utf8_valid(line, len)) {
			DIAG(CAMP_LINE_UTF8, in->line, 0);
			continue;
		}
		if (tok_split(&tk, line, len, in->line) < 0 || tk.n == 0)
			continue;
		line_record(c, &tk, in->line);
	}
	tok_free(&tk);
}

static void
xml_tok(struct tok *t, const char *key, const char *val)
{
	memset(t, 0, sizeof *t);
	t->s = key;
	t->len = t->klen = strlen(key);
	t->val = val;
	t->vlen = val != NULL ? strlen(val) : 0;
}

/* A side or pc element: its attributes are the record's flags (a bare
 * flag when "yes", none when "no"), its units are its children. */
/* Whether key is an attribute of the tool's XML output that is not an
 * input flag (the rolls of a result are its roll flag). */
static bool
result_attr(const char *key, bool side)
{
	static const char *const sides[] = { "battle", "battle-name",
	    "file", "line", "modifier", "total", "event", "ts-after", NULL };
	static const char *const pcs[] = { "battle", "file", "line",
	    "catastrophe", "fate", "catastrophe-damage", "ht-after",
	    "effective", "margin", "critical", "result", "no-rolls",
	    "strategy-as-catastrophe", NULL };
	const char *const *k;

	for (k = side ? sides : pcs; *k != NULL; k++)
		if (strcmp(key, *k) == 0)
			return true;
	return false;
}

/* The record's line: the line attribute of a result read back, else the
 * element's own. */
static long
record_line(xmlNodePtr n, long line)
{
	long v;

	return given_num(n, "line", line, 1, INT_MAX, &v) == 1 ? v : line;
}

static void
xml_record(const struct campaignin *c, struct xrec *x, long line,
    bool result)
{
	xmlNodePtr n = x->n;
	const struct flag_def *defs = c->side != NULL ? side_flags : pc_flags;
	int ndefs = c->side != NULL ? SF_N : PF_N, i;
	struct tok kw, nm, *v = NULL;
	char *name, **vals = NULL;
	size_t nv = 0, cap = 0, old, k;
	xmlNodePtr g;
	xmlAttrPtr a;

	xml_tok(&kw, (const char *)n->name, NULL);
	name = xmlio_attr(n, "name");
	xml_tok(&nm, name != NULL ? name : "", NULL);
	nm.quoted = true;
	for (a = n->properties; a != NULL; a = a->next) {
		const char *key = (const char *)a->name;

		if (strcmp(key, "name") == 0 || strcmp(key, "version") == 0 ||
		    (result && result_attr(key, c->side != NULL)))
			continue;
		for (i = 0; i < ndefs; i++)
			if (strcmp(key, defs[i].name) == 0)
				break;
		old = cap;
		v = xgrow(v, &cap, nv + 1, sizeof *v);
		vals = xfollow(vals, old, cap, sizeof *vals);
		vals[nv] = xmlio_attr(n, key);
		if (i < ndefs && defs[i].kind == FK_BARE) {
			if (strcmp(vals[nv], "yes") != 0) {
				xmlFree(vals[nv]);
				continue;
			}
			xml_tok(&v[nv], key, NULL);
		} else
			xml_tok(&v[nv], key, vals[nv]);
		if (result && strcmp(key, "rolls") == 0)
			xml_tok(&v[nv], "roll", vals[nv]);
		nv++;
	}
	/* the Glory roll of a pc read back */
	g = result && c->side == NULL ? child(n, "glory") : NULL;
	if (g != NULL) {
		old = cap;
		v = xgrow(v, &cap, nv + 1, sizeof *v);
		vals = xfollow(vals, old, cap, sizeof *vals);
		vals[nv] = xmlio_attr(g, "rolls");
		xml_tok(&v[nv], "glory-roll", vals[nv]);
		nv++;
	}
	record(c, &kw, name != NULL ? &nm : NULL, v, nv, line,
	    result ? record_line(n, line) : line, x, result);
	for (k = 0; k < nv; k++)
		xmlFree(vals[k]);
	free(vals);
	free(v);
	xmlFree(name);
}

/* The root element: the tool's input or its output read back (whose
 * seed goes to the start handler); 1 output, 0 input, -1 neither. */
static int
xml_root(const struct campaignin *c, xmlTextReaderPtr r, const char *name)
{
	const char *root = c->side != NULL ? "battles" : "party";
	const char *out = c->side != NULL ? "catastrophes" : "survival";
	char *v = NULL;
	int res = strcmp(name, out) == 0;

	if (!res && strcmp(name, root) != 0) {
		DIAG(CAMP_ROOT, xmlio_line(r), 0, name, root);
		return -1;
	}
	if (res)
		v = xmlio_value(NULL, "seed", (char *)
		    xmlTextReaderGetAttribute(r, (const xmlChar *)"seed"));
	if (c->start != NULL)
		c->start(c->ctx, v);
	xmlFree(v);
	return res;
}

/* A side of campaign-catastrophe's output read back: its battle
 * attribute (none before any battle line) starts the battles up to
 * it, *cur the last one started. */
static void
xml_side_battle(const struct campaignin *c, xmlTextReaderPtr r, long *cur)
{
	char *v = xmlio_value(NULL, "battle", (char *)
	    xmlTextReaderGetAttribute(r, (const xmlChar *)"battle"));
	long b;

	if (v == NULL) {
		if (*cur == 0)
			*cur = 1;       /* the sides before any battle line */
		return;
	}
	/* a hand-made number far ahead starts one battle, not millions */
	if (num_longs(v, 1, *cur + 1000, &b) < 0)
		b = *cur + 1;
	xmlFree(v);
	while (*cur < b) {
		v = ++*cur == b ? (char *)xmlTextReaderGetAttribute(r,
		    (const xmlChar *)"battle-name") : NULL;
		c->battle(c->ctx, v);
		xmlFree(v);
	}
}

static void
xrec_clear(struct xrec *x)
{
	if (x->n != NULL && x->own)
		xmlFreeNode(x->n);
	x->n = NULL;
	x->own = false;
	x->kids = false;
	cat_units_free(&x->units);
	sbuf_reset(&x->bad);
	x->isbad = false;
}

/* The record element the reader is on, read to its end into x: 1, the
 * reader on its end (or on it when empty), or the reader's status. */
static int
xrec_read(xmlTextReaderPtr r, const char *file, struct xrec *x)
{
	xmlNodePtr e = xmlTextReaderCurrentNode(r), c, keep;
	int depth = xmlTextReaderDepth(r), rc, hits = 0, effect = 0, odds = 0,
	    glory = 0;
	const char *name;

	/* an empty one is read where it is, until the reader moves on */
	if (xmlTextReaderIsEmptyElement(r) == 1) {
		x->n = e;
		return 1;
	}
	/* (libxml2 allocates with xmalloc: a copy does not fail) */
	if ((x->n = xmlDocCopyNode(e, e->doc, 2)) == NULL)
		return -1;
	x->own = true;
	while ((rc = xmlio_read(r, file)) == 1) {
		if (xmlTextReaderDepth(r) == depth)
			return 1;          /* its end */
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT ||
		    xmlTextReaderDepth(r) != depth + 1)
			continue;
		x->kids = true;
		c = xmlTextReaderCurrentNode(r);
		name = (const char *)c->name;
		if (strcmp(name, "unit") == 0) {
			xrec_unit(x, c);
			continue;
		}
		/* the first of each the record reads (the hits it reads
		 * at most) */
		if ((strcmp(name, "effect") == 0 && effect++ == 0) ||
		    (strcmp(name, "odds") == 0 && odds++ == 0) ||
		    (strcmp(name, "glory") == 0 && glory++ == 0) ||
		    (strcmp(name, "hit") == 0 && hits++ < SURV_HITS_MAX)) {
			if ((keep = xmlDocCopyNode(c, c->doc, 2)) != NULL)
				xmlAddChild(x->n, keep);
		}
	}
	return rc;
}

static void
read_xml(const struct campaignin *c, struct input *in)
{
	static xmlRelaxNGPtr schemas[2];
	const char *rec = c->side != NULL ? "side" : "pc";
	int k = c->side != NULL, rc, type, result = 0;
	xmlTextReaderPtr r;
	const char *name;
	struct xrec x;
	char *v;
	long hint = 0, cur = 0, line;

	if (schemas[k] == NULL)
		schemas[k] = k ? xmlio_schema(catastrophe_rng,
		    catastrophe_rng_len, "catastrophe.rng") :
		    xmlio_schema(survival_rng, survival_rng_len,
		    "survival.rng");
	r = xmlio_reader(in);
	if (r == NULL)
		return;
	memset(&x, 0, sizeof x);
	xmlio_reader_schema(r, schemas[k]);
	rc = xmlio_read(r, in->name);
	while (rc == 1) {
		type = xmlTextReaderNodeType(r);
		name = (const char *)xmlTextReaderConstLocalName(r);
		if (type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE ||
		    type == XML_READER_TYPE_WHITESPACE ||
		    type == XML_READER_TYPE_TEXT)
			hint = xmlio_line(r);
		/* the sides after a battle element form a new one */
		if (type == XML_READER_TYPE_END_ELEMENT && k &&
		    strcmp(name, "battle") == 0)
			c->battle(c->ctx, NULL);
		if (type != XML_READER_TYPE_ELEMENT) {
			rc = xmlio_read(r, in->name);
			continue;
		}
		if (xmlTextReaderDepth(r) == 0 &&
		    (result = xml_root(c, r, name)) < 0)
			break;
		if (k && strcmp(name, "battle") == 0) {
			v = (char *)xmlTextReaderGetAttribute(r,
			    (const xmlChar *)"name");
			c->battle(c->ctx, v);
			xmlFree(v);
			if (xmlTextReaderIsEmptyElement(r) == 1)
				c->battle(c->ctx, NULL);
		} else if (strcmp(name, rec) == 0) {
			if (k && result)
				xml_side_battle(c, r, &cur);
			if ((rc = xrec_read(r, in->name, &x)) != 1)
				break;
			line = xmlio_node_line(xmlTextReaderCurrentNode(r),
			    hint);
			if (!k || !result || side_shape(x.n, in->name, line))
				xml_record(c, &x, line, result);
			xrec_clear(&x);
			rc = xmlio_read(r, in->name);
			continue;
		}
		rc = xmlio_read(r, in->name);
	}
	xrec_clear(&x);
	sbuf_free(&x.bad);
	if (rc < 0 || xmlTextReaderIsValid(r) == 0)
		diag_raise(EXIT_DATA);
	xmlFreeTextReader(r);
}

/* ---- campaign-survival --battle: campaign-catastrophe's XML output */

struct unit_ctx {
	struct struck *s;
	const char *side;
};

static bool
add_unit_cb(void *ctx, size_t i, const struct cat_unit *u)
{
	struct unit_ctx *c = ctx;

	(void)i;
	struck_add_unit(c->s, c->side, u->name);
	return true;
}

/* A side read by xrec_read to s: its effect on the leader, its units
 * (those of the first side of a name only). */
static void
struck_side(struct struck *s, struct xrec *x)
{
	static const char *const fates[] = { "", "wounded", "killed",
	    "unconscious" };
	struct struck_side ss = { NULL, NULL, FATE_NONE, 0 };
	char *name = xmlio_attr(x->n, "name"), *event, *leader = NULL, *v;
	xmlNodePtr e = child(x->n, "effect");
	struct unit_ctx uc = { s, name != NULL ? name : "" };
	long dmg;
	size_t i;

	event = xmlio_attr(x->n, "event");
	if (e != NULL) {
		leader = xmlio_attr(e, "leader");
		v = xmlio_attr(e, "leader-fate");
		for (i = 1; v != NULL && i < 4; i++)
			if (strcmp(v, fates[i]) == 0)
				ss.fate = (enum cat_fate)i;
		xmlFree(v);
		v = xmlio_attr(e, "damage");
		if (v != NULL && num_longs(v, 0, 100000, &dmg) == 0)
			ss.damage = (int)dmg;
		xmlFree(v);
	}
	ss.event = event;
	ss.leader = leader;
	if (struck_add_side(s, uc.side, &ss))
		cat_units_each(&x->units, add_unit_cb, &uc);
	xmlFree(name);
	xmlFree(event);
	xmlFree(leader);
}

int
campaignin_struck_load(struct struck *s, const char *path)
{
	static xmlRelaxNGPtr schema;
	struct input in;
	xmlTextReaderPtr r;
	struct xrec x;
	const char *name;
	int rc, bad = 0, valid;
	long line;

	memset(s, 0, sizeof *s);
	if (input_open(&in, path) < 0)
		return -1;
	if ((rc = input_first_byte(&in)) != '<') {
		/* text (campaign-catastrophe's input, say), or nothing */
		if (rc != -1)
			DIAG_AT(CAMP_BATTLE_TEXT, path, 0, 0);
		else
			DIAG_AT(CAMP_BATTLE_EMPTY, path, 0, 0);
		input_close(&in);
		diag_raise(EXIT_DATA);
		return -1;
	}
	if (schema == NULL)
		schema = xmlio_schema(catastrophe_rng, catastrophe_rng_len,
		    "catastrophe.rng");
	if ((r = xmlio_reader(&in)) == NULL) {
		input_close(&in);
		return -1;
	}
	memset(&x, 0, sizeof x);
	xmlio_reader_schema(r, schema);
	/* read as a stream, validated as it goes: a side's units go to
	 * the keymap, the side's other children are kept until its end */
	rc = xmlio_read(r, path);
	while (rc == 1) {
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT) {
			rc = xmlio_read(r, path);
			continue;
		}
		name = (const char *)xmlTextReaderConstLocalName(r);
		if (xmlTextReaderDepth(r) == 0 &&
		    strcmp(name, "catastrophes") != 0) {
			DIAG_AT(CAMP_BATTLE_ROOT, path, xmlio_line(r), 0, name);
			bad = 1;
			break;
		}
		if (xmlTextReaderDepth(r) == 1 && strcmp(name, "side") == 0) {
			line = xmlio_line(r);
			if ((rc = xrec_read(r, path, &x)) != 1)
				break;
			if (!side_shape(x.n, path, line))
				bad = 1;
			else if (!bad)
				struck_side(s, &x);
			xrec_clear(&x);
		}
		rc = xmlio_read(r, path);
	}
	xrec_clear(&x);
	sbuf_free(&x.bad);
	valid = xmlTextReaderIsValid(r);
	xmlFreeTextReader(r);
	input_close(&in);
	if (!bad && rc == 0 && valid == 0)
		DIAG_AT(CAMP_BATTLE_SCHEMA, path, 0, 0, "catastrophe.rng");
	if (bad || rc != 0 || valid == 0) {
		diag_raise(EXIT_DATA);
		struck_free(s);
		return -1;
	}
	return 0;
}

void
campaignin_read(const struct campaignin *c, struct input *in)
{
	if (input_first_byte(in) == '<')
		read_xml(c, in);
	else
		read_lines(c, in);
}
