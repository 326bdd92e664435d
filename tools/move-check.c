/* move-check: DBA tactical moves against the movement rules: distances,
 * PIP costs and budget, groups, columns, contacts, zone of control. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "dba/move.h"
#include "dba/movein.h"
#include "dba/moveout.h"
#include "core/num.h"
#include "core/out.h"
#include "dba/rules.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

enum { OPT_PIPS = 256, OPT_SCALE, OPT_RULES, OPT_LANG };

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'T' },
	{ "output", required_argument, NULL, 'o' },
	{ "pips", required_argument, NULL, OPT_PIPS },
	{ "scale", required_argument, NULL, OPT_SCALE },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static const char *const longnames[] = {
	"format", "output", "pips", "scale", "rules", "lang", "help",
	"version", NULL
};

struct run {
	const struct rules *rules;
	struct moveout *w;
	int pips;               /* --pips, 0 without */
	struct mstate st;
	bool active;            /* a bound is open */
	bool started;           /* its output has begun (no budget) */
	struct move *mv;        /* moves of a bound with a budget */
	struct mresult *res;
	size_t n, cap;
};

static void
usage(void)
{
	printf("usage: move-check [-T text|xml|tsv|json] [--pips=N] "
	    "[--scale=15mm|25mm]\n"
	    "                  [--rules=dba1|FILE] [--lang=de|en|ru] "
	    "[-o FILE] [file ...]\n"
	    "DBA tactical moves: distances, PIP costs and budget, groups, "
	    "contacts.\n"
	    "Lines: bound PIPS [general-lost] | move TROOP[,TROOP...] DIST "
	    "{FLAG}\n\n"
	    "  -T, --format=FMT   output: text (default), xml, tsv, json\n"
	    "  -o, --output=FILE  write to FILE (replaced atomically)\n"
	    "      --pips=N       PIP die (1-6) for moves before any "
	    "'bound' line\n"
	    "      --scale=SCALE  15mm (default: 100 paces = 1 in) or 25mm "
	    "(1.5 in)\n"
	    "      --rules=NAME   rules edition dba1 (default) or a rules "
	    "XML file\n"
	    "      --lang=LANG    language of the text output: de, en, ru\n"
	    "  -h, --help         show this help\n"
	    "  -V, --version      show the version\n"
	    "DIST: paces, or with a unit p, mm, cm, in, bw (1.5bw, 3in).\n"
	    "Flags: id=NAME road difficult river general column away far "
	    "hidden contact\n"
	    "       breakoff=TROOP end=good|difficult flank-contact face "
	    "engaged\n"
	    "       zoc=contact|face|withdraw|other screened wheel=DEG turn\n"
	    "       frontage=column|gap|road|wheel|other\n");
}

/* Close the open bound: the road bonus, then its output. */
static void
finish_bound(struct run *run)
{
	struct mstate *st = &run->st;
	size_t i;

	if (!run->active)
		return;
	run->active = false;
	if (st->b.pips > 0) {
		mstate_end(st, run->mv, run->res, run->n);
		moveout_bound_start(run->w, &st->b, true, st->used,
		    mstate_unused(st));
		for (i = 0; i < run->n; i++) {
			if (!move_legal(&run->res[i]))
				diag_raise(EXIT_NO);
			moveout_move(run->w, &st->b, &run->mv[i], &run->res[i]);
		}
		run->n = 0;
	} else if (!run->started)
		moveout_bound_start(run->w, &st->b, false, 0, 0);
	moveout_bound_end(run->w, &st->b, st->used, mstate_unused(st));
}

static void
open_bound(struct run *run, const struct bound *b)
{
	finish_bound(run);
	mstate_begin(&run->st, run->rules, b);
	run->active = true;
	run->started = false;
}

static void
on_bound(void *ud, const struct bound *b)
{
	open_bound(ud, b);
}

static void
on_move(void *ud, const struct move *m)
{
	struct run *run = ud;
	struct mresult res;
	struct bound pre;

	if (!run->active) {
		memset(&pre, 0, sizeof pre);
		pre.file = m->file;
		pre.pips = run->pips;
		open_bound(run, &pre);
	}
	move_judge(&run->st, m, &res);
	if (run->st.b.pips > 0) {
		run->mv = xgrow(run->mv, &run->cap, run->n + 1,
		    sizeof *run->mv);
		run->res = xreallocarray(run->res, run->cap,
		    sizeof *run->res);
		run->mv[run->n] = *m;
		run->res[run->n++] = res;
		return;
	}
	if (!run->started) {
		moveout_bound_start(run->w, &run->st.b, false, 0, 0);
		run->started = true;
	}
	if (!move_legal(&res))
		diag_raise(EXIT_NO);
	moveout_move(run->w, &run->st.b, m, &res);
}

static void
process(struct run *run, const struct mreader *rd, const char *name)
{
	struct input in;

	diag_set_file(name);
	if (input_open(&in, name) < 0)
		return;
	if (input_first_byte(&in) == '<')
		movein_read_xml(rd, &in);
	else
		movein_read_lines(rd, &in);
	finish_bound(run);
	input_close(&in);
}

static int
options(int argc, char **argv, struct moveout_opts *mo, struct mreader *rd,
    struct run *run, const char **outpath, const char **rulesarg)
{
	static const char *const fmts[] = { "text", "xml", "tsv", "json",
	    NULL };
	static const char *const scales[] = { "15mm", "25mm", NULL };
	long x;
	int ch, v;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":T:o:hV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'T':
			if ((mo->fmt = cli_choice("--format", optarg,
			    fmts)) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			*outpath = optarg;
			break;
		case OPT_PIPS:
			if (num_longs(optarg, 1, 6, &x) < 0) {
				diag_usage("invalid value '%s' for --pips "
				    "(1-6)", optarg);
				return EXIT_USAGE;
			}
			run->pips = (int)x;
			break;
		case OPT_SCALE:
			if ((rd->scale = cli_choice("--scale", optarg,
			    scales)) < 0)
				return EXIT_USAGE;
			break;
		case OPT_RULES:
			*rulesarg = optarg;
			break;
		case OPT_LANG:
			if ((v = cli_lang(optarg)) < 0)
				return EXIT_USAGE;
			mo->lang = (enum lang)v;
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
	return -1;
}

int
main(int argc, char **argv)
{
	struct moveout_opts mo;
	struct mreader rd;
	struct run run;
	struct out o;
	struct rules *rules;
	const char *outpath = NULL, *rulesarg = NULL;
	int i, rc;

	out_setup();
	diag_init(argv[0]);
	xmlio_init();
	memset(&run, 0, sizeof run);
	memset(&mo, 0, sizeof mo);
	memset(&rd, 0, sizeof rd);
	mo.lang = cli_lang_default();
	if ((rc = options(argc, argv, &mo, &rd, &run, &outpath,
	    &rulesarg)) >= 0) {
		xmlio_cleanup();
		return rc;
	}
	if ((rules = rules_load(rulesarg)) == NULL) {
		diag_raise(EXIT_USAGE);
		xmlio_cleanup();
		return diag_status();
	}
	diag_set_file("-");
	run.rules = rd.r = mo.rules = rules;
	rd.bound = on_bound;
	rd.move = on_move;
	rd.ud = &run;
	mo.multi = argc - optind > 1;
	if (out_open(&o, outpath) < 0) {
		rules_free(rules);
		return diag_status();
	}
	run.w = moveout_new(o.fp, &mo);
	if (optind >= argc)
		process(&run, &rd, "-");
	for (i = optind; i < argc; i++)
		process(&run, &rd, argv[i]);
	if (moveout_finish(run.w) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	mstate_free(&run.st);
	free(run.mv);
	free(run.res);
	rules_free(rules);
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
