/* fuzz_combat: combat lines and combat XML (the carrier from the first
 * byte, as combat-calc does), each combat judged by combat-calc's own
 * code (combatrun: dice rolled when none are given, the odds) and
 * written as text, XML, TSV and JSON. */
#define FUZZ_SEEDS "tests/fixtures/combat/* samples/combats.txt"
#define FUZZ_RULES
#include <string.h>

#include "dba/combat.h"
#include "dba/combatin.h"
#include "dba/combatout.h"
#include "dba/combatrun.h"
#include "fuzz.h"
#include "rules/rules.h"

static void
one(void *ctx, const struct combat *c)
{
	struct combatout **w = ctx;
	struct combatrun run = { .rules = fuzz_rules, .roll = true,
	    .odds = true, .seed = 1 };
	struct combat_result cr;
	int f;

	combatrun_judge(&run, c, &cr);
	for (f = 0; f < 4; f++)
		combatout_combat(w[f], c, &cr);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum out_fmt fmts[4] = { FMT_TEXT, FMT_XML, FMT_TSV,
	    FMT_JSON };
	struct combatout_opts co;
	struct combatout *w[4];
	struct input in;
	int f;

	memset(&co, 0, sizeof co);
	co.rules = fuzz_rules->edition;
	co.table = fuzz_rules;
	co.odds = true;
	for (f = 0; f < 4; f++) {
		co.fmt = fmts[f];
		co.lang = (enum lang)(f % LANG_N);
		w[f] = combatout_new(fuzz_sink, &co);
	}
	fuzz_input(&in, data, size);
	if (input_first_byte(&in) == '<')
		combatin_read_xml(fuzz_rules, &in, one, w);
	else
		combatin_read_lines(fuzz_rules, &in, one, w);
	input_close(&in);
	for (f = 0; f < 4; f++)
		combatout_finish(w[f]);
	return 0;
}
