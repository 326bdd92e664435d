/* matchup: combat-calc --matchup=A,B: every troop type army A may field
 * against every one army B may field, each pair judged as the line
 * "X vs Y" would be (and with goings also "X difficult vs Y difficult"),
 * the armies found in an armylist XML collection. */
#ifndef BELLIS_MATCHUP_H
#define BELLIS_MATCHUP_H
#include <stdbool.h>

#include "army/army.h"
#include "core/input.h"
#include "dba/combat.h"
#include "rules/rules.h"

struct matchup;

/* 0 when arg is a value of --matchup ("A,B"), else -1 after a usage
 * error. */
int matchup_arg(const char *arg);
/* A matchup of the --matchup value arg, or NULL after matchup_arg's
 * usage error; goings: also in difficult going. */
struct matchup *matchup_new(const char *arg, bool goings);
/* One operand of the collection (cli_files: ctx is the struct matchup). */
void matchup_read(void *ctx, struct input *in);
/* One army of the collection (army_cb: ctx is the struct matchup). */
void matchup_add(void *ctx, const struct army *a);
/* After the collection: report an army not found (false), else true. */
bool matchup_check(const struct matchup *m);
/* After the collection: the rules of the pairs, by the labels of the
 * armies' collections: l->dflt for no label, an army not found or the
 * label of l->dflt's edition, else the edition of that name (loaded into
 * l); NULL after reporting a label that names no edition, or armies of
 * two editions (matchup-mixed-rules: --rules chooses one). */
const struct rules *matchup_edition(const struct matchup *m,
    struct rules_labels *l);
/* A troop type of an army's list, or its sub-type when that has a
 * property of its own in the rules (dba3 6Kn, 3Bd; not dba22 7Hd). */
struct matchup_type {
	int troop;
	int sub;                /* sub-type + 1, or 0 */
};
/* After the collection: the types of both armies under rules r (as
 * matchup_pairs does first); again under the same rules, nothing
 * changes (the types matchup_army gave stay valid). */
void matchup_resolve(struct matchup *m, const struct rules *r);
/* The army of side 0 (A) or 1 (B): id, name, period and the rules label
 * of its collection only; its types (in the order of its list, as the
 * last matchup_resolve found them) in *types. */
const struct army *matchup_army(const struct matchup *m, int side,
    const struct matchup_type **types, size_t *ntypes);
/* Every pair, A's types by B's (and each in difficult going after good
 * going when asked), as the combat its line would be; a pair with a
 * type without factors in r is unjudged. */
typedef void (*matchup_cb)(void *ctx, const struct combat *c);
void matchup_pairs(struct matchup *m, const struct rules *r, matchup_cb cb,
    void *ctx);
void matchup_free(struct matchup *m);
#endif
