/* event: what an event allows its entries (armylist-check --event,
 * event(5)): the editions, books, dates and armies, and allies. */
#ifndef BELLIS_EVENT_H
#define BELLIS_EVENT_H

#include <stdbool.h>
#include <stddef.h>

enum event_allies { EV_ALLIES_ANY, EV_ALLIES_NO, EV_ALLIES_SELECTION };

struct event {
	char *name;                /* for messages: its name, else its file */
	char **rules;              /* editions allowed (none: any) */
	size_t nrules, caprules;
	unsigned books;            /* bit 1 << n for book n (I..IV); 0: any */
	bool has_from, has_to;
	long from, to;
	bool has_armies;           /* armies listed: only those */
	char **ids, **themes;      /* ids ("II/27": every variant); the
	                              lists whose armies and enemies are */
	size_t nids, nthemes, capids, capthemes;
	enum event_allies allies;
};

/* Read path: event XML (formats/event.rng), or a text file of army ids
 * (a theme page's allowed armies; '#' begins a comment).  NULL after
 * reporting (status 2 for a file that is no event, 4 for one that cannot
 * be read). */
struct event *event_load(const char *path);
void event_free(struct event *e);
/* The book of an id, 1 to 4 for "I/..." to "IV/..."; 0 for none. */
int event_book(const char *id);
#endif
