/* findings: the writers of armylist-check's findings (text lines like
 * diagnostics, findings XML (formats/findings.rng), TSV, JSON, JSON
 * Lines). */
#ifndef BELLIS_FINDINGS_H
#define BELLIS_FINDINGS_H

#include <stdio.h>

#include "army/armycheck.h"
#include "core/out.h"

struct findings_out;

/* Text lines are "FILE:LINE: error: army ID: message [code]"
 * (armylist-check(1));
 * TSV has a header row and a file column; JSON is one document with the
 * findings and the counts, JSON Lines one object per finding; rules: the
 * edition named in the XML and JSON (a finding of another edition names
 * its own in the XML). */
struct findings_out *findings_new(FILE *fp, enum out_fmt fmt,
    const char *rules);
/* Before the first finding: the end of the TSV header, with a player
 * column when the armies are entries (--book). */
void findings_header(struct findings_out *o, bool entries);
void findings_write(struct findings_out *o, const struct finding *f);
/* End the document with the counts; frees o.  -1 if a write failed. */
int findings_finish(struct findings_out *o, long armies, long errors,
    long warnings);

#endif
