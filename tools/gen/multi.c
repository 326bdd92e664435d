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
	const char *base = argc > 0 ? strrchr(argv[0], '/') : NULL;
	size_t i;
	int rc;

	base = base != NULL ? base + 1 : argc > 0 ? argv[0] : "bellis";
	if ((rc = run(base, argc, argv)) >= 0)
		return rc;
	if (argc > 1 && (rc = run(argv[1], argc - 1, argv + 1)) >= 0)
		return rc;
	fprintf(stderr, "usage: bellis TOOL [ARG...], or a link named TOOL "
	    "to bellis; the tools:\n");
	for (i = 0; i < sizeof tools / sizeof tools[0]; i++)
		fprintf(stderr, "  %s\n", tools[i].name);
	return 3;
}
