/* The two catalogues against the manuals: every code a tool can print,
 * a diagnostic (the DIAGNOSTICS section of its page) or a finding of
 * armylist-check (the Checks list of its page), is listed there with
 * its level and its message, and the list holds no other code.  Run
 * from the top of the tree.  "test_diagcat TOOL" prints the list of
 * diagnostics that TOOL's page should carry (tests/diagman.sh writes it
 * into the page), "test_diagcat -f TOOL" that of its findings (a start
 * for the maintainer, who words the explanations). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"
#include "unit.h"

/* A catalogue and the heading of the list of it in a page. */
struct cat {
	const struct diag_def *defs;
	size_t n;
	const char *heading;       /* ".Sh SECTION" or ".Ss SUBSECTION" */
};

static const struct cat cats[] = {
	{ diag_defs, D_N, ".Sh DIAGNOSTICS\n" },
	{ finding_defs, CK_N, ".Ss Checks\n" },
};

/* The message as a page lists it: each conversion as "...", with mdoc
 * escapes. */
static void
message_line(struct sbuf *b, const char *fmt)
{
	const char *p;

	if (strchr("%.'", fmt[0]) != NULL)
		sbuf_adds(b, "\\&");
	for (p = fmt; *p != '\0'; p++) {
		if (*p == '%') {
			p += strspn(p + 1, "-0123456789.*lz") + 1;
			sbuf_adds(b, "...");
		} else if (*p == '\\')
			sbuf_adds(b, "\\e");
		else
			sbuf_addc(b, *p);
	}
	sbuf_addc(b, '\n');
}

/* Whether a heading line starts (or ends) the list of c: a section
 * ends at the next section, a subsection at the next of either. */
static bool
heading(const struct cat *c, const char *line, bool in)
{
	if (strncmp(line, ".Sh ", 4) == 0)
		return strcmp(line, c->heading) == 0;
	if (strncmp(line, ".Ss ", 4) == 0 && strncmp(c->heading, ".Ss ", 4) ==
	    0)
		return strcmp(line, c->heading) == 0;
	return in;
}

/* ".It Sy CODE Pq error|warning" lines of the list of c, each followed
 * by the line of its message: 1 when d has them, 0 when not, -1 for no
 * page; *listed counts the ".It Sy" lines of the list. */
static int
page_has(const char *tool, const struct cat *c, const struct diag_def *d,
    int *listed)
{
	char path[256], line[1024], want[300];
	struct sbuf msg = { NULL, 0, 0 };
	FILE *fp;
	bool in = false, next = false;
	int found = 0;

	snprintf(path, sizeof path, "man/%s.1", tool);
	snprintf(want, sizeof want, ".It Sy %s Pq %s\n", d->code,
	    d->error ? "error" : "warning");
	message_line(&msg, d->fmt);
	if ((fp = fopen(path, "r")) == NULL) {
		sbuf_free(&msg);
		return -1;
	}
	*listed = 0;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (next && strcmp(line, sbuf_str(&msg)) == 0)
			found = 1;
		next = false;
		in = heading(c, line, in);
		if (in && strncmp(line, ".It Sy ", 7) == 0) {
			(*listed)++;
			next = strcmp(line, want) == 0;
		}
	}
	fclose(fp);
	sbuf_free(&msg);
	return found;
}

static void
test_page(const struct cat *c, size_t t)
{
	static const struct diag_def none = { "", 0, "", 0 };
	const struct diag_def *d;
	size_t i, n = 0;
	int listed, r;

	for (i = 0; i < c->n; i++) {
		d = &c->defs[i];
		if (!(d->tools & (1u << t)))
			continue;
		n++;
		r = page_has(diag_tools[t], c, d, &listed);
		if (r != 1)
			fprintf(stderr, "man/%s.1: %.*s lacks .It Sy %s Pq %s "
			    "and the message line\n", diag_tools[t],
			    (int)strlen(c->heading) - 1, c->heading, d->code,
			    d->error ? "error" : "warning");
		CHECK(r == 1);
	}
	(void)page_has(diag_tools[t], c, &none, &listed);
	if ((size_t)listed != n)
		fprintf(stderr, "man/%s.1: %.*s lists %d codes, the catalogue "
		    "%zu\n", diag_tools[t], (int)strlen(c->heading) - 1,
		    c->heading, listed, n);
	CHECK((size_t)listed == n);
}

static void
test_pages(void)
{
	size_t k, t;

	for (k = 0; k < sizeof cats / sizeof cats[0]; k++)
		for (t = 0; t < T_NTOOLS; t++)
			test_page(&cats[k], t);
}

static void
test_table(const struct diag_def *defs, size_t n)
{
	size_t i, j;
	const char *c;

	for (i = 0; i < n; i++) {
		CHECK(defs[i].code != NULL && defs[i].fmt != NULL);
		CHECK(defs[i].tools != 0);
		/* codes are lower-case words joined by '-', and unique */
		c = defs[i].code;
		CHECK(strspn(c, "abcdefghijklmnopqrstuvwxyz0123456789-") ==
		    strlen(c));
		for (j = 0; j < i; j++)
			CHECK(strcmp(defs[i].code, defs[j].code) != 0);
		/* only the conversions diag_format knows */
		for (c = defs[i].fmt; (c = strchr(c, '%')) != NULL; c++) {
			CHECK(strncmp(c, "%d", 2) == 0 ||
			    strncmp(c, "%ld", 3) == 0 ||
			    strncmp(c, "%lld", 4) == 0 ||
			    strncmp(c, "%zu", 3) == 0 ||
			    strncmp(c, "%s", 2) == 0 ||
			    strncmp(c, "%.*s", 4) == 0 ||
			    strncmp(c, "%%", 2) == 0);
			if (c[1] == '%')
				c++;
		}
	}
}

static const char *
fmt(struct sbuf *b, const char *f, ...)
{
	va_list ap;
	bool ok;

	sbuf_reset(b);
	va_start(ap, f);
	ok = diag_format(b, f, ap);
	va_end(ap);
	return ok ? sbuf_str(b) : NULL;
}

/* Quoted arguments are clipped to DIAG_QUOTE_MAX characters. */
static void
test_format(void)
{
	struct sbuf b = { NULL, 0, 0 }, l = { NULL, 0, 0 };
	struct sbuf w = { NULL, 0, 0 };
	int i;

	for (i = 0; i < 70; i++)
		sbuf_adds(&l, "\xc3\xa4");
	sbuf_adds(&w, "unknown '");
	sbuf_add(&w, sbuf_str(&l), 2 * DIAG_QUOTE_MAX);
	sbuf_printf(&w, "...' in %s; 5 -3%%", sbuf_str(&l));
	CHECK_STR(fmt(&b, "unknown '%s' in %.*s; %zu %d%%", sbuf_str(&l),
	    140, sbuf_str(&l), (size_t)5, -3), sbuf_str(&w));
	sbuf_free(&w);
	CHECK_STR(fmt(&b, "'%.*s' %ld", 3, "abcdef", 7L), "'abc' 7");
	CHECK(fmt(&b, "%x", 1) == NULL);
	sbuf_free(&b);
	sbuf_free(&l);
}

/* The codes of c that tool prints, each with its level and message. */
static void
print_list(const struct cat *c, const char *tool)
{
	struct sbuf msg = { NULL, 0, 0 };
	size_t t, i;

	for (t = 0; t < T_NTOOLS; t++)
		if (strcmp(diag_tools[t], tool) == 0)
			break;
	if (t == T_NTOOLS) {
		fprintf(stderr, "test_diagcat: no tool '%s'\n", tool);
		exit(3);
	}
	for (i = 0; i < c->n; i++) {
		if (!(c->defs[i].tools & (1u << t)))
			continue;
		sbuf_reset(&msg);
		message_line(&msg, c->defs[i].fmt);
		printf(".It Sy %s Pq %s\n%s", c->defs[i].code,
		    c->defs[i].error ? "error" : "warning", sbuf_str(&msg));
	}
	sbuf_free(&msg);
}

int
main(int argc, char **argv)
{
	if (argc == 2) {
		print_list(&cats[0], argv[1]);
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "-f") == 0) {
		print_list(&cats[1], argv[2]);
		return 0;
	}
	RUN(test_table(diag_defs, D_N));
	RUN(test_table(finding_defs, CK_N));
	RUN(test_format());
	RUN(test_pages());
	return UNIT_DONE("diagcat");
}
