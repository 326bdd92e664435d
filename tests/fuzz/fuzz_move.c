/* fuzz_move: bound and move lines or move XML (from the first byte), the
 * moves judged bound by bound as move-check does (lib/dba/bound: held
 * while a PIP budget is open), written in every format, with and without
 * --pips, at both scales. */
#define FUZZ_SEEDS "tests/fixtures/move/* samples/bound.txt"
#define FUZZ_RULES
#include <string.h>

#include "dba/bounds.h"
#include "fuzz.h"
#include "rules/rules.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum out_fmt fmts[4] = { FMT_TEXT, FMT_XML, FMT_TSV,
	    FMT_JSON };
	struct moveout_opts mo;
	struct bounds bs;
	struct input in;
	int f;

	for (f = 0; f < 4; f++) {
		memset(&mo, 0, sizeof mo);
		mo.fmt = fmts[f];
		mo.lang = (enum lang)(f % LANG_N);
		mo.rules = fuzz_rules;
		mo.multi = f == 3;
		bounds_init(&bs, fuzz_rules, f / 2, f % 2 ? 3 : 0,
		    moveout_new(fuzz_sink, &mo));
		fuzz_input(&in, data, size);
		bounds_read(&bs, &in);
		input_close(&in);
		moveout_finish(bs.w);
		bounds_free(&bs);
	}
	return 0;
}
