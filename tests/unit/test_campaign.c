/* Unit tests of the Catastrophe and Survival engines against the exact
 * odds of the tables (formats/catastrophe.xml, survival-table.xml). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaigntab.h"
#include "campaign/pairing.h"
#include "core/diag.h"
#include "core/xmlio.h"
#include "unit.h"

/* section 6: outcome counts by effective skill 3-16: CS, unhurt, hit1,
 * hit2, A, B, C, D */
static const int surv_counts[14][8] = {
	{ 4, 0, 0, 0, 6, 25, 46, 135 },
	{ 4, 0, 0, 0, 16, 36, 52, 108 },
	{ 4, 0, 0, 6, 25, 46, 54, 81 },
	{ 4, 0, 6, 10, 36, 52, 52, 56 },
	{ 4, 0, 16, 15, 46, 54, 46, 35 },
	{ 4, 0, 31, 21, 52, 52, 36, 20 },
	{ 4, 0, 52, 25, 54, 46, 25, 10 },
	{ 4, 6, 71, 27, 52, 36, 16, 4 },
	{ 4, 16, 88, 27, 46, 25, 6, 4 },
	{ 4, 31, 100, 25, 36, 16, 0, 4 },
	{ 4, 52, 104, 21, 25, 6, 0, 4 },
	{ 4, 77, 100, 15, 16, 0, 0, 4 },
	{ 10, 98, 88, 10, 6, 0, 0, 4 },
	{ 20, 115, 71, 6, 3, 0, 0, 1 },
};

static const unsigned long long single[11] = {
	35, 46, 27, 27, 25, 21, 15, 10, 6, 3, 1
};
static const unsigned long long luck3[11] = {
	4147955, 3469366, 1200663, 728271, 355825, 132741, 34875, 7000, 936,
	63, 1
};

static struct surv_table st;

static void
test_survival_table(void)
{
	int skill, a, b, c, k, n[8];
	enum surv_crit cr;
	enum surv_result r;

	for (skill = 3; skill <= 16; skill++) {
		memset(n, 0, sizeof n);
		for (a = 1; a <= 6; a++)
			for (b = 1; b <= 6; b++)
				for (c = 1; c <= 6; c++) {
					r = surv_lookup(&st, a + b + c, skill,
					    &cr);
					if (cr == CRIT_SUCCESS)
						n[0]++;
					else
						n[1 + r]++;
				}
		for (k = 0; k < 8; k++)
			CHECK(n[k] == surv_counts[skill - 3][k]);
	}
}

static void
test_criticals(void)
{
	CHECK(surv_critical(&st, 3, -5) == CRIT_SUCCESS);
	CHECK(surv_critical(&st, 4, 3) == CRIT_SUCCESS);
	CHECK(surv_critical(&st, 5, 14) == CRIT_NO);
	CHECK(surv_critical(&st, 5, 15) == CRIT_SUCCESS);
	CHECK(surv_critical(&st, 6, 15) == CRIT_NO);
	CHECK(surv_critical(&st, 6, 16) == CRIT_SUCCESS);
	CHECK(surv_critical(&st, 17, 15) == CRIT_FAILURE);
	CHECK(surv_critical(&st, 17, 16) == CRIT_NO);
	CHECK(surv_critical(&st, 18, 16) == CRIT_FAILURE);
	CHECK(surv_critical(&st, 15, 5) == CRIT_FAILURE);
	CHECK(surv_critical(&st, 14, 5) == CRIT_NO);
}

static void
test_battle_skill(void)
{
	struct surv_pc p;
	int lo, hi, wl, wh;

	memset(&p, 0, sizeof p);
	CHECK(surv_battle(&st, &p) == -1);
	p.has_iq = true;
	p.iq = 12;
	p.weapon = 15;
	CHECK(surv_battle(&st, &p) == 10);          /* (6 + 15) / 2 */
	p.has_tactics = true;
	p.tactics = 4;
	CHECK(surv_battle(&st, &p) == 10);          /* the default is better */
	p.tactics = 13;
	CHECK(surv_battle(&st, &p) == 14);
	p.reflexes = p.danger = true;
	CHECK(surv_battle(&st, &p) == 17);
	p.has_iq = false;
	p.tactics = 0;
	p.weapon = 1;
	p.reflexes = p.danger = false;
	CHECK(surv_battle(&st, &p) == 0);
	p.has_iq = true;
	p.iq = 1;
	p.has_tactics = false;
	p.weapon = 0;
	CHECK(surv_battle(&st, &p) == -3);          /* floor(-5 / 2) */
	memset(&p, 0, sizeof p);
	surv_risk_limits(&st, &p, &lo, &wl, &hi, &wh);
	CHECK(lo == -6 && hi == 6);
	CHECK(wl == TRAIT_N && wh == TRAIT_N);
	p.trait[TRAIT_COWARDICE] = p.trait[TRAIT_BERSERK] = true;
	surv_risk_limits(&st, &p, &lo, &wl, &hi, &wh);
	CHECK(lo == -1 && hi == 0);
	CHECK_STR(surv_trait_name(wl), "cowardice");
	CHECK_STR(surv_trait_name(wh), "berserk");
	p.trait[TRAIT_COWARDICE] = p.trait[TRAIT_BERSERK] = false;
	p.trait[TRAIT_RESERVE] = p.trait[TRAIT_OVERCONFIDENCE] = true;
	surv_risk_limits(&st, &p, &lo, &wl, &hi, &wh);
	CHECK(lo == -1 && hi == 1);
	CHECK_STR(surv_trait_name(wl), "reserve");
	CHECK_STR(surv_trait_name(wh), "overconfidence");
}

static void
test_columns(void)
{
	int h, d, a, v;

	surv_column(&st, 3, RES_A, &h, &d, &a, &v);
	CHECK(h == 1 && d == 1 && a == 2 && v == 1);
	surv_column(&st, 0, RES_D, &h, &d, &a, &v);
	CHECK(h == 3 && d == 2 && a == 2 && v == 1);
	surv_column(&st, 5, RES_B, &h, &d, &a, &v);
	CHECK(h == 2 && d == 2 && a == 0 && v == 1);
	surv_column(&st, 7, RES_C, &h, &d, &a, &v);
	CHECK(h == 2 && d == 7 && a == 0);
	surv_column(&st, 8, RES_A, &h, &d, &a, &v);
	CHECK(h == 1 && d == 5);
	surv_column(&st, 9, RES_D, &h, &d, &a, &v);
	CHECK(h == 3 && d == 12 && v == 1);
	surv_column(&st, 13, RES_B, &h, &d, &a, &v);
	CHECK(h == 2 && d == 13 && v == 2);
	surv_column(&st, 14, RES_C, &h, &d, &a, &v);
	CHECK(h == 2 && d == 28 && v == 5);
	surv_column(&st, 16, RES_D, &h, &d, &a, &v);
	CHECK(h == 3 && d == 32 && v == 10);
	CHECK_STR(surv_location(&st, 3), "skull");
	CHECK_STR(surv_location(&st, 5), "face");
	CHECK_STR(surv_location(&st, 7), "right-leg");
	CHECK_STR(surv_location(&st, 8), "right-arm");
	CHECK_STR(surv_location(&st, 10), "torso");
	CHECK_STR(surv_location(&st, 11), "groin");
	CHECK_STR(surv_location(&st, 12), "left-arm");
	CHECK_STR(surv_location(&st, 14), "left-leg");
	CHECK_STR(surv_location(&st, 15), "hand");
	CHECK_STR(surv_location(&st, 16), "foot");
	CHECK_STR(surv_location(&st, 18), "neck");
}

/* the damage table of campaign-catastrophe(1), written out as
 * formulas, for every TL */
static void
test_columns_all(void)
{
	int tl, r, h, d, a, v, wd, wa, wv, small;

	for (tl = 0; tl <= 16; tl++)
		for (r = RES_A; r <= RES_D; r++) {
			small = r == RES_A || r == RES_B;
			wa = 0;
			wv = 1;
			if (tl <= 3) {
				wd = small ? 1 : 2;
				wa = 2;
			} else if (tl <= 7)
				wd = small ? tl / 2 : tl;
			else if (tl <= 9)
				wd = small ? tl - 3 : tl + 3;
			else {
				wd = small ? tl : 2 * tl;
				wv = tl <= 13 ? 2 : tl == 14 ? 5 : 10;
			}
			CHECK(surv_column(&st, tl, (enum surv_result)r, &h, &d,
			    &a, &v) == 0);
			CHECK(h == (r == RES_A ? 1 : r == RES_D ? 3 : 2));
			CHECK(d == wd && a == wa && v == wv);
		}
}

static void
test_survival_run(void)
{
	struct surv_pc p;
	struct dice d;

	memset(&p, 0, sizeof p);
	p.has_tactics = p.has_weapon = p.has_ht = true;
	p.tactics = 20;
	p.weapon = 20;
	p.risk = 2;
	p.mod = -3;
	p.ht = 10;
	p.commander = true;
	p.given[0] = 11;
	p.ngiven = 1;
	p.has_glory = true;
	p.glory_given = 10;
	dice_stream(&d, 1, 1);
	surv_run(&st, &p, &d);
	CHECK(p.battle == 20);
	CHECK(p.effective == 16);              /* 20 + 2 - 3, capped */
	CHECK(p.result == RES_UNHURT);
	CHECK(p.glory_skill == 16);            /* min(16, 20 - 2) */
	CHECK(p.glory_margin == 6);
	p.given[0] = 16;
	surv_run(&st, &p, &d);
	CHECK(p.result == RES_HIT2 && p.damage == 2 && p.ht_after == 8);
	CHECK(!p.strategy_catastrophe);
	p.given[0] = 18;
	p.tl = 16;
	p.dr = 19;                             /* DR/10 = 1 */
	surv_run(&st, &p, &d);
	CHECK(p.result == RES_D && p.nhits == 3);
	CHECK(p.hits[0].damage == p.hits[0].rolled - 1);
	CHECK(p.strategy_catastrophe);
}

/* What a side's Catastrophe does to a PC (campaign-survival --battle):
 * the leader struck by 15-17, the commander by 16 and 18. */
static void
test_struck(void)
{
	static char side[] = "Rome", u1[] = "LegioI", u2[] = "LegioII",
	    cmd[] = "commander", ev15[] = "leader-wounded",
	    ev17[] = "leader-killed", ev16[] = "commander-wounded",
	    ev18[] = "commander-killed", pname[] = "Gaius", punit[] = "LegioI";
	struct struck_side ss = { ev17, u1, FATE_KILLED, 0 }, other = {
	    ev15, u2, FATE_WOUNDED, 3 };
	const struct struck_side *f;
	struct struck sb = { 0 };
	struct surv_pc p;
	struct dice d;

	/* the first side of a name is found, and only its units */
	CHECK(struck_find(&sb, "Rome") == NULL);
	CHECK(struck_add_side(&sb, side, &ss));
	struck_add_unit(&sb, side, u1);
	struck_add_unit(&sb, side, u2);
	CHECK(!struck_add_side(&sb, side, &other));
	CHECK(struck_add_side(&sb, "Carthage", &other));
	struck_add_unit(&sb, "Carthage", "Libyans");
	f = struck_find(&sb, "Rome");
	CHECK(f != NULL && f->fate == FATE_KILLED && f->damage == 0);
	CHECK(f != NULL && strcmp(f->event, ev17) == 0 &&
	    strcmp(f->leader, u1) == 0);
	f = struck_find(&sb, "Carthage");
	CHECK(f != NULL && f->fate == FATE_WOUNDED && f->damage == 3);
	CHECK(struck_find(&sb, "Carth") == NULL);
	CHECK(struck_has_unit(&sb, side, "LegioII"));
	CHECK(!struck_has_unit(&sb, side, "Legio"));
	CHECK(!struck_has_unit(&sb, side, "Libyans"));
	CHECK(struck_has_unit(&sb, "Carthage", "Libyans"));
	other.event = other.leader = NULL;
	CHECK(struck_add_side(&sb, "Odds", &other));
	f = struck_find(&sb, "Odds");
	CHECK(f != NULL && f->event == NULL && f->leader == NULL);
	struck_free(&sb);
	/* 17: the PC leading the unit is unconscious, no rolls at all */
	memset(&p, 0, sizeof p);
	p.name = pname;
	p.unit = punit;
	p.leader = p.has_tactics = p.has_weapon = p.has_ht = true;
	p.tactics = p.weapon = 12;
	p.ht = 11;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_UNCONSCIOUS && p.no_rolls);
	CHECK_STR(p.struck_event, "leader-killed");
	dice_stream(&d, 1, 1);
	surv_run(&st, &p, &d);
	CHECK(p.battle == 12 && p.nrolls == 0 && p.nhits == 0);
	CHECK(p.ht_after == 11 && p.strategy_catastrophe);
	CHECK_STR(surv_struck_name(p.struck), "unconscious");
	/* the same with the pc marked in the input (fate unconscious) */
	free(p.struck_own);
	memset(&p, 0, sizeof p);
	p.unit = punit;
	ss.fate = FATE_UNCONSCIOUS;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_UNCONSCIOUS && p.no_rolls);
	/* another unit's leader, or a commander, is not struck by 17 */
	free(p.struck_own);
	memset(&p, 0, sizeof p);
	p.unit = u2;
	p.commander = true;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_NONE && !p.no_rolls && p.struck_event == NULL);
	/* 15: the damage before the Survival roll, then the roll */
	ss.event = ev15;
	ss.fate = FATE_WOUNDED;
	ss.damage = 7;
	free(p.struck_own);
	memset(&p, 0, sizeof p);
	p.unit = punit;
	p.leader = p.has_tactics = p.has_weapon = p.has_ht = true;
	p.tactics = p.weapon = 12;
	p.ht = 8;
	p.given[0] = 9;                        /* made by 3: 1 HP */
	p.ngiven = 1;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_WOUNDED && !p.no_rolls &&
	    p.struck_damage == 7);
	surv_run(&st, &p, &d);
	CHECK(p.nrolls == 1 && p.result == RES_HIT1 && p.damage == 1);
	CHECK(p.ht_after == 0 && p.strategy_catastrophe);
	/* 16 and 18 strike the commander, not a unit named so */
	ss.leader = cmd;
	ss.event = ev16;
	free(p.struck_own);
	memset(&p, 0, sizeof p);
	p.unit = punit;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_NONE);
	p.commander = true;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_WOUNDED && p.struck_damage == 7);
	ss.event = ev18;
	ss.fate = FATE_KILLED;
	free(p.struck_own);
	memset(&p, 0, sizeof p);
	p.commander = true;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_UNCONSCIOUS && !p.no_rolls);
	CHECK_STR(p.struck_event, "commander-killed");
	/* an odds record struck nobody */
	ss.event = NULL;
	free(p.struck_own);
	memset(&p, 0, sizeof p);
	p.commander = true;
	struck_apply(&ss, &p);
	CHECK(p.struck == STRUCK_NONE);
	free(p.struck_own);
}

static void
test_catastrophe(struct cat_table *t)
{
	static const char *const ev[16] = { "none", "none", "none", "none",
	    "none", "surprise", "surprise", "reinforcements", "plans-known",
	    "friction", "atrocity", "defection", "leader-wounded",
	    "commander-wounded", "leader-killed", "commander-killed" };
	static const struct cat_unit u[3] = { { "a", 100, false },
	    { "b", 10, true }, { "c", 390, true } };
	unsigned long long c[16], w[ROLL_MAX + 1], of;
	struct cat_side s[2];
	struct dice d;
	int r;
	size_t i;

	for (r = 3; r <= 18; r++)
		CHECK_STR(t->rows[t->map[r]].event, ev[r - 3]);
	memset(s, 0, sizeof s);
	cat_odds(t, &s[0], c, &of);
	CHECK(of == 216);
	for (i = 0; i < 11; i++)
		CHECK(c[i] == single[i]);
	s[0].luck = true;
	cat_odds(t, &s[0], c, &of);
	CHECK(of == 10077696ULL);
	for (i = 0; i < 11; i++)
		CHECK(c[i] == luck3[i]);
	s[0].luck = false;
	s[0].power = 21;                       /* +10: 8 or more -> 18 */
	cat_odds(t, &s[0], c, &of);
	CHECK(c[0] == 0 && c[1] == 0 && c[10] == 181 && c[5] == 1);
	/* 17 for a PC leader: unconscious; 18 for a PC commander too */
	memset(s, 0, sizeof s);
	for (i = 0; i < 3; i++)
		cat_units_add(&s[0].units, u[i].name, 1, u[i].ts, u[i].pc);
	s[0].given[0] = 17;
	s[0].ngiven = 1;
	dice_stream(&d, 5, 1);
	cat_roll(t, &s[0], &d);
	CHECK(s[0].ts == 500);
	CHECK(s[0].unit == 0 || s[0].unit == 2);   /* b has 2% */
	CHECK(s[0].fate == (s[0].unit == 2 ? FATE_UNCONSCIOUS :
	    FATE_KILLED));
	s[0].given[0] = 18;
	s[0].pc_commander = true;
	s[0].has_strategy = true;
	s[0].strategy = 13;
	cat_roll(t, &s[0], &d);
	CHECK(s[0].fate == FATE_UNCONSCIOUS && s[0].strategy_after == 7);
	s[0].given[0] = 16;
	cat_roll(t, &s[0], &d);
	CHECK(s[0].fate == FATE_WOUNDED && s[0].damage >= 2 &&
	    s[0].damage <= 12);
	/* 14 with units: a defector, TS recalculated */
	s[0].given[0] = 14;
	cat_roll(t, &s[0], &d);
	CHECK(s[0].defector >= 0 && s[0].ts_after == 500 -
	    u[s[0].defector].ts);
	/* 10: the other side's TS +10%, rounded half up */
	cat_units_free(&s[0].units);
	s[0].has_ts = true;
	s[0].ts = 1000;
	s[0].given[0] = 10;
	s[1].has_ts = true;
	s[1].ts = 1005;
	s[1].given[0] = 5;
	s[1].ngiven = 1;
	cat_roll(t, &s[0], &d);
	cat_roll(t, &s[1], &d);
	cat_battle(t, s, 2);
	CHECK(s[0].ts_after == 1000 && s[1].ts_after == 1106);
	/* luck: the lowest of three, then the modifier, clamped */
	s[0].luck = true;
	s[0].given[0] = 15;
	s[0].given[1] = 12;
	s[0].given[2] = 17;
	s[0].ngiven = 3;
	s[0].power = 15;
	cat_roll(t, &s[0], &d);
	CHECK(s[0].total == 18 && s[0].modifier == 7);
	/* the culture swap */
	CHECK(cat_swap(t, 13, 14) == 0);
	CHECK_STR(t->rows[t->map[13]].event, "defection");
	CHECK_STR(t->rows[t->map[14]].event, "atrocity");
	CHECK(cat_swap(t, 13, 14) == 0);
	/* 13, atrocity: -1 to a failed Morale roll, +1 to a made one */
	CHECK(t->rows[t->map[13]].morale_roll &&
	    t->rows[t->map[13]].morale_fail == -1 &&
	    t->rows[t->map[13]].morale_success == 1);
	CHECK(t->rows[t->map[12]].morale_fail == 0 &&
	    t->rows[t->map[12]].morale_success == 0);
	CHECK(cat_swap(t, 2, 14) == -1);
	CHECK(roll_ways(&t->dice, w) == 216 && w[2] == 0 && w[3] == 1 &&
	    w[10] == 27 && w[18] == 1 && w[19] == 0);
}

/* The numbers come from the data: a table of other dice has other odds
 * (and leaves the rest to the built-in table); other Battle skill and
 * critical rules give other results. */
static void
test_data_drives(void)
{
	unsigned long long c[3], of;
	struct surv_table t2 = st;
	struct cat_table t;
	struct cat_side s;
	struct surv_pc p;
	struct dice d;
	int i, r;

	CHECK(cat_table_load(&t,
	    "tests/fixtures/catastrophe/table-2d6.xml") == 0);
	CHECK(t.dice.n == 2 && t.dice.sides == 6 && t.nrows == 3);
	CHECK(t.leader_pct == 20 && t.power_points == 2 &&
	    t.damage_sides == 6);
	memset(&s, 0, sizeof s);
	cat_odds(&t, &s, c, &of);
	CHECK(of == 36 && c[0] == 15 && c[1] == 6 && c[2] == 15);
	s.luck = true;
	cat_odds(&t, &s, c, &of);
	CHECK(of == 36 * 36 * 36 && c[0] + c[1] + c[2] == of);
	CHECK(cat_swap(&t, 2, 12) == 0 && cat_swap(&t, 2, 13) == -1);
	s.luck = false;
	dice_stream(&d, 3, 1);
	for (i = 0; i < 200; i++) {
		cat_roll(&t, &s, &d);
		CHECK(s.rolls[0] >= 2 && s.rolls[0] <= 12);
	}
	cat_table_free(&t);

	memset(&p, 0, sizeof p);
	p.has_iq = true;
	p.iq = 12;
	p.weapon = 15;
	CHECK(surv_battle(&st, &p) == 10);
	t2.tactics_iq = -5;
	t2.skill_div = 3;
	CHECK(surv_battle(&t2, &p) == 7);      /* (7 + 15) / 3 */
	p.reflexes = true;
	t2.reflexes = 4;
	CHECK(surv_battle(&t2, &p) == 11);
	CHECK(surv_critical(&st, 5, 3) == CRIT_NO);
	t2.crit[0].roll_max = 5;
	CHECK(surv_critical(&t2, 5, 3) == CRIT_SUCCESS);
	t2.ncrits = 0;
	CHECK(surv_critical(&t2, 3, 10) == CRIT_NO);
	t2.dice.n = 1;
	p.ngiven = 0;
	dice_stream(&d, 3, 1);
	for (i = 0; i < 100; i++) {
		surv_run(&t2, &p, &d);
		r = p.rolls[0];
		CHECK(r >= 1 && r <= 6 && p.glory_roll <= 6);
	}
}

/* The side pairing of campaign-catastrophe (lib/campaign/pairing): two
 * sides fight (the other's TS +10%), a third makes separate rolls, a
 * battle line starts a battle, a bad side is not handed on. */
static void
test_battle(const struct cat_table *t)
{
	static const char in_lines[] =
	    "side A ts=100 roll=10\n"
	    "side B ts=100 roll=5\n"
	    "battle \"X\"\n"
	    "side C ts=100 roll=10\n"
	    "side D ts=100 roll=5\n"
	    "side E roll=5 luck\n"
	    "side F ts=100 roll=5\n";
	static const char in_xml[] =
	    "<battles version=\"1\"><battle name=\"Y\">"
	    "<side name=\"G\" roll=\"10\"><unit name=\"u\" ts=\"50\"/></side>"
	    "<side name=\"H\" ts=\"100\" luck=\"yes\" roll=\"5/6/7\"/>"
	    "</battle><side name=\"I\" roll=\"3\"/></battles>";
	struct campaignout o;
	struct pairing b;
	struct input in;
	char *buf = NULL;
	size_t len = 0;

	memset(&o, 0, sizeof o);
	o.fmt = FMT_TSV;
	o.multi = true;         /* two inputs: the file column first */
	o.fp = open_memstream(&buf, &len);
	o.table = t;
	campaignout_begin(&o, "catastrophes");
	pairing_init(&b, &o, 1, t, NULL, 1);
	diag_set_file("t");
	diag_quiet(1);
	input_mem(&in, "t", in_lines, sizeof in_lines - 1);
	pairing_file(&b, &in);
	input_close(&in);
	input_mem(&in, "x", in_xml, sizeof in_xml - 1);
	pairing_file(&b, &in);
	input_close(&in);
	diag_quiet(0);
	campaignout_end(&o);
	fclose(o.fp);
	CHECK(strstr(buf, "\nt\t1\t1\tA\t10\t10\treinforcements\t100\t100\t")
	    != NULL);
	CHECK(strstr(buf, "\nt\t1\t2\tB\t5\t5\tnone\t100\t110\t") != NULL);
	CHECK(strstr(buf, "\nt\t2\t4\tC\t10\t10\treinforcements\t100\t100\t")
	    != NULL);
	CHECK(strstr(buf, "\nt\t2\t5\tD\t5\t5\tnone\t100\t100\t") != NULL);
	CHECK(strstr(buf, "\tE\t") == NULL);
	CHECK(strstr(buf, "\nt\t2\t7\tF\t5\t5\tnone\t100\t100\t") != NULL);
	CHECK(strstr(buf, "\nx\t3\t1\tG\t10\t10\treinforcements\t50\t50\t")
	    != NULL);
	CHECK(strstr(buf, "\nx\t3\t1\tH\t5/6/7\t5\tnone\t100\t110\t") != NULL);
	CHECK(strstr(buf, "\nx\t4\t1\tI\t3\t3\tnone\t\t\t") != NULL);
	CHECK(b.n == 4 && b.name == NULL && b.fileno == 2);
	pairing_free(&b);
	free(buf);
}

/* The keys of the dice: fields kept apart, a record's generator of its
 * key and seed only, the keyset's repeats and its cap. */
static void
test_keys(void)
{
	struct keyset k = {0};
	struct dice a, b;
	uint64_t h1, h2;
	int i, n;

	h1 = key_adds(key_adds(key_start("pc"), "ab"), "c");
	h2 = key_adds(key_adds(key_start("pc"), "a"), "bc");
	CHECK(h1 != h2);
	CHECK(key_adds(key_start("pc"), NULL) !=
	    key_adds(key_start("pc"), ""));
	CHECK(key_addn(key_start("side"), 1) != key_addn(key_start("side"), 2));
	CHECK(key_start("side") != key_start("pc"));
	/* the same seed and key: the same dice, whatever came before */
	key_dice(&a, 7, h1);
	(void)dice_roll(&a, 6);
	key_dice(&a, 7, h1);
	key_dice(&b, 7, h1);
	for (i = 0; i < 20; i++)
		CHECK(dice_roll(&a, 6) == dice_roll(&b, 6));
	/* another seed or key: other dice */
	key_dice(&a, 8, h1);
	key_dice(&b, 7, h2);
	for (i = n = 0; i < 20; i++)
		n += dice_roll(&a, 1000) != dice_roll(&b, 1000);
	CHECK(n > 15);
	/* a key again: 1 from another place, 0 from the same */
	CHECK(keyset_add(&k, h1, 1) == 0);
	CHECK(keyset_add(&k, h1, 1) == 0);
	CHECK(keyset_add(&k, h1, 2) == 1);
	CHECK(keyset_add(&k, 0, 3) == 0 && keyset_add(&k, 0, 4) == 1);
	for (i = 0; i < KEYSET_MAX + 10; i++)
		(void)keyset_add(&k, key_addn(0, i), 5);
	CHECK(k.n == KEYSET_MAX && k.nslot >= 2 * k.n);
	CHECK(keyset_add(&k, h1, 9) == 1);      /* kept past the cap */
	CHECK(keyset_add(&k, key_addn(0, -1), 9) == 0);
	keyset_free(&k);
	CHECK(k.slot == NULL && k.n == 0);
}

static bool
units_check(void *ctx, size_t i, const struct cat_unit *u)
{
	char name[32];
	long *bad = ctx;

	snprintf(name, sizeof name, "unit %zu", i);
	if (strcmp(u->name, name) != 0 || u->ts != (long)(i * 131 % 1000000) ||
	    u->pc != (i % 3 == 0))
		(*bad)++;
	return true;
}

/* 200 000 units (2.6 MB packed): most in the temporary file, all read
 * back in order, one by its index, copied and moved. */
static void
test_units(void)
{
	struct cat_units u = {0}, c = {0}, m = {0};
	struct cat_unit one;
	struct sbuf name = {0};
	char buf[32];
	size_t i, n = 200000;
	long bad = 0;

	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, "unit %zu", i);
		cat_units_add(&u, buf, strlen(buf), (long)(i * 131 % 1000000),
		    i % 3 == 0);
	}
	CHECK(u.n == n && u.fp != NULL && u.len < CAT_UNITS_MEM);
	cat_units_each(&u, units_check, &bad);
	CHECK(bad == 0);
	CHECK(cat_units_at(&u, 199999, &one, &name) &&
	    strcmp(one.name, "unit 199999") == 0 && !one.pc &&
	    one.ts == 199999L * 131 % 1000000);
	CHECK(cat_units_at(&u, 7, &one, &name) && one.ts == 917 && !one.pc);
	CHECK(!cat_units_at(&u, n, &one, &name));
	cat_units_copy(&c, &u);
	cat_units_move(&m, &u);
	CHECK(u.n == 0 && u.fp == NULL && c.n == n && m.n == n);
	cat_units_each(&c, units_check, &bad);
	cat_units_each(&m, units_check, &bad);
	CHECK(bad == 0);
	cat_units_free(&c);
	cat_units_free(&m);
	sbuf_free(&name);
}

int
main(void)
{
	struct cat_table t;

	diag_init("test_campaign");
	xmlio_init();
	CHECK(cat_table_load(&t, NULL) == 0);
	CHECK(t.nrows == 11 && t.leader_pct == 20 && t.power_points == 2);
	CHECK(t.dice.n == 3 && t.dice.sides == 6 && t.damage_sides == 6);
	RUN(test_catastrophe(&t));
	RUN(test_battle(&t));
	RUN(test_keys());
	RUN(test_units());
	cat_table_free(&t);
	CHECK(surv_table_load(&st) == 0);
	CHECK(st.cap == 16 && st.risk_min == -6 && st.risk_max == 6);
	CHECK(st.dice.n == 3 && st.dice.sides == 6 && st.damage_sides == 6);
	CHECK(st.default_tl == 3 && st.tl_min == 0 && st.tl_max == 16);
	CHECK(st.ncrits == 6 && st.skill_div == 2 && st.tactics_iq == -6);
	CHECK(surv_column(&st, 17, RES_A, &(int){0}, &(int){0}, &(int){0},
	    &(int){0}) == -1);
	RUN(test_survival_table());
	RUN(test_criticals());
	RUN(test_battle_skill());
	RUN(test_columns());
	RUN(test_columns_all());
	RUN(test_survival_run());
	RUN(test_struck());
	RUN(test_data_drives());
	surv_table_free(&st);
	xmlio_cleanup();
	return UNIT_DONE("campaign");
}
