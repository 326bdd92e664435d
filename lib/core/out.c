/* Output: atomic -o (temp file + rename), write-error checks. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/out.h"
#include "core/str.h"
#include "core/xalloc.h"

/* The temporary file of -o until out_close: removed if the process
 * exits first (out of memory exits with status 4 from anywhere). */
static char *exit_tmp;
static int exit_registered;

static void
remove_tmp(void)
{
	if (exit_tmp != NULL)
		unlink(exit_tmp);
}

void
out_setup(void)
{
	signal(SIGPIPE, SIG_DFL);
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
}

int
out_open(struct out *o, const char *path)
{
	struct sbuf b = {0};
	const char *slash;
	struct stat st;
	mode_t mask;
	int fd;

	memset(o, 0, sizeof *o);
	if (path == NULL || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	o->path = path;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a device or a pipe (-o /dev/stdout): write it in place */
		if ((o->fp = fopen(path, "w")) == NULL) {
			diag_sys("cannot write '%s'", path);
			return -1;
		}
		return 0;
	}
	slash = strrchr(path, '/');
	if (slash != NULL)
		sbuf_add(&b, path, (size_t)(slash - path) + 1);
	sbuf_printf(&b, ".%s.XXXXXX", slash != NULL ? slash + 1 : path);
	o->tmp = b.s;
	if ((fd = mkstemp(o->tmp)) < 0) {
		diag_sys("cannot create a temporary file for '%s'", path);
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	if (!exit_registered && atexit(remove_tmp) == 0)
		exit_registered = 1;
	exit_tmp = o->tmp;
	if (stat(path, &st) == 0) {
		(void)fchmod(fd, st.st_mode & 07777);
	} else {
		mask = umask(0);
		umask(mask);
		(void)fchmod(fd, 0666 & ~mask);
	}
	if ((o->fp = fdopen(fd, "w")) == NULL) {
		diag_sys("cannot write '%s'", o->tmp);
		close(fd);
		unlink(o->tmp);
		exit_tmp = NULL;
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

static int
close_stdout(void)
{
	int bad, before = errno;

	errno = 0;
	bad = fflush(stdout) != 0 || ferror(stdout);
	if (bad && errno == 0)
		errno = before;
	if (!bad)
		return 0;
	if (errno == EPIPE) {
		diag_raise(EXIT_NO);
		return -1;
	}
	if (errno == 0)
		errno = EIO;
	diag_sys("write error");
	return -1;
}

int
out_close(struct out *o, int commit)
{
	int bad = 0, before;

	if (o->fp == NULL)
		return 0;
	if (o->path == NULL) {
		o->fp = NULL;
		return close_stdout();
	}
	before = errno;
	if (o->tmp == NULL) {
		errno = 0;
		if (fflush(o->fp) != 0 || ferror(o->fp) | (fclose(o->fp) != 0)) {
			if (errno == 0)
				errno = before != 0 ? before : EIO;
			diag_sys("cannot write '%s'", o->path);
			bad = 1;
		}
		o->fp = NULL;
		return bad ? -1 : 0;
	}
	errno = 0;
	if (fflush(o->fp) != 0 || ferror(o->fp)) {
		if (errno == 0)
			errno = before != 0 ? before : EIO;
		diag_sys("cannot write '%s'", o->path);
		bad = 1;
	} else if (commit && fsync(fileno(o->fp)) != 0 && errno != EINVAL) {
		diag_sys("cannot write '%s'", o->path);
		bad = 1;
	}
	if (fclose(o->fp) != 0 && !bad) {
		diag_sys("cannot write '%s'", o->path);
		bad = 1;
	}
	o->fp = NULL;
	if (commit && !bad && rename(o->tmp, o->path) != 0) {
		diag_sys("cannot replace '%s'", o->path);
		bad = 1;
	}
	if (!commit || bad)
		unlink(o->tmp);
	exit_tmp = NULL;
	free(o->tmp);
	o->tmp = NULL;
	return bad ? -1 : 0;
}
