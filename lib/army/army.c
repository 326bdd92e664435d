/* The army model: allocation, freeing, reference lists, source maps. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"

void
army_init(struct army *a)
{
	memset(a, 0, sizeof *a);
}

void
army_set_year(struct army *a, const char *s, size_t n, long line, long col)
{
	long from, to;
	bool approx;
	char *end, buf[24];

	if (n > 0 && n < sizeof buf && (s[0] == '-' || (s[0] >= '0' &&
	    s[0] <= '9'))) {
		memcpy(buf, s, n);
		buf[n] = '\0';
		from = strtol(buf, &end, 10);
		if (*end == '\0' && from > -OPTION_YEAR_MAX &&
		    from < OPTION_YEAR_MAX) {
			a->has_year = true;
			a->year = from;
			return;
		}
	}
	if (date_parse(s, n, &from, &to, &approx) == 0 && from == to &&
	    !approx) {
		a->has_year = true;
		a->year = from;
		return;
	}
	DIAG(BAD_VALUE, line, col, (int)(n > 40 ? 40 : n), s, "year",
	    "a single year such as 1058AD or 450BC");
}

const char *
army_rules_from(const char *s)
{
	static const char *const from[] = { "option", "environment",
		"carrier", "default" };
	size_t i;

	for (i = 0; s != NULL && i < sizeof from / sizeof from[0]; i++)
		if (strcmp(s, from[i]) == 0)
			return from[i];
	return NULL;
}

/* The figures of one digit, the most of them, are shared: most troops
 * of a list have figures, and each was an allocation of two bytes.
 * Constant, so that a write into them faults at once. */
static const char digit_figures[10][2] = {
	"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"
};

char *
army_figures_dup(const char *s, size_t n)
{
	if (n == 1 && s[0] >= '0' && s[0] <= '9')
		return (char *)digit_figures[s[0] - '0'];
	return xstrndup(s, n);
}

int
army_figures_digit(const char *f)
{
	uintptr_t p = (uintptr_t)f, t = (uintptr_t)digit_figures;

	return p - t < sizeof digit_figures ? (int)((p - t) / 2) : -1;
}

static void
army_figures_free(char *s)
{
	if (army_figures_digit(s) < 0)
		free(s);
}

void
troopref_free(struct troopref *r)
{
	free(r->name);
	army_figures_free(r->figures);
	free(r->written);
	free(r->dis_written);
	free(r->dis_name);
	army_figures_free(r->dis_figures);
	free(r->note);
}

void
item_free(struct item *it)
{
	size_t i;

	for (i = 0; i < it->ntroops; i++)
		troopref_free(&it->troops[i]);
	free(it->troops);
	for (i = 0; i < it->npkgs; i++)
		package_free(&it->pkgs[i]);
	free(it->pkgs);
	memset(it, 0, sizeof *it);
}

/* Entries (elements and choices) of p, nested ones included. */
static size_t
package_count(const struct package *p)
{
	size_t n = 0, i, j;

	for (i = 0; i < p->n; i++) {
		n++;
		for (j = 0; j < p->items[i].npkgs; j++)
			n += package_count(&p->items[i].pkgs[j]);
	}
	return n;
}

bool
package_cut(struct package *p, size_t max)
{
	size_t n = 0, i, j, k;

	for (i = 0; i < p->n; i++) {
		k = 1;
		for (j = 0; j < p->items[i].npkgs; j++)
			k += package_count(&p->items[i].pkgs[j]);
		if (n + k > max)
			break;
		n += k;
	}
	if (i == p->n)
		return false;
	for (j = i; j < p->n; j++)
		item_free(&p->items[j]);
	p->n = i;
	return true;
}

void
package_free(struct package *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		item_free(&p->items[i]);
	free(p->items);
	memset(p, 0, sizeof *p);
}

bool
army_is_camp(const char *name)
{
	static const char *const camp[] = { "camp", "camps", "lager",
		"feldlager", "\xd0\xbb\xd0\xb0\xd0\xb3\xd0\xb5\xd1\x80\xd1\x8c",
		NULL };
	struct sbuf f = { 0 };
	size_t i;
	bool r = false;

	str_fold(&f, name, strlen(name));       /* Cyrillic capitals too */
	for (i = 0; camp[i] != NULL && !r; i++)
		r = strcmp(sbuf_str(&f), camp[i]) == 0;
	sbuf_free(&f);
	return r;
}

bool
item_is_camp(const struct item *it)
{
	return it->kind == ITEM_ELEMENT && it->ntroops == 1 &&
	    it->troops[0].t == NULL && it->troops[0].name != NULL &&
	    army_is_camp(it->troops[0].name);
}

void
strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* lo <= y <= hi, or (rev) hi <= y <= lo. */
static bool
within(long lo, long hi, long y, bool rev)
{
	return (lo <= y && y <= hi) || (rev && hi <= y && y <= lo);
}

bool
army_period_holds(const struct army *a, long y, unsigned flags)
{
	bool rev = (flags & ARMY_PERIOD_REVERSED) != 0;
	size_t k;

	if (!a->period_ok)
		return (flags & ARMY_PERIOD_UNDATED) != 0;
	if (a->nranges < 2)
		return within(a->from, a->to, y, rev);
	for (k = 0; k < a->nranges; k++)
		if (within(a->ranges[k][0], a->ranges[k][1], y, rev))
			return true;
	return false;
}

void
army_free(struct army *a)
{
	size_t i;

	free(a->id);
	free(a->file);
	free(a->name);
	free(a->period);
	free(a->terrain);
	free(a->aggression);
	free(a->sources);
	free(a->dbm);
	free(a->player);
	strv_free(a->enemies, a->nenemies);
	strv_free(a->allies, a->nallies);
	free(a->ally_join);
	free(a->ally_elements);
	free(a->elements_text);
	package_free(&a->list);
	for (i = 0; i < a->nnotes; i++) {
		free(a->notes[i].column);
		free(a->notes[i].text);
	}
	free(a->notes);
	army_init(a);
}

void
army_add_note(struct army *a, const char *column, size_t cn,
    const char *text, size_t tn)
{
	/* one past the limit is kept, so that the carrier reports it
	 * (count_army); the rest is not, so that a record of a million
	 * notes does not pile up in memory */
	if (a->nnotes > ARMY_MAX_REFS)
		return;
	a->notes = xgrow(a->notes, &a->capnotes, a->nnotes + 1,
	    sizeof *a->notes);
	a->notes[a->nnotes].column = xstrndup(column, cn);
	a->notes[a->nnotes].text = xstrndup(text, tn);
	a->nnotes++;
}

struct item *
package_add(struct package *p)
{
	struct item *it;

	if (p->n > ARMY_MAX_ITEMS) {
		/* an item past ARMY_MAX_ITEMS is never kept (package_cut):
		 * the last slot is used again, so that a list of a million
		 * entries does not pile up in memory */
		it = &p->items[p->n - 1];
		item_free(it);
		memset(it, 0, sizeof *it);
		return it;
	}
	p->items = xgrow(p->items, &p->cap, p->n + 1, sizeof *p->items);
	it = &p->items[p->n++];
	memset(it, 0, sizeof *it);
	return it;
}

struct troopref *
item_add_troop(struct item *it)
{
	struct troopref *r;

	it->troops = xgrow_few(it->troops, &it->captroops, it->ntroops + 1,
	    sizeof *it->troops);
	r = &it->troops[it->ntroops++];
	memset(r, 0, sizeof *r);
	return r;
}

struct package *
item_add_package(struct item *it)
{
	struct package *p;

	it->pkgs = xgrow_few(it->pkgs, &it->cappkgs, it->npkgs + 1,
	    sizeof *it->pkgs);
	p = &it->pkgs[it->npkgs++];
	memset(p, 0, sizeof *p);
	return p;
}

void
item_drop_troop(struct item *it)
{
	if (it->ntroops > 0)
		troopref_free(&it->troops[--it->ntroops]);
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

void
item_copy_element(struct item *dst, const struct item *src)
{
	size_t i;

	memset(dst, 0, sizeof *dst);
	dst->kind = ITEM_ELEMENT;
	dst->count = src->count;
	dst->general = src->general;
	for (i = 0; i < src->ntroops; i++) {
		const struct troopref *a = &src->troops[i];
		struct troopref *b = item_add_troop(dst);

		b->t = a->t;
		b->dis = a->dis;
		b->name = dup_or_null(a->name);
		b->figures = a->figures != NULL ?
		    army_figures_dup(a->figures, strlen(a->figures)) : NULL;
		b->mtd = a->mtd;
		b->written = dup_or_null(a->written);
		b->dis_name = dup_or_null(a->dis_name);
		b->dis_figures = a->dis_figures != NULL ? army_figures_dup(
		    a->dis_figures, strlen(a->dis_figures)) : NULL;
		b->dis_written = dup_or_null(a->dis_written);
		b->note = dup_or_null(a->note);
	}
}

void
package_drop_item(struct package *p)
{
	if (p->n > 0)
		item_free(&p->items[--p->n]);
}

void
item_drop_package(struct item *it)
{
	if (it->npkgs > 0)
		package_free(&it->pkgs[--it->npkgs]);
}

void
army_set_ally_join(struct army *a, size_t i, enum ally_join j)
{
	if (j == ALLY_AND && i >= a->njoin)
		return;
	if (i >= a->njoin) {
		a->ally_join = xgrow(a->ally_join, &a->capjoin, i + 1,
		    sizeof *a->ally_join);
		memset(a->ally_join + a->njoin, ALLY_AND, i + 1 - a->njoin);
		a->njoin = i + 1;
	}
	a->ally_join[i] = (unsigned char)j;
}

enum ally_join
army_ally_join(const struct army *a, size_t i)
{
	return i > 0 && i < a->njoin ? (enum ally_join)a->ally_join[i] :
	    ALLY_AND;
}

const char *
army_join_word(enum ally_join j)
{
	return j == ALLY_OR ? "or" : j == ALLY_ANDOR ? "and/or" : NULL;
}

int
army_join_read(const char *s)
{
	if (s == NULL || *s == '\0')
		return ALLY_AND;
	if (strcmp(s, "or") == 0)
		return ALLY_OR;
	if (strcmp(s, "and/or") == 0)
		return ALLY_ANDOR;
	return -1;
}

/* The length of the book ("II/") of a full reference; 0: none. */
static size_t
book_len(const char *s, size_t n)
{
	size_t i;

	/* a loop, not memchr: a reference is a few bytes */
	for (i = 0; i < n; i++)
		if (s[i] == '/')
			return i + 1;
	return 0;
}

void
army_ref_resolved(struct sbuf *b, char *const *v, size_t i)
{
	size_t k, bl;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (book_len(v[i], strlen(v[i])) == 0 &&
	    army_is_id(v[i], strlen(v[i])))
		for (k = i; k-- > 0;)
			if ((bl = book_len(v[k], strlen(v[k]))) > 0) {
				sbuf_add(b, v[k], bl);
				break;
			}
	sbuf_adds(b, v[i]);
}

void
army_ref_next(struct sbuf *b, char *const *v, size_t i, size_t *last)
{
	size_t n = strlen(v[i]), bl = book_len(v[i], n);

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	if (bl == 0 && *last > 0 && army_is_id(v[i], n))
		sbuf_add(b, v[*last - 1], book_len(v[*last - 1],
		    strlen(v[*last - 1])));
	sbuf_adds(b, v[i]);
	if (bl > 0)
		*last = i + 1;
}

/* A join word of a reference list: or, and/or (and their German and
 * Russian forms); and, und, и and & are plain separators. */
static int
join_word(const char *s, size_t n)
{
	static const struct {
		const char *w;
		int j;
	} w[] = {
		{ "or", ALLY_OR }, { "oder", ALLY_OR }, { "или", ALLY_OR },
		{ "and/or", ALLY_ANDOR }, { "und/oder", ALLY_ANDOR },
		{ "и/или", ALLY_ANDOR },
		{ "and", ALLY_AND }, { "und", ALLY_AND }, { "и", ALLY_AND },
		{ "&", ALLY_AND },
	};
	size_t k;

	/* the first byte first: most words are references */
	if (n == 0 || ((s[0] | 0x20) != 'o' && (s[0] | 0x20) != 'a' &&
	    (s[0] | 0x20) != 'u' && s[0] != '&' &&
	    (unsigned char)s[0] != 0xd0))
		return -1;
	for (k = 0; k < sizeof w / sizeof w[0]; k++)
		if (str_ieq(s, n, w[k].w))
			return w[k].j;
	return -1;
}

static void
add_ref(char ***v, size_t *n, size_t *cap, const char *s, size_t len)
{
	*v = xgrow(*v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrndup(s, len);
}

/* A position in the text a reference list came from, off bytes into it
 * (line 0: no position known, col 0: no column). */
#define AT(off) (line), (line > 0 && col > 0 ? col + (long)(off) : 0)

/* "none", "-": a list of no references. */
static bool
refs_none(const char *s, size_t len)
{
	static const char *const none[] = {
		"none", "-", "keine", "нет", NULL
	};
	int k;

	str_trim(&s, &len);
	while (len > 0 && s[len - 1] == '.')
		len--;
	if (len > 6)            /* longer than all of them: most lists */
		return false;
	for (k = 0; none[k] != NULL; k++)
		if (str_ieq(s, len, none[k]))
			return true;
	return false;
}

/* Is the '(' at s[i] a group of references joined by "and/or" ("(III/5a
 * and/or 13b)")?  It reads as if it were not bracketed ("I/6b or
 * (I/39a and/or I/41a)": one of I/6b and the pair, as "I/6b or I/39a
 * and/or I/41a" is written).  A group holding another join ("or", "and":
 * no join of the model keeps their bracket), a note or a second '(' is
 * none. */
static bool
ref_group(const char *s, size_t len, size_t i)
{
	size_t k = i + 1, b, words = 0;
	int j;

	for (;;) {
		while (k < len && (s[k] == ' ' || s[k] == ',' ||
		    s[k] == '\t' || s[k] == '\n'))
			k++;
		if (k >= len || s[k] == '(' || s[k] == ';')
			return false;
		if (s[k] == ')')
			return words > 1;
		for (b = k; k < len && s[k] != ' ' && s[k] != ',' &&
		    s[k] != ')' && s[k] != '(' && s[k] != '\t' &&
		    s[k] != '\n' && s[k] != ';'; k++)
			;
		j = join_word(s + b, k - b);
		if (j == ALLY_OR || j == ALLY_AND || (j < 0 &&
		    !army_is_id(s + b, k - b) && !(k - b == 1 &&
		    s[b] >= 'a' && s[b] <= 'z')))
			return false;
		if (j < 0)
			words++;
	}
}

/* The next word of s from *i on, past the separators: from *start to *e
 * (its stops trimmed; *e == *start: none), *i after it; false at the
 * end of s.  *group: inside a group of ref_group, whose brackets are
 * separators. */
static bool
ref_word(const char *s, size_t len, size_t *i, size_t *start, size_t *e,
    bool *group)
{
	for (;; (*i)++) {
		if (*i >= len)
			return false;
		if (s[*i] == ')' && *group)
			*group = false;
		else if (s[*i] == '(' && !*group && ref_group(s, len, *i))
			*group = true;
		else if (s[*i] != ',' && s[*i] != ';' && s[*i] != ' ' &&
		    s[*i] != '\t' && s[*i] != '\n' && s[*i] != '.')
			break;
	}
	*start = *i;
	if (s[*i] == '(') {
		/* a note in parentheses, or an unclosed '(' up to the next
		 * comma */
		while (*i < len && s[*i] != ')' && s[*i] != ',' &&
		    s[*i] != ';')
			(*i)++;
		if (*i < len && s[*i] == ')')
			(*i)++;
	} else
		while (*i < len && s[*i] != ',' && s[*i] != ';' &&
		    s[*i] != ' ' && s[*i] != '\t' && s[*i] != '\n' &&
		    s[*i] != '(' && !(s[*i] == ')' && *group))
			(*i)++;
	*e = *i;
	while (*e > *start && s[*e - 1] == '.')
		(*e)--;
	return true;
}

/* The n bytes of s at at are no reference: say so (q: scratch). */
static void
not_a_ref(struct sbuf *q, const char *s, size_t at, size_t n, long line,
    long col)
{
	sbuf_reset(q);
	utf8_sanitize(q, s + at, n);
	DIAG(NOT_A_REFERENCE, AT(at), q->s);
}

/* "I/1a. 1b": the id from start to e ended by a stop (e < i) where a
 * comma belongs, when a word follows it (q: scratch). */
static void
check_stop(struct sbuf *q, const char *s, size_t len, size_t start,
    size_t e, size_t i, long line, long col)
{
	size_t k = i;

	if (e >= i || !army_is_id(s + start, e - start))
		return;
	while (k < len && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k < len && k > i && s[k] != ',' && s[k] != ';') {
		sbuf_reset(q);
		utf8_sanitize(q, s + start, e - start);
		DIAG(REF_STOP, AT(e), q->s);
	}
}

/* The reference the word w (wn bytes) stands for, in t: an id (its book,
 * when it has none, that of the last full reference, v[full - 1]), or a
 * letter after an id of this list (v[n - 1], past first) for another
 * variant of it; t empty when it is none. */
static void
resolve_ref(struct sbuf *t, char *const *v, size_t n, size_t first,
    size_t full, const char *w, size_t wn)
{
	sbuf_reset(t);
	sbuf_add(t, "", 0);
	if (army_is_id(w, wn)) {
		/* the book of the last full reference (kept, not
		 * searched for: 80,000 references cost linear time) */
		if (book_len(w, wn) == 0 && full > 0)
			sbuf_add(t, v[full - 1], book_len(v[full - 1],
			    strlen(v[full - 1])));
		sbuf_add(t, w, wn);
	} else if (wn == 1 && w[0] >= 'a' && w[0] <= 'z' && n > first &&
	    army_is_id(v[n - 1], strlen(v[n - 1]))) {
		/* "I/1a, b": another variant of the same list */
		const char *p = v[n - 1];
		size_t pn = strlen(p);

		if (pn > 0 && p[pn - 1] >= 'a' && p[pn - 1] <= 'z')
			pn--;
		sbuf_add(t, p, pn);
		sbuf_addc(t, w[0]);
		if (!army_is_id(t->s, t->len)) {
			sbuf_reset(t);
			sbuf_add(t, "", 0);
		}
	}
}

/* The reader of reference lists: v, n, cap the list; a (allies only,
 * else NULL) takes the joins; line 0: no position known. */
static void
read_refs(char ***v, size_t *n, size_t *cap, struct army *a,
    const char *s, size_t len, long line, long col)
{
	struct sbuf t = {0}, q = {0};
	size_t i = 0, start, e, first = *n, jat = 0, jn = 0, wn;
	size_t full = 0;    /* 1 + the last reference read here with a book */
	const char *w;
	enum ally_join join = ALLY_AND;
	bool pending = false;      /* a join word waits for its reference */
	bool group = false;
	int j;

	if (refs_none(s, len))
		return;
	while (ref_word(s, len, &i, &start, &e, &group)) {
		if (e == start)
			continue;
		check_stop(&q, s, len, start, e, i, line, col);
		if ((j = join_word(s + start, e - start)) >= 0) {
			if (j != ALLY_AND && (pending || *n == first)) {
				/* "or" with no reference before it */
				not_a_ref(&q, s, start, e - start, line, col);
				continue;
			}
			if (j != ALLY_AND) {
				pending = true;
				jat = start;
				jn = e - start;
			}
			if (a != NULL)
				join = (enum ally_join)j;
			continue;
		}
		w = s + start;
		wn = e - start;
		/* a full reference ("I/1a") stands for itself: not copied */
		if (book_len(w, wn) == 0 || !army_is_id(w, wn)) {
			resolve_ref(&t, *v, *n, first, full, w, wn);
			w = t.s;
			wn = t.len;
		}
		if (wn == 0) {
			if (pending) {
				not_a_ref(&q, s, jat, jn, line, col);
				pending = false;
				join = ALLY_AND;
			}
			not_a_ref(&q, s, start, i - start, line, col);
			continue;
		}
		/* as army_add_note: one past the limit is kept */
		if (*n <= ARMY_MAX_REFS) {
			add_ref(v, n, cap, w, wn);
			if (book_len(w, wn) > 0)
				full = *n;
			if (a != NULL)
				army_set_ally_join(a, *n - 1, join);
		}
		join = ALLY_AND;
		pending = false;
	}
	if (pending)    /* "or" with no reference after it */
		not_a_ref(&q, s, jat, jn, line, col);
	sbuf_free(&t);
	sbuf_free(&q);
}
#undef AT

void
army_refs(char ***v, size_t *n, size_t *cap, const char *s, size_t len)
{
	read_refs(v, n, cap, NULL, s, len, 0, 0);
}

/* Where an entry's allies end and its contingent begins: the first
 * colon of s when s begins with an army id ("II/40: 1x3Cv", "II/40
 * Numidians: 1x3Cv"); len: none.  *refs: where the references end, at
 * the first word before the colon that is no id, variant letter or join
 * word (the ally's name is left out). */
static size_t
contingent_at(const char *s, size_t len, size_t *refs)
{
	const char *c = memchr(s, ':', len);
	size_t b = 0, e, cn;
	bool first = true;

	if (c == NULL)
		return len;
	cn = (size_t)(c - s);
	for (*refs = 0;; first = false) {
		while (b < cn && (s[b] == ' ' || s[b] == ','))
			b++;
		for (e = b; e < cn && s[e] != ' ' && s[e] != ','; e++)
			;
		if (e == b)
			break;
		if (!army_is_id(s + b, e - b) && (first ||
		    (join_word(s + b, e - b) < 0 && !(e - b == 1 &&
		    s[b] >= 'a' && s[b] <= 'z'))))
			break;
		*refs = b = e;
	}
	return *refs > 0 ? cn : len;
}

void
army_refs_at(struct army *a, bool allies, const char *s, size_t len,
    long line, long col)
{
	size_t c, refs;
	const char *t;
	size_t tn;

	if (!allies) {
		read_refs(&a->enemies, &a->nenemies, &a->capenemies, NULL, s,
		    len, line, col);
		return;
	}
	if ((c = contingent_at(s, len, &refs)) < len) {
		t = s + c + 1;
		tn = len - c - 1;
		str_trim(&t, &tn);
		free(a->ally_elements);
		a->ally_elements = tn > 0 ? xstrndup(t, tn) : NULL;
		len = refs;
	}
	read_refs(&a->allies, &a->nallies, &a->capallies, a, s, len, line,
	    col);
}

void
srcmap_add(struct srcmap *m, size_t off, long line, long col)
{
	m->seg = xgrow(m->seg, &m->cap, m->n + 1, sizeof *m->seg);
	m->seg[m->n].off = off;
	m->seg[m->n].line = line;
	m->seg[m->n].col = col;
	m->n++;
}

void
srcmap_lookup(const struct srcmap *m, size_t off, long *line, long *col)
{
	size_t lo = 0, hi = m->n;

	*line = 0;
	*col = 0;
	if (m->n == 0)
		return;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (m->seg[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = m->seg[lo].line;
	if (m->seg[lo].col > 0)
		*col = m->seg[lo].col + (long)(off - m->seg[lo].off);
}

void
srcmap_reset(struct srcmap *m)
{
	m->n = 0;
}

void
srcmap_free(struct srcmap *m)
{
	free(m->seg);
	memset(m, 0, sizeof *m);
}

bool
package_has_troop(const struct package *p)
{
	size_t i, j;

	for (i = 0; i < p->n; i++) {
		const struct item *it = &p->items[i];

		for (j = 0; j < it->ntroops; j++)
			if (it->troops[j].t != NULL)
				return true;
		for (j = 0; j < it->npkgs; j++)
			if (package_has_troop(&it->pkgs[j]))
				return true;
	}
	return false;
}

const char *
army_lang(const char *s, size_t n)
{
	static const char *const v[] = { "de", "en", "es", "it", "ru", NULL };
	int k;

	for (k = 0; s != NULL && v[k] != NULL; k++)
		if (n == 2 && memcmp(s, v[k], 2) == 0)
			return v[k];
	return NULL;
}

bool
army_is_id(const char *s, size_t n)
{
	size_t i = 0, d;

	/* optional roman book number and slash */
	while (i < n && (s[i] == 'I' || s[i] == 'V' || s[i] == 'X'))
		i++;
	if (i > 0) {
		if (i == n || s[i] != '/')
			return false;
		i++;
	}
	d = i;
	if (i < n && s[i] == '0')
		return false;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == d || i - d > 6)
		return false;
	if (i < n && s[i] >= 'a' && s[i] <= 'z')
		i++;
	/* sub-variants such as "II/42b.1" */
	if (i + 1 < n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	return i == n;
}

void
army_note_escape(struct sbuf *b, const char *s, bool column)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\' || (column && *s == ':'))
			sbuf_addc(b, '\\');
		if (*s == '\n')
			sbuf_add(b, "\\n", 2);
		else
			sbuf_addc(b, *s);
	}
}

/* Undo the escapes of a note's column or text (\\ \: \n) into b. */
static void
note_unescape(struct sbuf *b, const char *s, size_t n)
{
	size_t i;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	for (i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n) {
			i++;
			sbuf_addc(b, s[i] == 'n' ? '\n' : s[i]);
		} else
			sbuf_addc(b, s[i]);
	}
}


void
army_note_line(struct army *a, const char *s, size_t n, const char *dflt)
{
	struct sbuf c = {0}, t = {0};
	size_t i;

	for (i = 0; i + 1 < n && !(s[i] == ':' && s[i + 1] == ' '); i++)
		if (s[i] == '\\')
			i++;
	if (i + 1 < n) {
		note_unescape(&c, s, i);
		note_unescape(&t, s + i + 2, n - i - 2);
	} else {
		note_unescape(&c, dflt, strlen(dflt));
		note_unescape(&t, s, n);
	}
	army_add_note(a, c.s, c.len, t.s, t.len);
	sbuf_free(&c);
	sbuf_free(&t);
}

bool
army_ref_match(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	const char *q;

	if (na > nb)
		return army_ref_match(b, a);
	if (strncmp(a, b, na) != 0 || na == 0)
		return false;
	if (na == nb)
		return true;
	if (a[na - 1] < '0' || a[na - 1] > '9')
		return false;
	for (q = b + na; *q != '\0'; q++)
		if (*q < 'a' || *q > 'z')
			return false;
	return true;
}

/* The length of the word character at s (n bytes left): a letter or
 * digit (any character past ASCII but the punctuation and blanks of
 * U+0080-U+00BF and U+2000-U+206F: quotes, dashes), or a '/' between a
 * digit or letter and a digit ("ii/40"); 0 when none. */
static size_t
word_char(const char *s, size_t n, bool in_word)
{
	unsigned char c = (unsigned char)s[0];
	size_t k;

	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	if (c == '/')
		return in_word && n > 1 && s[1] >= '0' && s[1] <= '9';
	if (c < 0x80)
		return 0;
	k = utf8_seqlen(s, n);
	if (c == 0xc2 || (c == 0xe2 && k == 3 && ((unsigned char)s[1] ==
	    0x80 || (unsigned char)s[1] == 0x81)))
		return 0;
	return k;
}

/* The word of s[0..n) at or after *at: its offset, its length in bytes
 * (0 at the end) and in characters (*chars); *at moves past it. */
static size_t
next_word(const char *s, size_t n, size_t *at, size_t *chars)
{
	size_t b = *at, e, k;

	while (b < n && word_char(s + b, n - b, false) == 0)
		b += utf8_seqlen(s + b, n - b);
	for (e = b, *chars = 0; e < n && (k = word_char(s + e, n - e,
	    e > b)) > 0; e += k)
		++*chars;
	*at = e;
	return b;
}

bool
army_word_named(const char *w, size_t wn, const char *text)
{
	struct sbuf fw = { 0 }, ft = { 0 }, tw = { 0 };
	size_t at = 0, a, an, chars, pre, b, bn, k;
	bool id = false, yes = false;

	if (wn == 0)
		return false;
	str_fold(&fw, w, wn);
	a = next_word(fw.s, fw.len, &at, &chars);
	an = at - a;
	for (k = pre = 0; k < an; k++)
		id = id || (fw.s[a + k] >= '0' && fw.s[a + k] <= '9');
	for (k = 0; pre < an && k < 4; k++)
		pre += utf8_seqlen(fw.s + a + pre, an - pre);
	fw.s[a + an] = '\0';       /* the word alone */
	str_fold(&ft, text, strlen(text));
	for (at = 0; an > 0 && !yes; ) {
		b = next_word(ft.s, ft.len, &at, &k);
		if ((bn = at - b) == 0)
			break;
		if (id) {
			sbuf_reset(&tw);
			sbuf_add(&tw, ft.s + b, bn);
			yes = army_ref_match(fw.s + a, tw.s);
		} else if (chars < 4)
			yes = bn == an && memcmp(ft.s + b, fw.s + a, an) == 0;
		else
			yes = bn >= pre && memcmp(ft.s + b, fw.s + a, pre) == 0;
	}
	sbuf_free(&fw);
	sbuf_free(&ft);
	sbuf_free(&tw);
	return yes;
}
