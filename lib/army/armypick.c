/* An army named by its id with a qualifier that tells apart variants
 * under one id (the 2.2 lists have 26 such ids): "I/14d@700BC", the one
 * whose period holds the year, or "I/14d#2", the second in the
 * collection; or an entry by its player's name ("Anna Berg"). */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "core/str.h"
#include "core/xalloc.h"

int
army_pick_init(struct army_pick *p, const char *s)
{
	const char *q = strpbrk(s, "@#");
	long to;
	bool approx;
	char *end;

	memset(p, 0, sizeof *p);
	p->id = xstrndup(s, q != NULL ? (size_t)(q - s) : strlen(s));
	if (q == NULL)
		return 0;
	if (*q == '@') {
		p->has_year = date_parse(q + 1, strlen(q + 1), &p->year, &to,
		    &approx) == 0 && p->year == to;
		return p->has_year ? 0 : -1;
	}
	p->nth = strtol(q + 1, &end, 10);
	return q[1] >= '1' && q[1] <= '9' && *end == '\0' && p->nth > 0 &&
	    p->nth < 1000000 ? 0 : -1;
}

/* Is name the player's, as written but for case and blanks (folded as
 * names are: Cyrillic and umlauts too)? */
static bool
player_is(const char *name, const char *player)
{
	struct sbuf x = { 0 }, y = { 0 };
	bool eq;

	str_fold(&x, name, strlen(name));
	str_fold(&y, player, strlen(player));
	eq = x.len > 0 && x.len == y.len && memcmp(x.s, y.s, x.len) == 0;
	sbuf_free(&x);
	sbuf_free(&y);
	return eq;
}

bool
army_pick_match(struct army_pick *p, const struct army *a, bool glob)
{
	if (a->id == NULL)
		return false;
	/* an entry by its player's name, as written but for case */
	if (!glob && a->player != NULL && player_is(p->id, a->player))
		return p->nth > 0 ? ++p->seen == p->nth : true;
	if (!(glob ? fnmatch(p->id, a->id, 0) == 0 :
	    strcmp(p->id, a->id) == 0))
		return false;
	if (p->nth > 0)
		return ++p->seen == p->nth;
	return !p->has_year || army_period_holds(a, p->year,
	    ARMY_PERIOD_REVERSED);
}

bool
army_pick_valid(const char *s, size_t n)
{
	struct army_pick p;
	char *t = xstrndup(s, n);
	int rc = army_pick_init(&p, t);

	army_pick_free(&p);
	free(t);
	return rc == 0;
}

void
army_pick_free(struct army_pick *p)
{
	free(p->id);
	p->id = NULL;
}
