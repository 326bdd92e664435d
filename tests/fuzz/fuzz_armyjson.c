/* fuzz_armyjson: the JSON and JSON Lines reader (armylist_read_json),
 * every army through every writer; seeds with members given twice
 * ("armies", "rules", "id"), CR-only line ends and 64 KiB strings. */
#define FUZZ_SEEDS "tests/fuzz/seeds/json/*"
#define FUZZ_ARMIES
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_writers(data, size, armylist_read_json);
	return 0;
}
