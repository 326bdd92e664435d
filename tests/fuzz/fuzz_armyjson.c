/* fuzz_armyjson: the JSON and JSON Lines reader (armylist_read_json),
 * every army through every writer; seeds with members given twice
 * ("armies", "rules", "id"), CR-only line ends and 64 KiB strings.
 * Then the data is read again a few bytes at a time (the reader's
 * window refilled at every kind of byte): the same armies and the same
 * diagnostics, or abort. */
#define FUZZ_SEEDS "tests/fuzz/seeds/json/*"
#define FUZZ_ARMIES
#include "fuzz.h"

#include "core/jsonin.h"
#include "core/str.h"

static void
keep_diag(void *ctx, const struct diag_def *def, const char *file,
    long line, long col, const char *msg)
{
	(void)def;
	(void)file;
	sbuf_printf(ctx, "%ld:%ld %s\n", line, col, msg);
}

static void
army_out(void *ctx, const struct army *a)
{
	armyout_army(ctx, a);
}

/* The armies (JSON Lines) and diagnostics of the data, read at most max
 * bytes at a time (0: as many as the window holds). */
static void
read_by(const uint8_t *data, size_t size, size_t max, struct sbuf *b)
{
	struct armyout *o;
	struct input in;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		abort();
	o = armyout_new(fp, FMT_JSONL, LANG_EN, NULL, NULL);
	diag_set_hook(keep_diag, b);
	fuzz_input(&in, data, size);
	jsonin_read_max = max;
	armylist_read_json(&in, army_out, o);
	jsonin_read_max = 0;
	input_close(&in);
	diag_set_hook(NULL, NULL);
	(void)armyout_finish(o);
	if (fclose(fp) != 0)
		abort();
	sbuf_add(b, buf, len);
	free(buf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sbuf whole = {0}, pieces = {0};

	fuzz_writers(data, size, armylist_read_json);
	read_by(data, size, 0, &whole);
	read_by(data, size, 1 + size % 7, &pieces);
	if (whole.len != pieces.len ||
	    memcmp(whole.s, pieces.s, whole.len) != 0) {
		fprintf(stderr, "fuzz: read in %zu-byte pieces:\n%s\n"
		    "read whole:\n%s\n", 1 + size % 7, sbuf_str(&pieces),
		    sbuf_str(&whole));
		abort();
	}
	sbuf_free(&whole);
	sbuf_free(&pieces);
	return 0;
}
