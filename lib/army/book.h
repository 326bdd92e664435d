/* book: the lists of a book (--book of armylist-check), held by id, and
 * the judgement of an entry against them (army/entry.h). */
#ifndef BELLIS_BOOK_H
#define BELLIS_BOOK_H

#include <stdbool.h>

#include "army/army.h"
#include "core/diagcat.h"
#include "core/str.h"
#include "rules/rules.h"

struct book;

/* Read the lists of path (any carrier armylist-parse reads); NULL after
 * reporting a file that cannot be read or holds no list. */
struct book *book_load(const char *path);
void book_free(struct book *b);

/* One finding about an entry: its code and message. */
typedef void (*book_cb)(void *ctx, enum check_code code, const char *msg);

/* Judge entry a under rules r against the book's lists of its id (an id
 * without a variant letter: against each variant, and it passes when
 * one fits): the year (the entry's Year:, else the single year of its
 * title) within the list's dates, the dated options cut to that year,
 * then the elements (entry_match).  Each finding goes to cb; true when
 * the entry is legal. */
struct event;
/* With an event (army/event.h; NULL: none), what it refuses first:
 * the edition, the book, the armies, the dates, the allies. */
bool book_judge(const struct book *b, const struct event *e,
    const struct rules *r, const struct army *a, book_cb cb, void *ctx);
#endif
