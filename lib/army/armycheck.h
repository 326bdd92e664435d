/* armycheck: the findings of armylist-check over a stream of armies
 * (element totals, generals, packages, ids, troops, references, dates).
 * Pure: no I/O; findings (the second catalogue of core/diagcat.h) go to
 * a callback, and what must become a diagnostic is returned. */
#ifndef BELLIS_ARMYCHECK_H
#define BELLIS_ARMYCHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "army/army.h"
#include "core/diagcat.h"
#include "rules/rules.h"

struct finding {
	enum check_code code;
	bool error;                /* severity: error or warning */
	const char *army;          /* the army's id */
	const char *file;          /* the army's source file and line */
	long line;
	long col;                  /* 0: none (only parse diagnostics) */
	const char *name;          /* the code as written: NULL for the
	                              code's own name, else the code of a
	                              parse diagnostic (code is
	                              CK_PARSE_ERRORS) */
	const char *msg;           /* "elements total 11, expected 12" */
	const char *rules;         /* the edition the army was checked
	                              with, NULL for unknown-reference */
	const char *player;        /* an entry's player, or NULL */
};

typedef void (*finding_cb)(void *ctx, const struct finding *f);

const char *check_code_name(enum check_code c);
/* The code a finding is written with: its name, else its code's. */
const char *finding_code(const struct finding *f);
bool check_code_error(enum check_code c);

/* A set of small totals 0..TOTSET_MAX; TOTSET_MAX stands for "that many
 * or more". */
#define TOTSET_MAX 255
struct totset {
	uint64_t w[(TOTSET_MAX + 1) / 64];
};

void totset_clear(struct totset *s);
void totset_add(struct totset *s, long v);
bool totset_has(const struct totset *s, long v);
bool totset_eq(const struct totset *a, const struct totset *b);
/* Values in the set; *only is set when there is exactly one. */
int totset_count(const struct totset *s, long *only);
/* dst = { a + b : a in x, b in y } (saturating) */
void totset_sum(struct totset *dst, const struct totset *x,
    const struct totset *y);
/* "11", "11 or 13", "10, 11 or 13", "between 3 and 40" */
void totset_format(struct sbuf *b, const struct totset *s);

/* The possible element totals and general counts of a package over
 * every choice of packages.  Each choice whose packages hold different
 * numbers of elements is handed to mismatch (with the union of their
 * sizes), innermost first. */
void armycheck_totals(const struct package *p, struct totset *elements,
    struct totset *generals,
    void (*mismatch)(const struct totset *sizes, void *ctx), void *ctx);

struct armycheck;

struct armycheck *armycheck_new(const struct rules *r, finding_cb cb,
    void *ctx);
/* Check each army against the edition its collection is labelled with
 * (rules=; r of armycheck_new when none): armylist-check without
 * --rules. */
void armycheck_by_label(struct armycheck *c);
/* The findings of one army (unknown references wait for the end).
 * false when the army is not checked: by_label, and its collection's
 * label names no edition (the caller reports it); its id still answers
 * the references of the others. */
bool armycheck_army(struct armycheck *c, const struct army *a);
/* An army of the whole collection, from an index (--index), given
 * before any army is checked: its id and the place of the first army
 * with it (file NULL: not known).  From the first, references are
 * judged as each army is read, against the index and the armies read;
 * an army elsewhere than the first of its id is a duplicate of it. */
void armycheck_index(struct armycheck *c, const char *id, const char *file,
    long line);
/* After the last row of the index: before any other call. */
void armycheck_index_end(struct armycheck *c);
/* Whether the index names id (false when there is no index). */
bool armycheck_indexed(const struct armycheck *c, const char *id);
/* The end of the collection: unknown references, in input order. */
void armycheck_finish(struct armycheck *c);
/* --book: every army is an entry, judged against its list in b (no
 * totals, ids or references of its own), and what event e allows (NULL:
 * no event). */
struct book;
struct event;
void armycheck_book(struct armycheck *c, const struct book *b,
    const struct event *e);
/* The entries judged so far: legal, illegal. */
void armycheck_entries(const struct armycheck *c, long *legal,
    long *illegal);
/* The end of a file's armies: its edition-hint (army/edhint.h). */
void armycheck_file_end(struct armycheck *c);
/* Counts so far. */
long armycheck_armies(const struct armycheck *c);
void armycheck_free(struct armycheck *c);

#endif
