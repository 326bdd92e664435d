/* fuzz_glory: a user's Glory table (--glory-table=FILE). */
#define FUZZ_SEEDS "samples/glory.xml tests/fixtures/survival/glory-*.xml"
#include "campaign/campaigntab.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct glory_table g;

	diag_set_file("fuzz");
	if (glory_table_load(&g, fuzz_path(data, size)) == 0)
		glory_table_free(&g);
	return 0;
}
