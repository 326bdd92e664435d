/* scanrun: one run of battle-scan: the battlefields of the operands
 * read, derived and written (battle/scan), or drawn. */
#ifndef BELLIS_SCANRUN_H
#define BELLIS_SCANRUN_H

#include "core/cli.h"

struct scan_pdf;

/* The options of battle-scan besides those of struct cli. */
struct scanrun_opts {
	const char *plan;       /* --plan FILE, or NULL */
	double tol;             /* --tolerance, in paces */
	int scale;              /* --scale: enum scale */
	int paper;              /* --paper: enum bpaper */
	int fit;                /* --fit: enum bfit */
	const char *verdicts;   /* --verdicts FILE, or NULL */
	const struct scan_pdf *pdf;     /* -T pdf's writer (bfpdf_writer);
					 * NULL: libexec/bellis/battle-scan
					 * draws it (cli_libexec) */
};

/* battle-scan once its options are read: each operand (none: standard
 * input) in the edition of --rules, else of its rules= label, written
 * to -o in the format of -T (-T svg draws one battlefield only).
 * Returns the exit status. */
int scanrun_run(const struct scanrun_opts *o, const struct cli *cli);

#endif
