/* xalloc: allocation that cannot fail (exits with status 4 instead). */
#ifndef BELLIS_XALLOC_H
#define BELLIS_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Grow *v (of *cap elements of size sz) to hold at least need elements. */
void *xgrow(void *v, size_t *cap, size_t need, size_t sz);
/* The same from one element up (1, 2, 4, ...): for the many arrays that
 * mostly hold one or two (an item's troops). */
void *xgrow_few(void *v, size_t *cap, size_t need, size_t sz);
/* Keep w, an array parallel to one grown by xgrow, at cap elements: it
 * is reallocated only when the capacity moved (old != cap). */
void *xfollow(void *w, size_t old, size_t cap, size_t sz);
/* Keep every large block (128 KiB and more) mapped on its own, for a
 * tool whose memory should stay flat.  glibc otherwise raises the size it
 * maps from to the largest mapped block freed (up to 32 MiB): an array
 * grown by xgrow past that is copied within the heap at each doubling
 * and leaves its old self behind as a hole (battle-scan: 1 MB of 5,000
 * moves); mapped, it grows in place (mremap) and is given back whole
 * when freed.  Elsewhere it does nothing. */
void xalloc_map_large(void);
/* Map the heap's next bytes at once, for a short run that will touch
 * them: the heap grows bytes at a time from here on, and the pages up to
 * its end are mapped writable in one call (MADV_POPULATE_WRITE) rather
 * than by a page fault each, which costs several times as much on a
 * virtual machine.  glibc only; elsewhere, or on a kernel without it,
 * it does nothing. */
void xalloc_prefault(size_t bytes);

/* An arena: many small lists or strings that live as long as each other,
 * in blocks of XARENA_BLOCK bytes (a longer one in a block of its own),
 * without a header or rounding of the allocator's each, all freed at
 * once.  Zeroed, it is empty. */
#define XARENA_BLOCK (256 * 1024)
struct xarena {
	char **blocks;
	size_t n, cap;
	char *next;             /* the free room of the last block */
	size_t room;
};
/* n bytes, aligned for double and pointers (8) */
void *xarena_alloc(struct xarena *a, size_t n);
/* a copy of s, not aligned */
char *xarena_strdup(struct xarena *a, const char *s);
/* v, from xmalloc or xgrow, freed with the arena from now on (a long
 * list built elsewhere, kept without a copy); returns v */
void *xarena_adopt(struct xarena *a, void *v);
void xarena_free(struct xarena *a);

#endif
