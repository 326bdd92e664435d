/* campaign-survival: Battle skill, Survival and Glory rolls per PC. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/campaignout.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/xmlio.h"

#include "gen/survival_rng.h"

struct run {
	struct campout o;
	struct surv_table t;
	uint64_t seed, fileno;
	const char *file;
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
record(void *ctx, struct toks *tk, long line, bool cols)
{
	static const char *const kws[] = { "pc" };
	struct run *r = ctx;
	struct surv_pc p;
	struct dice d;

	if (!tok_is(&tk->v[0], "pc") || tk->v[0].val != NULL ||
	    tk->v[0].quoted) {
		campin_unknown(&tk->v[0], line, cols, kws, 1);
		return;
	}
	if (campin_pc(tk, line, cols, &r->t, &p) == 0) {
		p.file = r->file;
		dice_stream(&d, r->seed, (r->fileno << 48) + (uint64_t)line);
		surv_run(&r->t, &p, &d);
		campout_pc(&r->o, &p);
	}
	free(p.name);
}

static void
do_file(struct run *r, const char *name)
{
	static const char *const recs[] = { "party", "pc", NULL };
	static const char *const bools[] = { "combat-reflexes",
	    "danger-sense", "cowardice", "reserve", "overconfidence",
	    "berserk", "luck", "leader", "commander", NULL };
	struct input in;

	if (input_open(&in, name) < 0)
		return;
	diag_set_file(name);
	r->file = name;
	if (input_first_byte(&in) == '<')
		campin_xml(&in, survival_rng, survival_rng_len, "survival.rng",
		    recs, bools, record, r);
	else
		campin_lines(&in, record, r);
	input_close(&in);
	r->fileno++;
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
