/* fuzz_elements: the element-list grammar (elements_parse), the parsed
 * list written back in every language. */
#define FUZZ_SEEDS "tests/fuzz/seeds/elements/*"
#include "army/army.h"
#include "army/armyout.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct package list = {0};
	struct srcmap map = {0};
	struct sbuf b = {0};
	int l;

	diag_set_file("fuzz");
	srcmap_add(&map, 0, 1, 1);
	/* a list with errors is written too: what the recovery kept */
	(void)elements_parse(&list, (const char *)data, size, &map, NULL);
	for (l = 0; l < LANG_N; l++) {
		sbuf_reset(&b);
		army_elements_text(&b, &list, (enum lang)l);
	}
	package_free(&list);
	srcmap_free(&map);
	sbuf_free(&b);
	return 0;
}
