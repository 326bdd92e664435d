/* fuzz_listtext: the English list text reader, line by line. */
#define FUZZ_SEEDS "samples/english-lists.txt tests/fixtures/armylist-parse/*.txt"
#include <string.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
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
	const char *s = (const char *)data, *end = s + size, *nl;
	struct listtext *lt;
	long line = 0;

	diag_set_file("fuzz");
	lt = listtext_new("fuzz", emit, NULL);
	while (s < end) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		listtext_line(lt, s, (size_t)(nl - s), ++line);
		s = nl + 1;
	}
	listtext_flush(lt);
	listtext_free(lt);
	return 0;
}
