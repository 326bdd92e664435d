/* fuzz_survival: pc lines or survival XML (from the first byte), through
 * the library's code of campaign-survival: each pc run through the
 * Survival table (with a battle for inputs of odd length) and written in
 * every format. */
#define FUZZ_SEEDS "tests/fixtures/survival/* samples/party.txt"
#define FUZZ_INIT
#include <string.h>

#include "campaign/pairing.h"
#include "fuzz.h"

static struct surv_table table;
/* the battle of --battle: Rome's unit leader killed (17) */
static struct struck battle;

static void
fuzz_init(void)
{
	static const struct struck_side side = { .event = "leader-killed",
	    .leader = "LegioI", .fate = FATE_KILLED };

	if (surv_table_load(&table) < 0)
		abort();
	(void)struck_add_side(&battle, "Rome", &side);
	struck_add_unit(&battle, "Rome", "LegioI");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum out_fmt fmts[4] = { FMT_TEXT, FMT_XML, FMT_TSV,
	    FMT_JSON };
	struct campaignout o[4];
	struct pairing b;
	struct input in;
	int f;

	memset(o, 0, sizeof o);
	for (f = 0; f < 4; f++) {
		o[f].fmt = fmts[f];
		o[f].fp = fuzz_sink;
		o[f].lang = (enum lang)(f % LANG_N);
		o[f].surv = &table;
		o[f].report_seed = true;
	}
	pairing_init(&b, o, 4, NULL, &table, 42);
	b.struck = size % 2 ? &battle : NULL;
	fuzz_input(&in, data, size);
	pairing_file(&b, &in);
	input_close(&in);
	pairing_begin(&b, NULL);         /* the outputs begin at the first record */
	pairing_free(&b);
	for (f = 0; f < 4; f++)
		campaignout_end(&o[f]);
	return 0;
}
