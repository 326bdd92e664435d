/* lang: the languages of user-visible text. */
#include "core/lang.h"

static const char *const codes[LANG_N] = {
	[LANG_EN] = "en", [LANG_DE] = "de", [LANG_RU] = "ru",
};

const char *
lang_code(enum lang l)
{
	return codes[l];
}
