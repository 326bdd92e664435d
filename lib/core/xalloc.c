/* Allocation wrappers: on failure report and exit with status 4. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/diag.h"
#include "core/xalloc.h"

static void
oom(void)
{
	errno = ENOMEM;
	diag_sys("out of memory");
	exit(EXIT_SYS);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		oom();
	return p;
}

static void *
xreallocarray(void *p, size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total))
		oom();
	return xrealloc(p, total);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p;
	size_t len = strnlen(s, n);

	p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

void *
xgrow(void *v, size_t *cap, size_t need, size_t sz)
{
	size_t n = *cap;

	if (need <= n)
		return v;
	if (n < 8)
		n = 8;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			oom();
		n *= 2;
	}
	v = xreallocarray(v, n, sz);
	*cap = n;
	return v;
}

void *
xfollow(void *w, size_t old, size_t cap, size_t sz)
{
	if (w != NULL && old == cap)
		return w;
	return xreallocarray(w, cap, sz);
}

void
xalloc_map_large(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	/* glibc's own default, set: set, it no longer moves */
	(void)mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}
