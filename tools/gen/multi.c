/* bellis: the tools in one binary (make LINK=multi, the plain build),
 * each installed as a link to it: the tool is the name it was started
 * by, as with busybox, or the first operand of "bellis TOOL ...".  One
 * statically linked binary starts without the dynamic loader's work
 * (libxml2, ICU, libstdc++, lzma and z relocated at every start), and
 * one copy of the 30 MB of ICU data serves every tool.
 *
 * gen/multi.h (written by make) lists the tools as
 * BELLIS_TOOL(armylist_parse, "armylist-parse"); each tool's main was
 * compiled as bellis_armylist_parse_main. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gen/multi.h"

#define BELLIS_TOOL(id, name) { name, bellis_##id##_main },
static const struct {
	const char *name;
	int (*main)(int, char **);
} tools[] = { BELLIS_TOOLS };
#undef BELLIS_TOOL

static int
run(const char *name, int argc, char **argv)
{
	size_t i;

	for (i = 0; i < sizeof tools / sizeof tools[0]; i++)
		if (strcmp(name, tools[i].name) == 0)
			return tools[i].main(argc, argv);
	return -1;
}

int
main(int argc, char **argv)
{
	const char *base = argc > 0 && argv[0] != NULL ?
	    strrchr(argv[0], '/') : NULL;
	FILE *fp;
	size_t i;
	bool help;
	int rc;

	base = base != NULL ? base + 1 : argc > 0 && argv[0] != NULL ?
	    argv[0] : "bellis";
	if ((rc = run(base, argc, argv)) >= 0)
		return rc;
	if (argc > 1 && (rc = run(argv[1], argc - 1, argv + 1)) >= 0)
		return rc;
	/* --help: the same on the standard output, status 0 */
	help = argc == 2 && (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0);
	fp = help ? stdout : stderr;
	fprintf(fp, "usage: bellis TOOL [ARG...], or a link named TOOL "
	    "to bellis; the tools:\n");
	for (i = 0; i < sizeof tools / sizeof tools[0]; i++)
		fprintf(fp, "  %s\n", tools[i].name);
	if (!help)
		return 3;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("bellis: write error");
		return 4;
	}
	return 0;
}
