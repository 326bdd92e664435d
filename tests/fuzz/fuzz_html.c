/* fuzz_html: armylist_read_html, army list sheets as HTML tables. */
#define FUZZ_SEEDS "samples/armeelisten-1-60.html"
#include "army/armyin.h"
#include "fuzz.h"

static void
emit(void *ctx, const struct army *a)
{
	(void)a;
	(void)ctx;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_setup();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in;

	fuzz_input(&in, data, size);
	armylist_read_html(&in, emit, NULL);
	input_close(&in);
	return 0;
}
