/* The pairs of a matchup: the troop types of two armies of a collection,
 * every type of one against every type of the other. */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "card/matchup.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "dba/combatin.h"


/* A troop of a list as written for the rules (6Kn, Mtd-4Lb, Bd). */
struct mspell {
	int troop;
	char *spell;
};

struct mside {
	char *id;               /* as given: an id, or a player's name */
	char *aid;              /* the army's id, once found */
	bool found;
	char *file;             /* where it was found */
	long line;
	struct mspell *spells;  /* in the order of the list, each once */
	size_t nspells, capspells;
	struct matchup_type *types;     /* by matchup_resolve */
	size_t ntypes;
	struct army hdr;        /* id, name and period of the army */
	char *rules;            /* its collection's rules label (hdr.rules) */
	char *rfile;            /* the operand of that label */
	long rline;             /* and its line */
	struct idsuggest sug;   /* for did-you-mean */
	struct army_pick ap;    /* id, its qualifier (I/14d@700BC, I/14d#2) */
};

struct matchup {
	char *arg;              /* "A,B": the file name of the combats */
	bool goings;
	struct mside s[2];
	const struct rules *resolved;   /* the rules of the types */
};

int
matchup_arg(const char *arg)
{
	const char *comma = strchr(arg, ',');

	if (comma != NULL && comma != arg && comma[1] != '\0' &&
	    strchr(comma + 1, ',') == NULL) {
		if (army_pick_valid(arg, (size_t)(comma - arg)) &&
		    army_pick_valid(comma + 1, strlen(comma + 1)))
			return 0;
		diag_usage("invalid value '%s' for --matchup (a qualifier is "
		    "a year or an ordinal: I/14d@700BC, I/14d#2)", arg);
		return -1;
	}
	diag_usage("invalid value '%s' for --matchup (two army ids: A,B)",
	    arg);
	return -1;
}

struct matchup *
matchup_new(const char *arg, bool goings)
{
	const char *comma = strchr(arg, ',');
	struct matchup *m;
	int i;

	if (matchup_arg(arg) < 0)
		return NULL;
	m = xcalloc(1, sizeof *m);
	m->arg = xstrdup(arg);
	m->goings = goings;
	m->s[0].id = xstrndup(arg, (size_t)(comma - arg));
	m->s[1].id = xstrdup(comma + 1);
	for (i = 0; i < 2; i++) {
		m->s[i].hdr.id = m->s[i].id;
		idsuggest_init(&m->s[i].sug);
		(void)army_pick_init(&m->s[i].ap, m->s[i].id);
	}
	return m;
}

/* Troop t as written: "Mtd-" when mtd, its figures, its spelling or
 * code; kept once (the lists of one army are short). */
static void
add_type(struct mside *s, const struct troop *t, bool mtd,
    const char *figures, const char *written)
{
	struct sbuf b = { 0 };
	size_t i;

	if (t == NULL)
		return;
	sbuf_printf(&b, "%s%s%s", mtd ? "Mtd-" : "", figures != NULL ?
	    figures : "", written != NULL ? written : t->code);
	for (i = 0; i < s->nspells; i++)
		if (s->spells[i].troop == t->id &&
		    strcmp(s->spells[i].spell, sbuf_str(&b)) == 0) {
			sbuf_free(&b);
			return;
		}
	s->spells = xgrow(s->spells, &s->capspells, s->nspells + 1,
	    sizeof *s->spells);
	s->spells[s->nspells].troop = t->id;
	s->spells[s->nspells++].spell = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
}

/* Every type of a list, its choices and dismounts included. */
static void
add_types(struct mside *s, const struct package *p)
{
	const struct item *it;
	size_t i, k;

	for (i = 0; i < p->n; i++) {
		it = &p->items[i];
		for (k = 0; k < it->ntroops; k++) {
			const struct troopref *r = &it->troops[k];

			add_type(s, r->t, r->mtd, r->figures, r->written);
			add_type(s, r->dis, false, r->dis_figures,
			    r->dis_written);
		}
		for (k = 0; k < it->npkgs; k++)
			add_types(s, &it->pkgs[k]);
	}
}

void
matchup_add(void *ctx, const struct army *a)
{
	struct matchup *m = ctx;
	struct mside *s;
	int i;

	for (i = 0; i < 2; i++) {
		s = &m->s[i];
		if (!army_pick_match(&s->ap, a, false)) {
			if (strcmp(a->id, s->ap.id) != 0)
				idsuggest_add(&s->sug, s->id, a->id);
		} else if (s->found) {
			if (i == 0 || strcmp(m->s[0].id, s->id) != 0)
				DIAG_AT(MATCHUP_ARMY_TWICE, a->file, a->line, 0, a->id,
				    s->file, s->line, a->id, a->id);
		} else {
			s->found = true;
			s->hdr.id = s->aid = xstrdup(a->id);
			s->file = xstrdup(a->file);
			s->line = a->line;
			s->hdr.name = a->name != NULL ? xstrdup(a->name) : NULL;
			s->hdr.player = a->player != NULL ?
			    xstrdup(a->player) : NULL;
			s->hdr.period = a->period != NULL ?
			    xstrdup(a->period) : NULL;
			s->hdr.period_ok = a->period_ok;
			s->hdr.from = a->from;
			s->hdr.to = a->to;
			s->hdr.approx = a->approx;
			s->rules = a->rules != NULL ? xstrdup(a->rules) : NULL;
			s->hdr.rules = s->rules;
			s->rfile = xstrdup(diag_file() != NULL ?
			    diag_file() : "-");
			s->rline = a->rules_line;
			add_types(s, &a->list);
			m->resolved = NULL;
		}
	}
}

void
matchup_read(void *ctx, struct input *in)
{
	armylist_read_collection(in, matchup_add, ctx);
}

/* A type as a combat line names it: its sub-type's spelling, else the
 * code. */
static const char *
matchup_type_name(const struct rules *r, const struct matchup_type *t)
{
	const struct rules_subtype *st = rules_subtype(r, t->sub);

	return st != NULL ? st->spelling : troop_at((size_t)t->troop)->code;
}

void
matchup_resolve(struct matchup *m, const struct rules *r)
{
	struct matchup_type v;
	struct mside *s;
	size_t i, k;
	int g;

	/* once per rules: the types stay where matchup_army points */
	if (m->resolved == r)
		return;
	m->resolved = r;
	for (g = 0; g < 2; g++) {
		s = &m->s[g];
		free(s->types);
		s->types = xcalloc(s->nspells + 1, sizeof *s->types);
		s->ntypes = 0;
		for (i = 0; i < s->nspells; i++) {
			v.troop = s->spells[i].troop;
			v.sub = rules_subtype_find(r, s->spells[i].spell,
			    strlen(s->spells[i].spell));
			if (rules_subtype_own(r, v.sub) == NULL ||
			    rules_subtype(r, v.sub)->troop != v.troop)
				v.sub = 0;
			for (k = 0; k < s->ntypes; k++)
				if (s->types[k].troop == v.troop &&
				    s->types[k].sub == v.sub)
					break;
			if (k == s->ntypes)
				s->types[s->ntypes++] = v;
		}
	}
}

/* The pair of A's type a and B's type b in one going, as its line would
 * be read. */
static void
pair(struct matchup *m, const struct rules *r, struct toks *tk, size_t a,
    size_t b, bool difficult, long line, matchup_cb cb, void *ctx)
{
	const char *fl = difficult ? " difficult" : "";
	const struct matchup_type *ta = &m->s[0].types[a];
	const struct matchup_type *tb = &m->s[1].types[b];
	struct combat c;
	struct sbuf t = {0};

	sbuf_printf(&t, "%s%s vs %s%s", matchup_type_name(r, ta), fl,
	    matchup_type_name(r, tb), fl);
	if (combat_judged(r, ta->troop) && combat_judged(r, tb->troop)) {
		if (combatin_parse_line(r, tk, sbuf_str(&t),
		    strlen(sbuf_str(&t)), line, &c) != 1)
			abort();        /* two types and a flag always parse */
	} else {
		memset(&c, 0, sizeof c);
		c.line = line;
		c.s[0].troop = ta->troop;
		c.s[1].troop = tb->troop;
		c.s[0].sub = ta->sub;
		c.s[1].sub = tb->sub;
		c.s[0].has[F_DIFFICULT] = c.s[1].has[F_DIFFICULT] = difficult;
		c.unjudged = true;
	}
	c.file = m->arg;
	cb(ctx, &c);
	sbuf_free(&t);
}

static void
mside_free(struct mside *s)
{
	free(s->id);
	free(s->aid);
	free(s->file);
	size_t i;

	for (i = 0; i < s->nspells; i++)
		free(s->spells[i].spell);
	free(s->spells);
	free(s->types);
	idsuggest_free(&s->sug);
	army_pick_free(&s->ap);
	free(s->hdr.name);
	free(s->hdr.player);
	free(s->hdr.period);
	free(s->rules);
	free(s->rfile);
}

bool
matchup_check(const struct matchup *m)
{
	int g;
	bool ok = true;

	for (g = 0; g < 2; g++) {
		if (m->s[g].found)
			continue;
		ok = false;
		if (g == 0 || strcmp(m->s[0].id, m->s[1].id) != 0)
			DIAG(MATCHUP_NO_ARMY, 0, 0, m->s[g].id,
			    idsuggest_tail(&m->s[g].sug));
	}
	return ok;
}

const struct rules *
matchup_edition(const struct matchup *m, struct rules_labels *l)
{
	const struct rules *r[2] = { l->dflt, l->dflt };
	const struct mside *a;
	char names[256];
	int g;

	for (g = 0; g < 2; g++) {
		a = &m->s[g];
		if (!a->found || (r[g] = rules_labelled(l, a->rules)) != NULL)
			continue;
		rules_edition_names(names, sizeof names);
		DIAG_AT(ARMYLIST_UNKNOWN_RULES, a->rfile, a->rline, 0,
		    a->rules, names);
		return NULL;
	}
	/* two editions are never mixed silently */
	if (m->s[0].found && m->s[1].found && r[0] != r[1]) {
		DIAG(MATCHUP_MIXED_RULES, 0, 0, m->s[0].id, r[0]->edition,
		    m->s[1].id, r[1]->edition, r[0]->edition);
		return NULL;
	}
	return r[0];
}

const struct army *
matchup_army(const struct matchup *m, int side,
    const struct matchup_type **types, size_t *ntypes)
{
	const struct mside *s = &m->s[side != 0];

	*types = s->types;
	*ntypes = s->ntypes;
	return &s->hdr;
}

void
matchup_pairs(struct matchup *m, const struct rules *r, matchup_cb cb,
    void *ctx)
{
	struct toks tk = {0};
	size_t i, k;
	long line = 0;
	int g;

	matchup_resolve(m, r);
	for (i = 0; i < m->s[0].ntypes; i++)
		for (k = 0; k < m->s[1].ntypes; k++)
			for (g = 0; g < (m->goings ? 2 : 1); g++)
				pair(m, r, &tk, i, k, g == 1, ++line, cb,
				    ctx);
	tok_free(&tk);
}

void
matchup_free(struct matchup *m)
{
	mside_free(&m->s[0]);
	mside_free(&m->s[1]);
	free(m->arg);
	free(m);
}
