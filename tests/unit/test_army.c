/* Unit tests of the army model: dates, ids, the element grammar. */
#include <locale.h>
#include <regex.h>
#include <stdlib.h>

#include "army/army.h"
#include "army/armyin_int.h"
#include "army/armyout.h"
#include "core/diag.h"
#include "core/xmlio.h"
#include "unit.h"

static void
date(const char *s, long from, long to, bool approx)
{
	long f = 0, t = 0;
	bool a = !approx;

	CHECK(date_parse(s, strlen(s), &f, &t, &a) == 0 && f == from &&
	    t == to && a == approx);
	if (f != from || t != to)
		fprintf(stderr, "  date '%s': %ld %ld\n", s, f, t);
}

static void
bad_date(const char *s)
{
	long f, t;
	bool a;

	CHECK(date_parse(s, strlen(s), &f, &t, &a) < 0);
}

static void
test_dates(void)
{
	date("3500 v.Chr. - 2334 v.Chr.", -3500, -2334, false);
	date("3500-2334 v.Chr.", -3500, -2334, false);
	date("55 v.Chr. - 50 n.Chr.", -55, 50, false);
	date("1066 - 1100 n.Chr.", 1066, 1100, false);
	date("1066-1100", 1066, 1100, false);
	date("um 1000 v.Chr.", -1000, -1000, true);
	date("ca. 1000 BC", -1000, -1000, true);
	date("5. Jh. n.Chr.", 401, 500, false);
	date("3. Jh. v.Chr.", -300, -201, false);
	date("3000-2800BC", -3000, -2800, false);
	date("250BC-225AD", -250, 225, false);
	date("300BC-244 AD", -300, 244, false);
	date("1322 – 1455", 1322, 1455, false);
	date("1322 bis 1455 n. Chr.", 1322, 1455, false);
	date("200 vor Christus", -200, -200, false);
	date("2334 - 3500 v.Chr.", -2334, -3500, false);
	date("5th century AD", 401, 500, false);
	date("1200 v.Chr.", -1200, -1200, false);
	bad_date("");
	bad_date("irgendwann");
	bad_date("0 - 100");
	bad_date("100 - ");
	bad_date("100 v.Chr. und mehr");
	bad_date("99999999999999999999");
}

static void
test_ids(void)
{
	CHECK(army_is_id("7", 1));
	CHECK(army_is_id("12a", 3));
	CHECK(army_is_id("I/1a", 4));
	CHECK(army_is_id("IV/83b", 6));
	CHECK(army_is_id("II/42b.1", 8));
	CHECK(!army_is_id("0", 1));
	CHECK(!army_is_id("12ab", 4));
	CHECK(!army_is_id("Nr.", 3));
	CHECK(!army_is_id("1x3Bd", 5));
	CHECK(!army_is_id("I/", 2));
	CHECK(!army_is_id("", 0));
}

/* Parse, render in English and compare, with the errors and how many
 * of them left something out. */
static void
recovers(const char *in, const char *want, int errors, int lost)
{
	struct package list = {0};
	struct srcmap map = {0};
	struct sbuf b = {0};
	int e, l = -1;

	srcmap_add(&map, 0, 1, 1);
	e = elements_parse(&list, in, strlen(in), &map, &l);
	army_elements_text(&b, &list, LANG_EN);
	CHECK(e == errors);
	CHECK(lost < 0 || l == lost);
	if (e != errors || (lost >= 0 && l != lost))
		fprintf(stderr, "  '%s': %d errors, %d lost\n", in, e, l);
	CHECK_STR(sbuf_str(&b), want);
	package_free(&list);
	srcmap_free(&map);
	sbuf_free(&b);
}

static void
roundtrip(const char *in, const char *want, int errors)
{
	recovers(in, want, errors, -1);
}

/* Figures of one digit are shared (army_figures_dup); troopref_free
 * frees the others and leaves those (the sanitizer build sees a free of
 * a shared one). */
static void
test_figures_shared(void)
{
	char *a = army_figures_dup("3", 1), *b = army_figures_dup("3x", 1);
	char *c = army_figures_dup("3/4", 3);
	struct troopref r;

	CHECK(a == b && strcmp(a, "3") == 0);
	CHECK(c != a && strcmp(c, "3/4") == 0);
	memset(&r, 0, sizeof r);
	r.figures = a;
	r.dis_figures = c;
	troopref_free(&r);
	CHECK(strcmp(army_figures_dup("3", 1), "3") == 0);
	CHECK(army_figures_dup("3", 1) == a);
}

static void
test_elements(void)
{
	diag_quiet(1);
	roundtrip("1x Kl (Befehlshaber), 8x Bo, 3x Pl", "1xBd (Gen), 8xBw, 3xPs",
	    0);
	roundtrip("3 x Klingen, 5 x Speere, 2 x Plänkler.", "3xBd, 5xSp, 2xPs",
	    0);
	roundtrip("5× Kw, 4×Kl", "5xWWg, 4xBd", 0);
	roundtrip("4 Sp, 1x Hi/Pl", "4xSp, 1xAx or Ps", 0);
	roundtrip("1x Hi oder St (Bef.)", "1xAx or Wb (Gen)", 0);
	roundtrip("(1x Sp + 1x Pl) oder 2x LR", "(1xSp + 1xPs) or 2xLH", 0);
	roundtrip("(2x Pl und 1x Hi) or 3x LR", "(2xPs + 1xAx) or 3xLH", 0);
	roundtrip("2x3Cv or 2x7Hd or (1x4Wb + 1x7Hd)",
	    "2x3Cv or 2x7Hd or (1x4Wb + 1x7Hd)", 0);
	roundtrip("(1x3Bd, 3x4Bd or 4Sp, 3x4Cb or 2Ps) or (12x2Ps)",
	    "(1x3Bd + 3x4Bd or 4Sp + 3x4Cb or 2Ps) or 12x2Ps", 0);
	roundtrip("(1x3Kn (Gen) + 5x3Kn) or (1x3Cv (Gen) + 5x3Cv)",
	    "(1x3Kn (Gen) + 5x3Kn) or (1x3Cv (Gen) + 5x3Cv)", 0);
	roundtrip("1x3Cv(Gen), 6CV..", "1x3Cv (Gen), 6xCv", 0);
	roundtrip("1x3Kn//4Bd (Gen), 1xHCh or LCh//3Bw (kallapani)",
	    "1x3Kn//4Bd (Gen), 1xHCh or LCh//3Bw (kallapani)", 0);
	roundtrip("2x4Pk (Swiss if not allies) or 3Bw",
	    "2x4Pk (Swiss if not allies) or 3Bw", 0);
	roundtrip("1x Leichte Reiterei, 1x War Wagons, 1x Light Horse",
	    "1xLH, 1xWWg, 1xLH", 0);
	roundtrip("1x3Cv o 3Kn (Gen), 1x3/4Kn", "1x3Cv or 3Kn (Gen), 1x3/4Kn",
	    0);
	roundtrip("1x Rittr", "1xRittr", 1);
	roundtrip("1xHCh 1x3Bd, 1xPs", "1xHCh, 1x3Bd, 1xPs", 1);
	roundtrip("((((((((((1xPs))))))))))", "", 1);
	roundtrip("1x Ps), 2xBd", "1xPs, 2xBd", 1);
	roundtrip("0x Ps, 1000000001x Bd, 3x", "", 3);
	roundtrip("100x Bd, 1000000000x Ps", "100xBd, 1000000000xPs", 0);
	roundtrip("", "", 0);
	roundtrip("x", "", 1);
	diag_quiet(0);
}

/* A bad token loses only its own item: the parser reads on at the next
 * separator of its level (',', '+', "or", the closing ')'). */
static void
test_recovery(void)
{
	diag_quiet(1);
	/* III/57c: the bad alternative goes, the general stays */
	recovers("1x3Cv or 3(4Ax (Gen), 1x2LH, 6x3/4Ax",
	    "1x3Cv (Gen), 1x2LH, 6x3/4Ax", 1, 1);
	recovers("1x3Cv or 3(4Ax(Gen), 1x2LH", "1x3Cv, 1x2LH", 1, 1);
	/* IV/58: the bad element goes, its package and the choice stay */
	recovers("(1x2LH (Gen) + 1x2LH o 3Cv + 1x4Bd) o "
	    "(Scottish1x3Kn (Gen) + 2x4Pk), 1x4Bd o 2LH, 4x3Ax",
	    "(1x2LH (Gen) + 1x2LH or 3Cv + 1x4Bd) or 2x4Pk, 1x4Bd or 2LH, "
	    "4x3Ax", 1, 1);
	/* a lost element takes its bare alternatives, not the next unit */
	recovers("Scottish1x3Kn o 3Cv, 2xPs", "2xPs", 1, 1);
	recovers("Scottish1x3Kn (Gen) o 2x3Cv, 2xPs", "2x3Cv, 2xPs", 1, 1);
	recovers("1x3Kn or Bad1, 2xPs", "1x3Kn, 2xPs", 2, 1);
	recovers("1xPs + 3(4Ax + 2xBd", "1xPs, 2xBd", 1, 1);
	recovers("(1xPs + 1x) or 2xBd, 1xAx", "1xPs or 2xBd, 1xAx", 1, 1);
	/* an unclosed marker is lost, its element kept */
	recovers("1x Ps (Gen", "1xPs", 1, 1);
	recovers("1x Ps (Gen, 2xBd", "1xPs, 2xBd", 1, 1);
	/* an unclosed package keeps what it holds */
	recovers("1xKn or (1xPs + 2xBd", "1xKn or (1xPs + 2xBd)", 1, 1);
	/* unknown names are kept, not lost; a missing comma loses nothing */
	recovers("1x Rittr, 2xPs", "1xRittr, 2xPs", 1, 0);
	recovers("1xHCh 1x3Bd", "1xHCh, 1x3Bd", 1, 0);
	recovers("1x Ps), 2xBd", "1xPs, 2xBd", 1, 0);
	recovers("1x3Kn, 2xPs", "1x3Kn, 2xPs", 0, 0);
	/* a general's unclosed '(' ends with its troops when the list goes
	 * on there: the element kept, no comma wanted before a count */
	recovers("General & guard (6Kn 2x6Kn, 1xCv", "1x6Kn (Gen), 2x6Kn, 1xCv",
	    1, 1);
	recovers("General und Garde (6Kn und 2x6Kn", "1x6Kn (Gen), 2x6Kn", 1, 1);
	recovers("General (3Kn", "1x3Kn (Gen)", 1, 1);
	recovers("General & guard (6Kn Sp, 2x6Kn", "2x6Kn", 1, 1);
	diag_quiet(0);
}

/* '+' outside parentheses, '*' counts, figures apart from a name, the
 * general on one element. */
static void
test_notations(void)
{
	diag_quiet(1);
	roundtrip("1x3Kn + 2xLH or 1x3Bd + 2x4Cb",
	    "(1x3Kn + 2xLH) or (1x3Bd + 2x4Cb)", 0);
	roundtrip("1x3Kn + 2xLH or (1x3Bd + 2x4Cb)",
	    "(1x3Kn + 2xLH) or (1x3Bd + 2x4Cb)", 0);
	roundtrip("(1x3Kn + 2xLH) + 1xPs or 4xBd",
	    "(1x3Kn + 2xLH + 1xPs) or 4xBd", 0);
	roundtrip("1xPs + (1x3Kn or 2xLH) or 4xBd",
	    "(1xPs + 1x3Kn or 2xLH) or 4xBd", 0);
	roundtrip("2x3Kn or Cv + 1x2LH or 3x4Bw",
	    "(2x3Kn or Cv + 1x2LH) or 3x4Bw", 0);
	roundtrip("1x3Kn und 2xLH oder 3xBd", "(1x3Kn + 2xLH) or 3xBd", 0);
	roundtrip("1x3Cv + 2xLH, 3xPs", "1x3Cv, 2xLH, 3xPs", 0);
	roundtrip("1*3 Cavalry, 2 * 4Bw, 4 x 4 Spears",
	    "1x3Cv, 2x4Bw, 4x4Sp", 0);
	roundtrip("2x3Cv (Gen), 10x4Bw", "1x3Cv (Gen), 1x3Cv, 10x4Bw", 0);
	roundtrip("(3x3Kn (Gen) + 3xPs) or 6xCv",
	    "(1x3Kn (Gen) + 2x3Kn + 3xPs) or 6xCv", 0);
	roundtrip("1x3Cv (Gen.), 1xPs (C-in-C)", "1x3Cv (Gen), 1xPs (Gen)",
	    0);
	roundtrip("4x Crossbows, 2x4 Longbow", "4xCrossbows, 2x4Longbow", 0);
	/* a bad part of a '+' chain loses only itself */
	recovers("1x3Kn + Scottish1x3Bd or 2xPs", "1x3Kn or 2xPs", 1, 1);
	recovers("1x3Kn + LH or 2xPs", "1x3Kn or 2xPs", 1, 1);
	/* a stray '(' takes the rest of its entry, as before */
	recovers("1x3Kn + 2xLH + 3(4Ax or 2xPs", "1x3Kn, 2xLH", 1, 1);
	diag_quiet(0);
}

static void
refs(const char *in, bool allies, const char *want)
{
	struct army a;
	struct sbuf b = {0};
	size_t i;

	army_init(&a);
	army_refs_at(&a, allies, in, strlen(in), 1, 1);
	for (i = 0; i < (allies ? a.nallies : a.nenemies); i++) {
		const char *j = army_join_word(army_ally_join(&a, i));

		if (i > 0)
			sbuf_adds(&b, j != NULL ? " " : ", ");
		if (j != NULL && i > 0) {
			sbuf_adds(&b, j);
			sbuf_adds(&b, " ");
		}
		sbuf_adds(&b, allies ? a.allies[i] : a.enemies[i]);
	}
	CHECK_STR(sbuf_str(&b), want);
	sbuf_free(&b);
	army_free(&a);
}

/* Reference lists: the book carried, joins of allies, fragments. */
static void
test_refs(void)
{
	struct sbuf b = {0};
	char a0[] = "II/32a", a1[] = "32b", a2[] = "I/1", a3[] = "4a";
	char *v[] = { a0, a1, a2, a3 };

	diag_quiet(1);
	refs("I/1a, 4a, 5a", false, "I/1a, I/4a, I/5a");
	refs("60, 61, 63, 66a", false, "60, 61, 63, 66a");
	refs("II/32a, 32b. 35", false, "II/32a, II/32b, II/35");
	refs("I/1a, b, c", false, "I/1a, I/1b, I/1c");
	refs("I/1a or 2b and/or II/3, III/4", true,
	    "I/1a or I/2b and/or II/3, III/4");
	refs("I/1a oder 2b und II/3", true, "I/1a or I/2b, II/3");
	refs("I/1a or 2b", false, "I/1a, I/2b");
	refs("or I/5, (31j, II/6 (if Gauls), and/or", true, "I/5, II/6");
	refs("none", false, "");
	refs("-", true, "");
	diag_quiet(0);
	army_ref_resolved(&b, v, 1);
	CHECK_STR(b.s, "II/32b");
	army_ref_resolved(&b, v, 3);
	CHECK_STR(b.s, "I/4a");
	army_ref_resolved(&b, v, 0);
	CHECK_STR(b.s, "II/32a");
	sbuf_free(&b);
}

/* 3.0 brackets in a text that holds NUL bytes: every byte of the
 * text is copied before '[' is read as '(' (a fuzzer found the copy
 * stopping at the first NUL). */
static void
test_brackets_nul(void)
{
	static const char in[] = "[1x3Kn\0\0[, 2xLH] or [\0";
	struct package list = {0};
	struct srcmap map = {0};
	int l = 0;

	diag_quiet(1);
	srcmap_add(&map, 0, 1, 1);
	(void)elements_parse(&list, in, sizeof in - 1, &map, &l);
	CHECK(list.n <= 2);
	package_free(&list);
	srcmap_free(&map);
}

/* What a record of list text held when it ended. */
struct held {
	int armies;
	size_t text, nenemies, nallies, nnotes, items;
	bool incomplete;
};

static void
held_cb(void *ctx, const struct army *a)
{
	struct held *h = ctx;

	h->armies++;
	h->text = a->elements_text != NULL ? strlen(a->elements_text) : 0;
	h->nenemies = a->nenemies;
	h->nallies = a->nallies;
	h->nnotes = a->nnotes;
	h->items = a->list.n;
	h->incomplete = a->incomplete;
}

/* Memory of one record bounded by design: references and notes past
 * ARMY_MAX_REFS are not kept (one past is, for the report), the element
 * lines of list text end at ARMY_FIELD_MAX bytes (a record wrapped over
 * 300k lines held 250 MB). */
static void
test_held(void)
{
	struct sbuf b = {0};
	struct listtext *lt;
	struct held h = {0};
	struct army a;
	long e0, i;

	diag_quiet(1);
	army_init(&a);
	for (i = 0; i < 3 * ARMY_MAX_REFS; i++)
		army_add_note(&a, "c", 1, "text", 4);
	CHECK(a.nnotes == ARMY_MAX_REFS + 1);
	for (i = 0; i < ARMY_MAX_REFS + 5; i++)
		sbuf_printf(&b, "%sI/%ld", i > 0 ? " or " : "", i + 1);
	e0 = diag_file_errors();
	army_refs_at(&a, true, b.s, b.len, 1, 1);
	army_refs_at(&a, false, b.s, b.len, 1, 1);
	army_refs_at(&a, false, b.s, b.len, 2, 1);
	CHECK(a.nallies == ARMY_MAX_REFS + 1 && a.nenemies == ARMY_MAX_REFS + 1);
	CHECK(strcmp(a.allies[ARMY_MAX_REFS - 1], "I/10000") == 0);
	CHECK(diag_file_errors() == e0);        /* no stray "or" reported */
	army_free(&a);

	lt = listtext_new("t.txt", held_cb, &h);
	listtext_line(lt, "I/1a X 3000-2800BC", 18, 1);
	listtext_line(lt, "1x3Bd (Gen),", 12, 2);
	for (i = 0; i < 100000; i++)
		listtext_line(lt, "1x4Sp,", 6, i + 3);
	listtext_line(lt, "Enemies: none", 13, i + 3);
	listtext_flush(lt);
	listtext_free(lt);
	CHECK(h.armies == 1);
	/* 12 bytes and 9360 lines of 7 (a blank joins them) */
	CHECK(h.text == 12 + 9360 * 7 && h.text <= ARMY_FIELD_MAX);
	CHECK(h.items == ARMY_MAX_ITEMS && h.incomplete);
	CHECK(diag_file_errors() == e0 + 2);
	sbuf_free(&b);
	diag_quiet(0);
}

/* army_period_holds: one range, several, the flags for an army
 * without dates and for a range written backwards; an entry's allied
 * contingent after the colon of its allies. */
static void
test_period_holds(void)
{
	struct army a;

	army_init(&a);
	CHECK(!army_period_holds(&a, 100, 0));
	CHECK(army_period_holds(&a, 100, ARMY_PERIOD_UNDATED));
	a.period_ok = true;
	a.from = -450;
	a.to = -275;
	CHECK(army_period_holds(&a, -300, 0));
	CHECK(!army_period_holds(&a, -500, ARMY_PERIOD_UNDATED));
	a.from = -275;
	a.to = -450;
	CHECK(!army_period_holds(&a, -300, 0));
	CHECK(army_period_holds(&a, -300, ARMY_PERIOD_REVERSED));
	a.nranges = 2;
	a.ranges[0][0] = -330;
	a.ranges[0][1] = -322;
	a.ranges[1][0] = -300;
	a.ranges[1][1] = -280;
	CHECK(army_period_holds(&a, -290, 0));
	CHECK(!army_period_holds(&a, -310, ARMY_PERIOD_REVERSED));
	a.ranges[1][0] = -280;
	a.ranges[1][1] = -300;
	CHECK(!army_period_holds(&a, -290, 0));
	CHECK(army_period_holds(&a, -290, ARMY_PERIOD_REVERSED));
	army_refs_at(&a, true, "II/10 or II/40: 1x3Cv (Gen), 2x2LH", 34, 1, 1);
	CHECK(a.nallies == 2 && strcmp(a.allies[1], "II/40") == 0);
	CHECK(a.ally_elements != NULL &&
	    strcmp(a.ally_elements, "1x3Cv (Gen), 2x2LH") == 0);
	army_free(&a);
	army_init(&a);
	army_refs_at(&a, true, "II/40 Numidians: 2xLH", 21, 1, 1);
	CHECK(a.nallies == 1 && strcmp(a.allies[0], "II/40") == 0);
	CHECK(a.ally_elements != NULL && strcmp(a.ally_elements, "2xLH") == 0);
	army_free(&a);
	army_init(&a);
	diag_quiet(1);
	army_refs_at(&a, true, "see note: 1x3Cv", 15, 1, 1);
	diag_quiet(0);
	CHECK(a.ally_elements == NULL);
	army_free(&a);
}

/* army_ref_match: an id and its variants, either way round, several
 * letters; not a variant of a variant */
static void
test_ref_match(void)
{
	CHECK(army_ref_match("II/27", "II/27a"));
	CHECK(army_ref_match("II/27a", "II/27"));
	CHECK(army_ref_match("I/1", "I/1ab"));
	CHECK(army_ref_match("12", "12b"));
	CHECK(army_ref_match("II/27a", "II/27a"));
	CHECK(!army_ref_match("II/27a", "II/27ab"));
	CHECK(!army_ref_match("II/27a", "II/27b"));
	CHECK(!army_ref_match("II/2", "II/27"));
	CHECK(!army_ref_match("", "II/27"));
}

/* army_word_named: whole words, their first four characters folded;
 * shorter words and ids whole.  package_at_conditions: a condition is
 * named by a word of it, not by one inside another word. */
static void
test_word_named(void)
{
	struct package list = {0};
	struct srcmap map = {0};
	const char *el = "1xLH or (if Thurungians) Cv, 1xPs or (if Rus or "
	    "Venice) Bd";

	CHECK(army_word_named("Thuringians", 11, "Franks with Thuringian allies"));
	CHECK(army_word_named("Thurungians", 11, "THURINGIA"));
	CHECK(army_word_named("Bactrians", 9, "Graeco-Bactrian"));
	CHECK(army_word_named("Olympias", 8, "Queen Olympias\u2019 Army"));
	CHECK(army_word_named("Über", 5, "ueberlingen"));
	CHECK(!army_word_named("Thuringians", 11, "Ostthuringians"));
	CHECK(!army_word_named("Goths", 5, "Ostrogoths"));
	CHECK(!army_word_named("Olympias", 8, "Polympiastic"));
	CHECK(army_word_named("Rus", 3, "with Rus allies"));
	CHECK(!army_word_named("Rus", 3, "Russian"));
	CHECK(!army_word_named("Rus", 3, "Etruscans"));
	CHECK(army_word_named("rid", 3, "Rid"));
	CHECK(!army_word_named("rid", 3, "Test Riders"));
	CHECK(army_word_named("II/40", 5, "with II/40a allies"));
	CHECK(!army_word_named("II/40", 5, "with II/41 allies"));
	CHECK(!army_word_named("II/4", 4, "II/40"));
	CHECK(!army_word_named("", 0, "anything"));
	CHECK(!army_word_named("Thuringians", 11, ""));
	srcmap_add(&map, 0, 1, 1);
	CHECK(elements_parse(&list, el, strlen(el), &map, NULL) == 0);
	/* both options named: nothing cut */
	CHECK(!package_at_conditions(&list, "Thuringian and Rus allies"));
	CHECK(!package_at_conditions(&list, "Thuringian, Venice"));
	/* "or" of the condition names nothing; a word inside another names
	 * nothing */
	CHECK(package_at_conditions(&list, "Ostthuringians or Etruscans"));
	CHECK(list.n == 2 && list.items[0].ntroops == 1 &&
	    list.items[1].ntroops == 1);
	package_free(&list);
	srcmap_free(&map);
}

/* package_at_year: true exactly when the list changed (judge_one tries
 * the list again without the cut only then): an option dated out, or a
 * choice of one package made its entries; false when it is as it was. */
static void
test_at_year_changed(void)
{
	struct package list = {0}, *in;
	struct srcmap map = {0};
	struct item *ch;
	const char *el = "1xLH or (from 704BC) Cv, 2xPs";

	srcmap_add(&map, 0, 1, 1);
	CHECK(elements_parse(&list, el, strlen(el), &map, NULL) == 0);
	CHECK(!package_at_year(&list, -700));
	CHECK(list.n == 2 && list.items[0].ntroops == 2);
	CHECK(package_at_year(&list, -800));
	CHECK(list.n == 2 && list.items[0].ntroops == 1);
	CHECK(!package_at_year(&list, -800));
	package_free(&list);
	memset(&list, 0, sizeof list);
	ch = package_add(&list);
	ch->kind = ITEM_CHOICE;
	in = item_add_package(ch);
	CHECK(elements_parse(in, "2xPs", 4, &map, NULL) == 0);
	CHECK(package_at_year(&list, -800));
	CHECK(list.n == 1 && list.items[0].kind == ITEM_ELEMENT);
	package_free(&list);
	srcmap_free(&map);
}

/* date_tail against the expression it stands for, as regexec reads it
 * (in the C locale): set cases, then strings of pieces drawn at random
 * (a fixed seed). */
#define T_ERA "([Bb][Cc][Ee]?|[Aa][Dd]|[Cc][Ee]|[AaDd]\\. ?[Cc]\\.)"
#define T_APPROX "(([Cc]|[Cc][Aa])\\. ?|[Cc][Ii][Rr][Cc][Aa] |(^| )[Uu][Mm] )?"
#define T_DATE "([0-9]+ ?" T_ERA "? ?(-|\xe2\x80\x93| [Tt][Oo]) ?[0-9]+ ?" \
    T_ERA \
    "?|[0-9]+ ?" T_ERA ")"

static long
tail_regex(const regex_t *re, const char *s)
{
	regmatch_t m[1];

	return regexec(re, s, 1, m, 0) == 0 ? (long)m[0].rm_so : -1;
}

/* A string of pieces drawn at random (*x the state of the draw): with
 * dates, a prefix of any pieces, then dates of the expression's parts,
 * with a piece of any kind now and then. */
static size_t
tail_draw(unsigned long *x, char *buf, size_t size, bool dates)
{
	static const char *const any[] = {
		"0", "12", "9", " ", " ", "-", "\xe2\x80\x93", "\xe2\x80",
		"\x93", ".", "&", ",", ";", "and", "UND", "um", "Um ", "c",
		"ca", "circa", "CIRCA ", "bc", "BCE", "ad", "Ce", "a", "d", "e",
		"b", "n", "x", "Q", "\xc3\xa9", "c. ", "a. c.", "d.c.", "r", "i",
		"m", "u", "Name ", "um ", "to", " to", "TO ", "o", "t",
	};
	static const char *const part[][8] = {
		{ "", "", "c.", "Ca. ", "circa ", " um ", "um ", "c. " },
		{ "3000", "12", "1", "500", "7", "44", "900", "2" },
		{ "", " ", "", "", "", "", "", "" },
		{ "", "BC", "bce", "AD", "ce", "a. c.", "D.c.", "" },
		{ "-", " - ", "\xe2\x80\x93", "- ", " to ", "", " To", "to " },
		{ " & ", ", ", ";", " and ", " und ", "and", "&", " , " },
	};
	static const int shape[] = { 0, 1, 2, 3, 2, 4, 2, 1, 2, 3, 5 };
	size_t len = 0, k, n;
	const char *p;
	int i, j, reps;

#define DRAW() (*x = *x * 6364136223846793005UL + \
    1442695040888963407UL, (size_t)(*x >> 33))
	buf[0] = '\0';
	for (k = dates ? DRAW() % 4 : 1 + DRAW() % 12; k > 0; k--) {
		p = any[DRAW() % (sizeof any / sizeof any[0])];
		n = strlen(p);
		if (len + n < size) {
			memcpy(buf + len, p, n + 1);
			len += n;
		}
	}
	for (reps = dates ? 1 + (int)(DRAW() % 3) : 0; reps > 0; reps--)
		for (i = 0; i < (int)(sizeof shape / sizeof shape[0]); i++) {
			j = shape[i];
			if (j == 5 && reps == 1)
				break;
			p = DRAW() % 40 == 0 ?
			    any[DRAW() % (sizeof any / sizeof any[0])] :
			    part[j][DRAW() % 8];
			n = strlen(p);
			if (len + n < size) {
				memcpy(buf + len, p, n + 1);
				len += n;
			}
		}
	if (dates && DRAW() % 5 == 0 && len + 1 < size) {
		buf[len++] = '.';
		buf[len] = '\0';
	}
#undef DRAW
	return len;
}

/* date_tail against the expression it stands for, as regexec reads it
 * (in the C locale): set cases, then strings drawn at random (a fixed
 * seed), most of them ending in dates. */
static void
test_date_tail(void)
{
	static const char *const set[] = {
		"Early Sumerian 1 3000-2800BC", "3000-2800BC", "c. 500BC",
		"um 1200 BC", "Foo um 1200 BC", "Fooum 1200 BC",
		"Later Foo 330-322 & 300-280BC.", "x 55BC and 20 AD",
		"circa 300 - 200 bce", "300 a. c.", "300 d.c. - 400",
		"Tac. 500BC", "Ca. 5ad", "5", "5-", "-5bc", "1 2bc", "ab",
		"", " ", "2 - 3", "2\xe2\x80\x93" "3 AD", "2\xe2\x80\x94" "3 AD",
		"Later Hebrew 969 BC to 586 BC", "969 to586", "969to 586",
		"Pluto 586 BC", "1 TO 2", "x 5 to 6 & 7 to 8 AD", NULL
	};
	regex_t re;
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0), old;
	char buf[160];
	unsigned long x = 12345;
	size_t i, len;
	long want, got, found = 0;
	int bad = 0;

	old = uselocale(c);
	CHECK(regcomp(&re, "(" T_APPROX T_DATE ")( ?(&|,|;|[Aa][Nn][Dd]|"
	    "[Uu][Nn][Dd]) ?" T_APPROX T_DATE ")*\\.?$", REG_EXTENDED) == 0);
	for (i = 0; set[i] != NULL; i++)
		CHECK(date_tail(set[i], strlen(set[i])) ==
		    tail_regex(&re, set[i]));
	CHECK(date_tail("Early Sumerian 1 3000-2800BC", 28) == 17);
	for (i = 0; i < 200000 && bad < 5; i++) {
		len = tail_draw(&x, buf, sizeof buf, i % 4 != 0);
		want = tail_regex(&re, buf);
		got = date_tail(buf, len);
		found += want > 0;
		if (got != want) {
			fprintf(stderr, "  date_tail '%s': %ld, regexec %ld\n",
			    buf, got, want);
			bad++;
		}
	}
	CHECK(bad == 0);
	CHECK(found > 10000);   /* the draw makes dates after a prefix */
	regfree(&re);
	uselocale(old);
	freelocale(c);
}

/* listmail_text: what is plainly e-mail text around the lists, and what
 * is a list line (kept for the list reader and its errors). */
static void
test_mail_text(void)
{
	static const char *const mail[] = {
		"Hi Tom,", "Cheers", "Ivo", "Best regards, Hans", "Hans Ritter",
		"Sent from my phone", "here is my list for Saturday:",
		"Viele Gr\xc3\xbc\xc3\x9f" "e", "Art Smith", "Kind regards", NULL
	};
	static const char *const list[] = {
		"3Cv, 2LH, 4Bdd", "Cv, LH", "Knights or Blades", "Light Horse",
		"Psiloii", "Hi", "Terain Hilly", "Tel: 040 1234", "My list:",
		"1x3Cv (Gen)", "(tower)", "a b", "Hans; Anna", "I/1a Foo", "--",
		"", NULL
	};
	int k;

	for (k = 0; mail[k] != NULL; k++)
		if (!listmail_text(mail[k], strlen(mail[k]))) {
			fprintf(stderr, "  not mail text: '%s'\n", mail[k]);
			CHECK(false);
		}
	for (k = 0; list[k] != NULL; k++)
		if (listmail_text(list[k], strlen(list[k]))) {
			fprintf(stderr, "  mail text: '%s'\n", list[k]);
			CHECK(false);
		}
	CHECK(listmail_rule("--", 2) && !listmail_rule("---", 3));
}

int
main(void)
{
	diag_init("unit");
	xmlio_init();
	RUN(test_dates());
	RUN(test_ids());
	RUN(test_figures_shared());
	RUN(test_elements());
	RUN(test_recovery());
	RUN(test_notations());
	RUN(test_refs());
	RUN(test_brackets_nul());
	RUN(test_held());
	RUN(test_period_holds());
	RUN(test_ref_match());
	RUN(test_word_named());
	RUN(test_at_year_changed());
	RUN(test_date_tail());
	RUN(test_mail_text());
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("army");
}
