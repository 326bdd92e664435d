/* moveout: verdicts of moves and PIP totals of bounds as text, XML
 * (formats/move.rng), TSV or JSON Lines. */
#ifndef BELLIS_MOVEOUT_H
#define BELLIS_MOVEOUT_H
#include <stdbool.h>
#include <stdio.h>
#include "move.h"
#include "str.h"
#include "troop.h"

enum mfmt { MFMT_TEXT, MFMT_XML, MFMT_TSV, MFMT_JSON };

struct mout_opts {
	int fmt;                /* enum mfmt */
	enum lang lang;         /* of the text output */
	const struct rules *rules;
	bool multi;             /* several operands: name the file */
};

struct mout;

struct mout *mout_new(FILE *fp, const struct mout_opts *o);
/* A bound starts; totals: used and unused are known (a PIP budget). */
void mout_bound_start(struct mout *w, const struct bound *b, bool totals,
    int used, int unused);
void mout_move(struct mout *w, const struct bound *b, const struct move *m,
    const struct mresult *res);
void mout_bound_end(struct mout *w, const struct bound *b, int used,
    int unused);
/* Ends the document and frees; -1 if a write failed. */
int mout_finish(struct mout *w);

/* The sentence of a violated rule in a language. */
void mout_sentence(struct sbuf *sb, enum lang lang, const struct rules *r,
    int rule, const struct move *m, const struct mresult *res,
    const struct bound *b);
#endif
