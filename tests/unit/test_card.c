/* Unit tests of the card model: army counts, numbers from the rules
 * table, the campaign tables interface, the HTML writer, the PDF
 * measurer's widest words. */
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "card/card.h"
#include "card/cardpdf_int.h"
#include "core/diag.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "rules/rules.h"
#include "unit.h"

static const char *
find(const struct card_block *b, const char *code, size_t col)
{
	size_t r;

	for (r = 0; r < b->nrows; r++)
		if (strcmp(block_cell(b, r, 0), code) == 0)
			return block_cell(b, r, col);
	return NULL;
}

static struct item *
element(struct package *p, long count, const char *code, bool general)
{
	struct item *it = package_add(p);

	it->kind = ITEM_ELEMENT;
	it->count = count;
	it->general = general;
	item_add_troop(it)->t = troop_by_code(code);
	return it;
}

static void
test_army(struct rules *r)
{
	struct army a;
	struct card c;
	struct item *it;
	const struct card_block *t;

	army_init(&a);
	a.id = xstrdup("12a");
	a.name = xstrdup("Test");
	element(&a.list, 1, "Kn", true);
	element(&a.list, 4, "Bw", false);
	it = element(&a.list, 2, "Sp", false);
	item_add_troop(it)->t = troop_by_code("Ax");
	it = package_add(&a.list);
	it->kind = ITEM_CHOICE;
	element(item_add_package(it), 2, "Bd", false);
	element(item_add_package(it), 3, "Ps", false);
	card_army(&c, &a, r, LANG_EN);
	CHECK_STR(c.kind, "army");
	CHECK_STR(c.title, "12a Test");
	/* the facts strip, the elements, troops (the outcomes the notes
	 * leave out in its heading), the footnote of the reconstructed
	 * outcomes */
	CHECK(c.nb == 4);
	CHECK(c.b[0].kind == BLK_FACTS && c.b[0].strip);
	CHECK(c.b[1].kind == BLK_FACTS && !c.b[1].strip);
	CHECK(c.b[3].kind == BLK_TEXT);
	CHECK_STR(c.b[2].title,
	    "Troops \xc2\xb7 Unless noted: beaten: recoil, doubled: destroyed");
	/* the general's type among the facts of the strip */
	CHECK_STR(find(&c.b[0], "General", 1), "Kn");
	CHECK_STR(find(&c.b[1], "Elements", 1) != NULL ? "yes" : "no", "yes");
	/* factors and moves in bold; each tinted section in turn */
	CHECK(c.b[2].strong == 0xf8);
	CHECK(card_section(&c, 0) == -1 && card_section(&c, 1) == -1);
	CHECK(card_section(&c, 2) == 0 && card_section(&c, 3) == -1);
	t = &c.b[2];
	CHECK(t->kind == BLK_TABLE && t->ncols == 9 && t->nrows == 6);
	CHECK_STR(find(t, "Kn", 2), "1");
	CHECK_STR(find(t, "Bw", 2), "4");
	CHECK_STR(find(t, "Sp", 2), "0\xe2\x80\x93" "2");
	CHECK_STR(find(t, "Ax", 2), "0\xe2\x80\x93" "2");
	CHECK_STR(find(t, "Bd", 2), "0\xe2\x80\x93" "2");
	CHECK_STR(find(t, "Ps", 2), "0\xe2\x80\x93" "3");
	CHECK_STR(find(t, "Kn", 3), "3");
	CHECK_STR(find(t, "Kn", 4), "4");
	CHECK_STR(find(t, "Bw", 5), "300");
	CHECK(strstr(find(t, "Kn", 8), "general") != NULL);
	CHECK(strstr(find(t, "Bw", 8), "shoots 200 p") != NULL);
	CHECK(strstr(find(t, "Sp", 8), "rear support +1") != NULL);
	card_free(&c);
	/* the numbers come from the rules table, not from the code */
	r->t[troop_by_code("Kn")->id].factor[CLASS_FOOT] = 7;
	r->t[troop_by_code("Bw")->id].range = 250;
	card_army(&c, &a, r, LANG_DE);
	/* a German card names the types by their German abbreviations */
	CHECK(find(&c.b[2], "Kn", 3) == NULL);
	CHECK_STR(find(&c.b[2], "Ri", 3), "7");
	CHECK(strstr(find(&c.b[2], "Bo", 8), "schießt 250 S") != NULL);
	CHECK_STR(find(&c.b[2], "Bo", 1), "Bögen");
	/* a card too long: the names go to the front of the notes, the
	 * numbers and wide bits follow their columns */
	CHECK(card_fold(&c));
	t = &c.b[2];
	CHECK(t->ncols == 8 && t->nrows == 6);
	CHECK_STR(t->head[7], "Typ: Hinweise");
	CHECK_STR(find(t, "Ri", 2), "7");
	CHECK(strncmp(find(t, "Bo", 7), "Bögen: schießt 250 S", 21) == 0);
	CHECK(t->num == 0x7e && t->wide == 1u << 7 && t->strong == 0x7c);
	CHECK(!card_fold(&c));
	card_free(&c);
	/* types of equal factors and moves share a row: the counts of
	 * each, the notes both have once, then each one's own */
	r->t[troop_by_code("Ax")->id].factor[CLASS_FOOT] =
	    r->t[troop_by_code("Sp")->id].factor[CLASS_FOOT];
	r->t[troop_by_code("Ax")->id].factor[CLASS_MOUNTED] =
	    r->t[troop_by_code("Sp")->id].factor[CLASS_MOUNTED];
	r->t[troop_by_code("Ax")->id].move_good =
	    r->t[troop_by_code("Sp")->id].move_good;
	r->t[troop_by_code("Ax")->id].move_difficult =
	    r->t[troop_by_code("Sp")->id].move_difficult;
	r->t[troop_by_code("Ax")->id].move_road =
	    r->t[troop_by_code("Sp")->id].move_road;
	card_army(&c, &a, r, LANG_EN);
	t = &c.b[2];
	CHECK(t->nrows == 5);
	CHECK(find(t, "Sp", 1) == NULL && find(t, "Ax", 1) == NULL);
	CHECK_STR(find(t, "Sp, Ax", 1), "Spears, Auxilia");
	CHECK_STR(find(t, "Sp, Ax", 2), "0\xe2\x80\x93" "2, 0\xe2\x80\x93" "2");
	CHECK_STR(find(t, "Sp, Ax", 8), "beaten by Kn (good going): "
	    "destroyed \xc2\xb7 Sp: rear support +1; Ps behind +1 \xc2\xb7 Ax: "
	    "no minus in difficult going");
	card_free(&c);
	army_free(&a);
}

static void
test_rules(struct rules *r)
{
	struct card c;

	card_rules(&c, RULES_COMBAT, r, LANG_RU);
	CHECK_STR(c.id, "combat");
	CHECK_STR(find(&c.b[0], "Ме", 2), "5");
	CHECK_STR(find(&c.b[0], "Ры", 2), "7");
	CHECK_STR(find(&c.b[0], "Ме", 1), "Мечники");
	card_free(&c);
	card_rules(&c, RULES_MOVEMENT, r, LANG_EN);
	CHECK_STR(find(&c.b[0], "LH", 2), "500");
	CHECK_STR(find(&c.b[0], "Art", 3), "\xe2\x80\x93");
	CHECK_STR(find(&c.b[2], "Bw", 2), "250\xe2\x80\xa0");  /* reconstructed */
	card_free(&c);
	card_rules(&c, RULES_OUTCOMES, r, LANG_EN);
	/* the default line heads the table; each row what it does not
	 * say */
	CHECK_STR(block_cell(&c.b[0], 0, 0),
	    "Unless noted: beaten: recoil, doubled: destroyed");
	CHECK_STR(find(&c.b[1], "SCh", 1), "beaten: destroyed");
	CHECK_STR(find(&c.b[1], "Cv", 1), "default outcomes\xe2\x80\xa0; "
	    "doubled by Sp, Pk: flee");
	CHECK_STR(find(&c.b[1], "Kn", 1), "beaten by LH, El: destroyed; "
	    "beaten by SCh: destroyed\xe2\x80\xa0");
	card_free(&c);
}

/* The campaign cards from the tables of the one loader (campaigntab). */
/* --legend: the abbreviations the card shows as words of their own,
 * each once, in the order of the troop table; none in English. */
static void
test_legend(void)
{
	struct card c;
	struct card_block *t;

	card_init(&c, "army", "x", "Kl Re");    /* the title is not read */
	t = card_block(&c, BLK_TABLE, NULL, 2);
	block_head(t, "K\xc3\xbcrzel", "Hinweise");
	block_row(t, "Pl\xe2\x80\xa0", "durch Ri, Bo; 1x Ri//St [HCh]");
	block_row(t, "Rie", "Sp; \xc3\xa4Hi Hi\xc3\xa4 Hi7 Km\xd0\xb0");
	card_legend(&c, LANG_DE);
	CHECK(c.nb == 2 && c.b[1].kind == BLK_TEXT);
	CHECK_STR(block_cell(&c.b[1], 0, 0),
	    "Ri = Kn, St = Wb, Bo = Bw, Pl = Ps");
	card_legend(&c, LANG_EN);
	CHECK(c.nb == 2);
	card_free(&c);
	card_init(&c, "army", "x", "");
	block_row(card_block(&c, BLK_TEXT, NULL, 1),
	    "\xd0\x97\xd0\xb0 \xd1\x81\xd0\xb7\xd0\xb0\xd0\xb4\xd0\xb8");
	card_legend(&c, LANG_RU);       /* За сзади: Psiloi behind */
	CHECK(c.nb == 2);
	CHECK_STR(block_cell(&c.b[1], 0, 0), "\xd0\x97\xd0\xb0 = Ps");
	card_legend(&c, LANG_DE);       /* nothing German: no line */
	CHECK(c.nb == 2);
	card_free(&c);
}

static void
test_campaign(void)
{
	static const struct {
		size_t row, col;
		const char *s;
	} dmg[] = {
		{ 0, 1, "1W6+2" }, { 0, 4, "3 \xc3\x97 (2W6+2)" },
		{ 1, 2, "2 \xc3\x97 (TL/2)W6" },
		{ 2, 2, "2 \xc3\x97 (TL\xe2\x88\x92" "3)W6" },
		{ 2, 3, "2 \xc3\x97 (TL+3)W6" }, { 3, 1, "(TL)W6" },
		{ 3, 4, "3 \xc3\x97 (2\xc2\xb7TL)W6" },
	};
	struct camptab t;
	struct card c;
	const struct card_block *b;
	char *de;
	size_t i;

	CHECK(camptab_load(&t) == 0);
	card_campaign(&c, CAMP_CATASTROPHE, &t, LANG_EN);
	CHECK_STR(c.title, "Campaign: Catastrophe (3d6)");
	CHECK_STR(c.id, "catastrophe");
	card_free(&c);
	card_campaign(&c, CAMP_CATASTROPHE, &t, LANG_DE);
	CHECK_STR(c.title, "Feldzug: Katastrophe (3W6)");
	b = &c.b[0];
	CHECK(b->nrows == 11);
	CHECK_STR(block_cell(b, 0, 0), "3\xe2\x80\x93" "7");
	CHECK_STR(block_cell(b, 0, 1), "Keine Katastrophe");
	CHECK_STR(block_cell(b, 0, 2), "");
	CHECK_STR(block_cell(b, 2, 2), "TS des Feindes +10%");
	CHECK_STR(block_cell(b, 8, 0), "16");
	CHECK_STR(block_cell(b, 8, 2), "Strategie \xe2\x88\x92" "2, Moral "
	    "aller \xe2\x88\x92" "3, Feldherr verwundet, Schaden 2W6");
	CHECK_STR(block_cell(b, 10, 2), "Strategie halbiert (aufgerundet), "
	    "Moral aller "
	    "\xe2\x88\x92" "5, Feldherr gefallen");
	card_free(&c);
	/* a row's text is the table's, in the card's language */
	de = t.cat.rows[0].text[LANG_DE];
	t.cat.rows[0].text[LANG_DE] = t.cat.rows[0].text[LANG_EN];
	card_campaign(&c, CAMP_CATASTROPHE, &t, LANG_DE);
	CHECK_STR(block_cell(&c.b[0], 0, 1), "No catastrophe");
	card_free(&c);
	t.cat.rows[0].text[LANG_DE] = de;
	card_campaign(&c, CAMP_SURVIVAL, &t, LANG_DE);
	CHECK_STR(c.id, "survival");
	b = &c.b[0];
	CHECK(b->nrows == RES_N);
	CHECK_STR(block_cell(b, 0, 0), "\xe2\x89\xa5 5");
	CHECK_STR(block_cell(b, 0, 1), "Unverletzt");
	CHECK_STR(block_cell(b, 0, 2), "");
	CHECK_STR(block_cell(b, 1, 0), "1\xe2\x80\xa6" "4");
	CHECK_STR(block_cell(b, 2, 0), "0");
	CHECK_STR(block_cell(b, 2, 2), "2");
	CHECK_STR(block_cell(b, 3, 0), "\xe2\x88\x92" "2\xe2\x80\xa6"
	    "\xe2\x88\x92" "1");
	CHECK_STR(block_cell(b, 6, 0), "\xe2\x89\xa4 \xe2\x88\x92" "7 "
	    "oder kritischer Fehlschlag");
	CHECK_STR(block_cell(b, 6, 1), "Spalte D");
	b = &c.b[1];
	CHECK(b->nrows == 6);
	CHECK_STR(block_cell(b, 0, 0), "0\xe2\x80\x93" "3");
	/* the dice as the title writes them (3W6), with their sides */
	for (i = 0; i < sizeof dmg / sizeof dmg[0]; i++)
		CHECK_STR(block_cell(b, dmg[i].row, dmg[i].col), dmg[i].s);
	CHECK_STR(block_cell(b, 3, 5), "SR/2");
	CHECK_STR(block_cell(b, 4, 0), "14");
	CHECK_STR(block_cell(b, 4, 5), "SR/5");
	CHECK_STR(block_cell(b, 0, 5), "");
	card_free(&c);
	camptab_free(&t);
}

/* The runs of a cell: a sign after a word or a figure, an id with a
 * slash, the rest plain; a sign that opens a footnote is text. */
static void
test_runs(void)
{
	static const struct {
		const char *s;
		const char *runs;       /* each run as "kind:text|" */
	} t[] = {
		{ "SiS?", "t:SiS|s:?|" },
		{ "+1* (x)", "t:+1|s:*|t: (x)|" },
		{ "destroyed\xe2\x80\xa0; ok", "t:destroyed|s:\xe2\x80\xa0|t:; ok|" },
		{ "? uncertain", "t:? uncertain|" },
		{ "?", "t:?|" },
		{ "II/8b \xe2\x86\x93 I/2a", "i:II/8b|t: \xe2\x86\x93 |i:I/2a|" },
		{ "60, III/17", "t:60, |i:III/17|" },
		{ "a/b IV/x", "t:a/b IV/x|" },
	};
	char got[160];
	size_t i, j, n, len;
	enum card_run k;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		got[0] = '\0';
		for (j = 0; t[i].s[j] != '\0'; j += n) {
			n = card_run(t[i].s, j, &k);
			len = strlen(got);
			snprintf(got + len, sizeof got - len, "%c:%.*s|",
			    k == CARD_RUN_SIGN ? 's' : k == CARD_RUN_ID ? 'i' :
			    't', (int)n, t[i].s + j);
		}
		CHECK_STR(got, t[i].runs);
	}
}

static void
test_html(struct rules *r)
{
	struct cardhtml *w;
	struct card c;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	w = cardhtml_new(fp, PAPER_A5, LANG_EN);
	card_rules(&c, RULES_COMBAT, r, LANG_EN);
	free(c.title);
	c.title = xstrdup("a < b & \"c\"");
	cardhtml_card(w, &c, NULL);
	card_free(&c);
	CHECK(cardhtml_finish(w) == 0);
	fclose(fp);
	CHECK(strstr(buf, "@page { size: 210mm 148mm;") != NULL);
	CHECK(strstr(buf, "<h1>a &lt; b &amp; &quot;c&quot;</h1>") != NULL);
	/* A5's 9 pt grown into the room the card has */
	CHECK(strstr(buf, "<section class=\"card cols\" style=\"font-size: "
	    "9.25pt\" data-kind=\"rules\" data-id=\"combat\">") != NULL);
	CHECK(strstr(buf, "<td>Bd</td><td>Blades</td><td class=\"num\"><b>5"
	    "</b></td>") != NULL);
	free(buf);
}

/* The widest of the words, each measured on a line of its own. */
static double
widest_alone(struct cardpdf *w, const char *const *word)
{
	double best = 0, x;

	for (; *word != NULL; word++)
		if ((x = cardpdf_text_width(w, *word, w->font)) > best)
			best = x;
	return best;
}

/* A cell's widest word is the width of the widest laid out alone,
 * whether it is read off the cell's glyphs or (a text they cannot say
 * it for) measured alone. */
static void
test_widest(void)
{
	struct cardpdf *w = cardpdf_measurer(PAPER_A6, LANG_EN);
	char big[200], cut[128];
	size_t n;

	/* read off the text's glyphs: one layout, not one a word */
	n = w->memo->n;
	CHECK(cardpdf_widest_word(w, "Qq Zz Kk", w->font) > 0);
	CHECK(w->memo->n == n + 1);
	n = w->memo->n;
	CHECK(cardpdf_widest_word(w, "Qq\tZz Kk", w->font) > 0);
	CHECK(w->memo->n > n + 1);
	CHECK(cardpdf_widest_word(w, "Wb Ax", w->font) ==
	    widest_alone(w, (const char *const[]){ "Wb", "Ax", NULL }));
	/* after a slash between letters, not between digits or signs */
	CHECK(cardpdf_widest_word(w, "rough/bad going, 1/-  WW", w->font) ==
	    widest_alone(w, (const char *const[]){ "rough/", "bad",
	    "going,", "1/-", "WW", NULL }));
	CHECK(cardpdf_widest_word(w, "Пеший/конный AV", w->font) ==
	    widest_alone(w, (const char *const[]){ "Пеший/", "конный",
	    "AV", NULL }));
	CHECK(cardpdf_widest_word(w, "", w->font) == 0);
	CHECK(cardpdf_widest_word(w, "  ", w->font) == 0);
	/* measured alone (each word then has its entry, so these compare
	 * the words taken apart): a word of 128 bytes or more (cut to
	 * 127), two lines, right to left; and a mark after a space */
	memset(big, 'W', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	memcpy(cut, big, sizeof cut - 1);
	cut[sizeof cut - 1] = '\0';
	CHECK(cardpdf_widest_word(w, big, w->font) ==
	    cardpdf_text_width(w, cut, w->font));
	CHECK(cardpdf_widest_word(w, "ab\nWWWW x", w->font) ==
	    widest_alone(w, (const char *const[]){ "ab\nWWWW", NULL }));
	CHECK(cardpdf_widest_word(w, "שלום עליכם", w->font) ==
	    widest_alone(w, (const char *const[]){ "שלום", "עליכם", NULL }));
	CHECK(cardpdf_widest_word(w, "W \xcc\x81WWW", w->font) ==
	    widest_alone(w, (const char *const[]){ "W", "\xcc\x81WWW",
	    NULL }));
	CHECK(cardpdf_finish(w) == 0);
}

int
main(void)
{
	struct rules *r;

	xmlio_init();
	troop_init();
	r = rules_load(NULL);
	CHECK(r != NULL);
	if (r == NULL)
		return UNIT_DONE("card");
	RUN(test_army(r));
	RUN(test_rules(r));
	RUN(test_campaign());
	RUN(test_legend());
	RUN(test_runs());
	RUN(test_html(r));
	RUN(test_widest());
	rules_free(r);
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("card");
}
