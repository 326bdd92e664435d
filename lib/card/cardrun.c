/* The cards of a refcard-render run, set by set. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "army/armyin.h"
#include "card/cardrun.h"
#include "card/matchup.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "core/ownfont.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "rules/rules.h"
#include "rules/troop.h"

#define HEAP_AHEAD (1024 * 1024)

const char *const cardrun_sets[] = { "army", "rules", "campaign",
	"matchup", NULL };


struct pick {
	bool found;
	struct idsuggest sug;   /* ids of the collection like it */
	struct army_pick ap;    /* the id, its qualifier (I/14d@700BC) */
};

struct cardrun_ctx {
	const struct cardrun_opts *o;
	const struct rules *rules;      /* of --rules */
	bool by_label;          /* army cards by their collection's label */
	enum lang lang;
	struct matchup **m;     /* of each --matchup, in order */
	size_t nm;
	const char *coll;       /* the collection's name in messages: the
	                         * last operand ("-" for stdin) */
	struct cardhtml *html;
	struct cardpdf *pdf;
	size_t ncards;
	struct pick *pick;      /* by --army id */
	bool keep;              /* hold the army cards back (matchup) */
	struct card *kept;
	size_t nkept, capkept;
	struct rules_labels labels;     /* by_label: the editions by label */
	/* the editions of the armies whose cards are printed (and of the
	 * matchup), in the order met: the rules cards follow them */
	const struct rules *eds[RULES_MAXEDITIONS];
	size_t neds;
	char *bad_file;         /* its unknown label is reported */
	struct cardpdf *measure;        /* the legend's fit, or NULL */
	struct cardpdf *measure_page;   /* HTML: the PDF's page, or NULL */
	struct card_fit fit;
	bool fit_ok;            /* fit is that of the card being emitted */
	/* imposed: the cards of the sheet being filled, held back until
	 * it is full so that they share one type size */
	struct held *held;
	size_t nheld, capheld;
	int held_pages;
};

struct held {
	struct card c;
	struct card_fit f;
};

int
cardrun_ids(struct cardrun_opts *o, const char *arg)
{
	const char *p = arg, *e;

	for (;;) {
		e = strchr(p, ',');
		if (e == NULL)
			e = p + strlen(p);
		if (e == p) {
			diag_usage("invalid value '%s' for --army (army ids "
			    "separated by commas: ID[,ID...])", arg);
			return -1;
		}
		if (!army_pick_valid(p, (size_t)(e - p))) {
			diag_usage("invalid value '%s' for --army (a qualifier "
			    "is a year or an ordinal: I/14d@700BC, I/14d#2)",
			    arg);
			return -1;
		}
		o->ids = xgrow(o->ids, &o->capids, o->nids + 1,
		    sizeof *o->ids);
		o->ids[o->nids++] = xstrndup(p, (size_t)(e - p));
		if (*e == '\0')
			return 0;
		p = e + 1;
	}
}

int
cardrun_matchup(struct cardrun_opts *o, const char *arg)
{
	if (matchup_arg(arg) < 0)
		return -1;
	o->matchups = xgrow(o->matchups, &o->capmatchups, o->nmatchups + 1,
	    sizeof *o->matchups);
	o->matchups[o->nmatchups++] = arg;
	return 0;
}

void
cardrun_opts_free(struct cardrun_opts *o)
{
	size_t i;

	for (i = 0; i < o->nids; i++)
		free(o->ids[i]);
	free(o->ids);
	o->ids = NULL;
	o->nids = o->capids = 0;
	free(o->matchups);
	o->matchups = NULL;
	o->nmatchups = o->capmatchups = 0;
}

static bool wanted(const struct cardrun_opts *o, int set);

/* The options together (cardrun_run); -1 after a usage error. */
static int
check(struct cardrun_opts *o, bool pdf, int nfiles)
{
	if (o->nmatchups > 0 && !o->cards) {
		o->sets[0] = CARDS_MATCHUP;
		o->sets[1] = CARDS_ARMY;
		o->nsets = o->ids != NULL ? 2 : 1;
	}
	if (o->nmatchups == 0 && wanted(o, CARDS_MATCHUP)) {
		diag_usage("the matchup card needs --matchup=A,B");
		return -1;
	}
	if (o->nmatchups > 0 && !wanted(o, CARDS_MATCHUP)) {
		diag_usage("--matchup needs the matchup card "
		    "(--cards=matchup,...)");
		return -1;
	}
	if (o->ids != NULL && !wanted(o, CARDS_ARMY)) {
		diag_usage("--army needs the army cards (--cards=army,...)");
		return -1;
	}
	if (nfiles > 0 && !wanted(o, CARDS_ARMY) &&
	    !wanted(o, CARDS_MATCHUP)) {
		diag_usage("file operands need the army cards "
		    "(--cards=army,...)");
		return -1;
	}
	if (o->impose != IMPOSE_NONE && !pdf) {
		diag_usage("--impose needs -T pdf");
		return -1;
	}
	if (o->impose != IMPOSE_NONE && o->paper_given &&
	    o->paper != PAPER_A4 &&
	    o->paper != PAPER_LETTER) {
		diag_usage("--impose needs a sheet of --paper=a4 or letter");
		return -1;
	}
	if (o->impose != IMPOSE_NONE && !o->paper_given)
		o->paper = PAPER_A4;
	return 0;
}

/* The measurer of the cards' writer, made at the first use. */
static struct cardpdf *
measurer(struct cardrun_ctx *run)
{
	if (run->measure == NULL && run->pdf != NULL)
		run->measure = cardpdf_measurer_pdf(run->o->paper,
		    run->o->impose, run->lang, run->pdf);
	else if (run->measure == NULL)
		run->measure = cardpdf_measurer(run->o->paper, run->lang);
	return run->measure;
}

/* Measure c as the writer will lay it out; true when it fits one page.
 * run->fit then holds c's fit until c changes (run->fit_ok). */
static bool
measure(struct cardrun_ctx *run, const struct card *c)
{
	cardpdf_fit(measurer(run), c, &run->fit);
	run->fit_ok = true;
	return run->fit.fits;
}

/* HTML: whether c fits the PDF's page, without the browser's slack
 * (run->fit stays the browser's). */
static bool
fits_page(struct cardrun_ctx *run, const struct card *c)
{
	struct card_fit f = { 0 };
	bool ok;

	if (run->pdf != NULL)
		return false;
	if (run->measure_page == NULL)    /* the texts of both measured once */
		run->measure_page = cardpdf_measurer_pdf(run->o->paper,
		    run->o->impose, run->lang, measurer(run));
	cardpdf_fit(run->measure_page, c, &f);
	ok = f.fits;
	card_fit_free(&f);
	return ok;
}

/* The key line of c: with --legend always; by default only where the
 * card still fits one page with it, as the writer measures it (the HTML
 * writer with the browser's slack, or failing that on the PDF's page:
 * the browser's tightest setting is a little tighter than the
 * measure), or where it does not fit without it either. */
static void
legend(struct cardrun_ctx *run, struct card *c)
{
	size_t nb = c->nb;

	if (run->o->legend == LEGEND_OFF)
		return;
	card_legend(c, run->lang);
	if (c->nb == nb)
		return;
	run->fit_ok = false;
	if (run->o->legend == LEGEND_ON || measure(run, c) ||
	    fits_page(run, c))
		return;
	card_drop_block(c);
	if (!measure(run, c)) {
		/* it goes on over pages all the same */
		card_legend(c, run->lang);
		run->fit_ok = false;
	}
}

/* A German or Russian card that fits one page with its legend line
 * (legend) fits without it too: the line is the card's last block, and
 * a card with a block less at its end takes no more room in any fit.
 * So such an army card is not folded (fold), and is measured once,
 * with its line.  True when that is so: c has its line, run->fit its
 * fit. */
static bool
legend_fits(struct cardrun_ctx *run, struct card *c)
{
	size_t nb = c->nb;

	if (run->o->legend != LEGEND_AUTO)
		return false;
	card_legend(c, run->lang);
	if (c->nb == nb)
		return false;
	if (measure(run, c))
		return true;
	card_drop_block(c);
	run->fit_ok = false;
	return false;
}

/* An army card that does not fit one page at the smallest type gives
 * its troop names the width of the notes (card_fold). */
static void
fold(struct cardrun_ctx *run, struct card *c)
{
	if (strcmp(c->kind, "army") == 0 && !measure(run, c) &&
	    card_fold(c))
		run->fit_ok = false;
}

/* Draw the cards held for a sheet, all in the smallest type any of
 * them needs, which the sheet names in its margin. */
static void
flush_sheet(struct cardrun_ctx *run)
{
	double pt = 0;
	size_t i;

	for (i = 0; i < run->nheld; i++)
		if (i == 0 || run->held[i].f.pt < pt)
			pt = run->held[i].f.pt;
	if (run->nheld > 0)
		cardpdf_sheet_pt(run->pdf, pt);
	for (i = 0; i < run->nheld; i++) {
		run->held[i].f.pt = pt;
		cardpdf_card(run->pdf, &run->held[i].c, &run->held[i].f);
		card_free(&run->held[i].c);
		card_fit_free(&run->held[i].f);
	}
	run->nheld = 0;
	run->held_pages = 0;
}

/* Hold c, in its fit, for the sheet being filled; draw the sheet's
 * cards when they fill it (a card that does not fit one page takes
 * two of its places). */
static void
hold(struct cardrun_ctx *run, struct card *c)
{
	struct held *h;

	if (!run->fit_ok)
		(void)measure(run, c);
	run->held = xgrow(run->held, &run->capheld, run->nheld + 1,
	    sizeof *run->held);
	h = &run->held[run->nheld++];
	h->c = *c;
	h->f = run->fit;
	memset(&run->fit, 0, sizeof run->fit);
	run->fit_ok = false;
	run->held_pages += h->f.fits ? 1 : 2;
	if (run->held_pages >= cardpdf_sheet_room(run->pdf))
		flush_sheet(run);
	run->ncards++;
}

/* The card drawn in the fit measured last when that is still its fit
 * (the measurer lays out as the writer does): measured once, not
 * again by the writer; imposed, held for its sheet. */
static void
emit(struct cardrun_ctx *run, struct card *c)
{
	const struct card_fit *known;

	run->fit_ok = false;
	if (!legend_fits(run, c)) {
		fold(run, c);
		legend(run, c);
	}
	if (run->pdf != NULL && cardpdf_sheet_room(run->pdf) > 0) {
		hold(run, c);
		return;
	}
	known = run->fit_ok ? &run->fit : NULL;
	if (run->pdf != NULL)
		cardpdf_card(run->pdf, c, known);
	else
		cardhtml_card(run->html, c, known);
	run->ncards++;
	card_free(c);
}

/* The army is one of --army (or there is no --army); the nearest ids
 * of those it is not are kept for did-you-mean. */
static bool
picked(struct cardrun_ctx *run, const struct army *a)
{
	const struct cardrun_opts *o = run->o;
	bool yes = o->ids == NULL;
	size_t i;

	for (i = 0; i < o->nids; i++) {
		if (army_pick_match(&run->pick[i].ap, a, false)) {
			run->pick[i].found = yes = true;
			continue;
		}
		if (strcmp(run->pick[i].ap.id, a->id) != 0)
			idsuggest_add(&run->pick[i].sug, o->ids[i], a->id);
	}
	return yes;
}

/* The rules of a's card: --rules, else those its collection is
 * labelled with; NULL for a label that names no edition, reported once
 * per file. */
static const struct rules *
army_rules(struct cardrun_ctx *run, const struct army *a)
{
	const char *file = diag_file() != NULL ? diag_file() : "-";
	const struct rules *r;
	char names[256];

	if (!run->by_label)
		return run->rules;
	if ((r = rules_labelled(&run->labels, a->rules)) != NULL)
		return r;
	if (run->bad_file == NULL || strcmp(run->bad_file, file) != 0) {
		free(run->bad_file);
		run->bad_file = xstrdup(file);
		rules_edition_names(names, sizeof names);
		DIAG(ARMYLIST_UNKNOWN_RULES, a->rules_line, 0, a->rules,
		    names);
	}
	return NULL;
}

/* An edition of the cards, once. */
static void
seen(struct cardrun_ctx *run, const struct rules *r)
{
	size_t i;

	for (i = 0; i < run->neds && run->eds[i] != r; i++)
		;
	if (i == run->neds && i < RULES_MAXEDITIONS)
		run->eds[run->neds++] = r;
}

/* The rules of the matchup card: --rules, else the edition both
 * armies' collections are labelled with; NULL after reporting two
 * editions or a label that names none. */
static const struct rules *
matchup_rules(struct cardrun_ctx *run, const struct matchup *m)
{
	const struct rules *r;

	if (!run->by_label)
		r = run->rules;
	else if ((r = matchup_edition(m, &run->labels)) == NULL)
		return NULL;
	seen(run, r);
	return r;
}

static void
one_army(void *ctx, const struct army *a)
{
	struct cardrun_ctx *run = ctx;
	const struct rules *r;
	struct card c;
	size_t k;

	for (k = 0; k < run->nm; k++)
		matchup_add(run->m[k], a);
	if (run->keep == false && run->pick == NULL)
		return;         /* read for the matchup only */
	if (a->id == NULL || !picked(run, a))
		return;
	if ((r = army_rules(run, a)) == NULL)
		return;
	if (!package_has_troop(&a->list)) {
		DIAG(CARD_NO_LIST, 0, 0, a->id, a->file != NULL ? a->file :
		    "-", a->line);
		return;
	}
	seen(run, r);
	if (a->incomplete)
		DIAG(CARD_INCOMPLETE, 0, 0, a->id, a->file != NULL ? a->file :
		    "-", a->line);
	card_army(&c, a, r, run->lang);
	if (run->keep) {
		run->kept = xgrow(run->kept, &run->capkept, run->nkept + 1,
		    sizeof *run->kept);
		run->kept[run->nkept++] = c;
	} else
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

/* Read the operands once: the army cards (kept when a matchup comes
 * too, or keep: the set asking is not the army cards), the armies of the
 * matchup; then the ids of --army not found. */
static void
read_armies(struct cardrun_ctx *run, bool army, bool keep, int n,
    char *const *files)
{
	const struct cardrun_opts *o = run->o;
	size_t i;

	run->keep = army && (run->nm > 0 || keep);
	if (army || run->nm == 0) {
		run->pick = xcalloc(o->nids + 1, sizeof *run->pick);
		for (i = 0; i < o->nids; i++) {
			idsuggest_init(&run->pick[i].sug);
			(void)army_pick_init(&run->pick[i].ap, o->ids[i]);
		}
	}
	cli_files(n, files, army_file, run);
	run->coll = n > 0 ? files[n - 1] : "-";
	diag_set_file(run->coll);
	for (i = 0; run->pick != NULL && i < o->nids; i++) {
		if (!run->pick[i].found)
			DIAG(MATCHUP_NO_ARMY, 0, 0, o->ids[i],
			    idsuggest_tail(&run->pick[i].sug));
		idsuggest_free(&run->pick[i].sug);
		army_pick_free(&run->pick[i].ap);
	}
	free(run->pick);
	run->pick = NULL;
	run->keep = false;
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
		card_campaign(&c, i, &t, run->lang);
		emit(run, &c);
	}
	camptab_free(&t);
}

static bool
wanted(const struct cardrun_opts *o, int set)
{
	int i;

	for (i = 0; i < o->nsets && o->sets[i] != set; i++)
		;
	return i < o->nsets;
}

/* The rules cards: those of the editions of the cards printed with
 * them (the matchup's first: read_armies has judged it), else of
 * --rules, BELLIS_RULES or dba1; two editions are said. */
static void
rules_cards(struct cardrun_ctx *run)
{
	const struct rules *one = run->rules;
	struct sbuf b = { 0 };
	struct card c;
	size_t i, n = run->neds > 0 ? run->neds : 1;
	int j;

	for (i = 0; i < run->neds; i++)
		sbuf_printf(&b, "%s%s", i > 0 ? ", " : "",
		    run->eds[i]->edition);
	if (run->neds > 1)
		diag_warn("the armies are of %zu rules editions (%s): the "
		    "rules cards of each", run->neds, sbuf_str(&b));
	sbuf_free(&b);
	for (i = 0; i < n; i++)
		for (j = 0; j < RULES_NCARDS; j++) {
			card_rules(&c, j, run->neds > 0 ? run->eds[i] : one,
			    run->lang);
			emit(run, &c);
		}
}

/* One set of cards; the operands are read for the first set that
 * needs them. */
static void
one_set(struct cardrun_ctx *run, int set, bool *read, int n,
    char *const *files)
{
	const struct cardrun_opts *o = run->o;
	const struct rules *r;
	struct card c;
	size_t k;

	/* the rules cards follow the editions of the armies: read first */
	if ((set == CARDS_ARMY || set == CARDS_MATCHUP || (set ==
	    CARDS_RULES && run->by_label && n > 0)) && !*read) {
		*read = true;
		read_armies(run, wanted(o, CARDS_ARMY), set != CARDS_ARMY, n,
		    files);
	}
	if (set == CARDS_ARMY) {
		for (k = 0; k < run->nkept; k++)
			emit(run, &run->kept[k]);
		run->nkept = 0;
	} else if (set == CARDS_MATCHUP) {
		diag_set_file(run->coll != NULL ? run->coll : "-");
		for (k = 0; k < run->nm; k++)
			if (matchup_check(run->m[k]) &&
			    (r = matchup_rules(run, run->m[k])) != NULL) {
				card_matchup(&c, run->m[k], r, run->lang);
				emit(run, &c);
			}
	} else if (set == CARDS_CAMPAIGN)
		campaign(run);
	else if (set == CARDS_RULES)
		rules_cards(run);
}

/* A PDF embeds the faces its text is drawn in: the fonts are chosen for
 * the text of all its inputs before its first card (core/ownfont.h). */
static void
pdf_inputs(const struct cli *cli)
{
	const char *rf = cli->rules != NULL ? cli->rules :
	    getenv("BELLIS_RULES");
	struct stat st;
	int i;

	if (rf != NULL && stat(rf, &st) == 0)
		ownfont_input(rf);
	if (cli->nfiles == 0)
		ownfont_input("-");
	for (i = 0; i < cli->nfiles; i++)
		ownfont_input(cli->files[i]);
}

/* Render to fp, with rules r; -1 when fp could not be written. */
static int
render(FILE *fp, const struct cardrun_opts *o, const struct rules *r,
    const struct cli *cli)
{
	struct cardrun_ctx run;
	bool read = false;
	size_t k;
	int i, j, st;

	memset(&run, 0, sizeof run);
	run.o = o;
	run.rules = run.labels.dflt = r;
	run.by_label = cli->rules == NULL;      /* each file by its label */
	run.lang = cli->lang;
	run.m = xcalloc(o->nmatchups + 1, sizeof *run.m);
	for (k = 0; k < o->nmatchups; k++)
		run.m[run.nm++] = matchup_new(o->matchups[k], false);
	if (cli->format == FMT_PDF) {
		run.pdf = cardpdf_new(fp, o->paper, o->impose, run.lang);
		pdf_inputs(cli);
	} else
		run.html = cardhtml_new(fp, o->paper, run.lang);
	for (i = 0; i < o->nsets; i++) {
		for (j = 0; j < i && o->sets[j] != o->sets[i]; j++)
			;
		if (j == i)     /* else named twice */
			one_set(&run, o->sets[i], &read, cli->nfiles,
			    cli->files);
	}
	if (run.pdf != NULL)
		flush_sheet(&run);
	free(run.held);
	for (k = 0; k < run.nkept; k++)
		card_free(&run.kept[k]);
	free(run.kept);
	for (k = 0; k < run.nm; k++)
		matchup_free(run.m[k]);
	free(run.m);
	rules_labels_free(&run.labels);
	free(run.bad_file);
	if (run.measure_page != NULL)   /* before the memo's measurer */
		(void)cardpdf_finish(run.measure_page);
	if (run.measure != NULL)
		(void)cardpdf_finish(run.measure);
	card_fit_free(&run.fit);
	diag_set_file("-");
	if (run.ncards == 0 && diag_status() < EXIT_DATA)
		diag_warn("no cards to render (no armies in the "
		    "input)");
	st = run.pdf != NULL ? cardpdf_finish(run.pdf) :
	    cardhtml_finish(run.html);
	cardpdf_cleanup();      /* the HTML writer measures with pango too */
	return st;
}

int
cardrun_run(const struct cardrun_opts *opts, const struct cli *cli)
{
	struct cardrun_opts o = *opts;  /* with the defaults check sets */
	bool pdf = cli->format == FMT_PDF;
	struct rules *r;
	struct out out;

	if (check(&o, pdf, cli->nfiles) < 0)
		return EXIT_USAGE;
	if (pdf && (cli->output == NULL || strcmp(cli->output, "-") == 0) &&
	    isatty(STDOUT_FILENO)) {
		diag_usage("not writing PDF to a terminal (use -o FILE)");
		return EXIT_USAGE;
	}
	/* a card's fonts and layouts take about 1 MB of heap */
	xalloc_prefault(HEAP_AHEAD);
	if ((r = rules_open(cli->rules)) == NULL)
		return cli_end(NULL);
	if (out_open(&out, cli->output) < 0) {
		rules_free(r);
		troop_cleanup();
		return cli_end(NULL);
	}
	if (render(out.fp, &o, r, cli) < 0)
		diag_raise(EXIT_SYS);
	rules_free(r);
	troop_cleanup();
	return cli_end(&out);
}
