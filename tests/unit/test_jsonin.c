/* Unit tests of the JSON reader read in pieces: every input read through
 * a window refilled 1 to 7 bytes at a time gives the same values, the
 * same streamed elements and the same diagnostics (line:col) as the
 * whole buffer read at once; and armylist_read_json the same armies. */
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/jsonin.h"
#include "core/str.h"
#include "core/xmlio.h"
#include "rules/troop.h"
#include "unit.h"

#define MEM SIZE_MAX            /* jsonin_init over the buffer */

static void
keep_diag(void *ctx, const struct diag_def *def, const char *file,
    long line, long col, const char *msg)
{
	(void)def;
	(void)file;
	sbuf_printf(ctx, "diag %ld:%ld %s\n", line, col, msg);
}

static void
dump(struct sbuf *b, const struct jval *v)
{
	size_t i;

	sbuf_printf(b, "%d@%ld:%ld", (int)v->t, v->line, v->col);
	if (v->t == J_BOOL)
		sbuf_printf(b, "=%d", v->b);
	if (v->t == J_NUM || v->t == J_STR) {
		sbuf_printf(b, "=%zu'", v->n);
		sbuf_add(b, v->s, v->n);
		sbuf_addc(b, '\'');
	}
	if (v->t != J_ARR && v->t != J_OBJ)
		return;
	sbuf_addc(b, '(');
	for (i = 0; i < v->nv; i++) {
		if (v->keys != NULL)
			sbuf_printf(b, "%s:", v->keys[i]);
		dump(b, &v->v[i]);
		sbuf_addc(b, ',');
	}
	sbuf_addc(b, ')');
}

static void
each(const struct jval *top, const struct jval *elem, void *ctx)
{
	struct sbuf *b = ctx;

	sbuf_printf(b, "each of %zu: ", top->nv);
	dump(b, elem);
	sbuf_addc(b, '\n');
}

/* What jsonin makes of s[0..n), read at once (MEM) or at most readmax
 * bytes at a time (0: as the window holds). */
static void
run_jsonin(struct sbuf *out, const char *s, size_t n, size_t readmax)
{
	struct jsonin j;
	struct input in;
	struct jval v;

	diag_set_hook(keep_diag, out);
	if (readmax == MEM) {
		jsonin_init(&j, s, n);
	} else {
		input_mem(&in, "t.json", s, n);
		jsonin_read_max = readmax;
		jsonin_init_input(&j, &in);
	}
	j.each_key = "armies";
	j.each = each;
	j.each_top_array = true;
	j.ctx = out;
	while (jsonin_next(&j, &v)) {
		dump(out, &v);
		sbuf_printf(out, "\nend at %ld\n", j.line);
		jval_free(&v);
	}
	sbuf_printf(out, "stopped at %ld, byte %lld\n", j.line,
	    j.base + (long long)j.i);
	if (readmax != MEM) {
		jsonin_free(&j);
		input_close(&in);
		jsonin_read_max = 0;
	}
	diag_set_hook(NULL, NULL);
}

static void
army_out(void *ctx, const struct army *a)
{
	armyout_army(ctx, a);
}

/* What armylist_read_json makes of s[0..n), as JSON Lines and
 * diagnostics, read at most readmax bytes at a time. */
static void
run_armies(struct sbuf *out, const char *s, size_t n, size_t readmax)
{
	struct armyout *o;
	struct input in;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	diag_set_hook(keep_diag, out);
	if ((fp = open_memstream(&buf, &len)) == NULL)
		abort();
	o = armyout_new(fp, FMT_JSONL, LANG_EN, NULL, NULL);
	input_mem(&in, "t.json", s, n);
	jsonin_read_max = readmax;
	armylist_read_json(&in, army_out, o);
	jsonin_read_max = 0;
	input_close(&in);
	(void)armyout_finish(o);
	fclose(fp);
	sbuf_add(out, buf, len);
	free(buf);
	diag_set_hook(NULL, NULL);
}

static int fails;

static void
same(const char *name, const char *s, size_t n, bool jsonin)
{
	struct sbuf want = {0}, got = {0};
	size_t k;

	if (jsonin)
		run_jsonin(&want, s, n, MEM);
	else
		run_armies(&want, s, n, 0);
	for (k = 1; k <= 7; k++) {
		sbuf_reset(&got);
		if (jsonin)
			run_jsonin(&got, s, n, k);
		else
			run_armies(&got, s, n, k);
		if (got.len != want.len || memcmp(got.s, want.s, got.len) != 0) {
			if (fails++ < 3)
				fprintf(stderr, "%s (%s, %zu-byte reads):\n"
				    "want:\n%.2000s\ngot:\n%.2000s\n", name,
				    jsonin ? "jsonin" : "armies", k,
				    sbuf_str(&want), sbuf_str(&got));
			CHECK(0 /* the same in pieces */);
		} else
			CHECK(1);
	}
	if (jsonin) {
		sbuf_reset(&got);
		run_jsonin(&got, s, n, 0);
		CHECK(got.len == want.len && memcmp(got.s, want.s, got.len) == 0);
	}
	sbuf_free(&want);
	sbuf_free(&got);
}

static const char *const cases[] = {
	"{\"version\":1,\"rules\":\"dba22\",\"armies\":[{\"id\":\"I/1a\","
	    "\"name\":{\"lang\":\"en\",\"text\":\"A\"},\"elements\":{\"items\":"
	    "[{\"count\":12,\"general\":true,\"troops\":[{\"code\":\"Bd\"}]}]}},"
	    "{\"id\":\"I/2\"}],\"rules\":\"dba3\"}\n",
	"{\"armies\":[1,2,{\"a\":[true,false,null]}],\"x\":{}}",
	"[-0.5e+10, 0, 12345678901234567890, 1E5, -2.25E-3, 7]",
	"[1, -]", "[1.]", "[1e]", "[1e+]", "[01]", "[-x]", "[tru]", "[nul",
	"[true,false,null,truex]",
	("[\"\\u0041\\ud83d\\ude00\\ud800x\\u00e9\\n\\t\\\"\\\\\\/\\b\\f\\r\","
	    "\"\\ud800\\u0041\", \"\\udc00\", \"\\u0001\\u0009\"]"),
	"[\"\\u12\"]", "[\"\\u12", "[\"\\q\"]", "[\"abc", "[\"a\\",
	"[\"a\tb\"]", "[\"a\nb\"]", "[\"\xff\xfe \xc3\xa9\"]",
	"{\"id\":\"1\"}\n{\"id\":\"2\",x}\n{\"id\":\"3\"}\n",
	"{\"id\":\"1\"}\r\n{\"id\":\"2\",x}\r\n{\"id\":\"3\"}\r\n",
	"{\"id\":\"1\"}\r{\"id\":\"2\",x}\r{\"id\":\"3\"}\r",
	"{\"id\":\"1\"}\n{\"id\":\"2\",\n\"a\":1,\n x}\n{\"id\":\"3\"}\n",
	"{\"id\":\"1\"}\n{\"id\":\"2\",\r\n\"a\":1,\r\n x}\r\n{\"id\":\"3\"}",
	"{\"id\":\"1\"}\n{\"id\":\"2\",\r\"a\":\"b\"\r\r x\r{\"id\":\"3\"}",
	"{\"id\":\"1\"}\n{\"id\":\n\"2\"}\n{\"id\":\"3\",x}\n{\"id\":\"4\"}",
	"{\"id\":\"1\"}\n  {\"id\":\"2\",x}\n{\"id\":\"3\"}\n",
	"{\"id\":\"1\"}\n{\"id\":\"2\",\"s\":\"ab\ncd\"}\n{\"id\":\"3\"}\n",
	"{\"id\":\"1\"}\n{\"id\":\"2\",\"s\":\"ab\rcd\"}\n{\"id\":\"3\"}\r",
	"{\"id\":\"1\"}\n{\"id\":\"2\"\n",
	"{\"id\":\"1\"}\n{\"id\":\"2\"\r",
	"\n\n  {\"id\":\"1\"}\n\n\n{\"id\":\"2\"}\n\n",
	"{\"id\":\"1\"} {\"id\":\"2\",x}\n{\"id\":\"3\"}\n",
	"{\"armies\":[{\"id\":\"1\"},{\"id\":\"2\"",
	"{\"armies\":[{\"id\":\"1\"},{\"id\":\"2\"}]} x",
	"{\"a\" 1}", "{\"a\":1,}", "{1:2}", "[1 2]", "]", "", "  \r\n\t ",
	"{\"armies\":{\"id\":\"1\"}}",
	"[{\"id\":\"1\"},\n[{\"id\":\"2\"}]]",
	"\r", "\r\r\n\n\r", "\"\r", "1\r\n2\r\n3\n",
};

static void
test_cases(void)
{
	struct sbuf b = {0};
	glob_t g;
	size_t i, k;
	char *text;
	long len;
	FILE *fp;

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		same(cases[i], cases[i], strlen(cases[i]), true);
		same(cases[i], cases[i], strlen(cases[i]), false);
	}
	/* nesting too deep */
	for (k = 0; k < 70; k++)
		sbuf_adds(&b, "[{\"a\":");
	same("deep", b.s, b.len, true);
	/* a string and a number across many windows */
	sbuf_reset(&b);
	sbuf_adds(&b, "{\"id\":\"1\"}\n[\"");
	for (k = 0; k < 200000; k++)
		sbuf_adds(&b, k % 1000 == 7 ? "\\u00e9" : k % 777 == 3 ?
		    "\\ud83d\\ude00" : k % 5 == 0 ? "\\\"" : "x");
	sbuf_adds(&b, "\", -");
	for (k = 0; k < 100000; k++)
		sbuf_addc(&b, (char)('0' + k % 10));
	sbuf_adds(&b, ".5e7, x]\n{\"id\":\"2\"}\n");
	same("long", b.s, b.len, true);
	/* more values in one record than a record may hold */
	sbuf_reset(&b);
	sbuf_adds(&b, "{\"x\":[0");
	for (k = 0; k < JSON_VALUES_MAX; k++)
		sbuf_adds(&b, ",0");
	sbuf_adds(&b, "]}");
	same("values", b.s, b.len, true);
	sbuf_free(&b);
	/* the fuzz seeds: the documents as armylist-parse writes them,
	 * CR line ends, strings of 64 KiB and longer */
	CHECK(glob("tests/fuzz/seeds/json/*", 0, NULL, &g) == 0);
	CHECK(g.gl_pathc >= 7);
	for (i = 0; i < g.gl_pathc; i++) {
		CHECK((fp = fopen(g.gl_pathv[i], "rb")) != NULL);
		if (fp == NULL)
			continue;
		fseek(fp, 0, SEEK_END);
		len = ftell(fp);
		rewind(fp);
		text = malloc((size_t)len + 1);
		CHECK(fread(text, 1, (size_t)len, fp) == (size_t)len);
		fclose(fp);
		same(g.gl_pathv[i], text, (size_t)len, true);
		same(g.gl_pathv[i], text, (size_t)len, false);
		free(text);
	}
	globfree(&g);
}

/* Encodings are read before the window: a byte order mark, UTF-16. */
static void
test_encodings(void)
{
	static const char bom[] = "\xef\xbb\xbf{\"id\":\"I/1a\",\"name\":"
	    "{\"text\":\"\xc3\xa9\"}}\n{\"id\":\"I/1b\"}\n";
	static const char u16[] = "\xff\xfe{\0\"\0i\0d\0\"\0:\0\"\0I\0/\0"
	    "1\0a\0\"\0,\0\"\0n\0a\0m\0e\0\"\0:\0{\0\"\0t\0e\0x\0t\0\"\0:\0"
	    "\"\0\xe9\0\"\0}\0}\0\n\0";
	struct sbuf b = {0};

	same("bom", bom, sizeof bom - 1, false);
	same("utf-16", u16, sizeof u16 - 1, false);
	run_armies(&b, u16, sizeof u16 - 1, 3);
	CHECK(strstr(sbuf_str(&b), "\"text\":\"\xc3\xa9\"") != NULL);
	sbuf_free(&b);
}

/* JSON Lines: a value that fails past its first line end goes on at
 * its second line; but past JSON_LINES_KEEP bytes kept it goes on after
 * the line of the error, without holding the value's bytes. */
static void
test_lines_keep(void)
{
	struct sbuf b = {0}, out = {0};
	size_t k;

	sbuf_adds(&b, "{\"id\":\"I/1\"}\n{\"id\":\"I/2\",\n\"s\":\"");
	for (k = 0; k < JSON_LINES_KEEP + 10; k++)
		sbuf_addc(&b, 'x');
	sbuf_adds(&b, "\", x}\n{\"id\":\"I/3\"}\n");
	same("keep", b.s, b.len, false);
	run_armies(&out, b.s, b.len, 0);
	CHECK(strstr(sbuf_str(&out), "diag 3:1048595 invalid JSON: expected "
	    "a member name in quotes, found 'x'\n") != NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/1\"") != NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/2\"") == NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/3\"") != NULL);
	CHECK(strstr(sbuf_str(&out), "diag 4:") == NULL);
	/* a shorter one, kept: its second line is read as a value */
	sbuf_reset(&b);
	sbuf_reset(&out);
	sbuf_adds(&b, "{\"id\":\"I/1\"}\n{\"id\":\"I/2\",\n\"s\":\"xx\", x}\n"
	    "{\"id\":\"I/3\"}\n");
	run_armies(&out, b.s, b.len, 0);
	CHECK(strstr(sbuf_str(&out), "diag 3:11 invalid JSON: expected "
	    "a member name in quotes, found 'x'\n") != NULL);
	CHECK(strstr(sbuf_str(&out), "diag 3:4 invalid JSON: expected a "
	    "value, found ':'\n") != NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/3\"") == NULL);
	sbuf_free(&b);
	sbuf_free(&out);
}

/* JSON Lines whose first line is bad: only that line is lost; but a
 * document that gave armies before its error is not read again line by
 * line. */
static void
test_lines_first_bad(void)
{
	static const char lines[] = "{\"id\":\"I/1\", x\n{\"id\":\"I/2\"}\n"
	    "{\"id\":\"I/3\"}\n";
	static const char cut[] = "{\"id\":\"I/1\",\"s\":\n{\"id\":\"I/2\"}\n"
	    "{\"id\":\"I/3\"}\n";
	static const char doc[] = "{\"armies\":[\n{\"id\":\"I/1\"},\n"
	    "{\"id\":\"I/2\"},\nx\n]}\n";
	struct sbuf out = {0};

	run_armies(&out, lines, sizeof lines - 1, 0);
	CHECK(strstr(sbuf_str(&out), "diag 1:") != NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/1\"") == NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/2\"") != NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/3\"") != NULL);
	sbuf_reset(&out);
	run_armies(&out, cut, sizeof cut - 1, 0);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/2\"") != NULL);
	CHECK(strstr(sbuf_str(&out), "\"id\":\"I/3\"") != NULL);
	sbuf_reset(&out);
	run_armies(&out, doc, sizeof doc - 1, 0);
	CHECK(strstr(sbuf_str(&out), "diag 4:1 ") != NULL);
	CHECK(strstr(strstr(sbuf_str(&out), "\"id\":\"I/1\"") + 1,
	    "\"id\":\"I/1\"") == NULL);
	CHECK(strstr(sbuf_str(&out), "diag 5:") == NULL);
	sbuf_free(&out);
}

int
main(void)
{
	diag_init("unit");
	xmlio_init();
	diag_set_file("t.json");
	RUN(test_cases());
	RUN(test_encodings());
	RUN(test_lines_keep());
	RUN(test_lines_first_bad());
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("jsonin");
}
