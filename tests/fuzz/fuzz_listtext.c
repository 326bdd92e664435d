/* fuzz_listtext: the English list text reader, line by line. */
#define FUZZ_SEEDS "samples/english-lists.txt samples/entries-mail.txt tests/fixtures/armylist-parse/*.txt"
#define FUZZ_ARMIES
#include "army/armyin.h"
#include "army/armyin_int.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *l;
	struct listtext *lt;
	long line = 0;
	size_t n;

	diag_set_file("fuzz");
	lt = listtext_new("fuzz", fuzz_valid_army, NULL);
	while ((l = fuzz_line(&s, end, &n)) != NULL)
		listtext_line(lt, l, n, ++line);
	listtext_flush(lt);
	listtext_free(lt);
	return 0;
}
