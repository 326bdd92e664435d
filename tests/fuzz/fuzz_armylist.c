/* fuzz_armylist: armylist_read, the carrier chosen from the bytes (XML,
 * HTML, table rows or list text), every army through every writer. */
#define FUZZ_SEEDS "tests/fixtures/armylist-parse/* samples/armeelisten-* samples/english-lists.txt tests/fuzz/seeds/csv/* tests/fuzz/seeds/json/*"
#include "army/armyin.h"
#include "army/armyout.h"
#define FUZZ_ARMIES
#include "fuzz.h"

static void
emit(void *ctx, const struct army *a)
{
	struct armyout **o = ctx;
	int f;

	for (f = 0; f < 4; f++)
		armyout_army(o[f], a);
	fuzz_valid_army(NULL, a);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum out_fmt fmts[4] = { FMT_XML, FMT_TSV, FMT_JSON,
	    FMT_TEXT };
	struct armyout *o[4];
	struct input in;
	int f;

	for (f = 0; f < 4; f++)
		o[f] = armyout_new(fuzz_sink, fmts[f],
		    (enum lang)(f % LANG_N), NULL);
	fuzz_input(&in, data, size);
	armylist_read(&in, emit, o);
	input_close(&in);
	for (f = 0; f < 4; f++)
		armyout_finish(o[f]);
	return 0;
}
