/* Allocation wrappers: on failure report and exit with status 4. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
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

/* n times size, which must fit */
static size_t
bytes(size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total))
		oom();
	return total;
}

/* realloc, or malloc for p NULL (realloc of NULL is malloc, through
 * more code: a tenth of the instructions of an array's first growth) */
static void *
xreallocarray(void *p, size_t n, size_t size)
{
	size_t total = bytes(n, size);

	return p == NULL ? xmalloc(total) : xrealloc(p, total);
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

static void *
grow_from(void *v, size_t *cap, size_t need, size_t sz, size_t least)
{
	size_t n = *cap;

	if (need <= n)
		return v;
	if (n < least)
		n = least;
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
xgrow(void *v, size_t *cap, size_t need, size_t sz)
{
	return grow_from(v, cap, need, sz, 8);
}

void *
xgrow_few(void *v, size_t *cap, size_t need, size_t sz)
{
	return grow_from(v, cap, need, sz, 1);
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

void
xalloc_prefault(size_t bytes)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33) && \
    defined(M_TOP_PAD) && defined(MADV_POPULATE_WRITE)
	void *held[64];
	char *top, *end;
	size_t n = 0, i;
	struct mallinfo2 mi = mallinfo2();

	/* the heap grows by bytes at a time, from here on too */
	if (mallopt(M_TOP_PAD, (int)bytes) != 1)
		return;
	end = sbrk(0);
	if (end == (void *)-1)
		return;
	top = end - mi.keepcost;        /* the free room at the heap's end */
	/* grown through malloc, so that glibc knows the room is its own:
	 * blocks of 64 KiB stay under its mmap threshold (128 KiB) */
	while (n < 64 && sbrk(0) == end && (held[n] = malloc(64 * 1024)))
		n++;
	for (i = 0; i < n; i++)
		free(held[i]);
	end = sbrk(0);
	top = (char *)((uintptr_t)top & ~(uintptr_t)(sysconf(_SC_PAGESIZE) - 1));
	if (end != (void *)-1 && end > top)
		(void)madvise(top, (size_t)(end - top), MADV_POPULATE_WRITE);
#else
	(void)bytes;
#endif
}

/* n bytes at a multiple of align (a power of two) in the last block, or
 * in a new one; over XARENA_BLOCK, in a block of its own put before the
 * last (whose room is still taken first) */
static void *
arena_take(struct xarena *a, size_t n, size_t align)
{
	size_t pad = (size_t)(-(uintptr_t)a->next & (align - 1)), size;
	char *v;

	if (a->next != NULL && n <= a->room && pad <= a->room - n) {
		v = a->next + pad;
		a->next += pad + n;
		a->room -= pad + n;
		return v;
	}
	size = n > XARENA_BLOCK ? n : XARENA_BLOCK;
	v = xmalloc(size);      /* aligned for anything */
	if (n > XARENA_BLOCK && a->n > 0)
		return xarena_adopt(a, v);
	a->blocks = xgrow(a->blocks, &a->cap, a->n + 1, sizeof *a->blocks);
	a->blocks[a->n++] = v;
	a->next = v + n;
	a->room = size - n;
	return v;
}

void *
xarena_adopt(struct xarena *a, void *v)
{
	a->blocks = xgrow(a->blocks, &a->cap, a->n + 1, sizeof *a->blocks);
	if (a->n == 0) {
		a->blocks[a->n++] = v;  /* no room: the next takes a block */
		return v;
	}
	/* before the last block, whose room is still taken first */
	a->blocks[a->n] = a->blocks[a->n - 1];
	a->blocks[a->n - 1] = v;
	a->n++;
	return v;
}

void *
xarena_alloc(struct xarena *a, size_t n)
{
	return arena_take(a, n, 8);
}

char *
xarena_strdup(struct xarena *a, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(arena_take(a, n, 1), s, n);
}

void
xarena_free(struct xarena *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->blocks[i]);
	free(a->blocks);
	memset(a, 0, sizeof *a);
}
