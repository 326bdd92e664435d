/* findings: text lines and findings XML for armylist-check. */
#include <stdlib.h>

#include "army/findings.h"
#include "core/xalloc.h"
#include "core/xmlout.h"

struct findings_out {
	FILE *fp;
	enum findings_fmt fmt;
	struct xw *xw;
};

struct findings_out *
findings_new(FILE *fp, enum findings_fmt fmt,
    const char *rules)
{
	struct findings_out *o = xcalloc(1, sizeof *o);

	o->fp = fp;
	o->fmt = fmt;
	if (fmt == FFMT_XML) {
		o->xw = xw_new(fp);
		xw_start(o->xw, "findings");
		xw_attr(o->xw, "version", "1");
		xw_attr(o->xw, "rules", rules);
		xw_flush(o->xw);
	}
	return o;
}

void
findings_write(struct findings_out *o, const struct finding *f)
{
	const char *sev = f->error ? "error" : "warning";

	if (o->fmt == FFMT_TEXT) {
		fprintf(o->fp, "%s:%ld: %s: army %s: %s [%s]\n", f->file, f->line, sev, f->army, f->msg,
		    check_code_name(f->code));
		return;
	}
	xw_start(o->xw, "finding");
	xw_attr(o->xw, "code", check_code_name(f->code));
	xw_attr(o->xw, "severity", sev);
	xw_attr(o->xw, "army", f->army);
	xw_attr(o->xw, "file", f->file);
	xw_attrl(o->xw, "line", f->line);
	xw_text(o->xw, f->msg);
	xw_end(o->xw);
	xw_flush(o->xw);
}

int
findings_finish(struct findings_out *o, long armies, long errors,
    long warnings)
{
	int rc = 0;

	if (o->fmt == FFMT_XML) {
		xw_start(o->xw, "summary");
		xw_attrl(o->xw, "armies", armies);
		xw_attrl(o->xw, "errors", errors);
		xw_attrl(o->xw, "warnings", warnings);
		xw_end(o->xw);
		xw_end(o->xw);
		rc = xw_finish(o->xw);
	} else if (ferror(o->fp)) {
		rc = -1;
	}
	free(o);
	return rc;
}
