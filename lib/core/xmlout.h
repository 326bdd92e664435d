/* xmlout: XML output of our own (indented, escaped), with one error latch
 * so callers need not check every call. */
#ifndef BELLIS_XMLOUT_H
#define BELLIS_XMLOUT_H

#include <stdbool.h>
#include <stdio.h>

struct xw;

struct xw *xw_new(FILE *fp);
/* Flush, end the document and free; returns -1 if any write failed. */
int xw_finish(struct xw *w);
void xw_start(struct xw *w, const char *name);
void xw_end(struct xw *w);
void xw_attr(struct xw *w, const char *name, const char *value);
void xw_attrl(struct xw *w, const char *name, long long v);
void xw_attrf(struct xw *w, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void xw_text(struct xw *w, const char *text);
/* <name>text</name> */
void xw_elem(struct xw *w, const char *name, const char *text);
/* Write what is buffered so far (between records). */
void xw_flush(struct xw *w);

#endif
