/* labels: the per-language tables behind one accessor. */
#include "core/labels.h"

static const char *const *const tables[LANG_N] = {
	[LANG_EN] = labels_en,
	[LANG_DE] = labels_de,
	[LANG_RU] = labels_ru,
};

const char *
lang_label(enum lang lang, enum label l)
{
	return tables[lang][l];
}
