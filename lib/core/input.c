/* Reading operands: buffered, line-numbered, with a first-byte peek. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/input.h"
#include "core/xalloc.h"

#define CHUNK 65536

int
input_open(struct input *in, const char *name)
{
	struct stat st;

	memset(in, 0, sizeof *in);
	in->name = name;
	if (strcmp(name, "-") == 0) {
		in->fd = STDIN_FILENO;
	} else if ((in->fd = open(name, O_RDONLY | O_CLOEXEC)) < 0) {
		diag_sys("cannot open '%s'", name);
		return -1;
	}
	if (fstat(in->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		diag_sys("cannot read '%s'", name);
		if (in->fd != STDIN_FILENO)
			close(in->fd);
		in->fd = -1;
		return -1;
	}
	return 0;
}

void
input_mem(struct input *in, const char *name, const void *buf, size_t len)
{
	memset(in, 0, sizeof *in);
	in->name = name;
	in->fd = -1;
	in->cap = len + 1;
	in->buf = xmalloc(in->cap);
	if (len > 0)
		memcpy(in->buf, buf, len);
	in->end = len;
	in->eof = true;
}

void
input_close(struct input *in)
{
	if (in->fd > STDIN_FILENO)
		close(in->fd);
	in->fd = -1;
	free(in->buf);
	in->buf = NULL;
}

/* Read more bytes at the end of the buffer; returns bytes read. */
static size_t
fill(struct input *in)
{
	ssize_t r;

	if (in->eof || in->failed)
		return 0;
	if (in->start > 0 && in->start == in->end)
		in->start = in->end = 0;
	if (in->cap - in->end < CHUNK) {
		if (in->start > 0) {
			memmove(in->buf, in->buf + in->start,
			    in->end - in->start);
			in->end -= in->start;
			in->start = 0;
		}
		if (in->cap - in->end < CHUNK)
			in->buf = xgrow(in->buf, &in->cap, in->end + CHUNK, 1);
	}
	do
		r = read(in->fd, in->buf + in->end, in->cap - in->end);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		diag_sys("cannot read '%s'", in->name);
		in->failed = true;
		return 0;
	}
	if (r == 0)
		in->eof = true;
	in->end += (size_t)r;
	return (size_t)r;
}

int
input_first_byte(struct input *in)
{
	size_t i = in->start;

	for (;;) {
		for (; i < in->end; i++) {
			unsigned char c = (unsigned char)in->buf[i];

			if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
				continue;
			if (c == 0xef && i + 2 < in->end &&
			    (unsigned char)in->buf[i + 1] == 0xbb &&
			    (unsigned char)in->buf[i + 2] == 0xbf) {
				i += 2;
				continue;
			}
			if (c == 0xef && i + 2 >= in->end && !in->eof)
				break;
			return c;
		}
		i -= in->start;
		if (fill(in) == 0)
			return -1;
		i += in->start;
	}
}

static bool
has_ci(const char *s, size_t n, const char *pat)
{
	size_t m = strlen(pat), i, j;

	for (i = 0; i + m <= n; i++) {
		for (j = 0; j < m; j++) {
			char c = s[i + j];

			if (c >= 'A' && c <= 'Z')
				c += 32;
			if (c != pat[j])
				break;
		}
		if (j == m)
			return true;
	}
	return false;
}

bool
input_looks_html(struct input *in)
{
	while (in->end - in->start < 4096 && fill(in) > 0)
		;
	return has_ci(in->buf + in->start, in->end - in->start, "<html") ||
	    has_ci(in->buf + in->start, in->end - in->start, "<table");
}

bool
input_getline(struct input *in, const char **line, size_t *len)
{
	char *nl;
	size_t n, scanned = 0;

	for (;;) {
		nl = memchr(in->buf + in->start + scanned, '\n',
		    in->end - in->start - scanned);
		if (nl != NULL)
			break;
		scanned = in->end - in->start;
		if (scanned > INPUT_LINE_MAX) {
			in->line++;
			DIAG(LINE_TOO_LONG, in->line, 0, INPUT_LINE_MAX);
			*line = in->buf + in->start;
			*len = INPUT_LINE_MAX;
			/* skip to the end of this line */
			for (;;) {
				in->start = in->end;
				if (fill(in) == 0)
					break;
				nl = memchr(in->buf + in->start, '\n',
				    in->end - in->start);
				if (nl != NULL) {
					in->start = (size_t)(nl -
					    in->buf) + 1;
					break;
				}
			}
			/* the kept prefix was moved; hand back nothing of it */
			*line = "";
			*len = 0;
			return true;
		}
		if (fill(in) == 0) {
			if (in->end == in->start)
				return false;
			in->line++;
			*line = in->buf + in->start;
			n = in->end - in->start;
			in->start = in->end;
			in->bytes += (long long)n;
			if (n > 0 && (*line)[n - 1] == '\r')
				n--;
			*len = n;
			return true;
		}
	}
	in->line++;
	*line = in->buf + in->start;
	n = (size_t)(nl - (in->buf + in->start));
	in->start += n + 1;
	in->bytes += (long long)n + 1;
	if (n > 0 && (*line)[n - 1] == '\r')
		n--;
	*len = n;
	return true;
}

long
input_read(struct input *in, char *dst, size_t n)
{
	size_t have;

	if (in->start == in->end && fill(in) == 0)
		return in->failed ? -1 : 0;
	have = in->end - in->start;
	if (have > n)
		have = n;
	memcpy(dst, in->buf + in->start, have);
	in->start += have;
	in->bytes += (long long)have;
	return (long)have;
}

int
input_slurp(struct input *in, char **out, size_t *len, size_t max)
{
	while (fill(in) > 0)
		if (in->end - in->start > max) {
			DIAG(INPUT_TOO_LARGE, 0, 0, max);
			return -1;
		}
	if (in->failed)
		return -1;
	*len = in->end - in->start;
	*out = xmalloc(*len + 1);
	memcpy(*out, in->buf + in->start, *len);
	(*out)[*len] = '\0';
	in->start = in->end;
	return 0;
}
