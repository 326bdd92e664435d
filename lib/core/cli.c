/* The command line of every tool: options from one table, --help,
 * --version, usage errors, option values and the operand loop. */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/dice.h"
#include "core/num.h"
#include "core/out.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xmlio.h"

/* Where make install puts the helpers (LIBEXECDIR of the Makefile). */
#ifndef BELLIS_LIBEXECDIR
#define BELLIS_LIBEXECDIR "/usr/local/libexec/bellis"
#endif

static enum lang cli_lang_default(void);
static int cli_lang(const char *arg);

const enum out_fmt cli_formats[] = { FMT_TEXT, FMT_XML, FMT_TSV, FMT_JSON,
    FMT_JSONL, FMT_N };

static const struct cli_opt builtin[] = {
	{ "max-errors", required_argument, CLI_MAX_ERRORS, "N",
	    "report at most N errors per file (default 50; 0: all)", NULL },
	{ "help", no_argument, 'h', NULL, "show this help and exit", NULL },
	{ "version", no_argument, 'V', NULL, "show the version and exit",
	    NULL },
	{ NULL, 0, 0, NULL, NULL, NULL }
};

/* The i-th option of the tool, -h and -V last; NULL past the end. */
static const struct cli_opt *
nth(const struct cli_tool *t, size_t i)
{
	size_t n = 0;

	while (t->opts[n].name != NULL)
		n++;
	return i < n ? &t->opts[i] : builtin[i - n].name != NULL ?
	    &builtin[i - n] : NULL;
}

/* The option with getopt id, or NULL. */
static const struct option *
by_id(const struct cli *c, int id)
{
	const struct option *o;

	for (o = c->lo; o->name != NULL; o++)
		if (o->val == id)
			return o;
	return NULL;
}

void
cli_init(struct cli *c, const struct cli_tool *t, int argc, char **argv)
{
	const struct cli_opt *p;
	size_t i, k = 0;

	out_setup();
	diag_init(argv[0]);
	xmlio_init();
	memset(c, 0, sizeof *c);
	c->t = t;
	c->argc = argc;
	c->argv = argv;
	c->lang = cli_lang_default();
	c->formats = t->formats;
	for (i = 0; c->formats[i] != FMT_N; i++)
		c->fnames[i] = out_fmt_names[c->formats[i]];
	c->format = c->formats[0];
	c->so[k++] = ':';
	for (i = 0; (p = nth(t, i)) != NULL; i++) {
		if (i >= CLI_MAXOPT + 3)
			abort();        /* a tool with too many options */
		c->lo[i] = (struct option){ p->name, p->has_arg, NULL, p->id };
		if (p->id < 256) {
			c->so[k++] = (char)p->id;
			if (p->has_arg == required_argument)
				c->so[k++] = ':';
		}
	}
}

/* The choices with sep between them: "a, b, c". */
static const char *
joined(const char *const *choices, const char *sep)
{
	static char s[256];
	size_t n = 0;
	int i;

	s[0] = '\0';
	for (i = 0; choices[i] != NULL && n < sizeof s; i++)
		n += (size_t)snprintf(s + n, sizeof s - n, "%s%s",
		    i ? sep : "", choices[i]);
	return s;
}

/* Print word w of the synopsis after column col, on a new line indented
 * to start when the line would pass 79 columns; the new column. */
static int
wrapped(const char *w, int col, int start)
{
	int n = (int)strlen(w);

	if (col + 1 + n > 79) {
		printf("\n%*s%s", start, "", w);
		return start + n;
	}
	printf(" %s", w);
	return col + 1 + n;
}

/* Print s from column col, words wrapped before column 80 and at each
 * newline of s, each new line indented by n spaces. */
static void
indented(const char *s, int col, int n)
{
	size_t k;
	bool space = false;

	while (*s != '\0') {
		if (*s == '\n') {
			s++;
			if (*s != '\0') {
				printf("\n%*s", n, "");
				col = n;
			}
			space = false;
			continue;
		}
		if (*s == ' ') {
			s++;
			space = true;
			continue;
		}
		k = strcspn(s, " \n");
		if (col > n && col + (space ? 1 : 0) + (int)k > 79) {
			printf("\n%*s", n, "");
			col = n;
		} else if (space)
			col += printf(" ");
		space = false;
		col += printf("%.*s", (int)k, s);
		s += k;
	}
}

/* "usage: TOOL [-hV] [-T a|b] ... [file ...]", from the table. */
static void
synopsis(const struct cli *c)
{
	const struct cli_tool *t = c->t;
	const struct cli_opt *p;
	const char *v;
	char w[128];
	int start, col;
	size_t i;

	start = printf("usage: %s ", diag_prog());
	col = start + printf("[-hV]");
	for (i = 0; (p = nth(t, i)) != NULL; i++) {
		if (p->id == 'h' || p->id == 'V')
			continue;
		v = p->id == CLI_FORMAT ? joined(c->fnames, "|") :
		    p->values != NULL ? p->values : p->arg;
		if (p->id < 256)
			snprintf(w, sizeof w, "[-%c%s%s]", p->id,
			    v != NULL ? " " : "", v != NULL ? v : "");
		else
			snprintf(w, sizeof w, "[--%s%s%s]", p->name,
			    v != NULL ? "=" : "", v != NULL ? v : "");
		col = wrapped(w, col, start);
	}
	wrapped("[file ...]", col, start);
	putchar('\n');
}

static void
help(const struct cli *c)
{
	const struct cli_tool *t = c->t;
	const struct cli_opt *p;
	int w = 0, n;
	size_t i;

	synopsis(c);
	printf("%s\n", t->about);
	for (i = 0; (p = nth(t, i)) != NULL; i++) {
		n = (int)strlen(p->name) +
		    (p->arg != NULL ? (int)strlen(p->arg) + 1 : 0);
		if (n > w)
			w = n;
	}
	for (i = 0; (p = nth(t, i)) != NULL; i++) {
		if (p->id < 256)
			printf("  -%c, ", p->id);
		else
			printf("      ");
		n = printf("--%s%s%s", p->name, p->arg != NULL ? "=" : "",
		    p->arg != NULL ? p->arg : "");
		printf("%*s", w + 4 - n, "");
		if (p->id == CLI_FORMAT) {
			char f[256];

			snprintf(f, sizeof f, "output: %s (default)%s%s",
			    c->fnames[0], c->fnames[1] != NULL ? ", " : "",
			    joined(c->fnames + 1, ", "));
			indented(f, w + 10, w + 10);
		} else
			indented(p->help, w + 10, w + 10);
		putchar('\n');
	}
	printf("\nWith no file, or when file is -, read standard input.\n"
	    "%s\nExit status:\n  0  %s\n", t->more != NULL ? t->more : "",
	    t->ok);
	if (t->no != NULL)
		printf("  1  %s\n", t->no);
	printf("  2  bad input data\n  3  usage error\n  4  system error\n");
}

/* --help and --version are checked like any output (a full disk). */
static void
written(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return;
	if (errno != 0)
		diag_sys("write error");
	else
		diag_msg(EXIT_SYS, "write error");
}

/* The long options that start with the n bytes of name, in s. */
static int
prefixed(const struct cli *c, const char *name, size_t n, char *s,
    size_t size)
{
	const struct option *o;
	size_t len = 0;
	int count = 0;

	*s = '\0';
	for (o = c->lo; o->name != NULL; o++) {
		if (strncmp(o->name, name, n) != 0)
			continue;
		if (strlen(o->name) == n)
			return 1;
		if (len < size)
			len += (size_t)snprintf(s + len, size - len, "%s--%s",
			    count > 0 ? ", " : "", o->name);
		count++;
	}
	return count;
}

/* Report a bad option: getopt_long gave ch (':' or '?') and optopt. */
static void
bad(const struct cli *c, int ch)
{
	const char *arg = c->argv[optind - 1], *name, *eq;
	const char *names[CLI_MAXOPT + 4], *s;
	const struct option *o;
	char list[256];
	size_t n, k = 0;

	/* getopt_long sets optopt to the id of a long option given a
	 * value it does not take or lacking one, to the letter of a short
	 * one, to 0 for an unknown long one; optind may still point at the
	 * cluster of a short option (-xV) */
	o = optopt != 0 ? by_id(c, optopt) : NULL;
	if (ch == ':' && strncmp(arg, "--", 2) != 0) {
		diag_usage("option '-%c' needs a value", optopt);
		return;
	}
	if (optopt != 0 && o == NULL) {
		diag_usage("unknown option '-%c'", optopt);
		return;
	}
	if (o != NULL) {
		diag_usage(ch == ':' ? "option '--%s' needs a value" :
		    "option '--%s' takes no value", o->name);
		return;
	}
	name = arg + strspn(arg, "-");
	eq = strchr(name, '=');
	n = eq != NULL ? (size_t)(eq - name) : strlen(name);
	if (prefixed(c, name, n, list, sizeof list) > 1) {
		diag_usage("option '--%.*s' is ambiguous (%s)", (int)n, name,
		    list);
		return;
	}
	for (o = c->lo; o->name != NULL; o++)
		names[k++] = o->name;
	if ((s = tok_suggest(name, n, names, k)) != NULL)
		diag_usage("unknown option '%s' (did you mean '--%s'?)", arg,
		    s);
	else
		diag_usage("unknown option '%s'", arg);
}

/* Keep the value of an option every tool may have; -1 when bad. */
static int
common(struct cli *c, int ch)
{
	int v = 0;
	long n;

	switch (ch) {
	case CLI_FORMAT:
		if ((v = cli_choice("--format", optarg, c->fnames)) >= 0)
			c->format = c->formats[v];
		break;
	case CLI_OUTPUT:
		/* before any work: "" would be found only at the end */
		if (*optarg == '\0') {
			diag_usage("empty file name for -o (use - for the "
			    "standard output)");
			v = -1;
		}
		c->output = optarg;
		break;
	case CLI_SEED:
		c->seed = optarg;
		break;
	case CLI_LANG:
		if ((v = cli_lang(optarg)) >= 0)
			c->lang = (enum lang)v;
		break;
	case CLI_RULES:
		c->rules = optarg;
		break;
	case CLI_MAX_ERRORS:
		if ((v = num_longs(optarg, 0, 1000000000L, &n)) < 0)
			diag_usage("invalid value '%s' for --max-errors (a "
			    "number of errors, 0 for all)", optarg);
		else
			diag_set_cap(n);
		break;
	}
	return v;
}

int
cli_next(struct cli *c)
{
	int ch;

	opterr = 0;
	for (;;) {
		optopt = 0;
		ch = getopt_long(c->argc, c->argv, c->so, c->lo, NULL);
		c->arg = optarg;
		switch (ch) {
		case -1:
			c->files = c->argv + optind;
			c->nfiles = c->argc - optind;
			return 0;
		case 'h':
			help(c);
			written();
			return -1;
		case 'V':
			printf("%s (bellis) %s\n", diag_prog(), BELLIS_VERSION);
			written();
			return -1;
		case ':':
		case '?':
			bad(c, ch);
			return -1;
		case CLI_FORMAT:
		case CLI_OUTPUT:
		case CLI_SEED:
		case CLI_LANG:
		case CLI_RULES:
		case CLI_MAX_ERRORS:
			if (common(c, ch) < 0)
				return -1;
			break;
		default:
			return ch;
		}
	}
}

/* Default language from LC_ALL, LC_MESSAGES or LANG (first set one). */
static enum lang
cli_lang_default(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	const char *v;
	size_t i;

	for (i = 0; i < 3; i++) {
		v = getenv(vars[i]);
		if (v == NULL || *v == '\0')
			continue;
		if (strncmp(v, "de", 2) == 0)
			return LANG_DE;
		if (strncmp(v, "ru", 2) == 0)
			return LANG_RU;
		return LANG_EN;
	}
	return LANG_EN;
}

int
cli_choice(const char *opt, const char *arg, const char *const *choices)
{
	int i;

	for (i = 0; choices[i] != NULL; i++)
		if (str_ieq(arg, strlen(arg), choices[i]))
			return i;
	diag_usage("invalid value '%s' for %s (valid: %s)", arg, opt,
	    joined(choices, ", "));
	return -1;
}

int
cli_choices(const char *opt, const char *arg, const char *const *choices,
    int *out, int max)
{
	char buf[256], *p, *save = NULL;
	int k, n = 0;

	if (strlen(arg) >= sizeof buf || *arg == '\0') {
		diag_usage("invalid value '%s' for %s (a list of: %s)", arg,
		    opt, joined(choices, ", "));
		return -1;
	}
	strcpy(buf, arg);
	for (p = strtok_r(buf, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if ((k = cli_choice(opt, p, choices)) < 0)
			return -1;
		if (n < max)
			out[n++] = k;
	}
	return n;
}

/* Parse --lang; reports a usage error and returns -1 when bad. */
static int
cli_lang(const char *arg)
{
	static const char *const l[] = { "en", "de", "ru", NULL };

	return cli_choice("--lang", arg, l);
}

int
cli_seed(const char *arg, uint64_t *seed, bool *given)
{
	unsigned long long v;
	const char *src = "--seed";

	if (arg == NULL) {
		arg = getenv("BELLIS_SEED");
		src = "BELLIS_SEED";
		if (arg != NULL && *arg == '\0')
			arg = NULL;
	}
	if (arg == NULL) {
		*seed = dice_random_seed();
		*given = false;
		return 0;
	}
	if (num_u64(arg, &v) < 0) {
		diag_usage("invalid seed '%s' in %s (a number 0 to "
		    "18446744073709551615)", arg, src);
		return -1;
	}
	*seed = v;
	*given = true;
	return 0;
}

void
cli_files(int n, char *const *files,
    void (*fn)(void *ctx, struct input *in), void *ctx)
{
	struct input in;
	const char *name;
	int i;

	for (i = 0; i == 0 || i < n; i++) {
		name = i < n ? files[i] : "-";
		diag_set_file(name);
		if (input_open(&in, name) < 0)
			continue;
		fn(ctx, &in);
		input_close(&in);
		diag_end_file();
	}
}

const char *
cli_path_untrusted(char *p, uid_t owner)
{
	static char why[64];
	struct stat st;
	char *slash;

	for (;;) {
		if (stat(p[0] != '\0' ? p : "/", &st) != 0)
			return "not found";
		if (st.st_uid != 0 && st.st_uid != owner) {
			snprintf(why, sizeof why, "owned by user %lu",
			    (unsigned long)st.st_uid);
			return why;
		}
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) &&
		    !(S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX)))
			return "writable by group or others";
		if (p[0] == '\0' || (slash = strrchr(p, '/')) == NULL)
			return NULL;
		*slash = '\0';
	}
}

int
cli_libexec(const struct cli *c, const char *name)
{
	static const char rel[] = "/../libexec/bellis/";
	static const char conf[] = BELLIS_LIBEXECDIR "/";
	char path[4096], real[PATH_MAX], want[PATH_MAX], conf_real[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path);
	char cut[PATH_MAX];
	const char *why;
	struct stat self;
	char *slash;

	if (n < 0 || (size_t)n >= sizeof path || stat(path, &self) != 0) {
		diag_sys("cannot find the running executable");
		return diag_status();
	}
	path[n] = '\0';
	if ((slash = strrchr(path, '/')) == NULL ||
	    (size_t)(slash - path) + sizeof rel + strlen(name) > sizeof path ||
	    sizeof conf + strlen(name) > sizeof want) {
		errno = ENAMETOOLONG;
		diag_sys("%s", path);
		return diag_status();
	}
	memcpy(slash, rel, sizeof rel);
	strcat(slash, name);
	/* none beside the binary: the one of the build's LIBEXECDIR */
	memcpy(want, conf, sizeof conf);
	strcat(want, name);
	if (access(path, F_OK) != 0 && errno == ENOENT &&
	    access(want, F_OK) == 0)
		strcpy(path, want);
	if (realpath(path, real) == NULL) {
		diag_sys("cannot start %s", path);
		return diag_status();
	}
	/* the configured place is trusted as it is; any other only when
	 * nobody but root and the binary's owner can change it */
	memcpy(cut, real, sizeof cut);
	if ((realpath(want, conf_real) == NULL ||
	    strcmp(real, conf_real) != 0) &&
	    (why = cli_path_untrusted(cut, self.st_uid)) != NULL) {
		diag_msg(EXIT_SYS, "cannot start %s: %s is %s (a helper runs "
		    "from %s, or from a place only root or the owner of the "
		    "binary can change)", path, cut[0] != '\0' ? cut : "/",
		    why, BELLIS_LIBEXECDIR);
		return diag_status();
	}
	fflush(NULL);
	execv(real, c->argv);
	diag_sys("cannot start %s", path);
	return diag_status();
}

int
cli_end(struct out *o)
{
	if (o != NULL)
		out_close(o, diag_status() < EXIT_USAGE);
	xmlio_cleanup();
	return diag_status();
}
