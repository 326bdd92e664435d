/* combatin: readers of combats, the line format and combat XML, with the
 * checks for contradictions, reported at line and column. */
#ifndef BELLIS_COMBATIN_H
#define BELLIS_COMBATIN_H
#include "core/input.h"
#include "core/tok.h"
#include "dba/combat.h"

/* Called for every combat read without errors. */
typedef void (*combatin_fn)(void *ctx, const struct combat *c);

/* Parse one line into c; 1 for a combat, 0 for a blank line, -1 after
 * reporting errors. */
int combatin_parse_line(const struct rules *r, struct toks *tk,
    const char *line, size_t len, long lineno, struct combat *c);

/* Read a whole input in the line format, or as combat XML. */
void combatin_read_lines(const struct rules *r, struct input *in,
    combatin_fn fn, void *ctx);
void combatin_read_xml(const struct rules *r, struct input *in,
    combatin_fn fn, void *ctx);
#endif
