/* card_int.h: what card.c, cardarmy.c and cardrules.c share: the texts
 * of the army and rules cards (labels, numbers and their marks, the
 * outcomes, lengths and moves in the edition's unit). */
#ifndef BELLIS_CARD_INT_H
#define BELLIS_CARD_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card/card.h"
#include "core/labels.h"
#include "core/str.h"
#include "rules/rules.h"

/* The mark of a reconstructed number (formats/dba1.xml source), and the
 * footnote of a card that shows it. */
#define RECON_MARK "\xe2\x80\xa0"
/* The mark of an army card whose list is incomplete (L_INCOMPLETE). */
#define INCOMPLETE_MARK "\xe2\x9a\xa0"

/* A copy of s for the card: at most CARD_FIELD_MAX characters, a longer
 * field ends in an ellipsis. */
char *card_field(const char *s);
const char *card_recon_mark(int src);
void card_recon_note(struct card *c, enum lang lang);
const char *card_conf_mark(unsigned *used, const struct rules_prov *p);
const char *card_marked(char *buf, size_t n, const char *v, unsigned *used,
    const struct rules_prov *p);
void card_conf_notes(struct card *c, unsigned used, enum lang lang);
const char *card_psiloi_abbr(enum lang lang);
const char *card_num(char *buf, size_t n, long v);
const char *card_signed_num(char *buf, size_t n, long v);
void card_winners_text(struct sbuf *b, uint64_t mask, unsigned classes,
    enum lang lang);
void card_note(struct sbuf *b, const char *s);
/* The codes of the troops in mask, each that also has elements of
 * another kind of foot than foot (dba3 Bd: 3Bd, 6Bd are fast) with it:
 * "Sp, Bd (solid)"; foot FOOT_NONE: the codes alone. */
void card_foot_troops(struct sbuf *b, const struct rules *r, uint64_t mask,
    int foot, enum lang lang);
/* have: the tags of the loser's sub-types whose exceptions to tell
 * (an army card: those the army fields; ~0: all). */
bool card_outcome_text(struct sbuf *b, const struct rules *r,
    const struct rules_troop *rt, enum lang lang, bool *dropped,
    unsigned *used, bool brief, uint64_t have);
/* A sub-type's list spelling s (of troop) as a card of lang writes it,
 * as its list of elements does: "3Bo", "Ri [HCh]", "Mtd-4Bo [Lb]";
 * English as written. */
void card_sub_name(struct sbuf *b, const char *s, int troop,
    enum lang lang);
void card_outcome_default_text(struct sbuf *b, const struct rules *r,
    enum lang lang);
void card_outcome_default(struct card *c, const struct rules *r,
    enum lang lang);
const char *card_len_cell(char *buf, size_t n, const struct rules *r,
    long v);
const char *card_move_cell(char *buf, size_t n, const struct rules *r,
    const struct rules_troop *rt, long v);

#endif
