/* Shared command-line helpers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/dice.h"
#include "core/num.h"
#include "core/tok.h"

enum lang
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
	struct { char s[256]; size_t n; } list = { "", 0 };
	int i;

	for (i = 0; choices[i] != NULL; i++)
		if (strcmp(arg, choices[i]) == 0)
			return i;
	for (i = 0; choices[i] != NULL; i++)
		list.n += (size_t)snprintf(list.s + list.n,
		    sizeof list.s - list.n, "%s%s", i ? ", " : "",
		    choices[i]);
	diag_usage("invalid value '%s' for %s (valid: %s)", arg, opt, list.s);
	return -1;
}

int
cli_lang(const char *arg)
{
	static const char *const l[] = { "en", "de", "ru", NULL };

	return cli_choice("--lang", arg, l);
}

void
cli_version(void)
{
	printf("%s (bellis) %s\n", diag_prog(), BELLIS_VERSION);
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
cli_bad_option(const char *arg, const char *const *longnames)
{
	const char *name = arg, *eq, *s;
	size_t n, count = 0;

	while (*name == '-')
		name++;
	eq = strchr(name, '=');
	n = eq != NULL ? (size_t)(eq - name) : strlen(name);
	while (longnames[count] != NULL)
		count++;
	s = tok_suggest(name, n, longnames, count);
	if (s != NULL)
		diag_usage("unknown option '%s' (did you mean '--%s'?)", arg, s);
	else
		diag_usage("unknown option '%s'", arg);
}
