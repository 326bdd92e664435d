/* Strict numbers: no blanks, no junk, no overflow. */
#include <limits.h>
#include <string.h>

#include "core/num.h"

int
num_long(const char *s, size_t n, long min, long max, long *out)
{
	size_t i = 0;
	int neg = 0;
	long v = 0;

	if (n > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i = 1;
	}
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

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
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
	size_t i = 0;
	int digits = 0, frac = -1, neg = 0;

	if (n > 0 && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	for (; i < n; i++) {
		if (s[i] == '.' && frac < 0) {
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
