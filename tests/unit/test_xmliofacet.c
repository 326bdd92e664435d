/* The pattern facets checked in C (core/xmliofacet): every pattern of
 * formats/ (every .rng) has its check or stays in the schema, the checks take
 * what their pattern's generated matches are, a schema loses only the
 * patterns it may.  With arguments, the helper of tests/facets.bats:
 *   test_xmliofacet table            the facets of every schema of formats/
 *   test_xmliofacet gen PATTERN TEMPLATE
 *                                    a document: TEMPLATE's @V@ line once
 *                                    for each value generated from
 *                                    PATTERN (one with a check)
 *   test_xmliofacet check RNG FILE   the lines of FILE's errors against
 *                                    RNG as the readers load it (patterns
 *                                    out, C checks on) */
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/relaxng.h>

#include "core/diag.h"
#include "core/str.h"
#include "core/strset.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmliofacet.h"
#include "unit.h"

/* ---- a generator of values from an XSD pattern ---------------------------
 * The part of XSD regular expressions our schemas use: | ( ) ? * + {m,n}
 * classes with ranges, ^ and \s \d \- \. \?, literal characters. */

enum { R_ALT, R_SEQ, R_CLASS, R_CHAR };

struct rx {
	int kind;
	struct rx **sub;           /* R_ALT: branches; R_SEQ: items */
	int *min, *max;            /* R_SEQ: each item's repeats (-1: any) */
	size_t n, cap;
	bool set[256], neg;        /* R_CLASS (bytes; neg: any other char) */
	char c;                    /* R_CHAR */
};

static struct rx *parse_alt(const char **p);

static struct rx *
rx_new(int kind)
{
	struct rx *r = xcalloc(1, sizeof *r);

	r->kind = kind;
	return r;
}

static void
rx_free(struct rx *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->n; i++)
		rx_free(r->sub[i]);
	free(r->sub);
	free(r->min);
	free(r->max);
	free(r);
}

static void
rx_push(struct rx *r, struct rx *s, int min, int max)
{
	size_t old = r->cap;

	r->sub = xgrow(r->sub, &r->cap, r->n + 1, sizeof *r->sub);
	r->min = xfollow(r->min, old, r->cap, sizeof *r->min);
	r->max = xfollow(r->max, old, r->cap, sizeof *r->max);
	r->sub[r->n] = s;
	r->min[r->n] = min;
	r->max[r->n++] = max;
}

/* An escape after '\': a class (\s, \d) or a character. */
static void
escape(struct rx *cls, char c)
{
	int b;

	if (c == 's') {
		cls->set[' '] = cls->set['\t'] = cls->set['\n'] =
		    cls->set['\r'] = true;
	} else if (c == 'd') {
		for (b = '0'; b <= '9'; b++)
			cls->set[b] = true;
	} else
		cls->set[(unsigned char)c] = true;
}

static struct rx *
parse_class(const char **p)
{
	struct rx *r = rx_new(R_CLASS);
	unsigned char lo, hi;
	int b;

	if (**p == '^') {
		r->neg = true;
		++*p;
	}
	while (**p != '\0' && **p != ']') {
		if (**p == '\\') {
			escape(r, (*p)[1]);
			*p += 2;
			continue;
		}
		lo = (unsigned char)*(*p)++;
		hi = lo;
		if (**p == '-' && (*p)[1] != ']' && (*p)[1] != '\0') {
			hi = (unsigned char)(*p)[1];
			*p += 2;
		}
		for (b = lo; b <= hi; b++)
			r->set[b] = true;
	}
	if (**p == ']')
		++*p;
	return r;
}

static struct rx *
parse_atom(const char **p)
{
	struct rx *r;

	if (**p == '(') {
		++*p;
		r = parse_alt(p);
		if (**p == ')')
			++*p;
		return r;
	}
	if (**p == '[') {
		++*p;
		return parse_class(p);
	}
	if (**p == '\\') {
		r = rx_new(R_CLASS);
		escape(r, (*p)[1]);
		*p += 2;
		return r;
	}
	r = rx_new(R_CHAR);
	r->c = *(*p)++;
	return r;
}

static struct rx *
parse_seq(const char **p)
{
	struct rx *r = rx_new(R_SEQ), *a;
	int min, max;

	while (**p != '\0' && **p != '|' && **p != ')') {
		a = parse_atom(p);
		min = max = 1;
		if (**p == '?' || **p == '*' || **p == '+') {
			min = **p == '+';
			max = **p == '?' ? 1 : -1;
			++*p;
		} else if (**p == '{') {
			min = (int)strtol(*p + 1, (char **)p, 10);
			max = min;
			if (**p == ',')
				max = (*p)[1] == '}' ? -1 :
				    (int)strtol(*p + 1, (char **)p, 10);
			if (**p == ',')
				++*p;
			if (**p == '}')
				++*p;
		}
		rx_push(r, a, min, max);
	}
	return r;
}

static struct rx *
parse_alt(const char **p)
{
	struct rx *r = rx_new(R_ALT);

	rx_push(r, parse_seq(p), 1, 1);
	while (**p == '|') {
		++*p;
		rx_push(r, parse_seq(p), 1, 1);
	}
	return r;
}

static uint64_t seed = 88172645463325252u;

static unsigned
rnd(unsigned n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return n == 0 ? 0 : (unsigned)(seed % n);
}

/* The characters of a negated class's complement we pick from. */
static const char *const others[] = { "a", "Z", "0", "-", ".", "/", "?",
    "\xc3\xa9", "\xd9\xa1", "_", "'", "&", "<", "\"" };

static void
gen_match(const struct rx *r, struct sbuf *b)
{
	size_t i;
	int k, reps, b0, cand[256], nc;

	switch (r->kind) {
	case R_ALT:
		gen_match(r->sub[rnd((unsigned)r->n)], b);
		break;
	case R_SEQ:
		for (i = 0; i < r->n; i++) {
			reps = r->min[i] + (int)rnd(4);
			if (r->max[i] >= 0 && reps > r->max[i])
				reps = r->max[i];
			for (k = 0; k < reps; k++)
				gen_match(r->sub[i], b);
		}
		break;
	case R_CLASS:
		if (r->neg) {
			for (;;) {
				const char *o = others[rnd(sizeof others /
				    sizeof others[0])];

				if (!r->set[(unsigned char)o[0]]) {
					sbuf_adds(b, o);
					return;
				}
			}
		}
		for (b0 = 0, nc = 0; b0 < 256; b0++)
			if (r->set[b0])
				cand[nc++] = b0;
		if (nc > 0)
			sbuf_addc(b, (char)cand[rnd((unsigned)nc)]);
		break;
	default:
		sbuf_addc(b, r->c);
	}
}

/* The characters a mutation puts in: printable ASCII, tab, line feed,
 * and two non-ASCII letters (é, Arabic-Indic one). */
static size_t
alphabet(const char **v)
{
	static char one[96][2];
	size_t n = 0;
	int c;

	for (c = 0x20; c < 0x7f; c++) {
		one[c - 0x20][0] = (char)c;
		v[n++] = one[c - 0x20];
	}
	v[n++] = "\t";
	v[n++] = "\n";
	v[n++] = "\xc3\xa9";
	v[n++] = "\xd9\xa1";
	return n;
}

/* The characters of the pattern and those next to its ranges, and the
 * blanks and separators: the two-character strings are made of these. */
static size_t
near_chars(const struct rx *r, char *v, size_t n, size_t max)
{
	static const char extra[] = " ,:./-?\t";
	size_t i;
	int c;

	if (r->kind == R_CHAR && n < max && memchr(v, r->c, n) == NULL)
		v[n++] = r->c;
	if (r->kind == R_CLASS)
		for (c = 0x21; c < 0x7f && n < max; c++)
			if (r->set[c] != r->set[c - 1] ||
			    r->set[c] != r->set[c + 1])
				if (memchr(v, c, n) == NULL)
					v[n++] = (char)c;
	for (i = 0; i < r->n; i++)
		n = near_chars(r->sub[i], v, n, max);
	for (i = 0; extra[i] != '\0' && n < max; i++)
		if (memchr(v, extra[i], n) == NULL)
			v[n++] = extra[i];
	return n;
}

/* A value, when it is text (a mutation may cut a character in two). */
static void
add_value(struct strset *s, const char *v, size_t n)
{
	if (memchr(v, '\0', n) == NULL && utf8_valid(v, n))
		(void)strset_add(s, v, n, NULL);
}

/* A mutation of m into b: a character left out, put in, changed, two
 * swapped, a part doubled, blanks around. */
static void
mutate(const char *m, struct sbuf *b, const char **alpha, size_t na)
{
	size_t n = strlen(m), i = n > 0 ? rnd((unsigned)n) : 0;
	const char *a = alpha[rnd((unsigned)na)];

	sbuf_reset(b);
	switch (rnd(7)) {
	case 0:         /* left out */
		sbuf_add(b, m, i);
		if (n > 0)
			sbuf_adds(b, m + i + 1);
		break;
	case 1:         /* put in */
		sbuf_add(b, m, i);
		sbuf_adds(b, a);
		sbuf_adds(b, m + i);
		break;
	case 2:         /* changed */
		sbuf_add(b, m, i);
		sbuf_adds(b, a);
		if (n > 0)
			sbuf_adds(b, m + i + 1);
		break;
	case 3:         /* swapped */
		sbuf_adds(b, m);
		if (n > 1 && i + 1 < n) {
			b->s[i] = m[i + 1];
			b->s[i + 1] = m[i];
		}
		break;
	case 4:         /* doubled */
		sbuf_add(b, m, i);
		sbuf_adds(b, m + (n > 0 ? rnd((unsigned)n) : 0));
		sbuf_adds(b, m + i);
		break;
	case 5:         /* blanks at the ends */
		sbuf_adds(b, rnd(2) ? " " : "\t");
		sbuf_adds(b, m);
		sbuf_adds(b, rnd(2) ? "\n" : "  ");
		break;
	default:        /* appended */
		sbuf_adds(b, m);
		sbuf_adds(b, a);
	}
}

/* The values of pattern p: "", every single character, every pair of
 * its near characters, 60 generated matches and 10 mutations of each,
 * without repeats (in s). */
static void
gen_values(const char *pattern, struct strset *s)
{
	const char *p = pattern, *alpha[128];
	struct rx *r = parse_alt(&p);
	struct sbuf m = {0}, b = {0};
	char near[64];
	size_t na = alphabet(alpha), nn, i, j;
	int k, t;

	nn = near_chars(r, near, 0, sizeof near);
	add_value(s, "", 0);
	for (i = 0; i < na; i++)
		add_value(s, alpha[i], strlen(alpha[i]));
	for (i = 0; i < nn; i++)
		for (j = 0; j < nn; j++) {
			char two[2] = { near[i], near[j] };

			add_value(s, two, 2);
		}
	for (k = 0; k < 60; k++) {
		sbuf_reset(&m);
		gen_match(r, &m);
		add_value(s, sbuf_str(&m), m.len);
		for (t = 0; t < 10; t++) {
			mutate(sbuf_str(&m), &b, alpha, na);
			add_value(s, sbuf_str(&b), b.len);
		}
	}
	sbuf_free(&m);
	sbuf_free(&b);
	rx_free(r);
}

/* ---- the schemas of formats/ ---------------------------------------------- */

/* The bytes of a file and a NUL (kept: the schema cache knows them by
 * address). */
static unsigned char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, k;

	if (fp == NULL)
		return NULL;
	do {
		buf = xgrow(buf, &cap, n + 4096, 1);
		k = fread(buf + n, 1, cap - n - 1, fp);
		n += k;
	} while (k > 0);
	fclose(fp);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The schemas of formats/, sorted (freed by the caller). */
static size_t
schema_files(char ***out)
{
	DIR *d = opendir("formats");
	struct dirent *e;
	char **v = NULL;
	size_t n = 0, cap = 0, len;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".rng") != 0)
			continue;
		v = xgrow(v, &cap, n + 1, sizeof *v);
		v[n] = xmalloc(len + 9);
		snprintf(v[n++], len + 9, "formats/%s", e->d_name);
	}
	closedir(d);
	qsort(v, n, sizeof *v, by_name);
	*out = v;
	return n;
}

/* The schema sources loaded, freed after xmlio_cleanup. */
static unsigned char **loaded;
static size_t nloaded, caploaded;

static xmlRelaxNGPtr
load(const char *path)
{
	unsigned char *buf;
	size_t len;

	if ((buf = slurp(path, &len)) == NULL)
		return NULL;
	loaded = xgrow(loaded, &caploaded, nloaded + 1, sizeof *loaded);
	loaded[nloaded++] = buf;
	return xmlio_schema(buf, len, path);
}

static void
unload(void)
{
	size_t i;

	xmlio_cleanup();
	for (i = 0; i < nloaded; i++)
		free(loaded[i]);
	free(loaded);
	loaded = NULL;
	nloaded = caploaded = 0;
}

/* The number of pattern params in an RNG file. */
static int
count_patterns(const char *path)
{
	size_t len;
	unsigned char *buf = slurp(path, &len);
	const char *p;
	int k = 0;

	if (buf == NULL)
		return -1;
	for (p = (const char *)buf; (p = strstr(p, "<param name=\"pattern\">"))
	    != NULL; p++)
		k++;
	free(buf);
	return k;
}

static int
cmd_table(void)
{
	const struct xmlio_facets *f;
	char **files;
	size_t n = schema_files(&files), i, j;
	const struct xmlio_facet *e;

	for (i = 0; i < n; i++) {
		f = xmlio_schema_facets(load(files[i]));
		printf("%s: %d patterns, %zu kept in the schema\n", files[i],
		    count_patterns(files[i]), f != NULL ? f->kept : 0);
		for (j = 0; f != NULL && j < f->n; j++) {
			e = &f->v[j];
			printf("  <%s %s=...> %s%s %s\n", e->element, e->attr,
			    e->token ? "token" : "string", e->list ?
			    " list" : "", e->def->pattern);
		}
		free(files[i]);
	}
	free(files);
	return 0;
}

/* A value in an attribute between double quotes. */
static void
put_attr(const char *v)
{
	for (; *v != '\0'; v++)
		switch (*v) {
		case '&': fputs("&amp;", stdout); break;
		case '<': fputs("&lt;", stdout); break;
		case '"': fputs("&quot;", stdout); break;
		case '\t': fputs("&#9;", stdout); break;
		case '\n': fputs("&#10;", stdout); break;
		case '\r': fputs("&#13;", stdout); break;
		default: putchar(*v);
		}
}

static int
cmd_gen(const char *pattern, const char *template)
{
	struct strset s = {0};
	unsigned char *t;
	const char *line, *end, *at;
	size_t len, i;

	if (xmlio_facet_def(pattern) == NULL) {
		fprintf(stderr, "test_xmliofacet: no check for %s\n", pattern);
		return 2;
	}
	if ((t = slurp(template, &len)) == NULL)
		return 2;
	gen_values(pattern, &s);
	for (line = (const char *)t; *line != '\0'; line = end) {
		end = strchr(line, '\n');
		end = end != NULL ? end + 1 : line + strlen(line);
		at = strstr(line, "@V@");
		if (at == NULL || at > end) {
			fwrite(line, 1, (size_t)(end - line), stdout);
			continue;
		}
		for (i = 0; i < strset_count(&s); i++) {
			fwrite(line, 1, (size_t)(at - line), stdout);
			put_attr(strset_key(&s, i));
			fwrite(at + 3, 1, (size_t)(end - at - 3), stdout);
		}
	}
	strset_free(&s);
	free(t);
	return 0;
}

static void
on_line(void *ctx, const struct diag_def *def, const char *file, long line,
    long col, const char *msg)
{
	(void)ctx;
	(void)def;
	(void)file;
	(void)col;
	(void)msg;
	printf("%ld\n", line);
}

static int
cmd_check(const char *rng, const char *file)
{
	xmlRelaxNGPtr s = load(rng);
	xmlDocPtr d;
	int rc;

	if (s == NULL)
		return 2;
	diag_set_hook(on_line, NULL);
	d = xmlio_parse_file(file);
	rc = xmlio_validate_doc(s, d, true);
	diag_set_hook(NULL, NULL);
	xmlFreeDoc(d);
	return rc < 0 ? 2 : 0;
}

/* ---- the unit tests --------------------------------------------------------- */

/* Every pattern of formats/ has a check of its own; a schema keeps only
 * the pattern inside a choice (findings.rng). */
static void
test_every_pattern(void)
{
	const struct xmlio_facets *f;
	char **files;
	size_t n = schema_files(&files), i;
	unsigned char *buf;
	size_t len, kept = 0;
	const char *p, *e;

	CHECK(n >= 10);
	for (i = 0; i < n; i++) {
		f = xmlio_schema_facets(load(files[i]));
		CHECK(f != NULL);
		kept += f != NULL ? f->kept : 0;
		buf = slurp(files[i], &len);
		for (p = (const char *)buf; (p = strstr(p,
		    "<param name=\"pattern\">")) != NULL; p = e) {
			char pat[256];

			p += strlen("<param name=\"pattern\">");
			e = strstr(p, "</param>");
			snprintf(pat, sizeof pat, "%.*s", (int)(e - p), p);
			if (xmlio_facet_def(pat) == NULL)
				fprintf(stderr, "%s: no check for %s\n",
				    files[i], pat);
			CHECK(xmlio_facet_def(pat) != NULL);
		}
		free(buf);
		free(files[i]);
	}
	free(files);
	CHECK(kept == 1);
}

/* Each check takes 200 matches generated from its pattern. */
static void
test_matches(void)
{
	const struct xmlio_facet_def *d;
	struct sbuf b = {0};
	const char *p;
	struct rx *r;
	int k, bad;

	for (d = xmlio_facet_defs; d->pattern != NULL; d++) {
		p = d->pattern;
		r = parse_alt(&p);
		for (k = bad = 0; k < 200; k++) {
			sbuf_reset(&b);
			gen_match(r, &b);
			if (!d->ok(b.s != NULL ? b.s : "", b.len)) {
				if (bad++ == 0)
					fprintf(stderr, "%s refused '%s'\n",
					    d->pattern, sbuf_str(&b));
			}
		}
		CHECK(bad == 0);
		rx_free(r);
	}
	sbuf_free(&b);
}

static bool
ok(const char *pattern, const char *v)
{
	const struct xmlio_facet_def *d = xmlio_facet_def(pattern);

	return d != NULL && d->ok(v, strlen(v));
}

static void
test_checks(void)
{
	static const char id[] = "([IVX]+/)?[0-9]+[a-z]?(\\.[0-9]+)?|\\?";
	static const char len[] = "-?[0-9]+(\\.[0-9]+)?(p|mm|cm|in|bw)?";
	static const char sp[] = "(Mtd-)?[0-9/]*[A-Za-z][A-Za-z0-9]*";
	static const char dist[] = "[0-9]+(\\.[0-9]{1,6})?([pP]|[mM][mM]|"
	    "[cC][mM]|[iI][nN]|[bB][wW])?";

	CHECK(ok(id, "12") && ok(id, "II/12b.3") && ok(id, "?"));
	CHECK(!ok(id, "II12") && !ok(id, "II/") && !ok(id, "12.") &&
	    !ok(id, "12ab") && !ok(id, "") && !ok(id, "i/1"));
	CHECK(ok(len, "-12.5mm") && ok(len, "3bw") && !ok(len, "3BW") &&
	    !ok(len, "3.") && !ok(len, "3m") && !ok(len, "-"));
	CHECK(ok(sp, "Mtd-4Lb") && ok(sp, "Mtd") && ok(sp, "3/4Bw") &&
	    !ok(sp, "Mtd-") && !ok(sp, "4") && !ok(sp, "Mtd-Mtd-4Lb"));
	CHECK(ok(dist, "12.123456Cm") && !ok(dist, "1.1234567") &&
	    !ok(dist, "1c") && ok(dist, "1P"));
	CHECK(ok("[0-9]{1,2}(/[0-9]{1,2}/[0-9]{1,2})?", "12/3/45") &&
	    !ok("[0-9]{1,2}(/[0-9]{1,2}/[0-9]{1,2})?", "123") &&
	    !ok("[0-9]{1,2}(/[0-9]{1,2}/[0-9]{1,2})?", "1/2"));
	CHECK(ok("[a-z][a-z0-9]*(-[a-z0-9]+)*", "a-1-b") &&
	    !ok("[a-z][a-z0-9]*(-[a-z0-9]+)*", "a--b") &&
	    !ok("[a-z][a-z0-9]*(-[a-z0-9]+)*", "a-"));
	CHECK(ok("[^\\s,]+", "r1\xc3\xa9") && !ok("[^\\s,]+", "a,b"));
}

/* A pattern inside a choice, on an element's text, or on an attribute
 * another definition leaves free stays; one value of one attribute
 * goes, its datatype kept. */
static void
test_strip(void)
{
	static const unsigned char rng[] =
	    "<grammar xmlns='http://relaxng.org/ns/structure/1.0' "
	    "datatypeLibrary='http://www.w3.org/2001/XMLSchema-datatypes'>"
	    "<start><element name='r'><oneOrMore><choice>"
	    "<element name='a'><attribute name='x'><ref name='n'/></attribute>"
	    "<optional><attribute name='y'><choice><value>z</value>"
	    "<ref name='n'/></choice></attribute></optional></element>"
	    "<element name='b'><attribute name='x'><data type='token'/>"
	    "</attribute></element>"
	    "<element name='c'><attribute name='x'><ref name='m'/>"
	    "</attribute></element>"
	    "<element name='c'><attribute name='x'><text/></attribute>"
	    "<attribute name='w'/></element>"
	    "<element name='d'><data type='token'><param name='pattern'>"
	    "[a-z][a-z0-9\\-]*</param></data></element>"
	    "</choice></oneOrMore></element></start>"
	    "<define name='n'><data type='token'><param name='pattern'>"
	    "[0-9]+(/[0-9]+)*</param></data></define>"
	    "<define name='m'><data type='token'><param name='pattern'>"
	    "[A-Za-z][A-Za-z0-9]*</param></data></define>"
	    "</grammar>";
	const struct xmlio_facets *f;
	xmlRelaxNGPtr s = xmlio_schema(rng, sizeof rng - 1, "t.rng");
	xmlDocPtr d;
	long e;

	f = xmlio_schema_facets(s);
	CHECK(f != NULL && f->kept == 3 && f->n == 0);
	d = xmlio_parse_mem("<r><a x='1'/><c x='-' w=''/></r>", 32, "t.xml");
	diag_quiet(1);
	e = diag_file_errors();
	CHECK(xmlio_validate_doc(s, d, true) == 0);
	CHECK(diag_file_errors() == e);
	diag_quiet(0);
	xmlFreeDoc(d);
}

/* One value of one attribute goes out of the schema and the C check
 * reports it at its element's line, its datatype still checked by the
 * schema; a list's tokens one by one. */
static void
test_report(void)
{
	static const unsigned char rng[] =
	    "<grammar xmlns='http://relaxng.org/ns/structure/1.0' "
	    "datatypeLibrary='http://www.w3.org/2001/XMLSchema-datatypes'>"
	    "<start><element name='r'><oneOrMore><element name='a'>"
	    "<attribute name='x'><ref name='n'/></attribute>"
	    "<optional><attribute name='l'><list><oneOrMore><ref name='n'/>"
	    "</oneOrMore></list></attribute></optional>"
	    "</element></oneOrMore></element></start>"
	    "<define name='n'><data type='token'><param name='pattern'>"
	    "[0-9]+(/[0-9]+)*</param></data></define></grammar>";
	static const char doc[] = "<r>\n<a x=' 1/2 '/>\n<a x='1/'/>\n"
	    "<a x='3' l='1 2/3  x 4'/>\n</r>";
	const struct xmlio_facets *f;
	xmlRelaxNGPtr s = xmlio_schema(rng, sizeof rng - 1, "r.rng");
	xmlDocPtr d;

	f = xmlio_schema_facets(s);
	CHECK(f != NULL && f->kept == 0 && f->n == 2);
	CHECK(f != NULL && f->n == 2 && !f->v[0].list && f->v[1].list);
	d = xmlio_parse_mem(doc, sizeof doc - 1, "r.xml");
	diag_quiet(1);
	CHECK(xmlio_validate_doc(s, d, true) == 2);
	CHECK(xmlio_validate_doc(s, d, false) == 2);
	diag_quiet(0);
	xmlFreeDoc(d);
}

int
main(int argc, char **argv)
{
	int rc = -1;

	diag_init("test_xmliofacet");
	diag_set_cap(0);
	xmlio_init();
	if (argc == 2 && strcmp(argv[1], "table") == 0)
		rc = cmd_table();
	else if (argc == 4 && strcmp(argv[1], "gen") == 0)
		rc = cmd_gen(argv[2], argv[3]);
	else if (argc == 4 && strcmp(argv[1], "check") == 0)
		rc = cmd_check(argv[2], argv[3]);
	else if (argc > 1) {
		fprintf(stderr, "usage: test_xmliofacet [table | gen PATTERN "
		    "TEMPLATE | check RNG FILE]\n");
		rc = 3;
	}
	if (rc >= 0) {
		unload();
		return rc;
	}
	RUN(test_every_pattern());
	RUN(test_matches());
	RUN(test_checks());
	RUN(test_strip());
	RUN(test_report());
	unload();
	return UNIT_DONE("xmliofacet");
}
