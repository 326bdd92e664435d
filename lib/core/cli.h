/* cli: what every tool's command line shares: --lang, -T, --version,
 * seeds, and the file loop's operand list. */
#ifndef BELLIS_CLI_H
#define BELLIS_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "core/lang.h"

#ifndef BELLIS_VERSION
#define BELLIS_VERSION "0.1.0"
#endif

/* Default language from LC_ALL, LC_MESSAGES or LANG (first set one). */
enum lang cli_lang_default(void);
/* Parse --lang; reports a usage error and returns -1 when bad. */
int cli_lang(const char *arg);
/* Index of arg in choices (NULL-terminated), or -1 with a usage error
 * naming the option and the valid values. */
int cli_choice(const char *opt, const char *arg, const char *const *choices);
/* "TOOL (bellis) X.Y.Z" on stdout. */
void cli_version(void);
/* Seed from -s (arg may be NULL) or BELLIS_SEED; otherwise a random one
 * (*given false).  Returns -1 with a usage error when malformed. */
int cli_seed(const char *arg, uint64_t *seed, bool *given);
/* Report an unknown long option with the nearest known one. */
void cli_bad_option(const char *arg, const char *const *longnames);

#endif
