/* Unit tests of the card model: army counts, numbers from the rules
 * table, the campaign tables interface, the HTML writer. */
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "card/card.h"
#include "core/diag.h"
#include "dba/rules.h"
#include "unit.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

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
	CHECK(c.nb == 2);
	t = &c.b[1];
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
	CHECK_STR(find(&c.b[1], "Kn", 3), "7");
	CHECK(strstr(find(&c.b[1], "Bw", 8), "schießt 250 S") != NULL);
	CHECK_STR(find(&c.b[1], "Bw", 1), "Bögen");
	card_free(&c);
	army_free(&a);
}

static void
test_rules(struct rules *r)
{
	struct card c;

	card_rules(&c, RULES_COMBAT, r, LANG_RU);
	CHECK_STR(c.id, "combat");
	CHECK_STR(find(&c.b[0], "Bd", 2), "5");
	CHECK_STR(find(&c.b[0], "Kn", 2), "7");
	CHECK_STR(find(&c.b[0], "Bd", 1), "Мечники");
	card_free(&c);
	card_rules(&c, RULES_MOVEMENT, r, LANG_EN);
	CHECK_STR(find(&c.b[0], "LH", 2), "500");
	CHECK_STR(find(&c.b[0], "Art", 3), "\xe2\x80\x93");
	CHECK_STR(find(&c.b[2], "Bw", 2), "250");
	card_free(&c);
	card_rules(&c, RULES_OUTCOMES, r, LANG_EN);
	CHECK_STR(find(&c.b[0], "SCh", 1), "destroyed");
	CHECK_STR(find(&c.b[0], "Cv", 3), "doubled by Sp, Pk: flee");
	card_free(&c);
}

static const char cat_xml[] =
    "<catastrophe-table version=\"1\">"
    "<row min=\"3\" max=\"7\" event=\"none\"><text lang=\"en\">Calm</text>"
    "<text lang=\"de\">Ruhig</text></row>"
    "<row min=\"8\" max=\"8\" event=\"x\" strategy=\"-1\" morale-all=\"-2\""
    " leader=\"commander\" leader-fate=\"killed\" damage-dice=\"2\">"
    "<text lang=\"en\">Bad</text></row>"
    "</catastrophe-table>";

static const char surv_xml[] =
    "<survival-table version=\"1\">"
    "<result name=\"unhurt\" min=\"5\"/>"
    "<result name=\"hit2\" min=\"0\" max=\"0\" hp=\"2\"/>"
    "<result name=\"D\" max=\"-7\"/>"
    "<damage tl-min=\"0\" tl-max=\"3\">"
    "<column name=\"A\" hits=\"1\" dice=\"1\" adds=\"2\"/>"
    "<column name=\"B\" hits=\"2\" dice-tl=\"1\" dice-tl-div=\"2\"/>"
    "<column name=\"C\" hits=\"2\" dice-tl=\"1\" dice=\"-3\"/>"
    "<column name=\"D\" hits=\"3\" dice-tl=\"2\"/>"
    "</damage>"
    "<damage tl-min=\"14\" tl-max=\"14\" dr-divisor=\"5\">"
    "<column name=\"A\" dice-tl=\"1\"/></damage>"
    "</survival-table>";

static void
test_campaign(void)
{
	struct camp_tables t;
	struct card c;
	const struct card_block *b;
	const char *bad_surv = "<survival-table><result min=\"q\"/>"
	    "</survival-table>";

	memset(&t, 0, sizeof t);
	card_campaign(&c, CAMP_CATASTROPHE, &t, LANG_EN);
	CHECK(c.nb == 1 && c.b[0].kind == BLK_TEXT);
	CHECK_STR(c.title, "Campaign: Catastrophe (3d6)");
	CHECK_STR(block_cell(&c.b[0], 0, 0),
	    "no Catastrophe table in this build");
	card_free(&c);
	card_campaign(&c, CAMP_SURVIVAL, &t, LANG_EN);
	CHECK_STR(c.id, "survival");
	CHECK_STR(block_cell(&c.b[0], 0, 0), "no Survival table in this build");
	card_free(&c);
	CHECK(camp_load_cat(&t, cat_xml, sizeof cat_xml - 1, "c.xml") == 0);
	CHECK(camp_load_surv(&t, surv_xml, sizeof surv_xml - 1, "s.xml") == 0);
	card_campaign(&c, CAMP_CATASTROPHE, &t, LANG_DE);
	CHECK_STR(c.title, "Feldzug: Katastrophe (3W6)");
	b = &c.b[0];
	CHECK(b->nrows == 2);
	CHECK_STR(block_cell(b, 0, 0), "3\xe2\x80\x93" "7");
	CHECK_STR(block_cell(b, 0, 1), "Ruhig");
	CHECK_STR(block_cell(b, 1, 1), "x");   /* no German text: event */
	CHECK_STR(block_cell(b, 1, 2), "Strategie \xe2\x88\x92" "1, Moral "
	    "aller \xe2\x88\x92" "2, Feldherr gefallen, Schaden 2d");
	card_free(&c);
	card_campaign(&c, CAMP_SURVIVAL, &t, LANG_DE);
	b = &c.b[0];
	CHECK_STR(block_cell(b, 0, 0), "\xe2\x89\xa5 5");
	CHECK_STR(block_cell(b, 1, 0), "0");
	CHECK_STR(block_cell(b, 1, 2), "2");
	CHECK_STR(block_cell(b, 2, 0), "\xe2\x89\xa4 \xe2\x88\x92" "7");
	b = &c.b[1];
	CHECK_STR(block_cell(b, 0, 0), "0\xe2\x80\x93" "3");
	CHECK_STR(block_cell(b, 0, 1), "1d+2");
	CHECK_STR(block_cell(b, 0, 2), "2 \xc3\x97 (TL/2)d");
	CHECK_STR(block_cell(b, 0, 3), "2 \xc3\x97 (TL\xe2\x88\x92" "3)d");
	CHECK_STR(block_cell(b, 0, 4), "3 \xc3\x97 (2\xc2\xb7TL)d");
	CHECK_STR(block_cell(b, 1, 1), "TLd");
	CHECK_STR(block_cell(b, 1, 5), "SR/5");
	card_free(&c);
	diag_quiet(1);
	CHECK(camp_load_cat(&t, "<x/>", 4, "bad.xml") < 0);
	CHECK(!t.has_cat && t.has_surv);
	CHECK(camp_load_surv(&t, bad_surv, strlen(bad_surv), "bad.xml") < 0);
	CHECK(!t.has_surv);
	diag_quiet(0);
	camp_free(&t);
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
	cardhtml_card(w, &c);
	card_free(&c);
	CHECK(cardhtml_finish(w) == 0);
	fclose(fp);
	CHECK(strstr(buf, "@page { size: 210mm 148mm;") != NULL);
	CHECK(strstr(buf, "<h1>a &lt; b &amp; &quot;c&quot;</h1>") != NULL);
	CHECK(strstr(buf, "<section class=\"card cols\" data-kind=\"rules\" "
	    "data-id=\"combat\">") != NULL);
	CHECK(strstr(buf, "<td>Bd</td><td>Blades</td><td class=\"num\">5"
	    "</td>") != NULL);
	free(buf);
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
	test_army(r);
	test_rules(r);
	test_campaign();
	test_html(r);
	rules_free(r);
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("card");
}
