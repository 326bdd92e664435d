/* moveout: verdicts of moves and PIP totals of bounds as text, XML
 * (formats/move.rng), TSV, JSON or JSON Lines. */
#ifndef BELLIS_MOVEOUT_H
#define BELLIS_MOVEOUT_H
#include <stdbool.h>
#include <stdio.h>
#include "core/out.h"
#include "core/str.h"
#include "dba/move.h"
#include "rules/troop.h"

struct moveout_opts {
	enum out_fmt fmt;       /* text, xml, tsv, json, jsonl */
	enum lang lang;         /* of the text output */
	const struct rules *rules;
	bool multi;             /* several operands: name the file */
	bool explain;           /* text: the provenance of each figure */
};

struct moveout;

struct moveout *moveout_new(FILE *fp, const struct moveout_opts *o);
/* A bound starts; totals: used and unused are known (a PIP budget). */
void moveout_bound_start(struct moveout *w, const struct bound *b, bool totals,
    int used, int unused);
void moveout_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res);
void moveout_bound_end(struct moveout *w, const struct bound *b, int used,
    int unused);
/* Ends the document and frees; -1 if a write failed. */
int moveout_finish(struct moveout *w);

/* The sentence of a violated rule in a language. */
void moveout_sentence(struct sbuf *sb, enum lang lang, const struct rules *r,
    int rule, const struct move *m, const struct mresult *res,
    const struct bound *b);
#endif
