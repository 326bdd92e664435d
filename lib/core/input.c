/* Reading operands: buffered, line-numbered, with a first-byte peek. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
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
input_fd(struct input *in, const char *name, int fd)
{
	memset(in, 0, sizeof *in);
	in->name = name;
	in->fd = fd;
}

/* The way back of input_keep. */
struct input_keep {
	long long skipped, bytes, off;  /* off: the file's, -1 none */
	unsigned char mode;
	bool lost;
	char *head;                     /* the bytes buffered at the mark */
	size_t nhead;
	char *kept;                     /* read since (no file offset) */
	size_t nkept, capkept, max;
	struct input at;                /* the input at the mark: a file
	                                 * read again reads the same pieces,
	                                 * its descriptor left where the
	                                 * first reading would have left it */
};

static void
keep_free(struct input *in)
{
	if (in->keep == NULL)
		return;
	free(in->keep->head);
	free(in->keep->kept);
	free(in->keep);
	in->keep = NULL;
}

void
input_keep(struct input *in, size_t max)
{
	struct input_keep *k;
	struct stat st;

	keep_free(in);
	k = in->keep = xcalloc(1, sizeof *k);
	k->skipped = in->skipped;
	k->bytes = in->bytes;
	k->mode = in->mode;
	k->nhead = in->end - in->start;
	k->head = xmalloc(k->nhead + 1);
	if (k->nhead > 0)       /* nothing read yet: buf may be NULL */
		memcpy(k->head, in->buf + in->start, k->nhead);
	k->max = max;
	k->at = *in;
	k->off = -1;
	if (in->fd < 0)
		k->off = 0;
	else if (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode))
		k->off = (long long)lseek(in->fd, 0, SEEK_CUR);
}

size_t
input_keep_room(const struct input *in)
{
	const struct input_keep *k = in->keep;

	if (k == NULL || k->lost)
		return 0;
	return k->off >= 0 ? SIZE_MAX : k->max - k->nkept;
}

/* Note bytes handed to the caller for the way back. */
static void
keep_note(struct input *in, const char *p, size_t n)
{
	struct input_keep *k = in->keep;

	if (k->off >= 0 || k->lost)
		return;
	if (n > k->max - k->nkept) {
		k->lost = true;
		free(k->kept);
		k->kept = NULL;
		return;
	}
	k->kept = xgrow(k->kept, &k->capkept, k->nkept + n, 1);
	memcpy(k->kept + k->nkept, p, n);
	k->nkept += n;
}

bool
input_again(struct input *in)
{
	struct input_keep *k = in->keep;
	size_t rest = in->end - in->start, n;
	char *buf;
	struct input at;

	if (k == NULL || k->lost || (k->off >= 0 && in->fd >= 0 &&
	    lseek(in->fd, (off_t)k->off, SEEK_SET) < 0)) {
		keep_free(in);
		return false;
	}
	if (k->off >= 0) {      /* the file from its offset, or memory */
		at = k->at;
		at.buf = at.cap > 0 ? xmalloc(at.cap) : NULL;
		if (k->nhead > 0)
			memcpy(at.buf + at.start, k->head, k->nhead);
		at.keep = NULL;
		keep_free(in);
		free(in->buf);
		*in = at;
		return true;
	}
	/* a stream: what was read, then what is left */
	n = k->nkept + rest;
	buf = xmalloc(n + CHUNK);
	if (k->nkept > 0)
		memcpy(buf, k->kept, k->nkept);
	if (rest > 0)
		memcpy(buf + k->nkept, in->buf + in->start, rest);
	free(in->buf);
	in->buf = buf;
	in->cap = n + CHUNK;
	in->start = 0;
	in->end = n;
	in->failed = false;
	in->skipped = k->skipped;
	in->bytes = k->bytes;
	in->mode = k->mode;
	keep_free(in);
	return true;
}

void
input_close(struct input *in)
{
	keep_free(in);
	if (in->fd > STDIN_FILENO)
		close(in->fd);
	in->fd = -1;
	free(in->buf);
	in->buf = NULL;
}

enum { M_UNDECIDED, M_RAW, M_TEXT, M_U16LE, M_U16BE };
enum { BOM_NONE, BOM_UTF8, BOM_U16LE, BOM_U16BE };

/* Append code point c as UTF-8. */
static void
put_utf8(struct input *in, unsigned long c)
{
	char *p = in->buf + in->end;

	if (c < 0x80) {
		p[0] = (char)c;
		in->end += 1;
	} else if (c < 0x800) {
		p[0] = (char)(0xc0 | c >> 6);
		p[1] = (char)(0x80 | (c & 0x3f));
		in->end += 2;
	} else if (c < 0x10000) {
		p[0] = (char)(0xe0 | c >> 12);
		p[1] = (char)(0x80 | (c >> 6 & 0x3f));
		p[2] = (char)(0x80 | (c & 0x3f));
		in->end += 3;
	} else {
		p[0] = (char)(0xf0 | c >> 18);
		p[1] = (char)(0x80 | (c >> 12 & 0x3f));
		p[2] = (char)(0x80 | (c >> 6 & 0x3f));
		p[3] = (char)(0x80 | (c & 0x3f));
		in->end += 4;
	}
}

static unsigned long
unit(const struct input *in, const unsigned char *b)
{
	return in->mode == M_U16LE ? (unsigned long)(b[0] | b[1] << 8) :
	    (unsigned long)(b[0] << 8 | b[1]);
}

/* Decode n bytes of UTF-16 after the bytes pending from the last call;
 * the buffer has room for 3 bytes per 2 of src, plus 4.  At the end of
 * the input (src NULL) a pending half becomes U+FFFD. */
static void
u16_decode(struct input *in, const unsigned char *src, size_t n)
{
	unsigned long hi, lo;
	size_t i;

	if (src == NULL) {
		if (in->npend > 0)
			put_utf8(in, 0xfffd);
		in->npend = 0;
		return;
	}
	for (i = 0; i < n; i++) {
		in->pend[in->npend++] = src[i];
		if (in->npend == 4) {
			hi = unit(in, in->pend);
			lo = unit(in, in->pend + 2);
			if (lo >= 0xdc00 && lo < 0xe000) {
				put_utf8(in, 0x10000 + ((hi - 0xd800) << 10) +
				    (lo - 0xdc00));
				in->npend = 0;
				continue;
			}
			/* a high surrogate alone: U+FFFD, then this unit */
			put_utf8(in, 0xfffd);
			memcpy(in->pend, in->pend + 2, 2);
			in->npend = 2;
		}
		if (in->npend == 2) {
			hi = unit(in, in->pend);
			if (hi >= 0xd800 && hi < 0xdc00)
				continue;   /* wait for the low half */
			put_utf8(in, hi >= 0xdc00 && hi < 0xe000 ? 0xfffd : hi);
			in->npend = 0;
		}
	}
}

/* Read more bytes at the end of the buffer (decoded from UTF-16 in that
 * mode); returns bytes added, 0 at the end of the input. */
static size_t
fill(struct input *in)
{
	unsigned char raw[CHUNK / 2];
	size_t before;
	ssize_t r;
	bool u16 = in->mode == M_U16LE || in->mode == M_U16BE;

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
	before = in->end;
	do {
		/* raw UTF-16 (at most 3 bytes of UTF-8 per 2) leaves room */
		do
			r = u16 ? read(in->fd, raw, sizeof raw) :
			    read(in->fd, in->buf + in->end, in->cap - in->end);
		while (r < 0 && errno == EINTR);
		if (r < 0) {
			diag_sys("cannot read '%s'", in->name);
			in->failed = true;
			return 0;
		}
		if (r == 0) {
			in->eof = true;
			if (u16)
				u16_decode(in, NULL, 0);
		} else if (u16) {
			u16_decode(in, raw, (size_t)r);
		} else {
			in->end += (size_t)r;
		}
	} while (in->end == before && !in->eof);
	return in->end - before;
}

/* Whether the bytes after a UTF-16 byte order mark look like UTF-16
 * text: a blank or a line end among the first characters, or only
 * Latin-1 ones.  Junk or UTF-8 that happens to start with FF FE has
 * neither, and is read as bytes. */
static bool
u16_likely(struct input *in, bool le)
{
	const unsigned char *b;
	unsigned long u;
	size_t i, n;
	bool latin1 = true;

	while (in->end - in->start < 4098 && fill(in) > 0)
		;
	b = (const unsigned char *)in->buf + in->start;
	n = in->end - in->start < 4098 ? in->end - in->start : 4098;
	for (i = 2; i + 1 < n; i += 2) {
		u = le ? (unsigned long)(b[i] | b[i + 1] << 8) :
		    (unsigned long)(b[i] << 8 | b[i + 1]);
		if (u == ' ' || u == '\t' || u == '\n' || u == '\r')
			return true;
		if (u > 0xff)
			latin1 = false;
	}
	return latin1;
}

/* The byte order mark at the start of the input, if any (nothing read). */
static int
bom(struct input *in)
{
	const unsigned char *b;
	size_t n;

	while (in->end - in->start < 3 && fill(in) > 0)
		;
	b = (const unsigned char *)in->buf + in->start;
	n = in->end - in->start;
	if (n >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
		return BOM_UTF8;
	/* u16_likely reads on and may move the buffer: b is not used
	 * after it */
	if (n >= 2 && b[0] == 0xff && b[1] == 0xfe)
		return u16_likely(in, true) ? BOM_U16LE : BOM_NONE;
	if (n >= 2 && b[0] == 0xfe && b[1] == 0xff)
		return u16_likely(in, false) ? BOM_U16BE : BOM_NONE;
	return BOM_NONE;
}

/* The first text read: drop a UTF-8 byte order mark, or decode UTF-16
 * from here on, starting with the bytes already in the buffer. */
static void
text_begin(struct input *in)
{
	unsigned char *raw;
	size_t n;
	int b;

	if (in->mode != M_UNDECIDED)
		return;
	b = bom(in);
	in->mode = M_TEXT;
	if (b == BOM_UTF8) {
		in->bom = 8;
		in->start += 3;
		in->bytes += 3;
	} else if (b == BOM_U16LE || b == BOM_U16BE) {
		in->bom = 16;
		in->mode = b == BOM_U16LE ? M_U16LE : M_U16BE;
		in->start += 2;
		in->bytes += 2;
		n = in->end - in->start;
		raw = xmalloc(n + 1);
		memcpy(raw, in->buf + in->start, n);
		in->end = in->start;
		in->buf = xgrow(in->buf, &in->cap, in->end + n / 2 * 3 + 8, 1);
		u16_decode(in, raw, n);
		if (in->eof)
			u16_decode(in, NULL, 0);
		free(raw);
	}
}

static bool
blank(unsigned long c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Drop the blank lines of buf[from..i) (all blank) but the last: the
 * run of leading blank lines is not kept whole in memory (300 MB of
 * line ends).  Their line ends are counted in in->skipped. */
static size_t
drop_blank_lines(struct input *in, size_t from, size_t i)
{
	size_t d, k, n = 0;

	/* the last line end but one: its next byte is known (before i)
	 * and is not the LF of a CRLF */
	for (d = i, k = 0; d > from; d--) {
		char c = in->buf[d - 1];

		if (c == '\n' || (c == '\r' && d < i && in->buf[d] != '\n'))
			if (++k == 2)
				break;
	}
	if (k < 2)
		return 0;
	for (k = from; k < d; k++)
		if (in->buf[k] == '\n' ||
		    (in->buf[k] == '\r' && in->buf[k + 1] != '\n'))
			n++;
	memmove(in->buf + from, in->buf + d, in->end - d);
	in->end -= d - from;
	in->bytes += (long long)(d - from);
	in->skipped += (long long)n;
	return d - from;
}

int
input_first_byte(struct input *in)
{
	size_t i, from;
	int b = in->mode == M_UNDECIDED ? bom(in) : BOM_NONE;
	unsigned long c;

	if (b == BOM_U16LE || b == BOM_U16BE) {
		/* read units without decoding: the raw bytes stay for
		 * libxml2 */
		for (i = in->start + 2;; i += 2) {
			while (i + 2 > in->end) {
				i -= in->start;
				if (fill(in) == 0)
					return -1;
				i += in->start;
			}
			c = b == BOM_U16LE ?
			    (unsigned long)((unsigned char)in->buf[i] |
			    (unsigned char)in->buf[i + 1] << 8) :
			    (unsigned long)((unsigned char)in->buf[i] << 8 |
			    (unsigned char)in->buf[i + 1]);
			if (!blank(c))
				return c < 0x80 ? (int)c : 0xff;
		}
	}
	i = from = in->start;
	for (;;) {
		for (; i < in->end; i++) {
			unsigned char u = (unsigned char)in->buf[i];

			if (blank(u))
				continue;
			if (u == 0xef && i + 2 < in->end &&
			    (unsigned char)in->buf[i + 1] == 0xbb &&
			    (unsigned char)in->buf[i + 2] == 0xbf) {
				i += 2;
				from = i + 1;
				continue;
			}
			/* a BOM cut by the read: read on, unless reading
			 * failed (fill would return 0 for ever) */
			if (u == 0xef && i + 2 >= in->end && !in->eof &&
			    !in->failed)
				break;
			return u;
		}
		if (i - from > CHUNK)
			i -= drop_blank_lines(in, from, i);
		i -= in->start;
		from -= in->start;
		if (fill(in) == 0 && i >= in->end - in->start)
			return -1;
		i += in->start;
		from += in->start;
	}
}

size_t
input_peek(struct input *in, const unsigned char **p, size_t n)
{
	int b = in->mode == M_UNDECIDED ? bom(in) : BOM_NONE;

	*p = NULL;
	if (b == BOM_U16LE || b == BOM_U16BE || in->mode == M_U16LE ||
	    in->mode == M_U16BE)
		return 0;
	while (in->end - in->start < n && fill(in) > 0)
		;
	*p = (const unsigned char *)in->buf + in->start;
	return in->end - in->start < n ? in->end - in->start : n;
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
	char narrow[2048] = { 0 };   /* (cppcheck cannot see that n are set) */
	size_t i, n;
	int b = in->mode == M_UNDECIDED ? bom(in) : BOM_NONE;

	while (in->end - in->start < 4096 && fill(in) > 0)
		;
	if (b == BOM_U16LE || b == BOM_U16BE) {
		/* the ASCII of undecoded UTF-16, for the test only */
		n = (in->end - in->start) / 2;
		n = n < sizeof narrow ? n : sizeof narrow;
		for (i = 0; i < n; i++) {
			const char *u = in->buf + in->start + 2 * i;

			narrow[i] = b == BOM_U16LE ? (u[1] == 0 ? u[0] : '?') :
			    (u[0] == 0 ? u[1] : '?');
		}
		return has_ci(narrow, n, "<html") || has_ci(narrow, n, "<table");
	}
	return has_ci(in->buf + in->start, in->end - in->start, "<html") ||
	    has_ci(in->buf + in->start, in->end - in->start, "<table");
}

/* The first line end (CR or LF) in s[0..n), or NULL. */
static char *
eol(char *s, size_t n)
{
	char *lf = memchr(s, '\n', n);
	char *cr = memchr(s, '\r', lf != NULL ? (size_t)(lf - s) : n);

	return cr != NULL ? cr : lf;
}

/* Consume a line of n bytes and its line end *e (NULL at the end of
 * the input). */
static void
take(struct input *in, size_t n, const char *e)
{
	in->start += n;
	in->bytes += (long long)n;
	if (e != NULL) {
		in->cr = *e == '\r';
		in->start++;
		in->bytes++;
	}
}

/* The current line is too long: report it and skip to its end, or end
 * the file when it has none within INPUT_SKIP_MAX bytes. */
static void
too_long(struct input *in, char *e)
{
	long long skipped = 0;
	size_t n;

	DIAG(LINE_TOO_LONG, in->line, 0, INPUT_LINE_MAX);
	while (e == NULL) {
		n = in->end - in->start;
		take(in, n, NULL);
		skipped += (long long)n;
		if (skipped > INPUT_SKIP_MAX) {
			DIAG(LINE_NO_END, in->line, 0, INPUT_SKIP_MAX);
			in->stop = true;
			return;
		}
		if (fill(in) == 0)
			return;
		e = eol(in->buf + in->start, in->end - in->start);
	}
	take(in, (size_t)(e - (in->buf + in->start)), e);
}

bool
input_getline(struct input *in, const char **line, size_t *len)
{
	char *e;
	size_t n, scanned = 0;

	if (in->stop)
		return false;
	text_begin(in);
	in->line += (long)in->skipped;
	in->skipped = 0;
	if (in->cr) {
		/* the LF of a CRLF split between two reads */
		if (in->start == in->end)
			(void)fill(in);
		if (in->start < in->end && in->buf[in->start] == '\n')
			take(in, 0, in->buf + in->start);
		in->cr = false;
	}
	for (;;) {
		e = eol(in->buf + in->start + scanned,
		    in->end - in->start - scanned);
		if (e != NULL)
			break;
		scanned = in->end - in->start;
		if (scanned > INPUT_LINE_MAX || fill(in) == 0)
			break;
	}
	n = e != NULL ? (size_t)(e - (in->buf + in->start)) :
	    in->end - in->start;
	if (e == NULL && n == 0)
		return false;
	in->line++;
	if (n > INPUT_LINE_MAX) {
		/* the same rule however the bytes came in */
		too_long(in, e);
		*line = "";
		*len = 0;
		return true;
	}
	*line = in->buf + in->start;
	*len = n;
	take(in, n, e);
	return true;
}

long
input_read(struct input *in, char *dst, size_t n)
{
	size_t have;

	if (in->mode == M_UNDECIDED)
		in->mode = M_RAW;
	if (in->skipped > 0 && n > 0) {
		/* the blank lines input_first_byte dropped, as LFs */
		have = in->skipped < (long long)n ? (size_t)in->skipped : n;
		memset(dst, '\n', have);
		in->skipped -= (long long)have;
		return (long)have;
	}
	if (in->start == in->end && fill(in) == 0)
		return in->failed ? -1 : 0;
	have = in->end - in->start;
	if (have > n)
		have = n;
	memcpy(dst, in->buf + in->start, have);
	if (in->keep != NULL)
		keep_note(in, dst, have);
	in->start += have;
	in->bytes += (long long)have;
	return (long)have;
}

long
input_read_text(struct input *in, char *dst, size_t n)
{
	text_begin(in);
	return input_read(in, dst, n);
}

