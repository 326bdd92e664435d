/* Unit tests of the labels: every label has a text in every language,
 * a translation keeps the $1..$4 arguments of the English text, and the
 * language codes. */
#include <stdio.h>

#include "core/labels.h"
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

int
main(void)
{
	RUN(test_complete());
	RUN(test_texts());
	return UNIT_DONE("labels");
}
