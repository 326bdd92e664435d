/* army: the model of an army list (army, elements, choices, packages),
 * shared by the readers (sheets, list text, XML) and the writers. */
#ifndef BELLIS_ARMY_H
#define BELLIS_ARMY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/str.h"
#include "rules/troop.h"

/* Where the bytes of a joined text came from: offsets to line:col. */
struct srcmap {
	struct srcseg {
		size_t off;
		long line, col;        /* col 0: unknown (HTML) */
	} *seg;
	size_t n, cap;
};

struct troopref {
	const struct troop *t;     /* NULL: unknown name (code "?") */
	char *name;                /* the unknown name as written */
	char *figures;             /* "3", "3/4" or NULL */
	bool mtd;                  /* mounted infantry: "Mtd-4Lb" (dba3) */
	char *written;             /* the known name as written when it is
				    * not a standard name of t (HCh, Cb):
				    * troop_is_standard; else NULL */
	const struct troop *dis;   /* dismounts as (3Kn//4Bd) */
	char *dis_name;            /* unknown dismount name */
	char *dis_figures;
	char *dis_written;         /* as written, as for written */
	char *note;
};

/* The largest element count read (armylist(5)); counts above an army's
 * size are findings of armylist-check. */
#define ARMY_COUNT_MAX 1000000000L
/* The largest aggression the readers of armylist XML and JSON take
 * (nine digits: written back as read, in every format); a larger one is
 * reported and left out. */
#define ARMY_AGGRESSION_MAX 999999999L
/* The most entries (elements and choices, packages included) read of one
 * army's composition (armylist(5)); the rest is reported and ignored. */
#define ARMY_MAX_ITEMS 1000
/* An army of XML holds at most this many enemies, allies and notes (each);
 * the rest is reported and ignored (armylist-parse(1)). */
#define ARMY_MAX_REFS 10000

enum item_kind { ITEM_ELEMENT, ITEM_CHOICE };

struct package;

struct item {
	enum item_kind kind;
	long count;                /* element */
	bool general;
	struct troopref *troops;
	size_t ntroops, captroops;
	struct package *pkgs;      /* choice */
	size_t npkgs, cappkgs;
};

struct package {
	struct item *items;
	size_t n, cap;
};

/* A column of a sheet without a field of ours, kept with its army. */
struct note {
	char *column;              /* the header as written */
	char *text;
};

/* How an ally is joined to the one before it: a comma, "or" (one of
 * them), "and/or" (either or both). */
enum ally_join { ALLY_AND, ALLY_OR, ALLY_ANDOR };

#define DATE_MAX_RANGES 8  /* ranges of one period */

struct army {
	char *id;
	char *file;
	long line;
	char *name;
	const char *name_lang;     /* "de", "en", "es", "it", "ru" */
	char *period;              /* as written; NULL when absent */
	bool period_ok;            /* from/to are valid */
	long from, to;
	bool approx;
	/* when the period is several ranges (2 or more): each of them,
	 * from/to their earliest start and latest end */
	long ranges[DATE_MAX_RANGES][2];
	size_t nranges;
	char *terrain;
	char *aggression;          /* digits only, or NULL */
	char *sources;
	char *dbm;
	char **enemies;
	size_t nenemies, capenemies;
	char **allies;
	size_t nallies, capallies;
	bool has_allies;
	unsigned char *ally_join;  /* enum ally_join of each ally (to the
				    * one before); past njoin: ALLY_AND */
	size_t njoin, capjoin;
	char *ally_elements;       /* an entry: the elements of its allied
				    * contingent as written ("II/40: 1x3Cv
				    * (Gen), 2x2LH"), NULL: none */
	char *elements_text;       /* as written (blanks collapsed) */
	bool incomplete;           /* the parser dropped part of the list */
	struct package list;       /* the parsed elements */
	const char *rules;         /* its collection's rules= label (XML),
				    * borrowed; NULL: none */
	long rules_line;           /* the line of that label */
	const char *rules_from;    /* where that label came from: "option",
				    * "environment", "carrier", "default"
				    * (rules-from=), borrowed; NULL: not
				    * said */
	struct note *notes;        /* in column order */
	size_t nnotes, capnotes;
	/* an entry: the player's name, the year the army was chosen for */
	char *player;
	bool has_year;
	long year;
};

/* An entry's year ("1058AD", "450 BC", "-450"): a single year, else
 * reported at line:col as a bad value. */
void army_set_year(struct army *a, const char *s, size_t n, long line,
    long col);
/* Where a rules label came from, as rules-from says it: "option",
 * "environment", "carrier" or "default" (static), or NULL for anything
 * else (NULL too). */
const char *army_rules_from(const char *s);
/* Whether a troop name is a camp ("Camp", "Lager", ...): listed with an
 * entry's elements, it is no element and not counted. */
bool army_is_camp(const char *name);
/* Whether the element it is a camp: a single troop of such a name. */
bool item_is_camp(const struct item *it);
/* Free the n strings of v, and v. */
void strv_free(char **v, size_t n);
void army_init(struct army *a);
void army_free(struct army *a);
/* Keep a note (column header, text) on a. */
void army_add_note(struct army *a, const char *column, size_t cn,
    const char *text, size_t tn);
/* A note as "COLUMN: text" in list text and our TSV: a backslash, a line
 * break and (in the column) a colon escaped with a backslash, appended
 * to b; army_note_line reads one such line back (without ": " the whole
 * line is the text of a note of column dflt). */
void army_note_escape(struct sbuf *b, const char *s, bool column);
void army_note_line(struct army *a, const char *s, size_t n,
    const char *dflt);
void package_free(struct package *p);
/* Keep the leading entries of p that hold at most max entries in all;
 * true when some were cut. */
bool package_cut(struct package *p, size_t max);
void item_free(struct item *it);
void troopref_free(struct troopref *r);
/* Figures s[0..n) for a troopref (one digit: a shared constant string:
 * never write into a troopref's figures, nor free them but through
 * troopref_free, which knows the shared ones). */
char *army_figures_dup(const char *s, size_t n);
/* The digit of figures shared by army_figures_dup, -1 for any other
 * figures (NULL too). */
int army_figures_digit(const char *f);
struct item *package_add(struct package *p);
struct troopref *item_add_troop(struct item *it);
struct package *item_add_package(struct item *it);
/* Free the last troop or package of it (error recovery). */
void item_drop_troop(struct item *it);
void item_drop_package(struct item *it);
/* Free the last item of p (error recovery). */
void package_drop_item(struct package *p);
/* dst: a copy of the element src, its troops copied deep. */
void item_copy_element(struct item *dst, const struct item *src);
/* Split a reference list ("60, 61, 63, 66a" or "I/1a, II/5") into refs:
 * a bare "4a" or "b" after "I/1a" takes its book ("I/4a", "I/1b"); "or"
 * and "and/or" join alternatives (kept by army_refs_at for allies), "and"
 * is a comma; "I/1a. 1b" is read with a warning; a fragment that is no
 * reference is reported and left out.  army_refs reports without a
 * position; army_refs_at at LINE:COL of s, into a's enemies or allies. */
void army_refs(char ***v, size_t *n, size_t *cap, const char *s, size_t len);
void army_refs_at(struct army *a, bool allies, const char *s, size_t len,
    long line, long col);
/* An entry's allies may end in the elements of its contingent after a
 * colon ("II/40: 1x3Cv (Gen), 2x2LH"): army_refs_at keeps them in
 * a->ally_elements, blanks trimmed. */
/* The i-th reference of v with the book of the last full reference
 * before it when it has none (for lists read before they were resolved). */
void army_ref_resolved(struct sbuf *b, char *const *v, size_t i);
/* The same for i = 0, 1, ... in turn, in linear time: *last (0 before
 * the first) keeps where the last full reference was. */
void army_ref_next(struct sbuf *b, char *const *v, size_t i, size_t *last);
/* The join of ally i; its word ("or", "and/or"; NULL for a comma); the
 * join of a word (NULL or "": ALLY_AND; -1: unknown). */
void army_set_ally_join(struct army *a, size_t i, enum ally_join j);
enum ally_join army_ally_join(const struct army *a, size_t i);
const char *army_join_word(enum ally_join j);
int army_join_read(const char *s);

void srcmap_add(struct srcmap *m, size_t off, long line, long col);
void srcmap_lookup(const struct srcmap *m, size_t off, long *line,
    long *col);
void srcmap_reset(struct srcmap *m);
void srcmap_free(struct srcmap *m);

/* Parse an element list (the grammar of armylist(5)) into a->list; errors
 * are reported at the positions given by map.  A bad token loses only
 * its own item (an element, a troop alternative, a marker): the parser
 * reads on at the next separator of its level.  Returns the number of
 * errors; *lost (when not NULL) is set to the number of them that left
 * something out of the list (unknown troop names are kept, as "?"). */
int elements_parse(struct package *list, const char *text, size_t len,
    const struct srcmap *map, int *lost);
/* The same for the value of a General line ("General: 1x3Cv"): the first
 * element of each of its entries is the general (one element of it, as
 * for "2x3Cv (Gen)"). */
int elements_parse_general(struct package *list, const char *text,
    size_t len, const struct srcmap *map, int *lost);
/* Is s[0..n), folded, a word that marks the general ("Gen", "CinC",
 * "Feldherr", "Полководец"): the words elements_parse reads so? */
bool elements_general_word(const char *s, size_t n);

/* Parse a date ("3500 - 2334 v.Chr.", "250BC-225AD", "um 1200 v.Chr.",
 * "5. Jh. n.Chr.").  Returns 0 with from/to/approx, or -1. */
int date_parse(const char *s, size_t n, long *from, long *to, bool *approx);

/* Several ranges in one field ("330-322BC & 300-280BC", "and", ",", ";"):
 * each one, and from/to the earliest start and the latest end. */
struct date_ranges {
	long r[DATE_MAX_RANGES][2];
	size_t n;
	long from, to;
	bool approx;
	bool era_written;          /* the last range has an era written: no
	                              range takes the default */
};
int date_parse_ranges(const char *s, size_t n, struct date_ranges *r);
/* The same, a year of no era written BC (AD in date_parse_ranges). */
int date_parse_ranges_bc(const char *s, size_t n, struct date_ranges *r);
/* A name that carries dates of its own before its last ("Old Saxon
 * 250-804AD & Early Anglo-Saxon", its dates "428-617AD"): each year or
 * range inside the name followed by '&', ',', ';', "or", "and" or "und"
 * (with a dash or an era, not a bare number) is moved from name to the
 * front of dates, joined by " & "; the name keeps its words. */
void date_name_ranges(struct sbuf *name, struct sbuf *dates);
/* Where the dates at the end of a line s[0..n) start ("Early Sumerian
 * 3000-2800BC": 15): the first place from which the rest is a year or a
 * range with its era, perhaps approximate ("c. ", "circa ", "um "), or
 * several joined by '&', ',', ';', "and" or "und", perhaps with a full
 * stop; -1 when there is none.  What the expression in date.c matches,
 * as regexec would find it. */
long date_tail(const char *s, size_t n);

/* Options limited by date (3.0 lists, army/dated.c): a note's open end
 * is -+OPTION_YEAR_MAX. */
#define OPTION_YEAR_MAX 100000L
/* Cut p to the options valid in year y: alternatives dated out go, an
 * element without alternatives left goes, a choice of one package left
 * becomes its entries; a package whose first element is a dated single
 * troop is dated as a whole.  True when p changed (anything cut, a
 * choice made its entries); false when p is as it was. */
bool package_at_year(struct package *p, long y);
/* Cut p to the options whose condition ("(if Thuringians) Cv": a note
 * "if ...") named holds a word of (an entry's title, notes and allies),
 * as package_at_year cuts; true when p changed. */
bool package_at_conditions(struct package *p, const char *named);
/* dst: a deep copy of src. */
void package_copy(struct package *dst, const struct package *src);
/* The spans of years within from..to in which the dated options of p
 * stay the same, in order, into *span (allocated; free it); 0 when p has
 * none (*span NULL). */
size_t package_date_spans(const struct package *p, long from, long to,
    long (**span)[2]);

/* Whether the period of a holds year y (one of its ranges, when
 * several), as flags say: ARMY_PERIOD_UNDATED, an army without dates
 * holds every year (else none); ARMY_PERIOD_REVERSED, a range written
 * backwards ("275-450BC" read as from 275 to 450) holds its years too. */
#define ARMY_PERIOD_UNDATED 1u
#define ARMY_PERIOD_REVERSED 2u
bool army_period_holds(const struct army *a, long y, unsigned flags);

/* True when s is an army number: "7", "12a", "I/1a", "IV/83b". */
bool army_is_id(const char *s, size_t n);
/* Whether a reference names an army: the same id, or one is the list of
 * the other's variant ("II/5" and "II/5a", "12" and "12b"; not "II/5a"
 * and "II/5ab"). */
bool army_ref_match(const char *a, const char *b);
/* Whether text names the word w (the first word of its wn bytes), as an
 * entry names a list's condition or an ally: text holds a whole word
 * that begins with w's first four characters ("Thuringians",
 * "Thurungian"), that is w when w is shorter ("Rus", not "Russian"), or
 * the same army when w is an id (a digit in it: "II/40", "II/40a"); both
 * folded as names are (str_fold: case, umlauts).  Words are runs of
 * letters and digits: "Graeco-Bactrian" holds "Bactrian", and no word
 * is found inside another ("Ostrogoths" does not name "Goths"). */
bool army_word_named(const char *w, size_t wn, const char *text);
/* An id and its qualifier, telling apart variants under one id:
 * "I/14d@700BC" (the army whose period holds the year), "I/14d#2" (the
 * second army of the id read). */
struct army_pick {
	char *id;               /* without the qualifier */
	bool has_year;
	long year;
	long nth;               /* 0: no "#N" */
	long seen;              /* armies of the id seen, for nth */
};
/* -1 when the qualifier is no year nor ordinal (p->id is set even so). */
int army_pick_init(struct army_pick *p, const char *s);
/* Is a the army p names (by its id, or an entry by its player's name,
 * case aside)?  Call it once per army read, in order; with glob, p's id
 * is a shell pattern (of ids only). */
bool army_pick_match(struct army_pick *p, const struct army *a,
    bool glob);
void army_pick_free(struct army_pick *p);
/* Is the qualifier of the id s[0..n), if any, a year or an ordinal? */
bool army_pick_valid(const char *s, size_t n);

/* Does the list p hold a known troop type?  An army whose list holds
 * none could not be read at all (refcard-render makes it no card). */
bool package_has_troop(const struct package *p);
/* The language code of a name s[0..n) ("de", "en", "es", "it", "ru", as
 * a static string), NULL when it is none of them. */
const char *army_lang(const char *s, size_t n);

#endif
