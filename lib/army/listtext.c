/* English DBA list text: a reference line ("I/1a Early Sumerian
 * 3000-2800BC"), then keyword lines (Aggression, Terrain, Enemies, ...)
 * and the element list, until a blank line or the next reference. */
#include <locale.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"

enum kw {
	KW_NONE, KW_AGGRESSION, KW_TERRAIN, KW_ENEMIES, KW_ALLIES, KW_DATES,
	KW_SOURCES, KW_DBM, KW_LANGUAGE, KW_ELEMENTS, KW_INCOMPLETE, KW_NOTE
};

static const struct {
	const char *word;
	enum kw kw;
} keywords[] = {
	{ "aggression", KW_AGGRESSION }, { "агрессия", KW_AGGRESSION },
	{ "terrain", KW_TERRAIN }, { "topography", KW_TERRAIN },
	{ "gelände", KW_TERRAIN }, { "gelaende", KW_TERRAIN },
	{ "местность", KW_TERRAIN },
	{ "enemies", KW_ENEMIES }, { "gegner", KW_ENEMIES },
	{ "противники", KW_ENEMIES },
	{ "allies", KW_ALLIES }, { "verbündete", KW_ALLIES },
	{ "verbuendete", KW_ALLIES }, { "союзники", KW_ALLIES },
	{ "dates", KW_DATES }, { "zeitraum", KW_DATES }, { "даты", KW_DATES },
	{ "sources", KW_SOURCES }, { "quellen", KW_SOURCES },
	{ "literatur", KW_SOURCES }, { "источники", KW_SOURCES },
	{ "dbm", KW_DBM },
	{ "language", KW_LANGUAGE }, { "sprache", KW_LANGUAGE },
	{ "язык", KW_LANGUAGE },
	{ "elements", KW_ELEMENTS }, { "elemente", KW_ELEMENTS },
	{ "элементы", KW_ELEMENTS },
	{ "incomplete", KW_INCOMPLETE }, { "unvollständig", KW_INCOMPLETE },
	{ "неполный", KW_INCOMPLETE },
	{ "note", KW_NOTE }, { "anmerkung", KW_NOTE },
	{ "примечание", KW_NOTE },
};

/* An era, in any case. */
#define ERA "([Bb][Cc][Ee]?|[Aa][Dd]|[Cc][Ee])"

struct listtext {
	const char *file;
	army_cb cb;
	void *ctx;
	bool open;
	bool bad;                    /* a bad reference: its lines not read */
	struct armyseen *seen;       /* NULL: nothing reported nor noted */
	struct army a;
	struct sbuf head;            /* reference line after the id */
	long headline, headcol;
	struct sbuf dates;
	long dline, dcol;
	struct sbuf elems;
	struct srcmap map;
	long eline;
	bool incomplete;             /* an Incomplete line */
	regex_t date_re;
	locale_t c;                /* the C locale, for date_re */
};

struct listtext *
listtext_new(const char *file, army_cb cb, void *ctx)
{
	struct listtext *lt = xcalloc(1, sizeof *lt);
	locale_t old;
	int rc;

	lt->file = file;
	lt->cb = cb;
	lt->ctx = ctx;
	/* a date range or a year at the end of the reference line; in the
	 * C locale, with the cases spelt out (case folding and multibyte
	 * matching follow the user's locale: under tr_TR 'I' is not 'i') */
	lt->c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (lt->c == (locale_t)0)
		abort();
	old = uselocale(lt->c);
	rc = regcomp(&lt->date_re, "([0-9]+ ?" ERA "? ?(-|–) ?[0-9]+ ?" ERA
	    "?|[0-9]+ ?" ERA ")\\.?$", REG_EXTENDED);
	uselocale(old);
	if (rc != 0)
		abort();
	return lt;
}

void
listtext_track(struct listtext *lt, struct armyseen *seen)
{
	lt->seen = seen;
}

bool
listtext_open(const struct listtext *lt)
{
	return lt->open;
}

void
listtext_free(struct listtext *lt)
{
	if (lt == NULL)
		return;
	army_free(&lt->a);
	sbuf_free(&lt->head);
	sbuf_free(&lt->dates);
	sbuf_free(&lt->elems);
	srcmap_free(&lt->map);
	regfree(&lt->date_re);
	freelocale(lt->c);
	free(lt);
}

static void
set_name(struct listtext *lt)
{
	struct army *a = &lt->a;
	const char *s = sbuf_str(&lt->head);
	size_t n = lt->head.len;
	regmatch_t m[1];
	locale_t old;
	int rc;

	if (lt->dates.len > 0 || n == 0) {
		str_trim(&s, &n);
		a->name = xstrndup(s, n);
		if (lt->dates.len > 0)
			army_set_period(a, lt->dates.s, lt->dates.len,
			    lt->dline, lt->dcol);
		return;
	}
	old = uselocale(lt->c);
	rc = regexec(&lt->date_re, s, 1, m, 0);
	uselocale(old);
	if (rc == 0) {
		const char *d = s + m[0].rm_so;
		size_t dn = (size_t)(m[0].rm_eo - m[0].rm_so);
		size_t nn = (size_t)m[0].rm_so;
		const char *ns = s;

		str_trim(&ns, &nn);
		a->name = xstrndup(ns, nn);
		army_set_period(a, d, dn, lt->headline,
		    lt->headcol + m[0].rm_so);
		return;
	}
	str_trim(&s, &n);
	a->name = xstrndup(s, n);
	DIAG(NO_DATES, lt->headline, lt->headcol, a->id);
}

void
listtext_flush(struct listtext *lt)
{
	struct army *a = &lt->a;

	if (!lt->open)
		return;
	lt->open = false;
	set_name(lt);
	a->elements_text = xstrdup(sbuf_str(&lt->elems));
	if (lt->elems.len == 0)
		DIAG(NO_ELEMENTS, a->line, 0, a->id);
	else {
		int lost;

		elements_parse(&a->list, lt->elems.s, lt->elems.len, &lt->map,
		    &lost);
		a->incomplete = lost > 0;
	}
	a->incomplete = a->incomplete || lt->incomplete;
	lt->incomplete = false;
	lt->cb(lt->ctx, a);
	army_free(a);
	sbuf_reset(&lt->head);
	sbuf_reset(&lt->dates);
	sbuf_reset(&lt->elems);
	srcmap_reset(&lt->map);
}

/* The keyword a line starts with (followed by ':' or a blank), and the
 * offset of its value; KW_NONE otherwise. */
static enum kw
keyword(const char *s, size_t n, size_t *val)
{
	struct sbuf f = {0};
	size_t i, k, e;
	enum kw r = KW_NONE;

	for (e = 0; e < n && s[e] != ':' && s[e] != ' ' && s[e] != '\t'; e++)
		;
	if (e == 0)
		return KW_NONE;
	str_fold(&f, s, e);
	for (k = 0; k < sizeof keywords / sizeof keywords[0]; k++) {
		struct sbuf g = {0};

		str_fold(&g, keywords[k].word, strlen(keywords[k].word));
		if (strcmp(sbuf_str(&f), sbuf_str(&g)) == 0)
			r = keywords[k].kw;
		sbuf_free(&g);
		if (r != KW_NONE)
			break;
	}
	sbuf_free(&f);
	if (r == KW_NONE)
		return r;
	i = e;
	if (i < n && s[i] == ':')
		i++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	*val = i;
	return r;
}

/* A line whose first word is a near miss of a keyword ("Aggresion 2",
 * "Terain: Hilly") is reported with a did-you-mean and left out, rather
 * than read as elements.  Words of fewer than four letters are never
 * taken for keywords (troop names are that short). */
static bool
keyword_typo(const char *s, size_t n, long line, long col)
{
	const char *words[sizeof keywords / sizeof keywords[0]];
	const char *sug;
	struct sbuf w = {0}, c = {0};
	size_t k, e;

	for (e = 0; e < n && s[e] != ':' && s[e] != ' ' && s[e] != '\t'; e++)
		if ((unsigned char)s[e] < 0x80 && !(s[e] >= 'a' && s[e] <= 'z') &&
		    !(s[e] >= 'A' && s[e] <= 'Z'))
			return false;
	if (e < 4 || e == n)
		return false;
	for (k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
		words[k] = keywords[k].word;
	sug = tok_suggest(s, e, words, k);
	if (sug == NULL || strlen(sug) < 4)
		return false;
	utf8_sanitize(&w, s, e > 64 ? 64 : e);
	/* in the case of the word: "Aggresion" gives "Aggression" */
	sbuf_adds(&c, sug);
	if (s[0] >= 'A' && s[0] <= 'Z' && c.s[0] >= 'a' && c.s[0] <= 'z')
		c.s[0] = (char)(c.s[0] - 'a' + 'A');
	DIAG(UNKNOWN_KEYWORD, line, col, sbuf_str(&w),
	    diag_suggest(sbuf_str(&c)));
	sbuf_free(&w);
	sbuf_free(&c);
	return true;
}

static void
start_record(struct listtext *lt, const char *s, size_t n, size_t idlen,
    long line, long col)
{
	struct army *a = &lt->a;

	listtext_flush(lt);
	army_init(a);
	lt->open = true;
	lt->incomplete = false;
	a->id = xstrndup(s, idlen);
	a->file = xstrdup(lt->file);
	a->line = line;
	a->name_lang = "en";
	sbuf_reset(&lt->head);
	sbuf_add(&lt->head, s + idlen, n - idlen);
	lt->headline = line;
	lt->headcol = col + (long)idlen;
}

static void
keyword_line(struct listtext *lt, enum kw kw, const char *v, size_t vn,
    long line, long col)
{
	struct army *a = &lt->a;

	str_trim(&v, &vn);
	switch (kw) {
	case KW_AGGRESSION:
		army_set_aggression(a, v, vn, line, col);
		break;
	case KW_TERRAIN:
		free(a->terrain);
		a->terrain = vn > 0 ? xstrndup(v, vn) : NULL;
		break;
	case KW_ENEMIES:
		army_refs(&a->enemies, &a->nenemies, &a->capenemies, v, vn);
		break;
	case KW_ALLIES:
		army_refs(&a->allies, &a->nallies, &a->capallies, v, vn);
		a->has_allies = a->nallies > 0;
		break;
	case KW_DATES:
		sbuf_reset(&lt->dates);
		sbuf_add(&lt->dates, v, vn);
		lt->dline = line;
		lt->dcol = col;
		break;
	case KW_SOURCES:
		army_set_sources(a, v, vn);
		break;
	case KW_DBM:
		free(a->dbm);
		a->dbm = vn > 0 ? xstrndup(v, vn) : NULL;
		break;
	case KW_LANGUAGE:
		if (vn == 2 && memcmp(v, "de", 2) == 0)
			a->name_lang = "de";
		else if (vn == 2 && memcmp(v, "ru", 2) == 0)
			a->name_lang = "ru";
		else if (vn == 2 && memcmp(v, "en", 2) == 0)
			a->name_lang = "en";
		else
			DIAG(UNKNOWN_LANGUAGE, line, col,
			    (int)(vn > 16 ? 16 : vn), v);
		break;
	case KW_INCOMPLETE:
		lt->incomplete = true;
		break;
	case KW_NOTE:           /* "Note: COLUMN: text" */
		army_note_line(a, v, vn, "");
		break;
	case KW_ELEMENTS:
	case KW_NONE:
		if (vn == 0)
			break;
		if (lt->elems.len > 0)
			sbuf_addc(&lt->elems, ' ');
		else
			lt->eline = line;
		srcmap_add(&lt->map, lt->elems.len, line, col);
		sbuf_add(&lt->elems, v, vn);
		break;
	}
}

/* A line with the word "vs" or "shoots": combat-calc input. */
static bool
combat_like(const char *s, size_t n)
{
	size_t i, e;

	for (i = 0; i < n; i = e + 1) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		for (e = i; e < n && s[e] != ' ' && s[e] != '\t'; e++)
			;
		if ((e - i == 2 && str_ieq(s + i, 2, "vs")) ||
		    (e - i == 6 && str_ieq(s + i, 6, "shoots")))
			return true;
	}
	return false;
}

void
listtext_line(struct listtext *lt, const char *s, size_t n, long line)
{
	const char *t = s;
	size_t tn = n, idlen, val;
	enum kw kw;
	long col;

	str_trim(&t, &tn);
	if (tn == 0) {
		listtext_flush(lt);
		lt->bad = false;
		return;
	}
	if (t[0] == '#')
		return;
	if (lt->seen != NULL)
		lt->seen->content = true;
	col = (long)(t - s) + 1;
	for (idlen = 0; idlen < tn && t[idlen] != ' ' && t[idlen] != '\t';
	    idlen++)
		;
	/* a reference starts a record: "I/1a" always, a plain number only
	 * when no record is open (a wrapped element line may start "4 Sp") */
	if (army_is_id(t, idlen) && (!lt->open || memchr(t, '/', idlen))) {
		start_record(lt, t, tn, idlen, line, col);
		lt->bad = false;
		if (lt->seen != NULL)
			lt->seen->started = true;
		return;
	}
	if (lt->seen != NULL && memchr(t, '/', idlen) != NULL &&
	    army_like_id(t, idlen, false)) {
		struct sbuf q = {0};

		listtext_flush(lt);
		utf8_sanitize(&q, t, idlen);
		DIAG(BAD_REFERENCE, line, col, q.s);
		sbuf_free(&q);
		lt->bad = lt->seen->started = true;
		return;
	}
	if (lt->bad)
		return;                 /* the lines of a record not read */
	if (!lt->open) {
		if (lt->seen == NULL)
			return;
		if (lt->seen->started)
			DIAG(LINE_NOT_READ, line, col,
			    "it is in no army record (a record starts with a reference such as 'I/1a')");
		else if (combat_like(t, tn))
			lt->seen->combat++;
		else if ((idlen == 4 && str_ieq(t, 4, "move")) ||
		    (idlen == 5 && str_ieq(t, 5, "bound")))
			lt->seen->moves++;
		return;                 /* a title before the first record */
	}
	kw = keyword(t, tn, &val);
	if (kw != KW_NONE) {
		keyword_line(lt, kw, t + val, tn - val, line, col + (long)val);
		return;
	}
	if (keyword_typo(t, tn, line, col))
		return;
	keyword_line(lt, KW_NONE, t, tn, line, col);
}
