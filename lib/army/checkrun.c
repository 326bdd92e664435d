/* The run of armylist-check: operands read, armies checked, findings
 * filtered, written and counted. */
#include <stdlib.h>
#include <string.h>

#include "army/armycheck.h"
#include "army/armyin.h"
#include "army/checkrun.h"
#include "army/findings.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/out.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "rules/rules.h"
#include "rules/troop.h"

struct checkrun_ctx {
	const struct checkrun_opts *o;
	struct armycheck *check;
	struct findings_out *out;
	long errors, warnings;  /* the findings written */
	char *bad_file;         /* its unknown rules= label is reported */
};

/* The usage error of an unknown code: the nearest code, else all. */
static void
unknown_code(const char *p, size_t len, const char *const *names)
{
	const char *sug = tok_suggest(p, len, names, CK_N);
	struct sbuf all = {0};
	int c;

	for (c = 0; sug == NULL && c < CK_N; c++)
		sbuf_printf(&all, "%s%s", c > 0 ? ", " : " (codes: ",
		    names[c]);
	if (sug == NULL)
		sbuf_addc(&all, ')');
	diag_usage("unknown finding code '%.*s' for --ignore%s", (int)len, p,
	    sug != NULL ? diag_suggest(sug) : sbuf_str(&all));
	sbuf_free(&all);
}

int
checkrun_ignore(const char *arg, unsigned *ignore)
{
	const char *names[CK_N], *p, *e;
	size_t len;
	int c;

	for (c = 0; c < CK_N; c++)
		names[c] = check_code_name((enum check_code)c);
	for (p = arg; ; p = e + 1) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		for (c = 0; c < CK_N && !str_ieq(p, len, names[c]); c++)
			;
		if (len == 0 || len > 64) {
			diag_usage("invalid value '%s' for --ignore (a list "
			    "of finding codes)", arg);
			return -1;
		}
		if (c == CK_N) {
			unknown_code(p, len, names);
			return -1;
		}
		*ignore |= 1u << c;
		if (e == NULL)
			return 0;
	}
}

/* An army not checked for the label of its collection, which names no
 * edition: an error of the input, once per file. */
static void
on_army(void *ctx, const struct army *a)
{
	struct checkrun_ctx *run = ctx;
	const char *file = diag_file() != NULL ? diag_file() : "-";
	char names[256];

	if (armycheck_army(run->check, a) || (run->bad_file != NULL &&
	    strcmp(run->bad_file, file) == 0))
		return;
	free(run->bad_file);
	run->bad_file = xstrdup(file);
	rules_edition_names(names, sizeof names);
	DIAG(ARMYLIST_UNKNOWN_RULES, a->rules_line, 0, a->rules, names);
}

static void
on_finding(void *ctx, const struct finding *f)
{
	struct checkrun_ctx *run = ctx;

	if ((run->o->ignore & 1u << f->code) || (run->o->quiet && !f->error))
		return;
	if (f->error)
		run->errors++;
	else
		run->warnings++;
	findings_write(run->out, f);
}

static void
check_file(void *ctx, struct input *in)
{
	armylist_read_collection(in, on_army, ctx);
}

static const char *
plural(long n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* Check the operands with rules r, the findings to fp; -1 when fp could
 * not be written. */
static int
check(FILE *fp, const struct checkrun_opts *o, const struct rules *r,
    const struct cli *cli)
{
	struct checkrun_ctx run;
	long armies;
	int rc;

	memset(&run, 0, sizeof run);
	run.o = o;
	run.out = findings_new(fp, cli->format, r->edition);
	run.check = armycheck_new(r, on_finding, &run);
	if (cli->rules == NULL)         /* each file by its label */
		armycheck_by_label(run.check);
	cli_files(cli->nfiles, cli->files, check_file, &run);
	armycheck_finish(run.check);
	armies = armycheck_armies(run.check);
	if (run.errors > 0)
		diag_raise(EXIT_NO);
	rc = findings_finish(run.out, armies, run.errors, run.warnings);
	armycheck_free(run.check);
	free(run.bad_file);
	/* the summary comes after the findings also in 2>&1 (out_close
	 * reports a write error) */
	if (!o->quiet && run.errors + run.warnings > 0 && fflush(fp) == 0)
		diag_msg(0, "%ld %s: %ld %s, %ld %s", armies,
		    plural(armies, "army", "armies"), run.errors,
		    plural(run.errors, "error", "errors"), run.warnings,
		    plural(run.warnings, "warning", "warnings"));
	return rc;
}

int
checkrun_run(const struct checkrun_opts *o, const struct cli *cli)
{
	struct rules *r;
	struct out out;

	if ((r = rules_open(cli->rules)) == NULL)
		return cli_end(NULL);
	diag_set_file("-");
	if (out_open(&out, cli->output) < 0) {
		rules_free(r);
		troop_cleanup();
		return cli_end(NULL);
	}
	(void)check(out.fp, o, r, cli);  /* out_close reports write errors */
	rules_free(r);
	troop_cleanup();
	return cli_end(&out);
}
