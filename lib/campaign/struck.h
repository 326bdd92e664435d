/* struck: campaign-catastrophe's XML output read back for
 * campaign-survival --battle: per side, the leader its Catastrophe
 * struck and how, and its units; a PC who is that leader takes the
 * effect.  Read by campaignin_struck_load (campaign/campaignin.h). */
#ifndef BELLIS_STRUCK_H
#define BELLIS_STRUCK_H
#include <stddef.h>
#include "campaign/catastrophe.h"
#include "campaign/survival.h"

struct struck_side {
	char *name;
	char *event;               /* NULL: an odds record, nothing rolled */
	char *leader;              /* "commander", a unit's name, or NULL */
	enum cat_fate fate;
	int damage;                /* the rolled damage of a wounded leader */
	char **units;
	size_t nunits, capunits;
};

struct struck {
	struct struck_side *v;
	size_t n, cap;
};

void struck_free(struct struck *s);
/* The first side of that name, or NULL. */
const struct struck_side *struck_find(const struct struck *s,
    const char *side);
bool struck_has_unit(const struct struck_side *ss, const char *unit);
/* The effect on p (its unit= and commander flags) of its side's
 * Catastrophe: a wounded leader takes the damage before the Survival
 * roll; a unit leader killed (row 17) is unconscious and makes no
 * Survival or Glory roll; a commander killed (row 18) is unconscious. */
void struck_apply(const struct struck_side *ss, struct surv_pc *p);
#endif
