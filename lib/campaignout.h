/* campaignout: the writers of the campaign tools (text, XML, TSV, JSON). */
#ifndef BELLIS_CAMPAIGNOUT_H
#define BELLIS_CAMPAIGNOUT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "campaigntab.h"
#include "jsonout.h"
#include "xmlout.h"

enum cout_fmt { COUT_TEXT, COUT_XML, COUT_TSV, COUT_JSON };

struct cout {
	enum cout_fmt fmt;
	FILE *fp;
	enum lang lang;
	uint64_t seed;
	bool seed_given, report_seed, odds, battles;
	const struct cat_table *table;
	const struct glory_table *glory;   /* NULL: margin only */
	const struct surv_table *surv;     /* labels of results, locations */
	struct xw *xw;
	struct jw jw;
	long n;
};

void cout_begin(struct cout *o, const char *root);
/* One side of a battle (rolled, or its odds with o->odds). */
void cout_side(struct cout *o, const struct cat_side *s);
void cout_pc(struct cout *o, const struct surv_pc *p);
/* Close the document; -1 when a write failed. */
int cout_end(struct cout *o);
#endif
