/* campaignout: the writers of the campaign tools (text, XML, TSV, JSON,
 * JSON Lines). */
#ifndef BELLIS_CAMPAIGNOUT_H
#define BELLIS_CAMPAIGNOUT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "campaign/campaigntab.h"
#include "core/jsonout.h"
#include "core/out.h"
#include "core/xmlout.h"

struct campaignout {
	enum out_fmt fmt;       /* text, xml, tsv, json, jsonl */
	FILE *fp;
	enum lang lang;
	uint64_t seed;
	bool seed_given, report_seed, odds, battles;
	bool multi;             /* several operands: a TSV file column */
	const struct cat_table *table;
	const struct glory_table *glory;   /* NULL: margin only */
	const struct surv_table *surv;     /* labels of results, locations */
	struct xw *xw;
	struct jw jw;
	long n;
};

void campaignout_begin(struct campaignout *o, const char *root);
/* One side of a battle (rolled, or its odds with o->odds). */
void campaignout_side(struct campaignout *o, const struct cat_side *s);
void campaignout_pc(struct campaignout *o, const struct surv_pc *p);
/* Close the document; -1 when a write failed. */
int campaignout_end(struct campaignout *o);
#endif
