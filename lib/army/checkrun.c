/* The run of armylist-check: operands read, armies checked, findings
 * written. */
#include <stdlib.h>

#include "army/armycheck.h"
#include "army/armyin.h"
#include "army/checkrun.h"
#include "core/cli.h"
#include "core/diag.h"

struct checkrun_ctx {
	struct armycheck *check;
	struct findings_out *out;
};

static void
on_army(struct army *a, void *ctx)
{
	struct checkrun_ctx *run = ctx;

	armycheck_army(run->check, a);
}

static void
on_finding(const struct finding *f, void *ctx)
{
	struct checkrun_ctx *run = ctx;

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
checkrun_run(FILE *fp, const struct checkrun_opts *o, int n,
    char *const *files)
{
	struct checkrun_ctx run;
	int rc;

	run.out = findings_new(fp, o->fmt, o->rules->edition);
	run.check = armycheck_new(o->rules, on_finding, &run);
	cli_files(n, files, check_file, &run);
	armycheck_finish(run.check);
	if (armycheck_errors(run.check) > 0)
		diag_raise(EXIT_NO);
	rc = findings_finish(run.out, armycheck_armies(run.check),
	    armycheck_errors(run.check), armycheck_warnings(run.check));
	armycheck_free(run.check);
	return rc;
}
