/* armylist-parse: old German list sheets (pipe table, TSV, HTML), English
 * list text and armylist XML to armylist XML, TSV, JSON or list text. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "dba/troop.h"
#include "core/xmlio.h"

static const char *const formats[] = { "xml", "tsv", "json", "text", NULL };
static const char *const longnames[] = {
	"format", "help", "lang", "output", "version", NULL
};

static void
usage(void)
{
	printf("Usage: %s [-T xml|tsv|json|text] [--lang=de|en|ru] [-o FILE] "
	    "[file ...]\n"
	    "Convert army list sheets (pipe table, TSV, HTML, English list "
	    "text,\narmylist XML) into armylist XML.\n\n"
	    "  -T, --format=FMT   output: xml (default), tsv, json, text\n"
	    "      --lang=LANG    language of troop names in text output: "
	    "de, en, ru\n"
	    "  -o, --output=FILE  write to FILE (replaced atomically)\n"
	    "  -h, --help         show this help and exit\n"
	    "  -V, --version      show the version and exit\n\n"
	    "With no file, or when file is -, read standard input.\n"
	    "Exit status: 0 ok, 2 bad input data, 3 usage error, "
	    "4 system error.\n"
	    "See armylist-parse(1), armylist(5) and bellis(7).\n",
	    diag_prog());
}

static void
emit(struct army *a, void *ctx)
{
	armyout_army(ctx, a);
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ "lang", required_argument, NULL, 'L' },
		{ "output", required_argument, NULL, 'o' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *output = NULL;
	enum army_fmt fmt = AFMT_XML;
	enum lang lang;
	struct armyout *ao;
	struct input in;
	struct out o;
	int c, v, i;

	out_setup();
	diag_init(argv[0]);
	lang = cli_lang_default();
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":T:ho:V", opts, NULL)) != -1) {
		switch (c) {
		case 'T':
			if ((v = cli_choice("--format", optarg, formats)) < 0)
				return EXIT_USAGE;
			fmt = (enum army_fmt)v;
			break;
		case 'h':
			usage();
			return 0;
		case 'L':
			if ((v = cli_lang(optarg)) < 0)
				return EXIT_USAGE;
			lang = (enum lang)v;
			break;
		case 'o':
			output = optarg;
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
	if (out_open(&o, output) < 0)
		return EXIT_SYS;
	ao = armyout_new(o.fp, fmt, lang);
	for (i = optind; i == optind || i < argc; i++) {
		const char *name = i < argc ? argv[i] : "-";

		diag_set_file(name);
		if (input_open(&in, name) < 0)
			continue;
		armylist_read(&in, emit, ao);
		input_close(&in);
	}
	(void)armyout_finish(ao);      /* out_close reports write errors */
	out_close(&o, diag_status() < EXIT_USAGE);
	armyxml_cleanup();
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
