/* tmpf: nameless temporary files in TMPDIR. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/tmpf.h"
#include "core/xalloc.h"

const char *
tmpf_dir(void)
{
	const char *dir = getenv("TMPDIR");

	return dir != NULL && *dir != '\0' ? dir : "/tmp";
}

FILE *
tmpf_open(void)
{
	const char *dir = tmpf_dir();
	char *path = xmalloc(strlen(dir) + sizeof "/bellis.XXXXXX");
	FILE *fp = NULL;
	int fd, e;

	sprintf(path, "%s/bellis.XXXXXX", dir);
	if ((fd = mkstemp(path)) >= 0) {
		(void)unlink(path);
		if ((fp = fdopen(fd, "w+")) == NULL) {
			e = errno;
			close(fd);
			errno = e;
		}
	}
	free(path);
	return fp;
}

void
tmpf_failed(const char *what)
{
	diag_sys("cannot %s a temporary file in '%s'", what, tmpf_dir());
	exit(EXIT_SYS);
}

void
tmpf_pread(int fd, void *buf, size_t n, off_t off)
{
	ssize_t k;
	size_t got = 0;

	while (got < n) {
		k = pread(fd, (char *)buf + got, n - got, off + (off_t)got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			tmpf_failed("read");
		got += (size_t)k;
	}
}

void
tmpf_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	ssize_t k;
	size_t put = 0;

	while (put < n) {
		k = pwrite(fd, (const char *)buf + put, n - put,
		    off + (off_t)put);
		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0)
			errno = ENOSPC;
		if (k <= 0)
			tmpf_failed("write");
		put += (size_t)k;
	}
}

size_t
tmpf_budget(size_t dflt)
{
	const char *v = getenv("BELLIS_INDEX_MEMORY");
	unsigned long long b;
	char *end;

	if (v != NULL && *v >= '0' && *v <= '9') {
		errno = 0;
		b = strtoull(v, &end, 10);
		if (errno == 0 && *end == '\0' && b <= SIZE_MAX)
			return (size_t)b;
	}
	return dflt;
}
