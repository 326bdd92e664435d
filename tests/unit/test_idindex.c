/* Unit tests of army/idindex, the ids and open references of
 * armylist-check: entries found and changed, a few bytes an id, an id
 * longer than a block, the ids past a tiny budget in runs (temporary
 * files) answering as in memory, references kept in order through the
 * file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/idindex.h"
#include "core/diag.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "unit.h"

static void
test_entries(void)
{
	struct idindex *x = idindex_new();
	struct identry e = { IDX_EXACT | IDX_SEEN, 0, 12 }, g;
	uint32_t a = idindex_file(x, "a.xml"), b = idindex_file(x, "b.xml");

	CHECK(a == 0 && b == 1 && idindex_file(x, "a.xml") == a);
	CHECK_STR(idindex_file_name(x, b), "b.xml");
	CHECK(!idindex_get(x, "12a", 3, &g) && !idindex_known(x, "12a"));
	e.file = b;
	idindex_put(x, "12a", 3, &e);
	CHECK(idindex_get(x, "12a", 3, &g) && g.flags == e.flags &&
	    g.file == b && g.line == 12);
	/* a key is its bytes up to len: "12" is not "12a" */
	CHECK(!idindex_get(x, "12a", 2, &g) && idindex_known(x, "12a"));
	/* changed in place, then to a longer position (moved) */
	e.line = 99;
	idindex_put(x, "12a", 3, &e);
	CHECK(idindex_get(x, "12a", 3, &g) && g.line == 99);
	e.line = 123456789;
	idindex_put(x, "12a", 3, &e);
	CHECK(idindex_get(x, "12a", 3, &g) && g.line == 123456789 &&
	    g.file == b);
	CHECK(idindex_count(x) == 1);
	e.flags = IDX_FAMILY;
	idindex_put(x, "12", 2, &e);
	CHECK(idindex_known(x, "12") && idindex_count(x) == 2);
	e.flags = 0;
	idindex_put(x, "13", 2, &e);
	CHECK(!idindex_known(x, "13"));
	idindex_free(x);
}

/* 300 000 ids of 9 or 10 characters: all found again, in under 32 bytes
 * an id (arena and table). */
static void
test_many(void)
{
	struct idindex *x = idindex_new();
	struct identry e = { IDX_EXACT, 0, 0 }, g;
	char id[32];
	long i, bad = 0;
	size_t n = 300000;

	e.file = idindex_file(x, "lists.xml");
	for (i = 0; i < (long)n; i++) {
		snprintf(id, sizeof id, "II/%ld%c", 100000 + i / 3,
		    "abc"[i % 3]);
		e.line = i * 7 + 1;
		idindex_put(x, id, strlen(id), &e);
	}
	for (i = 0; i < (long)n; i++) {
		snprintf(id, sizeof id, "II/%ld%c", 100000 + i / 3,
		    "abc"[i % 3]);
		if (!idindex_get(x, id, strlen(id), &g) || g.line != i * 7 + 1)
			bad++;
	}
	CHECK(bad == 0);
	CHECK(idindex_count(x) == n);
	CHECK(idindex_bytes(x) < n * 32);
	CHECK(!idindex_known(x, "II/100000d"));
	idindex_free(x);
}

static void
test_long_id(void)
{
	struct idindex *x = idindex_new();
	struct identry e = { IDX_EXACT, 0, 5 }, g;
	size_t n = 600000;
	char *id = xmalloc(n + 1);

	memset(id, '7', n);
	id[n] = '\0';
	idindex_put(x, "1", 1, &e);
	idindex_put(x, id, n, &e);
	idindex_put(x, "2", 1, &e);
	CHECK(idindex_known(x, id) && idindex_known(x, "1") &&
	    idindex_known(x, "2"));
	id[n - 1] = '8';
	CHECK(!idindex_get(x, id, n, &g));
	free(id);
	idindex_free(x);
}

/* The id of number i for test_spill: every 997th one longer than a
 * block of a run and than a read of 8 KB. */
static const char *
spill_id(char *buf, size_t cap, long i)
{
	if (i % 997 == 5) {
		memset(buf, 'x', cap - 16);
		snprintf(buf + cap - 16, 16, "%ld", i);
	} else
		snprintf(buf, cap, "%c/%ld%s", "IV"[i % 2], i / 2,
		    i % 3 == 0 ? "a" : "");
	return buf;
}

/* A budget of 16 KB: the ids go to runs every thousand or so (and a
 * long one at once), runs merged; ids changed after they went (in place and longer), ids asked
 * by a prefix of their bytes, absent ones: every answer as a table of
 * what was put says. */
static void
test_spill(void)
{
	struct idindex *x = idindex_new();
	struct identry e = { IDX_EXACT, 0, 0 }, g;
	static char id[12000];
	long n = 30000, i, *line = xcalloc((size_t)n, sizeof *line), bad = 0;

	idindex_budget(x, 16384);
	for (i = 0; i < n; i++) {
		e.file = (uint32_t)(i % 7);
		e.line = line[i] = i + 1;
		spill_id(id, sizeof id, i);
		idindex_put(x, id, strlen(id), &e);
		/* an earlier one changed: the same length, then longer */
		if (i % 10 == 9) {
			e.line = line[i / 2] = line[i / 2] % 2 == 0 ?
			    line[i / 2] + 1 : line[i / 2] * 100000;
			e.file = (uint32_t)(i / 2 % 7);
			spill_id(id, sizeof id, i / 2);
			idindex_put(x, id, strlen(id), &e);
		}
	}
	CHECK(idindex_runs(x) > 50);
	for (i = 0; i < n; i++) {
		spill_id(id, sizeof id, i);
		if (!idindex_get(x, id, strlen(id), &g) || g.line != line[i] ||
		    g.file != (uint32_t)(i % 7) || g.flags != IDX_EXACT)
			bad++;
		/* "I/12" of "I/12a": not there (no family was marked) */
		if (i % 3 == 0 && i % 997 != 5 &&
		    idindex_get(x, id, strlen(id) - 1, &g))
			bad++;
	}
	CHECK(bad == 0);
	CHECK(!idindex_known(x, "I/99999") && !idindex_known(x, "") &&
	    !idindex_known(x, "zzz") && idindex_known(x, "I/0a"));
	/* a family marked after its member went to a run */
	e.flags = IDX_FAMILY;
	idindex_put(x, "I/0a", 3, &e);
	CHECK(idindex_known(x, "I/0") && idindex_get(x, "I/0a", 4, &g) &&
	    g.flags == IDX_EXACT);
	free(line);
	idindex_free(x);
}

/* idindex_add past a budget of 16 KB (about 45 runs: more than the 32
 * merged at once): each id given three times, a family marked, in
 * three rounds so that they meet in different runs; every entry the
 * fold of them all (the place of the first known, the flags of all),
 * and each record written at most three times (a run, one merge of 32,
 * the last merge), not once per doubling. */
static void
test_add(void)
{
	struct idindex *x = idindex_new();
	struct identry e, g;
	char id[32];
	long n = 10000, i, r, bad = 0;
	size_t adds = 0;

	idindex_budget(x, 16384);
	for (r = 0; r < 3; r++)
		for (i = 0; i < n; i++) {
			snprintf(id, sizeof id, "I/%ld%s", i, i % 4 == 0 ?
			    "a" : "");
			/* a family before its member (round 0) or after */
			e.flags = IDX_FAMILY;
			e.file = 0;
			e.line = 0;
			if (i % 4 == 0 && r == (i / 4) % 2) {
				idindex_add(x, id, strlen(id) - 1, &e);
				adds++;
			}
			e.flags = r == 1 && i % 3 == 0 ? IDX_FAMILY :
			    IDX_KNOWN | IDX_EXACT;
			e.file = (uint32_t)r;
			e.line = i * 10 + r + 1;
			idindex_add(x, id, strlen(id), &e);
			adds++;
		}
	CHECK(idindex_runs(x) > 32);
	idindex_settle(x);
	CHECK(idindex_written(x) <= 3 * adds);
	for (i = 0; i < n; i++) {
		snprintf(id, sizeof id, "I/%ld%s", i, i % 4 == 0 ? "a" : "");
		if (!idindex_get(x, id, strlen(id), &g) || g.line != i * 10 +
		    1 || g.file != 0 || g.flags != (i % 3 == 0 ? IDX_KNOWN |
		    IDX_EXACT | IDX_FAMILY : IDX_KNOWN | IDX_EXACT))
			bad++;
		if (i % 4 == 0 && (!idindex_get(x, id, strlen(id) - 1, &g) ||
		    g.flags != IDX_FAMILY || !idindex_known(x, id)))
			bad++;
	}
	CHECK(bad == 0);
	CHECK(!idindex_known(x, "I/3a") && !idindex_known(x, "I/10000"));
	/* a put after: it settles, the latest wins */
	e.flags = IDX_EXACT;
	e.line = 7;
	idindex_put(x, "I/5", 3, &e);
	CHECK(idindex_get(x, "I/5", 3, &g) && g.line == 7);
	idindex_free(x);
}

struct seen {
	struct sbuf s;
	long n;
};

static void
on_pending(void *ctx, const char *army, const char *ref, uint32_t file,
    long line, bool ally)
{
	struct seen *s = ctx;

	if (s->n++ < 3 || strcmp(ref, "ref-77777") == 0)
		sbuf_printf(&s->s, "%s>%s %u:%ld%s;", army, ref, file, line,
		    ally ? " ally" : "");
}

/* 100 000 references (50 000 open, 2 MB: past the 1 MB kept in memory,
 * so most go to the file), those answered on the way dropped, the rest
 * in order. */
static void
test_pending(void)
{
	struct idindex *x = idindex_new();
	struct identry e = { IDX_EXACT, 0, 1 };
	struct seen s = { { NULL, 0, 0 }, 0 };
	char army[64], ref[32];
	long i;

	for (i = 0; i < 100000; i++) {
		snprintf(army, sizeof army, "army-%ld-of-a-long-name", i);
		snprintf(ref, sizeof ref, "ref-%ld", i);
		idindex_pend(x, army, ref, (uint32_t)(i % 5), i + 1, i % 2);
		/* the even ones answered, some while still in memory */
		if (i % 2 == 0 && i % 1000 != 0)
			idindex_put(x, ref, strlen(ref), &e);
	}
	CHECK(idindex_pending(x, on_pending, &s) == 0);
	/* pending hands over what it kept: the answered ones that stayed
	 * are the caller's to skip; the open ones are all there */
	CHECK(s.n >= 50000 && s.n <= 100000);
	CHECK_STR(sbuf_str(&s.s), "army-0-of-a-long-name>ref-0 0:1;"
	    "army-1-of-a-long-name>ref-1 1:2 ally;"
	    "army-3-of-a-long-name>ref-3 3:4 ally;"
	    "army-77777-of-a-long-name>ref-77777 2:77778 ally;");
	sbuf_reset(&s.s);
	s.n = 0;
	CHECK(idindex_pending(x, on_pending, &s) == 0 && s.n == 0);
	sbuf_free(&s.s);
	idindex_free(x);
}

/* File names past an eighth of the budget go to a temporary file: read
 * back by number; the same name spilled twice is the same file. */
static void
test_file_names(void)
{
	struct idindex *x = idindex_new();
	char name[64];
	uint32_t n[400], a, b;
	size_t before;
	int i;

	idindex_budget(x, 8192);        /* names: 1 KiB */
	for (i = 0; i < 400; i++) {
		snprintf(name, sizeof name, "chunks/part-%04d.jsonl", i);
		n[i] = idindex_file(x, name);
	}
	before = idindex_bytes(x);
	CHECK(before <= 1024);
	for (i = 0; i < 400; i++) {
		snprintf(name, sizeof name, "chunks/part-%04d.jsonl", i);
		CHECK_STR(idindex_file_name(x, n[i]), name);
	}
	/* the armies of one file: one number */
	CHECK(idindex_file(x, "x.txt") == idindex_file(x, "x.txt"));
	a = idindex_file(x, "chunks/part-0300.jsonl");
	b = idindex_file(x, "chunks/part-0301.jsonl");
	CHECK(a != n[300] && idindex_same_file(x, a, n[300]));
	CHECK(!idindex_same_file(x, a, b) && !idindex_same_file(x, n[0], b));
	CHECK(idindex_same_file(x, n[0], n[0]) && !idindex_same_file(x, n[0],
	    n[1]));
	CHECK(idindex_bytes(x) == before);
	idindex_free(x);
}

/* Ids that agree in their first 4 MB (a book of a million 'I's, as
 * army_is_id takes), added past the budget: sorted into their runs at a
 * depth that does not grow with that length (a call each four bytes
 * would overflow the stack), every one found. */
static void
test_long_prefix(void)
{
	struct idindex *x = idindex_new();
	struct identry e = { IDX_EXACT, 0, 0 }, g;
	size_t len = (size_t)4 << 20, i;
	char *id = xmalloc(len + 16);
	long bad = 0;

	memset(id, 'I', len);
	idindex_budget(x, 3 * len);     /* two or three ids a run */
	for (i = 0; i < 6; i++) {
		e.line = (long)i + 1;
		snprintf(id + len, 16, "/%zu", 6 - i);
		idindex_add(x, id, strlen(id), &e);
	}
	CHECK(idindex_runs(x) >= 1);
	idindex_settle(x);
	for (i = 0; i < 6; i++) {
		snprintf(id + len, 16, "/%zu", 6 - i);
		if (!idindex_get(x, id, strlen(id), &g) || g.line != (long)i + 1)
			bad++;
	}
	CHECK(bad == 0);
	free(id);
	idindex_free(x);
}

int
main(void)
{
	diag_init("unit");
	RUN(test_entries());
	RUN(test_many());
	RUN(test_long_id());
	RUN(test_spill());
	RUN(test_add());
	RUN(test_pending());
	RUN(test_file_names());
	RUN(test_long_prefix());
	return UNIT_DONE("idindex");
}
