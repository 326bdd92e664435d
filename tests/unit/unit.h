/* A tiny in-house test runner: CHECK() counts, UNIT_RUN() prints
 * "unit NAME: N passed, N failed". */
#ifndef BELLIS_UNIT_H
#define BELLIS_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_pass, unit_fail;

#define CHECK(cond) do { \
	if (cond) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: check failed: %s\n", \
	    __FILE__, __LINE__, #cond); } \
} while (0)

#define CHECK_STR(a, b) do { \
	const char *a_ = (a), *b_ = (b); \
	if (a_ != NULL && b_ != NULL && strcmp(a_, b_) == 0) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: '%s' != '%s'\n", \
	    __FILE__, __LINE__, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); } \
} while (0)

#define UNIT_DONE(name) \
	(printf("unit %s: %d passed, %d failed\n", name, unit_pass, \
	    unit_fail), unit_fail ? 1 : 0)

#endif
