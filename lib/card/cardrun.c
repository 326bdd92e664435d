/* The cards of a refcard-render run, set by set. */
#include <string.h>

#include "army/armyin.h"
#include "card/cardrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"

const char *const cardrun_sets[] = { "army", "rules", "campaign", NULL };

struct cardrun_ctx {
	const struct cardrun_opts *o;
	struct cardhtml *html;
	struct cardpdf *pdf;
	size_t ncards;
};

static void
emit(struct cardrun_ctx *run, struct card *c)
{
	if (run->pdf != NULL)
		cardpdf_card(run->pdf, c);
	else
		cardhtml_card(run->html, c);
	run->ncards++;
	card_free(c);
}

static void
one_army(struct army *a, void *ctx)
{
	struct cardrun_ctx *run = ctx;
	struct card c;

	card_army(&c, a, run->o->rules, run->o->lang);
	emit(run, &c);
}

static void
army_file(void *ctx, struct input *in)
{
	switch (input_first_byte(in)) {
	case -1:
		break;
	case '<':
		armylist_read_xml(in, one_army, ctx);
		break;
	default:
		DIAG(NOT_ARMYLIST, 1, 0,
		    "armylist-parse converts list sheets and list text");
	}
}

static void
campaign(struct cardrun_ctx *run)
{
	struct camptab t;
	struct card c;
	int i;

	if (camptab_load(&t) < 0)
		return;
	for (i = 0; i < CAMP_NCARDS; i++) {
		card_campaign(&c, i, &t, run->o->lang);
		emit(run, &c);
	}
	camptab_free(&t);
}

int
cardrun_render(FILE *fp, const struct cardrun_opts *o, int n,
    char *const *files)
{
	struct cardrun_ctx run;
	struct card c;
	int i, j, st;

	memset(&run, 0, sizeof run);
	run.o = o;
	if (o->pdf)
		run.pdf = cardpdf_new(fp, o->paper, o->lang);
	else
		run.html = cardhtml_new(fp, o->paper, o->lang);
	for (i = 0; i < o->nsets; i++) {
		for (j = 0; j < i && o->sets[j] != o->sets[i]; j++)
			;
		if (j < i)
			continue;       /* named twice */
		if (o->sets[i] == CARDS_ARMY)
			cli_files(n, files, army_file, &run);
		else if (o->sets[i] == CARDS_CAMPAIGN)
			campaign(&run);
		for (j = 0; o->sets[i] == CARDS_RULES && j < RULES_NCARDS;
		    j++) {
			card_rules(&c, j, o->rules, o->lang);
			emit(&run, &c);
		}
	}
	diag_set_file("-");
	if (run.ncards == 0 && diag_status() < EXIT_DATA)
		diag_warn("no cards to render (no armies in the "
		    "input)");
	st = run.pdf != NULL ? cardpdf_finish(run.pdf) :
	    cardhtml_finish(run.html);
	if (o->pdf)
		cardpdf_cleanup();
	return st;
}
