/* xmlout: XML output of our own (indented, escaped), with one error latch
 * so callers need not check every call. */
#ifndef BELLIS_XMLOUT_H
#define BELLIS_XMLOUT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

struct xw;

struct xw *xw_new(FILE *fp);
/* Flush, end the document and free; returns -1 if any write failed. */
int xw_finish(struct xw *w);
/* The functions of a name take its length (n) from the inline ones
 * below: the length of a constant name is counted when compiling. */
void xw_start_n(struct xw *w, const char *name, size_t n);
void xw_end(struct xw *w);
void xw_attr_n(struct xw *w, const char *name, size_t n, const char *value);
void xw_attrl_n(struct xw *w, const char *name, size_t n, long long v);
void xw_attrf(struct xw *w, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void xw_text(struct xw *w, const char *text);
void xw_elem_n(struct xw *w, const char *name, size_t n, const char *text);

static inline void
xw_start(struct xw *w, const char *name)
{
	xw_start_n(w, name, strlen(name));
}

static inline void
xw_attr(struct xw *w, const char *name, const char *value)
{
	xw_attr_n(w, name, strlen(name), value);
}

static inline void
xw_attrl(struct xw *w, const char *name, long long v)
{
	xw_attrl_n(w, name, strlen(name), v);
}

/* <name>text</name> */
static inline void
xw_elem(struct xw *w, const char *name, const char *text)
{
	xw_elem_n(w, name, strlen(name), text);
}
/* Write what is buffered so far (between records). */
void xw_flush(struct xw *w);

#endif
