/* armyout: writers of army lists: XML (armylist.rng), TSV, JSON (one
 * document, or one army object per line) and the canonical list text in a
 * language. */
#ifndef BELLIS_ARMYOUT_H
#define BELLIS_ARMYOUT_H

#include <stdio.h>

#include "army/army.h"
#include "core/out.h"

struct armyout;

/* fmt: xml, tsv, json, text or jsonl; rules: the edition the collection
 * is labelled with (XML, JSON), NULL for dba1; from: where that came
 * from (rules-from: option, environment, carrier, default), or NULL. */
struct armyout *armyout_new(FILE *fp, enum out_fmt fmt, enum lang lang,
    const char *rules, const char *from);
/* TSV: a file column first (several inputs); before the first army. */
void armyout_files(struct armyout *o, bool files);
/* JSON Lines: each army carries the label of its own collection (when
 * no --rules relabels them all). */
void armyout_own_labels(struct armyout *o);
void armyout_army(struct armyout *o, const struct army *a);
/* Close the document; -1 when a write failed. */
int armyout_finish(struct armyout *o);

/* The element list in canonical notation of a language, figures and
 * spellings as written kept, so that it reads back (en: "1x3Bd (Gen),
 * 8x4Bw, 1xHCh"; de: "1x 3Kl (Befehlshaber), 8x 4Bo, 1x HCh"). */
void army_elements_text(struct sbuf *b, const struct package *list,
    enum lang lang);
/* The same for a card: in another language than English only its
 * abbreviations, without figures, a spelling as written in brackets
 * ("1x Ri [HCh]"). */
void army_elements_card(struct sbuf *b, const struct package *list,
    enum lang lang);

#endif
