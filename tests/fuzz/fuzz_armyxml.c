/* fuzz_armyxml: armylist_read_xml, armylist XML streamed and validated. */
#define FUZZ_SEEDS "tests/fixtures/armylist-parse/*.xml tests/regress/armylist-parse/*.out"
#include "army/armyin.h"
#include "army/armyout.h"
#include "fuzz.h"

static void
emit(void *ctx, const struct army *a)
{
	armyout_army(ctx, a);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct armyout *o = armyout_new(fuzz_sink, FMT_JSON, LANG_DE, NULL, NULL);
	struct input in;

	fuzz_input(&in, data, size);
	armylist_read_xml(&in, emit, o);
	input_close(&in);
	armyout_finish(o);
	return 0;
}
