/* refcard-render: printable reference cards (HTML or PDF) for the armies
 * of armylist XML, the rules tables and the campaign tables. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "army/armyin.h"
#include "card/card.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "dba/rules.h"
#include "core/xmlio.h"

enum { OPT_CARDS = 256, OPT_PAPER, OPT_LANG, OPT_RULES };
enum { C_ARMY, C_RULES, C_CAMPAIGN, C_N };

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'T' },
	{ "output", required_argument, NULL, 'o' },
	{ "cards", required_argument, NULL, OPT_CARDS },
	{ "paper", required_argument, NULL, OPT_PAPER },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static const char *const longnames[] = {
	"format", "output", "cards", "paper", "lang", "rules", "help",
	"version", NULL
};

static const char *const kinds[] = { "army", "rules", "campaign", NULL };

struct run {
	const struct rules *rules;
	enum lang lang;
	struct cardhtml *html;
	struct cardpdf *pdf;
	size_t ncards;
};

static void
usage(void)
{
	printf("usage: refcard-render [-T html|pdf] [--cards=army,rules,"
	    "campaign]\n"
	    "                     [--paper=a6|a5|a4|letter] [--lang=de|en|ru] "
	    "[--rules=dba1|FILE]\n"
	    "                     [-o FILE] [file ...]\n"
	    "Printable reference cards: one per army of armylist XML, the "
	    "rules, the campaign.\n\n"
	    "  -T, --format=FMT   output: html (default), pdf\n"
	    "  -o, --output=FILE  write to FILE (replaced atomically)\n"
	    "      --cards=LIST   cards in this order: army (default), "
	    "rules, campaign\n"
	    "      --paper=SIZE   page size: a6 (default), a5, a4, letter\n"
	    "      --lang=LANG    language of the cards: de, en, ru\n"
	    "      --rules=NAME   rules edition dba1 (default) or a rules "
	    "XML file\n"
	    "  -h, --help         show this help\n"
	    "  -V, --version      show the version\n"
	    "Environment: SOURCE_DATE_EPOCH sets the PDF creation date "
	    "(default: none).\n");
}

static void
emit(struct run *run, const struct card *c)
{
	if (run->pdf != NULL)
		cardpdf_card(run->pdf, c);
	else
		cardhtml_card(run->html, c);
	run->ncards++;
}

static void
one_army(struct army *a, void *ctx)
{
	struct run *run = ctx;
	struct card c;

	card_army(&c, a, run->rules, run->lang);
	emit(run, &c);
	card_free(&c);
}

static void
armies(struct run *run, char **files, int n)
{
	struct input in;
	const char *name;
	int i;

	for (i = 0; i == 0 || i < n; i++) {
		name = i < n ? files[i] : "-";
		diag_set_file(name);
		if (input_open(&in, name) < 0)
			continue;
		switch (input_first_byte(&in)) {
		case -1:
			break;
		case '<':
			armylist_read_xml(&in, one_army, run);
			break;
		default:
			diag_error(1, 0, "not armylist XML (armylist-parse "
			    "converts list sheets and list text)");
		}
		input_close(&in);
	}
}

static void
campaign(struct run *run)
{
	struct camptab t;
	struct card c;
	int i;

	if (camptab_load(&t) < 0)
		return;
	for (i = 0; i < CAMP_NCARDS; i++) {
		card_campaign(&c, i, &t, run->lang);
		emit(run, &c);
		card_free(&c);
	}
	camptab_free(&t);
}

/* Parse --cards: a comma-separated list of kinds, in output order. */
static int
parse_cards(const char *arg, int *order, int *n)
{
	char buf[256], *p, *save = NULL;
	int k;

	*n = 0;
	if (strlen(arg) >= sizeof buf || *arg == '\0') {
		diag_usage("invalid value '%s' for --cards (a list of: army, "
		    "rules, campaign)", arg);
		return -1;
	}
	strcpy(buf, arg);
	for (p = strtok_r(buf, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if ((k = cli_choice("--cards", p, kinds)) < 0)
			return -1;
		if (*n < C_N * 4)
			order[(*n)++] = k;
	}
	return 0;
}

static bool
has(const int *order, int n, int k)
{
	int i;

	for (i = 0; i < n; i++)
		if (order[i] == k)
			return true;
	return false;
}

int
main(int argc, char **argv)
{
	static const char *const fmts[] = { "html", "pdf", NULL };
	static const char *const papers[] = { "a6", "a5", "a4", "letter",
	    NULL };
	const char *outpath = NULL, *rulesarg = NULL;
	int order[C_N * 4] = { C_ARMY }, norder = 1, ch, fmt = 0, v, i, j;
	enum card_paper paper = PAPER_A6;
	struct rules *rules;
	struct run run;
	struct out o;
	struct card c;
	int st;

	out_setup();
	diag_init(argv[0]);
	memset(&run, 0, sizeof run);
	run.lang = cli_lang_default();
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":T:o:hV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'T':
			if ((fmt = cli_choice("--format", optarg, fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			outpath = optarg;
			break;
		case OPT_CARDS:
			if (parse_cards(optarg, order, &norder) < 0)
				return EXIT_USAGE;
			break;
		case OPT_PAPER:
			if ((v = cli_choice("--paper", optarg, papers)) < 0)
				return EXIT_USAGE;
			paper = (enum card_paper)v;
			break;
		case OPT_LANG:
			if ((v = cli_lang(optarg)) < 0)
				return EXIT_USAGE;
			run.lang = (enum lang)v;
			break;
		case OPT_RULES:
			rulesarg = optarg;
			break;
		case 'h':
			usage();
			return 0;
		case 'V':
			cli_version();
			return 0;
		case ':':
			diag_usage("option '%s' needs a value",
			    argv[optind - 1]);
			return EXIT_USAGE;
		default:
			if (optopt != 0 && optopt < 256)
				diag_usage("unknown option '-%c'", optopt);
			else
				cli_bad_option(argv[optind - 1], longnames);
			return EXIT_USAGE;
		}
	}
	if (optind < argc && !has(order, norder, C_ARMY)) {
		diag_usage("file operands need the army cards "
		    "(--cards=army,...)");
		return EXIT_USAGE;
	}
	if (fmt == 1 && (outpath == NULL || strcmp(outpath, "-") == 0) &&
	    isatty(STDOUT_FILENO)) {
		diag_usage("not writing PDF to a terminal (use -o FILE)");
		return EXIT_USAGE;
	}
	xmlio_init();
	troop_init();
	if ((rules = rules_load(rulesarg)) == NULL) {
		diag_raise(EXIT_USAGE);
		xmlio_cleanup();
		return diag_status();
	}
	run.rules = rules;
	if (out_open(&o, outpath) < 0) {
		rules_free(rules);
		xmlio_cleanup();
		return diag_status();
	}
	if (fmt == 1)
		run.pdf = cardpdf_new(o.fp, paper, run.lang);
	else
		run.html = cardhtml_new(o.fp, paper, run.lang);
	for (i = 0; i < norder; i++) {
		for (j = 0; j < i && order[j] != order[i]; j++)
			;
		if (j < i)
			continue;       /* named twice */
		if (order[i] == C_ARMY)
			armies(&run, argv + optind, argc - optind);
		else if (order[i] == C_CAMPAIGN)
			campaign(&run);
		for (j = 0; order[i] == C_RULES && j < RULES_NCARDS; j++) {
			card_rules(&c, j, rules, run.lang);
			emit(&run, &c);
			card_free(&c);
		}
	}
	diag_set_file("-");
	if (run.ncards == 0 && diag_status() < EXIT_DATA)
		diag_msg(0, "warning: no cards to render (no armies in the "
		    "input)");
	st = run.pdf != NULL ? cardpdf_finish(run.pdf) :
	    cardhtml_finish(run.html);
	if (st < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	if (fmt == 1)
		cardpdf_cleanup();
	rules_free(rules);
	armyxml_cleanup();
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
