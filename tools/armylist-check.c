/* armylist-check: validate a collection of armylist XML (schema, element
 * totals, generals, packages, ids, troops, references, dates). */
#include <stdio.h>
#include <stdlib.h>

#include "army/armycheck.h"
#include "army/armyin.h"
#include "army/findings.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "dba/rules.h"
#include "dba/troop.h"

static const char *const formats[] = { "text", "xml", NULL };

static const struct cli_tool tool = {
	.formats = formats,
	.about = "Check a collection of armylist XML: schema, 12 elements, one "
	    "general,\npackages, ids, troop types, references, dates.\n",
	.more = "References are resolved across all files.\n"
	    "See armylist-check(1), armylist(5) and bellis(7).\n",
	.ok = "no error found",
	.no = "an error finding",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_RULES,
		CLI_OPT_OUTPUT,
		CLI_OPT_END
	}
};

struct check_ctx {
	struct armycheck *check;
	struct findings_out *out;
};

static void
on_army(struct army *a, void *ctx)
{
	struct check_ctx *run = ctx;

	armycheck_army(run->check, a);
}

static void
on_finding(const struct finding *f, void *ctx)
{
	struct check_ctx *run = ctx;

	findings_write(run->out, f);
}

static void
check_file(void *ctx, struct input *in)
{
	int c = input_first_byte(in);

	if (c == EOF)
		DIAG(EMPTY_INPUT, 0, 0);
	else if (c != '<')
		DIAG(NOT_ARMYLIST, 1, 0,
		    "convert a sheet with armylist-parse first");
	else
		armylist_read_xml(in, on_army, ctx);
}

int
main(int argc, char **argv)
{
	struct rules *rules;
	struct check_ctx run;
	struct cli cli;
	struct out o;

	cli_init(&cli, &tool, argc, argv);
	if (cli_next(&cli) < 0)
		return diag_status();
	if ((rules = rules_open(cli.rules)) == NULL)
		return cli_end(NULL);
	diag_set_file("-");
	if (out_open(&o, cli.output) < 0) {
		rules_close(rules);
		return cli_end(NULL);
	}
	run.out = findings_new(o.fp, (enum findings_fmt)cli.format,
	    rules->edition);
	run.check = armycheck_new(rules, on_finding, &run);
	if (cli.rules == NULL)          /* each file by its rules= label */
		armycheck_by_label(run.check);
	cli_files(cli.nfiles, cli.files, check_file, &run);
	armycheck_finish(run.check);
	if (armycheck_errors(run.check) > 0)
		diag_raise(EXIT_NO);
	/* out_close reports write errors */
	(void)findings_finish(run.out, armycheck_armies(run.check),
	    armycheck_errors(run.check), armycheck_warnings(run.check));
	armycheck_free(run.check);
	rules_close(rules);
	return cli_end(&o);
}
