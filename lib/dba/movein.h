/* movein: readers of bounds and moves, the line format and move XML,
 * with distances in paces or units, reported at line and column. */
#ifndef BELLIS_MOVEIN_H
#define BELLIS_MOVEIN_H
#include "core/input.h"
#include "core/tok.h"
#include "dba/move.h"


struct mreader {
	const struct rules *r;
	int scale;                      /* enum scale */
	/* a bound starts (pips 0 when its PIP die was bad) */
	void (*bound)(void *ctx, const struct bound *b);
	/* a move read without errors */
	void (*move)(void *ctx, const struct move *m);
	void *ctx;
};

/* A distance with an optional unit (p, mm, cm, in, bw) in whole paces,
 * rounded to the nearest; -1 when malformed or above a million paces. */
int movein_distance(const struct rules *r, const char *s, size_t n,
    int scale, long *paces);

/* Parse one line; 1 for a move, 2 for a bound, 0 for a blank line, -1
 * after reporting errors (a bound line with errors still fills b). */
int movein_parse_line(const struct mreader *rd, struct toks *tk,
    const char *line, size_t len, long lineno, struct move *m,
    struct bound *b);

void movein_read_lines(const struct mreader *rd, struct input *in);
void movein_read_xml(const struct mreader *rd, struct input *in);
#endif
