/* num: strict number parsing and distances with units.  Every number
 * has one form: an optional sign, '+' or '-', then decimal digits (and
 * for num_fixed6 a decimal point with digits on both sides); no blanks,
 * no junk.  A '-' where the range has no negatives is refused
 * as out of range. */
#ifndef BELLIS_NUM_H
#define BELLIS_NUM_H

#include <stdbool.h>
#include <stddef.h>

/* Parse s[0..n) as a whole decimal integer with optional sign, within
 * [min, max].  No blanks, no trailing junk.  Returns 0 or -1. */
int num_long(const char *s, size_t n, long min, long max, long *out);
/* The same for a NUL-terminated string. */
int num_longs(const char *s, long min, long max, long *out);
/* Unsigned 64-bit (seeds): a '+' is allowed, a '-' is not. */
int num_u64(const char *s, unsigned long long *out);
/* Parse "D" or "D.F" (F at most 6 digits) into millionths; used for
 * distances.  Returns 0 or -1. */
int num_fixed6(const char *s, size_t n, long long *out);

#endif
