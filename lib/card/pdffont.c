/* pdffont: is there a font to draw with? */
#include <stdlib.h>

#include <pango/pangocairo.h>

#include "card/pdffont.h"
#include "core/diag.h"

void
pdffont_check(cairo_t *cr, const char *family)
{
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *fd = pango_font_description_from_string(family);
	int unknown;

	pango_layout_set_font_description(l, fd);
	pango_layout_set_text(l, "Aa", -1);
	unknown = pango_layout_get_unknown_glyphs_count(l);
	pango_font_description_free(fd);
	g_object_unref(l);
	if (unknown > 0) {
		diag_msg(EXIT_SYS, "no usable font: fontconfig finds neither "
		    "'%s' nor another font for Latin text", family);
		/* fontconfig's data freed, as at the end of a PDF */
		pango_cairo_font_map_set_default(NULL);
		exit(EXIT_SYS);
	}
}
