/* struck: campaign-catastrophe's XML output read back for
 * campaign-survival --battle: per side, the leader its Catastrophe
 * struck and how, and its units; a PC who is that leader takes the
 * effect.  Filled by campaignin_struck_load (campaign/campaignin.h);
 * kept in a keymap, so that a battle of any size takes bounded
 * memory. */
#ifndef BELLIS_STRUCK_H
#define BELLIS_STRUCK_H
#include <stddef.h>
#include "campaign/catastrophe.h"
#include "campaign/survival.h"
#include "core/keymap.h"
#include "core/str.h"

/* A side as found: its strings are valid until the next lookup. */
struct struck_side {
	const char *event;         /* NULL: an odds record, nothing rolled */
	const char *leader;        /* "commander", a unit's name, or NULL */
	enum cat_fate fate;
	int damage;                /* the rolled damage of a wounded leader */
};

struct struck {
	struct keymap *m;          /* NULL until the first side */
	struct sbuf key, val;
	struct struck_side cur;
};

void struck_free(struct struck *s);
/* Add a side: true when it is the first of its name (only the first of
 * a name is found, and only its units are added). */
bool struck_add_side(struct struck *s, const char *name,
    const struct struck_side *ss);
void struck_add_unit(struct struck *s, const char *side, const char *unit);
/* The first side of that name, or NULL. */
const struct struck_side *struck_find(struct struck *s, const char *side);
bool struck_has_unit(struct struck *s, const char *side, const char *unit);
/* The effect on p (its unit= and commander flags) of its side's
 * Catastrophe: a wounded leader takes the damage before the Survival
 * roll; a unit leader killed (row 17) is unconscious and makes no
 * Survival or Glory roll; a commander killed (row 18) is unconscious.
 * The event is copied to p. */
void struck_apply(const struct struck_side *ss, struct surv_pc *p);
#endif
