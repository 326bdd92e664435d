/* List text pasted from e-mails: the text around the lists (a greeting,
 * a sign-off, a signature) told apart from list lines, and a Name line
 * above an entry's label line taken for its player. */
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "rules/troop.h"

bool
listmail_rule(const char *s, size_t n)
{
	return n == 2 && s[0] == '-' && s[1] == '-';
}

static bool
mail_letter(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

/* A word that joins troops ("Bd or Sp"), counted as no word. */
static bool
join_word(const char *w, size_t n)
{
	static const char *const join[] = {
		"or", "and", "oder", "und", "o", "y", "и", "или", NULL
	};
	int k;

	for (k = 0; join[k] != NULL; k++)
		if (str_ieq(w, n, join[k]))
			return true;
	return false;
}

/* A troop name ("Hi" is one, Hilfstruppen), or a near miss of one of
 * six bytes or more ("Psiloii"); shorter words are near some code. */
static bool
troop_word(const char *w, size_t n)
{
	return troop_find(w, n) != NULL || (n >= 6 &&
	    troop_suggest(w, n) != NULL);
}

/* How many of the words of s[0..n) name troops (a two-word name counts
 * two), in *troops, and whether one has three bytes or more, in *whole;
 * the words, join words left out. */
static size_t
mail_words(const char *s, size_t n, size_t *troops, bool *whole)
{
	size_t i = 0, b, words = 0, pb = 0, pn = 0;
	bool pt = false;

	*troops = 0;
	*whole = false;
	while (i < n) {
		while (i < n && !mail_letter((unsigned char)s[i]))
			i++;
		for (b = i; i < n && (mail_letter((unsigned char)s[i]) ||
		    s[i] == '-' || s[i] == '\''); i++)
			;
		if (i == b || join_word(s + b, i - b)) {
			pn = 0;
			continue;
		}
		words++;
		*whole = *whole || i - b >= 3;
		if (troop_word(s + b, i - b)) {
			++*troops;
			pt = true;
		} else if (pn > 0 && !pt && troop_find2(s + pb, pn, s + b,
		    i - b) != NULL) {
			*troops += 2;   /* "Light Horse" */
			pt = true;
		} else
			pt = false;
		pb = b;
		pn = i - b;
	}
	return words;
}

bool
listmail_text(const char *s, size_t n)
{
	size_t i, words = 1, troops;
	bool whole;

	if (n == 0 || !mail_letter((unsigned char)s[0]))
		return false;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (mail_letter(c))
			continue;
		if (memchr(" \t.,!?'\"-:", c, 10) == NULL)
			return false;   /* a digit, a bracket, '+', '/' */
		if (c == ' ' && i > 0 && s[i - 1] != ' ')
			words++;
		if (c == ':' && words <= 3)
			return false;   /* a label ("Tel: ...") */
	}
	if (listtext_kwnear(s, n))
		return false;           /* "Terain Hilly" */
	/* a word of three letters or more: "a b" (NUL bytes read as
	 * blanks) is no text */
	words = mail_words(s, n, &troops, &whole);
	return whole && troops * 2 <= words;
}

void
listmail_skip(struct armyseen *seen, const char *s, size_t n, long line,
    long col, bool sig)
{
	struct sbuf q = {0};
	size_t fit = army_field_fit(s, n, 60);

	if (seen != NULL && seen->page != NULL && !listtext_counted(s, n)) {
		pagetext_pass(seen->page, line);
		return;
	}

	utf8_sanitize(&q, s, fit);
	if (fit < n)
		sbuf_adds(&q, "...");
	DIAG(MAIL_TEXT, line, col, sbuf_str(&q),
	    sig ? " (a signature, from its '--' line to a blank line)" : "");
	sbuf_free(&q);
}

void
listmail_outside(struct armyseen *seen, const char *s, size_t n, long line,
    long col, bool *sig)
{
	if (*sig || listmail_rule(s, n)) {
		*sig = true;
		listmail_skip(seen, s, n, line, col, true);
	} else if (listmail_text(s, n) || (seen != NULL && seen->page != NULL &&
	    !listtext_counted(s, n)))
		listmail_skip(seen, s, n, line, col, false);
	else
		DIAG(LINE_NOT_READ, line, col,
		    "it is in no army record (a record starts with a reference such as 'I/1a')");
}

bool
listmail_hold(struct listname *h, const char *s, size_t n, const char *t,
    size_t tn, long line)
{
	size_t v = 4, i;

	if (h->again || tn < 6 || !str_ieq(t, 4, "name"))
		return false;
	while (v < tn && (t[v] == ' ' || t[v] == '\t'))
		v++;
	if (v == tn || t[v] != ':')
		return false;
	for (v++; v < tn && (t[v] == ' ' || t[v] == '\t'); v++)
		;
	for (i = v; i < tn; i++)
		if ((t[i] >= '0' && t[i] <= '9') || t[i] == '/' ||
		    t[i] == '(')
			return false;   /* "Name: Marian Roman (II/49)" */
	if (v == tn)
		return false;
	sbuf_reset(&h->line);
	sbuf_add(&h->line, s, n);
	h->val = (size_t)(t - s) + v;
	h->at = line;
	return true;
}

char *
listmail_took(struct listname *h)
{
	const char *v = h->line.s + h->val;
	size_t vn = h->line.len - h->val;

	h->at = 0;
	str_trim(&v, &vn);
	return xstrndup(v, vn);
}

void
listmail_again(struct listtext *lt, struct listname *h)
{
	long at = h->at;

	if (at == 0)
		return;
	h->at = 0;
	h->again = true;
	listtext_line(lt, h->line.s, h->line.len, at);
	h->again = false;
}

void
listmail_early(const struct armyseen *seen)
{
	struct sbuf b = {0};

	sbuf_adds(&b, "elements before the first record (it starts with a "
	    "reference such as 'I/1a')");
	if (seen->nearly > 1)
		sbuf_printf(&b, ", and %ld more line%s of elements before it",
		    seen->nearly - 1, seen->nearly > 2 ? "s" : "");
	DIAG(LINE_NOT_READ, seen->early, 0, b.s);
	sbuf_free(&b);
}

/* A BBCode tag at s[0..n) ("[b]", "[/size]", "[size=18pt]",
 * "[color=red]", "[*]"): its length, else 0. */
static size_t
bbcode_len(const char *s, size_t n)
{
	static const char *const tags[] = {
		"b", "i", "u", "s", "size", "color", "font", "center", "left",
		"right", "quote", "url", "list", "*", "code", "h1", "h2", "h3",
		"spoiler", "table", "tr", "td", NULL
	};
	size_t i = 1, b, e;
	int k;

	if (n < 3 || s[0] != '[')
		return 0;
	if (s[i] == '/')
		i++;
	for (b = i; i < n && i < 12 && s[i] != ']' && s[i] != '='; i++)
		;
	e = i;
	if (i < n && s[i] == '=')
		while (i < n && i < 80 && s[i] != ']' && s[i] != '[')
			i++;
	if (i >= n || s[i] != ']')
		return 0;
	for (k = 0; tags[k] != NULL; k++)
		if (str_ieq(s + b, e - b, tags[k]))
			return i + 1;
	return 0;
}

bool
listtext_bbcode(const char *s, size_t n)
{
	return bbcode_len(s, n) > 0;
}

const char *
listtext_unmark(struct sbuf *b, const char *s, size_t *n)
{
	size_t i, k;
	bool any = false;

	any = *n > 0 && s[0] == '>';
	for (i = 0; i < *n && !any; i++) {
		if (s[i] != '[' && s[i] != '*' && s[i] != '_')
			continue;       /* the most bytes: one test */
		any = s[i] == '[' ? bbcode_len(s + i, *n - i) > 0 :
		    i + 1 < *n && s[i + 1] == s[i];
	}
	if (!any)
		return s;
	sbuf_reset(b);
	sbuf_add(b, "", 0);
	i = s[0] == '>' ? 1 : 0;
	for (; i < *n; i++) {
		if (s[i] == '[' && (k = bbcode_len(s + i, *n - i)) > 0) {
			i += k - 1;
			continue;
		}
		if (i + 1 < *n && (s[i] == '*' || s[i] == '_') &&
		    s[i + 1] == s[i]) {
			i++;
			continue;
		}
		sbuf_addc(b, s[i]);
	}
	*n = b->len;
	return b->s;
}
