/* fuzz: the skeleton of every libFuzzer harness: quiet diagnostics, the
 * library set up once (LLVMFuzzerInitialize is here), a sink for the
 * writers, an input, a file or lines over the data.  A harness is
 * tests/fuzz/fuzz_NAME.c: it defines LLVMFuzzerTestOneInput only, and
 * before it includes this file
 *   FUZZ_SEEDS  a string: the globs (from the top of the tree) of its
 *               seed corpus (tests/fuzz/run.sh reads it)
 *   FUZZ_RULES  to have fuzz_rules, the default rules edition, loaded once
 *   FUZZ_INIT   to have its own static void fuzz_init(void) called once,
 *               after the rest is set up
 *   FUZZ_ARMIES to have fuzz_valid_army, a reader's callback that writes
 *               the army as
 *               armylist XML and aborts unless that validates against
 *               formats/armylist.rng (every output validates) */
#ifndef BELLIS_FUZZ_H
#define BELLIS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <string.h>

#include "core/diag.h"
#include "core/input.h"
#include "core/xmlio.h"
#ifdef FUZZ_RULES
#include "rules/rules.h"
#endif
#ifdef FUZZ_ARMIES
#include "army/armyin.h"
#include "army/armyout.h"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *fuzz_sink;
#ifdef FUZZ_RULES
static struct rules *fuzz_rules;
#endif
#ifdef FUZZ_INIT
static void fuzz_init(void);
#endif

#ifdef FUZZ_ARMIES
/* An army reader's callback: what the reader made of the input, written
 * as armylist XML, validates against its schema. */
static void
fuzz_valid_army(void *ctx, const struct army *a)
{
	struct armyout *o;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)ctx;
	if ((fp = open_memstream(&buf, &len)) == NULL)
		abort();
	o = armyout_new(fp, FMT_XML, LANG_EN, NULL, NULL);
	armyout_army(o, a);
	(void)armyout_finish(o);
	if (fclose(fp) != 0)
		abort();
	if (!armylist_valid(buf, len)) {
		fprintf(stderr, "fuzz: invalid armylist XML written:\n%s\n",
		    buf);
		abort();
	}
	free(buf);
}

#endif

/* Once per process: diagnostics off, libxml2 set up, a /dev/null sink,
 * the rules and the harness's own set-up where it asks for them. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	diag_init("fuzz");
	diag_quiet(1);
	xmlio_init();
	if ((fuzz_sink = fopen("/dev/null", "w")) == NULL)
		abort();
#ifdef FUZZ_RULES
	if ((fuzz_rules = rules_load(NULL)) == NULL)
		abort();
#endif
#ifdef FUZZ_INIT
	fuzz_init();
#endif
	return 0;
}

/* Every run: a new file for the error cap, an input over the data. */
static inline void
fuzz_input(struct input *in, const uint8_t *data, size_t size)
{
	diag_set_file("fuzz");
	input_mem(in, "fuzz", data, size);
}

/* The next line of the data at *s (before end), its length without the
 * newline in *n; *s moves past it.  NULL when no line is left. */
static inline const char *
fuzz_line(const char **s, const char *end, size_t *n)
{
	const char *l = *s, *nl;

	if (l >= end)
		return NULL;
	if ((nl = memchr(l, '\n', (size_t)(end - l))) == NULL)
		nl = end;
	*n = (size_t)(nl - l);
	*s = nl < end ? nl + 1 : end;
	return l;
}

/* The data as a file (for the readers that take a path: --rules,
 * --table, --glory-table): an unlinked temporary file rewritten every
 * run, named through /proc/self/fd. */
static inline const char *
fuzz_path(const uint8_t *data, size_t size)
{
	static char path[64];
	static int fd = -1;

	if (fd < 0) {
		char tmpl[] = "/tmp/bellis-fuzz-XXXXXX";

		if ((fd = mkstemp(tmpl)) < 0)
			abort();
		unlink(tmpl);
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) < 0 ||
	    (size > 0 && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	return path;
}

#ifdef FUZZ_ARMIES
/* Every army a reader makes of the data through every writer (xml, tsv,
 * json, text, in turn the languages), and validated as armylist XML. */
static void
fuzz_emit_all(void *ctx, const struct army *a)
{
	struct armyout **o = ctx;
	int f;

	for (f = 0; f < 4; f++)
		armyout_army(o[f], a);
	fuzz_valid_army(NULL, a);
}

static inline void
fuzz_writers(const uint8_t *data, size_t size,
    void (*read)(struct input *, army_cb, void *))
{
	static const enum out_fmt fmts[4] = { FMT_XML, FMT_TSV, FMT_JSON,
	    FMT_TEXT };
	struct armyout *o[4];
	struct input in;
	int f;

	for (f = 0; f < 4; f++)
		o[f] = armyout_new(fuzz_sink, fmts[f],
		    (enum lang)(f % LANG_N), NULL, NULL);
	fuzz_input(&in, data, size);
	read(&in, fuzz_emit_all, o);
	input_close(&in);
	for (f = 0; f < 4; f++)
		armyout_finish(o[f]);
}
#endif

#endif
