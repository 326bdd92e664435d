/* Unit tests of lib/battle: the reader, the derived words of a small
 * battle line, the combat line, a plan's distances and flags, the rules
 * numbers of the table, natural id order and the numbers as written. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "battle/battle.h"
#include "core/diag.h"
#include "core/xmlio.h"
#include "dba/movein.h"
#include "rules/troop.h"
#include "unit.h"
#include "rulesedit.inc"

static struct rules *R;

static const char field_xml[] =
    "<battlefield version=\"1\" width=\"2400\" height=\"2400\">\n"
    "<feature kind=\"hill\" height=\"1\"><point x=\"900\" y=\"500\"/>"
    "<point x=\"1500\" y=\"500\"/><point x=\"1500\" y=\"790\"/>"
    "<point x=\"900\" y=\"790\"/></feature>\n"
    "<side name=\"red\" pips=\"4\">\n"
    "<element id=\"r1\" troop=\"Sp\" x=\"1200\" y=\"800\" facing=\"0\" "
    "general=\"yes\"/>\n"
    "<element id=\"r2\" troop=\"Sp\" x=\"1200\" y=\"740\" facing=\"0\"/>\n"
    "<element id=\"r3\" troop=\"Bw\" x=\"1040\" y=\"800\" facing=\"0\"/>\n"
    "</side>\n<side name=\"blue\">\n"
    "<element id=\"b1\" troop=\"Kn\" x=\"1200\" y=\"800\" facing=\"180\"/>\n"
    "</side>\n</battlefield>\n";

static int
read_field(struct bfield *f, const char *xml)
{
	struct input in;
	int rc;

	memset(f, 0, sizeof *f);
	diag_set_file("t.xml");
	input_mem(&in, "t.xml", xml, strlen(xml));
	rc = battle_read(f, &in, R, SCALE_15MM);
	input_close(&in);
	return rc;
}

static void
test_derive(void)
{
	struct bfield f;
	struct bcombat *c = NULL;
	struct sbuf b = {0};
	size_t n;

	CHECK(read_field(&f, field_xml) == 0);
	CHECK(f.ne == 4 && f.nsides == 2);
	battle_derive(&f);
	CHECK(f.e[0].d.front == 3 && f.e[3].d.front == 0);
	CHECK(f.e[0].d.support == 1 && !f.e[0].d.psiloi);
	CHECK(f.e[0].d.level == 1 && f.e[3].d.level == 0);
	CHECK(f.e[3].d.overlap[1] == 2 && f.e[3].d.overlap[0] == -1);
	CHECK(f.e[1].d.gdist == 0);
	n = battle_combats(&f, &c);
	CHECK(n == 1);
	battle_combat_line(&f, &c[0], &b);
	CHECK(strstr(sbuf_str(&b), "\nKn overlap vs Sp general uphill "
	    "support\n") != NULL);
	sbuf_free(&b);
	free(c);
	battle_free(&f);
}

static void
test_plan(void)
{
	static const char plan[] = "move r3 wheel 90\nmove r9 fwd 1\n";
	struct bfield f;
	struct bplan p;
	struct input in;

	CHECK(read_field(&f, field_xml) == 0);
	battle_derive(&f);
	memset(&p, 0, sizeof p);
	input_mem(&in, "p", plan, strlen(plan));
	diag_set_file("p");
	diag_quiet(1);
	CHECK(battle_plan_read(&f, &in, SCALE_15MM, &p) < 0);
	diag_quiet(0);
	input_close(&in);
	CHECK(p.n == 2 && !p.mv[0].error && p.mv[1].error);
	CHECK(p.mv[0].said.dist == 251);       /* 160 x pi / 2 */
	/* the table is back as it stood */
	CHECK(f.e[2].box.facing == 0 && f.e[2].box.p.x == 1040);
	battle_plan_free(&p);
	battle_free(&f);
}

static void
test_errors(void)
{
	struct bfield f;

	diag_quiet(1);
	CHECK(read_field(&f, "<battlefield version=\"1\" width=\"2400\" "
	    "height=\"2400\"><side name=\"a\"><element id=\"x\" troop=\"Bd\" "
	    "x=\"100\" y=\"100\" facing=\"0\"/><element id=\"x\" troop=\"Bd\" "
	    "x=\"150\" y=\"100\" facing=\"0\"/></side></battlefield>") < 0);
	CHECK(diag_file_errors() == 2);        /* duplicate id, intersect */
	battle_free(&f);
	diag_quiet(0);
}

/* A table holds at most BF_MAX_ELEMENTS elements, BF_MAX_TERRAIN pieces
 * of terrain, BF_MAX_POINTS points and a plan of BF_MAX_MOVES moves:
 * the rest is reported once and not held. */
static void
test_limits(void)
{
	struct sbuf b = {0};
	struct bfield f;
	struct bplan p;
	struct input in;
	long i;

	sbuf_adds(&b, "<battlefield version=\"1\" width=\"30000\" "
	    "height=\"30000\"><feature kind=\"wood\">");
	for (i = 0; i <= BF_MAX_POINTS; i++)
		sbuf_printf(&b, "<point x=\"%ld\" y=\"%ld\"/>", 20000 +
		    i % 2 * 5000, 20000 + i / 2 % 2 * 5000);
	sbuf_adds(&b, "</feature>");
	for (i = 0; i < BF_MAX_TERRAIN; i++)
		sbuf_adds(&b, "<road width=\"10\"><point x=\"1\" y=\"1\"/>"
		    "</road>");
	sbuf_adds(&b, "<side name=\"a\">");
	for (i = 0; i <= BF_MAX_ELEMENTS; i++)
		sbuf_printf(&b, "<element id=\"e%ld\" troop=\"Bd\" "
		    "x=\"%ld\" y=\"%ld\" facing=\"0\"/>", i,
		    200 + i % 100 * 190, 200 + i / 100 * 190);
	sbuf_adds(&b, "</side></battlefield>");
	diag_quiet(1);
	CHECK(read_field(&f, b.s) < 0);
	CHECK(f.ne == BF_MAX_ELEMENTS && f.nt == BF_MAX_TERRAIN);
	CHECK(f.t[0].poly.n == BF_MAX_POINTS && f.t[1].poly.n == 0);
	CHECK(diag_file_errors() >= 3);
	sbuf_reset(&b);
	for (i = 0; i < BF_MAX_MOVES + 5; i++)
		sbuf_adds(&b, "move e1 fwd 10\n");
	memset(&p, 0, sizeof p);
	input_mem(&in, "p", b.s, b.len);
	diag_set_file("p");
	CHECK(battle_plan_read(&f, &in, SCALE_15MM, &p) < 0);
	input_close(&in);
	CHECK(p.n == BF_MAX_MOVES);
	/* the first move, then each a second move of e1, then the limit */
	CHECK(diag_file_errors() == BF_MAX_MOVES);
	diag_quiet(0);
	battle_plan_free(&p);
	battle_free(&f);
	sbuf_free(&b);
}

/* Base sizes, the zone of control and the command distances are those
 * of the rules table the field is read with. */
static void
test_rules(void)
{
	static const char *const edits[] = {
		"far=\"1200\" out-of-sight=\"600\" compare=\"at-least\"",
		"far=\"1000\" out-of-sight=\"500\" compare=\"more-than\"",
		"<zone-of-control base-widths=\"1\"",
		"<zone-of-control base-widths=\"2\"",
		"<base troop=\"Kn\" depth=\"120\"",
		"<base troop=\"Kn\" depth=\"100\"",
		"<scale name=\"15mm\" paces=\"100\" mm=\"25\" base-width=\"40\"",
		"<scale name=\"15mm\" paces=\"100\" mm=\"25\" base-width=\"50\"",
		NULL
	};
	static const char two[] =
	    "<battlefield version=\"1\" width=\"2400\" height=\"2400\">"
	    "<side name=\"red\"><element id=\"r1\" troop=\"Bw\" x=\"1200\" "
	    "y=\"800\" facing=\"0\"/></side><side name=\"blue\">"
	    "<element id=\"b1\" troop=\"Kn\" x=\"1200\" y=\"1500\" "
	    "facing=\"180\"/></side></battlefield>";
	struct rules *dba1 = R, *r = rules_edit(edits);
	struct bfield f;
	struct gpt z[4];

	CHECK(r != NULL);
	CHECK(read_field(&f, two) == 0);
	CHECK(battle_base_width(&f) == 160 && f.e[0].box.w == 160);
	CHECK(f.e[0].box.d == 60 && f.e[1].box.d == 120);
	CHECK(battle_far(&f) == 1200 && battle_sight(&f) == 600);
	/* dba1: 1200 paces or more */
	CHECK(battle_is_far(&f, -1, 1200) && !battle_is_far(&f, -1, 1199.9));
	CHECK(battle_sight_counts(&f, 600) && !battle_sight_counts(&f, 599.9));
	battle_zoc(&f, &f.e[1], z);
	CHECK(fabs(geom_dist(z[GC_FL], battle_quad(&f.e[1]).v[GC_FL]) -
	    160) < 1e-9);
	battle_free(&f);
	if (r == NULL)
		return;
	R = r;
	CHECK(read_field(&f, two) == 0);
	CHECK(battle_base_width(&f) == 200 && f.e[0].box.w == 200);
	CHECK(f.e[0].box.d == 60 && f.e[1].box.d == 100);
	CHECK(battle_far(&f) == 1000 && battle_sight(&f) == 500);
	/* more than 1000 paces */
	CHECK(!battle_is_far(&f, -1, 1000) && battle_is_far(&f, -1, 1000.1));
	CHECK(!battle_sight_counts(&f, 500) && battle_sight_counts(&f, 500.1));
	battle_zoc(&f, &f.e[1], z);
	CHECK(fabs(geom_dist(z[GC_FL], battle_quad(&f.e[1]).v[GC_FL]) -
	    400) < 1e-9);
	battle_free(&f);
	R = dba1;
	rules_free(r);
}

static void
test_misc(void)
{
	static const struct { double v; const char *s; } nums[] = {
		{ 12.04, "12" }, { -0.01, "0" }, { 325.66, "325.7" },
		{ -0.05, "-0.1" }, { -12.96, "-13" }, { 100.25, "100.3" },
		{ 1e17, "100000000000000000" }, { 123456789.44, "123456789.4" },
	};
	struct sbuf b = {0};
	size_t i;

	CHECK(battle_cmp_id("r2", "r10") < 0);
	CHECK(battle_cmp_id("r10", "r10") == 0);
	CHECK(battle_cmp_id("b1", "r1") < 0);
	CHECK(battle_cmp_id("r01", "r1") == 0);
	/* as %.1f writes them, without it: negatives, halves away from
	 * zero, and past the integer path */
	for (i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		sbuf_reset(&b);
		battle_num(&b, nums[i].v);
		CHECK_STR(sbuf_str(&b), nums[i].s);
	}
	sbuf_free(&b);
}

int
main(void)
{
	int rc;

	diag_init("test_battle");
	xmlio_init();
	troop_init();
	R = rules_load(NULL);
	RUN(test_derive());
	RUN(test_plan());
	RUN(test_errors());
	RUN(test_limits());
	RUN(test_rules());
	RUN(test_misc());
	rules_free(R);
	troop_cleanup();
	xmlio_cleanup();
	rc = UNIT_DONE("battle");
	return rc;
}
