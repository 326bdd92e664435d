/* campaignin: the records of the campaign tools (battle, side and pc)
 * read from lines or from XML validated by the tool's schema. */
#ifndef BELLIS_CAMPAIGNIN_H
#define BELLIS_CAMPAIGNIN_H
#include "campaign/catastrophe.h"
#include "campaign/struck.h"
#include "campaign/survival.h"
#include "core/input.h"

/* What an input holds and who gets its records: battles and sides
 * (campaign-catastrophe) when side is set, else pcs (campaign-survival).
 * A record is the reader's, freed after the handler returns: a handler
 * that keeps one copies it (cat_side_copy).  A record with an error is
 * reported and not handed on. */
struct campaignin {
	/* once, before the records: seed is the seed attribute of the
	 * tool's XML output read back, else NULL; may be NULL */
	void (*start)(void *ctx, const char *seed);
	/* a new battle; its name, NULL for none */
	void (*battle)(void *ctx, const char *name);
	void (*side)(void *ctx, const struct cat_side *s);
	void (*pc)(void *ctx, const struct surv_pc *p);
	const struct cat_table *cat;       /* side: the dice */
	const struct surv_table *surv;     /* pc: dice, TLs, Risk limits */
	struct struck *battle_file;  /* pc: --battle, or NULL */
	void *ctx;
};

/* Read an opened input to its end: XML when its first byte is '<',
 * else lines.  XML is the tool's input document or its output (every
 * input flag and roll, so the same results come out). */
void campaignin_read(const struct campaignin *c, struct input *in);
/* campaign-catastrophe's XML output (path) for campaign-survival
 * --battle: 0, or -1 with the errors reported (status 2 or 4). */
int campaignin_struck_load(struct struck *s, const char *path);
#endif
