/* The run of armylist-parse: operands read, armies written. */
#include <stdbool.h>
#include <stdio.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "army/edhint.h"
#include "army/parserun.h"
#include "core/cli.h"
#include "core/out.h"
#include "rules/rules.h"
#include "rules/troop.h"

/* The writer starts at the first army, labelled with --rules, else with
 * the label of that army's carrier (a collection's rules=, a German 1.x
 * sheet's dba1), so that the label reads back, else with the edition of
 * BELLIS_RULES, else dba1; rules-from says which. */
struct parserun_ctx {
	struct armyout *ao;
	FILE *fp;
	enum out_fmt fmt;
	enum lang lang;
	const struct rules *opt;        /* of --rules, or NULL */
	struct rules_labels labels;     /* dflt: BELLIS_RULES's, or dba1 */
	bool env;                       /* dflt is BELLIS_RULES's */
	bool files;
	struct edhint hint;             /* of the file being read */
};

static void
start(struct parserun_ctx *r, const struct army *a)
{
	const char *label, *from;

	if (r->ao != NULL)
		return;
	if (r->opt != NULL) {
		label = r->opt->edition;
		from = "option";
	} else if (a != NULL && a->rules != NULL) {
		label = a->rules;
		from = a->rules_from != NULL ? a->rules_from : "carrier";
	} else {
		label = r->labels.dflt->edition;
		from = r->env ? "environment" : "default";
	}
	r->ao = armyout_new(r->fp, r->fmt, r->lang, label, from);
	armyout_files(r->ao, r->files);
	if (r->opt == NULL)
		armyout_own_labels(r->ao);
}

static void
emit(void *ctx, const struct army *a)
{
	struct parserun_ctx *r = ctx;

	start(r, a);
	edhint_army(&r->hint, r->opt != NULL ? r->opt :
	    rules_labelled(&r->labels, a->rules), a);
	armyout_army(r->ao, a);
}

static void
parse_file(void *ctx, struct input *in)
{
	struct parserun_ctx *r = ctx;

	armylist_read(in, emit, ctx);
	edhint_report(&r->hint);
}

int
parserun_run(const struct cli *cli, const char *header)
{
	struct parserun_ctx run;
	struct rules *r = NULL;
	struct out o;

	troop_init();
	/* --rules labels the collection with the edition's name; without
	 * it, BELLIS_RULES (else dba1) labels what carries no label */
	if (armylist_header(header) < 0 ||
	    (r = rules_open(cli->rules)) == NULL ||
	    out_open(&o, cli->output) < 0) {
		rules_free(r);
		armylist_header_free();
		troop_cleanup();
		return cli_end(NULL);
	}
	run = (struct parserun_ctx){ .fp = o.fp, .fmt = cli->format,
	    .lang = cli->lang, .opt = cli->rules != NULL ? r : NULL,
	    .env = cli->rules == NULL && rules_env() != NULL,
	    .files = cli->nfiles > 1 };
	run.labels.dflt = r;
	cli_files(cli->nfiles, cli->files, parse_file, &run);
	start(&run, NULL);
	(void)armyout_finish(run.ao);  /* out_close reports write errors */
	armylist_header_free();
	rules_labels_free(&run.labels);
	rules_free(r);
	troop_cleanup();
	return cli_end(&o);
}
