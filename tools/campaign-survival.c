/* campaign-survival: Battle skill, Survival and Glory rolls per PC. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/battle.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/xmlio.h"

struct run {
	struct campout o;
	struct surv_table t;
	uint64_t seed;
	struct battle b;
};

enum { OPT_GLORY = 256 };

static const struct cli_tool tool = {
	.about = "GURPS mass-combat Battle skill, Survival and Glory rolls for "
	    "each PC.\n",
	.more = "Input lines: pc NAME iq=N|tactics=N weapon=N "
	    "[combat-reflexes] [danger-sense]\n"
	    "  [risk=N] [cowardice] [reserve] [overconfidence] [berserk] "
	    "[losing=N] [mod=N]\n"
	    "  [luck] [tl=N] [dr=N] [ht=N] [leader] [commander] "
	    "[roll=N|A/B/C] [glory-roll=N]\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_OUTPUT,
		CLI_OPT_SEED("seed of the dice (default: BELLIS_SEED, else random)"),
		{ "glory-table", required_argument, OPT_GLORY, "FILE",
		    "apply a Glory table in XML", NULL },
		CLI_OPT_LANG("the texts"),
		CLI_OPT_END
	}
};

static void
do_file(struct run *r, const char *name)
{
	struct input in;

	if (input_open(&in, name) < 0)
		return;
	diag_set_file(name);
	if (r->b.out == NULL)
		battle_init(&r->b, &r->o, 1, NULL, &r->t, r->seed);
	battle_file(&r->b, &in);
	input_close(&in);
}

int
main(int argc, char **argv)
{
	struct glory_table g;
	struct run r;
	struct out o;
	struct cli cli;
	const char *gtable = NULL;
	int i;
	bool given;

	cli_init(&cli, &tool, argc, argv);
	memset(&r, 0, sizeof r);
	memset(&g, 0, sizeof g);
	while ((i = cli_next(&cli)) > 0)
		gtable = cli.arg;       /* --glory-table */
	if (i < 0)
		return diag_status();
	xmlio_init();
	if (cli_seed(cli.seed, &r.seed, &given) < 0)
		return EXIT_USAGE;
	if (surv_table_load(&r.t) < 0 ||
	    (gtable != NULL && glory_table_load(&g, gtable) < 0)) {
		surv_table_free(&r.t);
		xmlio_cleanup();
		return diag_status();
	}
	if (out_open(&o, cli.output) < 0) {
		glory_table_free(&g);
		surv_table_free(&r.t);
		xmlio_cleanup();
		return diag_status();
	}
	r.o.fp = o.fp;
	r.o.fmt = (enum campout_fmt)cli.format;
	r.o.lang = cli.lang;
	r.o.seed = r.seed;
	r.o.seed_given = given;
	r.o.report_seed = true;
	r.o.glory = gtable != NULL ? &g : NULL;
	r.o.surv = &r.t;
	campout_begin(&r.o, "survival");
	if (optind == argc)
		do_file(&r, "-");
	for (i = optind; i < argc; i++)
		do_file(&r, argv[i]);
	if (campout_end(&r.o) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	glory_table_free(&g);
	surv_table_free(&r.t);
	xmlio_cleanup();
	return diag_status();
}
