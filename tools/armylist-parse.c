/* armylist-parse: old German list sheets (pipe table, TSV, HTML), English
 * list text and armylist XML to armylist XML, TSV, JSON or list text. */
#include <stdio.h>
#include <stdlib.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "core/xmlio.h"
#include "dba/troop.h"

enum { OPT_LANG = 256 };

static const struct cli_opt opts[] = {
	{ "format", required_argument, 'T', "FMT",
	    "output: xml (default), tsv, json, text" },
	{ "lang", required_argument, OPT_LANG, "LANG",
	    "language of troop names in text output: de, en, ru" },
	CLI_OPT_OUTPUT,
	{ NULL, 0, 0, NULL, NULL }
};

static const struct cli_tool tool = {
	"[-T xml|tsv|json|text] [--lang=de|en|ru] [-o FILE] [file ...]",
	"Convert army list sheets (pipe table, TSV, HTML, English list "
	"text,\narmylist XML) into armylist XML.\n",
	opts,
	"See armylist-parse(1), armylist(5) and bellis(7).\n",
	"ok",
	NULL
};

static void
emit(struct army *a, void *ctx)
{
	armyout_army(ctx, a);
}

static void
parse_file(void *ctx, struct input *in)
{
	armylist_read(in, emit, ctx);
}

int
main(int argc, char **argv)
{
	static const char *const formats[] = { "xml", "tsv", "json", "text",
	    NULL };
	const char *output = NULL;
	enum army_fmt fmt = AFMT_XML;
	enum lang lang;
	struct armyout *ao;
	struct cli cli;
	struct out o;
	int c, v;

	cli_init(&cli, &tool, argc, argv);
	lang = cli_lang_default();
	while ((c = cli_next(&cli)) > 0) {
		switch (c) {
		case 'T':
			if ((v = cli_choice("--format", cli.arg, formats)) < 0)
				return EXIT_USAGE;
			fmt = (enum army_fmt)v;
			break;
		case OPT_LANG:
			if ((v = cli_lang(cli.arg)) < 0)
				return EXIT_USAGE;
			lang = (enum lang)v;
			break;
		case 'o':
			output = cli.arg;
			break;
		}
	}
	if (c < 0)
		return diag_status();
	xmlio_init();
	troop_init();
	if (out_open(&o, output) < 0)
		return EXIT_SYS;
	ao = armyout_new(o.fp, fmt, lang);
	cli_files(cli.nfiles, cli.files, parse_file, ao);
	(void)armyout_finish(ao);      /* out_close reports write errors */
	out_close(&o, diag_status() < EXIT_USAGE);
	armyxml_cleanup();
	troop_cleanup();
	xmlio_cleanup();
	return diag_status();
}
