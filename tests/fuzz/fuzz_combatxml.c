/* fuzz_combatxml: combatin_read_xml alone, whatever the first byte. */
#define FUZZ_SEEDS "tests/fixtures/combat/*.xml tests/regress/combat-calc/*xml.out"
#define FUZZ_RULES
#include "dba/combat.h"
#include "dba/combatin.h"
#include "fuzz.h"
#include "rules/rules.h"

static void
one(void *ctx, const struct combat *c)
{
	struct combat_result cr;

	(void)ctx;
	combat_eval(fuzz_rules, c, &cr);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in;

	fuzz_input(&in, data, size);
	combatin_read_xml(fuzz_rules, &in, one, NULL);
	input_close(&in);
	return 0;
}
