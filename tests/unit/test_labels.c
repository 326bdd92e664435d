/* Unit tests of the labels: every label has a text in every language,
 * a translation keeps the $1..$4 arguments of the English text, the
 * language codes, and troop abbreviations that no reader takes for
 * another type's. */
#include <stdio.h>
#include <string.h>

#include "core/labels.h"
#include "rules/troop.h"
#include "unit.h"

/* The arguments $1..$4 that s uses, as bits. */
static unsigned
args(const char *s)
{
	unsigned m = 0;

	for (; *s != '\0'; s++)
		if (s[0] == '$' && s[1] >= '1' && s[1] <= '4')
			m |= 1u << (s[1] - '1');
	return m;
}

static void
test_complete(void)
{
	int k, l;

	for (k = 0; k < LANG_N; k++)
		for (l = 0; l < L_N; l++) {
			const char *s = lang_label((enum lang)k, (enum label)l);

			if (s == NULL || *s == '\0') {
				fprintf(stderr, "%s: label %d has no text\n",
				    lang_code((enum lang)k), l);
				CHECK(s != NULL && *s != '\0');
				continue;
			}
			if (args(s) != args(lang_label(LANG_EN,
			    (enum label)l))) {
				fprintf(stderr, "%s: label %d: arguments "
				    "differ from English\n",
				    lang_code((enum lang)k), l);
				CHECK(0);
			}
		}
	CHECK(args(lang_label(LANG_DE, L_MOVE_BREAKOFF)) == 0xf);
}

static void
test_texts(void)
{
	/* one word per table, as the golden files show them */
	CHECK_STR(lang_label(LANG_EN, L_OUT_NONE), "no effect");
	CHECK_STR(lang_label(LANG_DE, L_COMBAT_WINS), "gewinnt");
	CHECK_STR(lang_label(LANG_RU, L_MOVE_PIPS), "PIP");
	CHECK_STR(lang_label(LANG_RU, L_LIST_ENEMIES), "Противники");
	CHECK_STR(lang_code(LANG_RU), "ru");
}

/* s as a reader may see it, into buf: lower case, and each Cyrillic
 * letter that looks like a Latin one (or a digit) as that ("Кн" as
 * "kn"). */
static const char *
look(const char *s, char *buf, size_t size)
{
	static const char *const cyr[][2] = {
		{ "А", "a" }, { "В", "b" }, { "Е", "e" }, { "К", "k" },
		{ "М", "m" }, { "Н", "h" }, { "О", "o" }, { "Р", "p" },
		{ "С", "c" }, { "Т", "t" }, { "Х", "x" }, { "У", "y" },
		{ "З", "3" }, { "Ь", "b" }, { "а", "a" }, { "в", "b" },
		{ "е", "e" }, { "к", "k" }, { "м", "m" }, { "н", "n" },
		{ "о", "o" }, { "р", "p" }, { "с", "c" }, { "т", "t" },
		{ "у", "y" }, { "х", "x" }, { "п", "n" }, { "и", "u" },
		{ "б", "6" }, { "г", "r" }, { "ь", "b" }, { "ш", "w" },
		{ "з", "3" }
	};
	size_t n = 0, k;

	while (*s != '\0' && n + 2 < size) {
		for (k = 0; k < sizeof cyr / sizeof cyr[0]; k++)
			if (strncmp(s, cyr[k][0], strlen(cyr[k][0])) == 0)
				break;
		if (k < sizeof cyr / sizeof cyr[0]) {
			buf[n++] = cyr[k][1][0];
			s += strlen(cyr[k][0]);
		} else
			buf[n++] = *s >= 'A' && *s <= 'Z' ? (char)(*s++ + 32) :
			    *s++;
	}
	buf[n] = '\0';
	return buf;
}

/* No troop abbreviation of a language reads as the code or abbreviation
 * of another troop type in any language (Russian "Кн" for Cv beside
 * English "Kn" for Knights), look-alike letters and case folded. */
static void
test_abbr_distinct(void)
{
	char a[64], b[64];
	size_t i, j, same = 0;
	int k, l;

	troop_init();
	for (i = 0; i < troop_count(); i++)
		for (j = 0; j < troop_count(); j++)
			for (k = 0; k < LANG_N && i != j; k++)
				for (l = 0; l < LANG_N; l++) {
					look(troop_abbr(troop_at(i),
					    (enum lang)k), a, sizeof a);
					look(troop_abbr(troop_at(j),
					    (enum lang)l), b, sizeof b);
					if (strcmp(a, b) != 0)
						continue;
					fprintf(stderr, "%s %s reads as %s "
					    "%s\n", lang_code((enum lang)k),
					    troop_abbr(troop_at(i), (enum lang)k),
					    lang_code((enum lang)l),
					    troop_abbr(troop_at(j), (enum lang)l));
					same++;
				}
	CHECK(troop_count() > 0 && same == 0);
	troop_cleanup();
}

int
main(void)
{
	RUN(test_complete());
	RUN(test_texts());
	RUN(test_abbr_distinct());
	return UNIT_DONE("labels");
}
