/* card: the model of a printable reference card (a title and blocks of
 * facts, tables and text), built from an army and the rules table or
 * from the rules and campaign tables, and the writers that render it. */
#ifndef BELLIS_CARD_H
#define BELLIS_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "army/army.h"
#include "campaign/campaigntab.h"
#include "core/str.h"
#include "rules/rules.h"
#include "rules/troop.h"

enum card_paper { PAPER_A6, PAPER_A5, PAPER_A4, PAPER_LETTER, PAPER_N };
/* PDF imposition: A6 cards two (1x2: one column of two) or four (2x2)
 * to a sheet of the paper, with crop marks. */
enum card_impose { IMPOSE_NONE, IMPOSE_1X2, IMPOSE_2X2 };

struct paper {
	const char *name;          /* "a6" */
	double w_mm, h_mm;         /* page size as printed */
	const char *css;           /* CSS @page size */
	double font_pt;            /* body text size */
};

const struct paper *card_paper(enum card_paper p);

#define CARD_MAXCOLS 16
/* The most characters a card shows of one field (a name, a cell). */
#define CARD_FIELD_MAX 500

enum block_kind {
	BLK_FACTS,                 /* label: value lines (two columns) */
	BLK_TABLE,                 /* a header row and rows of cells */
	BLK_TEXT                   /* lines of text (one column) */
};

struct card_block {
	enum block_kind kind;
	char *title;               /* NULL: none */
	size_t ncols, nrows;       /* rows without the header */
	char **head;               /* ncols cells (BLK_TABLE) */
	char **cell;               /* nrows * ncols cells */
	size_t cap;
	unsigned num;              /* bit per column of numbers */
	unsigned wide;             /* bit per column that may wrap */
	unsigned center;           /* bit per column of numbers centred */
	unsigned strong;           /* bit per column set in bold (factors,
	                            * moves) */
	bool strip;                /* BLK_FACTS: its facts run on in one
	                            * band under the title ("Period 300 BC
	                            * \xc2\xb7 Terrain Arable \xc2\xb7 ...") */
	signed char *heat;         /* NULL, or per cell -1 (plain) or a
	                            * percentage for its shade */
	size_t heatcap;
	unsigned char *split;      /* NULL, or per cell 5 percentages of a
	                            * stacked bar (255: none) */
	size_t splitcap;
	size_t fold;               /* a column of names (an army's troop
	                            * types) that card_fold may move into
	                            * the last column; 0: none */
};

struct card {
	char *kind;                /* "army", "rules", "campaign" */
	char *id;                  /* army id, or "combat", "movement", ... */
	char *title;
	char *subtitle;            /* NULL: none */
	char *label;               /* names the card in a warning */
	int columns;               /* 1, or 2: blocks flow in two columns */
	char *file;                /* the army's file and line, or NULL */
	long line;
	struct card_block *b;
	size_t nb, capb;
};

void card_init(struct card *c, const char *kind, const char *id,
    const char *title);
void card_free(struct card *c);
struct card_block *card_block(struct card *c, enum block_kind k,
    const char *title, size_t ncols);
/* Set the header (BLK_TABLE): ncols strings. */
void block_head(struct card_block *b, ...);
/* Add a row of ncols strings (copied). */
void block_row(struct card_block *b, ...);
/* Add a row of ncols strings from v (NULL: empty). */
void block_rowv(struct card_block *b, const char *const *v);
const char *block_cell(const struct card_block *b, size_t row, size_t col);
/* Whether b is a table whose only wide column is its last (an army's
 * notes), which a tight fit sets below the table. */
bool block_notes_col(const struct card_block *b);
/* Shade a cell (of a row already added) by pct, 0 (red) to 100 (green);
 * block_heat_at: its percentage, or -1 for a plain cell. */
void block_heat(struct card_block *b, size_t row, size_t col, int pct);
int block_heat_at(const struct card_block *b, size_t row, size_t col);
/* The colour of a shade, r, g, b from 0 to 1: a grey ramp, light (0) to
 * darker (100), under which black text stays readable; the same in
 * colour and in grey print. */
void card_heat_rgb(int pct, double rgb[3]);
/* A stacked bar in a cell (of a row already added): five parts in
 * percent, drawn from the left, darkest first (the matchup card: the row
 * destroys, wins, draws, loses, is destroyed).  block_split_at: true
 * with the parts when the cell has one. */
#define CARD_SPLIT 5
void block_split(struct card_block *b, size_t row, size_t col,
    const int v[CARD_SPLIT]);
bool block_split_at(const struct card_block *b, size_t row, size_t col,
    int v[CARD_SPLIT]);
/* The grey of part k of a bar, 0 (black) to 1 (white). */
double card_split_grey(int k);
/* The tinted bands of a card: each section (a block with a title, or a
 * table with a head) has a colour of its own, in turn from CARD_TINTS,
 * for its title's band and its table's head row, as crib sheets set
 * their sections apart; the tints are light, of distinct grey values
 * (luma 0.73, 0.87, 0.79, 0.91), so that they are told apart in grey
 * print and black text reads on each; a table shaded on a grey ramp (the
 * matchup grid) is none, its head stays grey.  card_section: the tint of
 * block i of c, or -1 for a block without one; card_tint_rgb: its colour,
 * r, g, b from 0 to 1; k = CARD_TINT_STRIP: the facts strip's. */
#define CARD_TINTS 4
#define CARD_TINT_STRIP CARD_TINTS
int card_section(const struct card *c, size_t i);
void card_tint_rgb(int k, double rgb[3]);
/* The runs of a cell's text that the writers set apart: a confidence
 * or reconstruction sign right after a word or a figure ("SiS?",
 * "+1*", "destroyed\xe2\x80\xa0"), set as a superscript; an army id with a
 * slash ("II/8b"), never broken inside; else plain text. */
enum card_run { CARD_RUN_TEXT, CARD_RUN_SIGN, CARD_RUN_ID };
/* The length of the run of s that starts at s[i], its kind in *k. */
/* A copy of a fact's value s (free it) whose spaces hold it together
 * (no-break spaces), but after a comma or semicolon, where a list of
 * values may break: "DBA 3.0" and "280-272 BC" stay on one line. */
char *card_glue_value(const char *s);
size_t card_run(const char *s, size_t i, enum card_run *k);
/* A card too long for one page: each table's fold column (the names of
 * an army's troop types) goes to the front of its last column ("Knights:
 * general; ..."), which then gets the width; false when c has none. */
bool card_fold(struct card *c);
/* Drop the last block of c (a legend that does not fit). */
void card_drop_block(struct card *c);
/* The period of an army as the cards write it ("c. 300-200 BC"). */
void card_period(struct sbuf *b, const struct army *a, enum lang lang);

/* ---- the cards --------------------------------------------------- */

/* The card of one army: header facts, composition, one row per troop
 * type with count, factors, moves and notes from the rules table. */
void card_army(struct card *c, const struct army *a, const struct rules *r,
    enum lang lang);

/* The rules cards: combat (factors, tactical factors, support),
 * movement (moves, shooting, PIPs), outcomes (combat results). */
enum { RULES_COMBAT, RULES_MOVEMENT, RULES_OUTCOMES, RULES_NCARDS };
void card_rules(struct card *c, int which, const struct rules *r,
    enum lang lang);

/* The campaign cards, from the tables of lib/campaign/campaigntab: the
 * Catastrophe table, the Survival table with its damage columns by tech
 * level. */
enum { CAMP_CATASTROPHE, CAMP_SURVIVAL, CAMP_NCARDS };
void card_campaign(struct card *c, int which, const struct camptab *t,
    enum lang lang);

/* The matchup card: A's troop types (rows) against B's (columns), each
 * cell the five ways a close combat in good going ends for the row's type
 * (a stacked bar), the chances to destroy and to be destroyed, shaded by
 * the row's advantage (card/matchup.c, the combat odds). */
struct matchup;
void card_matchup(struct card *c, struct matchup *m, const struct rules *r,
    enum lang lang);

/* --legend: a line at the end of c with each troop abbreviation of a
 * German or Russian card that differs from its English code, mapped to
 * the code ("Ri = Kn, Re = Cv"); nothing on an English card. */
void card_legend(struct card *c, enum lang lang);

/* ---- writers ----------------------------------------------------- */

struct cardhtml;
struct card_fit;
struct cardhtml *cardhtml_new(FILE *fp, enum card_paper p, enum lang lang);
/* known: the fit of c a measurer like the writer's found (cardrun's,
 * so that a card is not measured twice), or NULL. */
void cardhtml_card(struct cardhtml *w, const struct card *c,
    const struct card_fit *known);
/* Close the document; -1 when a write failed. */
int cardhtml_finish(struct cardhtml *w);

/* lib/card/cardpdf.c (cairo and pango): one card per page, continued on
 * further pages with a warning when it does not fit; imposed, the pages
 * are A6 and go im to a sheet of paper p. */
struct cardpdf;
struct cardpdf *cardpdf_new(FILE *fp, enum card_paper p, enum card_impose im,
    enum lang lang);
void cardpdf_card(struct cardpdf *w, const struct card *c,
    const struct card_fit *known);
/* Imposed: how many cards the sheet being filled still takes (a new
 * sheet: all it has); 0 when not imposed. */
int cardpdf_sheet_room(const struct cardpdf *w);
/* Imposed: the cards of the sheets begun from now on are set in pt
 * points, which each sheet names in its margin. */
void cardpdf_sheet_pt(struct cardpdf *w, double pt);
/* How a card is set to fit one page: the type in points, tighter lines;
 * fits: false when even the smallest setting spills onto a second page.
 * For each block of the card, as the PDF lays it out in that fit:
 * whether its notes column goes below it (wrap: its first notes,
 * beside of them, each whole, in the room to its right, as text beside
 * a table floated left; the rest under it), and the mask of
 * its facts rows set together on one line (bit r: row r).  The HTML
 * writer sets its cards the same way, measured by a cardpdf_measurer,
 * which writes nothing and fits to a little less than the page. */
struct card_fit_block {
	bool notes_below;
	bool wrap;                 /* notes beside the table */
	size_t beside;             /* wrap: how many (the first), whole */
	double table;              /* wrap: the table's share of the width */
	unsigned long joined;
	double key;                /* facts: the key's share of the width */
};
struct card_fit {
	double pt;
	bool compact, narrow, fits;
	bool split;                /* notes beside and under a table */
	size_t step;               /* the fit tried (cardpdf.c's fits[]) */
	struct card_fit_block *b;  /* nb blocks; owned, grown by cardpdf_fit */
	size_t nb, capb;
};
struct cardpdf *cardpdf_measurer(enum card_paper p, enum lang lang);
/* A measurer with the pages of a PDF writer (no browser's slack); with
 * writer (a PDF writer, or a measurer), the texts one of them measures
 * are measured for both (it is finished before the writer). */
struct cardpdf *cardpdf_measurer_pdf(enum card_paper p,
    enum card_impose imp, enum lang lang, struct cardpdf *writer);
/* Fit c; f zeroed before the first call, then reused; card_fit_free
 * frees its blocks. */
void cardpdf_fit(struct cardpdf *w, const struct card *c, struct card_fit *f);
void card_fit_free(struct card_fit *f);
/* Finish the document; -1 when a write failed. */
int cardpdf_finish(struct cardpdf *w);
/* Free what cairo, pango and fontconfig keep (at exit). */
void cardpdf_cleanup(void);

#endif
