/* scan: battle-scan's one call: read each battlefield (and the plan),
 * derive, and write text, combat or move lines, XML, JSON, SVG or PDF. */
#ifndef BELLIS_SCAN_H
#define BELLIS_SCAN_H

#include <stdio.h>

#include "battle/battle.h"
#include "core/lang.h"
#include "core/out.h"

struct scan_opts {
	enum out_fmt fmt;       /* text, combat, moves, xml, json, jsonl,
				 * svg, pdf */
	enum lang lang;
	int scale;              /* enum scale of dba/movein.h */
	double tol;             /* paces */
	const char *plan;       /* plan file, NULL for none */
	const char *verdicts;   /* move-check's text output, NULL */
	const struct rules *r;
	bool by_label;          /* each file by its rules= label */
};

/* Process the files (none: standard input) into fp; the exit status is
 * diag_status().  Returns -1 when fp could not be written. */
int scan_files(const struct scan_opts *o, FILE *fp, char *const *files,
    int nfiles);

#endif
