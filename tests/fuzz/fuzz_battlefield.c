/* fuzz_battlefield: the battlefield reader, the derivation and every
 * record writer (text, combat lines, XML, JSON, SVG). */
#define FUZZ_SEEDS "samples/battle-*.xml tests/fixtures/battle/*.xml"
#define FUZZ_RULES
#include <string.h>

#include "battle/scan.h"
#include "dba/movein.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum out_fmt fmts[] = { FMT_TEXT, FMT_COMBAT, FMT_XML, FMT_JSONL,
	    FMT_SVG };
	struct scan_opts o;
	char *files[1];
	size_t i;

	memset(&o, 0, sizeof o);
	o.r = fuzz_rules;
	o.tol = 2;
	o.scale = SCALE_15MM;
	files[0] = (char *)fuzz_path(data, size);
	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		o.fmt = fmts[i];
		o.lang = (enum lang)(i % LANG_N);
		diag_set_file("fuzz");
		scan_files(&o, fuzz_sink, files, 1);
	}
	return 0;
}
