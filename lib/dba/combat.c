/* The combat engine: pure functions of a combat and a rules table. */
#include <string.h>

#include "dba/combat.h"
#include "rules/troop.h"

static const char *const flag_names[F_N] = {
	"general", "uphill", "riverbank", "ford", "river-roll", "camp",
	"attacks-camp", "difficult", "overlap", "flank", "rear", "support",
	"psiloi", "shot", "bow-contact", "shooters", "bua", "charged",
	"rough", "side", "attackers"
};
static const char *const reason_names[R_N] = {
	"general", "uphill", "riverbank", "camp", "support", "psiloi",
	"overlap", "flank", "rear", "shooters", "difficult",
	"opponent-difficult", "bua", "side", "double", "assault"
};
static const char *const why_names[WHY_N] = {
	"", "shot", "bow-contact", "difficult", "attacks-camp",
	"not-vs-mounted", "not-vs", "not-solid"
};
static const char *const rkind_names[] = { "draw", "beaten", "doubled" };

const char *
flag_name(int f)
{
	return flag_names[f];
}

const char *
reason_name(int r)
{
	return reason_names[r];
}

const char *
why_name(int w)
{
	return why_names[w];
}

const char *
rkind_name(int k)
{
	return rkind_names[k];
}

bool
combat_judged(const struct rules *r, int troop)
{
	return troop >= 0 && troop < RULES_MAXTROOPS && r->t[troop].known;
}

struct rules_count
combat_count(const struct rules *r, int f)
{
	static const int rc[F_N] = {
		[F_OVERLAP] = RC_OVERLAP + 1, [F_FLANK] = RC_FLANK + 1,
		[F_REAR] = RC_REAR + 1, [F_SHOOTERS] = RC_SHOOTERS + 1,
		[F_ATTACKERS] = RC_ATTACKERS + 1,
	};
	struct rules_count none = { 0, 0, 0 }, face = { 1, r->die, -1 };

	if (f == F_RIVER_ROLL)
		return face;
	return rc[f] > 0 ? r->count[rc[f] - 1] : none;
}

static int
cls_of(const struct rules *r, const struct side *s)
{
	return rules_class(r, s->troop, s->sub);
}

/* Either position off good going: bad (difficult) or rough. */
static bool
off_good(const struct side *s)
{
	return s->has[F_DIFFICULT] || s->has[F_ROUGH];
}

static void
add(struct side_result *sr, int reason, int value, int why)
{
	if (sr->nmods >= COMBAT_MAXMODS)
		return;
	sr->mods[sr->nmods].reason = reason;
	sr->mods[sr->nmods].value = value;
	sr->mods[sr->nmods].why = why;
	sr->nmods++;
	sr->total += value;
}

/* Does this side attack a camp (given, or its opponent defends one)? */
static bool
attacks_camp(const struct combat *c, int i)
{
	return c->s[i].has[F_ATTACKS_CAMP] ||
	    (!c->shooting && c->s[1 - i].has[F_CAMP]);
}

/* Is the opponent one that support w counts against? */
static bool
support_vs(const struct rules *r, const struct rules_support *w,
    const struct side *o)
{
	return rules_support_vs(r, w, o->troop, o->sub);
}

/* The rear support row of t against o: the first whose vs holds, else
 * the first (which then adds nothing). */
static void
rear_row(const struct rules *r, const struct rules_troop *t,
    const struct side *o, int *value, const struct rules_support **w)
{
	int k;

	*value = t->rear;
	*w = &t->rear_when;
	if (!t->rear_when.has_vs || support_vs(r, &t->rear_when, o))
		return;
	for (k = 0; k < t->nrear_alt; k++)
		if (!t->rear_alt_when[k].has_vs ||
		    support_vs(r, &t->rear_alt_when[k], o)) {
			*value = t->rear_alt[k];
			*w = &t->rear_alt_when[k];
			return;
		}
}

static void
support(const struct rules *r, const struct combat *c, int i,
    struct side_result *sr)
{
	const struct side *s = &c->s[i], *o = &c->s[1 - i];
	const struct rules_troop *t = &r->t[s->troop];
	const struct rules_support *rw;
	int why = WHY_NONE, value;

	if (s->has[F_SUPPORT] && t->has_rear) {
		rear_row(r, t, o, &value, &rw);
		if (s->has[F_SHOT] && r->cancel_shot)
			why = WHY_SHOT;
		else if (s->has[F_BOW_CONTACT] ||
		    r->t[o->troop].cancels_support)
			why = WHY_BOW_CONTACT;
		else if (off_good(s) || (rw->good_only && off_good(o)))
			why = WHY_DIFFICULT;
		else if (attacks_camp(c, i))
			why = WHY_ATTACKS_CAMP;
		else if (rw->has_vs && !support_vs(r, rw, o))
			why = WHY_NOT_VS;
		add(sr, R_SUPPORT, why == WHY_NONE ? value : 0, why);
	}
	why = WHY_NONE;
	if (s->has[F_SIDE] && t->has_side) {
		if (t->side_foot != FOOT_NONE &&
		    rules_foot(r, s->troop, s->sub) != t->side_foot)
			why = WHY_NOT_SOLID;
		else if (off_good(s) || (t->side_when.good_only &&
		    off_good(o)))
			why = WHY_DIFFICULT;
		else if (attacks_camp(c, i))
			why = WHY_ATTACKS_CAMP;
		else if (t->side_when.has_vs &&
		    !support_vs(r, &t->side_when, o))
			why = WHY_NOT_VS;
		add(sr, R_SIDE, why == WHY_NONE ? t->side : 0, why);
	}
	why = WHY_NONE;
	if (s->has[F_PSILOI] && t->has_psiloi) {
		if (t->psiloi_when.has_vs) {
			if (!support_vs(r, &t->psiloi_when, o))
				why = WHY_NOT_VS;
		} else if (cls_of(r, o) != CLASS_MOUNTED &&
		    !attacks_camp(c, i))
			why = WHY_NOT_VS_MOUNTED;
		add(sr, R_PSILOI, why == WHY_NONE ? t->psiloi : 0, why);
	}
}

/* A double element's +1: against the rules' opponents, in good going,
 * not at a city, fort or camp. */
static void
double_bonus(const struct rules *r, const struct combat *c, int i,
    struct side_result *sr)
{
	const struct side *s = &c->s[i], *o = &c->s[1 - i];
	const struct rules_subtype *st = rules_subtype(r, s->sub);

	if (st == NULL || !st->dbl || r->tf[TF_DOUBLE] == 0 || c->shooting)
		return;
	if (!((r->double_vs & ((uint64_t)1 << o->troop)) != 0 ||
	    (r->double_vs_classes & (1u << cls_of(r, o))) != 0))
		return;
	if (r->double_good_only && (off_good(s) || off_good(o)))
		return;
	if (s->has[F_CAMP] || s->has[F_BUA] || o->has[F_CAMP] ||
	    o->has[F_BUA] || attacks_camp(c, i))
		return;
	add(sr, R_DOUBLE, r->tf[TF_DOUBLE], WHY_NONE);
}

static bool
applies(const struct rules *r, int tf, int cls)
{
	return (r->tf_applies[tf] & (1u << cls)) != 0;
}

/* Add n times tactical factor tf when it applies to the side's class
 * and troop. */
static void
tf_add(const struct rules *r, struct side_result *sr, int tf, int reason,
    int n)
{
	if (applies(r, tf, sr->cls) &&
	    (r->tf_except[tf] & ((uint64_t)1 << sr->troop)) == 0)
		add(sr, reason, n * r->tf[tf], WHY_NONE);
}

/* Side i, of class cls[i] against cls[1 - i]. */
static void
eval_side(const struct rules *r, const struct combat *c, int i,
    const int *cls, struct side_result *sr)
{
	const struct side *s = &c->s[i], *o = &c->s[1 - i];
	bool close = !c->shooting, target = c->shooting && i == 1;
	bool river;
	int n, ocls = cls[1 - i];

	/* no memset: the mods past nmods are never read */
	sr->nmods = 0;
	sr->cls = cls[i];
	sr->troop = s->troop;
	if (s->has[F_BUA] && r->t[s->troop].has_bua)
		sr->factor = r->t[s->troop].factor_bua[ocls];
	else if (close && r->assault_vs_foot && (attacks_camp(c, i) ||
	    o->has[F_BUA]))    /* dba3: assaulting a city, fort or camp */
		sr->factor = r->t[s->troop].factor[CLASS_FOOT];
	else
		sr->factor = c->shooting && r->t[s->troop].has_shoot ?
		    r->t[s->troop].factor_shoot[ocls] :
		    r->t[s->troop].factor[ocls];
	sr->total = sr->factor;
	if (s->has[F_GENERAL] && (close || target))
		tf_add(r, sr, TF_GENERAL, R_GENERAL, 1);
	river = s->has[F_RIVERBANK] && !s->has[F_FORD] &&
	    (!s->has[F_RIVER_ROLL] ||
	    (s->val[F_RIVER_ROLL] <= RULES_MAXDIE &&
	    (r->river_rolls >> s->val[F_RIVER_ROLL] & 1u) != 0));
	if (close && s->has[F_UPHILL])
		tf_add(r, sr, TF_UPHILL, R_UPHILL, 1);
	else if (close && river)
		tf_add(r, sr, TF_RIVERBANK, R_RIVERBANK, 1);
	if (s->has[F_CAMP])
		tf_add(r, sr, TF_CAMP, R_CAMP, 1);
	if (s->has[F_BUA])
		tf_add(r, sr, TF_BUA, R_BUA, 1);
	if (close && (n = s->val[F_ATTACKERS]) > 1 && r->assault != 0)
		add(sr, R_ASSAULT, (n - 1) * r->assault, WHY_NONE);
	if (close) {
		support(r, c, i, sr);
		double_bonus(r, c, i, sr);
	}
	if ((n = s->val[F_OVERLAP]) > 0 && close)
		tf_add(r, sr, TF_OVERLAP, R_OVERLAP, n);
	if ((n = s->val[F_FLANK]) > 0 && close)
		tf_add(r, sr, TF_FLANK, R_FLANK, n);
	if ((n = s->val[F_REAR]) > 0 && close)
		tf_add(r, sr, TF_REAR, R_REAR, n);
	if (target && (n = s->val[F_SHOOTERS]) > r->shooters_free)
		tf_add(r, sr, TF_SHOOTERS, R_SHOOTERS, n - r->shooters_free);
	if (sr->cls == CLASS_MOUNTED) {
		if (r->t[s->troop].diff_exempt ||
		    (r->diff_close_only && !close))
			;
		else if (s->has[F_DIFFICULT])
			add(sr, R_DIFFICULT, r->tf[TF_DIFF_MOUNTED], WHY_NONE);
		else if (o->has[F_DIFFICULT] && r->diff_opponent)
			add(sr, R_OPP_DIFFICULT, r->tf[TF_DIFF_MOUNTED],
			    WHY_NONE);
	} else if (close && s->has[F_DIFFICULT] &&
	    !r->t[s->troop].diff_exempt)
		add(sr, R_DIFFICULT, r->tf[TF_DIFF_FOOT], WHY_NONE);
}

void
combat_eval(const struct rules *r, const struct combat *c,
    struct combat_result *cr)
{
	int cls[2] = { cls_of(r, &c->s[0]), cls_of(r, &c->s[1]) };

	eval_side(r, c, 0, cls, &cr->side[0]);
	eval_side(r, c, 1, cls, &cr->side[1]);
	cr->has_result = false;
	cr->has_odds = false;
}

/* The situation of an outcome with side l the loser. */
static void
when_of(const struct combat *c, int l, struct rules_when *when)
{
	int w = 1 - l;

	memset(when, 0, sizeof *when);
	when->difficult = c->s[0].has[F_DIFFICULT] ||
	    c->s[1].has[F_DIFFICULT];
	when->rough = c->s[0].has[F_ROUGH] || c->s[1].has[F_ROUGH];
	when->loser_difficult = c->s[l].has[F_DIFFICULT];
	when->loser_rough = c->s[l].has[F_ROUGH];
	when->shooting = c->shooting;
	when->loser_in = c->s[l].has[F_BUA] || c->s[l].has[F_CAMP];
	when->winner_in = c->s[w].has[F_BUA] || c->s[w].has[F_CAMP];
	when->loser_charged = c->s[l].has[F_CHARGED];
	when->lsub = c->s[l].sub;
	when->wsub = c->s[w].sub;
}

/* Equal scores that the rules give a loser (dba3: Kn against Bd): the
 * first side whose row has such an exception; in shooting only the
 * target. */
static void
equal_loser(const struct rules *r, const struct combat *c,
    struct result *res)
{
	struct rules_when when;
	int l, o;

	for (l = c->shooting ? 1 : 0; l < 2; l++) {
		when_of(c, l, &when);
		o = rules_outcome_equal(r, c->s[l].troop, c->s[1 - l].troop,
		    &when, &res->used);
		if (o >= 0) {
			res->winner = 2 - l;
			res->outcome = o;
			return;
		}
	}
}

/* How a pair of dice ends: 0 equal scores, else 1 + 2 * the losing
 * side (0 or 1) + 1 when doubled.  The outcome hangs on no more. */
static int
pair_key(const struct rules *r, const struct combat_result *cr, int d1,
    int d2)
{
	int a = cr->side[0].total + d1, b = cr->side[1].total + d2;

	if (a == b)
		return 0;
	if (a > b)
		return 3 + (r->doubled * b <= a);
	return 1 + (r->doubled * a <= b);
}

void
combat_resolve(const struct rules *r, const struct combat *c,
    const struct combat_result *cr, int d1, int d2, struct result *res)
{
	int k = pair_key(r, cr, d1, d2), l;
	struct rules_when when;

	res->score[0] = cr->side[0].total + d1;
	res->score[1] = cr->side[1].total + d2;
	res->used = NULL;
	if (k == 0) {
		res->winner = 0;
		res->kind = RES_DRAW;
		res->outcome = OUT_NONE;
		equal_loser(r, c, res);
		return;
	}
	l = (k - 1) / 2;
	res->winner = 2 - l;
	res->kind = (k - 1) % 2 != 0 ? RES_DOUBLED : RES_BEATEN;
	if (c->shooting && l == 0) {
		res->outcome = OUT_NONE;
		return;
	}
	when_of(c, l, &when);
	res->outcome = rules_outcome_when(r, c->s[l].troop, c->s[1 - l].troop,
	    res->kind == RES_DOUBLED, &when, &res->used);
}

void
combat_odds(const struct rules *r, const struct combat *c,
    const struct combat_result *cr, struct odds *o)
{
	struct result memo[5];      /* by pair_key, resolved at its first pair */
	const struct result *res;
	unsigned seen = 0;
	int a, b, k;

	memset(o, 0, sizeof *o);
	o->pairs = r->die * r->die;
	for (a = 1; a <= r->die; a++)
		for (b = 1; b <= r->die; b++) {
			k = pair_key(r, cr, a, b);
			if ((seen & 1u << k) == 0) {
				combat_resolve(r, c, cr, a, b, &memo[k]);
				seen |= 1u << k;
			}
			res = &memo[k];
			if (res->kind == RES_DRAW) {
				o->draws++;
				if (res->winner != 0)
					o->out[2 - res->winner][res->outcome]++;
				continue;
			}
			if (res->winner == 1) {
				o->first_wins++;
				o->first_doubles += res->kind == RES_DOUBLED;
			} else {
				o->second_wins++;
				o->second_doubles += res->kind == RES_DOUBLED;
			}
			o->out[2 - res->winner][res->outcome]++;
		}
}
