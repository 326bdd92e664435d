/* fuzz_html: armylist_read_html, army list sheets as HTML tables. */
#define FUZZ_SEEDS "samples/armeelisten-1-60.html tests/fuzz/seeds/html/*"
#define FUZZ_ARMIES
#include "army/armyin.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in;

	fuzz_input(&in, data, size);
	armylist_read_html(&in, fuzz_valid_army, NULL);
	input_close(&in);
	return 0;
}
