/* selectrun: one run of armylist-select: its predicates over a stream of
 * army lists (any carrier of armyin), the armies that pass written by
 * armyout one at a time.  --enemy-of reads the input twice: an operand
 * that is not a regular file (standard input, a pipe) is first spooled
 * to an unlinked file in TMPDIR. */
#ifndef BELLIS_SELECTRUN_H
#define BELLIS_SELECTRUN_H

#include <stdbool.h>

#include "core/cli.h"
#include "rules/troop.h"

/* The predicates of armylist-select (its options besides those of
 * struct cli); NULL or false: none. */
struct selectrun_opts {
	const char *id;         /* --id: a shell pattern */
	const char *book;       /* --book: one of selectrun_books */
	bool has_year, has_from, has_to;
	long year, from, to;    /* --year, --from, --to */
	const struct troop *troop;      /* --troop */
	const char *troop_arg;  /* --troop as given: its figures, its name */
	bool fold;              /* --fold: --troop's type by any name */
	const char *enemy_of;   /* --enemy-of: an army id */
	const char *name;       /* --name: an extended regex (any case) */
	bool invert;            /* -v */
	const char *header;     /* --header: read before each sheet */
};

/* The books of --book: I, II, III, IV, NULL-terminated. */
extern const char *const selectrun_books[];

/* The values of the options, each checked as given: 0, or -1 after a
 * usage error that names the option and the value.  A year of --year,
 * --from or --to (opt); */
int selectrun_year(const char *opt, const char *arg, long *year);
/* the troop type of --troop (code or name); */
int selectrun_troop(const char *arg, const struct troop **t);
/* the pattern of --id, its qualifier (@YEAR, #N) if any; */
int selectrun_id(const char *arg);
/* the army id of --enemy-of; */
int selectrun_enemy(const char *arg);
/* the regex of --name. */
int selectrun_name(const char *arg);

/* armylist-select once its options are read: the operands (none:
 * standard input) read, the armies that pass every predicate of o (or,
 * with -v, fail one) written to -o in the format of -T; status 1 when
 * none passed.  Returns the exit status. */
int selectrun_run(const struct selectrun_opts *o, const struct cli *cli);

#endif
