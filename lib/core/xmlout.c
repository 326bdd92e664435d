/* XML writer on xmlTextWriter over a stdio stream. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlout.h"

struct xw {
	xmlTextWriterPtr w;
	FILE *fp;
	bool failed;
	int err;
	struct sbuf tmp;
};

static int
write_cb(void *ctx, const char *buf, int len)
{
	struct xw *x = ctx;

	/* a failed write is latched here and reported by out_close() from
	 * the stream's error flag; libxml2 is told all went well so that it
	 * prints nothing of its own */
	if (!x->failed && len > 0 &&
	    fwrite(buf, 1, (size_t)len, x->fp) != (size_t)len) {
		x->failed = true;
		x->err = errno;
	}
	return len;
}

static int
close_cb(void *ctx)
{
	(void)ctx;
	return 0;
}

#define BC(s) ((const xmlChar *)(s))

static void
check(struct xw *x, int rc)
{
	if (rc < 0)
		x->failed = true;
}

struct xw *
xw_new(FILE *fp)
{
	struct xw *x = xcalloc(1, sizeof *x);
	xmlOutputBufferPtr ob;

	x->fp = fp;
	ob = xmlOutputBufferCreateIO(write_cb, close_cb, x, NULL);
	if (ob == NULL || (x->w = xmlNewTextWriter(ob)) == NULL) {
		x->failed = true;
		return x;
	}
	xmlTextWriterSetIndent(x->w, 1);
	xmlTextWriterSetIndentString(x->w, BC("  "));
	check(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	return x;
}

int
xw_finish(struct xw *x)
{
	bool failed;

	if (x->w != NULL && !x->failed)
		check(x, xmlTextWriterEndDocument(x->w));
	if (x->w != NULL)
		xmlFreeTextWriter(x->w);
	if (fflush(x->fp) != 0)
		x->failed = true;
	failed = x->failed;
	if (failed && x->err != 0)
		errno = x->err;
	sbuf_free(&x->tmp);
	free(x);
	return failed ? -1 : 0;
}

void
xw_start(struct xw *x, const char *name)
{
	if (!x->failed)
		check(x, xmlTextWriterStartElement(x->w, BC(name)));
}

void
xw_end(struct xw *x)
{
	if (!x->failed)
		check(x, xmlTextWriterEndElement(x->w));
}

void
xw_attr(struct xw *x, const char *name, const char *value)
{
	if (!x->failed)
		check(x, xmlTextWriterWriteAttribute(x->w, BC(name),
		    BC(value)));
}

void
xw_attrn(struct xw *x, const char *name, const char *value, size_t n)
{
	sbuf_reset(&x->tmp);
	sbuf_add(&x->tmp, value, n);
	xw_attr(x, name, sbuf_str(&x->tmp));
}

void
xw_attrl(struct xw *x, const char *name, long long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	xw_attr(x, name, buf);
}

void
xw_attrf(struct xw *x, const char *name, const char *fmt, ...)
{
	va_list ap;
	char buf[256];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	xw_attr(x, name, buf);
}

void
xw_text(struct xw *x, const char *text)
{
	if (!x->failed)
		check(x, xmlTextWriterWriteString(x->w, BC(text)));
}

void
xw_textn(struct xw *x, const char *text, size_t n)
{
	sbuf_reset(&x->tmp);
	sbuf_add(&x->tmp, text, n);
	xw_text(x, sbuf_str(&x->tmp));
}

void
xw_elem(struct xw *x, const char *name, const char *text)
{
	xw_start(x, name);
	xw_text(x, text);
	xw_end(x);
}

void
xw_flush(struct xw *x)
{
	if (!x->failed)
		check(x, xmlTextWriterFlush(x->w));
	if (ferror(x->fp))
		x->failed = true;
}

bool
xw_failed(const struct xw *x)
{
	return x->failed;
}
