/* fuzz_sheet: the table-row state machine (sheet_row) fed cells split at
 * tabs, one row per line, a blank line ending a table; seeds with
 * columns given twice and fields at and past 64 KiB (continuation rows
 * included). */
#define FUZZ_SEEDS "samples/armeelisten-121-180.tsv tests/fixtures/armylist-parse/*.tsv tests/fuzz/seeds/sheet/*"
#define FUZZ_ARMIES
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/xalloc.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *l, *nl, *c;
	struct sheet *sh;
	struct cell *cells = NULL;
	size_t cap = 0, nc, n;
	long line = 0;

	diag_set_file("fuzz");
	sh = sheet_new("fuzz", fuzz_valid_army, NULL);
	while ((l = fuzz_line(&s, end, &n)) != NULL) {
		line++;
		if (n == 0) {
			sheet_flush(sh);
			continue;
		}
		nl = l + n;
		for (nc = 0, c = l;; nc++) {
			const char *t = memchr(c, '\t', (size_t)(nl - c));

			if (t == NULL)
				t = nl;
			cells = xgrow(cells, &cap, nc + 1, sizeof *cells);
			cells[nc].s = c;
			cells[nc].n = (size_t)(t - c);
			cells[nc].line = line;
			cells[nc].col = (long)(c - l) + 1;
			if (t == nl) {
				nc++;
				break;
			}
			c = t + 1;
		}
		sheet_row(sh, cells, nc);
	}
	sheet_flush(sh);
	sheet_free(sh);
	free(cells);
	return 0;
}
