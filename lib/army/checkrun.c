/* The run of armylist-check: operands read, armies checked, findings
 * filtered, written and counted. */
#include <sys/stat.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "army/armycheck.h"
#include "army/book.h"
#include "army/event.h"
#include "army/armyin.h"
#include "army/checkrun.h"
#include "army/findings.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/jsonout.h"
#include "core/out.h"
#include "core/strset.h"
#include "core/str.h"
#include "core/tmpf.h"
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
	FILE *ids;              /* --write-index: the rows, until the end */
	bool unindexed;         /* an army not in --index was reported */
};

/* The usage error of an unknown code: the nearest code, else all. */
static void
unknown_code(const char *p, size_t len, const char *const *names,
    size_t n)
{
	const char *sug = tok_suggest(p, len, names, n);
	struct sbuf all = {0};
	size_t c;

	for (c = 0; sug == NULL && c < n; c++)
		sbuf_printf(&all, "%s%s", c > 0 ? ", " : " (codes: ",
		    names[c]);
	if (sug == NULL)
		sbuf_addc(&all, ')');
	diag_usage("unknown finding code '%.*s' for --ignore%s", (int)len, p,
	    sug != NULL ? diag_suggest(sug) : sbuf_str(&all));
	sbuf_free(&all);
}

static bool
named(const char *const *names, size_t n, const char *w)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], w) == 0)
			return true;
	return false;
}

int
checkrun_ignore(const char *arg, struct checkrun_opts *o)
{
	const char *names[CK_N + D_N], *p, *e;
	int at[CK_N + D_N];
	size_t len, c, d, n = 0;

	for (c = 0; c < CK_N; c++) {
		at[n] = -1;
		names[n++] = check_code_name((enum check_code)c);
	}
	for (c = 0; c < D_N; c++)
		if ((diag_defs[c].tools & T_CHECK) && !named(names, n,
		    diag_defs[c].code)) {
			at[n] = (int)c;
			names[n++] = diag_defs[c].code;
		}
	for (p = arg; ; p = e + 1) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		for (c = 0; c < n && !str_ieq(p, len, names[c]); c++)
			;
		if (len == 0 || len > 64) {
			diag_usage("invalid value '%s' for --ignore (a list "
			    "of finding codes)", arg);
			return -1;
		}
		if (c == n) {
			unknown_code(p, len, names, n);
			return -1;
		}
		if (at[c] < 0)
			o->ignore |= 1u << c;
		/* a reader's diagnostic of the name, also when a finding
		 * has it (unknown-troop) */
		for (d = 0; d < D_N; d++)
			if ((diag_defs[d].tools & T_CHECK) &&
			    str_ieq(p, len, diag_defs[d].code))
				o->ignore_diag[d / 8] |= (unsigned char)(1u <<
				    (d % 8));
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

static void write_held(struct checkrun_ctx *run, const struct army *a);

/* The most reader diagnostics held for the next army: past it they are
 * written as they come, as about no army (a run of unreadable records
 * held none of them in memory). */
#define HELD_MAX 1000

/* A parse diagnostic while the reader reads: held, until the army it
 * belongs to comes; but one that drops its record (or line) ends what
 * could belong to an army: written at once, with all before it. */
static void
on_diag(void *ctx, const struct diag_def *def, const char *file, long line,
    long col, const char *msg)
{
	struct checkrun_ctx *run = ctx;
	struct held *h;

	/* an entry names a year or none: its missing dates say nothing */
	if (run->o->book != NULL && strcmp(def->code, "no-dates") == 0)
		return;
	if (run->nheld == HELD_MAX)
		write_held(run, NULL);
	run->held = xgrow(run->held, &run->capheld, run->nheld + 1,
	    sizeof *run->held);
	h = &run->held[run->nheld++];
	h->file = xstrdup(file);
	h->msg = xstrdup(msg);
	h->line = line;
	h->col = col;
	h->def = def;
	if (def == &diag_defs[D_BAD_REFERENCE] ||
	    def == &diag_defs[D_LINE_NOT_READ] ||
	    def == &diag_defs[D_ROW_NOT_READ] ||
	    def == &diag_defs[D_JSON_SYNTAX])
		write_held(run, NULL);
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
		size_t d;

		h = &run->held[i];
		d = (size_t)(h->def - diag_defs);
		if (d < D_N && (run->o->ignore_diag[d / 8] & 1u << (d % 8))) {
			free(h->file);
			free(h->msg);
			continue;       /* --ignore */
		}
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

/* ---- the index of ids ------------------------------------------------- */

static void
put_cell(FILE *fp, const char *s)
{
	tsv_cell(fp, s, strlen(s));
}

/* A row of --write-index: id, file, line. */
static void
write_id(FILE *fp, const struct army *a)
{
	put_cell(fp, a->id);
	fputc('\t', fp);
	put_cell(fp, a->file != NULL ? a->file : "-");
	fprintf(fp, "\t%ld\n", a->line > 0 ? a->line : 0);
}

/* A TSV cell unescaped in place (\t \n \r \\). */
static char *
unescape(char *s)
{
	char *r = s, *w = s;

	for (; *r != '\0'; r++) {
		if (*r == '\\' && r[1] != '\0') {
			r++;
			*w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' :
			    *r == 'r' ? '\r' : *r;
		} else
			*w++ = *r;
	}
	*w = '\0';
	return s;
}

/* Split a line at its tabs into at most max cells; their number. */
static int
cells(char *line, char **cell, int max)
{
	int n = 0;
	char *p;

	for (p = line; n < max; p++) {
		cell[n++] = p;
		if ((p = strchr(p, '\t')) == NULL)
			break;
		*p = '\0';
	}
	return n;
}

/* An army id as armylist(5) has it: ([IVX]+/)?[0-9]+[a-z]?(.[0-9]+)?
 * or "?", at most INDEX_ID_MAX bytes. */
#define INDEX_ID_MAX 64
static bool
index_id(const char *s)
{
	const char *p = s;

	if (strlen(s) > INDEX_ID_MAX)
		return false;
	if (strcmp(s, "?") == 0)
		return true;
	p += strspn(p, "IVX");
	if (p > s && *p++ != '/')
		return false;
	if (strspn(p, "0123456789") == 0)
		return false;
	p += strspn(p, "0123456789");
	if (*p >= 'a' && *p <= 'z')
		p++;
	if (*p == '.' && strspn(p + 1, "0123456789") > 0)
		p += 1 + strspn(p + 1, "0123456789");
	return *p == '\0';
}

/* The header of the index: the columns of id, file and line in col
 * (-1: none; no places unless both). */
static void
index_header(char *line, int *col)
{
	static const char *const names[3] = { "id", "file", "line" };
	char *cell[64];
	int n, i, k;

	n = cells(line, cell, 64);
	for (i = 0; i < n; i++)
		for (k = 0; k < 3; k++)
			if (col[k] < 0 && strcmp(cell[i], names[k]) == 0)
				col[k] = i;
	if (col[1] < 0 || col[2] < 0)
		col[1] = col[2] = -1;   /* no places: ids only */
}

/* One row of the index into the check; -1 (a usage error) when it is
 * not a row of an id (and a place). */
static int
index_row(struct armycheck *c, char *line, const int *col,
    const char *path, long lineno)
{
	char *cell[64], *end;
	long l = 0;
	int n = cells(line, cell, 64);

	if (n <= col[0] || n <= col[1] || n <= col[2] ||
	    (col[2] >= 0 && ((l = strtol(cell[col[2]], &end, 10)) < 0 ||
	    end == cell[col[2]] || *end != '\0'))) {
		diag_usage("the index '%s', line %ld: not a row of id%s", path,
		    lineno, col[1] >= 0 ? ", file and line" : "");
		return -1;
	}
	if (!index_id(unescape(cell[col[0]]))) {
		diag_usage("the index '%s', line %ld: '%.60s' is no army id",
		    path, lineno, cell[col[0]]);
		return -1;
	}
	armycheck_index(c, cell[col[0]], col[1] >= 0 ?
	    unescape(cell[col[1]]) : NULL, l);
	return 0;
}

/* Read the index FILE into the check: the column named id, and those
 * named file and line when both are there; read as every input is
 * (byte order marks, UTF-16, LF, CRLF or CR, a line at most
 * INPUT_LINE_MAX bytes).  -1 with a usage error (status 3) when it has
 * no id column or a bad row, 4 when unreadable. */
static int
load_index(struct armycheck *c, const char *path)
{
	struct input in;
	struct sbuf b = {0};
	const char *line;
	size_t len;
	long lineno = 0;
	int col[3] = { -1, -1, -1 }, rc = 0, fd = open(path, O_RDONLY);

	if (fd < 0) {
		diag_sys("cannot open the index '%s'", path);
		return -1;
	}
	input_fd(&in, path, fd);
	diag_set_file(path);
	while (rc == 0 && input_getline(&in, &line, &len)) {
		lineno++;
		if (diag_status() >= EXIT_DATA)
			break;  /* the line was too long (reported) */
		sbuf_reset(&b);
		sbuf_add(&b, line, len);
		if (lineno == 1)
			index_header(b.s, col);
		else
			rc = index_row(c, b.s, col, path, lineno);
		if (lineno == 1 && col[0] < 0)
			break;
	}
	if (col[0] < 0 && rc == 0) {
		diag_usage("the index '%s' has no id column (a TSV with a "
		    "header: armylist-check --write-index, armylist-select "
		    "-T tsv)", path);
		rc = -1;
	}
	if (rc == 0 && (in.failed || diag_status() >= EXIT_DATA))
		rc = -1;        /* reported: unreadable, a line too long */
	armycheck_index_end(c);
	diag_set_file("-");
	input_close(&in);
	sbuf_free(&b);
	return rc;
}

/* The rows kept in ids, with their header, to path (replaced
 * atomically); -1 when it could not be written (reported). */
static int
save_index(FILE *ids, const char *path)
{
	struct out o;
	char buf[65536];
	size_t n;
	int rc = 0;

	if (out_open(&o, path) < 0)
		return -1;
	fputs("id\tfile\tline\n", o.fp);
	if (fflush(ids) != 0) {         /* TMPDIR full */
		diag_sys("cannot write a temporary file in '%s'", tmpf_dir());
		(void)out_close(&o, false);
		return -1;
	}
	rewind(ids);
	while ((n = fread(buf, 1, sizeof buf, ids)) > 0)
		if (fwrite(buf, 1, n, o.fp) != n)
			break;
	if (ferror(ids)) {
		diag_sys("cannot read a temporary file back");
		rc = -1;
	}
	return out_close(&o, rc == 0 && diag_status() < EXIT_USAGE) < 0 ?
	    -1 : rc;
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
	if (run->ids != NULL && strcmp(a->id, "?") != 0)
		write_id(run->ids, a);
	if (run->o->index != NULL && !run->unindexed &&
	    strcmp(a->id, "?") != 0 && !armycheck_indexed(run->check, a->id)) {
		diag_warn("army %s (%s:%ld) is not in the index '%s': the "
		    "references to it may be reported unknown", a->id,
		    a->file != NULL ? a->file : "-", a->line, run->o->index);
		run->unindexed = true;
	}
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
	armycheck_file_end(((struct checkrun_ctx *)ctx)->check);
	write_held(ctx, NULL);
}

static const char *
plural(long n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* Check the operands with rules r, the findings to fp, the rows of
 * --write-index to a temporary file left in *ids; -1 when fp could not
 * be written. */
static int
check(FILE *fp, const struct checkrun_opts *o, const struct rules *r,
    const struct cli *cli, FILE **ids)
{
	struct checkrun_ctx run;
	struct book *book = NULL;
	struct event *event = NULL;
	long armies, legal, illegal;
	bool entries;
	int rc;

	memset(&run, 0, sizeof run);
	run.o = o;
	if (o->event != NULL && o->book == NULL) {
		diag_usage("--event needs --book (the entries' book)");
		return -1;
	}
	if (o->book != NULL && (book = book_load(o->book)) == NULL)
		return -1;
	if (o->event != NULL && (event = event_load(o->event)) == NULL) {
		book_free(book);
		return -1;
	}
	run.check = armycheck_new(r, on_finding, &run);
	armycheck_book(run.check, book, event);
	if ((o->index != NULL && load_index(run.check, o->index) < 0) ||
	    (o->write_index != NULL && (run.ids = tmpf_open()) == NULL)) {
		if (o->write_index != NULL && run.ids == NULL &&
		    diag_status() == 0)
			diag_sys("cannot make a temporary file in '%s'",
			    tmpf_dir());
		armycheck_free(run.check);
		book_free(book);
		event_free(event);
		return -1;
	}
	run.out = findings_new(fp, cli->format, r->edition);
	findings_header(run.out, book != NULL);
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
	entries = book != NULL;
	armycheck_entries(run.check, &legal, &illegal);
	armycheck_free(run.check);
	book_free(book);
	event_free(event);
	*ids = run.ids;
	free(run.bad_file);
	free(run.held);
	sbuf_free(&run.key);
	strset_free(&run.said);
	/* the summary comes after the findings also in 2>&1 (out_close
	 * reports a write error) */
	if (entries && !o->quiet && fflush(fp) == 0)
		diag_msg(0, "%ld %s: %ld legal, %ld illegal", armies,
		    plural(armies, "entry", "entries"), legal, illegal);
	else if (!o->quiet && run.errors + run.warnings > 0 &&
	    fflush(fp) == 0)
		diag_msg(0, "%ld %s: %ld %s, %ld %s", armies,
		    plural(armies, "army", "armies"), run.errors,
		    plural(run.errors, "error", "errors"), run.warnings,
		    plural(run.warnings, "warning", "warnings"));
	return rc;
}

/* Whether paths a and b name one file: the same name, or the same
 * file when both exist. */
static bool
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return strcmp(a, b) == 0 || (stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

/* --write-index must not replace -o, --index or an input: a usage
 * error (3) naming it. */
static int
index_clash(const struct checkrun_opts *o, const struct cli *cli)
{
	const char *w = o->write_index, *what = NULL, *p = NULL;
	int i;

	if (w == NULL)
		return 0;
	if (cli->output != NULL && strcmp(cli->output, "-") != 0 &&
	    same_file(w, cli->output))
		what = "-o", p = cli->output;
	else if (o->index != NULL && same_file(w, o->index))
		what = "--index", p = o->index;
	for (i = 0; what == NULL && i < cli->nfiles; i++)
		if (strcmp(cli->files[i], "-") != 0 &&
		    same_file(w, cli->files[i]))
			what = "an input", p = cli->files[i];
	if (what == NULL)
		return 0;
	diag_usage("--write-index='%s' names the file of %s ('%s'): it "
	    "would replace it", w, what, p);
	return -1;
}

/* After a data error (status 2) -o and --write-index keep their old
 * files: said, since the findings and the summary do not say it. */
static void
say_not_written(const struct checkrun_opts *o, const struct cli *cli)
{
	const char *out = cli->output != NULL &&
	    strcmp(cli->output, "-") != 0 ? cli->output : NULL;

	if (diag_status() != EXIT_DATA || (out == NULL &&
	    o->write_index == NULL))
		return;
	if (out != NULL && o->write_index != NULL)
		diag_msg(EXIT_DATA, "'%s' and the index '%s' not written "
		    "(any old file kept): the input has errors (exit status "
		    "2)", out, o->write_index);
	else
		diag_msg(EXIT_DATA, "%s '%s' not written (any old file "
		    "kept): the input has errors (exit status 2)", out != NULL ?
		    "the output" : "the index", out != NULL ? out :
		    o->write_index);
}

int
checkrun_run(const struct checkrun_opts *o, const struct cli *cli)
{
	struct rules *r;
	struct out out;
	FILE *ids = NULL;

	if (index_clash(o, cli) < 0)
		return cli_end(NULL);
	if ((r = rules_open(cli->rules)) == NULL)
		return cli_end(NULL);
	diag_set_file("-");
	if (out_open(&out, cli->output) < 0) {
		rules_free(r);
		troop_cleanup();
		return cli_end(NULL);
	}
	/* out_close reports write errors */
	(void)check(out.fp, o, r, cli, &ids);
	rules_free(r);
	troop_cleanup();
	say_not_written(o, cli);
	if (ids == NULL)
		return cli_end(&out);
	/* the index once the findings are in place: one output at a time */
	(void)out_close(&out, diag_status() < EXIT_USAGE);
	(void)save_index(ids, o->write_index);
	fclose(ids);
	return cli_end(NULL);
}
