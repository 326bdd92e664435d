/* Strict numbers: no blanks, no junk, no overflow.  One rule for every
 * number: an optional sign ('+' or '-') then decimal digits; a value
 * below the range (a '-' where none is allowed) is out of range. */
#include <limits.h>
#include <string.h>

#include "core/num.h"

/* The sign of s[0..n): 1 for '-', 0 otherwise; *i skips it. */
static int
sign(const char *s, size_t n, size_t *i)
{
	*i = n > 0 && (s[0] == '-' || s[0] == '+');
	return *i && s[0] == '-';
}

int
num_long(const char *s, size_t n, long min, long max, long *out)
{
	size_t i;
	int neg = sign(s, n, &i);
	long v = 0;

	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, neg ? -(s[i] - '0') : s[i] - '0',
		    &v))
			return -1;
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
num_longs(const char *s, long min, long max, long *out)
{
	return num_long(s, strlen(s), min, max, out);
}

int
num_u64(const char *s, unsigned long long *out)
{
	unsigned long long v = 0;
	size_t i, n = strlen(s);

	if (sign(s, n, &i) || i == n)
		return -1;
	for (s += i; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (__builtin_mul_overflow(v, 10ULL, &v) ||
		    __builtin_add_overflow(v, (unsigned long long)(*s - '0'),
		    &v))
			return -1;
	}
	*out = v;
	return 0;
}

int
num_fixed6(const char *s, size_t n, long long *out)
{
	long long v = 0;
	size_t i;
	int digits = 0, frac = -1, neg = sign(s, n, &i);

	for (; i < n; i++) {
		if (s[i] == '.' && frac < 0 && digits > 0) {
			frac = 0;
			continue;
		}
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (frac >= 0 && ++frac > 6)
			return -1;
		if (v > LLONG_MAX / 100)
			return -1;
		v = v * 10 + (s[i] - '0');
		digits++;
	}
	/* digits on both sides of a point: "0.5", not ".5" nor "5." */
	if (digits == 0 || frac == 0)
		return -1;
	for (frac = frac < 0 ? 0 : frac; frac < 6; frac++) {
		if (v > LLONG_MAX / 10)
			return -1;
		v *= 10;
	}
	*out = neg ? -v : v;
	return 0;
}
