/* fuzz_survival: pc lines or survival XML (from the first byte), each pc
 * run through the Survival table and written in every format. */
#define FUZZ_SEEDS "tests/fixtures/survival/* samples/party.txt"
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/campaignout.h"
#include "campaign/campaigntab.h"
#include "fuzz.h"

#include "gen/survival_rng.h"

static struct surv_table table;

static void
record(void *ctx, struct toks *tk, long line, bool cols)
{
	static const char *const kws[] = { "pc" };
	struct campout *o = ctx;
	struct surv_pc p;
	struct dice d;
	int f;

	if (!tok_is(&tk->v[0], "pc")) {
		campin_unknown(&tk->v[0], line, cols, kws, 1);
		return;
	}
	if (campin_pc(tk, line, cols, &table, &p) == 0) {
		p.file = "fuzz";
		dice_stream(&d, 42, (uint64_t)line);
		surv_run(&table, &p, &d);
		for (f = 0; f < 4; f++)
			campout_pc(&o[f], &p);
	}
	free(p.name);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_setup();
	if (surv_table_load(&table) < 0)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const recs[] = { "party", "pc", NULL };
	static const char *const bools[] = { "combat-reflexes",
	    "danger-sense", "cowardice", "reserve", "overconfidence",
	    "berserk", "luck", "leader", "commander", NULL };
	struct campout o[4];
	struct input in;
	int f;

	memset(o, 0, sizeof o);
	for (f = 0; f < 4; f++) {
		o[f].fmt = (enum campout_fmt)f;
		o[f].fp = fuzz_sink;
		o[f].lang = (enum lang)(f % LANG_N);
		o[f].surv = &table;
		o[f].report_seed = true;
		campout_begin(&o[f], "survival");
	}
	fuzz_input(&in, data, size);
	if (input_first_byte(&in) == '<')
		campin_xml(&in, survival_rng, survival_rng_len, "survival.rng",
		    recs, bools, record, o);
	else
		campin_lines(&in, record, o);
	input_close(&in);
	for (f = 0; f < 4; f++)
		campout_end(&o[f]);
	return 0;
}
