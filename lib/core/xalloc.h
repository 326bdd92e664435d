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
/* Keep w, an array parallel to one grown by xgrow, at cap elements: it
 * is reallocated only when the capacity moved (old != cap). */
void *xfollow(void *w, size_t old, size_t cap, size_t sz);

#endif
