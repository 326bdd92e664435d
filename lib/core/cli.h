/* cli: the one command line of every tool: the option table with its
 * help, getopt_long over it, --help and --version, usage errors that
 * name the bad option, option values, seeds, and the operand loop. */
#ifndef BELLIS_CLI_H
#define BELLIS_CLI_H

#include <sys/types.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/input.h"
#include "core/lang.h"
#include "core/out.h"

#ifndef BELLIS_VERSION
#define BELLIS_VERSION "0.1.0"
#endif

#define CLI_MAXOPT 16           /* options of a tool, -h and -V aside */

/* One option: its long name, whether it takes a value, its id (a
 * letter is also the short option; long-only options use 256 and up),
 * the name of its value in --help (NULL: none), one line of help, and
 * its values in the synopsis (NULL: the name of the value). */
struct cli_opt {
	const char *name;
	int has_arg;            /* no_argument or required_argument */
	int id;
	const char *arg;
	const char *help;
	const char *values;
};

/* The options every tool may have: cli_next handles them itself and
 * keeps their values in struct cli. */
enum {
	CLI_FORMAT = 'T',       /* -T: c->format, one of t->formats */
	CLI_OUTPUT = 'o',       /* -o: c->output */
	CLI_SEED = 's',         /* -s: c->seed, the argument of cli_seed */
	CLI_LANG = 0x1000,      /* c->lang, else from the environment */
	CLI_RULES,              /* c->rules, the argument of rules_load */
	CLI_MAX_ERRORS          /* --max-errors: diag_set_cap (every tool) */
};

/* help and synopsis from t->formats */
#define CLI_OPT_FORMAT { "format", required_argument, CLI_FORMAT, "FMT", \
	NULL, NULL }
#define CLI_OPT_OUTPUT { "output", required_argument, CLI_OUTPUT, "FILE", \
	"write to FILE (replaced atomically)", NULL }
#define CLI_OPT_SEED(help) { "seed", required_argument, CLI_SEED, "N", \
	(help), "SEED" }
#define CLI_OPT_DICE_SEED \
	CLI_OPT_SEED("seed of the dice (default: BELLIS_SEED, else random)")
#define CLI_OPT_LANG(what) { "lang", required_argument, CLI_LANG, "LANG", \
	"language of " what ": de, en, ru", "de|en|ru" }
#define CLI_OPT_END { NULL, 0, 0, NULL, NULL, NULL }
#define CLI_OPT_RULES { "rules", required_argument, CLI_RULES, "NAME", \
	"rules edition: dba1 (DBA 1.x, German text), dba22 (2.2), dba3 " \
	"(3.0), or a rules XML FILE (default: the input's label, else " \
	"BELLIS_RULES, else dba1)", \
	"dba1|dba22|dba3|FILE" }

/* A tool's command line and the text of its --help. */
struct cli_tool {
	const enum out_fmt *formats;    /* of -T, the default first, up
					 * to FMT_N */
	const char *about;      /* what it does; each line ends in '\n' */
	const struct cli_opt *opts;     /* ends at a NULL name */
	const char *more;       /* after the options, or NULL */
	const char *ok;         /* what exit status 0 means */
	const char *no;         /* status 1, NULL when never */
};

/* text, xml, tsv, json, jsonl, the default text: the formats of most
 * tools. */
extern const enum out_fmt cli_formats[];

struct cli {
	const struct cli_tool *t;
	int argc;
	char **argv;
	struct option lo[CLI_MAXOPT + 4];   /* and the 3 built in, the end */
	char so[3 * CLI_MAXOPT + 8];
	const char *arg;        /* value of the option just returned */
	const enum out_fmt *formats;
	const char *fnames[FMT_N + 1];  /* their names, NULL-terminated */
	enum out_fmt format;    /* -T, else formats[0] */
	const char *output, *seed, *rules;
	enum lang lang;
	char **files;           /* the operands, once the options end */
	int nfiles;
};

/* Set up the process (out_setup, diag_init) and the tables of t. */
void cli_init(struct cli *c, const struct cli_tool *t, int argc,
    char **argv);
/* The id of the next option, its value in c->arg; 0 when the options
 * end (c->files, c->nfiles are set); -1 when the tool is to exit with
 * diag_status(): after --help or --version (0, or 4 when they could not
 * be written) or a usage error (3, reported naming the option). */
int cli_next(struct cli *c);

/* Start the tool's own binary NAME in libexec with the same arguments,
 * in place of this process: DIR/../libexec/bellis/NAME, DIR the
 * directory of the running executable (build/multi/bellis:
 * build/libexec/bellis/NAME; installed: BINDIR/../libexec/bellis/NAME).
 * The static multi-call binary leaves out what needs the shared
 * libraries of cairo and pango and runs that binary for it; call it
 * before any input is read or output opened.  None there: the one in
 * BELLIS_LIBEXECDIR (LIBEXECDIR of the Makefile).  One there runs only
 * from that directory or when it and every directory above it are owned
 * by root or the binary's owner and not writable by group or others (a
 * sticky directory may be).
 * Returns only when it cannot or may not be started: the exit status
 * (4, reported). */
int cli_libexec(const struct cli *c, const char *name);

/* Why a file at the real path p (no link on the way: realpath) cannot be
 * trusted, or NULL: p and every directory above it must be owned by root
 * or by owner and not writable by group or others, so that nobody else
 * can put a file there; a directory with the sticky bit (/tmp) may be,
 * since nobody else can rename or remove what is in it, and what is in
 * it was found to be root's or the owner's.  p is cut at the place that
 * fails.  The helpers of cli_libexec and the fonts of ownfont. */
const char *cli_path_untrusted(char *p, uid_t owner);

/* The end of a tool: the output o (NULL: none opened) closed, kept only
 * when no usage or system error occurred, libxml2 cleaned up; returns
 * the exit status. */
int cli_end(struct out *o);
/* Index of arg in choices (NULL-terminated, any case), or -1 with a
 * usage error naming the option and the valid values. */
int cli_choice(const char *opt, const char *arg, const char *const *choices);
/* A comma-separated list of choices: their indexes in out (the first
 * max kept), their number returned; -1 with a usage error. */
int cli_choices(const char *opt, const char *arg,
    const char *const *choices, int *out, int max);
/* Seed from -s (arg may be NULL) or BELLIS_SEED; otherwise a random one
 * (*given false).  Returns -1 with a usage error when malformed. */
int cli_seed(const char *arg, uint64_t *seed, bool *given);

/* Each operand (none at all: "-", standard input) becomes the file of
 * the diagnostics, is opened and given to fn, then closed; one that
 * cannot be opened is reported (status 4) and skipped. */
void cli_files(int n, char *const *files,
    void (*fn)(void *ctx, struct input *in), void *ctx);

#endif
