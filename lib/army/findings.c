/* findings: text lines, findings XML, TSV, JSON and JSON Lines for
 * armylist-check. */
#include <stdlib.h>
#include <string.h>

#include "army/findings.h"
#include "core/jsonout.h"
#include "core/xalloc.h"
#include "core/xmlout.h"

struct findings_out {
	FILE *fp;
	enum out_fmt fmt;
	struct xw *xw;
	struct jw jw;
	const char *rules;      /* the edition of the header */
	bool entries;           /* TSV: a player column */
};

struct findings_out *
findings_new(FILE *fp, enum out_fmt fmt, const char *rules)
{
	struct findings_out *o = xcalloc(1, sizeof *o);

	o->fp = fp;
	o->fmt = fmt;
	o->rules = rules;
	if (fmt == FMT_XML) {
		o->xw = xw_new(fp);
		xw_start(o->xw, "findings");
		xw_attr(o->xw, "version", "1");
		xw_attr(o->xw, "rules", rules);
		xw_flush(o->xw);
	} else if (fmt == FMT_TSV) {
		fputs("file\tline\tarmy\tseverity\tcode\tmessage\tcol", fp);
	} else if (fmt == FMT_JSON || fmt == FMT_JSONL)
		jw_begin(&o->jw, fp, fmt == FMT_JSONL, rules, NULL,
		    "findings");
	return o;
}

void
findings_header(struct findings_out *o, bool entries)
{
	o->entries = entries;
	if (o->fmt == FMT_TSV)
		fputs(entries ? "\tplayer\n" : "\n", o->fp);
}

static void
tsv_str(FILE *fp, const char *s, char end)
{
	tsv_cell(fp, s, strlen(s));
	fputc(end, fp);
}

static void
json_finding(struct jw *j, const struct finding *f, const char *rules)
{
	jw_obj(j);
	jw_kstr(j, "file", f->file);
	jw_kint(j, "line", f->line);
	if (f->col > 0)
		jw_kint(j, "col", f->col);
	jw_kstr(j, "army", f->army);
	if (f->player != NULL)
		jw_kstr(j, "player", f->player);
	/* the edition the army was checked with: each JSON Lines object
	 * stands alone */
	jw_kstr(j, "rules", f->rules != NULL ? f->rules : rules);
	jw_kstr(j, "severity", f->error ? "error" : "warning");
	jw_kstr(j, "code", finding_code(f));
	jw_kstr(j, "message", f->msg);
	jw_close(j, '}');
}

/* "FILE:LINE[:COL]: error: [army ID: ]message [code]" as diagnostics
 * are written: a parse diagnostic outside every army names none. */
static void
text_finding(FILE *fp, const struct finding *f, const char *sev)
{
	fprintf(fp, "%s:", f->file);
	if (f->line > 0)
		fprintf(fp, "%ld:", f->line);
	if (f->line > 0 && f->col > 0)
		fprintf(fp, "%ld:", f->col);
	fprintf(fp, " %s: ", sev);
	if (*f->army != '\0' && f->player != NULL)
		fprintf(fp, "army %s of %s: ", f->army, f->player);
	else if (*f->army != '\0')
		fprintf(fp, "army %s: ", f->army);
	fprintf(fp, "%s [%s]\n", f->msg, finding_code(f));
}

void
findings_write(struct findings_out *o, const struct finding *f)
{
	const char *sev = f->error ? "error" : "warning";

	switch (o->fmt) {
	case FMT_TEXT:
		text_finding(o->fp, f, sev);
		return;
	case FMT_TSV:
		tsv_str(o->fp, f->file, '\t');
		fprintf(o->fp, "%ld\t", f->line);
		tsv_str(o->fp, f->army, '\t');
		fprintf(o->fp, "%s\t%s\t", sev, finding_code(f));
		tsv_str(o->fp, f->msg, '\t');
		if (f->col > 0)
			fprintf(o->fp, "%ld", f->col);
		if (o->entries) {
			fputc('\t', o->fp);
			tsv_cell(o->fp, f->player != NULL ? f->player : "",
			    f->player != NULL ? strlen(f->player) : 0);
		}
		fputc('\n', o->fp);
		return;
	case FMT_JSON:
	case FMT_JSONL:
		json_finding(&o->jw, f, o->rules);
		return;
	default:                /* XML */
		break;
	}
	xw_start(o->xw, "finding");
	xw_attr(o->xw, "code", finding_code(f));
	xw_attr(o->xw, "severity", sev);
	if (*f->army != '\0')
		xw_attr(o->xw, "army", f->army);
	if (f->player != NULL)
		xw_attr(o->xw, "player", f->player);
	xw_attr(o->xw, "file", f->file);
	xw_attrl(o->xw, "line", f->line);
	if (f->col > 0)
		xw_attrl(o->xw, "col", f->col);
	/* checked by its collection's label with another edition */
	if (f->rules != NULL && strcmp(f->rules, o->rules) != 0)
		xw_attr(o->xw, "rules", f->rules);
	xw_text(o->xw, f->msg);
	xw_end(o->xw);
	xw_flush(o->xw);
}

int
findings_finish(struct findings_out *o, long armies, long errors,
    long warnings)
{
	int rc = 0;

	if (o->fmt == FMT_XML) {
		xw_start(o->xw, "summary");
		xw_attrl(o->xw, "armies", armies);
		xw_attrl(o->xw, "errors", errors);
		xw_attrl(o->xw, "warnings", warnings);
		xw_end(o->xw);
		xw_end(o->xw);
		rc = xw_finish(o->xw);
	} else if (o->fmt == FMT_JSON) {
		jw_close(&o->jw, ']');
		jw_key(&o->jw, "summary");
		jw_obj(&o->jw);
		jw_kint(&o->jw, "armies", armies);
		jw_kint(&o->jw, "errors", errors);
		jw_kint(&o->jw, "warnings", warnings);
		jw_close(&o->jw, '}');
		jw_close(&o->jw, '}');
	}
	if (o->fmt != FMT_XML && ferror(o->fp))
		rc = -1;
	free(o);
	return rc;
}
