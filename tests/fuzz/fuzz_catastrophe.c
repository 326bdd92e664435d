/* fuzz_catastrophe: side and battle lines, or catastrophe XML (from the
 * first byte), through the library's battle code (campaign-catastrophe's
 * own): each side rolled, fought in pairs and written in every format
 * (XML as odds). */
#define FUZZ_SEEDS "tests/fixtures/catastrophe/* samples/battle.txt"
#define FUZZ_INIT
#include <string.h>

#include "campaign/pairing.h"
#include "fuzz.h"

static struct cat_table table;

static void
fuzz_init(void)
{
	if (cat_table_load(&table, NULL) < 0)
		abort();
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
		o[f].table = &table;
		o[f].report_seed = true;
		o[f].odds = f == 1;
	}
	pairing_init(&b, o, 4, &table, NULL, 42);
	fuzz_input(&in, data, size);
	pairing_file(&b, &in);
	input_close(&in);
	pairing_begin(&b, NULL);         /* the outputs begin at the first record */
	pairing_free(&b);
	for (f = 0; f < 4; f++)
		campaignout_end(&o[f]);
	return 0;
}
