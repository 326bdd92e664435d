/* fuzz_armylines: armylist_read_lines (pipe and TSV table rows, English
 * list text, mixed), whatever the first byte. */
#define FUZZ_SEEDS "samples/armeelisten-121-180.tsv samples/armeelisten-61-120.txt samples/english-lists.txt samples/club-page.txt tests/fixtures/armylist-parse/*.txt tests/fixtures/armylist-parse/*.tsv"
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
	struct armyout *o = armyout_new(fuzz_sink, FMT_TEXT, LANG_EN, NULL, NULL);
	struct input in;

	fuzz_input(&in, data, size);
	armylist_read_lines(&in, emit, o);
	input_close(&in);
	armyout_finish(o);
	return 0;
}
