/* pdffont: the check of the two PDF writers (refcard-render, battle-scan)
 * that a font can draw their text. */
#ifndef BELLIS_PDFFONT_H
#define BELLIS_PDFFONT_H

#include <cairo.h>

/* Exit with status 4 and a message when no font that fontconfig finds
 * (family first) has glyphs for Latin text: a PDF without text would
 * come out. */
void pdffont_check(cairo_t *cr, const char *family);

#endif
