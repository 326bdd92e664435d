/* fuzz: what every libFuzzer harness shares: quiet diagnostics, the
 * library set up once, a sink for the writers, an input over the data.
 * A harness is tests/fuzz/fuzz_NAME.c; its FUZZ_SEEDS string lists the
 * globs (from the top of the tree) of its seed corpus (tests/fuzz/run.sh
 * reads it). */
#ifndef BELLIS_FUZZ_H
#define BELLIS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/input.h"
#include "core/xmlio.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *fuzz_sink;

/* Once per process: diagnostics off, libxml2 set up, a /dev/null sink. */
static inline void
fuzz_setup(void)
{
	diag_init("fuzz");
	diag_quiet(1);
	xmlio_init();
	if ((fuzz_sink = fopen("/dev/null", "w")) == NULL)
		abort();
}

/* Every run: a new file for the error cap, an input over the data. */
static inline void
fuzz_input(struct input *in, const uint8_t *data, size_t size)
{
	diag_set_file("fuzz");
	input_mem(in, "fuzz", data, size);
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

#endif
