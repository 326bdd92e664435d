/* armylist-parse: old German list sheets (pipe table, TSV, HTML), English
 * list text and armylist XML to armylist XML, TSV, JSON or list text. */
#include <stdio.h>
#include <stdlib.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "rules/rules.h"
#include "rules/troop.h"

static const enum out_fmt formats[] = { FMT_XML, FMT_TSV, FMT_JSON, FMT_TEXT,
	FMT_JSONL, FMT_N };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Convert army list sheets (pipe table, TSV, CSV, HTML, English "
	    "list text,\narmylist XML) into armylist XML.\n",
	.more = "See armylist-parse(1), armylist(5) and bellis(7).\n",
	.ok = "ok",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_LANG("troop names in text output"),
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

/* The writer starts at the first army, labelled with --rules or else
 * with the label of that army's collection (XML, JSON), so that the
 * label reads back. */
struct run {
	struct armyout *ao;
	FILE *fp;
	enum out_fmt fmt;
	enum lang lang;
	const char *rules;
	bool files;
};

static void
start(struct run *r, const char *label)
{
	if (r->ao != NULL)
		return;
	r->ao = armyout_new(r->fp, r->fmt, r->lang,
	    r->rules != NULL ? r->rules : label);
	armyout_files(r->ao, r->files);
	if (r->rules == NULL)
		armyout_own_labels(r->ao);
}

static void
emit(void *ctx, const struct army *a)
{
	start(ctx, a->rules);
	armyout_army(((struct run *)ctx)->ao, a);
}

static void
parse_file(void *ctx, struct input *in)
{
	armylist_read(in, emit, ctx);
}

int
main(int argc, char **argv)
{
	struct rules *r = NULL;
	struct run run;
	struct cli cli;
	struct out o;

	cli_init(&cli, &tool, argc, argv);
	if (cli_next(&cli) < 0)
		return diag_status();
	troop_init();
	/* --rules labels the collection with the edition's name */
	if ((cli.rules != NULL && (r = rules_open(cli.rules)) == NULL) ||
	    out_open(&o, cli.output) < 0) {
		rules_free(r);
		troop_cleanup();
		return cli_end(NULL);
	}
	run = (struct run){ .fp = o.fp, .fmt = cli.format,
	    .lang = cli.lang, .rules = r != NULL ? r->edition : NULL,
	    .files = cli.nfiles > 1 };
	cli_files(cli.nfiles, cli.files, parse_file, &run);
	start(&run, NULL);
	(void)armyout_finish(run.ao);  /* out_close reports write errors */
	rules_free(r);
	troop_cleanup();
	return cli_end(&o);
}
