/* Combat readers: the line format and combat XML, and their checks. */
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "dba/combatin.h"
#include "dba/readin.h"
#include "rules/troop.h"

static int combatin_check(const struct rules *r, const struct combat *c);

/* The lookups of a reader's words, remembered: a combat line's words
 * repeat from line to line, and looking them up was a fifth of the
 * time of combat-calc.  Direct-mapped; a word longer than MEMO_WORD
 * is looked up every time.  Both lookups are pure functions of the
 * word (and the rules, one a reader). */
#define MEMO_SLOTS 64           /* a power of two */
#define MEMO_WORD 14
enum { MEMO_TROOP = 1, MEMO_FLAG };

struct memo_slot {
	char word[MEMO_WORD];
	unsigned char len;      /* 0: empty */
	unsigned char kind;     /* MEMO_TROOP, MEMO_FLAG */
	const struct troop *troop;
	int sub, flag;
};

struct memo {
	struct memo_slot slot[MEMO_SLOTS];
};

/* The slot of word s[0..n) as kind, and whether it holds it; a slot
 * not holding it is taken for it (the caller fills it in).  NULL when
 * there is no memo or the word does not fit. */
static inline struct memo_slot *
memo_at(struct memo *m, int kind, const char *s, size_t n, bool *hit)
{
	struct memo_slot *e;
	size_t j;

	*hit = false;
	if (m == NULL || n == 0 || n > MEMO_WORD)
		return NULL;
	e = &m->slot[(n * 8 + (unsigned char)s[0] * 3 +
	    (unsigned char)s[n - 1] + (unsigned)kind) & (MEMO_SLOTS - 1)];
	if (e->len == n && e->kind == kind) {
		for (j = 0; j < n && e->word[j] == s[j]; j++)
			;
		if (j == n) {
			*hit = true;
			return e;
		}
	}
	memcpy(e->word, s, n);
	e->len = (unsigned char)n;
	e->kind = (unsigned char)kind;
	return e;
}

/* rules_troop_find, remembered. */
static const struct troop *
memo_troop(const struct rules *r, struct memo *m, const char *s, size_t n,
    int *sub)
{
	bool hit;
	struct memo_slot *e = memo_at(m, MEMO_TROOP, s, n, &hit);

	if (hit) {
		*sub = e->sub;
		return e->troop;
	}
	if (e == NULL)
		return rules_troop_find(r, s, n, sub);
	e->troop = rules_troop_find(r, s, n, &e->sub);
	*sub = e->sub;
	return e->troop;
}

/* The flag of a word (readin_index), remembered. */
static int
memo_flag(struct memo *m, const char *s, size_t n)
{
	bool hit;
	struct memo_slot *e = memo_at(m, MEMO_FLAG, s, n, &hit);

	if (hit)
		return e->flag;
	if (e == NULL)
		return readin_index(s, n, flag_name, F_N);
	return e->flag = readin_index(s, n, flag_name, F_N);
}

enum { CKW_NONE, CKW_VS, CKW_SHOOTS, CKW_DICE };

static inline int
keyword(const struct tok *t)
{
	/* by length, then by letters: every token of a line is asked, most
	 * are no keyword (c | 0x20 is the lower case of a letter c, and
	 * only of it) */
	if (t->val != NULL || t->quoted)
		return CKW_NONE;
	switch (t->klen) {
	case 2:
		return (t->s[0] | 0x20) == 'v' && (t->s[1] | 0x20) == 's' ?
		    CKW_VS : CKW_NONE;
	case 4:
		return (t->s[0] | 0x20) == 'd' && (t->s[1] | 0x20) == 'i' &&
		    (t->s[2] | 0x20) == 'c' && (t->s[3] | 0x20) == 'e' ?
		    CKW_DICE : CKW_NONE;
	case 5:         /* German */
		return str_ieq(t->s, 5, "gegen") ? CKW_VS : CKW_NONE;
	case 6:
		return str_ieq(t->s, 6, "shoots") ? CKW_SHOOTS :
		    str_ieq(t->s, 6, "versus") ? CKW_VS : CKW_NONE;
	case 12:        /* Russian "против", "Против", "ПРОТИВ" */
		return memcmp(t->s, "\xd0\xbf\xd1\x80\xd0\xbe\xd1\x82\xd0\xb8"
		    "\xd0\xb2", 12) == 0 || memcmp(t->s, "\xd0\x9f\xd1\x80"
		    "\xd0\xbe\xd1\x82\xd0\xb8\xd0\xb2", 12) == 0 ||
		    memcmp(t->s, "\xd0\x9f\xd0\xa0\xd0\x9e\xd0\xa2\xd0\x98"
		    "\xd0\x92", 12) == 0 ? CKW_VS : CKW_NONE;
	default:
		return CKW_NONE;
	}
}

static int
known_troop(const struct rules *r, const struct troop *t, long line,
    long col)
{
	char tail[96];

	if (combat_judged(r, t->id))
		return 0;
	DIAG(COMBAT_NO_FACTORS, line, col, t->code, r->edition,
	    rules_elsewhere(r, t->id, tail, sizeof tail));
	return -1;
}

/* The troop at toks[*i], one token or two ("Light Horse"). */
static int
side_troop(const struct rules *r, struct memo *m, struct toks *tk, size_t *i,
    long line, struct side *s)
{
	const struct tok *a = &tk->v[*i], *b;
	const struct troop *t = NULL;

	s->col = a->col;
	s->sub = 0;
	if (a->val == NULL)
		t = memo_troop(r, m, a->s, a->len, &s->sub);
	if (t == NULL && *i + 1 < tk->n) {
		b = &tk->v[*i + 1];
		if (keyword(b) == CKW_NONE && b->val == NULL &&
		    (t = troop_find2(a->s, a->len, b->s, b->len)) != NULL)
			(*i)++;
	}
	(*i)++;
	if (t == NULL) {
		troop_unknown(a->s, a->len, line, a->col);
		return -1;
	}
	s->troop = t->id;
	return known_troop(r, t, line, a->col);
}

static void
unknown_flag(const struct tok *t, long line)
{
	static const char *cands[F_N + 3];
	const char *sug;
	int f;

	for (f = 0; f < F_N; f++)
		cands[f] = flag_name(f);
	cands[F_N] = "vs";
	cands[F_N + 1] = "shoots";
	cands[F_N + 2] = "dice";
	sug = tok_suggest(t->s, t->klen, cands, F_N + 3);
	DIAG(UNKNOWN_FLAG, line, t->col, tok_str(t), diag_suggest(sug));
}

/* Set flag f on s from its value text (NULL: none); -1 reported. */
static int
set_flag(const struct rules *r, struct side *s, int f, const char *v,
    size_t vlen, long line, long col, long vcol)
{
	struct rules_count fr = combat_count(r, f);
	long x = fr.max != 0 ? fr.dflt : 1;

	if (s->has[f]) {
		DIAG(DUPLICATE_FLAG, line, col, flag_name(f));
		return -1;
	}
	if (fr.max == 0 && v != NULL) {
		DIAG(FLAG_NO_VALUE, line, vcol, flag_name(f),
		    diag_tail(" '%.*s'", (int)vlen, v));
		return -1;
	}
	if (fr.max != 0 && v == NULL && fr.dflt < 0) {
		DIAG(FLAG_VALUE, line, col, flag_name(f), flag_name(f),
		    diag_tail("%d-%d", fr.min, fr.max));
		return -1;
	}
	if (v != NULL && num_long(v, vlen, fr.min, fr.max, &x) < 0) {
		DIAG(BAD_VALUE, line, vcol, (int)vlen, v, flag_name(f),
		    diag_tail("%d-%d", fr.min, fr.max));
		return -1;
	}
	s->has[f] = true;
	s->flags |= 1u << f;
	s->val[f] = (int)x;
	s->fcol[f] = col;
	return 0;
}

/* Flags up to a keyword or the end; -2 stops the line. */
static int
side_flags(const struct rules *r, struct memo *m, struct toks *tk, size_t *i,
    long line, struct side *s)
{
	const struct tok *t;
	int f, rc = 0;

	for (; *i < tk->n && keyword(&tk->v[*i]) == CKW_NONE; (*i)++) {
		t = &tk->v[*i];
		f = t->quoted ? -1 : memo_flag(m, t->s, t->klen);
		/* bad going: difficult by another name (dba3) */
		if (f < 0 && !t->quoted && t->klen == 3 &&
		    str_ieq(t->s, t->klen, "bad"))
			f = F_DIFFICULT;
		if (f >= 0) {
			if (set_flag(r, s, f, t->val, t->vlen, line, t->col,
			    t->vcol) < 0)
				rc = -1;
			continue;
		}
		if (t->val == NULL && troop_find(t->s, t->len) != NULL) {
			DIAG(MISSING_VS, line, t->col,
			    diag_tail(" before '%s'", tok_str(t)));
			return -2;
		}
		unknown_flag(t, line);
		rc = -1;
	}
	return rc;
}

static int
parse_dice(const struct rules *r, struct toks *tk, size_t *i, long line,
    struct combat *c)
{
	const struct tok *t;
	long x;
	int k, rc = 0;

	(*i)++;
	for (k = 0; k < 2; k++, (*i)++) {
		if (*i >= tk->n) {
			DIAG(MISSING_DIE, line, readin_end_col(tk), r->die);
			return -1;
		}
		t = &tk->v[*i];
		if (num_long(t->s, t->len, 1, r->die, &x) < 0) {
			DIAG(BAD_DIE, line, t->col, (int)t->len, t->s,
			    r->die);
			rc = -1;
			continue;
		}
		c->dice[k] = (int)x;
		c->dcol[k] = t->col;
	}
	c->has_dice = true;
	return rc;
}

/* A side: its troop and its flags; -2 stops the line. */
static int
parse_side(const struct rules *r, struct memo *m, struct toks *tk, size_t *i,
    long line, struct side *s)
{
	int rc = side_troop(r, m, tk, i, line, s) < 0 ? -1 : 0, fr;

	if ((fr = side_flags(r, m, tk, i, line, s)) == -2)
		return -2;
	return rc | fr;
}

/* A combat emptied but for the columns of the flags (read only where
 * a flag is given): a memset of it all was a tenth of the time of
 * combat-calc. */
static void
combat_clear(struct combat *c)
{
	int k;

	c->file = NULL;
	c->line = 0;
	c->shooting = false;
	c->has_dice = false;
	c->dice[0] = c->dice[1] = 0;
	c->dcol[0] = c->dcol[1] = 0;
	c->unjudged = false;
	for (k = 0; k < 2; k++) {
		c->s[k].troop = 0;
		c->s[k].sub = 0;
		c->s[k].col = 0;
		c->s[k].flags = 0;
		memset(c->s[k].has, 0, sizeof c->s[k].has);
		/* in two: a memset of 84 bytes is a rep stos, slower than
		 * the vector stores of two of 44 and 40 */
		memset(c->s[k].val, 0, 11 * sizeof c->s[k].val[0]);
		memset(c->s[k].val + 11, 0, (F_N - 11) * sizeof c->s[k].val[0]);
	}
}

/* combatin_parse_line with a memo (or none). */
static int
parse_line(const struct rules *r, struct memo *m, struct toks *tk,
    const char *line, size_t len, long lineno, struct combat *c)
{
	size_t i = 0;
	int rc = 0, k, fr;

	if (tok_split(tk, line, len, lineno) < 0)
		return -1;
	if (tk->n == 0)
		return 0;
	combat_clear(c);
	c->line = lineno;
	if (keyword(&tk->v[0]) != CKW_NONE) {
		DIAG(MISSING_TROOP_BEFORE, lineno, tk->v[0].col,
		    tok_str(&tk->v[0]));
		return -1;
	}
	if ((fr = parse_side(r, m, tk, &i, lineno, &c->s[0])) == -2)
		return -1;
	rc |= fr;
	k = i < tk->n ? keyword(&tk->v[i]) : CKW_NONE;
	if (k != CKW_VS && k != CKW_SHOOTS) {
		if (i < tk->n)
			DIAG(MISSING_VS, lineno, tk->v[i].col,
			    diag_tail(" before '%s'", tok_str(&tk->v[i])));
		else
			DIAG(MISSING_VS, lineno, readin_end_col(tk), "");
		return -1;
	}
	c->shooting = k == CKW_SHOOTS;
	if (++i >= tk->n || keyword(&tk->v[i]) != CKW_NONE) {
		DIAG(MISSING_TROOP_AFTER, lineno, i < tk->n ? tk->v[i].col :
		    readin_end_col(tk), c->shooting ? "shoots" : "vs");
		return -1;
	}
	if ((fr = parse_side(r, m, tk, &i, lineno, &c->s[1])) == -2)
		return -1;
	rc |= fr;
	if (i < tk->n && keyword(&tk->v[i]) == CKW_DICE &&
	    parse_dice(r, tk, &i, lineno, c) < 0)
		rc = -1;
	if (i < tk->n) {
		DIAG(UNEXPECTED, lineno, tk->v[i].col, tok_str(&tk->v[i]));
		rc = -1;
	}
	if (rc == 0 && combatin_check(r, c) < 0)
		rc = -1;
	return rc < 0 ? -1 : 1;
}

int
combatin_parse_line(const struct rules *r, struct toks *tk, const char *line,
    size_t len, long lineno, struct combat *c)
{
	return parse_line(r, NULL, tk, line, len, lineno, c);
}

static long
later(const struct side *s, int a, int b)
{
	long ca = s->has[a] ? s->fcol[a] : 0, cb = s->has[b] ? s->fcol[b] : 0;

	return ca > cb ? ca : cb;
}

static const char *
en_name(const struct side *s)
{
	const struct troop *t = troop_at((size_t)s->troop);

	return t->name[LANG_EN] != NULL ? t->name[LANG_EN] : t->code;
}

/* The flags of which check_side finds fault with one in close combat
 * (difficult and rear only beside rough and camp); overlap and flank
 * only by their sum. */
#define CHECKED_FLAGS (1u << F_SHOOTERS | 1u << F_SUPPORT | 1u << F_SIDE | \
	1u << F_ROUGH | 1u << F_PSILOI | 1u << F_CAMP | 1u << F_ATTACKERS | \
	1u << F_ATTACKS_CAMP | 1u << F_FORD | 1u << F_RIVER_ROLL)

static int
check_side(const struct rules *r, const struct combat *c, int i)
{
	const struct side *s = &c->s[i];
	const struct rules_troop *t = &r->t[s->troop];
	long l = c->line;
	int rc = 0, f;

	/* most sides in close combat give none of the flags looked at
	 * below, nor too many overlaps */
	if (!c->shooting && (s->flags & CHECKED_FLAGS) == 0 &&
	    (r->limit_overlap_flank <= 0 ||
	    s->val[F_OVERLAP] + s->val[F_FLANK] <= r->limit_overlap_flank))
		return 0;
	if (c->shooting) {
		for (f = 0; f < F_N; f++)
			if (s->has[f] && f != F_GENERAL && f != F_CAMP &&
			    f != F_BUA && f != F_DIFFICULT && f != F_ROUGH &&
			    !(f == F_SHOOTERS && i == 1)) {
				if (f == F_SHOOTERS)
					DIAG(FLAG_ON_SHOOTER, l, s->fcol[f],
					    flag_name(f));
				else
					DIAG(FLAG_IN_SHOOTING, l, s->fcol[f],
					    flag_name(f));
				rc = -1;
			}
	} else if (s->has[F_SHOOTERS]) {
		DIAG(SHOOTERS_IN_CLOSE, l, s->fcol[F_SHOOTERS]);
		rc = -1;
	}
	if (s->has[F_SUPPORT] && s->has[F_PSILOI]) {
		DIAG(SUPPORT_PSILOI, l, later(s, F_SUPPORT, F_PSILOI));
		rc = -1;
	}
	if (s->has[F_SUPPORT] && !t->has_rear) {
		DIAG(NO_REAR_SUPPORT, l, s->fcol[F_SUPPORT], en_name(s));
		rc = -1;
	}
	if (s->has[F_SIDE] && !t->has_side) {
		DIAG(NO_SIDE_SUPPORT, l, s->fcol[F_SIDE], en_name(s),
		    r->edition);
		rc = -1;
	}
	if (s->has[F_ROUGH] && !r->has_rough) {
		DIAG(NO_ROUGH_GOING, l, s->fcol[F_ROUGH], r->edition);
		rc = -1;
	}
	if (s->has[F_ROUGH] && s->has[F_DIFFICULT]) {
		DIAG(ROUGH_AND_BAD, l, later(s, F_ROUGH, F_DIFFICULT));
		rc = -1;
	}
	if (s->has[F_PSILOI] && !t->has_psiloi) {
		DIAG(NO_PSILOI_SUPPORT, l, s->fcol[F_PSILOI], en_name(s));
		rc = -1;
	}
	/* an edition's limit (none in dba1 and dba22: -1 each) */
	if (r->limit_overlap_flank > 0 &&
	    s->val[F_OVERLAP] + s->val[F_FLANK] > r->limit_overlap_flank) {
		DIAG(OVERLAPS, l, later(s, F_OVERLAP, F_FLANK),
		    r->limit_overlap_flank);
		rc = -1;
	}
	for (f = F_FLANK; f <= F_REAR; f++)
		if (s->has[F_CAMP] && s->has[f] && s->val[f] > 0) {
			DIAG(FLAG_ON_CAMP, l, s->fcol[f], flag_name(f));
			rc = -1;
		}
	if (s->has[F_OVERLAP] && s->val[F_OVERLAP] > 0 && s->has[F_CAMP] &&
	    r->assault_no_overlap) {
		DIAG(FLAG_ON_CAMP, l, s->fcol[F_OVERLAP], flag_name(F_OVERLAP));
		rc = -1;
	}
	if (s->has[F_ATTACKERS] && (r->assault == 0 ||
	    (!s->has[F_CAMP] && !s->has[F_BUA]))) {
		DIAG(ATTACKERS_NO_ASSAULT, l, s->fcol[F_ATTACKERS],
		    r->assault == 0 ? diag_tail(" (no assault factor "
		    "in %s)", r->edition) : "");
		rc = -1;
	}
	if (s->has[F_CAMP] && s->has[F_ATTACKS_CAMP]) {
		DIAG(CAMP_ATTACKS_CAMP, l, later(s, F_CAMP, F_ATTACKS_CAMP));
		rc = -1;
	}
	for (f = F_FORD; f <= F_RIVER_ROLL; f++)
		if (s->has[f] && !s->has[F_RIVERBANK]) {
			DIAG(NO_RIVERBANK, l, s->fcol[f], flag_name(f));
			rc = -1;
		}
	return rc;
}

static void
shooter_list(const struct rules *r, char *buf, size_t n)
{
	const struct troop *t;
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < RULES_MAXTROOPS && (t = troop_at(i)) != NULL; i++)
		if (r->t[i].shooter && k < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s",
			    k ? ", " : "", t->code);
}

/* Flags that contradict each other (combat-calc(1)); -1 after
 * reporting. */
static int
combatin_check(const struct rules *r, const struct combat *c)
{
	const struct side *a = &c->s[0], *b = &c->s[1];
	char list[128];
	int rc = 0;

	if (c->shooting && !r->t[a->troop].shooter) {
		shooter_list(r, list, sizeof list);
		DIAG(CANNOT_SHOOT, c->line, a->col,
		    troop_at((size_t)a->troop)->code, list);
		rc = -1;
	}
	if (check_side(r, c, 0) < 0)
		rc = -1;
	if (check_side(r, c, 1) < 0)
		rc = -1;
	if (a->has[F_CAMP] && b->has[F_CAMP]) {
		DIAG(TWO_CAMPS, c->line, b->fcol[F_CAMP]);
		rc = -1;
	}
	return rc;
}

void
combatin_read_lines(const struct rules *r, struct input *in, combatin_fn fn,
    void *ctx)
{
	struct toks tk = {0};
	struct combat c;
	struct memo m;
	const char *line;
	size_t len;

	memset(&m, 0, sizeof m);
	while (readin_line(in, &line, &len))
		if (parse_line(r, &m, &tk, line, len, in->line, &c) == 1) {
			c.file = in->name;
			fn(ctx, &c);
		}
	tok_free(&tk);
}

/* ---- XML ------------------------------------------------------------ */

static const char *const side_out_attrs[] = {
	"troop", "class", "factor", "total", "die", "score", NULL
};

/* A side; listed: a type without factors is no error (an unjudged
 * combat of --matchup read back). */
static int
xml_side(const struct rules *r, xmlNodePtr n, long hint, bool listed,
    struct side *s)
{
	long line = xmlio_node_line(n, hint);
	struct rules_count fr;
	const struct troop *t;
	xmlAttrPtr a;
	char *v;
	int f, rc = 0;

	memset(s, 0, sizeof *s);
	v = xmlio_attr(n, "troop");
	if (v == NULL) {
		DIAG(MISSING_ATTRIBUTE, line, 0, "troop", "side");
		return -1;
	}
	if ((t = rules_troop_find(r, v, strlen(v), &s->sub)) == NULL &&
	    (t = troop_lookup_or_suggest(v, strlen(v), line, 0)) == NULL)
		rc = -1;
	else {
		s->troop = t->id;
		if (!listed || combat_judged(r, t->id))
			rc = known_troop(r, t, line, 0);
	}
	xmlFree(v);
	for (a = n->properties; a != NULL; a = a->next) {
		const char *name = (const char *)a->name;

		if ((f = readin_index(name, strlen(name), flag_name,
		    F_N)) < 0) {
			if (!xmlio_attr_known(name, "side", line,
			    side_out_attrs, flag_name, F_N))
				rc = -1;
			continue;
		}
		v = xmlio_attr(n, name);
		fr = combat_count(r, f);
		if (strcmp(v, "no") == 0 || (strcmp(v, "0") == 0 &&
		    fr.min == 0 && fr.max != 0)) {
			xmlFree(v);
			continue;
		}
		if (strcmp(v, "yes") == 0 && fr.dflt != -1) {
			if (set_flag(r, s, f, NULL, 0, line, 0, 0) < 0)
				rc = -1;
		} else if (set_flag(r, s, f, v, strlen(v), line, 0, 0) < 0)
			rc = -1;
		s->fcol[f] = 0;
		xmlFree(v);
	}
	return rc;
}

static int
xml_dice(const struct rules *r, const char *v, long line, struct combat *c)
{
	long a, b;
	char *end;

	a = strtol(v, &end, 10);
	b = strtol(end, &end, 10);
	while (*end == ' ')
		end++;
	if (*end != '\0' || a < 1 || a > r->die || b < 1 || b > r->die) {
		DIAG(BAD_DICE, line, 0, v, r->die);
		return -1;
	}
	c->has_dice = true;
	c->dice[0] = (int)a;
	c->dice[1] = (int)b;
	return 0;
}

static int
xml_combat(const struct rules *r, xmlNodePtr n, long hint,
    struct combat *c)
{
	static const char *const attrs[] = { "kind", "dice", "file", "line",
	    "unjudged", NULL };
	long line = xmlio_node_line(n, hint), given;
	xmlNodePtr k;
	char *v;
	int ns = 0, rc;
	bool listed = false;

	memset(c, 0, sizeof *c);
	c->line = line;
	rc = xmlio_attrs_known(n, "combat", line, attrs);
	rc |= readin_xml_line(n, line, &given);
	if ((v = xmlio_attr(n, "kind")) != NULL) {
		if (strcmp(v, "shooting") == 0)
			c->shooting = true;
		else if (strcmp(v, "close") != 0) {
			DIAG(BAD_KIND, line, 0, v);
			rc = -1;
		}
		xmlFree(v);
	}
	if ((v = xmlio_attr(n, "dice")) != NULL) {
		rc |= xml_dice(r, v, line, c);
		xmlFree(v);
	}
	if ((v = xmlio_attr(n, "unjudged")) != NULL) {
		listed = strcmp(v, "yes") == 0;
		xmlFree(v);
	}
	for (k = n->children; k != NULL; k = k->next) {
		if (k->type != XML_ELEMENT_NODE ||
		    strcmp((const char *)k->name, "side") != 0)
			continue;
		if (ns < 2 && xml_side(r, k, line, listed, &c->s[ns]) < 0)
			rc = -1;
		ns++;
	}
	if (ns != 2) {
		DIAG(TWO_SIDES, line, 0, ns);
		return -1;
	}
	c->unjudged = listed && (!combat_judged(r, c->s[0].troop) ||
	    !combat_judged(r, c->s[1].troop));
	if (rc == 0 && !c->unjudged && combatin_check(r, c) < 0)
		rc = -1;
	c->line = given;        /* the checks spoke at the XML's line */
	return rc;
}

void
combatin_read_xml(const struct rules *r, struct input *in, combatin_fn fn,
    void *ctx)
{
	xmlTextReaderPtr rd = xmlio_reader(in);
	struct combat c;
	xmlNodePtr n;
	int rc, depth;
	long hint = 0;
	const char *name;

	if (rd == NULL)
		return;
	while ((rc = xmlio_next_element(rd, in->name, 1, &hint)) == 1) {
		depth = xmlTextReaderDepth(rd);
		name = (const char *)xmlTextReaderConstLocalName(rd);
		if (depth == 0 && strcmp(name, "combats") != 0) {
			DIAG(UNEXPECTED_ROOT, xmlio_line(rd), 0, name,
			    "combats");
			break;
		}
		if (depth != 1)
			continue;
		if (strcmp(name, "combat") != 0) {
			DIAG(UNEXPECTED_ELEMENT,
			    xmlio_node_line(xmlTextReaderCurrentNode(rd), hint),
			    0, name, "combat");
			xmlTextReaderNext(rd);
			continue;
		}
		if ((n = xmlTextReaderExpand(rd)) == NULL)
			break;
		if (xml_combat(r, n, hint, &c) == 0) {
			c.file = in->name;
			fn(ctx, &c);
		}
	}
	if (rc < 0 && diag_file_errors() == 0)
		DIAG(XML_UNPARSABLE, 0, 0, "input");
	xmlFreeTextReader(rd);
}
