/* A tiny in-house test runner.  CHECK() counts a check; RUN(test_f(...))
 * runs one test function, a case, which fails when one of its checks
 * fails; checks made outside RUN (a program's setup) are one case more.
 * UNIT_DONE() prints "unit NAME: N passed, N failed, N skipped (N
 * checks)", counting cases. */
#ifndef BELLIS_UNIT_H
#define BELLIS_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_pass, unit_fail;
static int unit_case_pass, unit_case_fail, unit_case_skip;
static int unit_in_pass, unit_in_fail;

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

/* RUN(call): one case; a case that checked nothing (its body left out
 * of this build, as under ASan) is skipped */
#define RUN(call) do { \
	int p_ = unit_pass, f_ = unit_fail; \
	call; \
	unit_in_pass += unit_pass - p_; \
	unit_in_fail += unit_fail - f_; \
	if (unit_fail == f_ && unit_pass > p_) unit_case_pass++; \
	else if (unit_fail == f_) { unit_case_skip++; \
	    fprintf(stderr, "%s:%d: case skipped (no check in this build): " \
	    "%s\n", __FILE__, __LINE__, #call); } \
	else { unit_case_fail++; fprintf(stderr, "%s:%d: case failed: %s\n", \
	    __FILE__, __LINE__, #call); } \
} while (0)

/* the checks outside every case (a program's setup) as one case; a
 * program that checked nothing fails */
static inline void
unit_rest(void)
{
	int p = unit_pass - unit_in_pass, f = unit_fail - unit_in_fail;

	if (f > 0)
		unit_case_fail++;
	else if (p > 0)
		unit_case_pass++;
	else if (unit_case_pass + unit_case_fail == 0) {
		unit_case_fail++;
		fprintf(stderr, "unit: no case ran\n");
	}
}

#define UNIT_DONE(name) \
	(unit_rest(), printf("unit %s: %d passed, %d failed, %d skipped " \
	    "(%d checks)\n", name, unit_case_pass, unit_case_fail, \
	    unit_case_skip, unit_pass + unit_fail), \
	    unit_fail || unit_case_fail ? 1 : 0)

#endif
