/* Unit tests of the input module over memory (input_mem). */
#include <stdlib.h>
#include <string.h>

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
	CHECK(input_getline(&in, &s, &n) && n == 8 && in.line == 1);
	CHECK(memcmp(s, "\xef\xbb\xbf  one", 8) == 0);
	CHECK(input_getline(&in, &s, &n) && n == 3 && in.line == 2);
	CHECK(input_getline(&in, &s, &n) && n == 0 && in.line == 3);
	CHECK(input_getline(&in, &s, &n) && n == 5 && in.line == 4);
	CHECK(memcmp(s, "three", 5) == 0);
	CHECK(!input_getline(&in, &s, &n));
	CHECK(in.bytes == (long long)sizeof text - 1);
	input_close(&in);
	CHECK(in.buf == NULL && in.fd == -1);
}

static void
test_raw(void)
{
	static const char page[] = " <HTML><body>\0x</body>";
	struct input in;
	char buf[8], *all;
	size_t len;

	input_mem(&in, "page", page, sizeof page - 1);
	CHECK(input_first_byte(&in) == '<');
	CHECK(input_looks_html(&in));
	CHECK(input_read(&in, buf, 7) == 7 && memcmp(buf, " <HTML>", 7) == 0);
	CHECK(input_slurp(&in, &all, &len, 100) == 0);
	CHECK(len == sizeof page - 8 && all[6] == '\0' && all[7] == 'x');
	free(all);
	CHECK(input_read(&in, buf, 8) == 0);
	input_close(&in);

	input_mem(&in, "empty", NULL, 0);
	CHECK(input_first_byte(&in) == -1);
	CHECK(input_read(&in, buf, 8) == 0);
	input_close(&in);
}

int
main(void)
{
	diag_init("unit");
	test_lines();
	test_raw();
	return UNIT_DONE("input");
}
