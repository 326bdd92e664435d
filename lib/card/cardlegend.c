/* cardlegend: the legend line of a German or Russian card, each troop
 * abbreviation the card shows with its English code ("Ri = Kn"). */
#include <string.h>

#include "card/card.h"
#include "core/str.h"

/* The length of the letter or digit at s, 0 for anything else: ASCII
 * letters and digits, Latin-1 letters (ä, ß) and Cyrillic ones. */
static size_t
letter(const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];

	if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))
		return 1;
	if ((c == 0xc3 || c == 0xd0 || c == 0xd1) && n >= 2 &&
	    ((unsigned char)s[1] & 0xc0) == 0x80)
		return 2;
	return 0;
}

/* True when text holds w as a word of its own, or after the figures of
 * a sub-type ("6Ры", "Mtd-4Лу"). */
static bool
has_word(const char *text, const char *w)
{
	size_t n = strlen(text), wl = strlen(w), i = 0, k;
	bool start = true;

	while (i < n) {
		if ((k = letter(text + i, n - i)) == 0) {
			k = utf8_seqlen(text + i, n - i);
			i += k > 0 ? k : 1;
			start = true;
			continue;
		}
		if (start && n - i >= wl && memcmp(text + i, w, wl) == 0 &&
		    (i + wl == n || letter(text + i + wl, n - i - wl) == 0))
			return true;
		/* figures keep the word's start: "6Ры" holds Ры */
		start = start && text[i] >= '0' && text[i] <= '9';
		i += k;
	}
	return false;
}

static bool
card_shows(const struct card *c, const char *w)
{
	const struct card_block *b;
	size_t i, j;

	for (i = 0; i < c->nb; i++) {
		b = &c->b[i];
		for (j = 0; b->head != NULL && j < b->ncols; j++)
			if (has_word(b->head[j], w))
				return true;
		for (j = 0; j < b->nrows * b->ncols; j++)
			if (has_word(b->cell[j], w))
				return true;
	}
	return false;
}

void
card_legend(struct card *c, enum lang lang)
{
	const struct troop *t;
	const char *ab;
	struct sbuf s = { 0 };
	size_t i;

	for (i = 0; lang != LANG_EN && i < troop_count(); i++) {
		t = troop_at(i);
		ab = troop_abbr(t, lang);
		if (strcmp(ab, t->code) != 0 && card_shows(c, ab))
			sbuf_printf(&s, "%s%s = %s", s.len ? ", " : "", ab,
			    t->code);
	}
	if (s.len > 0)
		block_row(card_block(c, BLK_TEXT, NULL, 1), sbuf_str(&s));
	sbuf_free(&s);
}
