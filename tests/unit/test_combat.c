/* Unit tests of the rules table and the pure combat engine. */
#include <string.h>

#include "core/diag.h"
#include "core/tok.h"
#include "core/xmlio.h"
#include "dba/combat.h"
#include "dba/combatin.h"
#include "rules/rules.h"
#include "rules/troop.h"
#include "unit.h"
#include "rulesedit.inc"

static struct rules *R;
static struct toks tk;

/* Parse a line into c and evaluate it; returns the parse status. */
static int
eval(const char *line, struct combat *c, struct combat_result *cr)
{
	int rc = combatin_parse_line(R, &tk, line, strlen(line), 1, c);

	if (rc == 1)
		combat_eval(R, c, cr);
	return rc;
}

static int
id(const char *code)
{
	return troop_by_code(code)->id;
}

static void
test_rules(void)
{
	CHECK_STR(R->edition, "dba1");
	CHECK(R->t[id("Bd")].factor[CLASS_FOOT] == 5);
	CHECK(R->t[id("Bd")].factor[CLASS_MOUNTED] == 3);
	CHECK(R->t[id("WWg")].factor[CLASS_MOUNTED] == 5);
	CHECK(R->t[id("Cm")].factor[CLASS_FOOT] == 3);
	CHECK(R->t[id("CF")].factor[CLASS_MOUNTED] == 1);
	CHECK(!R->t[id("Hd")].known);
	CHECK(R->t[id("Pk")].rear == 3 && R->t[id("Sp")].rear == 1);
	CHECK(!R->t[id("Kn")].has_rear);
	CHECK(R->t[id("Bd")].has_psiloi && !R->t[id("Pk")].has_psiloi);
	CHECK(R->t[id("Art")].shooter && R->t[id("Art")].range == 500);
	CHECK(R->t[id("Bw")].range == 200 && !R->t[id("LH")].shooter);
	CHECK(R->t[id("Ax")].diff_exempt && !R->t[id("Wb")].diff_exempt);
	CHECK(R->tf[TF_CAMP] == 2 && R->tf[TF_DIFF_MOUNTED] == -2);
	CHECK(R->river_rolls == ((1u << 1) | (1u << 2)));
	/* movement and PIPs for move-check */
	CHECK(R->t[id("LH")].move_good == 500);
	CHECK(R->t[id("Cv")].move_road == 400);
	CHECK(R->t[id("Art")].move_road == 300 && !R->t[id("Art")].contact);
	CHECK(R->t[id("Kn")].move_difficult == 200);
	CHECK(R->t[id("Bw")].move_good == 300 && R->t[id("Bd")].contact);
	CHECK(R->river_crossing == 100 && R->road_bonus == 100);
	CHECK(R->pip_base == 1 && R->pip_elephants == 1);
	CHECK(R->pip_far == 1200 && R->pip_out_of_sight == 600);
	/* outcomes */
	CHECK(rules_outcome(R, id("El"), id("Ps"), false, false, false) ==
	    OUT_DESTROYED);
	CHECK(rules_outcome(R, id("El"), id("Kn"), false, false, false) ==
	    OUT_RECOIL);
	CHECK(rules_outcome(R, id("Sp"), id("Kn"), false, false, false) ==
	    OUT_DESTROYED);
	CHECK(rules_outcome(R, id("Sp"), id("Kn"), false, true, false) ==
	    OUT_RECOIL);
	CHECK(rules_outcome(R, id("Cv"), id("Sp"), true, false, false) ==
	    OUT_FLEE);
	CHECK(rules_outcome(R, id("LH"), id("Ax"), true, false, false) ==
	    OUT_FLEE);
	CHECK(rules_outcome(R, id("LH"), id("Cv"), true, false, false) ==
	    OUT_DESTROYED);
	CHECK(rules_outcome(R, id("WWg"), id("Bd"), false, false, false) ==
	    OUT_NONE);
	CHECK(rules_outcome(R, id("Art"), id("Bd"), false, false, false) ==
	    OUT_DESTROYED);
	CHECK(rules_outcome(R, id("Art"), id("Bw"), false, false, true) ==
	    OUT_RECOIL);
	CHECK_STR(outcome_name(OUT_FLEE), "flee");
}

static void
test_worked(void)
{
	struct combat c;
	struct combat_result cr;
	struct odds o;

	/* combat-calc(1): Kn vs Sp, Knights win 10 of 36 and are doubled in 4 */
	CHECK(eval("Kn vs Sp", &c, &cr) == 1);
	CHECK(cr.side[0].total == 3 && cr.side[1].total == 4);
	combat_odds(R, &c, &cr, &o);
	CHECK(o.first_wins == 10 && o.second_doubles == 4);
	CHECK(o.draws + o.first_wins + o.second_wins == 36);
	/* combat-calc(1): the Bd vs Kn XML example */
	CHECK(eval("Bd general uphill vs Kn overlap dice 4 2", &c, &cr) == 1);
	CHECK(cr.side[0].total == 5 && cr.side[1].total == 2);
	CHECK(cr.side[0].nmods == 2 && cr.side[0].mods[1].reason == R_UPHILL);
	combat_resolve(R, &c, &cr, c.dice[0], c.dice[1], &cr.res);
	CHECK(cr.res.winner == 1 && cr.res.kind == RES_DOUBLED);
	CHECK(cr.res.outcome == OUT_DESTROYED);
	combat_odds(R, &c, &cr, &o);
	CHECK(o.first_wins == 30 && o.first_doubles == 12 && o.draws == 3);
	CHECK(o.second_wins == 3 && o.second_doubles == 0);
	CHECK(o.out[1][OUT_RECOIL] == 18 && o.out[1][OUT_DESTROYED] == 12);
	CHECK(o.out[0][OUT_RECOIL] == 3);
}

static void
test_factors(void)
{
	struct combat c;
	struct combat_result cr;

	CHECK(eval("Bd uphill riverbank vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 6 && cr.side[0].nmods == 1);
	CHECK(eval("Bd riverbank ford vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 5);
	CHECK(eval("Bd riverbank river-roll=3 vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 5);
	CHECK(eval("Bd riverbank river-roll=2 vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 6 && cr.side[0].mods[0].reason ==
	    R_RIVERBANK);
	CHECK(eval("Kn difficult vs Bd difficult", &c, &cr) == 1);
	CHECK(cr.side[0].total == 1 && cr.side[1].total == 1);
	CHECK(eval("Kn vs Ax difficult", &c, &cr) == 1);
	CHECK(cr.side[0].total == 1 && cr.side[1].total == 2);
	CHECK(cr.side[0].mods[0].reason == R_OPP_DIFFICULT);
	CHECK(eval("Kn camp vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 3 && cr.side[0].nmods == 0);
	CHECK(eval("CF camp vs Kn", &c, &cr) == 1);
	CHECK(cr.side[0].total == 3);
	CHECK(eval("Pk support vs Kn", &c, &cr) == 1);
	CHECK(cr.side[0].total == 7);
	CHECK(eval("Pk support difficult vs Kn", &c, &cr) == 1);
	CHECK(cr.side[0].total == 2 && cr.side[0].mods[0].why ==
	    WHY_DIFFICULT);
	CHECK(eval("Sp support vs Art", &c, &cr) == 1);
	CHECK(cr.side[0].mods[0].value == 0 &&
	    cr.side[0].mods[0].why == WHY_BOW_CONTACT);
	CHECK(eval("Sp support vs CF camp", &c, &cr) == 1);
	CHECK(cr.side[0].mods[0].why == WHY_ATTACKS_CAMP);
	CHECK(eval("Bd psiloi attacks-camp vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 6);
	CHECK(eval("Sp psiloi vs Cv", &c, &cr) == 1);
	CHECK(cr.side[0].total == 5);
	CHECK(eval("Bd overlap=2 vs Bd flank rear", &c, &cr) == 1);
	CHECK(cr.side[0].total == 3 && cr.side[1].total == 3);
	/* shooting */
	CHECK(eval("Bw general shoots Kn general shooters=3", &c, &cr) == 1);
	CHECK(cr.side[0].total == 4 && cr.side[1].total == 2);
	CHECK(eval("Art shoots Cv difficult", &c, &cr) == 1);
	CHECK(cr.side[1].total == 1);
	CHECK(eval("Bw difficult shoots Bd difficult", &c, &cr) == 1);
	CHECK(cr.side[0].total == 2 && cr.side[1].total == 5);
	combat_resolve(R, &c, &cr, 1, 6, &cr.res);
	CHECK(cr.res.winner == 2 && cr.res.kind == RES_DOUBLED &&
	    cr.res.outcome == OUT_NONE);
	/* doubled with zero and negative scores */
	CHECK(eval("CF overlap=2 difficult vs Ps", &c, &cr) == 1);
	CHECK(cr.side[0].total == -3);
	combat_resolve(R, &c, &cr, 1, 1, &cr.res);
	CHECK(cr.res.winner == 2 && cr.res.kind == RES_DOUBLED);
}

static void
test_errors(void)
{
	static const char *const bad[] = {
		"Kn support vs Sp", "Sp support psiloi vs Kn",
		"Bd overlap=2 flank=5 vs Bd", "CF camp flank vs Bd",
		"CF camp vs Bd camp", "Bd ford vs Bd", "Bd river-roll=1 vs Bd",
		"Kn shoots Bd", "Bw shoots Bd shooters=4",
		"Bw shooters=2 shoots Bd", "Bd shooters=2 vs Bd",
		"Bd vs Bd dice 0 3", "Kn psiloi vs Bd", "Bw shoots Bd uphill",
		"Rittr vs Bd", "Kn genral vs Bd", "Kn Bd", "Kn vs",
		"vs Kn", "Kn vs Bd dice 3", "Kn vs Bd junk=1", "Hd vs Kn",
		"Kn general general vs Bd", "Kn general=1 vs Bd",
		"Kn vs Bd dice 1 2 3", "Sp camp attacks-camp vs Bd",
	};
	struct combat c;
	struct combat_result cr;
	size_t i;

	diag_quiet(1);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (eval(bad[i], &c, &cr) != -1)
			fprintf(stderr, "accepted: %s\n", bad[i]);
		CHECK(eval(bad[i], &c, &cr) == -1);
	}
	CHECK(diag_status() == EXIT_DATA);
	/* no limit in dba1: -1 for each overlap and flank contact */
	CHECK(eval("El overlap flank=2 vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 1);
	CHECK(eval("  # only a comment", &c, &cr) == 0);
	CHECK(eval("Leichte Reiterei vs 3Kn", &c, &cr) == 1);
	CHECK(c.s[0].troop == id("LH") && c.s[1].troop == id("Kn"));
	diag_quiet(0);
}

/* The numbers of the engine and the reader come from the rules data. */
static void
test_data(void)
{
	static const char *const d8[] = {
		"<result source=\"verified\" die=\"6\" doubled=\"2\"/>",
		"<result die=\"8\" doubled=\"3\"/>",
		"<count flag=\"overlap\" min=\"0\" max=\"2\" default=\"1\"/>",
		"<limit name=\"overlap-and-flank\" value=\"3\"/>"
		"<count flag=\"overlap\" min=\"0\" max=\"3\" default=\"2\"/>",
		"value=\"-1\" free=\"1\"", "value=\"-1\" free=\"0\"",
		"<outcomes beaten=\"recoil\"", "<outcomes beaten=\"flee\"",
		"river-rolls=\"1 2\"", "river-rolls=\"7\"",
		NULL
	};
	static const char *const badroll[] = {
		"river-rolls=\"1 2\"", "river-rolls=\"1 7\"", NULL
	};
	static const char *const nocount[] = {
		"<count flag=\"rear\" min=\"0\" max=\"2\" default=\"1\"/>",
		"", NULL
	};
	struct rules *dba1 = R;
	struct combat c;
	struct combat_result cr;
	struct odds o;

	R = rules_edit(d8);
	CHECK(R != NULL);
	if (R == NULL) {
		R = dba1;
		return;
	}
	CHECK(combat_count(R, F_RIVER_ROLL).max == 8);
	/* a d8: 64 pairs, dice and river rolls up to 8 */
	CHECK(eval("Kn vs Sp dice 8 7", &c, &cr) == 1);
	combat_odds(R, &c, &cr, &o);
	CHECK(o.pairs == 64 && o.draws + o.first_wins + o.second_wins == 64);
	CHECK(eval("Bd riverbank river-roll=7 vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 6);
	/* doubled at three times the loser's total: 6 to 3 only beats */
	CHECK(eval("Bd vs CF", &c, &cr) == 1);
	combat_resolve(R, &c, &cr, 1, 2, &cr.res);
	CHECK(cr.res.kind == RES_BEATEN);
	combat_resolve(R, &c, &cr, 4, 2, &cr.res);
	CHECK(cr.res.kind == RES_DOUBLED);
	/* overlap counts to 3, given alone it counts 2 */
	CHECK(eval("Bd overlap=3 vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 2);
	CHECK(eval("Bd overlap vs Bd", &c, &cr) == 1);
	CHECK(cr.side[0].total == 3);
	/* the table's limit of 3 on overlaps and flank contacts */
	diag_quiet(1);
	CHECK(eval("Bd overlap=3 flank vs Bd", &c, &cr) == -1);
	diag_quiet(0);
	/* no free shooter: the first one counts too */
	CHECK(eval("Bw shoots Bd shooters=1", &c, &cr) == 1);
	CHECK(cr.side[1].total == 4);
	/* a type without an outcome row: the table's default */
	CHECK(rules_outcome(R, id("Hd"), id("Kn"), false, false, false) ==
	    OUT_FLEE);
	rules_free(R);
	R = dba1;
	CHECK(rules_outcome(R, id("Hd"), id("Kn"), false, false, false) ==
	    OUT_RECOIL);
	CHECK(combat_count(R, F_OVERLAP).dflt == 1);
	CHECK(eval("Bd vs CF", &c, &cr) == 1);
	combat_resolve(R, &c, &cr, 1, 2, &cr.res);
	CHECK(cr.res.kind == RES_DOUBLED);
	/* refused: a river roll above the die, a count missing */
	diag_quiet(1);
	CHECK(rules_edit(badroll) == NULL);
	CHECK(rules_edit(nocount) == NULL);
	diag_quiet(0);
}

int
main(void)
{
	diag_init("unit");
	xmlio_init();
	R = rules_load(NULL);
	CHECK(R != NULL);
	if (R == NULL)
		return UNIT_DONE("combat");
	RUN(test_rules());
	RUN(test_worked());
	RUN(test_factors());
	RUN(test_errors());
	RUN(test_data());
	tok_free(&tk);
	rules_free(R);
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("combat");
}
