/* The run of combat-calc --matchup: the collection read, the pairs of
 * the two armies judged and written. */
#include <stddef.h>

#include "card/matchup.h"
#include "card/matchuprun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "dba/combatrun.h"

static void
to_run(void *ctx, const struct combat *c)
{
	combatrun_combat(ctx, c);
}

int
matchuprun_run(const struct combatrun_opts *o, const struct cli *cli)
{
	struct combatrun run;
	struct matchup *m;
	const struct rules *r;

	if ((m = matchup_new(o->matchup, o->going)) == NULL)
		return EXIT_USAGE;
	if (combatrun_open(&run, o, cli) < 0) {
		matchup_free(m);
		return cli_end(NULL);
	}
	cli_files(cli->nfiles, cli->files, matchup_read, m);
	/* the edition of the collection's label */
	r = cli->rules == NULL ? matchup_edition(m, &run.labels) : run.table;
	if (r != NULL) {
		combatrun_start(&run, r);
		if (matchup_check(m))
			matchup_pairs(m, r, to_run, &run);
	} else
		(void)matchup_check(m);         /* names a missing army */
	matchup_free(m);
	return combatrun_end(&run);
}
