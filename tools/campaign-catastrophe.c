/* campaign-catastrophe: the GURPS mass-combat Catastrophe roll per side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/battle.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/out.h"
#include "core/xmlio.h"

struct run {
	struct campout o;
	struct cat_table t;
	uint64_t seed;
	struct battle b;
};

enum { OPT_ODDS = 256, OPT_SWAP, OPT_TABLE };

static const struct cli_tool tool = {
	.about = "The GURPS mass-combat Catastrophe roll for each side of a "
	    "battle.\n",
	.more = "Input lines: side NAME [strategy=N] [ts=N] "
	    "[units=U:TS[:pc],...] [luck]\n"
	    "  [enemy-power=N] [roll=N|A/B/C] [pc-commander]; "
	    "battle [NAME] starts a battle.\n",
	.ok = "success",
	.opts = (const struct cli_opt[]){
		CLI_OPT_FORMAT,
		CLI_OPT_OUTPUT,
		CLI_OPT_SEED("seed of the dice (default: BELLIS_SEED, else random)"),
		{ "odds", no_argument, OPT_ODDS, NULL,
		    "exact odds of each event instead of a roll", NULL },
		{ "swap", required_argument, OPT_SWAP, "A,B",
		    "exchange the table rows of rolls A and B", NULL },
		{ "table", required_argument, OPT_TABLE, "FILE",
		    "use a Catastrophe table in XML", NULL },
		CLI_OPT_LANG("the event texts"),
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
		battle_init(&r->b, &r->o, 1, &r->t, NULL, r->seed);
	battle_file(&r->b, &in);
	input_close(&in);
}

static int
swap_arg(struct cat_table *t, const char *arg)
{
	const char *c = strchr(arg, ',');
	long a, b;

	if (c == NULL || num_long(arg, (size_t)(c - arg), 3, 18, &a) < 0 ||
	    num_longs(c + 1, 3, 18, &b) < 0) {
		diag_usage("invalid value '%s' for --swap (two rolls 3-18, "
		    "e.g. 13,14)", arg);
		return -1;
	}
	return cat_swap(t, (int)a, (int)b);
}

int
main(int argc, char **argv)
{
	struct run r;
	struct out o;
	struct cli cli;
	const char *table = NULL, *swaps[8];
	int c, nswap = 0, i;
	bool given;

	cli_init(&cli, &tool, argc, argv);
	memset(&r, 0, sizeof r);
	while ((c = cli_next(&cli)) > 0) {
		switch (c) {
		case OPT_ODDS: r.o.odds = true; break;
		case OPT_SWAP:
			if (nswap == 8) {
				diag_usage("too many --swap options");
				return EXIT_USAGE;
			}
			swaps[nswap++] = cli.arg;
			break;
		case OPT_TABLE: table = cli.arg; break;
		}
	}
	if (c < 0)
		return diag_status();
	xmlio_init();
	if (cli_seed(cli.seed, &r.seed, &given) < 0)
		return EXIT_USAGE;
	if (cat_table_load(&r.t, table) < 0) {
		xmlio_cleanup();
		return diag_status();
	}
	for (i = 0; i < nswap; i++)
		if (swap_arg(&r.t, swaps[i]) < 0) {
			cat_table_free(&r.t);
			return EXIT_USAGE;
		}
	if (out_open(&o, cli.output) < 0) {
		cat_table_free(&r.t);
		xmlio_cleanup();
		return diag_status();
	}
	r.o.fp = o.fp;
	r.o.fmt = (enum campout_fmt)cli.format;
	r.o.lang = cli.lang;
	r.o.seed = r.seed;
	r.o.seed_given = given;
	r.o.report_seed = true;
	r.o.table = &r.t;
	campout_begin(&r.o, "catastrophes");
	if (optind == argc)
		do_file(&r, "-");
	for (i = optind; i < argc; i++)
		do_file(&r, argv[i]);
	if (campout_end(&r.o) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
	cat_table_free(&r.t);
	xmlio_cleanup();
	return diag_status();
}
