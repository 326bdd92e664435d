/* fuzz_armyjson: the JSON and JSON Lines reader (armylist_read_json),
 * every army through every writer; seeds with members given twice
 * ("armies", "rules", "id"), CR-only line ends and 64 KiB strings. */
#define FUZZ_SEEDS "tests/fuzz/seeds/json/*"
#include "army/armyin.h"
#include "army/armyout.h"
#include "fuzz.h"

static void
emit(void *ctx, const struct army *a)
{
	struct armyout **o = ctx;
	int f;

	for (f = 0; f < 4; f++)
		armyout_army(o[f], a);
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
	armylist_read_json(&in, emit, o);
	input_close(&in);
	for (f = 0; f < 4; f++)
		armyout_finish(o[f]);
	return 0;
}
