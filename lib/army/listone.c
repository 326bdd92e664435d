/* List text, the shapes of a line: the reference of a record where it
 * is not first ("Greek Kyrean I/56a", "1/58"), a record on one line, its
 * elements after its head ("II/56 Early Imperial Roman 25BC-197AD: 1x3Cv
 * (Gen), ..."), a bullet, a combat line. */
#include <string.h>

#include "army/army.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/str.h"
#include "rules/troop.h"

/* Does an element entry start s[0..n): a count ("1x", "2 x", "1*",
 * "1\xc3\x97") or a number and a troop type ("1 Ri", "3Kn")? */
static bool
entry_start(const char *s, size_t n)
{
	size_t i = 0, b, e;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i > 3)
		return false;
	while (i < n && s[i] == ' ')
		i++;
	if (i < n && (s[i] == 'x' || s[i] == 'X' || s[i] == '*'))
		return true;
	if (i + 1 < n && (unsigned char)s[i] == 0xc3 &&
	    (unsigned char)s[i + 1] == 0x97)
		return true;
	for (b = i; b < n && ((s[b] >= '0' && s[b] <= '9') || s[b] == '/');
	    b++)
		;
	for (e = b; e < n && (((s[e] | 0x20) >= 'a' && (s[e] | 0x20) <= 'z') ||
	    (unsigned char)s[e] >= 0x80); e++)
		;
	return e > b && troop_find(s + b, e - b) != NULL;
}

/* "II/56 Early Imperial Roman 25BC-197AD: 1x3Cv (Gen), 1x2LH, ...", a
 * record on one line as club pages and forum posts write it: the offset
 * in h[0..hn) of its elements, after the first colon or dash between
 * blanks ("-", en or em dash) that an element entry follows (a digit
 * first, and a count or a troop type in it); *hend, where the head
 * before it ends.  0: none (the dates "I/1a Sumerian: 3000-2800 BC" are
 * no elements). */
size_t
listtext_one_line(const char *h, size_t hn, size_t *hend)
{
	size_t i, k, sl;

	for (i = 0; i < hn; i++) {
		sl = 0;
		if (h[i] == ':')
			sl = 1;
		else if (i > 0 && h[i - 1] == ' ' && h[i] == '-' &&
		    i + 1 < hn && h[i + 1] == ' ')
			sl = 1;
		else if (i > 0 && h[i - 1] == ' ' && i + 3 < hn &&
		    (memcmp(h + i, "\xe2\x80\x93", 3) == 0 ||
		    memcmp(h + i, "\xe2\x80\x94", 3) == 0) && h[i + 3] == ' ')
			sl = 3;
		if (sl == 0)
			continue;
		for (k = i + sl; k < hn && (h[k] == ' ' || h[k] == '\t'); k++)
			;
		if (entry_start(h + k, hn - k)) {
			while (i > 0 && (h[i - 1] == ' ' || h[i - 1] == '\t'))
				i--;
			*hend = i;
			return k;
		}
		if (h[i] == ':')
			return 0;       /* "Name: dates": a colon ends the head */
	}
	return 0;
}

/* A reference with its book in Arabic figures, "1/58" or "2/5a": the
 * book in Roman ones into id; false when it is none. */
bool
listtext_arabic_book(const char *t, size_t n, struct sbuf *id)
{
	static const char *const roman[] = { "I", "II", "III", "IV" };

	if (n < 3 || t[0] < '1' || t[0] > '4' || t[1] != '/')
		return false;
	sbuf_reset(id);
	sbuf_adds(id, roman[t[0] - '1']);
	sbuf_add(id, t + 1, n - 1);
	return army_is_id(id->s, id->len);
}

/* Does every word of t[0..n) start with a capital letter? */
static bool
capitals(const char *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((i == 0 || t[i - 1] == ' ') && t[i] != ' ' &&
		    !(t[i] >= 'A' && t[i] <= 'Z'))
			return false;
	return true;
}

/* "Greek Kyrean I/56a 630-314BC", "Polybian Roman (II/33)": a
 * reference after the name, bare or in brackets, with nothing, the
 * dates or a record's elements on one line after it
 * (one_line_elements); the offset of its word in t, else 0, and *end
 * the end of the word.  The reference is t[at..*end) less the brackets.
 * Each word of the name starts with a capital, and no colon is in it
 * (a label's: "Enemies: II/56"). */
size_t
listtext_id_after_name(struct sbuf *tmp, const char *t, size_t n,
    size_t *end)
{
	size_t b, e, k, hend;
	bool br;
	long so;

	if (t[0] >= '0' && t[0] <= '9')
		return 0;
	for (b = 1; b < n; b = e) {
		while (b < n && t[b] != ' ')
			b++;
		while (b < n && t[b] == ' ')
			b++;
		for (e = b; e < n && t[e] != ' '; e++)
			;
		br = e - b > 2 && t[b] == '(' && t[e - 1] == ')';
		if (e == b || memchr(t + b, '/', e - b) == NULL ||
		    !army_is_id(t + b + br, e - b - 2 * br))
			continue;
		*end = e;
		if (!capitals(t, b) || memchr(t, ':', b) != NULL)
			return 0;       /* "Enemies: II/56": a label's */
		k = listtext_one_line(t + e, n - e, &hend) > 0 ? e + hend : n;
		if (e == k)
			return b;
		sbuf_reset(tmp);
		sbuf_add(tmp, t + e, k - e);
		so = date_tail(tmp->s, strlen(tmp->s));
		return so >= 0 && strspn(tmp->s, " ") == (size_t)so ? b : 0;
	}
	return 0;
}

/* The length of a list bullet at the start of a line: "- ", "* ",
 * "• ", "1. ", "12) "; 0 when none. */
size_t
listtext_bullet_len(const char *s, size_t n)
{
	size_t e = 0;

	if (n >= 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ')
		e = 1;
	else if (n >= 4 && memcmp(s, "\xe2\x80\xa2", 3) == 0 && s[3] == ' ')
		e = 3;
	else {
		while (e < n && e < 3 && s[e] >= '0' && s[e] <= '9')
			e++;
		if (e == 0 || e + 1 >= n || (s[e] != '.' && s[e] != ')') ||
		    s[e + 1] != ' ')
			return 0;
		e++;
	}
	while (e < n && (s[e] == ' ' || s[e] == '\t'))
		e++;
	return e;
}

/* A line with the word "vs" (or "versus", "gegen") or "shoots" after a
 * troop type first: combat-calc input. */
bool
listtext_combat_like(const char *s, size_t n)
{
	size_t i, e;

	for (i = 0; i < n; i = e + 1) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		for (e = i; e < n && s[e] != ' ' && s[e] != '\t'; e++)
			;
		/* a combat line starts with a troop type ("Wb vs Bd"), not
		 * a word of prose ("das Spiel gegen Peter") */
		if (i == 0 && troop_find(s, e) == NULL)
			return false;
		if ((e - i == 2 && str_ieq(s + i, 2, "vs")) ||
		    (e - i == 5 && str_ieq(s + i, 5, "gegen")) ||
		    (e - i == 6 && (str_ieq(s + i, 6, "shoots") ||
		    str_ieq(s + i, 6, "versus"))))
			return true;
	}
	return false;
}

/* Where the last word of an era date_tail does not read starts in
 * s[0..n): German "Chr." or "u. Z.", Russian "н. э."; -1: none. */
static long
era_last(const char *s, size_t n)
{
	static const char *const w[] = {
		"Chr", "chr", "u. Z", "u.Z", "\xd0\xbd. \xd1\x8d",
		"\xd0\xbd.\xd1\x8d", NULL
	};
	size_t i, k, len;
	long last = -1;

	for (k = 0; w[k] != NULL; k++)
		for (i = 0, len = strlen(w[k]); i + len <= n; i++)
			if (memcmp(s + i, w[k], len) == 0 && (long)i > last)
				last = (long)i;
	return last;
}

long
listtext_era_tail(const char *s, size_t n)
{
	long from, to, last;
	bool approx;
	size_t k;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	/* the dates hold the era: "Chronicle 2" has none */
	if ((last = era_last(s, n)) < 0)
		return -1;
	for (k = 0; (long)k < last; k++) {
		if (k > 0 && s[k - 1] != ' ' && s[k - 1] != '(')
			continue;
		if (!(s[k] >= '0' && s[k] <= '9') && !(k + 3 < n &&
		    (str_ieq(s + k, 3, "um ") || str_ieq(s + k, 3, "ca."))))
			continue;
		if (date_parse(s + k, n - k, &from, &to, &approx) == 0)
			return (long)k;
	}
	return -1;
}

/* "Jens (III/40b Norse Irish 852-1014AD)": where the bracket that holds
 * the reference with a book and its name starts, after one to three
 * words; 0 none. */
static size_t
ref_in_brackets(const char *t, size_t n)
{
	size_t c, e, words = 1;

	for (c = 0; c < n && t[c] != '('; c++) {
		if (t[c] == '/' || t[c] == ':' || t[c] == ',')
			return 0;
		words += t[c] == ' ' && c > 0 && t[c - 1] != ' ';
	}
	if (c < 2 || c == n || t[c - 1] != ' ' || words > 4 ||
	    memchr(t + c + 1, '(', n - c - 2) != NULL)
		return 0;
	for (e = c + 1; e < n && t[e] != ' '; e++)
		;
	return e < n - 1 && memchr(t + c + 1, '/', e - c - 1) != NULL &&
	    army_is_id(t + c + 1, e - c - 1) ? c : 0;
}

/* The bytes of a dash between blanks at t[c] (" - ", " – ", " — "),
 * 0 none. */
static size_t
dash_at(const char *t, size_t n, size_t c)
{
	if (c + 2 < n && t[c] == ' ' && t[c + 1] == '-' && t[c + 2] == ' ')
		return 3;
	if (c + 4 < n && t[c] == ' ' && (memcmp(t + c + 1, "\xe2\x80\x93",
	    3) == 0 || memcmp(t + c + 1, "\xe2\x80\x94", 3) == 0) &&
	    t[c + 4] == ' ')
		return 5;
	return 0;
}

/* Does the label t[0..n) hold a word of a field that names other armies
 * ("Enemy", "Ally", "Gegner", "see also"): its reference is no record's. */
static bool
field_label(const char *t, size_t n)
{
	static const char *const words[] = {
		"enemy", "enemies", "ally", "allies", "opponent", "opponents",
		"foe", "foes", "vs", "versus", "against", "see", "also", "note",
		"notes", "nb", "feind", "feinde", "gegner", "verbuendete",
		"verbuendeter", "alliierte", "gegen", "siehe", "auch",
		"враг", "враги", "противник", "противники", "союзник",
		"союзники", "против", NULL
	};
	struct sbuf f = {0};
	size_t b, e, k;
	bool hit = false;

	/* each word folded: "VERBÜNDETE", "ВРАГИ" */
	for (b = 0; b < n && !hit; b = e + 1) {
		for (e = b; e < n && t[e] != ' '; e++)
			;
		str_fold(&f, t + b, e - b);
		for (k = 0; words[k] != NULL && !hit; k++)
			hit = strcmp(sbuf_str(&f), words[k]) == 0;
	}
	sbuf_free(&f);
	return hit;
}

size_t
listtext_ref_after_label(const char *t, size_t n, size_t *label)
{
	size_t c, b, e, words = 1, k, sep = 0;

	if (n > 0 && t[n - 1] == ')' && (c = ref_in_brackets(t, n)) > 0) {
		*label = c - 1;                 /* "Jens (III/40b ...)" */
		return field_label(t, c - 1) ? 0 : c + 1;
	}

	/* "1. II/56 ...", "12) II/56 ...": a number of a list, no label */
	for (c = 0; c < n && c < 4 && t[c] >= '0' && t[c] <= '9'; c++)
		;
	if (c > 0 && c < 4 && c + 1 < n && (t[c] == '.' || t[c] == ')') &&
	    t[c + 1] == ' ') {
		*label = 0;
		sep = 1;
	} else {
		for (c = 0; c < n && t[c] != ':' && (sep = dash_at(t, n, c)) ==
		    0; c++) {
			if (t[c] == '/' || t[c] == '(' || t[c] == ',')
				return 0;
			words += t[c] == ' ' && c > 0 && t[c - 1] != ' ';
		}
		sep += c < n && t[c] == ':';
		if (c == 0 || sep == 0 || words > 3 || t[c - 1] == ' ')
			return 0;
		*label = c + (t[c] == ':');
	}
	for (b = c + sep; b < n && t[b] == ' '; b++)
		;
	for (e = b; e < n && t[e] != ' '; e++)
		;
	if (e == b || memchr(t + b, '/', e - b) == NULL ||
	    !army_is_id(t + b, e - b))
		return 0;
	/* a name after the reference: a word of letters */
	for (k = e; k < n && t[k] == ' '; k++)
		;
	if (k >= n || !((t[k] >= 'A' && t[k] <= 'Z') ||
	    (unsigned char)t[k] >= 0x80))
		return 0;
	/* a label of a field, or a near miss of one: "Enemys: II/56 Rome"
	 * (asked last: the dearest test) */
	return *label > 0 && (listtext_kwnear(t, n) ||
	    field_label(t, c)) ? 0 : b;
}

static bool
ascii_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A short sentence ("Skirmishers screen."): two words or more, no digit,
 * a capital word of four letters or more first that is no troop name, a
 * full stop or a mark at the end. */
static bool
sentence_like(const char *s, size_t n)
{
	size_t e;

	if (n < 2 || strchr(".!?", s[n - 1]) == NULL || memchr(s, ' ', n) ==
	    NULL || !(s[0] >= 'A' && s[0] <= 'Z'))
		return false;
	for (e = 0; e < n; e++)
		if (s[e] >= '0' && s[e] <= '9')
			return false;
	for (e = 0; e < n && ascii_letter(s[e]); e++)
		;
	return e >= 4 && s[e] == ' ' && troop_find(s, e) == NULL;
}

bool
listtext_named_dates(const char *s, size_t n)
{
	long at = date_tail(s, n);
	long i;

	if (at < 0)
		at = listtext_era_tail(s, n);   /* "400-275 v.Chr." */
	for (i = 0; i < at && !ascii_letter(s[i]) &&
	    (unsigned char)s[i] < 0x80; i++)
		;
	return i < at;
}

bool
listtext_prose_like(const char *s, size_t n)
{
	static const char *const join[] = { "and", "und", "oder", NULL };
	size_t i = 0, b, k;
	int depth = 0, words = 0;
	bool low;

	if (n == 0 || (s[0] >= '0' && s[0] <= '9'))
		return false;
	while (i < n) {
		if (!ascii_letter(s[i])) {
			depth += s[i] == '(' ? 1 : s[i] == ')' && depth > 0 ?
			    -1 : 0;
			i++;
			continue;
		}
		for (b = i, low = true; i < n && ascii_letter(s[i]); i++)
			low = low && s[i] >= 'a';
		if (depth > 0 || !low || i - b < 3 || (b > 0 &&
		    strchr(" \t", s[b - 1]) == NULL) || (i < n &&
		    strchr(" \t.,;:!?", s[i]) == NULL))
			continue;
		for (k = 0; join[k] != NULL && !str_ieq(s + b, i - b,
		    join[k]); k++)
			;
		words += join[k] == NULL;
	}
	return words >= 3 || sentence_like(s, n);
}

/* Does s[0..n) hold the bytes of w? */
static bool
holds(const char *s, size_t n, const char *w)
{
	size_t i, k = strlen(w);

	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, w, k) == 0)
			return true;
	return false;
}

/* A general's word in an element line ("(Gen)", "3Kn Gen", "CinC",
 * "(Feldherr)", "(Ген)"): a word elements.c reads as the general's. */
bool
listtext_general_in(const char *s, size_t n)
{
	size_t i = 0, b;

	while (i < n) {
		for (b = i; i < n && (ascii_letter(s[i]) || s[i] == '-' ||
		    (unsigned char)s[i] >= 0x80); i++)
			;
		if (i > b && elements_general_word(s + b, i - b))
			return true;
		i += i == b;
	}
	return false;
}

/* A line that names a variant of the army above or its ally, not an
 * army: a first word of an option or a date ("Option", "Alternative
 * general", "After 200BC", "Ab 500", "Вариант"), a word of an ally
 * anywhere ("Sicilian Greek allies", "Союзники"). */
static bool
variant_line(const char *s, size_t n)
{
	static const char *const first[] = {
		"option", "options", "optional", "alternative", "alternatives",
		"alternativ", "alternativen", "alt", "variant", "variants",
		"variante", "varianten", "or", "oder", "instead", "statt",
		"anstatt", "after", "before", "from", "until", "till", "ab",
		"bis", "nach", "vor", "seit", "with", "mit", "without", "ohne",
		NULL
	}, *const ally[] = {
		"ally", "allies", "allied", "contingent", "contingents",
		"alliierte", "bundesgenossen", "hilfstruppen", NULL
	}, *const ru[] = {
		"\xd0\xb0\xd1\x80\xd0\xb8\xd0\xb0\xd0\xbd\xd1\x82", /* ариант */
		"\xd0\xbb\xd1\x8c\xd1\x82\xd0\xb5\xd1\x80\xd0\xbd", /* льтерн */
		"\xd0\xbe\xd1\x8e\xd0\xb7\xd0\xbd",     /* оюзн: союзник */
		"\xd0\xbf\xd1\x86\xd0\xb8",     /* пци: опция */
		"\xd0\xbc\xd0\xb5\xd1\x81\xd1\x82\xd0\xbe ", /* место: вместо */
		"\xd0\x9f\xd0\xbe\xd1\x81\xd0\xbb\xd0\xb5 ", /* После */
		"\xd0\x94\xd0\xbe ", "erb\xc3\xbc" "ndet", /* До, verbündet */
		NULL
	};
	size_t i = 0, b;
	int k;

	for (k = 0; ru[k] != NULL; k++)
		if (holds(s, n, ru[k]))
			return true;
	while (i < n) {
		if (!ascii_letter(s[i])) {
			i++;
			continue;
		}
		for (b = i; i < n && ascii_letter(s[i]); i++)
			;
		for (k = 0; b == 0 && first[k] != NULL; k++)
			if (str_ieq(s, i, first[k]))
				return true;
		for (k = 0; ally[k] != NULL; k++)
			if (str_ieq(s + b, i - b, ally[k]))
				return true;
	}
	return false;
}

/* A line that could name an army ("Polybian Roman", "Nubier
 * 3000BC-1000AD", "Thomas:"): a capital first, at most eight words, no
 * mark of a sentence or a list at its end, no prose, no variant, no
 * word of a general. */
bool
listtext_army_name(const char *s, size_t n)
{
	size_t i, words = 1;

	if (n == 0 || n > 80 || (strchr(".!?,;", s[n - 1]) != NULL &&
	    !listtext_named_dates(s, n)) || ((unsigned char)s[0] < 0x80 &&
	    !(s[0] >= 'A' && s[0] <= 'Z')) || variant_line(s, n) ||
	    listtext_general_in(s, n))
		return false;           /* "Der Feldherr steigt ab": a note */
	for (i = 1; i < n; i++)
		words += s[i] != ' ' && s[i - 1] == ' ';
	return words <= 8 && !listtext_prose_like(s, n);
}

/* "Nr. 63 Kamillische Römer", "No. II/56 ...", "\xe2\x84\x96 12 ...": the
 * length of a word for number before an army id and a blank (the id
 * alone ends the line too), 0 when none.  After a dot or a sign
 * ("\xe2\x84\x96", "N\xc2\xba", "N\xc2\xb0") the id may follow without a blank
 * ("\xe2\x84\x9663", "Nr.70"). */
size_t
listtext_ref_prefix(const char *s, size_t n)
{
	static const char *const w[] = {
		"Nr.", "Nr", "No.", "N\xc2\xba", "N\xc2\xb0", "\xe2\x84\x96",
		NULL
	};
	size_t k, i, e;

	if (n == 0 || (s[0] != 'N' && s[0] != '\xe2'))
		return 0;               /* most lines: one test */
	for (k = 0; w[k] != NULL; k++) {
		i = strlen(w[k]);
		if (i >= n || memcmp(s, w[k], i) != 0 ||
		    (s[i] != ' ' && w[k][i - 1] != '.' &&
		    (unsigned char)w[k][i - 1] < 0x80))
			continue;
		while (i < n && s[i] == ' ')
			i++;
		for (e = i; e < n && s[e] != ' ' && s[e] != '\t'; e++)
			;
		if (e > i && army_is_id(s + i, e - i))
			return i;
	}
	return 0;
}

/* Are a and b the same troop ("3Cv" both)? */
static bool
same_troop(const struct troopref *a, const struct troopref *b)
{
	return a->t != NULL && a->t == b->t && a->mtd == b->mtd &&
	    a->dis == NULL && b->dis == NULL &&
	    (a->figures == NULL) == (b->figures == NULL) &&
	    (a->figures == NULL || strcmp(a->figures, b->figures) == 0);
}

bool
listtext_general_once(struct package *list, size_t ngen)
{
	const struct item *g = &list->items[0], *it;
	size_t i;

	if (ngen != 1 || list->n < 2 || g->kind != ITEM_ELEMENT ||
	    g->count != 1 || !g->general || g->ntroops != 1)
		return false;
	for (i = 1; i < list->n; i++) {
		it = &list->items[i];
		if (it->kind == ITEM_ELEMENT && it->general &&
		    it->ntroops == 1 && same_troop(&g->troops[0],
		    &it->troops[0]))
			break;
	}
	if (i == list->n)
		return false;
	item_free(&list->items[0]);
	memmove(list->items, list->items + 1,
	    (list->n - 1) * sizeof *list->items);
	list->n--;
	return true;
}

/* A byte that parts the words of listtext_list_like: blanks, signs,
 * NUL. */
static bool
list_sep(char c)
{
	switch (c) {
	case ' ': case ',': case ';': case '(': case ')': case '+': case '.':
	case '=': case ':': case '\'': case '\t': case '\0':
		return true;
	default:
		return false;
	}
}

bool
listtext_list_like(const char *s, size_t n, bool troops)
{
	size_t i = 0, b, e, p = 0, pe = 0;

	while (i < n) {
		while (i < n && list_sep(s[i]))
			i++;
		for (b = e = i; e < n && !list_sep(s[e]); e++)
			;
		for (i = b; i < e && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i > b && i < e && (s[i] == 'x' || s[i] == 'X' ||
		    s[i] == '*' || ((unsigned char)s[i] == 0xc3 &&
		    i + 1 < e && (unsigned char)s[i + 1] == 0x97)))
			return true;            /* "2x", "2xFoo", "2\xc3\x97" */
		if (i > b && i == e && e + 1 < n && s[e] == ' ' &&
		    (s[e + 1] == 'x' || s[e + 1] == 'X'))
			return true;                    /* "2 x" */
		if (troops && e > b && (troop_find(s + b, e - b) != NULL ||
		    (pe > p && troop_find(s + p, e - p) != NULL)))
			return true;
		p = b;
		pe = e;
		i = e;
	}
	return false;
}

bool
listtext_counted(const char *s, size_t n)
{
	return listtext_list_like(s, n, false);
}

/* "unknown keyword 'Aggresion'", with the keyword sug (of at least four
 * letters) as did-you-mean in the case of the word ("Aggression"), else
 * with tail. */
void
listtext_unknown_keyword(const char *s, size_t e, const char *sug,
    const char *tail, long line, long col)
{
	struct sbuf w = {0}, c = {0};

	utf8_sanitize(&w, s, e > 64 ? 64 : e);
	if (sug != NULL && strlen(sug) >= 4) {
		sbuf_adds(&c, sug);
		if (s[0] >= 'A' && s[0] <= 'Z' && c.s[0] >= 'a' &&
		    c.s[0] <= 'z')
			c.s[0] = (char)(c.s[0] - 'a' + 'A');
		tail = diag_suggest(sbuf_str(&c));
	}
	DIAG(UNKNOWN_KEYWORD, line, col, sbuf_str(&w), tail);
	sbuf_free(&w);
	sbuf_free(&c);
}

/* A label line of no keyword of ours ("Points: 12", "Core troops:"):
 * reported, with a did-you-mean when one is near, and not read, so that
 * it is never glued to the element list.  A label is one to three words
 * of letters (with '-' or '.') and a ':'.  When its value looks like
 * elements (a count), 2: the army is incomplete; 1 for another label, 0
 * for no label. */
int
listtext_unknown_label(const char *s, size_t n, long line, long col)
{
	const char *sug = NULL, *v;
	size_t e, k, vn;
	int nw = 1;

	if (n == 0 || (unsigned char)s[0] < 0x80 ?
	    !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) :
	    false)
		return 0;
	for (e = 0; e < n && e < 40 && s[e] != ':'; e++) {
		unsigned char c = (unsigned char)s[e];

		if (c == ' ') {
			if (s[e - 1] == ' ' || ++nw > 3)
				return 0;
		} else if (c < 0x80 && !(c >= 'a' && c <= 'z') &&
		    !(c >= 'A' && c <= 'Z') && c != '-' && c != '.')
			return 0;
	}
	if (e >= n || s[e] != ':' || s[e - 1] == ' ')
		return 0;
	if (nw == 1 && e >= 4)
		sug = listtext_kwsuggest(s, e);
	listtext_unknown_keyword(s, e, sug,
	    " (a label of no field: the line is not read)", line, col);
	v = s + e + 1;
	vn = n - e - 1;
	str_trim(&v, &vn);
	for (k = 0; k < vn && v[k] >= '0' && v[k] <= '9'; k++)
		;
	while (k > 0 && k < vn && v[k] == ' ')
		k++;
	if (k > 0 && k < vn && (v[k] == 'x' || v[k] == 'X' || v[k] == '*' ||
	    ((unsigned char)v[k] >= 0x80 || (v[k] >= 'a' && v[k] <= 'z') ||
	    (v[k] >= 'A' && v[k] <= 'Z'))))
		return 2;                   /* "Core: 2x3Bd": elements lost */
	return 1;
}

bool
listtext_ends_joined(const char *s, size_t n)
{
	static const char *const w[] = {
		"or", "o", "oder", "od.", "od", "и", "или", "and", "und", NULL
	};
	size_t e = n, b;
	int k;

	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e == 0)
		return true;
	if (strchr(",;+(/&", s[e - 1]) != NULL)
		return true;
	for (b = e; b > 0 && s[b - 1] != ' ' && s[b - 1] != '\t' &&
	    s[b - 1] != ','; b--)
		;
	for (k = 0; w[k] != NULL; k++)
		if (str_ieq(s + b, e - b, w[k]))
			return true;
	return false;
}
