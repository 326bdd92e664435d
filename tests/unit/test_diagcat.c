/* The diagnostics catalogue against the manuals: every code a tool can
 * print is listed in the DIAGNOSTICS section of its page, with its level,
 * and the page lists no other code.  Run from the top of the tree.
 * "test_diagcat TOOL" prints the list that TOOL's page should carry
 * (a start for the maintainer, who words the explanations). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"
#include "unit.h"

/* ".It Sy CODE Pq error|warning" lines of the DIAGNOSTICS section. */
static int
page_has(const char *tool, const char *code, int error, int *listed)
{
	char path[256], line[1024], want[300];
	FILE *fp;
	int in = 0, found = 0;

	snprintf(path, sizeof path, "man/%s.1", tool);
	snprintf(want, sizeof want, ".It Sy %s Pq %s\n", code,
	    error ? "error" : "warning");
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	*listed = 0;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (strncmp(line, ".Sh ", 4) == 0)
			in = strcmp(line, ".Sh DIAGNOSTICS\n") == 0;
		else if (in && strncmp(line, ".It Sy ", 7) == 0) {
			(*listed)++;
			if (strcmp(line, want) == 0)
				found = 1;
		}
	}
	fclose(fp);
	return found;
}

static void
test_pages(void)
{
	size_t t, i, n;
	int listed, r;

	for (t = 0; t < T_NTOOLS; t++) {
		n = 0;
		for (i = 0; i < D_N; i++) {
			if (!(diag_defs[i].tools & (1u << t)))
				continue;
			n++;
			r = page_has(diag_tools[t], diag_defs[i].code,
			    diag_defs[i].error, &listed);
			if (r != 1)
				fprintf(stderr, "man/%s.1: DIAGNOSTICS lacks "
				    ".It Sy %s Pq %s\n", diag_tools[t],
				    diag_defs[i].code, diag_defs[i].error ?
				    "error" : "warning");
			CHECK(r == 1);
		}
		(void)page_has(diag_tools[t], "", 0, &listed);
		if ((size_t)listed != n)
			fprintf(stderr, "man/%s.1: DIAGNOSTICS lists %d codes, "
			    "the catalogue %zu\n", diag_tools[t], listed, n);
		CHECK((size_t)listed == n);
	}
}

static void
test_table(void)
{
	size_t i, j;
	const char *c;

	for (i = 0; i < D_N; i++) {
		CHECK(diag_defs[i].code != NULL && diag_defs[i].fmt != NULL);
		CHECK(diag_defs[i].tools != 0);
		/* codes are lower-case words joined by '-', and unique */
		c = diag_defs[i].code;
		CHECK(strspn(c, "abcdefghijklmnopqrstuvwxyz0123456789-") ==
		    strlen(c));
		for (j = 0; j < i; j++)
			CHECK(strcmp(diag_defs[i].code, diag_defs[j].code) != 0);
		/* only the conversions diag_format knows */
		for (c = diag_defs[i].fmt; (c = strchr(c, '%')) != NULL; c++) {
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

/* The message with each conversion as "..." and mdoc escapes. */
static void
print_list(const char *tool)
{
	size_t t, i;
	const char *p;

	for (t = 0; t < T_NTOOLS; t++)
		if (strcmp(diag_tools[t], tool) == 0)
			break;
	if (t == T_NTOOLS) {
		fprintf(stderr, "test_diagcat: no tool '%s'\n", tool);
		exit(3);
	}
	for (i = 0; i < D_N; i++) {
		if (!(diag_defs[i].tools & (1u << t)))
			continue;
		printf(".It Sy %s Pq %s\n", diag_defs[i].code,
		    diag_defs[i].error ? "error" : "warning");
		if (strchr("%.'", diag_defs[i].fmt[0]) != NULL)
			fputs("\\&", stdout);
		for (p = diag_defs[i].fmt; *p != '\0'; p++) {
			if (*p == '%') {
				p += strspn(p + 1, "-0123456789.*lz") + 1;
				fputs("...", stdout);
			} else if (*p == '\\')
				fputs("\\e", stdout);
			else
				putchar(*p);
		}
		putchar('\n');
	}
}

int
main(int argc, char **argv)
{
	if (argc == 2) {
		print_list(argv[1]);
		return 0;
	}
	test_table();
	test_format();
	test_pages();
	return UNIT_DONE("diagcat");
}
