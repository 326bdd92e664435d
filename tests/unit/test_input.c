/* Unit tests of the input module over memory (input_mem) and pipes. */
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/input.h"
#include "unit.h"

static void
test_lines(void)
{
	static const char text[] = "\xef\xbb\xbf  one\r\ntwo\n\nthree";
	struct input in;
	const char *s;
	size_t n;

	input_mem(&in, "mem", text, sizeof text - 1);
	CHECK_STR(in.name, "mem");
	CHECK(input_first_byte(&in) == 'o');
	CHECK(!input_looks_html(&in));
	/* the byte order mark is not part of the first line */
	CHECK(input_getline(&in, &s, &n) && n == 5 && in.line == 1);
	CHECK(memcmp(s, "  one", 5) == 0);
	CHECK(input_getline(&in, &s, &n) && n == 3 && in.line == 2);
	CHECK(input_getline(&in, &s, &n) && n == 0 && in.line == 3);
	CHECK(input_getline(&in, &s, &n) && n == 5 && in.line == 4);
	CHECK(memcmp(s, "three", 5) == 0);
	CHECK(!input_getline(&in, &s, &n));
	CHECK(in.bytes == (long long)sizeof text - 1);
	input_close(&in);
	CHECK(in.buf == NULL && in.fd == -1);
}

/* Lines of text read from memory, joined by '|'. */
static const char *
lines(const char *text, size_t len)
{
	static char out[256];
	struct input in;
	const char *s;
	size_t n, k = 0;

	input_mem(&in, "mem", text, len);
	while (input_getline(&in, &s, &n) && k + n + 2 < sizeof out) {
		if (k > 0)
			out[k++] = '|';
		memcpy(out + k, s, n);
		k += n;
	}
	out[k] = '\0';
	input_close(&in);
	return out;
}

#define LINES(lit) lines(lit, sizeof lit - 1)

static void
test_line_ends(void)
{
	/* a CR alone ends a line; CRLF is one line end */
	CHECK_STR(LINES("# c\rone\rtwo\r"), "# c|one|two");
	CHECK_STR(LINES("a\r\nb\r\n\r\nc"), "a|b||c");
	CHECK_STR(LINES("a\r\rb\n\rc"), "a||b||c");
	CHECK_STR(LINES("a\r"), "a");
	CHECK_STR(LINES("\r"), "");
	CHECK_STR(LINES("\xef\xbb\xbf" "a\r"), "a");
	/* a byte order mark only at the start */
	CHECK_STR(LINES("a\n\xef\xbb\xbf" "b"), "a|\xef\xbb\xbf" "b");
}

static void
test_utf16(void)
{
	/* "<a>\r\n" U+00E4, U+20AC, U+1F600, then a lone high half */
	static const char le[] = "\xff\xfe<\0a\0>\0\r\0\n\0\xe4\0\xac\x20"
	    "\x3d\xd8\x00\xde\n\0\x3d\xd8" "b\0";
	static const char be[] = "\xfe\xff\0<\0a\0>\0\r\0\n\0\xe4\x20\xac"
	    "\xd8\x3d\xde\x00\0\n\xd8\x3d\0b";
	static const char odd[] = "\xff\xfe" "a\0b";
	struct input in;
	char buf[8];

	CHECK_STR(lines(le, sizeof le - 1),
	    "<a>|\xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80|\xef\xbf\xbd" "b");
	CHECK_STR(lines(be, sizeof be - 1),
	    "<a>|\xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80|\xef\xbf\xbd" "b");
	CHECK_STR(lines(odd, sizeof odd - 1), "a\xef\xbf\xbd");
	/* a low half alone */
	CHECK_STR(LINES("\xff\xfe\x00\xdcx\0 \0"), "\xef\xbf\xbdx ");
	/* FF FE before text that is not UTF-16: bytes, as they are */
	CHECK_STR(LINES("\xff\xfe\xc3(\n# one two\n"),
	    "\xff\xfe\xc3(|# one two");
	CHECK_STR(LINES("\xfe\xff\x04\x10\x04\x11"), "\xfe\xff\x04\x10\x04\x11");

	/* the peeks see through UTF-16; raw reads get the bytes as they
	 * are, for libxml2 */
	input_mem(&in, "mem", le, sizeof le - 1);
	CHECK(input_first_byte(&in) == '<');
	CHECK(!input_looks_html(&in));
	CHECK(input_read(&in, buf, 4) == 4 && memcmp(buf, "\xff\xfe<", 4) == 0);
	input_close(&in);
	input_mem(&in, "mem", "\xfe\xff\0 \0<\0h\0T\0m\0l", 14);
	CHECK(input_first_byte(&in) == '<');
	CHECK(input_looks_html(&in));
	input_close(&in);
	input_mem(&in, "mem", "\xff\xfe \0\x00\x04", 6);
	CHECK(input_first_byte(&in) == 0xff);
	input_close(&in);
	input_mem(&in, "mem", "\xff\xfe \0", 4);
	CHECK(input_first_byte(&in) == -1);
	input_close(&in);
}

static void
test_raw(void)
{
	static const char page[] = " <HTML><body>\0x</body>";
	struct input in;
	char buf[8], all[32];

	input_mem(&in, "page", page, sizeof page - 1);
	CHECK(input_first_byte(&in) == '<');
	CHECK(input_looks_html(&in));
	CHECK(input_read(&in, buf, 7) == 7 && memcmp(buf, " <HTML>", 7) == 0);
	CHECK(input_read_text(&in, all, sizeof all) == (long)sizeof page - 8);
	CHECK(all[6] == '\0' && all[7] == 'x');
	CHECK(input_read(&in, buf, 8) == 0);
	input_close(&in);

	input_mem(&in, "empty", NULL, 0);
	CHECK(input_first_byte(&in) == -1);
	CHECK(input_read(&in, buf, 8) == 0);
	input_close(&in);

	/* XML keeps its byte order mark (libxml2 reads it) */
	input_mem(&in, "bom", "\xef\xbb\xbf<r/>", 7);
	CHECK(input_first_byte(&in) == '<');
	CHECK(input_read(&in, buf, 8) == 7 && memcmp(buf, "\xef\xbb\xbf<", 4) == 0);
	input_close(&in);

	/* a text read (HTML, JSON) drops it */
	input_mem(&in, "bom", "\xef\xbb\xbf<p>", 6);
	CHECK(input_read_text(&in, all, sizeof all) == 3 &&
	    memcmp(all, "<p>", 3) == 0);
	input_close(&in);
}

/* An input over a pipe that a child fills in pieces of `piece` bytes. */
static void
pipe_input(struct input *in, const char *data, size_t len, size_t piece)
{
	static char name[32];
	int fd[2];
	size_t k;

	if (pipe(fd) < 0)
		abort();
	switch (fork()) {
	case -1:
		abort();
	case 0:
		close(fd[0]);
		for (k = 0; k < len; k += piece)
			if (write(fd[1], data + k, len - k < piece ? len - k :
			    piece) < 0)
				_exit(1);
		_exit(0);
	}
	close(fd[1]);
	snprintf(name, sizeof name, "/dev/fd/%d", fd[0]);
	if (input_open(in, name) < 0)
		abort();
	close(fd[0]);
}

/* Read every line; the length of the longest, the number of lines. */
static long
longest(struct input *in, long *count)
{
	const char *s;
	size_t n, max = 0;

	*count = 0;
	while (input_getline(in, &s, &n)) {
		if (n > max)
			max = n;
		++*count;
	}
	input_close(in);
	while (wait(NULL) > 0)
		;
	return (long)max;
}

static void
test_limit(void)
{
	size_t big = INPUT_LINE_MAX + 2 + 100000;
	char *text = malloc(big);
	struct input in;
	long count, errs;
	size_t pieces[] = { 4096, 65536, 1000000 }, i;

	if (text == NULL)
		abort();
	diag_quiet(1);
	/* a line of exactly INPUT_LINE_MAX bytes is fine, one more byte is
	 * an error, whether the bytes come at once or in pieces */
	memset(text, 'a', big);
	text[INPUT_LINE_MAX] = '\r';
	text[INPUT_LINE_MAX + 1] = '\n';
	text[big - 1] = '\n';
	for (i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		diag_set_file("pipe");
		pipe_input(&in, text, big, pieces[i]);
		CHECK(longest(&in, &count) == INPUT_LINE_MAX && count == 2);
		CHECK(diag_file_errors() == 0);

		diag_set_file("pipe");
		text[INPUT_LINE_MAX] = 'a';
		pipe_input(&in, text, big, pieces[i]);
		/* one line (reported, handed back empty), then the rest */
		CHECK(longest(&in, &count) == 99999 && count == 2);
		CHECK(diag_file_errors() == 1);
		text[INPUT_LINE_MAX] = '\r';
	}
	diag_set_file("mem");
	input_mem(&in, "mem", text, big);
	CHECK(longest(&in, &count) == INPUT_LINE_MAX && count == 2);
	text[INPUT_LINE_MAX] = 'x';
	input_mem(&in, "mem", text, big);
	CHECK(longest(&in, &count) == 99999 && count == 2);
	CHECK(diag_file_errors() == 1);
	/* without a line end at all */
	memset(text, 'a', big);
	input_mem(&in, "mem", text, big);
	CHECK(longest(&in, &count) == 0 && count == 1);
	CHECK(diag_file_errors() == 2);

	/* past the error limit of the file the lines still come: the cap
	 * limits what is reported, never what is read */
	diag_set_file("mem");
	input_mem(&in, "mem", "a\nb\nc\n", 6);
	errs = 0;
	CHECK(longest(&in, &count) == 1 && count == 3);
	input_mem(&in, "mem", "a\nb\nc\n", 6);
	while (diag_file_errors() <= DIAG_CAP && ++errs < 1000)
		DIAG(LINE_NO_END, 1, 0, 0LL);
	CHECK(longest(&in, &count) == 1 && count == 3);
	diag_set_file("next");
	diag_quiet(0);
	free(text);
}

/* A long run of leading blank lines: dropped from memory but the last,
 * counted in the line numbers, handed to raw reads as LFs.  Read from a
 * pipe in pieces of 5000 bytes (a CRLF split between them too). */
static void
test_blank_run(void)
{
	static const char ends[][3] = { "\n", "\r", "\r\n", " \n" };
	size_t len, i, k, n;
	struct input in;
	char *text, buf[4096];
	const char *s;
	long r, lf;
	int e;

	for (e = 0; e < 4; e++) {
		k = strlen(ends[e]);
		len = 1000001 * k + 2;
		text = malloc(len);
		for (i = 0; i < 1000001; i++)
			memcpy(text + i * k, ends[e], k);
		memcpy(text + len - 2, "x\n", 2);
		pipe_input(&in, text, len, 5001);
		CHECK(input_first_byte(&in) == 'x');
		CHECK(in.end - in.start < 300000);
		while (input_getline(&in, &s, &n) && (n == 0 || *s != 'x'))
			;
		CHECK(n == 1 && *s == 'x' && in.line == 1000002);
		CHECK(in.bytes == (long long)len);
		input_close(&in);
		while (wait(NULL) > 0)
			;
		/* raw: one LF per line dropped, then the bytes kept */
		pipe_input(&in, text, len, 5001);
		CHECK(input_first_byte(&in) == 'x');
		lf = 0;
		while ((r = input_read(&in, buf, sizeof buf)) > 0)
			for (i = 0; i < (size_t)r; i++)
				lf += buf[i] == '\n' || (buf[i] == '\r' &&
				    (i + 1 == (size_t)r || buf[i + 1] != '\n'));
		CHECK(lf == 1000002);
		input_close(&in);
		while (wait(NULL) > 0)
			;
		free(text);
	}
}

int
main(void)
{
	diag_init("unit");
	RUN(test_lines());
	RUN(test_line_ends());
	RUN(test_utf16());
	RUN(test_raw());
	RUN(test_limit());
	RUN(test_blank_run());
	return UNIT_DONE("input");
}
