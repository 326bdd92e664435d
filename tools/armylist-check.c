/* armylist-check: validate a collection of armylist XML (schema, element
 * totals, generals, packages, ids, troops, references, dates). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "army/armycheck.h"
#include "army/armyin.h"
#include "core/cli.h"
#include "core/diag.h"
#include "army/findings.h"
#include "core/input.h"
#include "core/out.h"
#include "dba/rules.h"
#include "dba/troop.h"
#include "core/xmlio.h"

enum { OPT_RULES = 256 };

static const char *const formats[] = { "text", "xml", NULL };
static const char *const longnames[] = {
	"format", "help", "output", "rules", "version", NULL
};

struct run {
	struct armycheck *check;
	struct findings_out *out;
};

static void
usage(void)
{
	printf("Usage: %s [-T text|xml] [--rules=dba1|FILE] [-o FILE] "
	    "[file ...]\n"
	    "Check a collection of armylist XML: schema, 12 elements, one "
	    "general,\npackages, ids, troop types, references, dates.\n\n"
	    "  -T, --format=FMT   output: text (default), xml\n"
	    "      --rules=NAME   rules edition dba1 (default) or a rules "
	    "XML file\n"
	    "  -o, --output=FILE  write to FILE (replaced atomically)\n"
	    "  -h, --help         show this help and exit\n"
	    "  -V, --version      show the version and exit\n\n"
	    "With no file, or when file is -, read standard input.  "
	    "References are\nresolved across all files.\n"
	    "Exit status: 0 no error found, 1 an error finding, 2 input not "
	    "valid\narmylist XML, 3 usage error, 4 system error.\n"
	    "See armylist-check(1), armylist(5) and bellis(7).\n",
	    diag_prog());
}

static void
on_army(struct army *a, void *ctx)
{
	struct run *run = ctx;

	armycheck_army(run->check, a);
}

static void
on_finding(const struct finding *f, void *ctx)
{
	struct run *run = ctx;

	findings_write(run->out, f);
}

static void
check_file(struct run *run, const char *name)
{
	struct input in;
	int c;

	diag_set_file(name);
	if (input_open(&in, name) < 0)
		return;
	c = input_first_byte(&in);
	if (c == EOF)
		diag_error(0, 0, "empty input, expected armylist XML");
	else if (c != '<')
		diag_error(1, 0, "not armylist XML (convert a sheet with "
		    "armylist-parse first)");
	else
		armylist_read_xml(&in, on_army, run);
	input_close(&in);
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ "output", required_argument, NULL, 'o' },
		{ "rules", required_argument, NULL, OPT_RULES },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *output = NULL, *rulesarg = NULL;
	enum findings_fmt fmt = FFMT_TEXT;
	struct rules *rules;
	struct run run;
	struct out o;
	int c, v, i;

	out_setup();
	diag_init(argv[0]);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":T:ho:V", opts, NULL)) != -1) {
		switch (c) {
		case 'T':
			if ((v = cli_choice("--format", optarg, formats)) < 0)
				return EXIT_USAGE;
			fmt = (enum findings_fmt)v;
			break;
		case 'h':
			usage();
			return 0;
		case 'o':
			output = optarg;
			break;
		case OPT_RULES:
			rulesarg = optarg;
			break;
		case 'V':
			cli_version();
			return 0;
		case ':':
			diag_usage("option '%s' needs a value",
			    argv[optind - 1]);
			return EXIT_USAGE;
		default:
			cli_bad_option(optopt ? (char[]){ '-', (char)optopt,
			    '\0' } : argv[optind - 1], longnames);
			return EXIT_USAGE;
		}
	}
	xmlio_init();
	troop_init();
	if ((rules = rules_load(rulesarg)) == NULL) {
		diag_raise(EXIT_USAGE);
		xmlio_cleanup();
		return diag_status();
	}
	diag_set_file("-");
	if (out_open(&o, output) < 0) {
		rules_free(rules);
		return diag_status();
	}
	run.out = findings_new(o.fp, fmt, rules->edition);
	run.check = armycheck_new(rules, on_finding, &run);
	for (i = optind; i == optind || i < argc; i++)
		check_file(&run, i < argc ? argv[i] : "-");
	armycheck_finish(run.check);
	if (armycheck_errors(run.check) > 0)
		diag_raise(EXIT_NO);
	/* out_close reports write errors */
	(void)findings_finish(run.out, armycheck_armies(run.check),
	    armycheck_errors(run.check), armycheck_warnings(run.check));
	out_close(&o, diag_status() < EXIT_USAGE);
	armycheck_free(run.check);
	rules_free(rules);
	armyxml_cleanup();
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
