/* armyin_int: the internals the army readers share (not for use outside
 * army/ and its tests): the state machine of table rows (pipe, TSV, HTML),
 * the list-text reader, what a reader saw of an operand, and the army
 * fields both build from raw texts. */
#ifndef BELLIS_ARMYIN_INT_H
#define BELLIS_ARMYIN_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "army/army.h"
#include "army/armyin.h"
#include "core/str.h"

/* The most bytes of one field of an army read from lines: a field of a
 * sheet (continuation rows included), the element or General lines of a
 * list text record (armylist-parse(1)); what fits is kept, cut at a
 * character, the rest reported and ignored (SHEET_FIELD_TOO_LONG). */
#define ARMY_FIELD_MAX 65536
/* The length of s[0..n) cut to at most max bytes at a UTF-8 character. */
size_t army_field_fit(const char *s, size_t n, size_t max);

/* Table rows (pipe, TSV, HTML) share one state machine. */
enum sheet_field {
	F_NUMBER, F_NAME, F_DATES, F_SOURCES, F_DBM, F_ENEMIES, F_ALLIES,
	F_TERRAIN, F_AGGRESSION, F_ELEMENTS,
	/* the further columns of armylist-parse -T tsv */
	F_FILE, F_LANG, F_FROM, F_TO, F_TEXT, F_INCOMPLETE, F_NOTES,
	F_PLAYER, F_YEAR, F_NFIELDS
};

struct cell {
	const char *s;
	size_t n;
	long line, col;          /* col 0: unknown */
};

/* What the readers of one operand saw, for the error when no army is
 * read (armylist_read) and to tell a preamble from lost lines. */
struct armyseen {
	long armies;            /* records handed to the callback */
	bool content;           /* a line or row that is not blank */
	bool started;           /* a record or a table header */
	bool html;              /* an HTML page */
	long header;            /* line of the first table header, 0: none */
	long combat;            /* lines that look like combat-calc input */
	long moves;             /* lines that look like move-check input */
	long notlist;           /* records that are no army list */
	long hline;             /* first row of cells that is no header */
	long early, nearly;     /* first line of elements before any
	                         * record (0 none), their number */
	struct sbuf hwords;     /* its cells, quoted */
	struct sbuf near;       /* " (did you mean ...?)" for one of them */
	struct pagetext *page;  /* read from an HTML page's text, or NULL */
};

/* The text of an HTML page as lines of list text (listpage.c): fed the
 * page's elements and text as they come, then read back a line at a
 * time with the page's line each starts on. */
struct pagetext {
	FILE *f;                /* the lines: "LINE<TAB>TEXT" each */
	struct sbuf cur;        /* the line being gathered */
	long curline, lastline; /* its page line; the last text's */
	int brk;                /* before the next text: 1 a line end, 2 a
	                         * blank line too */
	long depth, skip, pre;  /* elements open; depth of a hidden one
	                         * and of a <pre>, 0 none */
	bool sp;                /* a blank pending */
	bool blank;             /* the last line written is blank */
	bool cut;               /* the line is too long: passed over */
	bool failed;            /* the temporary file failed (reported) */
	bool inrow, rowblock;   /* in a table's row; a block in it */
	bool rowblank;          /* blank before the row */
	off_t rowoff;           /* where the row's lines start */
	char *rbuf;             /* reading back */
	size_t rcap;
	long npassed;           /* lines passed over */
	long ranges[8][2];      /* their first ranges of lines */
	long nranges;
	bool more;              /* and more ranges */
};
void pagetext_init(struct pagetext *p);
void pagetext_start(struct pagetext *p, const char *name, long line);
void pagetext_end(struct pagetext *p, const char *name);
void pagetext_text(struct pagetext *p, const char *s, size_t n, long line);
/* A row of a table (no table of lists) starts; it ends: its text is
 * taken back and the row passed over when it holds no block (a row of
 * data, not of a page's layout) and its first cell does not start with
 * a reference with a book ("II/56 ..."). */
void pagetext_row_start(struct pagetext *p);
void pagetext_row_end(struct pagetext *p, const struct cell *cells,
    size_t n);
/* The last line ended, to read back from the first: false when the
 * page has no text (or the temporary file failed, reported). */
bool pagetext_rewind(struct pagetext *p);
bool pagetext_next(struct pagetext *p, const char **s, size_t *n,
    long *line);
/* A line in no army record passed over, said once in pagetext_report
 * ("12 lines ... passed over (lines 1-5, 9, 40-47)"). */
void pagetext_pass(struct pagetext *p, long line);
void pagetext_report(struct pagetext *p);
void pagetext_free(struct pagetext *p);

struct sheet;
struct sheet *sheet_new(const char *file, army_cb cb, void *ctx);
/* Report rows not read, and note what was seen, in seen. */
void sheet_track(struct sheet *sh, struct armyseen *seen);
void sheet_row(struct sheet *sh, const struct cell *cells, size_t n);
/* Take a row as the header if it is one (a CSV carrier's first test);
 * else note it as a row of other columns. */
bool sheet_header(struct sheet *sh, const struct cell *cells, size_t n);
/* Has a header of a table been read (rows are read by it)? */
bool sheet_has_header(const struct sheet *sh);
/* End of a table: finish the open army (the header stays). */
void sheet_flush(struct sheet *sh);
void sheet_free(struct sheet *sh);

/* English list text, one line at a time (col of the line's byte 0 is 1). */
struct listtext;
struct listtext *listtext_new(const char *file, army_cb cb, void *ctx);
/* Report lines not read, and note what was seen, in seen. */
void listtext_track(struct listtext *lt, struct armyseen *seen);
void listtext_line(struct listtext *lt, const char *s, size_t n, long line);
void listtext_flush(struct listtext *lt);
/* True while a record is being collected. */
bool listtext_open(const struct listtext *lt);
/* Does the text hold an entry with a count ("1x3Bd")? */
bool listtext_counted(const char *s, size_t n);
/* Does the text end with a word that joins it to what follows ("or",
 * "oder", "und", ...) or a joining sign (',', '+', '(', '/')?
 * (listone.c) */
bool listtext_ends_joined(const char *s, size_t n);
/* Does the text hold a troop type ("3Kn", "HCh", "Light Horse") or, with
 * troops false, only an entry with a count ("2x Foo")? (listone.c) */
bool listtext_list_like(const char *s, size_t n, bool troops);
/* A record on one line ("II/56 Roman 25BC-197AD: 1x3Cv (Gen), ..."):
 * where its elements start in the head h[0..hn), *hend where the head
 * before them ends; 0: none (listone.c). */
size_t listtext_one_line(const char *h, size_t hn, size_t *hend);
/* "1/58", "2/5a": the reference with its book in Roman figures into id;
 * false when it is none (listone.c). */
bool listtext_arabic_book(const char *t, size_t n, struct sbuf *id);
/* "Greek Kyrean I/56a 630-314BC", "Polybian Roman (II/33)": where the
 * reference after the name starts in t[0..n), *end where its word ends;
 * 0: none (tmp: scratch; listone.c). */
size_t listtext_id_after_name(struct sbuf *tmp, const char *t, size_t n,
    size_t *end);
/* The length of a list bullet at the start of a line ("- ", "1. ");
 * 0 when none (listone.c). */
size_t listtext_bullet_len(const char *s, size_t n);
/* A line with the word "vs" (or "versus", "gegen") or "shoots" after a
 * troop type first: combat-calc input (listone.c). */
bool listtext_combat_like(const char *s, size_t n);
/* Where dates with a German or Russian era ("25 v.Chr. - 197 n.Chr.",
 * "um 1200 v. Chr.", "300 до н. э.") start at the end of s[0..n): the
 * first word from which the rest reads as a date (date_parse); -1 when
 * none (listone.c).  date_tail reads the English ones. */
long listtext_era_tail(const char *s, size_t n);
/* Does s[0..n) start with a BBCode tag ("[b]", "[size=18pt]")? */
bool listtext_bbcode(const char *s, size_t n);
/* The line s[0..*n) without the markup of a forum post or Markdown
 * (BBCode tags, "**", "__", a leading '>'): s itself when it has none,
 * else the text in b (*n its length). */
const char *listtext_unmark(struct sbuf *b, const char *s, size_t *n);
void listtext_free(struct listtext *lt);
/* Would the line be taken for a mistyped keyword: its first word, of
 * four letters or more, near one that needs no colon or has it
 * ("Terain Hilly"; not "Best regards": List is a label with a colon)? */
bool listtext_kwnear(const char *s, size_t n);
/* Does line s[0..n) start with a keyword ("Aggression 2", "Gegner:")? */
bool listtext_keyword(const char *s, size_t n);
/* The keyword nearest s[0..n) within edit distance 2, NULL for none. */
const char *listtext_kwsuggest(const char *s, size_t n);
/* "unknown keyword 'Aggresion'" of s[0..e) (cut at 64 bytes), with sug as
 * its did-you-mean in the case of the word when sug has four letters or
 * more, else with tail. */
void listtext_unknown_keyword(const char *s, size_t e, const char *sug,
    const char *tail, long line, long col);
/* A label line of no keyword ("Points: 12") reported: 2 when its value
 * looks like elements (the army is incomplete), 1 for another, 0 when
 * the line is no such label. */
int listtext_unknown_label(const char *s, size_t n, long line, long col);
/* "Mine: III/40b Norse Irish 852-1014AD", "Thomas - II/56 Roman ...",
 * "Jens (III/40b Norse Irish ...)", "2. II/56 Roman ...": the offset of
 * a reference with a book and a name after it, behind a label of at most
 * three words and a colon, a dash between blanks or a bracket that holds
 * the rest, that is no near miss of a keyword (*label: its length, colon
 * included), or behind the number of a list item (*label 0); 0 none
 * (listone.c). */
size_t listtext_ref_after_label(const char *t, size_t n, size_t *label);
/* A line of prose, not elements: at least three words of three or more
 * small letters outside brackets ("the general stands on a hill"), not
 * counting the joining words, or a short sentence (listone.c). */
bool listtext_prose_like(const char *s, size_t n);
/* Does s[0..n) end with dates after a word ("Nubier 3000BC-1000AD")? */
bool listtext_named_dates(const char *s, size_t n);
/* A general's word in an element line: "(Gen)", "3Kn Gen", "CinC"
 * (listone.c). */
bool listtext_general_in(const char *s, size_t n);
/* A General line's element (the first ngen items of list, one general's
 * element) let go when the element lines have the same element as the
 * general's ("General: 1x3Cv", "Troops: 1x3Cv (Gen), ..."): the line
 * named the general, it added none; true then (listone.c). */
bool listtext_general_once(struct package *list, size_t ngen);
/* A line that could name an army ("Polybian Roman"): a capital first, at
 * most eight words, no sentence (listone.c). */
bool listtext_army_name(const char *s, size_t n);
/* "Nr. 63 ...", "No. II/56 ...": the length of a word for number before
 * an army id, 0 when none (listone.c). */
size_t listtext_ref_prefix(const char *s, size_t n);

/* List text pasted from e-mails (listmail.c).  A "--" line: an e-mail's
 * signature starts. */
bool listmail_rule(const char *s, size_t n);
/* Is the line plainly e-mail text, no list line: words starting with a
 * letter, with no digit, no bracket or other sign of an element list,
 * no label, no near keyword, and at most half of them troop names
 * ("Hi Tom,", "Best regards, Hans", "Sent from my phone")? */
bool listmail_text(const char *s, size_t n);
/* Report a line of e-mail text not read (mail-text); sig: in the
 * signature.  Of an HTML page's text (seen->page), a line that holds
 * no entry with a count is passed over (pagetext_pass). */
void listmail_skip(struct armyseen *seen, const char *s, size_t n,
    long line, long col, bool sig);
/* A line outside every record after the first: e-mail text (or, *sig,
 * a line of its signature) is a warning, any other line not read an
 * error; of a page's text, as listmail_skip. */
void listmail_outside(struct armyseen *seen, const char *s, size_t n,
    long line, long col, bool *sig);
/* The element lines before the first record, not read: said when it
 * starts. */
void listmail_early(const struct armyseen *seen);
/* A "Name: Hans Meier" line held for the record that may start on the
 * next line (its player); else read again as before. */
struct listname {
	struct sbuf line;            /* the line as read */
	size_t val;                  /* the offset of its value */
	long at;                     /* its number; 0: none held */
	bool again;                  /* being read again */
};
/* Hold the line s[0..n) (t[0..tn) trimmed) when it is a Name line whose
 * value has no digit, '/' nor '(' (no army's reference). */
bool listmail_hold(struct listname *h, const char *s, size_t n,
    const char *t, size_t tn, long line);
/* The value of the line held, as the player of the record it starts. */
char *listmail_took(struct listname *h);
/* The line held read again, as it would have been read. */
void listmail_again(struct listtext *lt, struct listname *h);

/* Build the common fields of an army from raw texts (shared by the
 * sheet and list-text readers): dates with a warning when unreadable,
 * sources with a "DBM n/m" part split off, references, aggression. */
void army_set_period(struct army *a, const char *s, size_t n, long line,
    long col);
/* The ranges of a period read with its from and to (XML, JSON): those of
 * its text when they span from..to exactly, else none. */
void army_period_ranges(struct army *a);
void army_set_sources(struct army *a, const char *s, size_t n);
/* Whether a word not read as a reference (army_is_id) looks like a
 * mistyped one: "l/2", "1/5a", "II/2A", and with plain, a number such as
 * "12?" too.  Such a word starts a record that is reported. */
bool army_like_id(const char *s, size_t n, bool plain);
void army_set_aggression(struct army *a, const char *s, size_t n,
    long line, long col);

/* The empty packages of choice it left out (armylist XML): true when
 * there was one. */
bool armyxml_drop_empty(struct item *it);
/* armylist XML read the fast way (armysax.c), each army to cb, when rng
 * is the schema it was written for (formats/armylist.rng): 0 when
 * the whole document was read and all is well; -1 when something is to
 * be said or looked at more closely (the input is to be read again
 * with input_again, the first *handed armies already handed on); 1 when
 * not tried (the input as it was).  check: the schema checked, nothing
 * built (cb not called). */
int armysax_read(const unsigned char *rng, size_t rnglen,
    struct input *in, army_cb cb, void *ctx, long *handed, bool check);

#endif
