/* fuzz_rules: a user's rules file (--rules=FILE of combat-calc). */
#define FUZZ_SEEDS "formats/dba1.xml"
#include "fuzz.h"
#include "rules/rules.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rules *r;

	diag_set_file("fuzz");
	if ((r = rules_load(fuzz_path(data, size))) != NULL)
		rules_free(r);
	return 0;
}
