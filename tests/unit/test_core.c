/* Unit tests of the core: dice, numbers, strings, string set, tokenizer,
 * troops. */
#include <sys/resource.h>
#include <sys/wait.h>

#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include <stdio.h>

#include "core/diag.h"
#include "core/dice.h"
#include "core/jsonout.h"
#include "core/num.h"
#include "core/str.h"
#include "core/keymap.h"
#include "core/strset.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "rules/troop.h"
#include "unit.h"

static void
test_dice(void)
{
	/* golden: the first rolls of seed 42 never change */
	static const int d6[20] = {
#include "dice42.inc"
	};
	struct dice d;
	uint64_t st = 0;
	int i, ok = 1, hist[7] = {0};

	/* splitmix64 reference values for state 0 */
	CHECK(splitmix64(&st) == 0xe220a8397b1dcdafULL);
	CHECK(splitmix64(&st) == 0x6e789e6aa1b965f4ULL);
	/* xoshiro256** reference outputs for the state {1, 2, 3, 4} */
	d.s[0] = 1; d.s[1] = 2; d.s[2] = 3; d.s[3] = 4;
	CHECK(dice_next(&d) == 11520);
	CHECK(dice_next(&d) == 0);
	CHECK(dice_next(&d) == 1509978240);
	CHECK(dice_next(&d) == 1215971899390074240ULL);
	dice_seed(&d, 42);
	for (i = 0; i < 20; i++)
		if (dice_roll(&d, 6) != d6[i])
			ok = 0;
	CHECK(ok);
	dice_seed(&d, 1);
	for (i = 0; i < 60000; i++)
		hist[dice_roll(&d, 6)]++;
	for (i = 1; i <= 6; i++)
		CHECK(hist[i] > 9500 && hist[i] < 10500);
	dice_seed(&d, 7);
	for (i = 0; i < 1000; i++) {
		int s = dice_sum(&d, 3, 6);

		if (s < 3 || s > 18)
			ok = 0;
	}
	CHECK(ok);
}

static void
test_num(void)
{
	long v;
	long long f;
	unsigned long long u;

	CHECK(num_longs("12", 0, 100, &v) == 0 && v == 12);
	CHECK(num_longs("-3", -6, 6, &v) == 0 && v == -3);
	CHECK(num_longs("+3", -6, 6, &v) == 0 && v == 3);
	CHECK(num_longs("1x", 0, 100, &v) < 0);
	CHECK(num_longs("", 0, 100, &v) < 0);
	CHECK(num_longs("-", 0, 100, &v) < 0);
	CHECK(num_longs(" 1", 0, 100, &v) < 0);
	CHECK(num_longs("101", 0, 100, &v) < 0);
	CHECK(num_longs("99999999999999999999", 0, 100, &v) < 0);
	CHECK(num_u64("18446744073709551615", &u) == 0 &&
	    u == 18446744073709551615ULL);
	CHECK(num_u64("18446744073709551616", &u) < 0);
	CHECK(num_u64("-1", &u) < 0);
	CHECK(num_fixed6("7.5", 3, &f) == 0 && f == 7500000);
	CHECK(num_fixed6("300", 3, &f) == 0 && f == 300000000);
	CHECK(num_fixed6("1.", 2, &f) < 0);
	CHECK(num_fixed6(".5", 2, &f) < 0);     /* digits on both sides */
	CHECK(num_fixed6("0.5", 3, &f) == 0 && f == 500000);
	CHECK(num_fixed6("1.2.3", 5, &f) < 0);
}

/* str_putl writes what printf's %ld does. */
static void
test_putl(void)
{
	static const long v[] = { 0, 7, 9, 10, 99, -1, -9, -10, 123456,
	    LONG_MAX, LONG_MIN };
	char got[STR_LONG_MAX + 1], want[32];
	size_t i, n;
	int ok = 1;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		n = str_putl(got, v[i]);
		got[n] = '\0';
		snprintf(want, sizeof want, "%ld", v[i]);
		if (strcmp(got, want) != 0)
			ok = 0;
	}
	CHECK(ok);
}

static void
test_str(void)
{
	struct sbuf b = {0};
	char tok[] = " \t I/1a \r\n x  y\n", none[] = " \t\n ", one[] = "a";

	/* XML Schema's collapse: no blank at either end, runs to one */
	CHECK(str_collapse(tok) == 8);
	CHECK_STR(tok, "I/1a x y");
	CHECK(str_collapse(none) == 0 && none[0] == '\0');
	CHECK(str_collapse(one) == 1 && strcmp(one, "a") == 0);

	str_fold(&b, "  Plänkler ", 11);
	CHECK_STR(sbuf_str(&b), "plaenkler");
	str_fold(&b, "BÖGEN", 6);
	CHECK_STR(sbuf_str(&b), "boegen");
	str_fold(&b, "Groß\xc2\xa0 Reiter", 15);
	CHECK_STR(sbuf_str(&b), "gross reiter");
	str_fold(&b, "ЛЁГКАЯ", 12);
	CHECK_STR(sbuf_str(&b), "легкая");
	CHECK(str_editdist("rittr", "ritter", 2) == 1);
	CHECK(str_editdist("abc", "xyz", 2) == 3);
	CHECK(str_editdist("", "ab", 2) == 2);
	CHECK(utf8_valid("Größe Пехота", 18));
	CHECK(!utf8_valid("\xc3", 1));
	CHECK(!utf8_valid("\xed\xa0\x80", 3));
	CHECK(!utf8_valid("\xc0\xaf", 2));
	sbuf_reset(&b);
	utf8_sanitize(&b, "a\xff" "b\x01", 4);
	CHECK_STR(sbuf_str(&b), "a\xef\xbf\xbd" "b ");
	/* U+FFFF and U+FFFE are no characters of XML: a fuzzer found one
	 * in an army name */
	sbuf_reset(&b);
	utf8_sanitize(&b, "D\xef\xbf\xbf" "e\xef\xbf\xbe", 8);
	CHECK_STR(sbuf_str(&b), "D\xef\xbf\xbd" "e\xef\xbf\xbd");
	{
		/* the spaces of Unicode (not U+1680, not the en dash) */
		const char *in = "a\xc2\xa0" "b\xe2\x80\xaf" "c\xe3\x80\x80"
		    "d\xe2\x80\x93" "e\xe1\x9a\x80" "f\xe2\x80\x8a";
		const char *plain = "a b\xc2\xa1";
		size_t n = strlen(in), m = strlen(plain);

		CHECK_STR(utf8_blanks(&b, in, &n),
		    "a b c d\xe2\x80\x93" "e\xe1\x9a\x80" "f ");
		CHECK(n == strlen(sbuf_str(&b)));
		CHECK(utf8_blanks(&b, plain, &m) == plain && m == 5);
		CHECK(utf8_blank_len("\xc2\xa0", 1) == 0);
		CHECK(utf8_blank_len("\xe2\x81\x9f", 3) == 3);
	}
	sbuf_free(&b);
	test_putl();
}

/* xgrow doubles (from 8, xgrow_few from 1); xfollow reallocates a
 * parallel array only when the capacity moved, so n appends cost
 * O(log n) reallocations. */
static void
test_grow(void)
{
	int *a = NULL, *b = NULL, *keep;
	size_t cap = 0, old, i, moves = 0, kept = 0;

	for (i = 0; i < 10000; i++) {
		old = cap;
		a = xgrow(a, &cap, i + 1, sizeof *a);
		keep = b;
		b = xfollow(b, old, cap, sizeof *b);
		if (old != cap)
			moves++;
		else if (b == keep)
			kept++;
		a[i] = b[i] = (int)i;
	}
	CHECK(cap == 16384);
	CHECK(moves == 12);        /* 8, 16, ..., 16384 */
	CHECK(kept == 10000 - 12);
	CHECK(a[9999] == 9999 && b[9999] == 9999);
	free(a);
	free(b);
	/* xgrow_few: one, two, four, ... */
	a = NULL;
	cap = 0;
	a = xgrow_few(a, &cap, 1, sizeof *a);
	CHECK(cap == 1);
	a = xgrow_few(a, &cap, 2, sizeof *a);
	CHECK(cap == 2);
	a = xgrow_few(a, &cap, 3, sizeof *a);
	CHECK(cap == 4);
	a = xgrow_few(a, &cap, 4, sizeof *a);
	CHECK(cap == 4);
	a = xgrow_few(a, &cap, 9, sizeof *a);
	CHECK(cap == 16);
	a[8] = 8;
	free(a);
}

/* The bits of n: past the budget the runs of n keys are no more. */
static size_t
bits(size_t n)
{
	size_t b = 0;

	for (; n > 0; n >>= 1)
		b++;
	return b;
}

/* xarena: strings packed, lists aligned for doubles, a block filled
 * before the next, a list longer than a block in one of its own, every
 * piece kept till the arena is freed. */
static void
test_arena(void)
{
	struct xarena a = {0};
	char *s[3000], name[16];
	double *d, *big;
	size_t i, ok = 1;

	CHECK(xarena_alloc(&a, 0) != NULL && a.n == 1);
	for (i = 0; i < 3000; i++) {
		snprintf(name, sizeof name, "r%zu", i);
		s[i] = xarena_strdup(&a, name);
	}
	CHECK(s[1] == s[0] + 3 && s[10] == s[9] + 3);   /* "r0", "r9" */
	d = xarena_alloc(&a, 3 * sizeof *d);
	CHECK((uintptr_t)d % 8 == 0);
	d[0] = 1.5, d[2] = -2;
	big = xarena_alloc(&a, XARENA_BLOCK + 8);
	big[XARENA_BLOCK / 8] = 3;
	CHECK(a.n == 2);
	/* the rest of the first block's room is still taken first */
	CHECK((char *)xarena_alloc(&a, 8) == (char *)(d + 3) && a.n == 2);
	for (i = 0; i < XARENA_BLOCK / 64; i++)
		(void)xarena_alloc(&a, 64);
	CHECK(a.n == 3);
	for (i = 0; i < 3000; i++) {
		snprintf(name, sizeof name, "r%zu", i);
		if (strcmp(s[i], name) != 0)
			ok = 0;
	}
	CHECK(ok && d[0] == 1.5 && d[2] == -2 && big[XARENA_BLOCK / 8] == 3);
	/* a list built elsewhere is freed with it; the room stays */
	d = xarena_alloc(&a, 8);
	big = xarena_adopt(&a, xmalloc(100 * sizeof *big));
	big[99] = 4;
	CHECK(a.n == 4 && (double *)xarena_alloc(&a, 8) == d + 1);
	xarena_free(&a);
	CHECK(xarena_adopt(&a, xmalloc(1)) != NULL && a.n == 1);
	CHECK(xarena_alloc(&a, 1) != NULL && a.n == 2);
	xarena_free(&a);
	CHECK(a.n == 0 && a.blocks == NULL && a.room == 0);
}

/* keymap: the same answers in memory and past its budget, where the
 * table goes to runs and the log to a temporary file. */
static void
test_keymap_budget(size_t budget, size_t n)
{
	struct keymap *m = keymap_new();
	struct sbuf v = {0};
	char key[32], val[64];
	size_t i;
	int ok = 1;

	keymap_budget(m, budget);
	CHECK(!keymap_get(m, "a", 1, &v));
	CHECK(keymap_add(m, "", 0, "empty", 5));
	CHECK(keymap_add(m, "a\0b", 3, NULL, 0));
	CHECK(!keymap_add(m, "a\0b", 3, "x", 1));
	CHECK(keymap_get(m, "a\0b", 3, &v) && v.len == 0);
	CHECK(!keymap_get(m, "a", 1, NULL));
	CHECK(!keymap_get(m, "a\0b\0", 4, NULL));
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof key, "key %zu", i);
		snprintf(val, sizeof val, "value of %zu", i * 7);
		if (!keymap_add(m, key, strlen(key), val, strlen(val)))
			ok = 0;
	}
	CHECK(ok);
	CHECK(keymap_count(m) == n + 2);
	/* a key added again keeps its first value, wherever it is */
	for (i = 0; i < n; i += 997)
		if (keymap_add(m, "key 5", 5, "other", 5) ||
		    (snprintf(key, sizeof key, "key %zu", i),
		    keymap_add(m, key, strlen(key), "other", 5)))
			ok = 0;
	CHECK(ok);
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof key, "key %zu", i);
		snprintf(val, sizeof val, "value of %zu", i * 7);
		if (!keymap_get(m, key, strlen(key), &v) ||
		    strcmp(sbuf_str(&v), val) != 0)
			ok = 0;
		snprintf(key, sizeof key, "key %zu", i + n);
		if (keymap_get(m, key, strlen(key), NULL))
			ok = 0;
	}
	CHECK(ok);
	CHECK(keymap_get(m, "", 0, &v) && strcmp(sbuf_str(&v), "empty") == 0);
	/* put does not look: the key is there once more */
	keymap_put(m, "key 1", 5, "again", 5);
	keymap_put(m, "fresh", 5, "new", 3);
	CHECK(keymap_count(m) == n + 4);
	CHECK(keymap_get(m, "fresh", 5, &v) &&
	    strcmp(sbuf_str(&v), "new") == 0);
	CHECK(keymap_get(m, "key 1", 5, &v) &&
	    (strcmp(sbuf_str(&v), "again") == 0 ||
	    strcmp(sbuf_str(&v), "value of 7") == 0));
	/* the runs merged: a handful, not one a spill (n / 32 at budget 0) */
	CHECK(budget >= KEYMAP_BUDGET ? keymap_runs(m) == 0 :
	    keymap_runs(m) >= 1 && keymap_runs(m) <= bits(n));
	sbuf_free(&v);
	keymap_free(m);
}

/* keymap: a key put many times, its puts in one spill and in others,
 * the runs merged and merged again.  What a lookup finds, as before the
 * runs were merged: a spill of puts is a table of budget / 32 entries
 * (32 at least); of the spills that hold a key the last wins, and in it
 * the first put of the key. */
static void
test_keymap_dups(size_t budget, size_t group, size_t n, size_t nkeys)
{
	struct keymap *m = keymap_new();
	struct sbuf v = {0};
	size_t *win = xcalloc(nkeys, sizeof *win), i, k;
	uint64_t st = 7;
	char key[32], val[32];
	int ok = 1;

	keymap_budget(m, budget);
	for (i = 0; i < n; i++) {
		k = (size_t)(splitmix64(&st) % nkeys);
		snprintf(key, sizeof key, "dup %zu", k);
		snprintf(val, sizeof val, "%zu", i);
		keymap_put(m, key, strlen(key), val, strlen(val));
		if (win[k] == 0 || (win[k] - 1) / group < i / group)
			win[k] = i + 1;
	}
	for (k = 0; k < nkeys; k++) {
		snprintf(key, sizeof key, "dup %zu", k);
		snprintf(val, sizeof val, "%zu", win[k] - 1);
		if (win[k] == 0 ? keymap_get(m, key, strlen(key), &v) :
		    !keymap_get(m, key, strlen(key), &v) ||
		    strcmp(sbuf_str(&v), val) != 0)
			ok = 0;
	}
	CHECK(ok);
	CHECK(keymap_count(m) == n);
	CHECK(keymap_runs(m) >= 1 && keymap_runs(m) <= bits(n / group));
	free(win);
	sbuf_free(&v);
	keymap_free(m);
}

/* In a child, with a file size limit of limit bytes (SIGXFSZ ignored,
 * as the tools do) and TMPDIR a directory of its own: n keys at budget
 * 0, then exit 0.  Its exit status; nothing left in the directory. */
static int
keymap_limited(size_t n, rlim_t limit)
{
	char dir[] = "/tmp/bellis-keymap-XXXXXX", key[32];
	struct rlimit rl = { limit, limit };
	struct keymap *m;
	pid_t pid;
	size_t i;
	int st = -1;

	if (mkdtemp(dir) == NULL)
		return -1;
	fflush(NULL);
	if ((pid = fork()) == 0) {
		diag_quiet(1);
		signal(SIGXFSZ, SIG_IGN);
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0 ||
		    setenv("TMPDIR", dir, 1) != 0)
			_exit(9);
		m = keymap_new();
		keymap_budget(m, 0);
		for (i = 0; i < n; i++) {
			snprintf(key, sizeof key, "key %zu", i);
			keymap_put(m, key, strlen(key), "v", 1);
		}
		_exit(keymap_get(m, "key 0", 5, NULL) ? 0 : 8);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		st = -1;
	else
		st = WEXITSTATUS(st);
	if (rmdir(dir) != 0)    /* not empty */
		st = -1;
	return st;
}

/* A temporary file that cannot be written is exit 4 (here a merge that
 * goes past 4 KB, 8 runs of 32 entries merged); a merge gives its place
 * back: 20000 keys at budget 0 fit in 1 MB (their runs are 320 KB; the
 * runs and merges written, were they kept, 3 MB) */
static void
test_keymap_full(void)
{
	CHECK(keymap_limited(1000, 4096) == EXIT_SYS);
	CHECK(keymap_limited(20000, 1 << 20) == 0);
}

static void
test_keymap(void)
{
	test_keymap_budget(KEYMAP_BUDGET, 40000);
	test_keymap_budget(0, 3000);
	test_keymap_budget(100000, 40000);
	test_keymap_dups(0, 32, 20000, 50);
	test_keymap_dups(0, 32, 3000, 3000);
	test_keymap_dups(16384, 512, 20000, 300);
	test_keymap_full();
}

static void
test_strset(void)
{
	struct strset s = {0};
	char key[16];
	bool added;
	size_t i;
	int ok = 1;

	CHECK(strset_find(&s, "a") == -1);
	CHECK(strset_add(&s, "alpha", 5, &added) == 0 && added);
	CHECK(strset_add(&s, "beta", 4, NULL) == 1);
	CHECK(strset_add(&s, "alpha", 5, &added) == 0 && !added);
	CHECK(strset_add(&s, "alphabet", 5, &added) == 0 && !added);
	CHECK(strset_find(&s, "beta") == 1);
	CHECK(strset_findn(&s, "betamax", 4) == 1);
	CHECK(strset_find(&s, "bet") == -1);
	CHECK(strset_find(&s, "") == -1);
	CHECK(strset_findn(&s, "beta\0x", 6) == -1);
	CHECK(strset_findn(&s, "alp", 3) == -1);
	CHECK(strset_findn(&s, "alphas", 5) == 0);
	CHECK(strset_add(&s, "", 0, &added) == 2 && added);
	CHECK(strset_find(&s, "") == 2);
	/* growth keeps every index */
	for (i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "k%zu", i);
		if (strset_add(&s, key, strlen(key), &added) != i + 3 ||
		    !added)
			ok = 0;
	}
	for (i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "k%zu", i);
		if (strset_find(&s, key) != (long)(i + 3) ||
		    strcmp(strset_key(&s, i + 3), key) != 0)
			ok = 0;
	}
	CHECK(ok);
	CHECK(strset_count(&s) == 5003);
	CHECK(s.capslot >= 2 * s.n && (s.capslot & (s.capslot - 1)) == 0);
	CHECK_STR(strset_key(&s, 0), "alpha");
	strset_free(&s);
	CHECK(strset_count(&s) == 0 && strset_find(&s, "alpha") == -1);
	CHECK(strset_add(&s, "again", 5, NULL) == 0);
	strset_free(&s);
}

/* Nesting deeper than ever tracked before still gives valid JSON:
 * two elements at each of 40 levels. */
static void
test_jsonout(void)
{
	struct jw j;
	char *buf = NULL, want[256];
	size_t len = 0, k = 0;
	FILE *fp = open_memstream(&buf, &len);
	int i;

	if (fp == NULL) {
		CHECK(0);
		return;
	}
	jw_init(&j, fp);
	for (i = 0; i < 40; i++) {
		jw_arr(&j);
		jw_int(&j, i);
	}
	for (i = 0; i < 40; i++)
		jw_close(&j, ']');
	fclose(fp);
	for (i = 0; i < 40; i++)
		k += (size_t)snprintf(want + k, sizeof want - k, "[%d,", i);
	want[k - 1] = '\0';    /* the last element is not followed by ',' */
	k--;
	for (i = 0; i < 40; i++)
		want[k++] = ']';
	want[k++] = '\n';
	want[k] = '\0';
	CHECK_STR(buf, want);
	free(buf);
}

static void
test_tok(void)
{
	struct toks t = {0};
	const char *l = "Bd general overlap=2 \"Old Guard\" # comment";
	static const char *const kw[] = { "general", "uphill", "overlap" };

	CHECK(tok_split(&t, l, strlen(l), 1) == 0);
	CHECK(t.n == 4);
	CHECK(t.v[0].col == 1 && t.v[1].col == 4);
	CHECK(tok_is(&t.v[1], "GENERAL"));
	CHECK(t.v[2].val != NULL && t.v[2].vlen == 1 && t.v[2].vcol == 20);
	CHECK(tok_is(&t.v[2], "overlap"));
	CHECK(t.v[3].quoted && t.v[3].len == 9);
	CHECK_STR(tok_suggest("genral", 6, kw, 3), "general");
	CHECK(tok_suggest("zzzzzz", 6, kw, 3) == NULL);
	{
		/* tok_nearest on a table folded once answers as tok_suggest:
		 * ties to the first, the word itself before a nearer miss
		 * later, folding (Ä, Ё, upper Cyrillic), bytes of no UTF-8,
		 * words past 64 code points */
		static const char *const c[] = { "genral", "general",
		    "generals", "Gelände", "ВРАГИ", "враги", "ally", "allies",
		    "alle", "x\xffy", ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa") };
		static const char *const w[] = { "general", "GENERAL",
		    "generl", "gelaende", "GELÄNDE", "Враги", "врагиё", "ALLY",
		    "allie", "allez", "x\xfey", "x\xffy", "", "zz",
		    ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab") };
		struct tok_word tc[sizeof c / sizeof c[0]], tw;
		size_t i;
		long k;

		for (i = 0; i < sizeof c / sizeof c[0]; i++)
			tok_word_set(&tc[i], c[i], strlen(c[i]));
		for (i = 0; i < sizeof w / sizeof w[0]; i++) {
			const char *s = tok_suggest(w[i], strlen(w[i]), c,
			    sizeof c / sizeof c[0]);

			tok_word_set(&tw, w[i], strlen(w[i]));
			k = tok_nearest(&tw, tc, sizeof c / sizeof c[0]);
			CHECK(s == (k < 0 ? NULL : c[k]));
		}
		tok_word_set(&tw, "GENERAL", 7);
		CHECK(tok_nearest(&tw, tc, sizeof c / sizeof c[0]) == 1);
		tok_word_set(&tw, "ally", 4);
		CHECK(tok_nearest(&tw, tc, sizeof c / sizeof c[0]) == 6);
	}
	diag_quiet(1);
	CHECK(tok_split(&t, "a \"open", 7, 1) < 0);
	diag_quiet(0);
	/* \v and \f part tokens but stand inside one; '#' ends one; the
	 * first '=' parts key and value */
	l = "a\vb=c=d \fx#y";
	CHECK(tok_split(&t, l, strlen(l), 1) == 0);
	CHECK(t.n == 2 && t.v[0].len == 7 && t.v[0].klen == 3);
	CHECK(t.v[0].vlen == 3 && t.v[0].vcol == 5 && t.v[0].val[0] == 'c');
	CHECK(t.v[1].len == 1 && t.v[1].col == 10 && t.v[1].val == NULL);
	CHECK(tok_split(&t, "=", 1, 1) == 0);
	CHECK(t.n == 1 && t.v[0].klen == 0 && t.v[0].vlen == 0);
	tok_free(&t);
}

static void
test_troop(void)
{
	const struct troop *t;

	CHECK((t = troop_lookup("Ritter", 6)) != NULL &&
	    strcmp(t->code, "Kn") == 0);
	CHECK((t = troop_lookup("plaenkler", 9)) != NULL &&
	    strcmp(t->code, "Ps") == 0);
	CHECK((t = troop_lookup("Bögen", 6)) != NULL &&
	    strcmp(t->code, "Bw") == 0);
	CHECK((t = troop_lookup("Boegen", 6)) != NULL &&
	    strcmp(t->code, "Bw") == 0);
	CHECK((t = troop_lookup("knights", 7)) != NULL &&
	    strcmp(t->code, "Kn") == 0);
	CHECK((t = troop_lookup("CV", 2)) != NULL &&
	    strcmp(t->code, "Cv") == 0);
	CHECK((t = troop_lookup("LCh", 3)) != NULL &&
	    strcmp(t->code, "Cv") == 0);
	CHECK((t = troop_lookup("Lb", 2)) != NULL &&
	    strcmp(t->code, "Bw") == 0);
	CHECK((t = troop_lookup("Leichte Reiterei", 16)) != NULL &&
	    strcmp(t->code, "LH") == 0);
	CHECK((t = troop_lookup("Sichelstreiwagen", 16)) != NULL &&
	    strcmp(t->code, "SCh") == 0);
	CHECK((t = troop_lookup("Warbands", 8)) != NULL &&
	    strcmp(t->code, "Wb") == 0);
	CHECK((t = troop_lookup("Hd", 2)) != NULL &&
	    !troop_in_edition(t, "dba1") && troop_in_edition(t, "dba2"));
	CHECK(troop_lookup("Rittr", 5) == NULL);
	CHECK_STR(troop_suggest("Rittr", 5), "Ritter");
	CHECK(troop_suggest("Qqqqqqqq", 8) == NULL);
	CHECK(troop_count() == 20);
	CHECK(troop_by_code("WWg")->cls == CLASS_FOOT);
	CHECK(troop_by_code("El")->cls == CLASS_MOUNTED);
	CHECK_STR(troop_by_code("Bw")->abbr[LANG_DE], "Bo");
	CHECK(troop_by_code("bw") == NULL);
	CHECK((t = troop_find("3Kn", 3)) != NULL &&
	    strcmp(t->code, "Kn") == 0);
	CHECK((t = troop_find("4Bd", 3)) != NULL &&
	    strcmp(t->code, "Bd") == 0);
	CHECK(troop_find("33", 2) == NULL);
	CHECK((t = troop_find2("Light", 5, "Horse", 5)) != NULL &&
	    strcmp(t->code, "LH") == 0);
	CHECK(troop_find2("Light", 5, "Foot", 4) == NULL);
	diag_quiet(1);
	CHECK(troop_lookup_or_suggest("Rittr", 5, 1, 1) == NULL);
	CHECK((t = troop_lookup_or_suggest("Ritter", 6, 1, 1)) != NULL &&
	    strcmp(t->code, "Kn") == 0);
	diag_quiet(0);
	troop_cleanup();
	CHECK(troop_lookup("Kl", 2) != NULL);
	troop_cleanup();
}

/* test_core keymap N: only the keymap at budget 0 with N keys (a run
 * to every key; bench/scale.sh times it at 40000) */
int
main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "keymap") == 0) {
		diag_init("unit");
		RUN(test_keymap_budget(0, (size_t)strtoul(argv[2], NULL, 10)));
		return UNIT_DONE("core keymap");
	}
	diag_init("unit");
	xmlio_init();
	RUN(test_dice());
	RUN(test_num());
	RUN(test_str());
	RUN(test_grow());
	RUN(test_arena());
	RUN(test_strset());
	RUN(test_keymap());
	RUN(test_tok());
	RUN(test_jsonout());
	RUN(test_troop());
	xmlio_cleanup();
	return UNIT_DONE("core");
}
