/* armylist-check: validate a collection of armylist XML (schema, element
 * totals, generals, packages, ids, troops, references, dates). */
#include <stdio.h>
#include <stdlib.h>

#include "army/checkrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "dba/rules.h"

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

int
main(int argc, char **argv)
{
	struct checkrun_opts co;
	struct rules *rules;
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
	co.rules = rules;
	co.fmt = (enum findings_fmt)cli.format;
	/* out_close reports write errors */
	(void)checkrun_run(o.fp, &co, cli.nfiles, cli.files);
	rules_close(rules);
	return cli_end(&o);
}
