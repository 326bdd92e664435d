/* Fields of an army shared by the readers: period, sources, aggression. */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"

void
army_set_period(struct army *a, const char *s, size_t n, long line,
    long col)
{
	struct date_ranges r;

	str_trim(&s, &n);
	free(a->period);
	a->period = xstrndup(s, n);

	a->period_ok = date_parse_ranges(s, n, &r) == 0;
	/* (with every era written the default changes nothing) */
	if (a->period_ok && !r.era_written && a->id != NULL &&
	    strncmp(a->id, "I/", 2) == 0) {
		struct date_ranges bc;

		/* Book I is wholly BC: a date of no era is BC there */
		if (date_parse_ranges_bc(s, n, &bc) == 0 &&
		    (bc.from != r.from || bc.to != r.to)) {
			r = bc;
			DIAG(ERA_INFERRED, line, col, a->period, a->id);
		}
	}
	a->nranges = 0;
	if (a->period_ok) {
		a->from = r.from;
		a->to = r.to;
		a->approx = r.approx;
		if (r.n > 1) {
			memcpy(a->ranges, r.r, sizeof r.r);
			a->nranges = r.n;
		}
	}
	if (!a->period_ok)
		DIAG(BAD_DATE, line, col, a->period, a->id != NULL ? a->id : "?");
}

void
army_period_ranges(struct army *a)
{
	struct date_ranges r;

	a->nranges = 0;
	if (!a->period_ok || a->period == NULL ||
	    date_parse_ranges(a->period, strlen(a->period), &r) < 0 ||
	    r.n < 2 || r.from != a->from || r.to != a->to)
		return;
	memcpy(a->ranges, r.r, sizeof r.r);
	a->nranges = r.n;
}

/* "AMPW, DBM 2/5": the DBM list number goes to dbm, the rest stays. */
void
army_set_sources(struct army *a, const char *s, size_t n)
{
	struct sbuf rest = {0};
	size_t i = 0, start, e;

	sbuf_add(&rest, "", 0);
	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == ','))
			i++;
		start = i;
		while (i < n && s[i] != ',')
			i++;
		e = i;
		while (e > start && s[e - 1] == ' ')
			e--;
		if (e == start)
			continue;
		if (e - start > 4 && str_ieq(s + start, 4, "dbm ") &&
		    a->dbm == NULL) {
			const char *d = s + start + 4;
			size_t dn = e - start - 4;

			str_trim(&d, &dn);
			a->dbm = xstrndup(d, dn);
			continue;
		}
		if (rest.len > 0)
			sbuf_adds(&rest, ", ");
		sbuf_add(&rest, s + start, e - start);
	}
	free(a->sources);
	a->sources = rest.len > 0 ? xstrdup(rest.s) : NULL;
	sbuf_free(&rest);
}

void
army_set_aggression(struct army *a, const char *s, size_t n, long line,
    long col)
{
	long v;

	str_trim(&s, &n);
	free(a->aggression);
	a->aggression = NULL;
	if (num_long(s, n, 0, 9, &v) == 0) {
		a->aggression = xstrndup(s, n);
		return;
	}
	{
		struct sbuf b = {0};

		utf8_sanitize(&b, s, n);
		DIAG(BAD_AGGRESSION, line, col, sbuf_str(&b), a->id != NULL ? a->id : "?");
		sbuf_free(&b);
	}
}

bool
army_like_id(const char *s, size_t n, bool plain)
{
	const char *slash;
	size_t i;

	if (n == 0 || n > 12 || army_is_id(s, n))
		return false;
	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' &&
		    s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    strchr("./|!?", s[i]) != NULL))
			return false;
	if ((slash = memchr(s, '/', n)) == NULL)
		return plain && s[0] >= '0' && s[0] <= '9' && n <= 8;
	if (slash == s || slash - s > 5 || (size_t)(slash - s) + 1 >= n ||
	    slash[1] < '0' || slash[1] > '9')
		return false;
	for (i = 0; s + i < slash; i++)
		if (strchr("IVXivxlL1|!", s[i]) == NULL)
			return false;
	return true;
}
