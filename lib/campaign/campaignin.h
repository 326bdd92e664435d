/* campaignin: the records of the campaign tools (battle, side and pc)
 * read from lines or from XML validated by the tool's schema. */
#ifndef BELLIS_CAMPAIGNIN_H
#define BELLIS_CAMPAIGNIN_H
#include "campaign/catastrophe.h"
#include "campaign/survival.h"
#include "core/input.h"

/* What an input holds and who gets its records: battles and sides
 * (campaign-catastrophe) when side is set, else pcs (campaign-survival).
 * A handler owns the record it is given (cat_side_free, free(p->name)).
 * A record with an error is reported and not handed on. */
struct campin {
	/* a new battle; name malloc'd, NULL for none */
	void (*battle)(void *ctx, char *name);
	void (*side)(void *ctx, struct cat_side *s);
	void (*pc)(void *ctx, struct surv_pc *p);
	const struct cat_table *cat;       /* side: the dice */
	const struct surv_table *surv;     /* pc: dice, TLs, Risk limits */
	void *ctx;
};

/* Read an opened input to its end: XML when its first byte is '<',
 * else lines. */
void campin_read(const struct campin *c, struct input *in);
#endif
