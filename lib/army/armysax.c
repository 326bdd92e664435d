/* armysax: armylist XML read the fast way.  libxml2's push parser hands
 * its SAX2 events here (core/xmlio.h), element and attribute names are
 * told apart by their addresses in the parser's dictionary, and the
 * document is checked against formats/armylist.rng by the code below,
 * written for that one schema (tests/unit/test_armysax.c holds it to
 * libxml2's verdict on the fuzz corpus, the hostile files and the
 * regress inputs).  The armies are built as armyxml.c's reader builds
 * them.
 *
 * Only a document with nothing to report is read this way: at anything
 * else (an error of libxml2 or of the schema, a diagnostic of ours, a
 * line past 65535 that a message could need, a limit of libxml2's tree
 * builder coming near) the reader stops, and armyxml.c reads the input
 * again with libxml2's streaming reader, which says what it has to say;
 * the armies handed on already are read again silently, not handed on
 * twice.  So that the reader would have handed them on too, and before
 * saying anything, an army is handed on only once the parser stands
 * ARMYSAX_HOLD bytes past its end (libxml2's reader reads a few
 * kilobytes ahead), or at the end of a document that ended well. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmliofacet.h"


/* The schema this code checks: formats/armylist.rng of that length and
 * hash (xmlio_schema_hash); another one is read the usual way. */
#define ARMYSAX_RNG_LEN 6648
#define ARMYSAX_RNG_HASH UINT64_C(0x085b6d8f513d88c8)
/* An army is handed on this far behind the parser. */
#define ARMYSAX_HOLD (2 * XMLIO_PUSH_CHUNK)
/* Limits of libxml2's tree builder, kept well within: nesting (it stops
 * past 256) and one text (10,000,000 bytes, counted with its slack). */
#define ARMYSAX_DEPTH 250
#define ARMYSAX_TEXT 2000000
/* The most of a stream (not a file) kept to read again. */
#define ARMYSAX_KEEP ((size_t)4 << 20)

enum el { E_NONE, E_ARMYLISTS, E_ARMY, E_NAME, E_PERIOD, E_TERRAIN,
	E_AGGRESSION, E_SOURCES, E_DBM, E_PLAYER, E_YEAR, E_ENEMIES, E_ALLIES,
	E_ELEMENTS, E_NOTE, E_REF, E_CHOICE, E_PACKAGE, E_ELEMENT, E_TROOP,
	E_N };
static const char *const el_names[E_N] = { "", "armylists", "army",
	"name", "period", "terrain", "aggression", "sources", "dbm", "player",
	"year", "enemies", "allies", "elements", "note", "ref", "choice",
	"package", "element", "troop" };

enum at { A_VERSION, A_RULES, A_RULES_FROM, A_ID, A_FILE, A_LINE,
	A_INCOMPLETE, A_LANG, A_FROM, A_TO, A_APPROX, A_RANGES, A_ELEMENTS,
	A_JOIN, A_TEXT, A_COUNT, A_GENERAL, A_CODE, A_NAME, A_WRITTEN,
	A_FIGURES, A_MOUNTED, A_DISMOUNT, A_DIS_NAME, A_DIS_WRITTEN,
	A_DIS_FIGURES, A_NOTE, A_COLUMN, A_N };
static const char *const at_names[A_N] = { "version", "rules",
	"rules-from", "id", "file", "line", "incomplete", "lang", "from", "to",
	"approx", "ranges", "elements", "join", "text", "count", "general",
	"code", "name", "written", "figures", "mounted", "dismount",
	"dismount-name", "dismount-written", "dismount-figures", "note",
	"column" };

/* What an attribute's value must be. */
enum ty { T_STRING, T_TOKEN, T_FACET, T_POSINT, T_YEAR, T_YES, T_ONE,
	T_LANG, T_FROM, T_JOIN, T_RANGES };
static const char *const langs[] = { "de", "en", "es", "it", "ru", NULL };
static const char *const froms[] = { "option", "environment", "carrier",
	"default", NULL };
static const char *const joins[] = { "or", "and/or", NULL };
static const char *const yes[] = { "yes", NULL };
static const char *const one[] = { "1", NULL };

/* The attributes of each element: A_N ends a list; required ones
 * first, nreq of them. */
static const struct elattrs {
	unsigned char nreq;
	unsigned char a[12];
	unsigned char t[12];
} el_attrs[E_N] = {
	[E_NONE] = { 0, { A_N }, { 0 } },
	[E_ARMYLISTS] = { 1, { A_VERSION, A_RULES, A_RULES_FROM, A_N },
	    { T_ONE, T_TOKEN, T_FROM } },
	[E_ARMY] = { 1, { A_ID, A_FILE, A_LINE, A_INCOMPLETE, A_N },
	    { T_FACET, T_STRING, T_POSINT, T_YES } },
	[E_NAME] = { 1, { A_LANG, A_N }, { T_LANG } },
	[E_PERIOD] = { 0, { A_FROM, A_TO, A_APPROX, A_RANGES, A_N },
	    { T_YEAR, T_YEAR, T_YES, T_RANGES } },
	[E_TERRAIN] = { 0, { A_N }, { 0 } },
	[E_AGGRESSION] = { 0, { A_N }, { 0 } },
	[E_SOURCES] = { 0, { A_N }, { 0 } },
	[E_DBM] = { 0, { A_N }, { 0 } },
	[E_PLAYER] = { 0, { A_N }, { 0 } },
	[E_YEAR] = { 0, { A_N }, { 0 } },
	[E_ENEMIES] = { 0, { A_N }, { 0 } },
	[E_ALLIES] = { 0, { A_ELEMENTS, A_N }, { T_STRING } },
	[E_ELEMENTS] = { 0, { A_TEXT, A_N }, { T_STRING } },
	[E_NOTE] = { 1, { A_COLUMN, A_N }, { T_STRING } },
	[E_REF] = { 0, { A_JOIN, A_N }, { T_JOIN } },
	[E_CHOICE] = { 0, { A_N }, { 0 } },
	[E_PACKAGE] = { 0, { A_N }, { 0 } },
	[E_ELEMENT] = { 1, { A_COUNT, A_GENERAL, A_N },
	    { T_POSINT, T_YES } },
	[E_TROOP] = { 1, { A_CODE, A_NAME, A_WRITTEN, A_FIGURES, A_MOUNTED,
	    A_DISMOUNT, A_DIS_NAME, A_DIS_WRITTEN, A_DIS_FIGURES, A_NOTE,
	    A_N }, { T_FACET, T_STRING, T_STRING, T_FACET, T_YES, T_FACET,
	    T_STRING, T_STRING, T_FACET, T_STRING } },
};

/* The children of an army, in the order of the schema; those that must
 * be there. */
static const unsigned char army_seq[] = { E_NAME, E_PERIOD, E_TERRAIN,
	E_AGGRESSION, E_SOURCES, E_DBM, E_PLAYER, E_YEAR, E_ENEMIES,
	E_ALLIES, E_ELEMENTS, E_NOTE };
#define SEQ_N (sizeof army_seq / sizeof army_seq[0])
static const bool army_must[SEQ_N] = { true, false, false, false, false,
	false, false, false, true, false, true, false };

/* An element open. */
struct frame {
	enum el e;
	int seen;                  /* children (army: the last one's place
	                            * in army_seq) */
	struct item *it;           /* element, choice being built */
	struct package *list;      /* where its items go */
	long line;
	char *col;                 /* <note>: its column */
	int join;                  /* <ref> of <allies>: its join */
};

/* An army read, waiting to be handed on. */
struct held {
	struct army a;
	long long end;             /* the parser's place at its end */
};

struct sax {
	struct xmlio_push *p;
	const char *file;
	const xmlChar *el[E_N], *at[A_N];
	const struct xmlio_facet *facet[A_N];
	struct frame st[ARMYSAX_DEPTH + 1];
	int depth;
	struct sbuf text;          /* the text of the open element */
	size_t run;                /* text since the last tag */
	/* the attributes of the element at hand, decoded */
	const xmlChar *av[A_N], *ae[A_N];
	uint32_t have;
	uint32_t strings;          /* string_attrs() */
	struct sbuf val;
	bool check;                /* check only, build nothing */
	/* the army being read (a: &cur, or NULL) */
	struct army cur, *a;
	long left;                 /* entries it may still hold */
	bool dropped;
	char *label, *from;        /* of the root */
	long label_line;
	/* the armies read, not yet handed on */
	struct held *q;
	size_t qhead, qn, qcap;
	army_cb cb;
	void *ctx;
	long handed;
};

static void
stop(struct sax *s)
{
	xmlio_push_stop(s->p);
}

static bool
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The attributes el_attrs types as strings (T_STRING), a bit each:
 * read as written.  The others are tokens and numbers, whose blanks
 * the schema collapses. */
static uint32_t
string_attrs(void)
{
	uint32_t m = 0;
	size_t e, j;

	for (e = 0; e < E_N; e++)
		for (j = 0; el_attrs[e].a[j] != A_N; j++)
			if (el_attrs[e].t[j] == T_STRING)
				m |= UINT32_C(1) << el_attrs[e].a[j];
	return m;
}

/* The value of attribute k at hand, as the tree would hold it ("&#38;"
 * back to '&'), a token's blanks collapsed as the schema reads it
 * (" I/1a " is I/1a), in s->val (valid until the next call); NULL:
 * absent. */
static const char *
val(struct sax *s, enum at k)
{
	const xmlChar *v = s->av[k], *e = s->ae[k], *amp;

	if (!(s->have & (UINT32_C(1) << k)))
		return NULL;
	sbuf_reset(&s->val);
	sbuf_add(&s->val, "", 0);
	while ((amp = memchr(v, '&', (size_t)(e - v))) != NULL) {
		sbuf_add(&s->val, (const char *)v, (size_t)(amp - v));
		if (e - amp >= 5 && memcmp(amp, "&#38;", 5) == 0) {
			sbuf_add(&s->val, "&", 1);
			v = amp + 5;
		} else {
			sbuf_add(&s->val, "&", 1);
			v = amp + 1;
		}
	}
	sbuf_add(&s->val, (const char *)v, (size_t)(e - v));
	if (!(s->strings & (UINT32_C(1) << k)))
		s->val.len = str_collapse(s->val.s);
	return sbuf_str(&s->val);
}

static char *
dup(struct sax *s, enum at k)
{
	const char *v = val(s, k);

	return v != NULL ? xstrdup(v) : NULL;
}

/* Whether v, its blanks collapsed (a <value>'s token), is one of w. */
static bool
token_in(const char *v, const char *const *w)
{
	size_t i, n;
	const char *p;

	for (; *w != NULL; w++) {
		p = v;
		while (blank(*p))
			p++;
		n = strlen(*w);
		if (strncmp(p, *w, n) != 0)
			continue;
		for (i = n; blank(p[i]); i++)
			;
		if (p[i] == '\0')
			return true;
	}
	return false;
}

/* An XML Schema integer as libxml2 reads one: blanks around it, a sign,
 * digits (at most 24 past the leading zeros).  -1 when it is not one;
 * else 0 with *neg, and *v its value (LONG_MAX when it has more than 9
 * digits) . */
static int
xsd_int(const char *p, const char *end, bool *neg, long *v)
{
	int nd = 0;

	*neg = false;
	*v = 0;
	while (p < end && blank(*p))
		p++;
	if (p < end && (*p == '-' || *p == '+'))
		*neg = *p++ == '-';
	if (p == end || *p < '0' || *p > '9')
		return -1;
	while (p < end && *p == '0')
		p++;
	for (; p < end && *p >= '0' && *p <= '9'; p++, nd++)
		if (nd < 10)
			*v = *v * 10 + (*p - '0');
	if (nd > 24)
		return -1;
	if (nd > 9)
		*v = 1000000000L;
	while (p < end && blank(*p))
		p++;
	return p == end ? 0 : -1;
}

/* The year of the schema: an integer of -100000 to 100000. */
static bool
year_ok(const char *p, const char *end)
{
	bool neg;
	long v;

	return xsd_int(p, end, &neg, &v) == 0 && v <= 100000;
}

/* ranges: a list of years, two by two. */
static bool
ranges_ok(const char *v)
{
	const char *p = v, *q;
	int n = 0;

	for (;;) {
		while (blank(*p))
			p++;
		if (*p == '\0')
			break;
		for (q = p; *q != '\0' && !blank(*q); q++)
			;
		if (!year_ok(p, q))
			return false;
		n++;
		p = q;
	}
	return n > 0 && n % 2 == 0;
}

static bool
value_ok(struct sax *s, enum at k, enum ty t)
{
	const char *v = val(s, k);
	bool neg;
	long n;

	switch (t) {
	case T_STRING:
	case T_TOKEN:
		return true;
	case T_FACET:
		return s->facet[k] != NULL && xmlio_facet_ok(s->facet[k], v);
	case T_POSINT:
		return xsd_int(v, v + strlen(v), &neg, &n) == 0 && !neg &&
		    n > 0;
	case T_YEAR:
		return year_ok(v, v + strlen(v));
	case T_YES:
		return token_in(v, yes);
	case T_ONE:
		return token_in(v, one);
	case T_LANG:
		return token_in(v, langs);
	case T_FROM:
		return token_in(v, froms);
	case T_JOIN:
		return token_in(v, joins);
	case T_RANGES:
		return ranges_ok(v);
	}
	return false;
}

/* Take the attributes of an element e: false when the schema refuses
 * them. */
static bool
attrs(struct sax *s, enum el e, int nattrs, const xmlChar **at)
{
	const struct elattrs *d = &el_attrs[e];
	const xmlChar *name;
	int i, j;

	s->have = 0;
	for (i = 0; i < nattrs; i++, at += 5) {
		if (at[2] != NULL)
			return false;   /* in a namespace */
		name = at[0];
		for (j = 0; d->a[j] != A_N && s->at[d->a[j]] != name; j++)
			;
		if (d->a[j] == A_N)
			return false;
		s->av[d->a[j]] = at[3];
		s->ae[d->a[j]] = at[4];
		s->have |= UINT32_C(1) << d->a[j];
	}
	for (j = 0; d->a[j] != A_N; j++) {
		if (!(s->have & (UINT32_C(1) << d->a[j])))
			if (j < d->nreq)
				return false;
			else
				continue;
		else if (!value_ok(s, d->a[j], d->t[j]))
			return false;
	}
	/* from and to come together */
	return e != E_PERIOD || !(s->have & (UINT32_C(1) << A_FROM)) ==
	    !(s->have & (UINT32_C(1) << A_TO));
}

/* A number attribute as armyxml.c reads it: 1 read, 0 absent, -1 one it
 * would report (this reader stops). */
static int
num(struct sax *s, enum at k, long min, long max, long *out)
{
	const char *v = val(s, k);

	if (v == NULL)
		return 0;
	return num_longs(v, min, max, out) < 0 ? -1 : 1;
}

/* Whether element c may come as the next child of frame f. */
static bool
child_ok(struct frame *f, enum el c)
{
	size_t i, k;

	switch (f->e) {
	case E_NONE:
		return c == E_ARMYLISTS && f->seen == 0;
	case E_ARMYLISTS:
		return c == E_ARMY;
	case E_ARMY:
		for (k = 0; k < SEQ_N && army_seq[k] != c; k++)
			;
		if (k == SEQ_N || (int)k < f->seen ||
		    ((int)k == f->seen && c != E_NOTE))
			return false;
		for (i = (size_t)(f->seen + 1); i < k; i++)
			if (army_must[i])
				return false;
		f->seen = (int)k - 1;   /* the caller counts it */
		return true;
	case E_ENEMIES:
	case E_ALLIES:
		return c == E_REF;
	case E_ELEMENTS:
	case E_PACKAGE:
		return c == E_ELEMENT || c == E_CHOICE;
	case E_CHOICE:
		return c == E_PACKAGE;
	case E_ELEMENT:
		return c == E_TROOP;
	default:
		return false;
	}
}

/* Whether frame f's children are all there at its end. */
static bool
end_ok(const struct frame *f)
{
	switch (f->e) {
	case E_ARMYLISTS:
		return true;
	case E_ARMY:
		return f->seen >= 10;   /* up to <elements> */
	case E_CHOICE:
	case E_PACKAGE:
	case E_ELEMENT:
		return f->seen > 0;
	default:
		return true;
	}
}

static void
read_troop(struct sax *s, struct troopref *r)
{
	const char *code = val(s, A_CODE), *v;

	r->t = troop_by_code(code);
	if (r->t == NULL)
		r->name = dup(s, A_NAME);
	if (r->t == NULL && r->name == NULL)
		r->name = dup(s, A_CODE);
	if (r->t != NULL)
		r->written = dup(s, A_WRITTEN);
	r->figures = dup(s, A_FIGURES);
	if ((v = val(s, A_MOUNTED)) != NULL)
		r->mtd = strcmp(v, "yes") == 0;
	if ((v = val(s, A_DISMOUNT)) != NULL) {
		r->dis = troop_by_code(v);
		if (r->dis == NULL)
			r->dis_name = xstrdup(v);
	}
	if (r->dis != NULL)
		r->dis_written = dup(s, A_DIS_WRITTEN);
	r->dis_figures = dup(s, A_DIS_FIGURES);
	r->note = dup(s, A_NOTE);
}

/* An army's start tag at line. */
static void
army_start(struct sax *s, long line)
{
	struct army *a;
	const char *v;

	a = s->a = &s->cur;
	army_init(a);
	a->id = dup(s, A_ID);
	a->file = dup(s, A_FILE);
	if (a->file == NULL)
		a->file = xstrdup(s->file);
	a->line = line;
	if (num(s, A_LINE, 1, 0x7fffffffL, &a->line) < 0 ||
	    (!(s->have & (UINT32_C(1) << A_LINE)) && line >= 65535))
		stop(s);    /* said, or a line libxml2 does not know */
	v = val(s, A_INCOMPLETE);
	a->incomplete = v != NULL && strcmp(v, "yes") == 0;
	s->left = ARMY_MAX_ITEMS;
	s->dropped = false;
}

/* An <element> or <choice> of the list of f (the frame of c, its
 * parent's list set): what armyxml.c's read_item makes of it. */
static void
item_start(struct sax *s, struct frame *c)
{
	const char *v;
	long cnt = 1;

	if (c->list == NULL)
		return;
	if (--s->left < 0) {
		/* too many entries: said at the army's end, so stop now,
		 * not after building the rest (each package left empty is
		 * taken out of its choice one by one) */
		c->list = NULL;
		stop(s);
		return;
	}
	c->it = package_add(c->list);
	if (c->e == E_CHOICE) {
		c->it->kind = ITEM_CHOICE;
		return;
	}
	c->it->kind = ITEM_ELEMENT;
	if (num(s, A_COUNT, 1, ARMY_COUNT_MAX, &cnt) < 0)
		stop(s);
	c->it->count = cnt;
	if ((v = val(s, A_GENERAL)) != NULL)
		c->it->general = strcmp(v, "yes") == 0;
}

/* The end of a <choice>: packages left empty and a choice left without
 * one are left out (armyxml.c's read_item). */
static void
choice_end(struct sax *s, struct frame *f)
{
	struct item *it = f->it;

	if (it == NULL)
		return;
	if (armyxml_drop_empty(it))
		s->dropped = true;
	if (it->npkgs == 0) {
		item_free(it);
		f->list->n--;
		s->dropped = true;
	}
}

static void
period_start(struct sax *s, struct army *a)
{
	const char *v;
	int f, t;

	f = num(s, A_FROM, -100000, 100000, &a->from);
	t = num(s, A_TO, -100000, 100000, &a->to);
	if (f < 0 || t < 0)
		stop(s);
	a->period_ok = f == 1 && t == 1;
	v = val(s, A_APPROX);
	a->approx = v != NULL && strcmp(v, "yes") == 0;
}

/* Build what the start of c (its attributes at hand) begins. */
static void
build_start(struct sax *s, struct frame *p, struct frame *c)
{
	struct army *a = s->a;
	const char *v;

	c->list = NULL;
	switch (c->e) {
	case E_ARMYLISTS:
		s->label = dup(s, A_RULES);
		s->from = dup(s, A_RULES_FROM);
		s->label_line = c->line;
		if (c->line >= 65535)
			stop(s);
		break;
	case E_ARMY:
		army_start(s, c->line);
		break;
	case E_NAME:
		v = val(s, A_LANG);
		a->name_lang = army_lang(v, strlen(v));
		if (a->name_lang == NULL)
			a->name_lang = "en";
		break;
	case E_PERIOD:
		period_start(s, a);
		break;
	case E_NOTE:
		c->col = dup(s, A_COLUMN);
		break;
	case E_REF:
		c->join = army_join_read(val(s, A_JOIN));
		break;
	case E_ALLIES:
		a->has_allies = true;
		free(a->ally_elements);
		a->ally_elements = dup(s, A_ELEMENTS);
		break;
	case E_ELEMENTS:
		free(a->elements_text);
		a->elements_text = dup(s, A_TEXT);
		c->list = &a->list;
		break;
	case E_ELEMENT:
	case E_CHOICE:
		c->list = p->list;
		item_start(s, c);
		break;
	case E_PACKAGE:
		if (p->it != NULL)
			c->list = item_add_package(p->it);
		break;
	case E_TROOP:
		if (p->it != NULL)
			read_troop(s, item_add_troop(p->it));
		break;
	default:
		break;
	}
}

static void
sax_start(void *ud, const xmlChar *name, const xmlChar *uri, int nattrs,
    const xmlChar **at, long line)
{
	struct sax *s = ud;
	struct frame *p = &s->st[s->depth], *c;
	int k;

	if (s->el[E_ARMY] == NULL) {
		for (k = 1; k < E_N; k++)
			s->el[k] = xmlio_push_name(s->p, el_names[k]);
		for (k = 0; k < A_N; k++)
			s->at[k] = xmlio_push_name(s->p, at_names[k]);
	}
	for (k = 1; k < E_N && s->el[k] != name; k++)
		;
	s->run = 0;
	if (uri != NULL || k == E_N || s->depth == ARMYSAX_DEPTH ||
	    !child_ok(p, (enum el)k) || !attrs(s, (enum el)k, nattrs, at) ||
	    (k == E_REF && p->e == E_ENEMIES && nattrs > 0)) {
		stop(s);
		return;
	}
	p->seen++;
	c = &s->st[++s->depth];
	memset(c, 0, sizeof *c);
	c->e = (enum el)k;
	c->line = line;
	c->seen = c->e == E_ARMY ? -1 : 0;
	sbuf_reset(&s->text);
	sbuf_add(&s->text, "", 0);
	if (!s->check)
		build_start(s, p, c);
}

/* Whether the text of an element e is what the schema allows. */
static bool
text_ok(struct sax *s, enum el e)
{
	const char *t = sbuf_str(&s->text), *end = t + s->text.len;
	bool neg;
	long v;

	if (e == E_AGGRESSION)
		return xsd_int(t, end, &neg, &v) == 0 && (!neg || v == 0);
	if (e == E_YEAR)
		return year_ok(t, end);
	return true;
}

/* The value of the aggression at hand (valid to the schema: text_ok). */
static long
aggression(struct sax *s)
{
	bool neg;
	long v;

	return xsd_int(sbuf_str(&s->text), sbuf_str(&s->text) + s->text.len,
	    &neg, &v) == 0 ? v : 0;
}

static void
add_ref(struct sax *s, bool en, int k)
{
	struct army *a = s->a;
	char ***vv = en ? &a->enemies : &a->allies;
	size_t *nn = en ? &a->nenemies : &a->nallies;
	size_t *cc = en ? &a->capenemies : &a->capallies;

	if (*nn == ARMY_MAX_REFS) {
		stop(s);        /* said */
		return;
	}
	*vv = xgrow(*vv, cc, *nn + 1, sizeof **vv);
	(*vv)[*nn] = xstrdup(sbuf_str(&s->text));
	str_collapse((*vv)[(*nn)++]);  /* a token */
	if (!en && k > 0)
		army_set_ally_join(a, *nn - 1, (enum ally_join)k);
}

static void
set_text(struct sax *s, char **dst)
{
	free(*dst);
	*dst = xstrdup(sbuf_str(&s->text));
}

static void army_end(struct sax *s);

/* The field of a that the text of a leaf e sets. */
static char **
text_field(struct army *a, enum el e)
{
	return e == E_NAME ? &a->name : e == E_TERRAIN ? &a->terrain :
	    e == E_AGGRESSION ? &a->aggression : e == E_SOURCES ?
	    &a->sources : e == E_DBM ? &a->dbm : &a->player;
}

/* The end of c, a child of p (the attributes of its start are gone:
 * those needed were kept in c). */
static void
build_end(struct sax *s, struct frame *p, struct frame *c)
{
	struct army *a = s->a;
	const char *t = sbuf_str(&s->text);

	switch (c->e) {
	case E_AGGRESSION:
		if (aggression(s) > ARMY_AGGRESSION_MAX) {
			stop(s);        /* armyxml.c says it */
			break;
		}
		/* FALLTHROUGH */
	case E_NAME:
	case E_TERRAIN:
	case E_SOURCES:
	case E_DBM:
	case E_PLAYER:
		set_text(s, text_field(a, c->e));
		break;
	case E_PERIOD:
		set_text(s, &a->period);
		army_period_ranges(a);
		break;
	case E_REF:
		add_ref(s, p->e == E_ENEMIES, c->join);
		break;
	case E_CHOICE:
		choice_end(s, c);
		break;
	case E_ARMY:
		army_end(s);
		break;
	case E_YEAR:            /* an integer: " -200 " is -200 */
		s->text.len = str_collapse(s->text.s);
		army_set_year(a, t, s->text.len, c->line, 0);
		break;
	case E_NOTE:
		if (a->nnotes == ARMY_MAX_REFS)
			stop(s);
		else
			army_add_note(a, c->col, strlen(c->col), t, s->text.len);
		break;
	default:
		break;
	}
}

/* An army read: to the queue. */
static void
army_end(struct sax *s)
{
	struct army *a = s->a;

	if (s->left < 0)
		stop(s);        /* too many entries: said */
	if (s->dropped)
		a->incomplete = true;
	if (a->name == NULL)
		a->name = xstrdup("");
	if (a->name_lang == NULL)
		a->name_lang = "en";
	a->rules = s->label;
	a->rules_line = s->label_line;
	a->rules_from = army_rules_from(s->from);
	s->q = xgrow(s->q, &s->qcap, s->qhead + s->qn + 1, sizeof *s->q);
	s->q[s->qhead + s->qn].a = *a;
	s->q[s->qhead + s->qn++].end = xmlio_push_offset(s->p);
	army_init(a);
	s->a = NULL;
}

/* Elements of text (or of a datatype) rather than of elements. */
static bool
leaf(enum el e)
{
	return e == E_NAME || e == E_PERIOD || e == E_TERRAIN ||
	    e == E_AGGRESSION || e == E_SOURCES || e == E_DBM ||
	    e == E_PLAYER || e == E_YEAR || e == E_NOTE || e == E_REF;
}

static void
sax_end(void *ud)
{
	struct sax *s = ud;
	struct frame *c = &s->st[s->depth];

	s->run = 0;
	if (s->depth == 0 || !end_ok(c) || (leaf(c->e) && !text_ok(s, c->e))) {
		stop(s);
		return;
	}
	if (!s->check)
		build_end(s, &s->st[s->depth - 1], c);
	free(c->col);
	c->col = NULL;
	s->depth--;
}

static void
sax_text(void *ud, const char *t, size_t n)
{
	struct sax *s = ud;
	size_t i;

	s->run += n;
	if (s->run > ARMYSAX_TEXT) {
		stop(s);
		return;
	}
	if (leaf(s->st[s->depth].e)) {
		sbuf_add(&s->text, t, n);
		return;
	}
	for (i = 0; i < n; i++)
		if (!blank(t[i])) {
			stop(s);
			return;
		}
}

/* Hand on the armies the parser stands ARMYSAX_HOLD bytes past (all of
 * them when all). */
static void
hand_on(struct sax *s, bool all)
{
	long long at = xmlio_push_offset(s->p);
	struct army *a;

	while (s->qn > 0 && (all || s->q[s->qhead].end + ARMYSAX_HOLD <= at)) {
		a = &s->q[s->qhead].a;
		s->cb(s->ctx, a);
		army_free(a);
		s->qhead++;
		s->qn--;
		s->handed++;
	}
	if (s->qhead > 0) {
		memmove(s->q, s->q + s->qhead, s->qn * sizeof *s->q);
		s->qhead = 0;
	}
}

/* The C checks of the patterns of formats/armylist.rng, from the table
 * of the build: false when it is not the schema this file checks. */
static bool
facets(struct sax *s, const unsigned char *rng, size_t len)
{
	static const struct { enum at a; const char *el, *name; } want[] = {
		{ A_ID, "army", "id" }, { A_CODE, "troop", "code" },
		{ A_FIGURES, "troop", "figures" },
		{ A_DISMOUNT, "troop", "dismount" },
		{ A_DIS_FIGURES, "troop", "dismount-figures" } };
	const struct xmlio_schema_pre *pre;
	const struct xmlio_facet *e;
	size_t i, k;

	if (len != ARMYSAX_RNG_LEN ||
	    xmlio_schema_hash(rng, len) != ARMYSAX_RNG_HASH)
		return false;
	pre = xmlio_schema_prebuilt(rng, len);
	if (pre == NULL || pre->f.kept != 0 ||
	    pre->f.n != sizeof want / sizeof want[0])
		return false;
	for (i = 0; i < pre->f.n; i++) {
		e = &pre->f.v[i];
		for (k = 0; k < pre->f.n; k++)
			if (strcmp(e->element, want[k].el) == 0 &&
			    strcmp(e->attr, want[k].name) == 0)
				s->facet[want[k].a] = e;
	}
	for (k = 0; k < pre->f.n; k++)
		if (s->facet[want[k].a] == NULL)
			return false;
	return true;
}

static void
sax_free(struct sax *s)
{
	int d;

	for (d = 0; d <= s->depth && d <= ARMYSAX_DEPTH; d++)
		free(s->st[d].col);
	while (s->qn > 0)
		army_free(&s->q[s->qhead + --s->qn].a);
	army_free(&s->cur);
	free(s->q);
	free(s->label);
	free(s->from);
	sbuf_free(&s->text);
	sbuf_free(&s->val);
	xmlio_push_free(s->p);
}

int
armysax_read(const unsigned char *rng, size_t rnglen, struct input *in,
    army_cb cb, void *ctx, long *handed, bool check)
{
	struct sax *s = xcalloc(1, sizeof *s);
	struct xmlio_push_cb pcb = { sax_start, sax_end, sax_text, s };
	int rc = 1;

	*handed = 0;
	s->strings = string_attrs();
	if (!facets(s, rng, rnglen) || (s->p = xmlio_push_new(in, &pcb)) == NULL) {
		sax_free(s);
		free(s);
		return 1;
	}
	s->file = in->name;
	s->cb = cb;
	s->ctx = ctx;
	s->check = check;
	input_keep(in, ARMYSAX_KEEP);
	while (rc > 0) {
		if (input_keep_room(in) < XMLIO_PUSH_CHUNK)
			rc = -1;    /* no way back past here */
		else
			rc = xmlio_push_step(s->p);
		if (rc >= 0 && !check)
			hand_on(s, rc == 0);
	}
	*handed = s->handed;
	sax_free(s);
	free(s);
	return rc;
}
