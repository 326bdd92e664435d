/* The run of move-check: rules, output, the bounds of every operand. */
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "dba/bounds.h"
#include "dba/moverun.h"
#include "rules/rules.h"
#include "rules/troop.h"

/* The value of --pips in *pips (0 without); -1 after a usage error,
 * since the PIP die is the edition's. */
static int
pips_of(const char *arg, const struct rules *r, long *pips)
{
	*pips = 0;
	if (arg == NULL || num_longs(arg, 1, r->pip_die, pips) == 0)
		return 0;
	diag_usage("invalid value '%s' for --pips (1-%d)", arg, r->pip_die);
	return -1;
}

int
moverun_run(const struct moverun_opts *o, const struct cli *cli)
{
	struct moveout_opts mo;
	struct bounds bs;
	struct rules *r;
	struct out out;
	long pips;

	if ((r = rules_open(cli->rules)) == NULL)
		return cli_end(NULL);
	diag_set_file("-");
	if (pips_of(o->pips, r, &pips) < 0 ||
	    out_open(&out, cli->output) < 0) {
		rules_free(r);
		troop_cleanup();
		return cli_end(NULL);
	}
	memset(&mo, 0, sizeof mo);
	mo.fmt = cli->format;
	mo.lang = cli->lang;
	mo.rules = r;
	mo.multi = cli->nfiles > 1;
	mo.explain = o->explain;
	bounds_init(&bs, r, o->scale, (int)pips, moveout_new(out.fp, &mo));
	cli_files(cli->nfiles, cli->files, bounds_read, &bs);
	if (moveout_finish(bs.w) < 0)
		diag_raise(EXIT_SYS);
	bounds_free(&bs);
	rules_free(r);
	troop_cleanup();
	return cli_end(&out);
}
