/* pdffont: what the two PDF writers (refcard-render, battle-scan) share:
 * the check that a font can draw their text, the byte sink of the PDF
 * surface. */
#ifndef BELLIS_PDFFONT_H
#define BELLIS_PDFFONT_H

#include <stdbool.h>
#include <stdio.h>

#include <cairo.h>
#include <pango/pango.h>

/* Exit with status 4 and a message when no font that fontconfig finds
 * (family first) has glyphs for Latin text, in the regular face at pt
 * points (absolute; 0: pango's default size): a PDF without text would
 * come out.  A writer checks in its own context pc and its first type:
 * the font checked is the one it sets first. */
void pdffont_check_at(PangoContext *pc, const char *family, double pt);
/* The same without a surface: a context of pango's cairo font map with
 * the font options fo, its fonts checked (fontconfig's messages caught
 * from the font map's start on). */
PangoContext *pdffont_context(const cairo_font_options_t *fo,
    const char *family);

/* Call fn(arg), fontconfig's messages on standard error caught and
 * written again as our warnings (a configuration that fn reads). */
void pdffont_caught(void (*fn)(void *), void *arg);

/* Where a PDF surface writes: cairo_pdf_surface_create_for_stream(
 * pdffont_sink_write, &sink, ...).  After a failed write nothing more is
 * written and failed stays true. */
struct pdffont_sink {
	FILE *fp;
	bool failed;
};
cairo_status_t pdffont_sink_write(void *sink, const unsigned char *data,
    unsigned int len);

#endif
