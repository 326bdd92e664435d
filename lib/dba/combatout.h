/* combatout: combat results as text, XML, TSV, JSON or JSON Lines. */
#ifndef BELLIS_COMBATOUT_H
#define BELLIS_COMBATOUT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "core/out.h"
#include "dba/combat.h"
#include "rules/troop.h"

struct combatout_opts {
	enum out_fmt fmt;       /* text, xml, tsv, json, jsonl */
	enum lang lang;
	const char *rules;      /* edition name */
	const struct rules *table;  /* XML: which flags take a number */
	bool rolled;            /* --roll: report the seed */
	bool seed_given;
	uint64_t seed;
	bool odds;
	bool multi;             /* several operands: name the file (text
	                         * prefix, TSV column) */
	const struct rules *explain;  /* text: the provenance of each
	                               * factor and outcome used; NULL none */
};

struct combatout;

struct combatout *combatout_new(FILE *fp, const struct combatout_opts *o);
void combatout_combat(struct combatout *w, const struct combat *c,
    const struct combat_result *cr);
/* Ends the document and frees; -1 if a write failed. */
int combatout_finish(struct combatout *w);
#endif
