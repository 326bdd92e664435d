/* pairing: the records of a campaign input rolled and written, one call
 * per operand: the sides of campaign-catastrophe paired into battles
 * (two sides fight each other; a third makes a melee of separate
 * rolls), the pcs of campaign-survival. */
#ifndef BELLIS_PAIRING_H
#define BELLIS_PAIRING_H
#include <stdbool.h>
#include <stdint.h>
#include "campaign/campaignout.h"
#include "campaign/keydice.h"
#include "campaign/struck.h"
#include "core/input.h"

struct pairing {
	struct campaignout *out;       /* nout writers, each record to all */
	size_t nout;
	const struct cat_table *cat;       /* sides (campaign-catastrophe) */
	const struct surv_table *surv;     /* else pcs (campaign-survival) */
	struct struck *struck;       /* pcs: --battle, or NULL */
	uint64_t seed;             /* a record's dice: seed and key */
	bool odds;                 /* sides: no roll (every writer's odds) */
	uint64_t fileno;
	const char *file;
	long n;                    /* battles so far */
	char *name;                /* of the current battle, or NULL */
	long fbattle;              /* battles with sides in this file (or
	                              in this file of an output read back) */
	bool fcounted;             /* the current battle is counted */
	char *ofile;               /* the last side read back: its file */
	long oline;                /* and line */
	struct keyset keys;        /* of the records so far */
	bool many;                 /* the battle has more than two sides */
	bool pending;              /* the next side starts a new battle */
	struct cat_side buf[2];
	size_t nbuf;
	const char *root;          /* of the writers' documents */
	bool begun;                /* the writers have begun */
};

/* Set b up for nout writers (begun) and either table, the other NULL. */
void pairing_init(struct pairing *b, struct campaignout *out, size_t nout,
    const struct cat_table *cat, const struct surv_table *surv,
    uint64_t seed);
/* Begin the writers, once: before the first input's records (seed:
 * that of the tool's XML output read back, else NULL) or at the end. */
void pairing_begin(struct pairing *b, const char *seed);
/* Read one opened input (XML or lines, in->name for messages and the
 * records' file) and write its records; its battles end with it. */
void pairing_file(struct pairing *b, struct input *in);
/* pairing_file for cli_files: ctx is the struct pairing. */
void pairing_input(void *ctx, struct input *in);
void pairing_free(struct pairing *b);
#endif
