/* fuzz_sheet: the table-row state machine (sheet_row) fed cells split at
 * tabs, one row per line, a blank line ending a table. */
#define FUZZ_SEEDS "samples/armeelisten-121-180.tsv tests/fixtures/armylist-parse/*.tsv"
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/xalloc.h"
#include "fuzz.h"

static void
emit(void *ctx, const struct army *a)
{
	(void)a;
	(void)ctx;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_setup();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *nl, *c;
	struct sheet *sh;
	struct cell *cells = NULL;
	size_t cap = 0, nc;
	long line = 0;

	diag_set_file("fuzz");
	sh = sheet_new("fuzz", emit, NULL);
	while (s < end) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		line++;
		if (nl == s) {
			sheet_flush(sh);
			s = nl + 1;
			continue;
		}
		for (nc = 0, c = s;; nc++) {
			const char *t = memchr(c, '\t', (size_t)(nl - c));

			if (t == NULL)
				t = nl;
			cells = xgrow(cells, &cap, nc + 1, sizeof *cells);
			cells[nc].s = c;
			cells[nc].n = (size_t)(t - c);
			cells[nc].line = line;
			cells[nc].col = (long)(c - s) + 1;
			if (t == nl) {
				nc++;
				break;
			}
			c = t + 1;
		}
		sheet_row(sh, cells, nc);
		s = nl + 1;
	}
	sheet_flush(sh);
	sheet_free(sh);
	free(cells);
	return 0;
}
