/* fuzz_cattable: a user's Catastrophe table (--table=FILE). */
#define FUZZ_SEEDS "formats/catastrophe.xml tests/fixtures/catastrophe/table-*.xml"
#include "campaign/campaigntab.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cat_table t;

	diag_set_file("fuzz");
	if (cat_table_load(&t, fuzz_path(data, size)) == 0)
		cat_table_free(&t);
	return 0;
}
