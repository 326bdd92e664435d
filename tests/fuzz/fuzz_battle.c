/* fuzz_battle: the --battle file of campaign-survival (campaign-
 * catastrophe's XML output) through its reader, from a temporary file;
 * then the sides and units a PC may name looked up in what it kept. */
#define FUZZ_SEEDS "tests/fixtures/survival/battle.xml tests/fixtures/catastrophe/*.xml"
#include <string.h>

#include "campaign/campaignin.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "Rome", "Carthage", "Gauls",
	    "", "commander", "LegioI", "u1" };
	const struct struck_side *ss;
	struct struck s;
	size_t i, k;

	if (campaignin_struck_load(&s, fuzz_path(data, size)) == 0) {
		for (i = 0; i < sizeof names / sizeof names[0]; i++) {
			ss = struck_find(&s, names[i]);
			if (ss != NULL && ss->event != NULL &&
			    strlen(ss->event) > size)
				abort();
			for (k = 0; k < sizeof names / sizeof names[0]; k++)
				(void)struck_has_unit(&s, names[i], names[k]);
		}
	}
	struck_free(&s);
	return 0;
}
