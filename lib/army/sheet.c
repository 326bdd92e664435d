/* Table carriers (pipe table, TSV, HTML rows): columns found by header,
 * data rows, continuation rows, navigation rows skipped. */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/lang.h"
#include "core/num.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "rules/troop.h"

#define MAX_COLS 64

/* The columns of a slot sheet that are no field of ours. */
enum slot_role { R_NONE, R_BOOK, R_VAR, R_GENERAL, R_SLOT, R_CHECK, R_TYPE };
#define MAX_SLOTS 12

/* The most bytes of one field of an army, continuation rows included
 * (armylist-parse(1)); the rest is reported and ignored. */
#define SHEET_FIELD_MAX ARMY_FIELD_MAX

struct sheet {
	const char *file;
	army_cb cb;
	void *ctx;
	int col[F_NFIELDS];          /* column of each field, -1: none */
	bool have_header;
	bool joint;                  /* the army cell holds the number too */
	bool open;                   /* an army is being collected */
	bool full;                   /* SHEET_FIELD_MAX reported for it */
	bool cut[F_NFIELDS];         /* the fields cut at SHEET_FIELD_MAX */
	bool bad;                    /* a bad reference: its rows are not read */
	struct armyseen *seen;       /* NULL: nothing reported nor noted */
	long line;                   /* its row's line */
	const char *lang;            /* of the names, by the header words */
	/* a sheet of one column per element slot: book, number and variant
	 * columns, a general column, slots 1 ... 12, check columns */
	bool slots;
	int role[MAX_COLS];          /* enum slot_role of each column */
	int slotno[MAX_COLS];        /* R_SLOT: its number */
	char ttype[MAX_COLS][8];     /* R_TYPE: the spelling it checks */
	struct sbuf book, var;       /* of the record being read */
	const char *word;            /* the header word header_field found */
	struct sbuf f[F_NFIELDS];
	struct srcmap map[F_NFIELDS];
	long fline[F_NFIELDS], fcol[F_NFIELDS];
	struct sbuf tmp;
	/* the columns without a field of ours: kept as notes */
	size_t nnotes;
	int ncol[MAX_COLS];
	char *nhead[MAX_COLS];
	struct sbuf nf[MAX_COLS];
};

/* The header words of each field, folded (str_fold); headers_lang
 * tells the language of those that have one. */
static const char *const headers[F_NFIELDS][14] = {
	[F_NUMBER] = { "nr", "nummer", "no", "ref", "id", "номер", "№",
	    NULL },
	[F_NAME] = { "armee", "bezeichnung", "name", "army", "армия",
	    "название", "army name", NULL },
	[F_DATES] = { "zeitraum", "zeit", "datum", "zeitliches auftreten",
	    "dates", "период", "даты", NULL },
	[F_SOURCES] = { "quellen", "literatur", "referenzen", "sources",
	    "источники", NULL },
	[F_DBM] = { "dbm", NULL },
	[F_ENEMIES] = { "gegner", "feinde", "enemies", "противники", "враги",
	    NULL },
	[F_ALLIES] = { "verbuendete", "alliierte", "allies", "союзники",
	    NULL },
	[F_TERRAIN] = { "gelaende", "terrain", "topography", "местность",
	    NULL },
	[F_AGGRESSION] = { "aggression", "aggressionsfaktor",
	    "agressionsfaktor", "agg", "агрессия", NULL },
	[F_ELEMENTS] = { "elemente", "zusammensetzung", "truppen",
	    "aufstellung", "elements", "list", "элементы", "войска",
	    "состав", NULL },
	[F_FILE] = { "file", NULL },
	[F_LANG] = { "lang", NULL },
	[F_FROM] = { "from", NULL },
	[F_TO] = { "to", NULL },
	[F_TEXT] = { "text", NULL },
	[F_INCOMPLETE] = { "incomplete", NULL },
	[F_NOTES] = { "notes", NULL },
	[F_PLAYER] = { "player", "spieler", "игрок", NULL },
	[F_YEAR] = { "year", "jahr", "год", NULL },
};

/* The language of a header word: English and German ones by these
 * lists, Cyrillic ones Russian, the others (id, dbm, aggression, the
 * columns of our TSV) none (-1). */
static int
headers_lang(const char *w)
{
	static const char *const en[] = { "no", "ref", "name", "army",
	    "dates", "sources", "enemies", "allies", "terrain", "topography",
	    "agg", "elements", "list", NULL };
	static const char *const de[] = { "nr", "nummer", "armee",
	    "bezeichnung", "zeitraum", "zeit", "datum",
	    "zeitliches auftreten", "quellen", "literatur", "referenzen",
	    "gegner", "feinde", "verbuendete", "alliierte", "gelaende",
	    "aggressionsfaktor", "agressionsfaktor", "elemente",
	    "zusammensetzung", "truppen", "aufstellung", NULL };
	int k;

	if ((unsigned char)w[0] >= 0x80)
		return LANG_RU;
	for (k = 0; en[k] != NULL; k++)
		if (strcmp(w, en[k]) == 0)
			return LANG_EN;
	for (k = 0; de[k] != NULL; k++)
		if (strcmp(w, de[k]) == 0)
			return LANG_DE;
	return -1;
}

struct sheet *
sheet_new(const char *file, army_cb cb, void *ctx)
{
	struct sheet *sh = xcalloc(1, sizeof *sh);
	int i;

	sh->file = file;
	sh->cb = cb;
	sh->ctx = ctx;
	sh->lang = "de";
	for (i = 0; i < F_NFIELDS; i++)
		sh->col[i] = -1;
	return sh;
}

void
sheet_track(struct sheet *sh, struct armyseen *seen)
{
	sh->seen = seen;
}

void
sheet_free(struct sheet *sh)
{
	int i;

	if (sh == NULL)
		return;
	for (i = 0; i < F_NFIELDS; i++) {
		sbuf_free(&sh->f[i]);
		srcmap_free(&sh->map[i]);
	}
	sbuf_free(&sh->tmp);
	sbuf_free(&sh->book);
	sbuf_free(&sh->var);
	for (i = 0; i < MAX_COLS; i++) {
		free(sh->nhead[i]);
		sbuf_free(&sh->nf[i]);
	}
	free(sh);
}

/* Append s to b with its runs of blanks as one space. */
static void
collapse(struct sbuf *b, const char *s, size_t n)
{
	size_t i, len = b->len;
	bool blank = false;
	char *o = sbuf_room(b, n) - len;      /* it writes at most n */

	for (i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' ||
		    s[i] == '\r') {
			blank = true;
			continue;
		}
		if (blank && len > 0)
			o[len++] = ' ';
		blank = false;
		o[len++] = s[i];
	}
	b->len = len;
	o[len] = '\0';
}

/* The field a header cell names, or -1. */
static int
header_field(struct sheet *sh, const struct cell *c)
{
	const char *s;
	size_t n;
	int f, k;

	str_fold(&sh->tmp, c->s, c->n);
	s = sbuf_str(&sh->tmp);
	n = sh->tmp.len;
	while (n > 0 && (s[n - 1] == '.' || s[n - 1] == ':' ||
	    s[n - 1] == ' '))
		n--;
	for (f = 0; f < F_NFIELDS; f++)
		for (k = 0; headers[f][k] != NULL; k++)
			if (strlen(headers[f][k]) == n &&
			    memcmp(headers[f][k], s, n) == 0) {
				sh->word = headers[f][k];
				return f;
			}
	return -1;
}

/* The header word within a typo of a cell that names no field: one
 * edit for short words, two for longer ones; NULL if none. */
static const char *
header_near(struct sheet *sh, const struct cell *c)
{
	const char *s = c->s;
	size_t n = c->n;
	int f, k, d, max;

	str_trim(&s, &n);
	/* a troop code is a count column of a sheet (Lit, LH), never a
	 * typo of a header word */
	if (n < 3 || n > 40 || troop_find(s, n) != NULL)
		return NULL;
	str_fold(&sh->tmp, s, n);
	max = sh->tmp.len <= 4 ? 1 : 2;
	for (f = 0; f < F_NFIELDS; f++)
		for (k = 0; headers[f][k] != NULL; k++) {
			if (strlen(headers[f][k]) < 3)
				continue;
			d = str_editdist(sbuf_str(&sh->tmp), headers[f][k], max);
			if (d > 0 && d <= max)
				return headers[f][k];
		}
	return NULL;
}

/* Does the folded text s hold the word w (a whole word: letters and
 * digits, bytes of other scripts counted as letters)? */
static bool
has_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = s; (p = strstr(p, w)) != NULL; p++) {
		unsigned char b = p == s ? ' ' : (unsigned char)p[-1];
		unsigned char a = (unsigned char)p[n];

		if (!(b >= 0x80 || (b >= 'a' && b <= 'z') || (b >= '0' &&
		    b <= '9')) && !(a >= 0x80 || (a >= 'a' && a <= 'z') ||
		    (a >= '0' && a <= '9')))
			return true;
	}
	return false;
}

/* A form's questions as headers, "Army (book number)", "Army list",
 * "Your name" (a web form's export): the field whose word a cell holds
 * among others, -1 when none.  Only read when no cell names a number
 * column whole; a name without "army" is then the player's. */
static int
header_words(struct sheet *sh, const struct cell *c)
{
	/* in this order: "Army (book number)" is the number, "Army list"
	 * the elements, "Army name" the name, "Your name" the player */
	static const struct {
		const char *w;
		int f;
	} words[] = {
		{ "nr", F_NUMBER }, { "no", F_NUMBER }, { "number", F_NUMBER },
		{ "nummer", F_NUMBER }, { "ref", F_NUMBER },
		{ "reference", F_NUMBER }, { "id", F_NUMBER },
		{ "номер", F_NUMBER },
		{ "list", F_ELEMENTS }, { "liste", F_ELEMENTS },
		{ "armeeliste", F_ELEMENTS }, { "armylist", F_ELEMENTS },
		{ "aufstellung", F_ELEMENTS }, { "elements", F_ELEMENTS },
		{ "elemente", F_ELEMENTS }, { "troops", F_ELEMENTS },
		{ "truppen", F_ELEMENTS }, { "список", F_ELEMENTS },
		{ "элементы", F_ELEMENTS }, { "войска", F_ELEMENTS },
		{ "player", F_PLAYER }, { "spieler", F_PLAYER },
		{ "игрок", F_PLAYER },
		{ "army", F_NAME }, { "armee", F_NAME }, { "армия", F_NAME },
		{ "name", F_PLAYER }, { "имя", F_PLAYER },
		{ "year", F_YEAR }, { "jahr", F_YEAR }, { "год", F_YEAR },
	};
	const char *s;
	size_t k;

	str_fold(&sh->tmp, c->s, c->n);
	s = sbuf_str(&sh->tmp);
	for (k = 0; k < sizeof words / sizeof words[0]; k++)
		if (has_word(s, words[k].w))
			return words[k].f;
	return -1;
}

/* Are the cells of a row short, as a header's are (at most 40 bytes and
 * four words each, two cells at least)? */
static bool
short_cells(const struct cell *cells, size_t n)
{
	size_t i, k, words, full = 0;

	for (i = 0; i < n; i++) {
		if (cells[i].n > 40)
			return false;
		for (k = words = 0; k < cells[i].n; k++)
			if (cells[i].s[k] != ' ' && (k == 0 ||
			    cells[i].s[k - 1] == ' '))
				words++;
		if (words > 4)
			return false;
		full += words > 0;
	}
	return full >= 2;
}

/* The columns of a form's header (header_words): a number and an
 * element column at least, else none; *joint when the number is in the
 * army (name) column. */
static int
form_header(struct sheet *sh, const struct cell *cells, size_t n,
    int col[F_NFIELDS], bool *joint)
{
	int found = 0, f;
	size_t i;

	for (f = 0; f < F_NFIELDS; f++)
		col[f] = -1;
	for (i = 0; i < n && i < MAX_COLS; i++)
		if ((f = header_words(sh, &cells[i])) >= 0 && col[f] < 0) {
			col[f] = (int)i;
			found++;
		}
	if (col[F_NUMBER] < 0 && col[F_NAME] >= 0 && col[F_ELEMENTS] >= 0 &&
	    short_cells(cells, n)) {
		/* "Army": "II/56 Early Imperial Roman", "Marian (II/49)" */
		col[F_NUMBER] = col[F_NAME];
		*joint = true;
		found++;
	}
	return col[F_NUMBER] >= 0 && col[F_ELEMENTS] >= 0 ? found : 0;
}

/* The reference in an army cell that holds the name too (sh->joint):
 * a word that is a reference with its book, bare or in brackets ("II/56
 * Early Imperial Roman", "Marian Roman (II/49)"): true, *at and *len
 * the reference, *wb and *we the word (with its brackets). */
static bool
joint_id(const struct cell *c, size_t *at, size_t *len, size_t *wb,
    size_t *we)
{
	const char *s = c->s;
	size_t n = c->n, b = 0, e, i, k;

	while (b < n) {
		while (b < n && (s[b] == ' ' || s[b] == ',' || s[b] == '\t'))
			b++;
		for (e = b; e < n && s[e] != ' ' && s[e] != ',' &&
		    s[e] != '\t'; e++)
			;
		i = b;
		k = e;
		if (k > i && s[i] == '(')
			i++;
		while (k > i && (s[k - 1] == ')' || s[k - 1] == '.' ||
		    s[k - 1] == ':' || s[k - 1] == ';'))
			k--;
		if (k > i && memchr(s + i, '/', k - i) != NULL &&
		    army_is_id(s + i, k - i)) {
			*at = i;
			*len = k - i;
			*wb = b;
			*we = e;
			return true;
		}
		b = e;
	}
	return false;
}

/* A row of cells that is no header: the first one (or the first with a
 * near miss) is kept for the error when no army is read. */
static void
note_cells(struct sheet *sh, const struct cell *cells, size_t n)
{
	struct armyseen *sn = sh->seen;
	const char *near = NULL, *s;
	size_t i, k, len, nb = 0, at = 0;
	bool known = false;

	if (sn == NULL || (sn->hline > 0 && sn->near.len > 0))
		return;
	for (i = 0; i < n; i++)
		if (!str_blank(cells[i].s, cells[i].n)) {
			/* data or prose, not column names */
			if (cells[i].n > 40 || memchr(cells[i].s, '"',
			    cells[i].n) != NULL || memchr(cells[i].s, '=',
			    cells[i].n) != NULL)
				return;
			nb++;
		}
	for (at = 0; at < n && near == NULL; at++) {
		if (header_field(sh, &cells[at]) >= 0)
			known = true;
		else if ((near = header_near(sh, &cells[at])) != NULL)
			break;
	}
	if (nb < 2 || (nb < 3 && !known && near == NULL) ||
	    (sn->hline > 0 && near == NULL))
		return;
	sn->hline = cells[0].line;
	sbuf_reset(&sn->hwords);
	sbuf_reset(&sn->near);
	sbuf_add(&sn->hwords, "", 0);
	for (k = 0, i = 0; k < n && i < 8; k++) {
		s = cells[k].s;
		len = cells[k].n;
		str_trim(&s, &len);
		if (len == 0)
			continue;
		sbuf_adds(&sn->hwords, i++ > 0 ? ", '" : "'");
		len = len > 24 ? 24 : len;
		str_trim(&s, &len);
		utf8_sanitize(&sn->hwords, s, len);
		sbuf_addc(&sn->hwords, '\'');
	}
	if (near != NULL) {
		s = cells[at].s;
		len = cells[at].n;
		str_trim(&s, &len);
		sbuf_adds(&sn->near, " (did you mean '");
		sbuf_addc(&sn->near, (char)(near[0] - 32));
		sbuf_adds(&sn->near, near + 1);
		sbuf_adds(&sn->near, "' for '");
		utf8_sanitize(&sn->near, s, len);
		sbuf_adds(&sn->near, "'?)");
	}
}

/* The columns of a header without a field of ours (or a second one for
 * a field) become notes, named by their header. */
static void
note_columns(struct sheet *sh, const struct cell *cells, size_t n)
{
	const char *s;
	size_t i, len;
	int f;

	for (i = 0; i < sh->nnotes; i++) {
		free(sh->nhead[i]);
		sh->nhead[i] = NULL;    /* sheet_free frees every slot */
	}
	sh->nnotes = 0;
	for (i = 0; i < n && i < MAX_COLS; i++) {
		for (f = 0; f < F_NFIELDS && sh->col[f] != (int)i; f++)
			;
		if (sh->slots && sh->role[i] != R_NONE)
			continue;       /* read as slots and checks */
		s = cells[i].s;
		len = cells[i].n;
		str_trim(&s, &len);
		if (f < F_NFIELDS || len == 0)
			continue;
		sbuf_reset(&sh->tmp);
		collapse(&sh->tmp, s, len);
		sh->ncol[sh->nnotes] = (int)i;
		sh->nhead[sh->nnotes++] = xstrdup(sbuf_str(&sh->tmp));
	}
}

/* The role of a header cell of a slot sheet; *slot the number of a
 * slot column. */
static int
slot_role(struct sheet *sh, const struct cell *c, int *slot, char *type)
{
	const char *s = c->s;
	size_t n = c->n, i;
	long v;

	str_trim(&s, &n);
	for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		;
	if (n > 0 && i == n) {
		for (v = 0, i = 0; i < n && v <= MAX_SLOTS; i++)
			v = v * 10 + (s[i] - '0');
		*slot = (int)v;
		return v >= 1 && v <= MAX_SLOTS ? R_SLOT : R_NONE;
	}
	if (n > 0 && n < 8 && troop_find(s, n) != NULL) {
		memcpy(type, s, n);
		type[n] = '\0';
		return R_TYPE;
	}
	str_fold(&sh->tmp, s, n);
	s = sbuf_str(&sh->tmp);
	if (strcmp(s, "book") == 0 || strcmp(s, "buch") == 0)
		return R_BOOK;
	if (strcmp(s, "var") == 0 || strcmp(s, "variant") == 0 ||
	    strcmp(s, "variante") == 0)
		return R_VAR;
	if (strcmp(s, "general") == 0 || strcmp(s, "feldherr") == 0 ||
	    strcmp(s, "befehlshaber") == 0)
		return R_GENERAL;
	if (strcmp(s, "check") == 0)
		return R_CHECK;
	return R_NONE;
}

/* A header with a book, a general and a slot column makes a slot
 * sheet: the roles of its columns in role[] and slotno[]. */
static bool
slot_header(struct sheet *sh, const struct cell *cells, size_t n,
    int *role, int *slotno, char (*type)[8])
{
	bool book = false, general = false, slot = false;
	size_t i;

	for (i = 0; i < n && i < MAX_COLS; i++) {
		slotno[i] = 0;
		type[i][0] = '\0';
		role[i] = slot_role(sh, &cells[i], &slotno[i], type[i]);
		book |= role[i] == R_BOOK;
		general |= role[i] == R_GENERAL;
		slot |= role[i] == R_SLOT;
	}
	return book && general && slot;
}

static bool
try_header(struct sheet *sh, const struct cell *cells, size_t n)
{
	int col[F_NFIELDS], f, found = 0, votes[LANG_N] = { 0 }, l;
	int role[MAX_COLS] = { 0 }, slotno[MAX_COLS] = { 0 };
	char type[MAX_COLS][8];
	bool slots = slot_header(sh, cells, n, role, slotno, type);
	bool joint = false;
	size_t i;

	for (f = 0; f < F_NFIELDS; f++)
		col[f] = -1;
	for (i = 0; i < n && i < MAX_COLS; i++) {
		if (slots && role[i] != R_NONE)
			continue;
		f = header_field(sh, &cells[i]);
		/* a slot sheet's "Army" is the list number */
		if (slots && f == F_NAME && strcmp(sh->word, "army") == 0)
			f = F_NUMBER;
		if (f >= 0 && (l = headers_lang(sh->word)) >= 0)
			votes[l]++;
		/* the columns only our TSV has count as written there; a
		 * sheet's "Notes" or "Text" column is a note of its own */
		if (f >= F_FILE && !(cells[i].n == strlen(headers[f][0]) &&
		    memcmp(cells[i].s, headers[f][0], cells[i].n) == 0))
			f = -1;
		if (f >= 0 && col[f] < 0) {
			col[f] = (int)i;
			found++;
		}
	}
	if (col[F_NUMBER] < 0 && !slots)
		found = form_header(sh, cells, n, col, &joint);
	if (found < 2 || col[F_NUMBER] < 0 ||
	    (col[F_NAME] < 0 && col[F_ELEMENTS] < 0))
		return false;
	sheet_flush(sh);
	/* the names are in the language most header words are in; German,
	 * that of the sheets bellis began with, when none has more */
	sh->lang = "de";
	if (votes[LANG_EN] > votes[LANG_DE] && votes[LANG_EN] >= votes[LANG_RU])
		sh->lang = "en";
	else if (votes[LANG_RU] > votes[LANG_DE] &&
	    votes[LANG_RU] > votes[LANG_EN])
		sh->lang = "ru";
	memcpy(sh->col, col, sizeof col);
	sh->joint = joint;
	sh->slots = slots;
	memcpy(sh->role, role, sizeof role);
	memcpy(sh->slotno, slotno, sizeof slotno);
	memcpy(sh->ttype, type, sizeof type);
	note_columns(sh, cells, n);
	sh->have_header = true;
	sh->bad = false;
	if (sh->seen != NULL) {
		sh->seen->started = true;
		if (sh->seen->header == 0)
			sh->seen->header = cells[0].line;
	}
	return true;
}

bool
sheet_header(struct sheet *sh, const struct cell *cells, size_t n)
{
	if (try_header(sh, cells, n))
		return true;
	note_cells(sh, cells, n);
	return false;
}

static bool
ends_joined(const struct sbuf *b)
{
	size_t n = b->len;

	while (n > 0 && b->s[n - 1] == ' ')
		n--;
	if (n == 0)
		return true;
	if (strchr(",+(/", b->s[n - 1]) != NULL)
		return true;
	return (n >= 2 && str_ieq(b->s + n - 2, 2, "or")) ||
	    (n >= 4 && str_ieq(b->s + n - 4, 4, "oder")) ||
	    (n >= 3 && str_ieq(b->s + n - 3, 3, "und"));
}

size_t
army_field_fit(const char *s, size_t n, size_t max)
{
	if (max >= n)
		return n;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

static void
append(struct sheet *sh, int f, const struct cell *c)
{
	const char *s = c->s;
	size_t n = c->n, lead;
	struct sbuf *b = &sh->f[f];

	lead = (size_t)(s - c->s);
	str_trim(&s, &n);
	lead = (size_t)(s - c->s);
	if (n == 0)
		return;
	if (sh->cut[f])
		return;
	if (b->len + n + 2 > SHEET_FIELD_MAX) {
		/* keep what fits, cut at a character, report the rest */
		if (!sh->full)
			DIAG(SHEET_FIELD_TOO_LONG, c->line, 0,
			    sbuf_str(&sh->f[F_NUMBER]), SHEET_FIELD_MAX);
		sh->full = sh->cut[f] = true;
		n = army_field_fit(s, n, b->len + 2 < SHEET_FIELD_MAX ?
		    SHEET_FIELD_MAX - b->len - 2 : 0);
		if (n == 0)
			return;
	}
	if (b->len > 0)
		sbuf_adds(b, f == F_NAME || ends_joined(b) ? " " : ", ");
	if (sh->map[f].n == 0) {
		sh->fline[f] = c->line;
		sh->fcol[f] = c->col > 0 ? c->col + (long)lead : 0;
	}
	srcmap_add(&sh->map[f], b->len, c->line,
	    c->col > 0 ? c->col + (long)lead : 0);
	sbuf_add(b, s, n);
}

/* A year of the from and to columns. */
static bool
year(const struct sbuf *b, long *y)
{
	char *end;

	if (b->len == 0 || b->len > 8)
		return false;
	*y = strtol(b->s, &end, 10);
	return *end == '\0' && *y >= -100000 && *y <= 100000;
}

/* The fields of our own TSV, and the notes. */
static void
more_fields(struct sheet *sh, struct army *a)
{
	struct sbuf *b = sh->f;
	const char *s, *e, *end;
	size_t i;

	if (b[F_FILE].len > 0) {
		free(a->file);
		a->file = xstrdup(b[F_FILE].s);
	}
	if (army_lang(b[F_LANG].s, b[F_LANG].len) != NULL)
		a->name_lang = army_lang(b[F_LANG].s, b[F_LANG].len);
	/* from and to stand for the dates when the text is none */
	if (!a->period_ok && year(&b[F_FROM], &a->from) &&
	    year(&b[F_TO], &a->to)) {
		struct sbuf t = {0};

		if (a->period == NULL) {
			sbuf_printf(&t, "%ld - %ld", a->from, a->to);
			a->period = t.s;
		}
		a->period_ok = true;
	}
	if (b[F_INCOMPLETE].len > 0)
		a->incomplete = strcmp(b[F_INCOMPLETE].s, "yes") == 0;
	for (i = 0; i < sh->nnotes; i++)
		if (sh->nf[i].len > 0)
			army_add_note(a, sh->nhead[i], strlen(sh->nhead[i]),
			    sh->nf[i].s, sh->nf[i].len);
	/* our notes column: "COLUMN: text" lines, escaped as armyout
	 * writes them */
	s = sbuf_str(&b[F_NOTES]);
	end = s + b[F_NOTES].len;
	for (; s < end; s = e + 1) {
		if ((e = memchr(s, '\n', (size_t)(end - s))) == NULL)
			e = end;
		if (e > s)
			army_note_line(a, s, (size_t)(e - s), "notes");
	}
}

/* Empty the fields of the record read. */
static void
reset_record(struct sheet *sh)
{
	int f;

	for (f = 0; f < F_NFIELDS; f++) {
		sbuf_reset(&sh->f[f]);
		srcmap_reset(&sh->map[f]);
	}
	for (f = 0; f < (int)sh->nnotes; f++)
		sbuf_reset(&sh->nf[f]);
	sbuf_reset(&sh->book);
	sbuf_reset(&sh->var);
}

/* The id of a record: its number, on a slot sheet with the book (1-4:
 * I-IV) before it and the variant after it (1, 1, b: I/1b). */
static char *
slot_id(struct sheet *sh)
{
	static const char *const books[] = { "I", "II", "III", "IV" };
	const char *num = sbuf_str(&sh->f[F_NUMBER]);
	struct sbuf id = {0};

	if (!sh->slots || sh->book.len != 1 || sh->book.s[0] < '1' ||
	    sh->book.s[0] > '4')
		return xstrdup(num);
	sbuf_printf(&id, "%s/%s%s", books[sh->book.s[0] - '1'], num,
	    sbuf_str(&sh->var));
	return id.s;
}

/* The most of a slot sheet's name cell its dates may take: each try of
 * a place is read to the end of the cell, so that the tries of a long
 * name cost linear time (DATE_MAX_RANGES ranges of 32 bytes). */
#define SLOT_DATES_MAX (DATE_MAX_RANGES * 32)

/* A slot sheet's name cell, or an army cell that holds the reference
 * with the name, holds the dates at its end ("Early Sumerian Army
 * 2799-2334 BC"): they go to the dates field when it has none. */
static void
slot_name_dates(struct sheet *sh)
{
	struct sbuf *name = &sh->f[F_NAME], *dates = &sh->f[F_DATES];
	struct date_ranges r;
	size_t i, n = name->len, br;

	if (!(sh->slots || sh->joint) || dates->len > 0 || n == 0)
		return;
	for (i = n > SLOT_DATES_MAX ? n - SLOT_DATES_MAX : 1; i < n; i++) {
		/* "(852-1014 AD)": the dates in brackets */
		br = name->s[i] == '(' && name->s[n - 1] == ')' && i + 2 < n;
		if (name->s[i - 1] != ' ' || name->s[i + br] < '0' ||
		    name->s[i + br] > '9')
			continue;
		if (date_parse_ranges(name->s + i + br, n - i - 2 * br, &r) < 0)
			continue;
		sbuf_add(dates, name->s + i + br, n - i - 2 * br);
		sh->fline[F_DATES] = sh->fline[F_NAME];
		sh->fcol[F_DATES] = sh->fcol[F_NAME] > 0 ? sh->fcol[F_NAME] +
		    (long)i : 0;
		while (i > 0 && name->s[i - 1] == ' ')
			i--;
		name->len = i;
		name->s[i] = '\0';
		date_name_ranges(name, dates);
		return;
	}
}

bool
sheet_has_header(const struct sheet *sh)
{
	return sh->have_header;
}

void
sheet_flush(struct sheet *sh)
{
	struct army a;
	struct sbuf *b = sh->f;

	if (!sh->open)
		return;
	sh->open = false;
	army_init(&a);
	a.id = slot_id(sh);
	slot_name_dates(sh);
	a.file = xstrdup(sh->file);
	a.line = sh->line;
	a.name = xstrdup(sbuf_str(&b[F_NAME]));
	a.name_lang = sh->lang;
	/* a sheet with German headings is of the 1.x lists (Armeelisten):
	 * its carrier says dba1 */
	if (strcmp(sh->lang, "de") == 0) {
		a.rules = "dba1";
		a.rules_from = "carrier";
	}
	if (b[F_DATES].len > 0)
		army_set_period(&a, b[F_DATES].s, b[F_DATES].len,
		    sh->fline[F_DATES], sh->fcol[F_DATES]);
	if (b[F_SOURCES].len > 0)
		army_set_sources(&a, b[F_SOURCES].s, b[F_SOURCES].len);
	if (b[F_DBM].len > 0) {
		free(a.dbm);
		a.dbm = xstrdup(b[F_DBM].s);
	}
	if (b[F_PLAYER].len > 0)
		a.player = xstrdup(b[F_PLAYER].s);
	if (b[F_YEAR].len > 0)
		army_set_year(&a, b[F_YEAR].s, b[F_YEAR].len,
		    sh->fline[F_YEAR], sh->fcol[F_YEAR]);
	if (b[F_TERRAIN].len > 0)
		a.terrain = xstrdup(b[F_TERRAIN].s);
	if (b[F_AGGRESSION].len > 0)
		army_set_aggression(&a, b[F_AGGRESSION].s,
		    b[F_AGGRESSION].len, sh->fline[F_AGGRESSION],
		    sh->fcol[F_AGGRESSION]);
	/* at their cells: the warnings about a fragment name the place, and
	 * allies joined by "or" keep their joins, as in list text */
	army_refs_at(&a, false, sbuf_str(&b[F_ENEMIES]), b[F_ENEMIES].len,
	    sh->fline[F_ENEMIES], sh->fcol[F_ENEMIES]);
	if (sh->col[F_ALLIES] >= 0) {
		army_refs_at(&a, true, sbuf_str(&b[F_ALLIES]), b[F_ALLIES].len,
		    sh->fline[F_ALLIES], sh->fcol[F_ALLIES]);
		a.has_allies = a.nallies > 0;
	}
	{
		/* the text attribute: as written (our TSV), else the
		 * elements with blanks collapsed */
		struct sbuf t = {0};
		int tf = sh->col[F_TEXT] >= 0 ? F_TEXT : F_ELEMENTS;

		collapse(&t, b[tf].s, b[tf].len);
		a.elements_text = t.s;
	}
	more_fields(sh, &a);
	if (b[F_ELEMENTS].len == 0)
		DIAG(NO_ELEMENTS, sh->line, 0, a.id);
	else {
		int lost;

		elements_parse(&a.list, b[F_ELEMENTS].s, b[F_ELEMENTS].len,
		    &sh->map[F_ELEMENTS], &lost);
		a.incomplete = lost > 0 || sh->cut[F_ELEMENTS] ||
		    a.incomplete;
	}
	sh->cb(sh->ctx, &a);
	army_free(&a);
	reset_record(sh);
}

static bool
has_letter(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
		    (unsigned char)s[i] >= 0x80)
			return true;
	return false;
}

/* A row that starts no army.  A number cell that looks like a mistyped
 * reference starts a record that is reported; other rows are titles and
 * navigation unless they hold elements, a cell with a letter in that
 * column (the name column when there is none). */
static void
not_read(struct sheet *sh, const struct cell *cells, size_t n,
    const char *num, size_t len)
{
	const struct cell *c = &cells[sh->col[F_NUMBER] < (int)n ?
	    sh->col[F_NUMBER] : 0];
	int key = sh->col[F_ELEMENTS] >= 0 ? sh->col[F_ELEMENTS] :
	    sh->col[F_NAME];
	struct sbuf q = {0};
	size_t cut = 0, k;

	if (sh->seen == NULL)
		return;
	if (num != NULL && army_like_id(num, len, true)) {
		utf8_sanitize(&q, num, len);
		DIAG(BAD_REFERENCE, c->line,
		    c->col > 0 ? c->col + (long)(num - c->s) : 0, q.s);
		sh->bad = true;
	} else if (key >= 0 && (size_t)key < n &&
	    has_letter(cells[key].s, cells[key].n)) {
		if (len == 0) {
			DIAG(ROW_NOT_READ, cells[key].line, 0,
			    "it continues no army (the row before it is blank or not read)");
		} else {
			/* 24 bytes at most, on a character boundary */
			while (cut < len && (k = utf8_seqlen(num + cut,
			    len - cut)) <= 24 - cut)
				cut += k;
			sbuf_adds(&q, "'");
			utf8_sanitize(&q, num, cut);
			sbuf_adds(&q, "' is no army number");
			DIAG(ROW_NOT_READ, c->line, c->col > 0 ?
			    c->col + (long)(num - c->s) : 0, q.s);
		}
	}
	sbuf_free(&q);
}

/* The cells of the note columns, blanks collapsed, continuation rows
 * joined by a blank. */
static void
append_notes(struct sheet *sh, const struct cell *cells, size_t n)
{
	const char *s;
	size_t i, len;
	struct sbuf *b;

	for (i = 0; i < sh->nnotes; i++) {
		if ((size_t)sh->ncol[i] >= n)
			continue;
		s = cells[sh->ncol[i]].s;
		len = cells[sh->ncol[i]].n;
		str_trim(&s, &len);
		b = &sh->nf[i];
		if (len > 0 && b->len + len + 1 > SHEET_FIELD_MAX) {
			if (!sh->full)
				DIAG(SHEET_FIELD_TOO_LONG,
				    cells[sh->ncol[i]].line, 0,
				    sbuf_str(&sh->f[F_NUMBER]),
				    SHEET_FIELD_MAX);
			sh->full = true;
			len = army_field_fit(s, len,
			    b->len + 1 < SHEET_FIELD_MAX ?
			    SHEET_FIELD_MAX - b->len - 1 : 0);
		}
		if (len == 0)
			continue;
		if (b->len > 0)
			sbuf_addc(b, ' ');
		collapse(b, s, len);
	}
}

static bool
is_data(const struct cell *c)
{
	const char *s = c->s;
	size_t n = c->n;

	str_trim(&s, &n);
	return army_is_id(s, n);
}

/* Append the text t[0..n) at cell c to the elements, with pre and post
 * around it (the count and the general mark a slot sheet leaves out). */
static void
slot_add(struct sheet *sh, const struct cell *c, const char *pre,
    const char *t, size_t n, const char *post)
{
	struct sbuf *b = &sh->f[F_ELEMENTS];
	long col = c->col > 0 ? c->col + (long)(t - c->s) : 0;

	if (b->len > 0)
		sbuf_adds(b, ", ");
	if (sh->map[F_ELEMENTS].n == 0) {
		sh->fline[F_ELEMENTS] = c->line;
		sh->fcol[F_ELEMENTS] = col;
	}
	srcmap_add(&sh->map[F_ELEMENTS], b->len, c->line, col);
	sbuf_adds(b, pre);
	srcmap_add(&sh->map[F_ELEMENTS], b->len, c->line, col);
	sbuf_add(b, t, n);
	sbuf_adds(b, post);
}

/* Where the alternative of the general cell g[0..n) that starts at i
 * ends: at " or ", or at a '/' after a letter ("3Bd/4Bw", "LCh/4Bd": the
 * grammar's choice; "3/4Pk" is figures, "3Kn//4Bd" one dismounting
 * troop); *sep is the separator's length (0 at the end). */
static size_t
general_alt_end(const char *g, size_t n, size_t i, size_t *sep)
{
	size_t e;

	for (e = i; e < n; e++) {
		if (e + 4 <= n && str_ieq(g + e, 4, " or ")) {
			*sep = 4;
			return e;
		}
		if (g[e] == '/' && e > i && (((g[e - 1] | 0x20) >= 'a' &&
		    (g[e - 1] | 0x20) <= 'z') || (unsigned char)g[e - 1] >= 0x80) &&
		    !(e + 1 < n && g[e + 1] == '/') && g[e - 1] != '/') {
			*sep = 1;
			return e;
		}
		if (g[e] == '/' && e + 1 < n && g[e + 1] == '/')
			e++;
	}
	*sep = 0;
	return n;
}

/* Where the troop's name starts in the alternative g[i..e): after a
 * count ("1x"), figures ("3/4"), blanks and "Mtd-" (mounted infantry). */
static size_t
general_alt_troop(const char *g, size_t i, size_t e)
{
	size_t k = i;

	while (k < e && g[k] == ' ')
		k++;
	while (k < e && g[k] >= '0' && g[k] <= '9')
		k++;
	if (k > i && k < e && (g[k] == 'x' || g[k] == 'X'))
		k++;
	else
		k = i;
	for (;;) {
		while (k < e && ((g[k] >= '0' && g[k] <= '9') ||
		    g[k] == '/' || g[k] == ' '))
			k++;
		if (k + 4 <= e && str_ieq(g + k, 4, "mtd-"))
			k += 4;
		else
			return k;
	}
}

/* Whether the general cell g[0..n) spells troop w (NULL: none) among its
 * alternatives (4Pk or 3Bd or HCh: Pk, Bd, HCh; LCh or 3Bd/4Bw: LCh, Bd,
 * Bw); *types counts the troop types it names, each once (3Kn or 4Kn:
 * one, Kn), as a list sheet's Check column does. */
static bool
general_names(const char *g, size_t n, const char *w, long *types)
{
	enum { MAX_TYPES = 32 };
	size_t i = 0, end, e, k, sep, at[MAX_TYPES], len[MAX_TYPES], j;
	bool named = false;

	*types = 0;
	while (i < n) {
		e = end = general_alt_end(g, n, i, &sep);
		k = general_alt_troop(g, i, e);
		while (e > k && g[e - 1] == ' ')
			e--;
		if (w != NULL && e - k == strlen(w) &&
		    memcmp(g + k, w, e - k) == 0)
			named = true;
		for (j = 0; j < (size_t)*types && (j >= MAX_TYPES ||
		    len[j] != e - k || memcmp(g + at[j], g + k, e - k) != 0);
		    j++)
			;
		if (j == (size_t)*types) {
			if (j < MAX_TYPES) {
				at[j] = k;
				len[j] = e - k;
			}
			++*types;
		}
		i = end + (sep > 0 ? sep : 1);
	}
	return named;
}

/* The check columns of a slot sheet against its general cell: Check the
 * number of its alternatives, a type column 1 for each type among
 * them and 0 for the others. */
static void
slot_checks(struct sheet *sh, const struct cell *cells, size_t n,
    const struct cell *gen)
{
	const char *g = gen != NULL ? gen->s : "", *v;
	size_t gn = gen != NULL ? gen->n : 0, vn, i;
	long alts, want;
	bool named;

	str_trim(&g, &gn);
	for (i = 0; i < n && i < MAX_COLS; i++) {
		v = cells[i].s;
		vn = cells[i].n;
		str_trim(&v, &vn);
		if (vn == 0 || (sh->role[i] != R_CHECK && sh->role[i] != R_TYPE))
			continue;
		if (num_long(v, vn, 0, 1000, &want) < 0)
			continue;
		if (sh->role[i] == R_CHECK) {
			(void)general_names(g, gn, NULL, &alts);
			if (gn > 0 && alts != want)
				DIAG(SHEET_CHECK_COLUMN, cells[i].line,
				    cells[i].col, "Check", (int)vn, v, (int)gn, g,
				    diag_tail("names %ld troop %s", alts,
				    alts == 1 ? "type" : "types"));
			continue;
		}
		named = general_names(g, gn, sh->ttype[i], &alts);
		if (gn > 0 && (want > 0) != named)
			DIAG(SHEET_CHECK_COLUMN, cells[i].line, cells[i].col,
			    sh->ttype[i], (int)vn, v, (int)gn, g, named ?
			    "names it" : "does not name it");
	}
}

/* Whether a cell starts with a count ("1x", "2 x", "1*"), not with the
 * figures of a troop ("3Bd"). */
static bool
has_count(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		;
	while (i < n && s[i] == ' ')
		i++;
	return i > 0 && i < n && (s[i] == 'x' || s[i] == 'X' || s[i] == '*' ||
	    (i + 1 < n && (unsigned char)s[i] == 0xc3 &&
	    (unsigned char)s[i + 1] == 0x97));
}

static char *slot_id(struct sheet *sh);
static void reset_record(struct sheet *sh);

/* The id that book, number and variant make is one (I/1b): else the
 * record is reported and not read. */
static bool
slot_id_ok(struct sheet *sh, const struct cell *cells, size_t n)
{
	char *id = slot_id(sh);
	const struct cell *c = &cells[sh->col[F_NUMBER] < (int)n ?
	    sh->col[F_NUMBER] : 0];
	struct sbuf q = {0};
	bool ok = army_is_id(id, strlen(id));

	if (!ok) {
		utf8_sanitize(&q, id, strlen(id));
		DIAG(BAD_REFERENCE, c->line, c->col, sbuf_str(&q));
		sbuf_free(&q);
		sh->open = false;
		sh->bad = true;
		reset_record(sh);
	}
	free(id);
	return ok;
}

/* The general, the slots in their order and the checks of a row of a
 * slot sheet. */
static void
slot_row(struct sheet *sh, const struct cell *cells, size_t n)
{
	const struct cell *gen = NULL;
	const char *s;
	size_t i, len;
	int k;

	for (i = 0; i < n && i < MAX_COLS; i++) {
		s = cells[i].s;
		len = cells[i].n;
		str_trim(&s, &len);
		if (sh->role[i] == R_BOOK)
			sbuf_add(&sh->book, s, len);
		else if (sh->role[i] == R_VAR)
			sbuf_add(&sh->var, s, len);
		else if (sh->role[i] == R_GENERAL && len > 0) {
			gen = &cells[i];
			slot_add(sh, gen, has_count(s, len) ? "" : "1x", s,
			    len, " (Gen)");
		}
	}
	if (!slot_id_ok(sh, cells, n))
		return;
	for (k = 1; k <= MAX_SLOTS; k++)
		for (i = 0; i < n && i < MAX_COLS; i++) {
			if (sh->role[i] != R_SLOT || sh->slotno[i] != k)
				continue;
			s = cells[i].s;
			len = cells[i].n;
			str_trim(&s, &len);
			if (len > 0)
				slot_add(sh, &cells[i], "", s, len, "");
		}
	slot_checks(sh, cells, n, gen);
}

/* The number and the name of an army cell that holds both (sh->joint):
 * the reference, and the words before and after it. */
static void
joint_append(struct sheet *sh, const struct cell *c)
{
	struct cell p = *c;
	size_t at, len, wb, we;

	if (!joint_id(c, &at, &len, &wb, &we))
		return;
	p.s = c->s + at;
	p.n = len;
	p.col = c->col > 0 ? c->col + (long)at : 0;
	append(sh, F_NUMBER, &p);
	p.s = c->s;
	p.n = wb;
	p.col = c->col;
	append(sh, F_NAME, &p);
	p.s = c->s + we;
	p.n = c->n - we;
	p.col = c->col > 0 ? c->col + (long)we : 0;
	append(sh, F_NAME, &p);
}

/* Does the number column of the row hold an army's reference? */
static bool
row_data(const struct sheet *sh, const struct cell *c)
{
	size_t at, len, wb, we;

	return sh->joint ? joint_id(c, &at, &len, &wb, &we) : is_data(c);
}

void
sheet_row(struct sheet *sh, const struct cell *cells, size_t n)
{
	const struct cell *num;
	const char *s;
	size_t len;
	int f;
	bool blank = true;
	size_t i;

	for (i = 0; i < n; i++)
		if (!str_blank(cells[i].s, cells[i].n))
			blank = false;
	if (blank) {
		sheet_flush(sh);
		sh->bad = false;
		return;
	}
	if (sh->seen != NULL)
		sh->seen->content = true;
	/* a data row is no header: test for one only when the number cell
	 * holds no army number (keeps str_fold off the hot path) */
	if (!sh->have_header || (size_t)sh->col[F_NUMBER] >= n ||
	    !row_data(sh, &cells[sh->col[F_NUMBER]])) {
		if (try_header(sh, cells, n))
			return;
	}
	if (!sh->have_header) {
		note_cells(sh, cells, n);
		return;
	}
	if ((size_t)sh->col[F_NUMBER] >= n) {
		sheet_flush(sh);
		not_read(sh, cells, n, NULL, 0);
		return;
	}
	num = &cells[sh->col[F_NUMBER]];
	s = num->s;
	len = num->n;
	str_trim(&s, &len);
	if (len == 0 && sh->open) {
		/* a continuation row */
		for (f = 0; f < F_NFIELDS; f++)
			if (f != F_NUMBER && sh->col[f] >= 0 &&
			    (size_t)sh->col[f] < n)
				append(sh, f, &cells[sh->col[f]]);
		append_notes(sh, cells, n);
		return;
	}
	if (len == 0 && sh->bad)
		return;                 /* the rows of a record not read */
	sheet_flush(sh);
	sh->bad = false;
	if (sh->joint ? !row_data(sh, num) : !army_is_id(s, len)) {
		not_read(sh, cells, n, s, len);
		return;
	}
	sh->open = true;
	sh->full = false;
	memset(sh->cut, 0, sizeof sh->cut);
	sh->line = num->line;
	if (sh->joint)
		joint_append(sh, num);
	for (f = 0; f < F_NFIELDS; f++)
		if (sh->col[f] >= 0 && (size_t)sh->col[f] < n &&
		    !(sh->joint && (f == F_NUMBER || f == F_NAME)))
			append(sh, f, &cells[sh->col[f]]);
	append_notes(sh, cells, n);
	if (sh->slots)
		slot_row(sh, cells, n);
}
