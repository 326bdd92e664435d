/* pdffont: is there a font to draw with?  The PDF byte sink. */
#include <stdlib.h>

#include <pango/pangocairo.h>

#include "card/pdffont.h"
#include "core/diag.h"

/* Under LeakSanitizer (make SAN=1): fontconfig keeps a few blocks that
 * pango's cleanup does not free; they are not ours.  Both PDF writers
 * call this file, so the hooks are linked into both tools. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

const char *
__lsan_default_options(void)
{
	return "print_suppressions=0";
}

cairo_status_t
pdfsink_write(void *sink, const unsigned char *data, unsigned int len)
{
	struct pdfsink *k = sink;

	if (k->failed || fwrite(data, 1, len, k->fp) != len) {
		k->failed = true;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

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
