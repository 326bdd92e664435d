/* The run of battle-scan: rules, output, the battlefields. */
#include <string.h>

#include "battle/scan.h"
#include "battle/scanrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/xalloc.h"
#include "rules/rules.h"
#include "rules/troop.h"

int
scanrun_run(const struct scanrun_opts *so, const struct cli *cli)
{
	struct scan_opts o;
	struct rules *r;
	struct out out;

	xalloc_map_large();
	memset(&o, 0, sizeof o);
	o.fmt = cli->format;
	o.lang = cli->lang;
	o.scale = so->scale;
	o.paper = (enum bpaper)so->paper;
	o.fit = (enum bfit)so->fit;
	o.tol = so->tol;
	o.plan = so->plan;
	o.verdicts = so->verdicts;
	o.pdf = so->pdf;
	o.by_label = cli->rules == NULL;        /* each file by its label */
	if (o.fmt == FMT_PDF && o.pdf == NULL)
		return cli_libexec(cli, "battle-scan");
	if (o.fmt == FMT_SVG && cli->nfiles > 1) {
		diag_usage("-T svg draws one battlefield (-T pdf draws one "
		    "page each)");
		return EXIT_USAGE;
	}
	if ((o.r = r = rules_open(cli->rules)) == NULL)
		return cli_end(NULL);
	if (out_open(&out, cli->output) < 0) {
		rules_free(r);
		troop_cleanup();
		return cli_end(NULL);
	}
	if (scan_files(&o, out.fp, cli->files, cli->nfiles) < 0)
		diag_raise(EXIT_SYS);
	rules_free(r);
	troop_cleanup();
	return cli_end(&out);
}
