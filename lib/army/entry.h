/* entry: a player's army (an entry: the elements chosen) against the
 * book list it was chosen from.  Pure: no I/O. */
#ifndef BELLIS_ENTRY_H
#define BELLIS_ENTRY_H

#include <stdbool.h>

#include "army/army.h"
#include "core/diagcat.h"
#include "core/str.h"
#include "rules/rules.h"

/* The most combinations of packages tried for one list (each choice
 * of packages multiplies them); past it the entry is judged on those
 * tried and the answer says so. */
#define ENTRY_MAX_COMBOS 4096

/* Whether the elements of entry are one choice of list under rules r
 * (the troop types, the counts, the packages taken whole, the general):
 * the elements match as a flow from the list's entries to the entry's,
 * an element fitting a list entry of its troop type (or the type it
 * dismounts as) and general mark, and under an edition whose sub-types
 * have rules of their own (3.0) of its sub-type when its figures or
 * name say one.  Camp followers and camps of the entry that the list
 * does not name are not counted.  spare: how many of the list's
 * elements the entry leaves to its allies' contingent (0: none; its
 * general's element is never one of them), or -1 when the entry is a
 * contingent: any part of the list, at most one general.  False with
 * the finding's code (CK_ENTRY_NOT_IN_LIST, CK_ENTRY_GENERAL,
 * CK_ENTRY_COUNT) and its message in *why. */
bool entry_match(const struct rules *r, const struct package *list,
    const struct package *entry, long spare, enum check_code *code,
    struct sbuf *why);
/* The elements of p, a camp listed with them not counted. */
long entry_elements(const struct package *p);

#endif
