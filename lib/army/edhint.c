/* The edition-hint warning (army/edhint.h). */
#include <stdio.h>
#include <string.h>

#include "army/edhint.h"
#include "core/diag.h"
#include "core/str.h"
#include "rules/troop.h"

void
troopref_spelling(const struct troopref *t, bool dis, char *buf, size_t size)
{
	const struct troop *tr = dis ? t->dis : t->t;
	const char *fig = dis ? t->dis_figures : t->figures;
	const char *wr = dis ? t->dis_written : t->written;
	const char *part[3], *p;
	size_t k, at = 0;

	/* "%s%s%s" cut at size as snprintf cuts, without it: it was a
	 * sixteenth of the time of reading list text; byte by byte, as
	 * the parts are a few bytes (strlen and memcpy of each were half
	 * its time) */
	part[0] = !dis && t->mtd ? "Mtd-" : "";
	part[1] = fig != NULL ? fig : "";
	part[2] = wr != NULL ? wr : tr != NULL ? tr->code : "?";
	if (size == 0)
		return;
	for (k = 0; k < 3; k++)
		for (p = part[k]; *p != '\0' && at < size - 1; p++)
			buf[at++] = *p;
	buf[at] = '\0';
}

/* The memo slot of troop and spelling sp[0..n): a hash of every byte
 * (the first and last bytes alone put Sp and LH of one list in one
 * slot). */
static size_t
memo_slot(int troop, const char *sp, size_t n)
{
	size_t h = (size_t)troop * 0x9e3779b1u, i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)sp[i]) * 0x01000193u;
	return (h ^ (h >> 15)) & (EDHINT_MEMO - 1);
}

/* Has spelling sp of troop (read under r) been looked at since the
 * memo was last emptied?  Looking again changes nothing: a spelling no
 * other edition tells apart adds nothing, and one that is in the
 * report (or was left out of a full one) is so again.  A memo of
 * another r is forgotten. */
static bool
seen(struct edhint *h, const struct rules *r, int troop, const char *sp,
    size_t n)
{
	size_t k;

	if (h->memo_r != r) {
		memset(h->memo, 0, sizeof h->memo);
		memset(h->code_seen, 0, sizeof h->code_seen);
		memset(h->digit_seen, 0, sizeof h->digit_seen);
		h->memo_r = r;
	}
	if (n >= sizeof h->memo[0].sp)
		return false;
	k = memo_slot(troop, sp, n);
	return h->memo[k].troop == troop + 1 &&
	    memcmp(h->memo[k].sp, sp, n + 1) == 0;
}

static void
remember(struct edhint *h, int troop, const char *sp, size_t n)
{
	size_t k;

	if (n >= sizeof h->memo[0].sp)
		return;
	k = memo_slot(troop, sp, n);
	h->memo[k].troop = troop + 1;
	memcpy(h->memo[k].sp, sp, n + 1);
}

static void
add(struct edhint *h, const struct rules *r, const struct army *a,
    const struct troop *t, const char *sp)
{
	char where[48];
	const char *key;
	bool type;
	size_t i, kn;
	int n;

	if (t == NULL || t->id < 0 || t->id >= RULES_MAXTROOPS)
		return;
	/* a type r lacks is remembered by its code (a troop is one or the
	 * other under one r) */
	type = !r->t[t->id].known;
	key = type ? t->code : sp;
	kn = strlen(key);
	if (seen(h, r, t->id, key, kn))
		return;
	n = rules_editions_with(r, t->id, type ? NULL : sp, where,
	    sizeof where);
	remember(h, t->id, key, kn);
	if (type || strcmp(sp, t->code) == 0)
		h->code_seen[t->id] = true;
	if (n == 0)
		return;
	if (type)
		sp = t->code;
	for (i = 0; i < h->n; i++)
		if (strcmp(h->what[i], sp) == 0)
			return;
	if (h->n == 0) {
		h->r = r;
		h->line = a->line;
	}
	/* full: a type takes the place of the last spelling */
	if (h->n == EDHINT_MAX) {
		h->more = true;
		for (i = h->n; i > 0 && type && h->type[i - 1]; i--)
			;
		if (i == 0 || !type)
			return;
		for (h->n--, i--; i < h->n; i++) {
			memcpy(h->what[i], h->what[i + 1], sizeof h->what[0]);
			memcpy(h->where[i], h->where[i + 1],
			    sizeof h->where[0]);
			h->type[i] = h->type[i + 1];
		}
	}
	/* cut as snprintf cuts: a longer spelling is meant to be cut */
	kn = strlen(sp) < sizeof h->what[0] ? strlen(sp) :
	    sizeof h->what[0] - 1;
	memcpy(h->what[h->n], sp, kn);
	h->what[h->n][kn] = '\0';
	snprintf(h->where[h->n], sizeof h->where[0], "%s", where);
	h->type[h->n++] = type;
}

/* The troop of t (its dismount's with dis), spelt as the list spells
 * it, unless it is spelt by its code alone, or by a digit and its code,
 * and that was looked at (again, it would change nothing: add). */
static void
add_ref(struct edhint *h, const struct rules *r, const struct army *a,
    const struct troopref *t, bool dis)
{
	const struct troop *tr = dis ? t->dis : t->t;
	const char *fig = dis ? t->dis_figures : t->figures;
	bool mtd = !dis && t->mtd;
	int d;
	uint32_t bit = 0;
	char sp[64];

	if (tr == NULL || tr->id < 0 || tr->id >= RULES_MAXTROOPS)
		return;                 /* add() takes no such troop */
	if ((dis ? t->dis_written : t->written) == NULL) {
		if (h->memo_r == r && !mtd && fig == NULL &&
		    h->code_seen[tr->id])
			return;
		if ((d = army_figures_digit(fig)) >= 0)
			bit = (uint32_t)1 << (d + (mtd ? 10 : 0));
		if (h->memo_r == r && (h->digit_seen[tr->id] & bit) != 0)
			return;
	}
	troopref_spelling(t, dis, sp, sizeof sp);
	add(h, r, a, tr, sp);
	h->digit_seen[tr->id] |= bit;   /* add() made memo_r r */
}

static void
walk(struct edhint *h, const struct rules *r, const struct army *a,
    const struct package *p)
{
	const struct troopref *t;
	size_t i, j;

	for (i = 0; i < p->n; i++) {
		for (j = 0; j < p->items[i].ntroops; j++) {
			t = &p->items[i].troops[j];
			add_ref(h, r, a, t, false);
			if (t->dis != NULL)
				add_ref(h, r, a, t, true);
		}
		for (j = 0; j < p->items[i].npkgs; j++)
			walk(h, r, a, &p->items[i].pkgs[j]);
	}
}

void
edhint_army(struct edhint *h, const struct rules *r, const struct army *a)
{
	if (r != NULL && (h->n == 0 || h->r == r))
		walk(h, r, a, &a->list);
}

/* Whether the list "dba22, dba3" names ed. */
static bool
names(const char *list, const char *ed, size_t n)
{
	const char *p = list, *e;

	for (;;) {
		e = strchr(p, ',');
		if ((e != NULL ? (size_t)(e - p) : strlen(p)) == n &&
		    strncmp(p, ed, n) == 0)
			return true;
		if (e == NULL)
			return false;
		p = e + 2;
	}
}

/* The edition to choose: the first of where[0] that every entry names,
 * else where[0]'s first. */
static void
choice(const struct edhint *h, char *buf, size_t size)
{
	const char *p = h->where[0], *e;
	size_t i, n;

	for (;;) {
		e = strchr(p, ',');
		n = e != NULL ? (size_t)(e - p) : strlen(p);
		for (i = 1; i < h->n && names(h->where[i], p, n); i++)
			;
		if (i == h->n || e == NULL)
			break;
		p = e + 2;
	}
	if (i < h->n) {
		p = h->where[0];
		e = strchr(p, ',');
		n = e != NULL ? (size_t)(e - p) : strlen(p);
	}
	snprintf(buf, size, "%.*s", (int)n, p);
}

/* The order of the report: troop types before spellings, each kind
 * by the editions that have them (as found within those). */
static void
order(const struct edhint *h, size_t *ix)
{
	size_t i, j, k, n = 0;

	for (k = 0; k < 2; k++)
		for (i = 0; i < h->n; i++) {
			if (h->type[i] != (k == 0))
				continue;
			for (j = n; j > 0 && h->type[ix[j - 1]] == h->type[i] &&
			    strcmp(h->where[ix[j - 1]], h->where[i]) > 0; j--)
				ix[j] = ix[j - 1];
			ix[j] = i;
			n++;
		}
}

void
edhint_report(struct edhint *h)
{
	struct sbuf b = { 0 };
	size_t ix[EDHINT_MAX], i;
	const char *w, *next;
	char ed[48];

	if (h->n == 0)
		return;
	order(h, ix);
	/* "Hd, Lit (dba22, dba3); Mtd-4Lb (dba3)" */
	for (i = 0; i < h->n; i++) {
		w = h->where[ix[i]];
		next = i + 1 < h->n ? h->where[ix[i + 1]] : NULL;
		if (i > 0)
			sbuf_adds(&b, strcmp(w, h->where[ix[i - 1]]) == 0 ?
			    ", " : "; ");
		sbuf_adds(&b, h->what[ix[i]]);
		if (next == NULL || strcmp(next, w) != 0)
			sbuf_printf(&b, " (%s)", w);
	}
	if (h->more)
		sbuf_adds(&b, "; ...");
	choice(h, ed, sizeof ed);
	DIAG(EDITION_HINT, h->line, 0, h->r->edition, sbuf_str(&b), ed, ed);
	sbuf_free(&b);
	memset(h, 0, sizeof *h);    /* the memo too: a rules may go */
}
