/* The run of armylist-parse: operands read, armies written. */
#include <stdbool.h>
#include <stdio.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "army/parserun.h"
#include "core/cli.h"
#include "core/out.h"
#include "rules/rules.h"
#include "rules/troop.h"

/* The writer starts at the first army, labelled with --rules, else with
 * the label of that army's collection (XML, JSON), so that the label
 * reads back, else with the edition of BELLIS_RULES (dflt), else dba1. */
struct parserun_ctx {
	struct armyout *ao;
	FILE *fp;
	enum out_fmt fmt;
	enum lang lang;
	const char *rules;
	const char *dflt;
	bool files;
};

static void
start(struct parserun_ctx *r, const char *label)
{
	if (r->ao != NULL)
		return;
	r->ao = armyout_new(r->fp, r->fmt, r->lang,
	    r->rules != NULL ? r->rules : label != NULL ? label : r->dflt);
	armyout_files(r->ao, r->files);
	if (r->rules == NULL)
		armyout_own_labels(r->ao);
}

static void
emit(void *ctx, const struct army *a)
{
	struct parserun_ctx *r = ctx;

	start(r, a->rules);
	armyout_army(r->ao, a);
}

static void
parse_file(void *ctx, struct input *in)
{
	armylist_read(in, emit, ctx);
}

int
parserun_run(const struct cli *cli, const char *header)
{
	struct parserun_ctx run;
	struct rules *r = NULL, *d = NULL;
	struct out o;

	troop_init();
	/* --rules labels the collection with the edition's name; without
	 * it, BELLIS_RULES labels what carries no label of its own */
	if (armylist_header(header) < 0 ||
	    (cli->rules != NULL && (r = rules_open(cli->rules)) == NULL) ||
	    (cli->rules == NULL && rules_env() != NULL &&
	    (d = rules_open(NULL)) == NULL) ||
	    out_open(&o, cli->output) < 0) {
		rules_free(r);
		rules_free(d);
		armylist_header_free();
		troop_cleanup();
		return cli_end(NULL);
	}
	run = (struct parserun_ctx){ .fp = o.fp, .fmt = cli->format,
	    .lang = cli->lang, .rules = r != NULL ? r->edition : NULL,
	    .dflt = d != NULL ? d->edition : NULL, .files = cli->nfiles > 1 };
	cli_files(cli->nfiles, cli->files, parse_file, &run);
	start(&run, NULL);
	(void)armyout_finish(run.ao);  /* out_close reports write errors */
	armylist_header_free();
	rules_free(r);
	rules_free(d);
	troop_cleanup();
	return cli_end(&o);
}
