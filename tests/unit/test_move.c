/* Unit tests of the movement engine, the distance units and the move
 * line parser. */
#include <string.h>

#include "core/diag.h"
#include "core/tok.h"
#include "core/xmlio.h"
#include "dba/move.h"
#include "dba/movein.h"
#include "dba/moveout.h"
#include "rules/rules.h"
#include "rules/troop.h"
#include "unit.h"
#include "rulesedit.inc"

static struct rules *R;
static struct toks tk;
static struct mreader rd;
static const struct bound nolost, glost = { .general_lost = true };

static int
id(const char *code)
{
	return troop_by_code(code)->id;
}

/* Parse a move line; 1 for a move. */
static int
parse(const char *line, struct move *m)
{
	struct bound b;

	memset(&b, 0, sizeof b);
	return movein_parse_line(&rd, &tk, line, strlen(line), 1, m, &b);
}

/* Judge lines of one bound (pips 0: no budget); results in res. */
static int
bound(int pips, bool lost, const char *const *lines, size_t n,
    struct mresult *res, int *unused)
{
	struct mstate st;
	struct bound b = { .file = "t", .line = 1, .pips = pips,
	    .general_lost = lost };
	struct move mv[16];
	size_t i;
	int used;

	memset(&st, 0, sizeof st);
	mstate_begin(&st, R, &b);
	for (i = 0; i < n; i++) {
		if (parse(lines[i], &mv[i]) != 1)
			return -1;
		move_judge(&st, &mv[i], &res[i]);
	}
	mstate_end(&st, mv, res, n);
	used = st.used;
	*unused = mstate_unused(&st);
	mstate_free(&st);
	return used;
}

static long
dist(const char *s, int scale)
{
	long p = -1;

	return movein_distance(R, s, strlen(s), scale, &p) < 0 ? -1 : p;
}

static void
test_units(void)
{
	CHECK(dist("300", SCALE_15MM) == 300);
	CHECK(dist("300p", SCALE_15MM) == 300);
	CHECK(dist("75mm", SCALE_15MM) == 300);
	CHECK(dist("7.5cm", SCALE_15MM) == 300);
	CHECK(dist("3in", SCALE_15MM) == 300);
	CHECK(dist("1.5bw", SCALE_15MM) == 240);
	CHECK(dist("112.5mm", SCALE_25MM) == 300);
	CHECK(dist("4.5in", SCALE_25MM) == 300);
	CHECK(dist("1.5bw", SCALE_25MM) == 240);
	CHECK(dist("1mm", SCALE_25MM) == 3);        /* 2.67 rounds up */
	CHECK(dist("112.6mm", SCALE_25MM) == 300);  /* 300.27 */
	CHECK(dist("112.7mm", SCALE_25MM) == 301);  /* 300.53 */
	CHECK(dist("0.125mm", SCALE_15MM) == 1);    /* 0.5 rounds up */
	CHECK(dist("0.12mm", SCALE_15MM) == 0);
	CHECK(dist("3IN", SCALE_15MM) == 300);
	CHECK(dist("3ft", SCALE_15MM) == -1);
	CHECK(dist("-5", SCALE_15MM) == -1);
	CHECK(dist("", SCALE_15MM) == -1);
	CHECK(dist("1.", SCALE_15MM) == -1);
	CHECK(dist("1000000", SCALE_15MM) == 1000000);
	CHECK(dist("1000001", SCALE_15MM) == -1);
}

static void
test_rates(void)
{
	struct move m;

	CHECK(move_rate(R, id("LH"), 0, GO_GOOD, false) == 500);
	CHECK(move_rate(R, id("LH"), 0, GO_GOOD, true) == 500);
	CHECK(move_rate(R, id("Cv"), 0, GO_DIFFICULT, false) == 200);
	CHECK(move_rate(R, id("Ax"), 0, GO_DIFFICULT, false) == 300);
	CHECK(move_rate(R, id("WWg"), 0, GO_GOOD, true) == 300);
	CHECK(move_rate(R, id("Bd"), 0, GO_GOOD, true) == 400);
	CHECK(parse("move LH,Cv,Bd 100", &m) == 1);
	CHECK(move_max(R, &m) == 200);
	CHECK(parse("move Kn 100 river", &m) == 1);
	CHECK(move_max(R, &m) == 100);
	CHECK(parse("move Sp 100 difficult road", &m) == 1);
	CHECK(move_max(R, &m) == 400);
	CHECK(move_end_going(&m) == GO_DIFFICULT);
	CHECK(parse("move El 100 far hidden", &m) == 1);
	CHECK(move_cost(R, &m, &nolost, 1) == 3);
	CHECK(move_cost(R, &m, &glost, 1) == 3);
	CHECK(parse("move Kn 100", &m) == 1);
	CHECK(move_cost(R, &m, &glost, 1) == 2);
	CHECK(parse("move El 0 flank-contact face far", &m) == 1);
	CHECK(move_cost(R, &m, &glost, 1) == 0);
	CHECK(parse("move Leichte Reiterei 500", &m) == 1);
	CHECK(m.ntroops == 1 && m.troop[0] == id("LH"));
	CHECK(parse("move 3Kn,ritter,Knights 300 id=a", &m) == 1);
	CHECK(m.ntroops == 3 && m.troop[2] == id("Kn"));
	CHECK_STR(m.id, "a");
}

static void
test_bounds(void)
{
	static const char *const b1[] = { "move Kn 300", "move El 350" };
	static const char *const b2[] = { "move Kn 700 road general",
	    "move Bd 200" };
	static const char *const b3[] = { "move El 300", "move Kn 100",
	    "move Kn 0 flank-contact face" };
	static const char *const b4[] = { "move Kn 300 id=a",
	    "move Kn 300 id=a", "move Kn 300 id=b" };
	struct mresult res[8];
	int unused;

	CHECK(bound(4, false, b1, 2, res, &unused) == 1 && unused == 3);
	CHECK(move_legal(&res[0]) && res[0].cost == 1 && res[0].charged);
	CHECK(res[1].rules == 1u << MR_TOO_FAR && res[1].cost == 2);
	/* the bonus: 400 + 2 unused * 100 = 600 < 700: refunded */
	CHECK(bound(4, false, b2, 2, res, &unused) == 1 && unused == 3);
	CHECK(res[0].max == 600 && res[0].rules == 1u << MR_TOO_FAR);
	CHECK(!res[0].charged && res[1].charged);
	CHECK(bound(5, false, b2, 2, res, &unused) == 2 && unused == 3);
	CHECK(res[0].max == 700 && move_legal(&res[0]));
	/* no budget: no bonus, no no-pips */
	CHECK(bound(0, false, b2, 2, res, &unused) == 1 && unused == 0);
	CHECK(res[0].max == 400 && res[0].rules == 1u << MR_TOO_FAR);
	CHECK(bound(2, false, b3, 3, res, &unused) == 2 && unused == 0);
	CHECK(res[1].rules == 1u << MR_NO_PIPS && res[1].left == 0);
	CHECK(move_legal(&res[2]) && res[2].cost == 0);
	CHECK(bound(2, true, b3, 3, res, &unused) == 2 && unused == 0);
	CHECK(res[0].cost == 3 && res[0].rules == 1u << MR_NO_PIPS);
	CHECK(bound(6, false, b4, 3, res, &unused) == 2);
	CHECK(res[1].rules == 1u << MR_MOVED_TWICE && res[1].twice_line == 1);
	CHECK(move_legal(&res[2]));
}

static void
test_rules(void)
{
	static const struct { const char *line; unsigned rules; } t[] = {
		{ "move Art 200 contact", 1u << MR_NO_CONTACT },
		{ "move WWg 200 difficult", 1u << MR_DIFFICULT_GOING },
		{ "move WWg 300 difficult road", 0 },
		{ "move Bd,Bd 200 engaged", 1u << MR_GROUP_ENGAGED },
		{ "move Bd,Bd 200 away", 1u << MR_COLUMN_REQUIRED },
		{ "move Bd,Bd 200 frontage=other", 1u << MR_FRONTAGE },
		{ "move Bd,Bd 200 frontage=wheel wheel=90", 0 },
		{ "move Bd,Bd 200 frontage=wheel wheel=91", 1u << MR_FRONTAGE },
		{ "move Bd,Bd 0 turn", 1u << MR_GROUP_TURN },
		{ "move Cv 400 breakoff=Bd", 0 },
		{ "move Cv 400 breakoff=LH", 1u << MR_BREAKOFF },
		{ "move Kn 100 breakoff=Bd end=difficult", 1u << MR_BREAKOFF },
		{ "move Kn 100 flank-contact", 1u << MR_FLANK_CONTACT },
		{ "move Kn 0 flank-contact face", 0 },
		{ "move Kn 0 flank-contact face breakoff=Bd",
		  1u << MR_FLANK_CONTACT },
		{ "move Kn 100 zoc=other", 1u << MR_ZOC },
		{ "move Kn 100 zoc=other screened", 0 },
		{ "move Kn 100 zoc=withdraw", 0 },
		{ "move Art,Bd 400 contact difficult", (1u << MR_TOO_FAR) |
		  (1u << MR_NO_CONTACT) | (1u << MR_DIFFICULT_GOING) |
		  (1u << MR_COLUMN_REQUIRED) },
	};
	struct mresult res[1];
	size_t i;
	int unused;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		bound(6, false, &t[i].line, 1, res, &unused);
		if (res[0].rules != t[i].rules)
			fprintf(stderr, "%s: %#x\n", t[i].line, res[0].rules);
		CHECK(res[0].rules == t[i].rules);
	}
}

static void
test_errors(void)
{
	static const char *const bad[] = {
		"move", "move Kn", "move Kn 3ft", "move Rittr 300",
		"move Kn 300 colum", "move Kn 300 column", "move Kn 300 turn",
		"move Bd,Bd 200 breakoff=Kn column", "move Bd,Bd 200 "
		"frontage=wheel column", "move Kn 0 face",
		"move Kn 300 river road", "move Kn 300 road road",
		"move Kn 300 road=yes", "move Kn 300 id", "move Kn 300 zoc=x",
		"move Kn 300 end=rough", "move Bd,Bd 1 wheel=361 "
		"frontage=wheel", "move Bd,,Bd 200", "move Hd 200",
		"mvoe Kn 300", "move Kn -5", "bound 0", "bound 7", "bound",
		"bound 3 general-lots", "move Kn 300 breakoff=Hd",
	};
	struct move m;
	struct bound b;
	size_t i;
	int rc;

	diag_quiet(1);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&b, 0, sizeof b);
		rc = movein_parse_line(&rd, &tk, bad[i], strlen(bad[i]), 1, &m,
		    &b);
		if (rc != -1)
			fprintf(stderr, "accepted: %s\n", bad[i]);
		CHECK(rc == -1);
	}
	CHECK(diag_status() == EXIT_DATA);
	memset(&b, 0, sizeof b);
	CHECK(movein_parse_line(&rd, &tk, "bound 3 general-lost", 20, 1, &m,
	    &b) == 2 && b.pips == 3 && b.general_lost);
	CHECK(parse("  # comment only", &m) == 0);
	diag_quiet(0);
}

static void
test_sentences(void)
{
	static const char *const l[] = { "move El 350" };
	struct mresult res[1];
	struct move m;
	struct sbuf sb = {0};
	int unused;

	bound(4, false, l, 1, res, &unused);
	CHECK(parse(l[0], &m) == 1);
	moveout_sentence(&sb, LANG_EN, R, MR_TOO_FAR, &m, &res[0], NULL);
	CHECK_STR(sbuf_str(&sb), "350 paces exceeds the 300 allowed");
	sbuf_reset(&sb);
	moveout_sentence(&sb, LANG_DE, R, MR_TOO_FAR, &m, &res[0], NULL);
	CHECK_STR(sbuf_str(&sb), "350 Schritt überschreiten die erlaubten "
	    "300");
	sbuf_free(&sb);
	CHECK_STR(mrule_name(MR_ZOC), "zoc");
	CHECK_STR(mflag_name(MF_FLANK_CONTACT), "flank-contact");
}

/* The numbers of the engine and the reader come from the rules data. */
static void
test_data(void)
{
	static const char *const edits[] = {
		"<wheel max=\"90\"/>", "<wheel max=\"45\"/>",
		"troops=\"El\"", "troops=\"El Kn\"",
		"inch-mm=\"25\"", "inch-mm=\"30\"",
		"mm=\"25\" base-width=\"40\"", "mm=\"25\" base-width=\"60\"",
		"<pips source=\"seed\" die=\"6\">", "<pips die=\"8\">",
		NULL
	};
	static const char *const nowheel[] = {
		"<wheel max=\"90\"/>", "", NULL
	};
	static const char *const wheel[] = {
		"move Bd,Bd 200 frontage=wheel wheel=60"
	};
	struct rules *dba1 = R;
	struct sbuf sb = {0};
	struct mresult res[1];
	struct move m;
	struct bound b;
	int unused;

	rd.r = R = rules_edit(edits);
	CHECK(R != NULL);
	if (R != NULL) {
		CHECK(bound(6, false, wheel, 1, res, &unused) == 0);
		CHECK(res[0].rules == 1u << MR_FRONTAGE);
		CHECK(parse(wheel[0], &m) == 1);
		moveout_sentence(&sb, LANG_EN, R, MR_FRONTAGE, &m, &res[0],
		    NULL);
		CHECK_STR(sbuf_str(&sb), "a wheel of 60 degrees exceeds 45");
		CHECK(parse("move Kn 100", &m) == 1);
		CHECK(move_cost(R, &m, &nolost, 1) == 2);
		CHECK(dist("1bw", SCALE_15MM) == 240);
		CHECK(dist("1bw", SCALE_25MM) == 160);
		CHECK(dist("1in", SCALE_15MM) == 120);
		memset(&b, 0, sizeof b);
		CHECK(movein_parse_line(&rd, &tk, "bound 8", 7, 1, &m, &b) ==
		    2 && b.pips == 8);
		rules_free(R);
	}
	rd.r = R = dba1;
	CHECK(bound(6, false, wheel, 1, res, &unused) == 1);
	CHECK(move_legal(&res[0]));
	CHECK(parse("move Kn 100", &m) == 1);
	CHECK(move_cost(R, &m, &nolost, 1) == 1);
	sbuf_free(&sb);
	/* refused: a table without the wheel limit */
	diag_quiet(1);
	CHECK(rules_edit(nowheel) == NULL);
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
		return UNIT_DONE("move");
	rd.r = R;
	RUN(test_units());
	RUN(test_rates());
	RUN(test_bounds());
	RUN(test_rules());
	RUN(test_errors());
	RUN(test_sentences());
	RUN(test_data());
	tok_free(&tk);
	rules_free(R);
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("move");
}
