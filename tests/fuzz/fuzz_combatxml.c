/* fuzz_combatxml: combatin_read_xml alone, whatever the first byte. */
#define FUZZ_SEEDS "tests/fixtures/combat/*.xml tests/golden/combat/*.xml"
#include "dba/combat.h"
#include "dba/combatin.h"
#include "fuzz.h"
#include "rules/rules.h"

static struct rules *rules;

static void
one(void *ctx, const struct combat *c)
{
	struct combat_result cr;

	(void)ctx;
	combat_eval(rules, c, &cr);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_setup();
	if ((rules = rules_load(NULL)) == NULL)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in;

	fuzz_input(&in, data, size);
	combatin_read_xml(rules, &in, one, NULL);
	input_close(&in);
	return 0;
}
