/* Readers of the campaign tools: side/battle/pc lines and XML records. */
#include <stdlib.h>
#include <string.h>

#include "campaign/campaignin.h"
#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"

#define C(col) (cols ? (long)(col) : 0L)

static const char *const side_flags[] = {
	"strategy", "ts", "units", "luck", "enemy-power", "roll",
	"pc-commander"
};
static const char *const pc_flags[] = {
	"iq", "tactics", "weapon", "combat-reflexes", "danger-sense", "risk",
	"cowardice", "reserve", "overconfidence", "berserk", "losing", "mod",
	"luck", "tl", "dr", "ht", "leader", "commander", "roll", "glory-roll"
};
/* flags that take a value; the others are bare */
static const char *const valued[] = {
	"strategy", "ts", "units", "enemy-power", "roll", "iq", "tactics",
	"weapon", "risk", "losing", "mod", "tl", "dr", "ht", "glory-roll"
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void unknown(const struct tok *, long, bool, const char *const *,
    size_t, const char *);

void
campin_unknown(const struct tok *t, long line, bool cols,
    const char *const *kws, size_t n)
{
	unknown(t, line, cols, kws, n, "unknown keyword");
}

static void
unknown(const struct tok *t, long line, bool cols,
    const char *const *kws, size_t n, const char *what)
{
	const char *s = tok_suggest(t->s, t->klen, kws, n);
	char word[68];

	snprintf(word, sizeof word, "%s", tok_str(t));
	if (s != NULL)
		diag_error(line, C(t->col), "%s '%s' (did you mean '%s'?)",
		    what, word, s);
	else
		diag_error(line, C(t->col), "%s '%s'", what, word);
}

/* Index of the flag in names, -1 unknown (reported), -2 other error. */
static int
flag_index(const struct tok *t, long line, bool cols,
    const char *const *names, size_t n, unsigned long *seen)
{
	size_t i;
	bool needs = false;

	for (i = 0; i < n; i++)
		if (tok_is(t, names[i]))
			break;
	if (i == n || t->quoted) {
		unknown(t, line, cols, names, n, "unknown flag");
		return -1;
	}
	if (*seen & (1UL << i)) {
		diag_error(line, C(t->col), "duplicate flag '%s'", names[i]);
		return -2;
	}
	*seen |= 1UL << i;
	for (size_t k = 0; k < NELEM(valued); k++)
		if (strcmp(valued[k], names[i]) == 0)
			needs = true;
	if (needs && t->val == NULL) {
		diag_error(line, C(t->col), "flag '%s' needs a value (%s=N)",
		    names[i], names[i]);
		return -2;
	}
	if (!needs && t->val != NULL) {
		diag_error(line, C(t->col), "flag '%s' takes no value",
		    names[i]);
		return -2;
	}
	return (int)i;
}

static int
value(const struct tok *t, long line, bool cols, long lo, long hi,
    long *out)
{
	char v[68];
	size_t n = t->vlen < 64 ? t->vlen : 64;

	if (num_long(t->val, t->vlen, lo, hi, out) == 0)
		return 0;
	memcpy(v, t->val, n);
	v[n] = '\0';
	diag_error(line, C(t->vcol), "invalid %.*s '%s' (a whole number "
	    "%ld to %ld)", (int)t->klen, t->s, v, lo, hi);
	return -1;
}

/* "A" or "A/B/C", each 3-18. */
static int
rolls(const struct tok *t, long line, bool cols, int *r, int *n)
{
	const char *p = t->val, *end = t->val + t->vlen, *sl;
	long v;

	*n = 0;
	while (*n < 3) {
		sl = memchr(p, '/', (size_t)(end - p));
		if (sl == NULL)
			sl = end;
		if (num_long(p, (size_t)(sl - p), 3, 18, &v) < 0)
			break;
		r[(*n)++] = (int)v;
		if (sl == end)
			return 0;
		p = sl + 1;
	}
	diag_error(line, C(t->vcol), "invalid %.*s '%.*s' (a 3d6 roll 3 to "
	    "18, or three as A/B/C)", (int)t->klen, t->s, (int)t->vlen,
	    t->val);
	return -1;
}

static int
luck_rolls(const struct tok *rt, long line, bool cols, int n, bool luck)
{
	if (rt == NULL)
		return 0;
	if (luck && n != 3) {
		diag_error(line, C(rt->vcol), "'luck' needs three rolls "
		    "(%.*s=A/B/C), not '%.*s'", (int)rt->klen, rt->s,
		    (int)rt->vlen, rt->val);
		return -1;
	}
	if (!luck && n != 1) {
		diag_error(line, C(rt->vcol), "three rolls '%.*s' without "
		    "'luck'", (int)rt->vlen, rt->val);
		return -1;
	}
	return 0;
}

static int
name_of(const struct toks *tk, long line, bool cols, char **name)
{
	const struct tok *t;

	if (tk->n < 2 || (!tk->v[1].quoted && tk->v[1].val != NULL)) {
		diag_error(line, C(tk->v[0].col + (long)tk->v[0].len),
		    "missing name after '%s'", tok_str(&tk->v[0]));
		return -1;
	}
	t = &tk->v[1];
	if (!utf8_valid(t->s, t->len)) {
		diag_error(line, C(t->col), "name is not valid UTF-8");
		return -1;
	}
	*name = xstrndup(t->s, t->len);
	return 0;
}

/* units=U:TS[:pc],... */
static int
units(const struct tok *t, long line, bool cols, struct cat_side *s)
{
	const char *p = t->val, *end = t->val + t->vlen, *c, *c1, *c2;
	struct cat_unit *u;
	long ts;

	while (p < end) {
		c = memchr(p, ',', (size_t)(end - p));
		if (c == NULL)
			c = end;
		c1 = memchr(p, ':', (size_t)(c - p));
		c2 = c1 != NULL ? memchr(c1 + 1, ':', (size_t)(c - c1 - 1)) :
		    NULL;
		if (c1 == NULL || c1 == p || num_long(c1 + 1, (size_t)((c2 ?
		    c2 : c) - c1 - 1), 0, 1000000000, &ts) < 0 ||
		    (c2 != NULL && !str_ieq(c2 + 1, (size_t)(c - c2 - 1),
		    "pc")) || !utf8_valid(p, (size_t)(c - p))) {
			diag_error(line, C(t->vcol + (p - t->val)),
			    "invalid unit '%.*s' (NAME:TS or NAME:TS:pc)",
			    (int)(c - p), p);
			return -1;
		}
		s->units = xreallocarray(s->units, s->nunits + 1,
		    sizeof *s->units);
		u = &s->units[s->nunits++];
		u->name = xstrndup(p, (size_t)(c1 - p));
		u->ts = ts;
		u->pc = c2 != NULL;
		p = c + 1;
	}
	if (s->nunits == 0) {
		diag_error(line, C(t->vcol), "empty units list");
		return -1;
	}
	return 0;
}

int
campin_battle(const struct toks *tk, long line, bool cols, char **name)
{
	*name = NULL;
	if (tk->n > 2) {
		diag_error(line, C(tk->v[2].col), "unexpected '%s' after the "
		    "battle name", tok_str(&tk->v[2]));
		return -1;
	}
	if (tk->n == 2)
		*name = xstrndup(tk->v[1].s, tk->v[1].len);
	return 0;
}

int
campin_side(const struct toks *tk, long line, bool cols, struct cat_side *s)
{
	const struct tok *t, *rt = NULL;
	unsigned long seen = 0;
	int bad = 0, f;
	size_t i;

	memset(s, 0, sizeof *s);
	s->line = line;
	if (name_of(tk, line, cols, &s->name) < 0)
		return -1;
	for (i = 2; i < tk->n; i++) {
		t = &tk->v[i];
		f = flag_index(t, line, cols, side_flags, NELEM(side_flags),
		    &seen);
		if (f < 0) {
			bad = 1;
			continue;
		}
		switch (f) {
		case 0:
			bad |= value(t, line, cols, 0, 99, &s->strategy) < 0;
			s->has_strategy = true;
			break;
		case 1:
			bad |= value(t, line, cols, 0, 1000000000,
			    &s->ts) < 0;
			s->has_ts = true;
			break;
		case 2:
			bad |= units(t, line, cols, s) < 0;
			break;
		case 3:
			s->luck = true;
			break;
		case 4:
			if (t->vlen > 0 && t->val[0] == '-') {
				diag_error(line, C(t->vcol), "negative "
				    "enemy-power '%.*s'", (int)t->vlen,
				    t->val);
				bad = 1;
			} else
				bad |= value(t, line, cols, 0, 1000000,
				    &s->power) < 0;
			break;
		case 5:
			rt = t;
			bad |= rolls(t, line, cols, s->given, &s->ngiven) < 0;
			break;
		default:
			s->pc_commander = true;
			break;
		}
	}
	if (!bad)
		bad |= luck_rolls(rt, line, cols, s->ngiven, s->luck) < 0;
	return bad ? -1 : 0;
}

static int
risk_check(const struct tok *rt, long line, bool cols,
    const struct surv_table *t, struct surv_pc *p)
{
	int lo, hi, wlo, whi;

	surv_risk_limits(t, p, &lo, &wlo, &hi, &whi);
	if (p->risk < lo) {
		diag_error(line, C(rt->vcol), "risk '%ld' below the limit "
		    "%d of '%s'", p->risk, lo, surv_trait_name(wlo));
		return -1;
	}
	if (p->risk > hi) {
		diag_error(line, C(rt->vcol), "risk '%ld' above the limit "
		    "%d of '%s'", p->risk, hi, surv_trait_name(whi));
		return -1;
	}
	return 0;
}

static int
pc_value(const struct tok *t, long line, bool cols, int f,
    struct surv_pc *p)
{
	long v;
	int r = 0;

	switch (f) {
	case 0: r = value(t, line, cols, 1, 99, &p->iq); p->has_iq = true;
		break;
	case 1: r = value(t, line, cols, 0, 99, &p->tactics);
		p->has_tactics = true; break;
	case 2: r = value(t, line, cols, 0, 99, &p->weapon);
		p->has_weapon = true; break;
	case 5: r = value(t, line, cols, -99, 99, &p->risk); break;
	case 10: r = value(t, line, cols, -99, 99, &p->losing); break;
	case 11: r = value(t, line, cols, -99, 99, &p->mod); break;
	case 13: r = value(t, line, cols, 0, SURV_TL_MAX, &p->tl); break;
	case 14: r = value(t, line, cols, 0, 999, &p->dr); break;
	case 15: r = value(t, line, cols, 0, 999, &p->ht); p->has_ht = true;
		break;
	case 18: r = rolls(t, line, cols, p->given, &p->ngiven);
		p->has_roll = true; break;
	case 19: r = value(t, line, cols, 3, 18, &v);
		p->glory_given = (int)v; p->has_glory = true; break;
	default: break;
	}
	return r;
}

int
campin_pc(const struct toks *tk, long line, bool cols,
    const struct surv_table *st, struct surv_pc *p)
{
	const struct tok *t, *rt = NULL, *rk = NULL;
	bool *bare[] = { [3] = &p->reflexes, [4] = &p->danger,
	    [6] = &p->trait[TRAIT_COWARDICE], [7] = &p->trait[TRAIT_RESERVE],
	    [8] = &p->trait[TRAIT_OVERCONFIDENCE],
	    [9] = &p->trait[TRAIT_BERSERK], [12] = &p->luck, [16] = &p->leader,
	    [17] = &p->commander, [19] = NULL };
	unsigned long seen = 0;
	int bad = 0, f;
	size_t i;

	memset(p, 0, sizeof *p);
	p->line = line;
	p->tl = 3;
	if (name_of(tk, line, cols, &p->name) < 0)
		return -1;
	for (i = 2; i < tk->n; i++) {
		t = &tk->v[i];
		f = flag_index(t, line, cols, pc_flags, NELEM(pc_flags),
		    &seen);
		if (f < 0) {
			bad = 1;
			continue;
		}
		if (bare[f] != NULL)
			*bare[f] = true;
		else if (pc_value(t, line, cols, f, p) < 0)
			bad = 1;
		if (f == 5)
			rk = t;
		if (f == 18)
			rt = t;
	}
	if (!p->has_tactics && !p->has_iq) {
		diag_error(line, 0, "pc '%s' needs tactics=N or iq=N",
		    p->name);
		bad = 1;
	}
	if (!p->has_weapon) {
		diag_error(line, 0, "pc '%s' needs weapon=N", p->name);
		bad = 1;
	}
	if (rk != NULL && (p->risk < st->risk_min || p->risk > st->risk_max)) {
		diag_error(line, C(rk->vcol), "risk '%ld' outside the limits "
		    "%d to %d", p->risk, st->risk_min, st->risk_max);
		bad = 1;
	} else if (rk != NULL && risk_check(rk, line, cols, st, p) < 0)
		bad = 1;
	if (rt != NULL && p->ngiven > 0 &&
	    luck_rolls(rt, line, cols, p->ngiven, p->luck) < 0)
		bad = 1;
	return bad ? -1 : 0;
}

void
campin_lines(struct input *in, campin_handler h, void *ctx)
{
	struct toks tk = {0};
	const char *line;
	size_t len;

	while (input_getline(in, &line, &len)) {
		if (!utf8_valid(line, len)) {
			diag_error(in->line, 0, "line is not valid UTF-8");
			continue;
		}
		if (tok_split(&tk, line, len, in->line) < 0 || tk.n == 0)
			continue;
		h(ctx, &tk, in->line, true);
	}
	tok_free(&tk);
}

static void
add_quoted(struct sbuf *b, const char *s)
{
	sbuf_addc(b, '"');
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			sbuf_addc(b, '\\');
		sbuf_addc(b, *s);
	}
	sbuf_addc(b, '"');
}

/* An element as a line: "kw "name" key=value bare ... units=..." */
static void
elem_line(xmlNodePtr n, const char *const *bools, struct sbuf *b)
{
	xmlAttrPtr a;
	xmlNodePtr c;
	char *v, *u;
	int nu = 0;

	sbuf_reset(b);
	sbuf_adds(b, (const char *)n->name);
	sbuf_addc(b, ' ');
	v = xmlio_attr(n, "name");
	if (v != NULL)
		add_quoted(b, v);
	xmlFree(v);
	for (a = n->properties; a != NULL; a = a->next) {
		const char *k = (const char *)a->name;

		if (strcmp(k, "name") == 0 || strcmp(k, "version") == 0)
			continue;
		v = xmlio_attr(n, k);
		if (str_in(k, bools)) {
			if (strcmp(v, "yes") == 0)
				sbuf_printf(b, " %s", k);
		} else
			sbuf_printf(b, " %s=%s", k, v);
		xmlFree(v);
	}
	for (c = n->children; c != NULL; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		v = xmlio_attr(c, "name");
		u = xmlio_attr(c, "ts");
		sbuf_printf(b, "%s%s:%s", nu++ ? "," : " units=",
		    v ? v : "", u ? u : "");
		xmlFree(v);
		xmlFree(u);
		v = xmlio_attr(c, "pc");
		if (v != NULL && strcmp(v, "yes") == 0)
			sbuf_adds(b, ":pc");
		xmlFree(v);
	}
}

/* A battle start tag as a line; its sides are read one by one. */
static void
battle_line(xmlTextReaderPtr r, struct sbuf *b)
{
	xmlChar *v = xmlTextReaderGetAttribute(r, (const xmlChar *)"name");

	sbuf_reset(b);
	sbuf_adds(b, "battle ");
	if (v != NULL)
		add_quoted(b, (const char *)v);
	xmlFree(v);
}

void
campin_xml(struct input *in, const unsigned char *rng, unsigned int len,
    const char *rngname, const char *const *recs,
    const char *const *bools, campin_handler h, void *ctx)
{
	static xmlRelaxNGPtr schema;
	static const unsigned char *schema_src;
	xmlTextReaderPtr r;
	struct toks tk = {0};
	struct sbuf b = {0};
	const char *name;
	xmlNodePtr n;
	int rc;

	if (schema_src != rng) {
		schema = xmlio_schema(rng, len, rngname);
		schema_src = rng;
	}
	r = xmlio_reader(in);
	if (r == NULL)
		return;
	if (schema != NULL)
		xmlTextReaderRelaxNGSetSchema(r, schema);
	rc = xmlio_read(r, in->name);
	while (rc == 1) {
		if (xmlTextReaderNodeType(r) == XML_READER_TYPE_END_ELEMENT &&
		    strcmp((const char *)xmlTextReaderConstLocalName(r),
		    "battle") == 0) {
			/* the sides after a battle element form a new one */
			if (tok_split(&tk, "battle", 6, 0) == 0)
				h(ctx, &tk, xmlio_line(r), false);
		}
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT) {
			rc = xmlio_read(r, in->name);
			continue;
		}
		name = (const char *)xmlTextReaderConstLocalName(r);
		if (xmlTextReaderDepth(r) == 0 && strcmp(name, recs[0]) != 0) {
			diag_error(xmlio_line(r), 0, "root element '%s' is not "
			    "'%s' (not an input document)", name, recs[0]);
			break;
		}
		if (strcmp(name, "battle") == 0 || str_in(name, recs + 1)) {
			if (strcmp(name, "battle") == 0) {
				battle_line(r, &b);
				if (tok_split(&tk, b.s, b.len, 0) == 0)
					h(ctx, &tk, xmlio_line(r), false);
				if (xmlTextReaderIsEmptyElement(r) == 1 &&
				    tok_split(&tk, "battle", 6, 0) == 0)
					h(ctx, &tk, xmlio_line(r), false);
				rc = xmlio_read(r, in->name);
				continue;
			}
			n = xmlTextReaderExpand(r);
			if (n == NULL)
				break;
			elem_line(n, bools, &b);
			if (tok_split(&tk, b.s, b.len, 0) == 0)
				h(ctx, &tk, xmlGetLineNo(n), false);
			rc = xmlTextReaderNext(r);
			continue;
		}
		rc = xmlio_read(r, in->name);
	}
	if (rc < 0 || xmlTextReaderIsValid(r) == 0)
		diag_raise(EXIT_DATA);
	xmlFreeTextReader(r);
	tok_free(&tk);
	sbuf_free(&b);
}
