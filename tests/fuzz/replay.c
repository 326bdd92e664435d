/* replay: a plain main for a libFuzzer harness, as libxml2's testFuzzer
 * does: every file named on the command line goes once through
 * LLVMFuzzerTestOneInput, no mutation, no libFuzzer runtime.  Linked
 * with a harness into the sanitizer build (make check), so that the
 * seeds and the saved crash inputs of every harness run under ASan and
 * UBSan at each check.
 *   replay_NAME FILE...
 * Prints "replay NAME: N inputs" and exits 0; a harness that aborts
 * ends it (the sanitizer's report names the input just before, on
 * standard error: "replay: FILE"). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* slurp PATH into a buffer of its exact size (libFuzzer's way, so that
 * ASan sees a read past the end); an empty file is a buffer of 1 byte
 * with a length of 0 */
static uint8_t *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	struct stat st;
	uint8_t *buf;

	if (fp == NULL)
		return NULL;
	if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode) ||
	    (buf = malloc(st.st_size > 0 ? (size_t)st.st_size : 1)) == NULL) {
		fclose(fp);
		return NULL;
	}
	*len = fread(buf, 1, (size_t)st.st_size, fp);
	if (ferror(fp) || *len != (size_t)st.st_size) {
		free(buf);
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	return buf;
}

int
main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/');
	uint8_t *buf;
	size_t len;
	int i, n = 0;

	name = name ? name + 1 : argv[0];
	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		if ((buf = slurp(argv[i], &len)) == NULL) {
			fprintf(stderr, "replay: %s: cannot read\n", argv[i]);
			return 2;
		}
		fprintf(stderr, "replay: %s\n", argv[i]);
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
		n++;
	}
	printf("%s: %d inputs\n", name, n);
	return 0;
}
