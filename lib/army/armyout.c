/* Writers of army lists: XML, TSV, JSON, JSON lines, list text. */
#include <stdlib.h>
#include <string.h>

#include "army/armyout.h"
#include "core/jsonout.h"
#include "core/labels.h"
#include "core/xalloc.h"
#include "core/xmlout.h"

struct armyout {
	FILE *fp;
	enum out_fmt fmt;
	enum lang lang;
	struct xw *xw;
	struct jw jw;
	struct sbuf tmp;
	long count;
	char *rules;               /* the collection's label */
	char *from;                /* where it came from, or NULL */
	bool own_labels;           /* JSON Lines: each army's own label */
	bool files;                /* TSV: a file column first */
	bool header;               /* TSV: the header is written */
};

static const char tsv_header[] = "id\tname\tfrom\tto\tterrain\taggression\t"
    "enemies\telements\tlang\tdates\tsources\tdbm\tallies\ttext\t"
    "incomplete\tnotes\tplayer\tyear\n";

static void
tsv_start(struct armyout *o)
{
	if (o->header)
		return;
	o->header = true;
	if (o->files)
		fputs("file\t", o->fp);
	fputs(tsv_header, o->fp);
}

void
armyout_own_labels(struct armyout *o)
{
	o->own_labels = true;
}

void
armyout_files(struct armyout *o, bool files)
{
	o->files = files;
}

struct armyout *
armyout_new(FILE *fp, enum out_fmt fmt, enum lang lang, const char *rules,
    const char *from)
{
	struct armyout *o = xmalloc(sizeof *o);

	if (rules == NULL)
		rules = "dba1";
	*o = (struct armyout){ .fp = fp, .fmt = fmt, .lang = lang,
	    .rules = xstrdup(rules), .from = from != NULL ? xstrdup(from) :
	    NULL };
	switch (fmt) {
	case FMT_XML:
		o->xw = xw_new(fp);
		xw_start(o->xw, "armylists");
		xw_attr(o->xw, "version", "1");
		xw_attr(o->xw, "rules", rules);
		if (from != NULL)
			xw_attr(o->xw, "rules-from", from);
		break;
	case FMT_JSON:
		jw_init(&o->jw, fp);
		jw_obj(&o->jw);
		jw_kint(&o->jw, "version", 1);
		jw_kstr(&o->jw, "rules", rules);
		if (from != NULL)
			jw_kstr(&o->jw, "rules-from", from);
		jw_key(&o->jw, "armies");
		jw_arr(&o->jw);
		break;
	case FMT_JSONL:
		jw_init(&o->jw, fp);
		break;
	default:                /* TSV, text: nothing before the armies */
		break;
	}
	return o;
}

/* ---- canonical element text --------------------------------------- */

/* The spelling w of troop t for list text, when it reads back as t with
 * w kept (a hand-written XML attribute may name another troop, or be a
 * standard name); NULL otherwise. */
static const char *
spelling(const char *w, const struct troop *t)
{
	if (w == NULL || t == NULL || troop_find(w, strlen(w)) != t ||
	    troop_is_standard(t, w, strlen(w)))
		return NULL;
	return w;
}

/* A troop in a language: list text (card false) writes the figures and
 * the spelling as written (HCh) in every language, so that it reads back
 * to the same troops; a card of another language than English keeps to
 * its abbreviations and shows a spelling as written in brackets; the
 * figures (3Kn, 4Bd, 6Kn: under 3.0 fast, solid, double) everywhere. */
static void
troop_text(struct sbuf *b, const struct troopref *r, enum lang lang,
    bool first, bool card)
{
	bool local = card && lang != LANG_EN;
	const char *name, *dis = r->dis_name;
	const char *w = spelling(r->written, r->t);
	const char *dw = spelling(r->dis_written, r->dis);

	name = r->t == NULL ? r->name : lang == LANG_EN ? r->t->code :
	    r->t->abbr[lang];
	if (r->dis != NULL)
		dis = lang == LANG_EN ? r->dis->code : r->dis->abbr[lang];
	if (first && lang != LANG_EN)
		sbuf_addc(b, ' ');
	if (r->mtd)
		sbuf_adds(b, "Mtd-");
	if (r->figures != NULL)
		sbuf_adds(b, r->figures);
	sbuf_adds(b, w != NULL && !local ? w : name);
	if (r->dis != NULL || r->dis_name != NULL) {
		sbuf_adds(b, "//");
		if (r->dis_figures != NULL)
			sbuf_adds(b, r->dis_figures);
		sbuf_adds(b, dw != NULL && !local ? dw : dis);
	}
	if (local && (w != NULL || dw != NULL)) {
		sbuf_adds(b, " [");
		if (w != NULL)
			sbuf_adds(b, w);
		if (dw != NULL)
			sbuf_printf(b, "//%s", dw);
		sbuf_addc(b, ']');
	}
	if (r->note != NULL)
		sbuf_printf(b, " (%s)", r->note);
}

static void items_text(struct sbuf *b, const struct package *list,
    enum lang lang, const char *sep, bool card);

static void
item_text(struct sbuf *b, const struct item *it, enum lang lang, bool card)
{
	size_t i;

	if (it->kind == ITEM_ELEMENT) {
		sbuf_printf(b, "%ldx", it->count);
		for (i = 0; i < it->ntroops; i++) {
			if (i > 0)
				sbuf_printf(b, " %s ", lang_label(lang,
				    L_LIST_OR));
			troop_text(b, &it->troops[i], lang, i == 0,
			    card);
		}
		if (it->general)
			sbuf_printf(b, " (%s)", lang_label(lang,
			    L_LIST_GENERAL));
		return;
	}
	for (i = 0; i < it->npkgs; i++) {
		const struct package *p = &it->pkgs[i];

		if (i > 0)
			sbuf_printf(b, " %s ", lang_label(lang, L_LIST_OR));
		if (p->n == 1 && p->items[0].kind == ITEM_ELEMENT) {
			item_text(b, &p->items[0], lang, card);
			continue;
		}
		sbuf_addc(b, '(');
		items_text(b, p, lang, " + ", card);
		sbuf_addc(b, ')');
	}
}

static void
items_text(struct sbuf *b, const struct package *list, enum lang lang,
    const char *sep, bool card)
{
	size_t i;

	for (i = 0; i < list->n; i++) {
		if (i > 0)
			sbuf_adds(b, sep);
		item_text(b, &list->items[i], lang, card);
	}
}

void
army_elements_text(struct sbuf *b, const struct package *list,
    enum lang lang)
{
	sbuf_add(b, "", 0);
	items_text(b, list, lang, ", ", false);
}

void
army_elements_card(struct sbuf *b, const struct package *list,
    enum lang lang)
{
	sbuf_add(b, "", 0);
	items_text(b, list, lang, ", ", true);
}

/* ---- XML ------------------------------------------------------------ */

static void xml_items(struct xw *w, const struct package *list);

static void
xml_troop(struct xw *w, const struct troopref *r)
{
	xw_start(w, "troop");
	xw_attr(w, "code", r->t != NULL ? r->t->code : "?");
	if (r->t == NULL && r->name != NULL)
		xw_attr(w, "name", r->name);
	if (r->written != NULL)
		xw_attr(w, "written", r->written);
	if (r->figures != NULL)
		xw_attr(w, "figures", r->figures);
	if (r->mtd)
		xw_attr(w, "mounted", "yes");
	if (r->dis != NULL || r->dis_name != NULL) {
		xw_attr(w, "dismount", r->dis != NULL ? r->dis->code : "?");
		if (r->dis == NULL)
			xw_attr(w, "dismount-name", r->dis_name);
	}
	if (r->dis_written != NULL)
		xw_attr(w, "dismount-written", r->dis_written);
	if (r->dis_figures != NULL)
		xw_attr(w, "dismount-figures", r->dis_figures);
	if (r->note != NULL)
		xw_attr(w, "note", r->note);
	xw_end(w);
}

static void
xml_items(struct xw *w, const struct package *list)
{
	size_t i, k;
	const struct item *it;

	for (i = 0; i < list->n; i++) {
		it = &list->items[i];
		if (it->kind == ITEM_ELEMENT) {
			xw_start(w, "element");
			xw_attrl(w, "count", it->count);
			if (it->general)
				xw_attr(w, "general", "yes");
			for (k = 0; k < it->ntroops; k++)
				xml_troop(w, &it->troops[k]);
			xw_end(w);
			continue;
		}
		xw_start(w, "choice");
		for (k = 0; k < it->npkgs; k++) {
			xw_start(w, "package");
			xml_items(w, &it->pkgs[k]);
			xw_end(w);
		}
		xw_end(w);
	}
}

static void
xml_refs(struct xw *w, const char *name, char **v, size_t n)
{
	size_t i;

	xw_start(w, name);
	for (i = 0; i < n; i++)
		xw_elem(w, "ref", v[i]);
	xw_end(w);
}

/* "-330 -322 -300 -280": the ranges of a period, valid until the next
 * use of o->tmp. */
static const char *
ranges_str(struct armyout *o, const struct army *a)
{
	size_t k;

	sbuf_reset(&o->tmp);
	for (k = 0; k < a->nranges; k++)
		sbuf_printf(&o->tmp, "%s%ld %ld", k > 0 ? " " : "",
		    a->ranges[k][0], a->ranges[k][1]);
	return sbuf_str(&o->tmp);
}

static void
xml_army(struct armyout *o, const struct army *a)
{
	struct xw *w = o->xw;
	size_t i;

	xw_start(w, "army");
	xw_attr(w, "id", a->id);
	if (a->file != NULL)
		xw_attr(w, "file", a->file);
	if (a->line > 0)
		xw_attrl(w, "line", a->line);
	if (a->incomplete)
		xw_attr(w, "incomplete", "yes");
	xw_start(w, "name");
	xw_attr(w, "lang", a->name_lang);
	xw_text(w, a->name);
	xw_end(w);
	if (a->period != NULL) {
		xw_start(w, "period");
		if (a->period_ok) {
			xw_attrl(w, "from", a->from);
			xw_attrl(w, "to", a->to);
			if (a->approx)
				xw_attr(w, "approx", "yes");
			if (a->nranges > 1)
				xw_attr(w, "ranges", ranges_str(o, a));
		}
		xw_text(w, a->period);
		xw_end(w);
	}
	if (a->terrain != NULL)
		xw_elem(w, "terrain", a->terrain);
	if (a->aggression != NULL)
		xw_elem(w, "aggression", a->aggression);
	if (a->sources != NULL)
		xw_elem(w, "sources", a->sources);
	if (a->dbm != NULL)
		xw_elem(w, "dbm", a->dbm);
	if (a->player != NULL)
		xw_elem(w, "player", a->player);
	if (a->has_year) {
		char y[24];

		snprintf(y, sizeof y, "%ld", a->year);
		xw_elem(w, "year", y);
	}
	xml_refs(w, "enemies", a->enemies, a->nenemies);
	if (a->has_allies) {
		xw_start(w, "allies");
		if (a->ally_elements != NULL)
			xw_attr(w, "elements", a->ally_elements);
		for (i = 0; i < a->nallies; i++) {
			const char *j = army_join_word(army_ally_join(a, i));

			xw_start(w, "ref");
			if (j != NULL)
				xw_attr(w, "join", j);
			xw_text(w, a->allies[i]);
			xw_end(w);
		}
		xw_end(w);
	}
	xw_start(w, "elements");
	if (a->elements_text != NULL)
		xw_attr(w, "text", a->elements_text);
	xml_items(w, &a->list);
	xw_end(w);
	for (i = 0; i < a->nnotes; i++) {
		xw_start(w, "note");
		xw_attr(w, "column", a->notes[i].column);
		xw_text(w, a->notes[i].text);
		xw_end(w);
	}
	xw_end(w);
	/* no flush per army: libxml2 writes out every 4 KB by itself */
}

/* ---- JSON ----------------------------------------------------------- */

static void
json_items(struct jw *j, const struct package *list)
{
	size_t i, k;
	const struct item *it;
	const struct troopref *r;

	jw_arr(j);
	for (i = 0; i < list->n; i++) {
		it = &list->items[i];
		jw_obj(j);
		if (it->kind == ITEM_CHOICE) {
			jw_key(j, "choice");
			jw_arr(j);
			for (k = 0; k < it->npkgs; k++)
				json_items(j, &it->pkgs[k]);
			jw_close(j, ']');
			jw_close(j, '}');
			continue;
		}
		jw_kint(j, "count", it->count);
		if (it->general) {
			jw_key(j, "general");
			jw_bool(j, true);
		}
		jw_key(j, "troops");
		jw_arr(j);
		for (k = 0; k < it->ntroops; k++) {
			r = &it->troops[k];
			jw_obj(j);
			jw_kstr(j, "code", r->t != NULL ? r->t->code : "?");
			if (r->t == NULL && r->name != NULL)
				jw_kstr(j, "name", r->name);
			if (r->written != NULL)
				jw_kstr(j, "written", r->written);
			if (r->figures != NULL)
				jw_kstr(j, "figures", r->figures);
			if (r->mtd) {
				jw_key(j, "mounted");
				jw_bool(j, true);
			}
			if (r->dis != NULL || r->dis_name != NULL)
				jw_kstr(j, "dismount", r->dis != NULL ?
				    r->dis->code : "?");
			if (r->dis == NULL && r->dis_name != NULL)
				jw_kstr(j, "dismount-name", r->dis_name);
			if (r->dis_written != NULL)
				jw_kstr(j, "dismount-written",
				    r->dis_written);
			if (r->dis_figures != NULL)
				jw_kstr(j, "dismount-figures",
				    r->dis_figures);
			if (r->note != NULL)
				jw_kstr(j, "note", r->note);
			jw_close(j, '}');
		}
		jw_close(j, ']');
		jw_close(j, '}');
	}
	jw_close(j, ']');
}

static void
json_strv(struct jw *j, const char *key, char **v, size_t n)
{
	size_t i;

	jw_key(j, key);
	jw_arr(j);
	for (i = 0; i < n; i++)
		jw_str(j, v[i]);
	jw_close(j, ']');
}


/* "ranges": [[-330, -322], [-300, -280]] when the period has several. */
static void
json_ranges(struct jw *j, const struct army *a)
{
	size_t k;

	if (a->nranges < 2)
		return;
	jw_key(j, "ranges");
	jw_arr(j);
	for (k = 0; k < a->nranges; k++) {
		jw_arr(j);
		jw_int(j, a->ranges[k][0]);
		jw_int(j, a->ranges[k][1]);
		jw_close(j, ']');
	}
	jw_close(j, ']');
}
/* A line of JSON Lines: its army's own label (and where that came
 * from) when it has one and no --rules relabels them, else the run's. */
static void
jsonl_label(struct armyout *o, const struct army *a)
{
	bool own = a->rules != NULL && o->own_labels;
	const char *from = own ? a->rules_from : o->from;

	jw_kstr(&o->jw, "rules", own ? a->rules : o->rules);
	if (from != NULL)
		jw_kstr(&o->jw, "rules-from", from);
}

static void
json_army(struct armyout *o, const struct army *a)
{
	struct jw *j = &o->jw;
	size_t i;

	jw_obj(j);
	jw_kstr(j, "id", a->id);
	if (o->fmt == FMT_JSONL)       /* each line carries its label */
		jsonl_label(o, a);
	if (a->file != NULL)
		jw_kstr(j, "file", a->file);
	if (a->line > 0)
		jw_kint(j, "line", a->line);
	if (a->incomplete) {
		jw_key(j, "incomplete");
		jw_bool(j, true);
	}
	jw_key(j, "name");
	jw_obj(j);
	jw_kstr(j, "lang", a->name_lang);
	jw_kstr(j, "text", a->name);
	jw_close(j, '}');
	if (a->period != NULL) {
		jw_key(j, "period");
		jw_obj(j);
		if (a->period_ok) {
			jw_kint(j, "from", a->from);
			jw_kint(j, "to", a->to);
			if (a->approx) {
				jw_key(j, "approx");
				jw_bool(j, true);
			}
			json_ranges(j, a);
		}
		jw_kstr(j, "text", a->period);
		jw_close(j, '}');
	}
	if (a->terrain != NULL)
		jw_kstr(j, "terrain", a->terrain);
	if (a->aggression != NULL)
		jw_kint(j, "aggression", atol(a->aggression));
	if (a->sources != NULL)
		jw_kstr(j, "sources", a->sources);
	if (a->dbm != NULL)
		jw_kstr(j, "dbm", a->dbm);
	if (a->player != NULL)
		jw_kstr(j, "player", a->player);
	if (a->has_year)
		jw_kint(j, "year", a->year);
	json_strv(j, "enemies", a->enemies, a->nenemies);
	if (a->has_allies) {
		json_strv(j, "allies", a->allies, a->nallies);
		for (i = 1; i < a->nallies; i++)
			if (army_ally_join(a, i) != ALLY_AND)
				break;
		if (i < a->nallies) {
			/* "or", "and/or" or "" (a comma) per ally */
			jw_key(j, "ally-joins");
			jw_arr(j);
			for (i = 0; i < a->nallies; i++) {
				const char *w = army_join_word(
				    army_ally_join(a, i));

				jw_str(j, w != NULL ? w : "");
			}
			jw_close(j, ']');
		}
		if (a->ally_elements != NULL)
			jw_kstr(j, "ally-elements", a->ally_elements);
	}
	jw_key(j, "elements");
	jw_obj(j);
	if (a->elements_text != NULL)
		jw_kstr(j, "text", a->elements_text);
	jw_key(j, "items");
	json_items(j, &a->list);
	jw_close(j, '}');
	if (a->nnotes > 0) {
		jw_key(j, "notes");
		jw_arr(j);
		for (i = 0; i < a->nnotes; i++) {
			jw_obj(j);
			jw_kstr(j, "column", a->notes[i].column);
			jw_kstr(j, "text", a->notes[i].text);
			jw_close(j, '}');
		}
		jw_close(j, ']');
	}
	jw_close(j, '}');
}

/* ---- TSV and text --------------------------------------------------- */

static void
join_refs(struct sbuf *b, char **v, size_t n)
{
	size_t i;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	for (i = 0; i < n; i++)
		sbuf_printf(b, "%s%s", i ? ", " : "", v[i]);
}

/* The allies, "or" and "and/or" between alternatives. */
static void
join_allies(struct sbuf *b, const struct army *a)
{
	size_t i;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	for (i = 0; i < a->nallies; i++) {
		const char *j = army_join_word(army_ally_join(a, i));

		if (i > 0)
			sbuf_printf(b, j != NULL ? " %s " : ", ",
			    j != NULL ? j : "");
		sbuf_adds(b, a->allies[i]);
	}
	if (a->ally_elements != NULL)
		sbuf_printf(b, ": %s", a->ally_elements);
}

static void
cell(FILE *fp, const char *s, bool last)
{
	if (s != NULL)
		tsv_cell(fp, s, strlen(s));
	fputc(last ? '\n' : '\t', fp);
}

static void
tsv_army(struct armyout *o, const struct army *a)
{
	char from[24] = "", to[24] = "";
	size_t i;

	tsv_start(o);
	if (o->files)
		cell(o->fp, a->file, false);
	if (a->period_ok) {
		snprintf(from, sizeof from, "%ld", a->from);
		snprintf(to, sizeof to, "%ld", a->to);
	}
	cell(o->fp, a->id, false);
	cell(o->fp, a->name, false);
	cell(o->fp, from, false);
	cell(o->fp, to, false);
	cell(o->fp, a->terrain, false);
	cell(o->fp, a->aggression, false);
	join_refs(&o->tmp, a->enemies, a->nenemies);
	cell(o->fp, o->tmp.s, false);
	sbuf_reset(&o->tmp);
	army_elements_text(&o->tmp, &a->list, LANG_EN);
	cell(o->fp, o->tmp.s, false);
	cell(o->fp, a->name_lang, false);
	cell(o->fp, a->period, false);
	cell(o->fp, a->sources, false);
	cell(o->fp, a->dbm, false);
	join_allies(&o->tmp, a);
	cell(o->fp, a->has_allies ? o->tmp.s : NULL, false);
	cell(o->fp, a->elements_text, false);
	cell(o->fp, a->incomplete ? "yes" : NULL, false);
	/* the notes: "COLUMN: text" lines in one cell; a backslash, a
	 * line break and (in the column) a colon escaped */
	sbuf_reset(&o->tmp);
	sbuf_add(&o->tmp, "", 0);
	for (i = 0; i < a->nnotes; i++) {
		if (i > 0)
			sbuf_addc(&o->tmp, '\n');
		army_note_escape(&o->tmp, a->notes[i].column, true);
		sbuf_add(&o->tmp, ": ", 2);
		army_note_escape(&o->tmp, a->notes[i].text, false);
	}
	cell(o->fp, o->tmp.s, false);
	/* an entry's player and year */
	cell(o->fp, a->player, false);
	sbuf_reset(&o->tmp);
	if (a->has_year)
		sbuf_printf(&o->tmp, "%ld", a->year);
	cell(o->fp, a->has_year ? o->tmp.s : NULL, true);
}

static void
text_line(const struct armyout *o, enum label l, const char *v)
{
	if (v != NULL)
		fprintf(o->fp, "%s: %s\n", lang_label(o->lang, l), v);
}

static void
text_army(struct armyout *o, const struct army *a)
{
	size_t i;

	if (o->count > 0)
		fputc('\n', o->fp);
	fprintf(o->fp, "%s %s\n", a->id, a->name);
	if (strcmp(a->name_lang, "en") != 0)
		text_line(o, L_LIST_LANGUAGE, a->name_lang);
	text_line(o, L_LIST_DATES, a->period);
	text_line(o, L_TERRAIN, a->terrain);
	text_line(o, L_AGGRESSION, a->aggression);
	text_line(o, L_LIST_SOURCES, a->sources);
	text_line(o, L_LIST_DBM, a->dbm);
	text_line(o, L_LIST_PLAYER, a->player);
	if (a->has_year)
		fprintf(o->fp, "%s: %ld%s\n", lang_label(o->lang, L_LIST_YEAR),
		    a->year > 0 ? a->year : -a->year, a->year > 0 ? "AD" : "BC");
	if (a->nenemies > 0) {
		join_refs(&o->tmp, a->enemies, a->nenemies);
		text_line(o, L_LIST_ENEMIES, o->tmp.s);
	}
	if (a->has_allies && a->nallies > 0) {
		join_allies(&o->tmp, a);
		text_line(o, L_ALLIES, o->tmp.s);
	}
	for (i = 0; i < a->nnotes; i++) {
		sbuf_reset(&o->tmp);
		sbuf_add(&o->tmp, "", 0);
		army_note_escape(&o->tmp, a->notes[i].column, true);
		sbuf_add(&o->tmp, ": ", 2);
		army_note_escape(&o->tmp, a->notes[i].text, false);
		fprintf(o->fp, "%s: %s\n", lang_label(o->lang, L_LIST_NOTE),
		    o->tmp.s);
	}
	if (a->incomplete)
		fprintf(o->fp, "%s\n", lang_label(o->lang, L_LIST_INCOMPLETE));
	sbuf_reset(&o->tmp);
	army_elements_text(&o->tmp, &a->list, o->lang);
	fprintf(o->fp, "%s\n", o->tmp.s);
}

void
armyout_army(struct armyout *o, const struct army *a)
{
	switch (o->fmt) {
	case FMT_XML:
		xml_army(o, a);
		break;
	case FMT_TSV:
		tsv_army(o, a);
		break;
	case FMT_JSON:
	case FMT_JSONL:       /* one object per line (jw_close ends it) */
		json_army(o, a);
		break;
	default:
		text_army(o, a);
		break;
	}
	o->count++;
}

int
armyout_finish(struct armyout *o)
{
	int rc = 0;

	if (o->fmt == FMT_TSV)
		tsv_start(o);
	switch (o->fmt) {
	case FMT_XML:
		xw_end(o->xw);
		rc = xw_finish(o->xw);
		break;
	case FMT_JSON:
		jw_close(&o->jw, ']');
		jw_close(&o->jw, '}');
		break;
	default:
		break;
	}
	if (fflush(o->fp) != 0 || ferror(o->fp))
		rc = -1;
	sbuf_free(&o->tmp);
	free(o->rules);
	free(o->from);
	free(o);
	return rc;
}
