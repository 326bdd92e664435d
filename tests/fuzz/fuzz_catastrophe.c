/* fuzz_catastrophe: side and battle lines, or catastrophe XML (from the
 * first byte), each side rolled and fought in pairs, written in every
 * format (XML as odds). */
#define FUZZ_SEEDS "tests/fixtures/catastrophe/* samples/battle.txt"
#include <string.h>

#include "campaign/campaignin.h"
#include "campaign/campaignout.h"
#include "campaign/campaigntab.h"
#include "fuzz.h"

#include "gen/catastrophe_rng.h"

static struct cat_table table;

struct run {
	struct campout o[4];
	struct cat_side buf[2];
	size_t nbuf;
};

static void
flush(struct run *r)
{
	size_t i;
	int f;

	if (r->nbuf == 2)
		cat_battle(&table, r->buf, 2);
	for (i = 0; i < r->nbuf; i++) {
		for (f = 0; f < 4; f++)
			campout_side(&r->o[f], &r->buf[i]);
		cat_side_free(&r->buf[i]);
	}
	r->nbuf = 0;
}

static void
record(void *ctx, struct toks *tk, long line, bool cols)
{
	static const char *const kws[] = { "side", "battle" };
	struct run *r = ctx;
	struct cat_side s;
	struct dice d;
	char *name;

	if (tok_is(&tk->v[0], "battle")) {
		if (campin_battle(tk, line, cols, &name) == 0) {
			flush(r);
			free(name);
		}
		return;
	}
	if (!tok_is(&tk->v[0], "side")) {
		campin_unknown(&tk->v[0], line, cols, kws, 2);
		return;
	}
	if (campin_side(tk, line, cols, &s) < 0) {
		cat_side_free(&s);
		return;
	}
	s.file = "fuzz";
	dice_stream(&d, 42, (uint64_t)line);
	cat_roll(&table, &s, &d);
	if (r->nbuf == 2)
		flush(r);
	r->buf[r->nbuf++] = s;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_setup();
	if (cat_table_load(&table, NULL) < 0)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const recs[] = { "battles", "side", NULL };
	static const char *const bools[] = { "luck", "pc-commander", NULL };
	struct run r;
	struct input in;
	int f;

	memset(&r, 0, sizeof r);
	for (f = 0; f < 4; f++) {
		r.o[f].fmt = (enum campout_fmt)f;
		r.o[f].fp = fuzz_sink;
		r.o[f].lang = (enum lang)(f % LANG_N);
		r.o[f].table = &table;
		r.o[f].report_seed = true;
		r.o[f].battles = true;
		r.o[f].odds = f == 1;
		campout_begin(&r.o[f], "catastrophes");
	}
	fuzz_input(&in, data, size);
	if (input_first_byte(&in) == '<')
		campin_xml(&in, catastrophe_rng, catastrophe_rng_len,
		    "catastrophe.rng", recs, bools, record, &r);
	else
		campin_lines(&in, record, &r);
	flush(&r);
	input_close(&in);
	for (f = 0; f < 4; f++)
		campout_end(&r.o[f]);
	return 0;
}
