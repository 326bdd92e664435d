/* Unit tests of the armylist-check engine: sets of totals, every
 * finding, references across armies, combinatorial lists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "army/army.h"
#include "army/armycheck.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "rules/rules.h"
#include "unit.h"

static struct sbuf got;            /* "code army msg;" per finding */

static void
collect(void *ctx, const struct finding *f)
{
	(void)ctx;
	sbuf_printf(&got, "%s %s %s %s:%ld: %s;", f->error ? "E" : "W",
	    check_code_name(f->code), f->army, f->file, f->line, f->msg);
}

/* An army from list text ("1x3Bd (Gen), 8x4Bw, 3x2Ps"); 0 when the
 * text parsed. */
static int
mk_army(struct army *a, const char *id, long line, const char *elems,
    const char *enemies)
{
	struct srcmap map = {0};
	int rc;

	army_init(a);
	a->id = xstrdup(id);
	a->file = xstrdup("t.xml");
	a->line = line;
	a->name = xstrdup("A");
	srcmap_add(&map, 0, line, 1);
	rc = elements_parse(&a->list, elems, strlen(elems), &map, NULL);
	srcmap_free(&map);
	if (enemies != NULL)
		army_refs(&a->enemies, &a->nenemies, &a->capenemies, enemies,
		    strlen(enemies));
	return rc;
}

static void
mk(struct army *a, const char *id, long line, const char *elems,
    const char *enemies)
{
	CHECK(mk_army(a, id, line, elems, enemies) == 0);
}

static const char *
totals(const char *elems, struct totset *g)
{
	static struct sbuf b;
	struct army a;
	struct totset e, gg;

	mk(&a, "1", 1, elems, NULL);
	armycheck_totals(&a.list, &e, g != NULL ? g : &gg, NULL, NULL);
	army_free(&a);
	sbuf_reset(&b);
	totset_format(&b, &e);
	return sbuf_str(&b);
}

static void
test_sets(void)
{
	struct totset a, b, c;
	struct sbuf s = {0};
	long only = -1;

	totset_clear(&a);
	CHECK(totset_count(&a, NULL) == 0);
	totset_add(&a, 3);
	totset_add(&a, 70);
	CHECK(totset_has(&a, 3) && totset_has(&a, 70) && !totset_has(&a, 4));
	CHECK(totset_count(&a, &only) == 2 && only == 3);
	totset_clear(&b);
	totset_add(&b, 0);
	totset_add(&b, 64);
	totset_sum(&c, &a, &b);
	totset_format(&s, &c);
	CHECK_STR(sbuf_str(&s), "3, 67, 70 or 134");
	/* saturation: everything past the top is the top */
	totset_clear(&b);
	totset_add(&b, 200);
	totset_sum(&c, &a, &b);
	sbuf_reset(&s);
	totset_format(&s, &c);
	CHECK_STR(sbuf_str(&s), "203 or 255 or more");
	totset_clear(&a);
	totset_add(&a, 1000);
	CHECK(totset_has(&a, TOTSET_MAX));
	totset_clear(&a);
	for (only = 1; only <= 9; only++)
		totset_add(&a, only * 3);
	sbuf_reset(&s);
	totset_format(&s, &a);
	CHECK_STR(sbuf_str(&s), "between 3 and 27");
	CHECK(!totset_eq(&a, &b));
	sbuf_free(&s);
}

static void
test_totals(void)
{
	struct sbuf t = {0};
	struct totset g;
	clock_t t0;
	int i;

	CHECK_STR(totals("1x3Bd (Gen), 8x4Bw, 3x2Ps", &g), "12");
	CHECK(totset_count(&g, NULL) == 1 && totset_has(&g, 1));
	CHECK_STR(totals("1xPk or HCh (Gen), 6x4Pk, 1x4Pk or 3Bd, "
	    "1x3Ax or 2Ps, 2x2Ps", NULL), "11");
	CHECK_STR(totals("1x3Cv (Gen), 8x2LH, (2x2Ps + 1x7Hd or 3Ax) or "
	    "3x2LH", NULL), "12");
	CHECK_STR(totals("1x3Cv (Gen), 8x2LH, (2x2Ps + 1x3Ax) or 2x2LH",
	    NULL), "11 or 12");
	CHECK_STR(totals("(1x3Kn (Gen) + 5x3Kn) or (1x3Cv (Gen) + 5x3Cv), "
	    "6x4Sp", &g), "12");
	CHECK(totset_count(&g, NULL) == 1 && totset_has(&g, 1));
	CHECK_STR(totals("(1x3Kn (Gen) + 5x3Kn) or 6x3Cv, 6x4Sp", &g), "12");
	CHECK(totset_count(&g, NULL) == 2 && totset_has(&g, 0));
	CHECK_STR(totals("", NULL), "0");
	/* 2^60 combinations of packages: a set, not an enumeration */
	sbuf_adds(&t, "1x3Cv (Gen)");
	for (i = 0; i < 60; i++)
		sbuf_adds(&t, ", (1x2Ps) or (2x3Ax)");
	t0 = clock();
	CHECK_STR(totals(sbuf_str(&t), NULL), "between 61 and 121");
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 1.0);
	/* 11 of them, sizes equal: every one of 2^11 choices totals 12 */
	sbuf_reset(&t);
	sbuf_adds(&t, "1x3Cv (Gen)");
	for (i = 0; i < 11; i++)
		sbuf_adds(&t, ", (1x2Ps) or (1x3Ax) or 1xLH");
	CHECK_STR(totals(sbuf_str(&t), NULL), "12");
	sbuf_free(&t);
}

/* Run the engine over armies; returns the findings. */
static const char *
run(struct rules *r, struct army *v, size_t n)
{
	struct armycheck *c;
	size_t i;

	sbuf_reset(&got);
	c = armycheck_new(r, collect, NULL);
	for (i = 0; i < n; i++)
		armycheck_army(c, &v[i]);
	armycheck_finish(c);
	CHECK(armycheck_armies(c) == (long)n);
	armycheck_free(c);
	for (i = 0; i < n; i++)
		army_free(&v[i]);
	return sbuf_str(&got);
}

static void
test_findings(struct rules *r)
{
	struct army v[4];

	mk(&v[0], "1", 10, "1x3Bd (Gen), 8x4Bw, 3x2Ps", "2");
	mk(&v[1], "2", 11, "1x3Cv (Gen), 11x2Ps", "1");
	CHECK_STR(run(r, v, 2), "");

	mk(&v[0], "12a", 88, "1xWWg (Gen), 4x4Sp, 6x2Ps", "12a");
	CHECK_STR(run(r, v, 1), "E element-total 12a t.xml:88: elements "
	    "total 11, expected 12;");

	mk(&v[0], "3", 5, "1x3Cv (Gen), 8x2LH, (2x2Ps + 1x3Ax) or 2x2LH",
	    "3");
	CHECK_STR(run(r, v, 1), "E package-mismatch 3 t.xml:5: alternative "
	    "packages hold 2 or 3 elements;E element-total 3 t.xml:5: "
	    "elements total 11 or 12, expected 12;");

	mk(&v[0], "3", 5, "1x3Cv (Gen), 7x2LH, (2x2Ps + 1x3Ax) or 2x2LH",
	    "3");
	CHECK_STR(run(r, v, 1), "E package-mismatch 3 t.xml:5: alternative "
	    "packages hold 2 or 3 elements;E element-total 3 t.xml:5: "
	    "elements total 10 or 11, expected 12;");

	mk(&v[0], "4", 6, "(1x3Kn (Gen) + 5x3Kn) or 6x3Cv, 6x4Sp", "4");
	/* "2x3Kn (Gen)" is read as one general and one more: two
	 * markers make two generals */
	mk(&v[1], "5", 7, "1x3Kn (Gen), 1x3Kn (Gen), 10x4Sp", "4");
	mk(&v[2], "6", 8, "12x4Sp", "4");
	CHECK_STR(run(r, v, 3), "E general-count 4 t.xml:6: general "
	    "elements 0 or 1, expected 1;E general-count 5 t.xml:7: general "
	    "elements 2, expected 1;E general-count 6 t.xml:8: general "
	    "elements 0, expected 1;");

	mk(&v[0], "7", 1, "1x3Cv (Gen), 11x2Ps", "7");
	mk(&v[1], "7", 2, "1x3Cv (Gen), 11x2Ps", "7");
	mk(&v[2], "7a", 3, "1x3Cv (Gen), 11x2Ps", "7");
	CHECK_STR(run(r, v, 3), "E duplicate-id 7 t.xml:2: duplicate id, "
	    "first at t.xml:1;");

	mk(&v[0], "8", 1, "1x4Bd or Lit (Gen), 2x7Hd, 1x7Hd, 8x3Kn//7Hd",
	    "8");
	CHECK_STR(run(r, v, 1), "E unknown-troop 8 t.xml:1: troop type 'Lit' "
	    "not in dba1 (in dba22, dba3);E unknown-troop 8 t.xml:1: troop "
	    "type 'Hd' not in dba1 (in dba22, dba3);");

	/* forward, backward, family ("9" names "9a") and missing refs */
	mk(&v[0], "9a", 1, "1x3Cv (Gen), 11x2Ps", "10, 11, 9");
	mk(&v[1], "10", 2, "1x3Cv (Gen), 11x2Ps", "9a, 10b");
	v[1].has_allies = true;
	army_refs(&v[1].allies, &v[1].nallies, &v[1].capallies, "12", 2);
	CHECK_STR(run(r, v, 2), "W unknown-reference 9a t.xml:1: enemy '11' "
	    "names no army in the input;W unknown-reference 10 t.xml:2: "
	    "enemy '10b' names no army in the input;W unknown-reference 10 "
	    "t.xml:2: ally '12' names no army in the input;");

	mk(&v[0], "13", 3, "1x3Cv (Gen), 11x2Ps", NULL);
	v[0].period_ok = true;
	v[0].from = 1201;
	v[0].to = 1135;
	mk(&v[1], "14", 4, "1x3Cv (Gen), 11x2Ps", "13");
	v[1].period_ok = false;
	v[1].from = 5;
	v[1].to = 1;
	CHECK_STR(run(r, v, 2), "E period-order 13 t.xml:3: period from 1201 "
	    "is later than to 1135;W no-enemies 13 t.xml:3: no enemies "
	    "listed;");

	/* parse errors: one finding instead of the follow-on totals,
	 * generals and troops; the id and references are still checked */
	diag_quiet(1);
	CHECK(mk_army(&v[0], "15", 5, "1x3Cv or 3(4Ax (Gen), 1x2LH, "
	    "8x4Bd or Lit", "16") == 1);
	diag_quiet(0);
	v[0].incomplete = true;
	mk(&v[1], "15", 6, "1x3Cv (Gen), 11x2Ps", "16");
	CHECK_STR(run(r, v, 2), "E parse-errors 15 t.xml:5: not checked: "
	    "army has parse errors;E duplicate-id 15 t.xml:6: duplicate id, "
	    "first at t.xml:5;W unknown-reference 15 t.xml:5: enemy '16' "
	    "names no army in the input;W unknown-reference 15 t.xml:6: "
	    "enemy '16' names no army in the input;");
}

static void
count_cb(void *ctx, const struct finding *f)
{
	long *n = ctx;

	CHECK(f->code == CK_UNKNOWN_REFERENCE);
	if (n[0] == 0)
		CHECK_STR(f->msg, "enemy '90007' names no army in the input");
	n[0]++;
}

/* Forward references pile up and are dropped once resolved; the ones
 * still open at the end are reported in input order. */
static void
test_pending(struct rules *r)
{
	struct armycheck *c;
	struct army a;
	char id[32], refs[64];
	long i, n[1] = { 0 };
	int bad = 0;

	c = armycheck_new(r, count_cb, n);
	for (i = 1; i <= 5000; i++) {
		snprintf(id, sizeof id, "%ld", i);
		if (i % 1000 == 7)
			snprintf(refs, sizeof refs, "%ld, %ld, 9%04ld", i + 1,
			    i + 2, i);
		else
			snprintf(refs, sizeof refs, "%ld, %ld", i + 1, i + 2);
		bad += mk_army(&a, id, i, "1x3Cv (Gen), 11x2Ps", refs);
		armycheck_army(c, &a);
		army_free(&a);
	}
	armycheck_finish(c);
	CHECK(bad == 0);
	/* 5001 and 5002 are missing too */
	CHECK(n[0] == 5 + 3);
	armycheck_free(c);
}

/* By label: an army labelled with no edition is not checked and handed
 * back (the engine reports nothing itself); its id still answers the
 * references of the others; one labelled dba22 is checked with it. */
static void
test_labels(struct rules *r)
{
	struct armycheck *c;
	struct army v[3];
	int st = diag_status();

	mk(&v[0], "1", 1, "1x3Cv (Gen), 11x2Ps", "2");
	mk(&v[1], "2", 2, "1x3Cv (Gen), 11x7Hd", "1");
	mk(&v[2], "3", 3, "1x3Cv (Gen), 11x7Hd", "1");
	v[0].rules = "dba9";
	v[1].rules = "dba22";
	sbuf_reset(&got);
	c = armycheck_new(r, collect, NULL);
	armycheck_by_label(c);
	CHECK(!armycheck_army(c, &v[0]));
	CHECK(armycheck_army(c, &v[1]));
	CHECK(armycheck_army(c, &v[2]));
	armycheck_finish(c);
	CHECK(armycheck_armies(c) == 2);
	CHECK(diag_status() == st);
	CHECK_STR(sbuf_str(&got), "E unknown-troop 3 t.xml:3: troop type "
	    "'Hd' not in dba1 (in dba22, dba3);");
	armycheck_free(c);
	army_free(&v[0]);
	army_free(&v[1]);
	army_free(&v[2]);
}

static void
test_codes(void)
{
	CHECK_STR(check_code_name(CK_ELEMENT_TOTAL), "element-total");
	CHECK_STR(check_code_name(CK_NO_ENEMIES), "no-enemies");
	CHECK_STR(check_code_name(CK_ELEMENT_COUNT), "element-count");
	CHECK(check_code_error(CK_ELEMENT_COUNT));
	CHECK_STR(check_code_name(CK_PARSE_ERRORS), "parse-errors");
	CHECK(check_code_error(CK_PARSE_ERRORS));
	CHECK(check_code_error(CK_DUPLICATE_ID));
	CHECK(!check_code_error(CK_UNKNOWN_REFERENCE));
	CHECK(!check_code_error(CK_NO_ENEMIES));
}

int
main(void)
{
	struct rules *r;

	diag_init("test_armycheck");
	xmlio_init();
	troop_init();
	r = rules_load(NULL);
	CHECK(r != NULL);
	if (r == NULL)
		return UNIT_DONE("armycheck");
	CHECK(r->army_elements == 12 && r->army_generals == 1);
	RUN(test_sets());
	RUN(test_totals());
	RUN(test_findings(r));
	RUN(test_pending(r));
	RUN(test_labels(r));
	RUN(test_codes());
	rules_free(r);
	sbuf_free(&got);
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("armycheck");
}
