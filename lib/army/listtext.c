/* English DBA list text: a reference line ("I/1a Early Sumerian
 * 3000-2800BC"), then keyword lines (Aggression, Terrain, Enemies, ...)
 * and the element list, until a blank line or the next reference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "rules/troop.h"

enum kw {
	KW_NONE, KW_AGGRESSION, KW_TERRAIN, KW_ENEMIES, KW_ALLIES, KW_DATES,
	KW_SOURCES, KW_DBM, KW_LANGUAGE, KW_ELEMENTS, KW_INCOMPLETE, KW_NOTE,
	KW_GENERAL, KW_PLAYER, KW_YEAR
};

/* colon: a keyword only when a ':' follows it ("Army: ..."), as the
 * word may begin a line of another meaning. */
static const struct {
	const char *word;
	enum kw kw;
	bool colon;
} keywords[] = {
	{ "aggression", KW_AGGRESSION, false },
	{ "agg", KW_AGGRESSION, false }, { "aggr", KW_AGGRESSION, false },
	{ "aggressivität", KW_AGGRESSION, false },
	{ "aggressivitaet", KW_AGGRESSION, false },
	{ "агрессия", KW_AGGRESSION, false },
	{ "агрессивность", KW_AGGRESSION, false },
	{ "terrain", KW_TERRAIN, false }, { "topography", KW_TERRAIN, false },
	{ "gelände", KW_TERRAIN, false }, { "gelaende", KW_TERRAIN, false },
	{ "topographie", KW_TERRAIN, false },
	{ "местность", KW_TERRAIN, false }, { "рельеф", KW_TERRAIN, false },
	{ "troops", KW_ELEMENTS, true }, { "truppen", KW_ELEMENTS, true },
	{ "войска", KW_ELEMENTS, true },
	{ "list", KW_ELEMENTS, true }, { "liste", KW_ELEMENTS, true },
	{ "список", KW_ELEMENTS, true },
	{ "army", KW_ELEMENTS, true }, { "armee", KW_ELEMENTS, true },
	{ "армия", KW_ELEMENTS, true },
	{ "general", KW_GENERAL, true }, { "feldherr", KW_GENERAL, true },
	{ "befehlshaber", KW_GENERAL, true }, { "c-in-c", KW_GENERAL, true },
	{ "полководец", KW_GENERAL, true }, { "генерал", KW_GENERAL, true },
	{ "enemies", KW_ENEMIES, false }, { "gegner", KW_ENEMIES, false },
	{ "противники", KW_ENEMIES, false },
	{ "allies", KW_ALLIES, false }, { "verbündete", KW_ALLIES, false },
	{ "verbuendete", KW_ALLIES, false }, { "союзники", KW_ALLIES, false },
	{ "dates", KW_DATES, false }, { "zeitraum", KW_DATES, false },
	{ "даты", KW_DATES, false },
	{ "sources", KW_SOURCES, false }, { "quellen", KW_SOURCES, false },
	{ "literatur", KW_SOURCES, false }, { "источники", KW_SOURCES, false },
	{ "dbm", KW_DBM, false },
	{ "player", KW_PLAYER, false }, { "spieler", KW_PLAYER, false },
	{ "игрок", KW_PLAYER, false },
	{ "year", KW_YEAR, false }, { "jahr", KW_YEAR, false },
	{ "год", KW_YEAR, false },
	{ "language", KW_LANGUAGE, false }, { "sprache", KW_LANGUAGE, false },
	{ "язык", KW_LANGUAGE, false },
	{ "elements", KW_ELEMENTS, false }, { "elemente", KW_ELEMENTS, false },
	{ "элементы", KW_ELEMENTS, false },
	{ "incomplete", KW_INCOMPLETE, false },
	{ "unvollständig", KW_INCOMPLETE, false },
	{ "неполный", KW_INCOMPLETE, false },
	{ "note", KW_NOTE, false }, { "notes", KW_NOTE, false },
	{ "anmerkung", KW_NOTE, false },
	{ "примечание", KW_NOTE, false },
	/* Italian and Spanish */
	{ "terreno", KW_TERRAIN, false },
	{ "aggressività", KW_AGGRESSION, false },
	{ "aggressivita", KW_AGGRESSION, false },
	{ "nemici", KW_ENEMIES, false }, { "alleati", KW_ALLIES, false },
	{ "agresividad", KW_AGGRESSION, false },
	{ "enemigos", KW_ENEMIES, false }, { "aliados", KW_ALLIES, false },
	/* the dates in a word of their own (last: a near miss of two
	 * keywords is the first's, "Name" Note's) */
	{ "date", KW_DATES, false }, { "period", KW_DATES, false },
	{ "datum", KW_DATES, false }, { "дата", KW_DATES, false },
	{ "период", KW_DATES, false },
};

/* The keywords that tell the language of a record (Terreno is both). */
static const char *const kw_lang[][2] = {
	{ "aggressività", "it" }, { "aggressivita", "it" },
	{ "nemici", "it" }, { "alleati", "it" },
	{ "agresividad", "es" }, { "enemigos", "es" }, { "aliados", "es" },
};

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
	struct sbuf elems;           /* the element lines, as parsed */
	struct srcmap map;
	struct sbuf written;         /* the element lines as written */
	struct sbuf gen;             /* the General line's value */
	struct srcmap gmap;
	bool gen_next;               /* "General:" alone: the next line */
	bool full;                   /* ARMY_FIELD_MAX reported for it */
	bool cut_elems, cut_gen;     /* the fields cut at ARMY_FIELD_MAX */
	long eline;
	bool incomplete;             /* an Incomplete line */
	bool idstop;                 /* a full stop after the reference:
	                                "I/33. Name. 1000 a.C." */
	bool prose;                  /* a line of prose in the record */
	long lastline;               /* its last line read */
	bool gap;                    /* a blank line since the last line of
	                                the open record */
	struct sbuf tmp;
	struct sbuf kwfold;          /* a line's first word folded */
	struct sbuf nm, dt;          /* the name and dates of a record */
	struct sbuf para;            /* a paragraph of prose in a record */
	struct sbuf pend;            /* lines after a gap, '\n' ended */
	struct sbuf player;          /* a Player line before a record */
	long pline, pcol;
	bool pplayer;                /* player holds one */
	struct listname hold;        /* a Name line above a record */
	bool sig;                    /* in an e-mail's signature */
	long (*pat)[2];              /* their lines and columns */
	size_t npend, cappend;
};

struct listtext *
listtext_new(const char *file, army_cb cb, void *ctx)
{
	struct listtext *lt = xcalloc(1, sizeof *lt);

	lt->file = file;
	lt->cb = cb;
	lt->ctx = ctx;
	return lt;
}

/* The text of an HTML page the record is read from, NULL for list text:
 * some rules of a page's text differ (pagetext in listpage.c). */
static struct pagetext *
page_of(const struct listtext *lt)
{
	return lt->seen != NULL ? lt->seen->page : NULL;
}

void
listtext_track(struct listtext *lt, struct armyseen *seen)
{
	lt->seen = seen;
}

bool
listtext_open(const struct listtext *lt)
{
	return lt->open && !lt->gap;
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
	sbuf_free(&lt->written);
	sbuf_free(&lt->gen);
	srcmap_free(&lt->gmap);
	sbuf_free(&lt->para);
	sbuf_free(&lt->tmp);
	sbuf_free(&lt->kwfold);
	sbuf_free(&lt->nm);
	sbuf_free(&lt->dt);
	sbuf_free(&lt->pend);
	sbuf_free(&lt->player);
	sbuf_free(&lt->hold.line);
	free(lt->pat);
	free(lt);
}

/* The bracketed part at the end of a reference line, "(3000-2800 BC)":
 * its start, *bn its length with the brackets; NULL when none. */
static const char *
date_in_brackets(const char *s, size_t n, size_t *bn)
{
	size_t k;

	if (n < 3 || s[n - 1] != ')')
		return NULL;
	for (k = n - 1; k-- > 0 && s[k] != '(' && s[k] != ')';)
		;
	if (k == (size_t)-1 || s[k] != '(' || k + 1 >= n - 1 ||
	    s[k + 1] < '0' || s[k + 1] > '9')
		return NULL;
	*bn = n - k;
	return s + k;
}

/* The name before the dates, without the blanks and the dash, comma or
 * colon between them: "Early Egyptian - (3000 BC)"; with stop, a full
 * stop too ("I/33. Villanova. 1000 a.C."). */
static void
name_trim(const char **s, size_t *n, bool stop)
{
	str_trim(s, n);
	while (*n > 0 && ((*s)[*n - 1] == '-' || (*s)[*n - 1] == ',' ||
	    (*s)[*n - 1] == ':' || (stop && (*s)[*n - 1] == '.'))) {
		--*n;
		str_trim(s, n);
	}
	if (*n >= 3 && memcmp(*s + *n - 3, "\xe2\x80\x93", 3) == 0) {
		*n -= 3;
		str_trim(s, n);
	}
}

/* The mark between a reference and its name, not the name's: "63 -
 * Kamillische Römer", "64 -- Pyrrhus", "II/56: Early Imperial Roman",
 * "II/36 \xe2\x80\x94 Polybian", a dash alone; its length, 0 when
 * none. */
static size_t
name_lead(const char *s, size_t n)
{
	size_t k;

	for (k = 0; k < n && s[k] == '-'; k++)
		;
	if (k == n || (k > 0 && k <= 2 && s[k] == ' '))
		return k;
	if (n > 1 && s[0] == ':' && s[1] == ' ')
		return 1;
	if (n > 2 && (memcmp(s, "\xe2\x80\x93", 3) == 0 ||
	    memcmp(s, "\xe2\x80\x94", 3) == 0) && (n == 3 || s[3] == ' '))
		return 3;       /* an en or em dash */
	return 0;
}

static void
set_name(struct listtext *lt)
{
	struct army *a = &lt->a;
	const char *s = sbuf_str(&lt->head);
	size_t n = lt->head.len;
	const char *tail;
	size_t bn;
	long so, eo;

	str_trim(&s, &n);
	bn = name_lead(s, n);
	s += bn;
	n -= bn;
	str_trim(&s, &n);
	if (lt->dates.len > 0 || n == 0) {
		str_trim(&s, &n);
		a->name = xstrndup(s, n);
		if (lt->dates.len > 0)
			army_set_period(a, lt->dates.s, lt->dates.len,
			    lt->dline, lt->dcol);
		return;
	}
	str_trim(&s, &n);
	tail = date_in_brackets(s, n, &bn);
	/* the dates are read up to a NUL, as from a C string */
	if (tail != NULL) {
		struct sbuf in = {0};

		sbuf_add(&in, tail + 1, bn - 2);
		so = date_tail(in.s, strlen(in.s)) == 0 ||
		    listtext_era_tail(in.s, in.len) == 0 ? tail + 1 - s : -1;
		eo = so + (long)in.len;
		sbuf_free(&in);
	} else {
		so = date_tail(s, strlen(s));
		if (so < 0)
			so = listtext_era_tail(s, strlen(s));
		eo = (long)strlen(s);
	}
	if (so >= 0) {
		const char *d = s + so;
		size_t dn = (size_t)(eo - so);
		size_t nn = tail != NULL ? (size_t)(tail - s) : (size_t)so;
		const char *ns = s;

		struct sbuf *nm = &lt->nm, *dt = &lt->dt;

		name_trim(&ns, &nn, lt->idstop);
		sbuf_reset(nm);
		sbuf_reset(dt);
		sbuf_add(nm, ns, nn);
		sbuf_add(dt, d, dn);
		date_name_ranges(nm, dt);
		a->name = xstrndup(nm->s, nm->len);
		army_set_period(a, dt->s, dt->len, lt->headline, lt->headcol +
		    (long)(d - sbuf_str(&lt->head)));
		return;
	}
	str_trim(&s, &n);
	a->name = xstrndup(s, n);
	if (!a->has_year)       /* an entry's Year: is all it needs */
		DIAG(NO_DATES, lt->headline, lt->headcol, a->id);
}

/* The paragraph of prose read in a record ends: a note of the army. */
static void
end_para(struct listtext *lt)
{
	if (lt->para.len > 0)
		army_add_note(&lt->a, "comment", 7, lt->para.s,
		    lt->para.len);
	sbuf_reset(&lt->para);
}

static void
add_prose(struct listtext *lt, const char *s, size_t n)
{
	if (lt->para.len + n + 1 > ARMY_FIELD_MAX)
		return;
	if (lt->para.len > 0)
		sbuf_addc(&lt->para, ' ');
	sbuf_add(&lt->para, s, n);
	lt->prose = true;
}

/* The lines held after a blank line in a record: with note, a paragraph
 * of prose of the army (an element line came after them: an annotated
 * list); else not read, each reported. */
static void
pend_end(struct listtext *lt, bool note)
{
	const char *s = sbuf_str(&lt->pend), *e;
	size_t k;
	bool sig = false;

	for (k = 0; k < lt->npend; k++, s = e + 1) {
		e = strchr(s, '\n');
		/* a blank line between (numbers apart) ends a signature */
		sig = sig && lt->pat[k][0] == lt->pat[k - 1][0] + 1;
		if (note)
			add_prose(lt, s, (size_t)(e - s));
		else if (lt->seen != NULL && lt->seen->started)
			listmail_outside(lt->seen, s, (size_t)(e - s),
			    lt->pat[k][0], lt->pat[k][1], &sig);
	}
	if (note)
		end_para(lt);
	sbuf_reset(&lt->pend);
	lt->npend = 0;
}

/* A record that is no army list: element lines with no troop type and
 * no count ("1 = Anna Weber (II/32a ...)", a ranking), or prose alone
 * (a blog post); reported once, with its lines. */
static bool
not_a_list(struct listtext *lt)
{
	const char *why;

	if (lt->elems.len == 0 && lt->gen.len == 0)
		why = lt->prose ? "prose, no element line" : NULL;
	else if (!listtext_list_like(lt->elems.s, lt->elems.len, true) &&
	    !listtext_list_like(lt->gen.s, lt->gen.len, true))
		why = "no troop type in its element lines";
	else
		why = NULL;
	if (why == NULL)
		return false;
	DIAG(NOT_A_LIST, lt->a.line, 0, lt->a.id, lt->a.line, lt->lastline,
	    why);
	if (lt->seen != NULL)
		lt->seen->notlist++;
	return true;
}

static void keyword_line(struct listtext *lt, enum kw kw, const char *v,
    size_t vn, long line, long col, bool bullet);

/* A Player line held after a blank line (player_first) that no record
 * followed: the open record's, as any keyword line after a blank line
 * (the lines held before it are the record's prose); reported when no
 * record is open. */
static void
player_to_open(struct listtext *lt)
{
	if (!lt->pplayer)
		return;
	lt->pplayer = false;
	if (lt->open) {
		lt->gap = false;
		pend_end(lt, true);
		keyword_line(lt, KW_PLAYER, lt->player.s, lt->player.len,
		    lt->pline, lt->pcol, false);
	} else if (lt->seen != NULL && lt->seen->started)
		DIAG(LINE_NOT_READ, lt->pline, lt->pcol,
		    "it is in no army record (a record starts with a reference such as 'I/1a')");
}

static void
flush_record(struct listtext *lt)
{
	struct army *a = &lt->a;
	bool page;

	lt->gap = false;
	if (!lt->open)
		return;
	lt->open = false;
	end_para(lt);
	/* of a page's text, a number, a name and dates with no elements
	 * ("10 Jahre Club 2016-2026") are text, passed over */
	page = page_of(lt) != NULL && lt->elems.len == 0 && lt->gen.len ==
	    0 && strchr(a->id, '/') == NULL;
	if (page)
		pagetext_pass(page_of(lt), a->line);
	if (page || not_a_list(lt)) {
		lt->incomplete = false;
		army_free(a);
		goto reset;
	}
	set_name(lt);
	a->elements_text = xstrdup(sbuf_str(&lt->written));
	if (lt->elems.len == 0 && lt->gen.len == 0)
		DIAG(NO_ELEMENTS, a->line, 0, a->id);
	else {
		int lost = 0, glost = 0;
		size_t ngen;

		if (lt->gen.len > 0)
			elements_parse_general(&a->list, lt->gen.s,
			    lt->gen.len, &lt->gmap, &glost);
		ngen = a->list.n;
		if (lt->elems.len > 0)
			elements_parse(&a->list, lt->elems.s, lt->elems.len,
			    &lt->map, &lost);
		(void)listtext_general_once(&a->list, ngen);
		a->incomplete = lost + glost > 0 || lt->cut_elems ||
		    lt->cut_gen;
	}
	a->incomplete = a->incomplete || lt->incomplete;
	lt->incomplete = false;
	lt->cb(lt->ctx, a);
	army_free(a);
reset:
	sbuf_reset(&lt->head);
	sbuf_reset(&lt->dates);
	sbuf_reset(&lt->elems);
	srcmap_reset(&lt->map);
	sbuf_reset(&lt->written);
	sbuf_reset(&lt->gen);
	srcmap_reset(&lt->gmap);
	lt->gen_next = false;
}

void
listtext_flush(struct listtext *lt)
{
	listmail_again(lt, &lt->hold);
	player_to_open(lt);
	flush_record(lt);
	pend_end(lt, false);
}

/* Hold a line after a blank line in a record: the record goes on when
 * an element line comes.  A thousand lines end the wait. */
static void
pend_add(struct listtext *lt, const char *s, size_t n, long line,
    long col)
{
	if (lt->npend == 1000 || lt->pend.len + n >= ARMY_FIELD_MAX)
		listtext_flush(lt);
	lt->pat = xgrow(lt->pat, &lt->cappend, lt->npend + 1,
	    sizeof *lt->pat);
	lt->pat[lt->npend][0] = line;
	lt->pat[lt->npend][1] = col;
	lt->npend++;
	sbuf_add(&lt->pend, s, n);
	sbuf_addc(&lt->pend, '\n');
}

static bool
is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Does a line after a blank line go on with the record above: an element
 * line ("8x 4Bw", "- 1x3Bd (Gen)") that is not prose? */
static bool
entry_like(const char *s, size_t n)
{
	return n > 0 && s[0] >= '0' && s[0] <= '9' &&
	    !listtext_prose_like(s, n);
}

/* After a blank line in a record, a plain number is a count ("8x 4Bw",
 * "8 x 4Bw", "3 4Bw"), not a reference, when an x or a digit follows
 * it. */
static bool
count_like(const char *s, size_t n, size_t idlen)
{
	size_t i = idlen;

	if (memchr(s, '/', idlen) != NULL)
		return false;
	if (idlen > 1 && (s[idlen - 1] == 'x' || s[idlen - 1] == 'X'))
		return true;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i < n && ((s[i] >= '0' && s[i] <= '9') || ((s[i] == 'x' ||
	    s[i] == 'X') && (i + 1 == n || s[i + 1] == ' ' ||
	    (s[i + 1] >= '0' && s[i + 1] <= '9'))));
}

/* The keywords folded (str_fold), once: folding all of them again
 * on every line was half the time of reading list text. */
#define KW_FOLDED_MAX 48
typedef char kw_word[KW_FOLDED_MAX];
static size_t kw_len[sizeof keywords / sizeof keywords[0]];
/* the language each keyword tells (kw_lang), or NULL */
static const char *kw_tells[sizeof keywords / sizeof keywords[0]];
/* the keywords by their first byte folded, in the table's order: the
 * first one's index + 1 (0: none), then the next one's after each */
static unsigned char kw_head[256], kw_next[sizeof keywords /
    sizeof keywords[0]];
_Static_assert(sizeof keywords / sizeof keywords[0] < 255,
    "kw_head and kw_next hold a keyword's index + 1 in a byte");
/* the first bytes folded of the label words (label_word) */
static bool kw_label_first[256];
/* the bytes of a line's first word (keyword): 1 ends it (':', blanks),
 * 2 is no printable ASCII */
static unsigned char kw_byte[256];
static kw_word kw_fold_tab[sizeof keywords / sizeof keywords[0]];
/* the keywords as tok_nearest compares them (near misses) */
static struct tok_word kw_near[sizeof keywords / sizeof keywords[0]];
static bool kw_done;

static void
kw_fold_all(void)
{
	kw_word *folded = kw_fold_tab;
	struct sbuf g = {0};
	size_t i, k;
	int c;

	for (c = 0; c < 256; c++)
		kw_byte[c] = (unsigned char)((c == ':' || c == ' ' ||
		    c == '\t') | (c <= ' ' || c >= 0x7f) << 1);
	for (i = sizeof keywords / sizeof keywords[0]; i-- > 0;) {
		str_fold(&g, keywords[i].word,
		    strlen(keywords[i].word));
		/* the longest is 20 bytes folded */
		snprintf(folded[i], KW_FOLDED_MAX, "%s", sbuf_str(&g));
		kw_len[i] = strlen(folded[i]);
		tok_word_set(&kw_near[i], keywords[i].word,
		    strlen(keywords[i].word));
		for (k = 0; k < sizeof kw_lang / sizeof kw_lang[0];
		    k++)
			if (strcmp(kw_lang[k][0], keywords[i].word) ==
			    0)
				kw_tells[i] = kw_lang[k][1];
		if (keywords[i].colon && keywords[i].kw == KW_ELEMENTS)
			kw_label_first[(unsigned char)folded[i][0]] = true;
		kw_next[i] = kw_head[(unsigned char)folded[i][0]];
		kw_head[(unsigned char)folded[i][0]] =
		    (unsigned char)(i + 1);
	}
	sbuf_free(&g);
	kw_done = true;
}

static kw_word *
kw_folded(void)
{
	if (!kw_done)
		kw_fold_all();
	return kw_fold_tab;
}

/* Does an element list ("1x3Cv (Gen), ...") follow s[0..e) after blanks? */
static bool
counted_after(const char *s, size_t e, size_t n)
{
	while (e < n && (s[e] == ' ' || s[e] == '\t'))
		e++;
	return e < n && listtext_counted(s + e, n - e);
}

/* The keyword a line starts with (followed by ':' or a blank; a word of
 * the element list that wants a ':' also by the list itself: "Troops
 * 1x3Cv (Gen), ..."), and the offset of its value; KW_NONE otherwise. */
static enum kw
keyword(struct sbuf *fb, const char *s, size_t n, size_t *val,
    const char **lang)
{
	kw_word *kf;
	const char *w;
	size_t i, k, e, wl;
	enum kw r = KW_NONE;
	bool plain;

	kf = kw_folded();
	/* the word, and whether it is printable ASCII (then it folds to
	 * its small letters: compared as it is, without str_fold, the
	 * most lines), in one pass */
	for (e = 0, i = 0; e < n && !(kw_byte[(unsigned char)s[e]] & 1); e++)
		i |= kw_byte[(unsigned char)s[e]];
	if (e == 0)
		return KW_NONE;
	plain = i == 0;
	if (plain) {
		w = s;
		wl = e;
	} else {
		str_fold(fb, s, e);     /* fb kept: no allocation per line */
		w = fb->s;
		wl = strlen(w);         /* as strcmp sees it */
	}
	/* only the keywords of the word's first byte: most lines start
	 * with none */
	for (k = kw_head[(unsigned char)(plain && w[0] >= 'A' && w[0] <= 'Z' ?
	    w[0] + 32 : w[0])]; k-- > 0; k = kw_next[k]) {
		if (wl == kw_len[k] && (plain ? str_ieq(w, wl,
		    kf[k]) : memcmp(w, kf[k], wl) == 0) &&
		    (!keywords[k].colon || (e < n && s[e] == ':') ||
		    (keywords[k].kw == KW_ELEMENTS && counted_after(s, e,
		    n)))) {
			r = keywords[k].kw;
			if (kw_tells[k] != NULL)
				*lang = kw_tells[k];
			break;
		}
	}
	if (r == KW_NONE)
		return r;
	i = e;
	if (i < n && s[i] == ':')
		i++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	/* "Player - Anna", "Player – Anna": a dash for the colon */
	k = i < n && s[i] == '-' ? 1 : i + 3 <= n &&
	    memcmp(s + i, "\xe2\x80\x93", 3) == 0 ? 3 : 0;
	if (k > 0 && i > e && s[e] != ':' && i + k < n &&
	    (s[i + k] == ' ' || s[i + k] == '\t'))
		for (i += k; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
			;
	*val = i;
	return r;
}

/* The keyword nearest s[0..n) within edit distance 2 (tok_suggest of
 * the keywords); its index, -1 when none; *exact: s is that keyword
 * folded ("ВОЙСКА" of "войска"). */
static long
kw_suggest(const char *s, size_t n, bool *exact)
{
	struct tok_word w;
	long k;

	(void)kw_folded();
	tok_word_set(&w, s, n);
	k = tok_nearest(&w, kw_near, sizeof keywords / sizeof keywords[0]);
	*exact = k >= 0 && kw_near[k].n == w.n && memcmp(kw_near[k].cp,
	    w.cp, (size_t)w.n * sizeof w.cp[0]) == 0;
	return k;
}

/* The keyword the first word of a line is a near miss of, its index in
 * *kw and the word's end in *we; NULL when none.  Words of fewer than
 * four letters are never taken for keywords (troop names are that
 * short). */
static const char *
typo_of(const char *s, size_t n, size_t *we, size_t *kw)
{
	const char *sug;
	size_t e;
	long k;
	bool exact;

	for (e = 0; e < n && s[e] != ':' && s[e] != ' ' && s[e] != '\t'; e++)
		if ((unsigned char)s[e] < 0x80 && !(s[e] >= 'a' && s[e] <= 'z') &&
		    !(s[e] >= 'A' && s[e] <= 'Z'))
			return NULL;
	if (e < 4 || e == n)
		return NULL;
	/* the word itself, in any case (a keyword that wants a ':'): no
	 * typo */
	if ((k = kw_suggest(s, e, &exact)) < 0 || exact)
		return NULL;
	sug = keywords[k].word;
	if (strlen(sug) < 4)
		return NULL;
	*kw = (size_t)k;
	*we = e;
	return sug;
}

bool
listtext_keyword(const char *s, size_t n)
{
	struct sbuf fb = {0};
	const char *lang;
	size_t val;
	bool kw = keyword(&fb, s, n, &val, &lang) != KW_NONE;

	sbuf_free(&fb);
	return kw;
}

const char *
listtext_kwsuggest(const char *s, size_t n)
{
	bool exact;
	long k = kw_suggest(s, n, &exact);

	return k < 0 ? NULL : keywords[k].word;
}

bool
listtext_kwnear(const char *s, size_t n)
{
	size_t e, k;

	return typo_of(s, n, &e, &k) != NULL && (!keywords[k].colon ||
	    s[e] == ':');
}

/* A line whose first word is a near miss of a keyword ("Aggresion 2",
 * "Terain: Hilly") is reported with a did-you-mean and left out, rather
 * than read as elements. */
static bool
keyword_typo(const char *s, size_t n, long line, long col)
{
	const char *sug;
	size_t k, e;

	if ((sug = typo_of(s, n, &e, &k)) == NULL)
		return false;
	listtext_unknown_keyword(s, e, sug, "", line, col);
	return true;
}

static void
start_record(struct listtext *lt, const char *id, size_t idn,
    const char *h, size_t hn, long line, long hcol)
{
	struct army *a = &lt->a;
	bool held = lt->pplayer;

	lt->pplayer = false;            /* the new record's, not the old's */
	listtext_flush(lt);
	army_init(a);
	if (held && lt->player.len > 0)
		a->player = xstrndup(lt->player.s, lt->player.len);
	lt->open = true;
	lt->incomplete = false;
	lt->full = lt->cut_elems = lt->cut_gen = lt->idstop = false;
	lt->prose = lt->sig = false;
	lt->lastline = line;
	a->id = xstrndup(id, idn);
	a->file = xstrdup(lt->file);
	a->line = line;
	a->name_lang = "en";
	sbuf_reset(&lt->head);
	sbuf_add(&lt->head, h, hn);
	lt->headline = line;
	lt->headcol = hcol;
	lt->bad = false;
	if (lt->seen != NULL && !lt->seen->started && lt->seen->early > 0)
		listmail_early(lt->seen);
	if (lt->seen != NULL)
		lt->seen->started = true;
}

/* Whether the line v[0..*vn) goes to a field of len bytes (sep more
 * before it): a record's field holds at most ARMY_FIELD_MAX bytes, as a
 * sheet's, so that one wrapped over millions of lines is not held.  The
 * line that does not fit and those after it are ignored (a first line
 * keeps what fits, cut at a character: a half entry is no better), the
 * first cut of a record reported. */
static bool
field_room(struct listtext *lt, bool *cut, size_t len, size_t sep,
    const char *v, size_t *vn, long line)
{
	if (*cut)
		return false;
	if (len + sep + *vn <= ARMY_FIELD_MAX)
		return true;
	if (!lt->full)
		DIAG(SHEET_FIELD_TOO_LONG, line, 0, lt->a.id, ARMY_FIELD_MAX);
	lt->full = *cut = true;
	*vn = len > 0 ? 0 : army_field_fit(v, *vn, ARMY_FIELD_MAX);
	return *vn > 0;
}

/* One line of the element list.  Lines are joined with a blank (an
 * entry may wrap), but a line that is an item of a bulleted or numbered
 * list, or that starts with a count after a line that does not end in a
 * joining word or sign, is an entry of its own: one element per line. */
static void
add_elements(struct listtext *lt, const char *v, size_t vn, long line,
    long col, bool bullet)
{
	if (!field_room(lt, &lt->cut_elems, lt->elems.len,
	    lt->elems.len > 0 ? 2 : 0, v, &vn, line))
		return;
	if (lt->elems.len > 0) {
		bool own = (bullet || (v[0] >= '0' && v[0] <= '9')) &&
		    !listtext_ends_joined(lt->elems.s, lt->elems.len);

		sbuf_adds(&lt->elems, own ? ", " : " ");
		sbuf_adds(&lt->written, own ? ", " : " ");
	} else {
		lt->eline = line;
		if (lt->written.len > 0)
			sbuf_adds(&lt->written, ", ");
	}
	srcmap_add(&lt->map, lt->elems.len, line, col);
	sbuf_add(&lt->elems, v, vn);
	sbuf_add(&lt->written, v, vn);
}

/* The value of a General line: its own list, read before the others. */
static void
add_general(struct listtext *lt, const char *v, size_t vn, long line,
    long col)
{
	if (!field_room(lt, &lt->cut_gen, lt->gen.len, lt->gen.len > 0 ?
	    2 : 0, v, &vn, line))
		return;
	if (lt->gen.len > 0)
		sbuf_adds(&lt->gen, ", ");
	srcmap_add(&lt->gmap, lt->gen.len, line, col);
	sbuf_add(&lt->gen, v, vn);
	if (lt->written.len > 0)
		sbuf_adds(&lt->written, ", ");
	sbuf_add(&lt->written, v, vn);
	sbuf_adds(&lt->written, " (General)");
}

/* A keyword line of aggression, terrain, enemies or allies that holds a
 * second of them after its value ("Terrain: Hilly  Aggression: 3",
 * "Aggression 2, Terrain Steppe", "Agg 3 | Terrain Hilly"): the second
 * keyword, *at where its word starts in v and *val its value after
 * that; KW_NONE when there is none. */
static enum kw
second_keyword(struct listtext *lt, enum kw kw, const char *v, size_t vn,
    size_t *at, size_t *val)
{
	const char *lang = NULL;
	enum kw k;
	size_t i;

	if (kw != KW_AGGRESSION && kw != KW_TERRAIN && kw != KW_ENEMIES &&
	    kw != KW_ALLIES)
		return KW_NONE;
	for (i = 1; i < vn; i++) {
		if (!is_letter(v[i]) && (unsigned char)v[i] < 0x80)
			continue;
		if (v[i - 1] != ' ' && v[i - 1] != '\t' && v[i - 1] != ',' &&
		    v[i - 1] != ';' && v[i - 1] != '|')
			continue;
		/* no keyword is one byte, nor has a '/' or digit: "I/1b" */
		if (i + 1 >= vn || v[i + 1] == '/' || (v[i + 1] >= '0' &&
		    v[i + 1] <= '9'))
			continue;
		k = keyword(&lt->kwfold, v + i, vn - i, val, &lang);
		if ((k == KW_AGGRESSION || k == KW_TERRAIN ||
		    k == KW_ENEMIES || k == KW_ALLIES) && *val < vn - i) {
			*at = i;
			return k;
		}
	}
	return KW_NONE;
}

static void
keyword_line(struct listtext *lt, enum kw kw, const char *v, size_t vn,
    long line, long col, bool bullet)
{
	struct army *a = &lt->a;
	size_t at, val;
	enum kw next;

	str_trim(&v, &vn);
	if ((next = second_keyword(lt, kw, v, vn, &at, &val)) != KW_NONE) {
		/* "Terrain: Hilly  Aggression: 3": each its own */
		size_t fn = at;

		while (fn > 0 && (v[fn - 1] == ' ' || v[fn - 1] == '\t' ||
		    v[fn - 1] == ',' || v[fn - 1] == ';' || v[fn - 1] == '|'))
			fn--;
		keyword_line(lt, kw, v, fn, line, col, bullet);
		keyword_line(lt, next, v + at + val, vn - at - val, line,
		    col + (long)(at + val), bullet);
		return;
	}
	switch (kw) {
	case KW_AGGRESSION:
		army_set_aggression(a, v, vn, line, col);
		break;
	case KW_TERRAIN:
		free(a->terrain);
		a->terrain = vn > 0 ? xstrndup(v, vn) : NULL;
		break;
	case KW_ENEMIES:
		army_refs_at(a, false, v, vn, line, col);
		break;
	case KW_ALLIES:
		army_refs_at(a, true, v, vn, line, col);
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
	case KW_PLAYER:
		free(a->player);
		a->player = vn > 0 ? xstrndup(v, vn) : NULL;
		break;
	case KW_YEAR:
		army_set_year(a, v, vn, line, col);
		break;
	case KW_LANGUAGE:
		if (army_lang(v, vn) != NULL)
			a->name_lang = army_lang(v, vn);
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
	case KW_GENERAL:
		if (vn == 0) {
			lt->gen_next = true;
			break;
		}
		add_general(lt, v, vn, line, col);
		break;
	case KW_ELEMENTS:
	case KW_NONE:
		if (vn == 0)
			break;
		if (lt->gen_next) {
			lt->gen_next = false;
			add_general(lt, v, vn, line, col);
			break;
		}
		add_elements(lt, v, vn, line, col, bullet);
		break;
	}
}

/* Whether a line may begin the next record rather than go on with the
 * open one: no record is open, or a blank line or its elements came. */
static bool
after_record(const struct listtext *lt)
{
	return !lt->open || lt->gap || lt->elems.len > 0 || lt->gen.len > 0;
}

/* A record starts (start_record) with the head a[0..an) and the rest
 * of its line b[0..bn) at column bcol (a blank between them with sep),
 * its elements on the same line split off (one_line_elements). */
static void
start_split(struct listtext *lt, const char *id, size_t idn, const char *a,
    size_t an, bool sep, const char *b, size_t bn, long line, long hcol,
    long bcol)
{
	struct sbuf hd = {0};
	size_t hend = 0, el = listtext_one_line(b, bn, &hend);

	sbuf_add(&hd, a, an);
	if (sep)
		sbuf_addc(&hd, ' ');
	sbuf_add(&hd, b, el > 0 ? hend : bn);
	start_record(lt, id, idn, hd.s, hd.len, line, hcol);
	sbuf_free(&hd);
	if (el > 0)
		add_elements(lt, b + el, bn - el, line, bcol + (long)el,
		    false);
}

/* Does the line start a record (a reference, "I/1a" always, a plain
 * number only when no record is open or after a blank line, as a
 * wrapped element line may start "4 Sp"), or a record reported and not
 * read (a mistyped reference)?  Read as references too: "I/4 c" (a blank
 * before the variant), "I/33." (a full stop after it), "1/58" (the book
 * in Arabic figures, with a warning), a reference after the name. */
static bool
try_reference(struct listtext *lt, const char *t, size_t tn, size_t idlen,
    long line, long col)
{
	struct sbuf id = {0};
	size_t h = idlen, at, e;
	bool slash = memchr(t, '/', idlen) != NULL, stop = false, br;

	if (slash && idlen > 1 && t[idlen - 1] == '.' &&
	    army_is_id(t, idlen - 1))
		stop = true;
	/* of a page's text, a number only with a name and dates after it:
	 * its numbers ("1", "2026") are no army's */
	if (stop || (army_is_id(t, idlen) && (slash || page_of(lt) == NULL ||
	    listtext_named_dates(t + idlen, tn - idlen)) && (!lt->open ||
	    slash ||
	    (lt->gap && !count_like(t, tn, idlen))))) {
		sbuf_add(&id, t, idlen - stop);
		if (slash && !stop && t[idlen - 1] >= '0' && t[idlen - 1] <=
		    '9' && idlen + 2 <= tn && t[idlen] == ' ' &&
		    t[idlen + 1] >= 'a' && t[idlen + 1] <= 'z' &&
		    (idlen + 2 == tn || t[idlen + 2] == ' ')) {
			sbuf_addc(&id, t[idlen + 1]);       /* "I/4 c" */
			h = idlen + 2;
		}
	} else if (listtext_arabic_book(t, idlen, &id) ||
	    (idlen > 1 && t[idlen - 1] == '.' &&
	    listtext_arabic_book(t, idlen - 1, &id))) {
		struct sbuf q = {0};

		utf8_sanitize(&q, t, idlen);
		DIAG(ARABIC_BOOK, line, col, q.s, id.s);
		sbuf_free(&q);
		stop = t[idlen - 1] == '.';
	} else if ((!lt->open || lt->gap) &&
	    (at = listtext_id_after_name(&lt->tmp, t, tn, &e)) > 0) {
		br = t[at] == '(';
		start_split(lt, t + at + br, e - at - 2 * br, t, at, false,
		    t + e, tn - e, line, col, col + (long)e);
		sbuf_free(&id);
		return true;
	}
	if (id.len > 0) {
		start_split(lt, id.s, id.len, NULL, 0, false, t + h, tn - h,
		    line, col + (long)h, col + (long)h);
		lt->idstop = stop;
		sbuf_free(&id);
		return true;
	}
	sbuf_free(&id);
	if (lt->seen != NULL && slash && army_like_id(t, idlen, false)) {
		struct sbuf q = {0};

		listtext_flush(lt);
		utf8_sanitize(&q, t, idlen);
		DIAG(BAD_REFERENCE, line, col, q.s);
		sbuf_free(&q);
		lt->bad = lt->seen->started = true;
		return true;
	}
	return false;
}

/* The offset of the value after a label word that wants a colon
 * ("Army", "Liste") written with a blank instead, 0 when the line does
 * not start with one. */
static size_t
label_word(const char *s, size_t n)
{
	struct sbuf f = {0};
	kw_word *kf = kw_folded();
	size_t e, k, v = 0;

	for (e = 0; e < n && s[e] != ' ' && s[e] != '\t'; e++)
		;
	if (e == 0 || e == n || s[e - 1] == ':')
		return 0;
	/* an ASCII byte but CR and LF is the first folded: most words
	 * start with none of theirs */
	if ((unsigned char)s[0] < 0x80 && s[0] != '\n' && s[0] != '\r' &&
	    !kw_label_first[s[0] >= 'A' && s[0] <= 'Z' ? s[0] + 32 : s[0]])
		return 0;
	str_fold(&f, s, e);
	for (k = 0; k < sizeof keywords / sizeof keywords[0] && v == 0; k++)
		if (keywords[k].colon && keywords[k].kw == KW_ELEMENTS &&
		    strcmp(f.s, kf[k]) == 0)
			for (v = e; v < n && (s[v] == ' ' || s[v] == '\t');
			    v++)
				;
	sbuf_free(&f);
	return v < n ? v : 0;
}

/* "Army: Marian Roman (II/49)", "Armee: II/49 Marian Roman": an entry
 * named on a label line, as e-mails give it, starts a record when none
 * is open, after a blank line or after the open one's elements.  The id is the value's first word, a
 * word alone in brackets, or a word after the name. */
static bool
army_label(struct listtext *lt, const char *t, size_t tn, long line,
    long col)
{
	const char *lang = NULL, *v, *o, *c, *in;
	size_t val = 0, vn, w, at, on;
	bool bare = true;               /* "Army II/56 ...": no colon */

	if (!after_record(lt))
		return false;
	if (keyword(&lt->kwfold, t, tn, &val, &lang) == KW_ELEMENTS &&
	    val > 0 && memchr(t, ':', val) != NULL)
		bare = false;
	else if ((val = label_word(t, tn)) == 0)
		return false;
	v = t + val;
	vn = tn - val;
	for (w = 0; w < vn && v[w] != ' ' && v[w] != '\t'; w++)
		;
	if (w > 0 && memchr(v, '/', w) != NULL && army_is_id(v, w)) {
		start_split(lt, v, w, NULL, 0, false, v + w, vn - w, line,
		    col + (long)val, col + (long)(val + w));
		return true;
	}
	if (bare)
		return false;   /* "List of ...": only an id first */
	for (o = v; (o = memchr(o, '(', (size_t)(v + vn - o))) != NULL; o++) {
		c = memchr(o, ')', (size_t)(v + vn - o));
		if (c == NULL)
			break;
		in = o + 1;
		on = (size_t)(c - in);
		str_trim(&in, &on);
		if (on == 0 || memchr(in, '/', on) == NULL ||
		    !army_is_id(in, on))
			continue;
		start_split(lt, in, on, v, (size_t)(o - v), true, c + 1,
		    (size_t)(v + vn - c - 1), line, col + (long)val,
		    col + (long)(val + (size_t)(c + 1 - v)));
		return true;
	}
	if ((at = listtext_id_after_name(&lt->tmp, v, vn, &w)) == 0)
		return false;
	start_split(lt, v + at, w - at, v, at, false, v + w, vn - w, line,
	    col + (long)val, col + (long)(val + w));
	return true;
}

/* A Player line when no record is open, after a blank line or after
 * the open one's elements: held for the record that starts on the next
 * line ("Player: Anna" above "Army: ..."); when another line comes
 * first, or a blank one, the open record's (player_to_open). */
static bool
player_first(struct listtext *lt, const char *t, size_t tn, long line,
    long col)
{
	const char *lang = NULL, *v;
	size_t val = 0, vn;

	if (!after_record(lt) || keyword(&lt->kwfold, t, tn, &val, &lang) !=
	    KW_PLAYER)
		return false;
	v = t + val;
	vn = tn - val;
	str_trim(&v, &vn);
	if (vn == 0 && page_of(lt) != NULL)
		return false;           /* a page's table: "Spieler" */
	sbuf_reset(&lt->player);
	sbuf_add(&lt->player, v, vn);
	lt->pline = line;
	lt->pcol = col + (long)val;
	lt->pplayer = true;
	return true;
}

/* A line of an open record after its elements, no blank line between:
 * one of an e-mail's signature (from a "--" line to a blank line), or
 * plainly e-mail text (listmail_text) that is no prose of a note and
 * does not go on with an element list ending in a joining sign or word,
 * is reported and not read ("Cheers", "Best regards, Hans"). */
static bool
mail_after(struct listtext *lt, const char *t, size_t tn, enum kw kw,
    long line, long col)
{
	if ((lt->elems.len == 0 && lt->gen.len == 0) || lt->gen_next)
		return false;
	if (lt->sig || (kw == KW_NONE && listmail_rule(t, tn))) {
		lt->sig = true;
		listmail_skip(lt->seen, t, tn, line, col, true);
		return true;
	}
	if (kw != KW_NONE || !listmail_text(t, tn) ||
	    listtext_prose_like(t, tn) || (lt->elems.len > 0 &&
	    listtext_ends_joined(lt->elems.s, lt->elems.len)))
		return false;
	listmail_skip(lt->seen, t, tn, line, col, false);
	return true;
}

/* "Mine: III/40b Norse Irish ...", "2. III/40b ...": a record after a
 * label that is no field's (kept as a note) or a list item's number,
 * outside a record, after a blank line, or right after the record's
 * elements: with dates at its end, or (a list's item) a name. */
static bool
label_reference(struct listtext *lt, const char *t, size_t tn, long line,
    long col)
{
	size_t lab, b, k, val;
	const char *lang;
	bool item;

	/* none in an open record before its elements (most of its lines) */
	if ((lt->open && !lt->gap && lt->elems.len == 0 && lt->gen.len == 0) ||
	    (k = b = listtext_ref_after_label(t, tn, &lab)) == 0)
		return false;
	/* a list's item after troops' elements ("1x4Sp ..."), not after
	 * lines that only failed as elements (an Enemies list's items): the
	 * first 256 bytes tell (a line costs the same at any record length) */
	item = lab == 0 && t[0] >= '0' && t[0] <= '9' &&
	    listtext_list_like(lt->elems.s, lt->elems.len < 256 ?
	    lt->elems.len : 256, true);
	while (k < tn && t[k] != ' ')
		k++;
	if (t[b - 1] == '(')
		tn--;                           /* "Jens (III/40b ...)" */
	if ((lt->open && !lt->gap && !item && date_tail(t + k, tn - k) <= 0) ||
	    (lab > 0 && keyword(&lt->kwfold, t, tn, &val, &lang) != KW_NONE) ||
	    !try_reference(lt, t + b, tn - b, k - b, line, col + (long)b))
		return false;
	if (lab > 0)
		army_add_note(&lt->a, "comment", 7, t, lab);
	return true;
}

/* Does the line start a record (army_label, try_reference)?  A Name
 * line held above it is its player (kept aside while the record before
 * is flushed); above another line, it is read again first. */
static bool
record_line(struct listtext *lt, const char *t, size_t tn, size_t idlen,
    long line, long col)
{
	long held = lt->hold.at;
	bool started;

	lt->hold.at = 0;
	started = army_label(lt, t, tn, line, col) ||
	    try_reference(lt, t, tn, idlen, line, col) ||
	    label_reference(lt, t, tn, line, col);
	lt->hold.at = held;
	if (!started)
		listmail_again(lt, &lt->hold);
	else if (held > 0 && lt->open && !lt->bad && lt->a.line == line) {
		free(lt->a.player);
		lt->a.player = listmail_took(&lt->hold);
	}
	lt->hold.at = 0;
	return started;
}

/* Is the line dates alone ("275BC-105BC", "(25 BC - 197 AD)")? */
static bool
dates_only(struct listtext *lt, const char *t, size_t tn)
{
	if (tn > 2 && t[0] == '(' && t[tn - 1] == ')') {
		t++;
		tn -= 2;
	}
	sbuf_reset(&lt->tmp);
	sbuf_add(&lt->tmp, t, tn);      /* read up to its NUL */
	return date_tail(lt->tmp.s, lt->tmp.len) == 0;
}

/* A line of dates alone right after a reference line without them: the
 * record's dates (read as a Dates line), not elements. */
static bool
dates_alone(struct listtext *lt, const char *t, size_t tn, long line,
    long col)
{
	const char *h = sbuf_str(&lt->head);
	size_t bn, br = t[0] == '(';    /* in brackets */

	for (bn = 0; bn < tn && t[bn] >= '0' && t[bn] <= '9'; bn++)
		;
	if (bn > 0 && bn < tn && (t[bn] == 'x' || t[bn] == 'X' ||
	    t[bn] == '*'))
		return false;           /* "1x3Cv": elements, most lines */
	if (!lt->open || lt->elems.len > 0 || lt->gen.len > 0 ||
	    lt->dates.len > 0 || date_tail(h, strlen(h)) >= 0 ||
	    date_in_brackets(h, lt->head.len, &bn) != NULL ||
	    !dates_only(lt, t, tn))
		return false;
	keyword_line(lt, KW_DATES, t + br, tn - 2 * br, line, col +
	    (long)br, false);
	return true;
}

/* After a blank line in a record, an element line with a general when
 * the record has one, and before it nothing or one line that could name
 * an army ("Polybian Roman" and its elements after another army; "#66a
 * ...", a comment, and its elements), or such a line and dates alone
 * ("Polybian Roman", "275BC-105BC"): an army with no reference, not
 * the record's.  Its lines up to a blank line are not read, and said. */
static bool
army_again(struct listtext *lt, const char *t, size_t tn, long line,
    long col)
{
	struct sbuf m = {0};
	size_t n = lt->pend.len > 0 ? lt->pend.len - 1 : 0;
	bool named = lt->npend == 1 &&
	    listtext_army_name(sbuf_str(&lt->pend), n);

	if ((lt->npend > 0 && !named) ||
	    (!listtext_general_in(t, tn) && !(named && dates_only(lt, t,
	    tn))) || (lt->gen.len == 0 &&
	    !listtext_general_in(lt->elems.s, lt->elems.len)))
		return false;
	if (lt->npend == 1)
		sbuf_printf(&m, "'%.*s' and the elements after it", (int)n,
		    sbuf_str(&lt->pend));
	else
		sbuf_adds(&m, "elements with a general after a blank line");
	sbuf_printf(&m, " look like an army of their own with no reference "
	    "(a record starts with one such as 'I/1a'); not added to army %s",
	    lt->a.id);
	DIAG(LINE_NOT_READ, lt->npend == 1 ? lt->pat[0][0] : line,
	    lt->npend == 1 ? lt->pat[0][1] : col, m.s);
	sbuf_free(&m);
	sbuf_reset(&lt->pend);
	lt->npend = 0;
	flush_record(lt);
	lt->bad = true;
	return true;
}

/* The length of the first word of t[0..tn), a reference's before a
 * colon ("II/33: Polybian Roman") without it. */
static size_t
first_word(const char *t, size_t tn)
{
	size_t n;

	for (n = 0; n < tn && t[n] != ' ' && t[n] != '\t'; n++)
		;
	if (n > 1 && t[n - 1] == ':' && memchr(t, '/', n) != NULL &&
	    army_is_id(t, n - 1))
		n--;
	return n;
}

/* The line t[0..tn) of s as a record's first line (record_line), read
 * past a word for number ("Nr. 63 ..."); when it is none, *idlen and
 * *col are those of the line as it is (its "Nr." is no reference's:
 * "No. 2 is better" is a note). */
static bool
record_first(struct listtext *lt, const char *s, const char *t, size_t tn,
    size_t *idlen, long line, long *col)
{
	size_t pre = listtext_ref_prefix(t, tn);

	*idlen = first_word(t + pre, tn - pre);
	*col = (long)(t + pre - s) + 1;
	if (record_line(lt, t + pre, tn - pre, *idlen, line, *col))
		return true;
	if (pre == 0)
		return false;   /* most lines */
	*idlen = first_word(t, tn);
	*col = (long)(t - s) + 1;
	return false;
}

void
listtext_line(struct listtext *lt, const char *s, size_t n, long line)
{
	const char *t = s, *lang = NULL;
	size_t tn = n, idlen, val, bl;
	enum kw kw;
	long col;
	bool bullet;
	int lab;

	str_trim(&t, &tn);
	if (tn == 0) {
		/* "Name: X" right after the elements and a blank: read
		 * again (blanks after it change nothing elsewhere) */
		if (lt->open && !lt->gap)
			listmail_again(lt, &lt->hold);
		lt->sig = false;
		if (lt->open) {
			player_to_open(lt);     /* "Player: X" and a blank */
			end_para(lt);
			lt->gap = true;
		}
		lt->bad = false;
		return;
	}
	if (t[0] == '#')
		return;
	if (lt->seen != NULL)
		lt->seen->content = true;
	if (record_first(lt, s, t, tn, &idlen, line, &col))
		return;
	if (lt->bad)
		return;                 /* the lines of a record not read */
	if (player_first(lt, t, tn, line, col))
		return;
	if (!lt->pplayer && after_record(lt) &&
	    listmail_hold(&lt->hold, s, n, t, tn, line))
		return;
	player_to_open(lt);
	if (!lt->open) {
		if (lt->seen == NULL)
			return;
		if (lt->seen->started)
			listmail_outside(lt->seen, t, tn, line, col, &lt->sig);
		else if (listtext_combat_like(t, tn))
			lt->seen->combat++;
		else if ((idlen == 4 && str_ieq(t, 4, "move")) ||
		    (idlen == 5 && str_ieq(t, 5, "bound")))
			lt->seen->moves++;
		else if (listtext_counted(t, tn) && lt->seen->nearly++ == 0)
			lt->seen->early = line;
		return;                 /* a title before the first record */
	}
	bl = listtext_bullet_len(t, tn);
	bullet = bl > 0;
	t += bl;
	tn -= bl;
	if (tn == 0)
		return;
	kw = keyword(&lt->kwfold, t, tn, &val, &lang);
	/* of a page's text, a label alone is a word (a table's "Spieler") */
	if (kw != KW_NONE && page_of(lt) != NULL &&
	    str_blank(t + val, tn - val) && memchr(t, ':', tn) == NULL)
		kw = KW_NONE;
	if (lt->gap) {
		if (kw == KW_NONE && (!entry_like(t, tn) ||
		    (page_of(lt) != NULL && !listtext_counted(t, tn)))) {
			pend_add(lt, t, tn, line, col + (long)bl);
			return;
		}
		if (kw == KW_NONE && army_again(lt, t, tn, line,
		    col + (long)bl))
			return;
		lt->gap = false;
		pend_end(lt, true);
	}
	if (mail_after(lt, t, tn, kw, line, col + (long)bl))
		return;
	lt->lastline = line;
	if (kw != KW_NONE) {
		if (lang != NULL)
			lt->a.name_lang = lang;
		keyword_line(lt, kw, t + val, tn - val, line,
		    col + (long)val + (long)bl, bullet);
		return;
	}
	if ((lab = listtext_unknown_label(t, tn, line, col + (long)bl)) > 0) {
		lt->incomplete = lt->incomplete || lab == 2;
		return;
	}
	if (keyword_typo(t, tn, line, col + (long)bl))
		return;
	if (dates_alone(lt, t, tn, line, col + (long)bl))
		return;
	if (listtext_prose_like(t, tn)) {
		add_prose(lt, t, tn);
		return;
	}
	end_para(lt);
	keyword_line(lt, KW_NONE, t, tn, line, col + (long)bl, bullet);
}
