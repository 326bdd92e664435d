/* campaignin: side and pc lines (and their XML forms) into records. */
#ifndef BELLIS_CAMPAIGNIN_H
#define BELLIS_CAMPAIGNIN_H
#include <stdbool.h>
#include "campaign/catastrophe.h"
#include "core/input.h"
#include "campaign/survival.h"
#include "core/tok.h"

/* A record handler gets the tokens of one line (or of one XML element
 * turned into a line), its line number, and whether columns are real. */
typedef void (*campin_handler)(void *ctx, struct toks *tk, long line,
    bool cols);

/* Parse "side NAME {FLAG}" (tokens from index 0).  0 or -1 (reported). */
int campin_side(const struct toks *tk, long line, bool cols,
    struct cat_side *s);
/* Parse "battle [NAME]": the name (malloc'd, NULL if none), or -1. */
int campin_battle(const struct toks *tk, long line, bool cols, char **name);
/* Parse "pc NAME {FLAG}". */
int campin_pc(const struct toks *tk, long line, bool cols,
    const struct surv_table *t, struct surv_pc *p);
/* Report an unknown keyword with a suggestion among kws. */
void campin_unknown(const struct tok *t, long line, bool cols,
    const char *const *kws, size_t n);
/* Read a line-format input, calling h for every non-blank line. */
void campin_lines(struct input *in, campin_handler h, void *ctx);
/* Read XML input validated by the schema; recs[0] is the root element,
 * elements named in recs[1...] (and "battle" start and end tags) are
 * turned into lines for h.  bools lists the
 * yes/no attributes that are bare flags on a line. */
void campin_xml(struct input *in, const unsigned char *rng, unsigned int len,
    const char *rngname, const char *const *recs,
    const char *const *bools, campin_handler h, void *ctx);
#endif
