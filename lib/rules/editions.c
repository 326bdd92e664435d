/* Which compiled editions have a troop type or a list spelling that the
 * edition in use lacks: the tail of unknown-troop and the edition-hint
 * warning (rules.h). */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/tables.h"
#include "rules/troop.h"

static bool
knows(const struct rules *r, int troop)
{
	return troop >= 0 && troop < RULES_MAXTROOPS && r->t[troop].known;
}

/* A spelling that tells an edition apart: a sub-type of r's with rules
 * of its own that changes what the element is (a double element or a
 * class of its own: 6Cv, 8Sp, Mtd-4Lb), or one written as a name of its
 * own (LCm) where the edition in use has spellings at all (1.x has none:
 * its lists name a type however they like); a figure count alone (3Bd,
 * 4Kn) is how the lists of every edition are written. */
static bool
telling(const struct rules *r, const char *sp, bool names)
{
	const struct rules_subtype *st;
	int k = rules_subtype_find(r, sp, strlen(sp));

	if ((st = rules_subtype(r, k)) == NULL)
		return false;
	return st->dbl || st->cls >= 0 || (names && (sp[0] < '0' ||
	    sp[0] > '9'));
}

static void
add_name(char *buf, size_t size, size_t *len, const char *name)
{
	int w;

	if (*len >= size)
		return;
	w = snprintf(buf + *len, size - *len, "%s%s", *len > 0 ? ", " : "",
	    name);
	*len += w > 0 ? (size_t)w : 0;
}

const char *
rules_elsewhere(const struct rules *r, int troop, char *buf, size_t size)
{
	char names[48];
	size_t n;

	if (rules_editions_with(r, troop, NULL, names, sizeof names) == 0) {
		buf[0] = '\0';
		return buf;
	}
	n = strcspn(names, ",");
	snprintf(buf, size, " (it is in %s: --rules=%.*s)", names, (int)n,
	    names);
	return buf;
}

int
rules_editions_with(const struct rules *r, int troop, const char *sp,
    char *buf, size_t size)
{
	const struct rules *e;
	bool told = false;
	size_t i, len = 0;
	int n = 0;

	if (size > 0)
		buf[0] = '\0';
	if (knows(r, troop) && (sp == NULL ||
	    rules_subtype_find(r, sp, strlen(sp)) > 0))
		return 0;
	/* a type r lacks: the editions that have it; a spelling r lacks:
	 * those that have it, when it tells one of them apart */
	for (i = 0; i < rules_nbuiltin && knows(r, troop) && !told; i++)
		told = strcmp(rules_builtin[i].r->edition, r->edition) != 0 &&
		    telling(rules_builtin[i].r, sp, r->nsub > 0);
	for (i = 0; i < rules_nbuiltin; i++) {
		e = rules_builtin[i].r;
		if (strcmp(e->edition, r->edition) == 0)
			continue;
		if (!knows(r, troop) ? !knows(e, troop) : !told ||
		    rules_subtype_find(e, sp, strlen(sp)) == 0)
			continue;
		add_name(buf, size, &len, e->edition);
		n++;
	}
	return n;
}
