/* Move readers: bound and move lines, move XML, distances with units. */
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xmlio.h"
#include "dba/movein.h"
#include "dba/readin.h"
#include "rules/troop.h"

#define MAX_PACES 1000000L

/* Flags that take a value: the kind of value. */
enum { V_NONE, V_ID, V_TROOP, V_GOING, V_ZOC, V_FRONTAGE, V_DEG, V_DIST };

static const int fvalue[MF_N] = {
	[MF_ID] = V_ID, [MF_BREAKOFF] = V_TROOP, [MF_END] = V_GOING,
	[MF_ZOC] = V_ZOC, [MF_FRONTAGE] = V_FRONTAGE, [MF_WHEEL] = V_DEG,
	[MF_FAR] = V_DIST, [MF_HIDDEN] = V_DIST,
};

static const char *const fhint[] = {
	[V_ID] = "a name", [V_TROOP] = "a troop type",
	[V_GOING] = "good, difficult",
	[V_ZOC] = "contact, face, withdraw, other",
	[V_FRONTAGE] = "column, gap, road, wheel, other",
	[V_DEG] = "0-360",
	[V_DIST] = "a distance from the general above 0",
};

int
movein_distance(const struct rules *r, const char *s, size_t n, int scale,
    long *paces)
{
	long long v, q, num, den;
	size_t k = 0;

	while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '.'))
		k++;
	if (k == 0 || num_fixed6(s, k, &v) < 0 || v > 1000000LL * MAX_PACES)
		return -1;
	if (move_unit(r, scale, s + k, n - k, &num, &den) < 0)
		return -1;
	q = v * num;
	den *= 1000000LL;
	q = (q + den / 2) / den;
	if (q > MAX_PACES)
		return -1;
	*paces = (long)q;
	return 0;
}

/* What a distance without a unit is in, for a message. */
static const char *
bare_unit(const struct rules *r)
{
	return r->unit == UNIT_P ? "paces" : "base widths";
}

/* The troop id of a name, or -1 after reporting at line:col. */
static int
troop_id(const struct rules *r, const char *s, size_t n, long line,
    long col)
{
	char tail[96];
	const struct troop *t = rules_troop_find(r, s, n, NULL);

	if (t == NULL && (t = troop_lookup_or_suggest(s, n, line,
	    col)) == NULL)
		return -1;
	if (t->id >= RULES_MAXTROOPS || !r->t[t->id].has_move) {
		DIAG(MOVE_NO_DISTANCES, line, col, t->code, r->edition,
		    rules_elsewhere(r, t->id, tail, sizeof tail));
		return -1;
	}
	return t->id;
}

/* The comma-separated troops of s into m; -1 after reporting. */
static int
parse_troops(const struct rules *r, const char *s, size_t n, long line,
    long col, struct move *m)
{
	size_t a = 0, b;
	int id, rc = 0;

	m->ntroops = 0;
	for (;;) {
		for (b = a; b < n && s[b] != ','; b++)
			;
		if (b == a) {
			DIAG(GROUP_NO_TROOP, line, col ? col + (long)a : 0);
			rc = -1;
		} else if (m->ntroops >= MOVE_MAXGROUP) {
			DIAG(GROUP_TOO_LARGE, line, col ? col + (long)a : 0,
			    MOVE_MAXGROUP);
			return -1;
		} else if ((id = troop_id(r, s + a, b - a, line,
		    col ? col + (long)a : 0)) < 0)
			rc = -1;
		else {
			m->sub[m->ntroops] = rules_subtype_find(r, s + a,
			    b - a);
			m->troop[m->ntroops++] = id;
		}
		if (b >= n)
			break;
		a = b + 1;
	}
	return rc;
}

static int
flag_value(const struct rules *r, struct move *m, int f, const char *v,
    size_t n, long line, long vcol, int scale)
{
	long x;
	int c = -1;

	switch (fvalue[f]) {
	case V_ID:
		if (n == 0 || n >= sizeof m->id)
			break;
		memcpy(m->id, v, n);
		m->id[n] = '\0';
		return 0;
	case V_TROOP:
		if (n == 0)
			break;
		if ((m->breakoff = troop_id(r, v, n, line, vcol)) < 0)
			return -1;
		m->breakoff_sub = rules_subtype_find(r, v, n);
		return 0;
	case V_GOING:
		c = m->end = readin_index(v, n, going_name,
		    r->has_rough ? 3 : 2);
		if (c < 0 && str_ieq(v, n, "bad"))
			c = m->end = GO_DIFFICULT;
		if (c == GO_GOOD && !str_ieq(v, n, "good"))
			c = -1;
		break;
	case V_ZOC:
		c = m->zoc = readin_index(v, n, zoc_name, ZOC_N);
		break;
	case V_FRONTAGE:
		c = m->frontage = readin_index(v, n, frontage_name, FR_N);
		break;
	case V_DEG:
		if (num_long(v, n, 0, 360, &x) == 0) {
			m->wheel = (int)x;
			return 0;
		}
		break;
	case V_DIST:
		if (movein_distance(r, v, n, scale, &x) == 0 && x > 0) {
			*(f == MF_FAR ? &m->far_dist : &m->hidden_dist) = x;
			return 0;
		}
		break;
	}
	if (c >= 0)
		return 0;
	DIAG(BAD_VALUE, line, vcol, (int)n, v, mflag_name(f),
	    fvalue[f] == V_GOING && r->has_rough ? "good, difficult, rough" :
	    fhint[fvalue[f]]);
	return -1;
}

/* Set flag f from its value (v NULL: none); -1 after reporting. */
static int
set_flag(const struct mreader *rd, struct move *m, int f, const char *v,
    size_t vlen, long line, long col, long vcol)
{
	const struct rules *r = rd->r;

	if (m->has[f]) {
		DIAG(DUPLICATE_FLAG, line, col, mflag_name(f));
		return -1;
	}
	if (fvalue[f] == V_NONE && v != NULL) {
		DIAG(FLAG_NO_VALUE, line, vcol, mflag_name(f),
		    diag_tail(" '%.*s'", (int)vlen, v));
		return -1;
	}
	if (fvalue[f] != V_NONE && fvalue[f] != V_DIST && v == NULL) {
		DIAG(FLAG_VALUE, line, col,
		    mflag_name(f), mflag_name(f), fvalue[f] == V_TROOP ?
		    "TROOP" : fvalue[f] == V_ID ? "NAME" : fvalue[f] == V_DEG ?
		    "DEG" : fhint[fvalue[f]]);
		return -1;
	}
	if (v != NULL && flag_value(r, m, f, v, vlen, line, vcol,
	    rd->scale) < 0)
		return -1;
	if (f == MF_ROUGH && !r->has_rough) {
		DIAG(MOVE_NO_ROUGH, line, col, r->edition);
		return -1;
	}
	m->has[f] = true;
	m->fcol[f] = col;
	return 0;
}

static void
unknown_flag(const struct tok *t, long line)
{
	static const char *cands[MF_N];
	const char *sug;
	int f;

	for (f = 0; f < MF_N; f++)
		cands[f] = mflag_name(f);
	sug = tok_suggest(t->s, t->klen, cands, MF_N);
	if (t->quoted)
		DIAG(UNEXPECTED_QUOTED, line, t->col, tok_str(t));
	else
		DIAG(UNKNOWN_FLAG, line, t->col, tok_str(t),
		    diag_suggest(sug));
}

/* The contradictions of a move line; -1 after reporting. */
static int
movein_check(const struct move *m)
{
	static const int grouponly[] = { MF_COLUMN, MF_AWAY, MF_ENGAGED,
	    MF_FRONTAGE, MF_WHEEL, MF_TURN };
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof grouponly / sizeof grouponly[0]; i++)
		if (m->ntroops == 1 && m->has[grouponly[i]]) {
			DIAG(GROUP_ONLY, m->line, m->fcol[grouponly[i]],
			    mflag_name(grouponly[i]));
			rc = -1;
		}
	if (m->ntroops > 1 && m->has[MF_BREAKOFF]) {
		DIAG(BREAKOFF_GROUP, m->line, m->fcol[MF_BREAKOFF]);
		rc = -1;
	}
	if (m->has[MF_FRONTAGE] && m->frontage == FR_WHEEL &&
	    !m->has[MF_WHEEL]) {
		DIAG(WHEEL_NO_DEG, m->line, m->fcol[MF_FRONTAGE]);
		rc = -1;
	}
	if (m->has[MF_FACE] && !m->has[MF_FLANK_CONTACT]) {
		DIAG(FACE_NO_FLANK, m->line, m->fcol[MF_FACE]);
		rc = -1;
	}
	if (m->has[MF_RIVER] && m->has[MF_ROAD]) {
		DIAG(RIVER_ROAD, m->line, m->fcol[MF_RIVER] >
		    m->fcol[MF_ROAD] ? m->fcol[MF_RIVER] : m->fcol[MF_ROAD]);
		rc = -1;
	}
	return rc;
}

/* A flag of a bound line not set yet: set it. */
static bool
bound_flag(const struct tok *t, bool *flag, const char *name)
{
	if (t->quoted || t->val != NULL || *flag || !tok_is(t, name))
		return false;
	*flag = true;
	return true;
}

static int
parse_bound(const struct rules *r, struct toks *tk, long lineno,
    struct bound *b)
{
	static const char *const bflags[] = { "general-lost", "first" };
	const char *sug;
	const struct tok *t;
	size_t i;
	long x;
	int rc = 0;

	memset(b, 0, sizeof *b);
	b->line = lineno;
	if (tk->n < 2) {
		DIAG(MISSING_PIP_DIE, lineno, readin_end_col(tk), r->pip_die);
		return -1;
	}
	t = &tk->v[1];
	if (t->quoted || num_long(t->s, t->len, 1, r->pip_die, &x) < 0) {
		DIAG(BAD_RANGE, lineno, t->col, "PIP die", tok_str(t), 1L,
		    (long)r->pip_die);
		rc = -1;
	} else
		b->pips = (int)x;
	for (i = 2; i < tk->n; i++) {
		t = &tk->v[i];
		if (bound_flag(t, &b->general_lost, "general-lost") ||
		    bound_flag(t, &b->first, "first"))
			continue;
		if ((tok_is(t, "general-lost") || tok_is(t, "first")) &&
		    t->val == NULL)
			DIAG(DUPLICATE_FLAG, lineno, t->col, tok_str(t));
		else if ((sug = tok_suggest(t->s, t->klen, bflags, 2)) != NULL)
			DIAG(UNKNOWN_FLAG, lineno, t->col, tok_str(t),
			    diag_suggest(sug));
		else
			DIAG(UNEXPECTED, lineno, t->col, tok_str(t));
		rc = -1;
	}
	if (rc < 0)
		b->pips = 0;
	return rc;
}

/* The troops: one token, or two for a name such as "Light Horse". */
static int
line_troops(const struct mreader *rd, struct toks *tk, size_t *i,
    long lineno, struct move *m)
{
	const struct tok *a = &tk->v[*i], *b;
	const struct troop *t;

	if (a->val == NULL && memchr(a->s, ',', a->len) == NULL &&
	    troop_find(a->s, a->len) == NULL && *i + 1 < tk->n) {
		b = &tk->v[*i + 1];
		if (b->val == NULL &&
		    (t = troop_find2(a->s, a->len, b->s, b->len)) != NULL) {
			*i += 2;
			return parse_troops(rd->r, t->code, strlen(t->code),
			    lineno, a->col, m);
		}
	}
	(*i)++;
	if (a->val != NULL) {
		DIAG(MISSING_TROOP_BEFORE, lineno, a->col, tok_str(a));
		return -1;
	}
	return parse_troops(rd->r, a->s, a->len, lineno, a->col +
	    (a->quoted ? 1 : 0), m);
}

static int
parse_move(const struct mreader *rd, struct toks *tk, long lineno,
    struct move *m)
{
	const struct tok *t;
	size_t i = 1;
	int f, rc = 0;

	if (tk->n < 2) {
		DIAG(MISSING_TROOP_AFTER, lineno, readin_end_col(tk), "move");
		return -1;
	}
	if (line_troops(rd, tk, &i, lineno, m) < 0)
		rc = -1;
	if (i >= tk->n || tk->v[i].val != NULL) {
		DIAG(MISSING_DISTANCE, lineno, i < tk->n ? tk->v[i].col :
		    readin_end_col(tk));
		return -1;
	}
	t = &tk->v[i++];
	if (movein_distance(rd->r, t->s, t->len, rd->scale, &m->dist) < 0) {
		DIAG(BAD_DISTANCE, lineno, t->col, tok_str(t),
		    bare_unit(rd->r));
		rc = -1;
	}
	for (; i < tk->n; i++) {
		t = &tk->v[i];
		f = t->quoted ? -1 : readin_index(t->s, t->klen, mflag_name,
		    MF_N);
		/* bad going: difficult by another name (dba3) */
		if (f < 0 && !t->quoted && str_ieq(t->s, t->klen, "bad"))
			f = MF_DIFFICULT;
		if (f < 0) {
			unknown_flag(t, lineno);
			rc = -1;
		} else if (set_flag(rd, m, f, t->val, t->vlen, lineno,
		    t->col, t->vcol) < 0)
			rc = -1;
	}
	if (rc == 0 && movein_check(m) < 0)
		rc = -1;
	return rc;
}

int
movein_parse_line(const struct mreader *rd, struct toks *tk, const char *line,
    size_t len, long lineno, struct move *m, struct bound *b)
{
	static const char *const kws[] = { "bound", "move" };
	const struct tok *t;
	const char *sug;

	if (tok_split(tk, line, len, lineno) < 0)
		return -1;
	if (tk->n == 0)
		return 0;
	t = &tk->v[0];
	if (!t->quoted && t->val == NULL && tok_is(t, "bound"))
		return parse_bound(rd->r, tk, lineno, b) < 0 ? -1 : 2;
	if (!t->quoted && t->val == NULL && tok_is(t, "move")) {
		memset(m, 0, sizeof *m);
		m->line = lineno;
		return parse_move(rd, tk, lineno, m) < 0 ? -1 : 1;
	}
	sug = tok_suggest(t->s, t->klen, kws, 2);
	DIAG(UNKNOWN_KEYWORD, lineno, t->col, tok_str(t), sug != NULL ?
	    diag_suggest(sug) : " (bound, move)");
	return -1;
}

void
movein_read_lines(const struct mreader *rd, struct input *in)
{
	struct toks tk = {0};
	struct move m;
	struct bound b;
	const char *line;
	size_t len;
	int rc;

	while (readin_line(in, &line, &len)) {
		memset(&b, 0, sizeof b);
		rc = movein_parse_line(rd, &tk, line, len, in->line, &m, &b);
		if (b.line != 0) {
			b.file = in->name;
			rd->bound(rd->ctx, &b);
		} else if (rc == 1) {
			m.file = in->name;
			rd->move(rd->ctx, &m);
		}
	}
	tok_free(&tk);
}

/* ---- XML ------------------------------------------------------------ */

static const char *const move_out_attrs[] = {
	"troops", "distance", "file", "line", "max", "cost", "verdict", NULL
};
static const char *const bound_attrs[] = {
	"pips", "general-lost", "first", "file", "line", "used", "unused",
	NULL
};

static int
xml_move(const struct mreader *rd, xmlNodePtr n, long line, struct move *m)
{
	xmlAttrPtr a;
	char *v;
	long given;
	int f, rc;
	bool bare;

	memset(m, 0, sizeof *m);
	m->line = line;
	rc = readin_xml_line(n, line, &given);
	if ((v = xmlio_attr(n, "troops")) == NULL) {
		DIAG(MISSING_ATTRIBUTE, line, 0, "troops", "move");
		rc = -1;
	} else if (parse_troops(rd->r, v, strlen(v), line, 0, m) < 0)
		rc = -1;
	xmlFree(v);
	if ((v = xmlio_attr(n, "distance")) == NULL) {
		DIAG(MISSING_ATTRIBUTE, line, 0, "distance", "move");
		rc = -1;
	} else if (movein_distance(rd->r, v, strlen(v), rd->scale,
	    &m->dist) < 0) {
		DIAG(BAD_DISTANCE, line, 0, v, bare_unit(rd->r));
		rc = -1;
	}
	xmlFree(v);
	for (a = n->properties; a != NULL; a = a->next) {
		const char *name = (const char *)a->name;

		if ((f = readin_index(name, strlen(name),
		    mflag_name, MF_N)) < 0) {
			if (!xmlio_attr_known(name, "move", line,
			    move_out_attrs, mflag_name, MF_N))
				rc = -1;
			continue;
		}
		v = xmlio_attr(n, name);
		bare = fvalue[f] == V_NONE || (fvalue[f] == V_DIST &&
		    (strcmp(v, "yes") == 0 || strcmp(v, "no") == 0));
		if (bare && strcmp(v, "no") == 0) {
			xmlFree(v);
			continue;
		}
		if (bare && strcmp(v, "yes") != 0) {
			DIAG(BAD_VALUE, line, 0, (int)strlen(v), v, name,
			    "yes, no");
			rc = -1;
		} else if (set_flag(rd, m, f, bare ? NULL : v, strlen(v),
		    line, 0, 0) < 0)
			rc = -1;
		xmlFree(v);
	}
	if (rc == 0 && movein_check(m) < 0)
		rc = -1;
	m->line = given;        /* the checks spoke at the XML's line */
	return rc;
}

/* A yes/no attribute into *flag; -1 after reporting another value. */
static int
xml_yes(xmlNodePtr n, const char *attr, long line, bool *flag)
{
	char *v = xmlio_attr(n, attr);
	int rc = 0;

	if (v == NULL)
		return 0;
	if (strcmp(v, "yes") == 0)
		*flag = true;
	else if (strcmp(v, "no") != 0) {
		DIAG(BAD_VALUE, line, 0, (int)strlen(v), v, attr, "yes, no");
		rc = -1;
	}
	xmlFree(v);
	return rc;
}

static void
xml_bound(const struct rules *r, xmlNodePtr n, long line, struct bound *b)
{
	long x;
	bool bad;

	memset(b, 0, sizeof *b);
	bad = xmlio_attrs_known(n, "bound", line, bound_attrs) < 0;
	if (readin_xml_line(n, line, &b->line) < 0)
		bad = true;
	else if (xmlHasProp(n, BAD_CAST "line") == NULL &&
	    xmlHasProp(n, BAD_CAST "file") != NULL)
		b->line = 0;    /* written by move-check: before any bound */
	switch (xmlio_attr_long(n, "pips", "PIP die", line, 1, r->pip_die,
	    &x)) {
	case 1:
		b->pips = (int)x;
		break;
	case -1:
		bad = true;
		break;
	}
	if (xml_yes(n, "general-lost", line, &b->general_lost) < 0 ||
	    xml_yes(n, "first", line, &b->first) < 0)
		bad = true;
	if (bad)        /* as a bound line with errors: no PIP budget */
		b->pips = 0;
}

/* Of the stream so far: a bound was seen; the file attribute of the
 * last bound (move-check's XML of several files: numbering restarts). */
struct xstate {
	bool bounds;
	bool has_file;
	struct sbuf file;
};

/* b numbers 1 when its file attribute differs from the last bound's. */
static void
xml_bound_file(struct xstate *xs, xmlNodePtr n, struct bound *b)
{
	char *v = xmlio_attr(n, "file");

	if (v == NULL)
		return;
	if (xs->has_file && strcmp(sbuf_str(&xs->file), v) != 0)
		b->number = 1;
	sbuf_reset(&xs->file);
	sbuf_add(&xs->file, v, strlen(v));
	xs->has_file = true;
	xmlFree(v);
}

/* One element of the stream; false stops reading. */
static bool
xml_element(const struct mreader *rd, xmlTextReaderPtr x, struct input *in,
    long hint, struct xstate *xs)
{
	int depth = xmlTextReaderDepth(x);
	const char *name = (const char *)xmlTextReaderConstLocalName(x);
	xmlNodePtr n = xmlTextReaderCurrentNode(x);
	long line = xmlio_node_line(n, hint);
	struct bound b;
	struct move m;

	if (depth == 0 && strcmp(name, "moves") != 0) {
		DIAG(UNEXPECTED_ROOT, line, 0, name, "moves");
		return false;
	}
	if (depth == 0 || (depth >= 2 && strcmp(name, "violation") == 0))
		return true;
	if (depth == 1 && strcmp(name, "bound") == 0) {
		xml_bound(rd->r, n, line, &b);
		xml_bound_file(xs, n, &b);
		b.file = in->name;
		rd->bound(rd->ctx, &b);
		xs->bounds = true;
		return true;
	}
	if (strcmp(name, "move") != 0 || depth > 2) {
		DIAG(UNEXPECTED_ELEMENT, line, 0, name, depth == 1 ?
		    "bound' or 'move" : depth == 2 ? "move" : "violation");
		xmlTextReaderNext(x);
		return true;
	}
	if (depth == 1 && xs->bounds) {
		DIAG(MOVE_OUTSIDE_BOUND, line, 0);
		xmlTextReaderNext(x);
		return true;
	}
	if ((n = xmlTextReaderExpand(x)) == NULL)
		return false;
	if (xml_move(rd, n, line, &m) == 0) {
		m.file = in->name;
		rd->move(rd->ctx, &m);
	}
	return true;
}

void
movein_read_xml(const struct mreader *rd, struct input *in)
{
	xmlTextReaderPtr x = xmlio_reader(in);
	struct xstate xs = {0};
	long hint = 0;
	int rc;

	if (x == NULL)
		return;
	while ((rc = xmlio_next_element(x, in->name, 2, &hint)) == 1)
		if (!xml_element(rd, x, in, hint, &xs))
			break;
	if (rc < 0 && diag_file_errors() == 0)
		DIAG(XML_UNPARSABLE, 0, 0, "input");
	xmlFreeTextReader(x);
	sbuf_free(&xs.file);
}
