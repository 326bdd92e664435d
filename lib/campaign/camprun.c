/* The runs of the two campaign tools. */
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/camprun.h"
#include "campaign/pairing.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"

/* The writer over the output, seeded; the operands through the battle. */
static void
run(const struct cli *cli, struct campaignout *w,
    const struct cat_table *cat, const struct surv_table *surv,
    struct struck *sb)
{
	struct pairing b;
	struct out o;

	if (cli_seed(cli->seed, &w->seed, &w->seed_given) < 0 ||
	    out_open(&o, cli->output) < 0)
		return;
	w->fp = o.fp;
	w->fmt = cli->format;
	w->lang = cli->lang;
	w->report_seed = true;
	w->multi = cli->nfiles > 1;
	pairing_init(&b, w, 1, cat, surv, w->seed);
	b.struck = sb;
	cli_files(cli->nfiles, cli->files, pairing_input, &b);
	pairing_begin(&b, NULL);
	pairing_free(&b);
	if (campaignout_end(w) < 0)
		diag_raise(EXIT_SYS);
	out_close(&o, diag_status() < EXIT_USAGE);
}

int
camprun_catastrophe(const struct camprun_opts *c, const struct cli *cli)
{
	struct campaignout w;
	struct cat_table t;
	int i;

	if (cat_table_load(&t, c->table) < 0)
		return cli_end(NULL);
	for (i = 0; i < c->nswap; i++)
		if (cat_swap_arg(&t, c->swap[i]) < 0)
			break;
	if (i == c->nswap) {
		memset(&w, 0, sizeof w);
		w.odds = c->odds;
		w.table = &t;
		run(cli, &w, &t, NULL, NULL);
	}
	cat_table_free(&t);
	return cli_end(NULL);
}

int
camprun_survival(const struct camprun_opts *c, const struct cli *cli)
{
	struct campaignout w;
	struct surv_table t;
	struct glory_table g;
	struct struck sb;

	memset(&g, 0, sizeof g);
	memset(&sb, 0, sizeof sb);
	if (surv_table_load(&t) == 0 &&
	    (c->glory == NULL || glory_table_load(&g, c->glory) == 0) &&
	    (c->battle == NULL || campaignin_struck_load(&sb, c->battle) == 0)) {
		memset(&w, 0, sizeof w);
		w.glory = c->glory != NULL ? &g : NULL;
		w.surv = &t;
		run(cli, &w, NULL, &t, c->battle != NULL ? &sb :
		    NULL);
	}
	struck_free(&sb);
	glory_table_free(&g);
	surv_table_free(&t);
	return cli_end(NULL);
}
