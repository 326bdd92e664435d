/* tmpf: nameless temporary files in TMPDIR. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
