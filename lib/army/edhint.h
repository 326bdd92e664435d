/* edhint: the troop types and list spellings of a file's armies that the
 * edition they are read under lacks but another edition has (Hd under
 * dba1, Mtd-4Lb under dba22), gathered army by army and reported once
 * per file as an edition-hint warning that says how to choose one. */
#ifndef BELLIS_EDHINT_H
#define BELLIS_EDHINT_H

#include <stdbool.h>
#include <stddef.h>

#include "army/army.h"
#include "rules/rules.h"

#define EDHINT_MAX 8
#define EDHINT_MEMO 256           /* a power of two */
struct edhint {
	const struct rules *r;     /* the edition of the first such army */
	long line;                 /* that army's line */
	char what[EDHINT_MAX][24]; /* "Hd", "Mtd-4Lb" */
	char where[EDHINT_MAX][48]; /* "dba22, dba3" */
	bool type[EDHINT_MAX];     /* a troop type, not a spelling */
	size_t n;
	bool more;                 /* more than EDHINT_MAX */
	/* the spellings that no other edition tells apart, remembered
	 * under memo_r (asking every edition for every element was an
	 * eighth of the time of a conversion): troop id and spelling,
	 * direct-mapped */
	const struct rules *memo_r;
	struct {
		int troop;             /* 0: empty (the slot's troop + 1) */
		char sp[16];
	} memo[EDHINT_MEMO];
	/* the troops whose code alone was looked at as a spelling (or as
	 * a type r lacks) under memo_r */
	bool code_seen[RULES_MAXTROOPS];
	/* and those spelt by figures of one digit (shared, army.h) and
	 * the code: bit d, "3Bd" (a dismount's too), bit 10 + d, "Mtd-3Bd" */
	uint32_t digit_seen[RULES_MAXTROOPS];
};

/* The spelling of a troop reference as a list writes it (figures and
 * the name as written: "3Bd", "HCh", "Mtd-4Lb"; the dismount's with
 * dis), into buf. */
void troopref_spelling(const struct troopref *t, bool dis, char *buf,
    size_t size);
/* Gather what a (read under r) has of another edition. */
void edhint_army(struct edhint *h, const struct rules *r,
    const struct army *a);
/* Report what was gathered (in the current file), then forget it. */
void edhint_report(struct edhint *h);
#endif
