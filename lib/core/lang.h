/* lang: the languages of user-visible text (labels, list text, cards). */
#ifndef BELLIS_LANG_H
#define BELLIS_LANG_H

enum lang { LANG_EN, LANG_DE, LANG_RU, LANG_N };

/* The code of a language in data and --lang: "en", "de", "ru". */
const char *lang_code(enum lang l);

#endif
