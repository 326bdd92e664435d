/* fuzz_armylist: armylist_read, the carrier chosen from the bytes (XML,
 * HTML, table rows or list text), every army through every writer. */
#define FUZZ_SEEDS "tests/fixtures/armylist-parse/* samples/armeelisten-* samples/english-lists.txt samples/club-page.txt samples/club-page.html samples/entries-* tests/fuzz/seeds/csv/* tests/fuzz/seeds/json/*"
#define FUZZ_ARMIES
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_writers(data, size, armylist_read);
	return 0;
}
