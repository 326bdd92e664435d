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
#include "core/input.h"
#include "core/out.h"
#include "core/strset.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "rules/rules.h"
#include "rules/troop.h"

/* A diagnostic of the reader, held until the army it belongs to is
 * known. */
struct held {
	char *file, *msg;
	long line, col;
	const struct diag_def *def;
};

struct checkrun_ctx {
	const struct checkrun_opts *o;
	struct armycheck *check;
	struct findings_out *out;
	long errors, warnings;  /* the findings written */
	char *bad_file;         /* its unknown rules= label is reported */
	struct held *held;      /* the reader's diagnostics not yet written */
	size_t nheld, capheld;
	bool rows;              /* the army being checked had parse rows */
	struct strset said;     /* its rows, "code message" */
	struct sbuf key;
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

static void on_finding(void *ctx, const struct finding *f);

/* The key of a row for "said already": its code and its message up to
 * the end of its first quoted part (a reader's suggestion left out). */
static const char *
said_key(struct checkrun_ctx *run, const char *code, const char *msg)
{
	const char *q = strchr(msg, '\'');

	if (q != NULL)
		q = strchr(q + 1, '\'');
	sbuf_reset(&run->key);
	sbuf_printf(&run->key, "%s %.*s", code, q != NULL ?
	    (int)(q + 1 - msg) : (int)strlen(msg), msg);
	return sbuf_str(&run->key);
}

/* A parse diagnostic while the reader reads: held. */
static void
on_diag(void *ctx, const struct diag_def *def, const char *file, long line,
    long col, const char *msg)
{
	struct checkrun_ctx *run = ctx;
	struct held *h;

	run->held = xgrow(run->held, &run->capheld, run->nheld + 1,
	    sizeof *run->held);
	h = &run->held[run->nheld++];
	h->file = xstrdup(file);
	h->msg = xstrdup(msg);
	h->line = line;
	h->col = col;
	h->def = def;
}

/* Write the held diagnostics as findings.  The readers report what they
 * find in an army before they hand it over: what is held when army a
 * comes belongs to it, but for what is about no line; at the end of a
 * file (a NULL) nothing does.  What belongs to no army (empty input, not
 * a list, malformed XML) stays a diagnostic on stderr. */
static void
write_held(struct checkrun_ctx *run, const struct army *a)
{
	struct finding f;
	struct held *h;
	size_t i;

	for (i = 0; i < run->nheld; i++) {
		h = &run->held[i];
		memset(&f, 0, sizeof f);
		f.code = CK_PARSE_ERRORS;
		f.name = h->def->code;
		f.error = h->def->error;
		f.file = h->file;
		f.line = h->line;
		f.col = h->col;
		f.msg = h->msg;
		if (a == NULL || h->line == 0) {
			diag_set_hook(NULL, NULL);
			diag_replay(h->def, h->file, h->line, h->col, h->msg);
			diag_set_hook(on_diag, run);
		} else {
			f.army = a->id;
			run->rows = true;
			(void)said_key(run, f.name, f.msg);
			(void)strset_add(&run->said, run->key.s, run->key.len,
			    NULL);
			on_finding(run, &f);
		}
		free(h->file);
		free(h->msg);
	}
	run->nheld = 0;
}

/* An army not checked for the label of its collection, which names no
 * edition: an error of the input, once per file. */
static void
on_army(void *ctx, const struct army *a)
{
	struct checkrun_ctx *run = ctx;
	const char *file = diag_file() != NULL ? diag_file() : "-";
	char names[256];
	bool checked;

	run->rows = false;
	write_held(run, a);
	checked = armycheck_army(run->check, a);
	run->rows = false;
	strset_free(&run->said);
	if (checked || (run->bad_file != NULL &&
	    strcmp(run->bad_file, file) == 0))
		return;
	free(run->bad_file);
	run->bad_file = xstrdup(file);
	rules_edition_names(names, sizeof names);
	DIAG(ARMYLIST_UNKNOWN_RULES, a->rules_line, 0, a->rules, names);
	write_held(run, NULL);          /* about the file, not the army */
}

static void
on_finding(void *ctx, const struct finding *f)
{
	struct checkrun_ctx *run = ctx;

	if ((run->o->ignore & 1u << f->code) || (run->o->quiet && !f->error))
		return;
	/* an army with its parse errors as rows: no "not checked" row, and
	 * no finding that repeats one of them (an unknown troop) */
	if (f->name == NULL && run->rows) {
		if (f->code == CK_PARSE_ERRORS)
			return;
		if (strset_find(&run->said, said_key(run,
		    check_code_name(f->code), f->msg)) >= 0)
			return;
	}
	if (f->error)
		run->errors++;
	else
		run->warnings++;
	findings_write(run->out, f);
}

static void
check_file(void *ctx, struct input *in)
{
	if (input_first_byte(in) == EOF)
		DIAG(EMPTY_INPUT, 0, 0);
	else
		armylist_read(in, on_army, ctx);
	write_held(ctx, NULL);
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
	diag_set_hook(on_diag, &run);
	cli_files(cli->nfiles, cli->files, check_file, &run);
	diag_set_hook(NULL, NULL);
	armycheck_finish(run.check);
	armies = armycheck_armies(run.check);
	if (run.errors > 0)
		diag_raise(EXIT_NO);
	rc = findings_finish(run.out, armies, run.errors, run.warnings);
	armycheck_free(run.check);
	free(run.bad_file);
	free(run.held);
	sbuf_free(&run.key);
	strset_free(&run.said);
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
