/* pdffont: is there a font to draw with?  The PDF byte sink. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pango/pangocairo.h>

#include "core/diag.h"
#include "core/out.h"
#include "core/pdffont.h"

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
pdffont_sink_write(void *sink, const unsigned char *data, unsigned int len)
{
	struct pdffont_sink *k = sink;

	if (k->fp == NULL)      /* a measuring writer: nothing is kept */
		return CAIRO_STATUS_SUCCESS;
	if (k->failed || fwrite(data, 1, len, k->fp) != len) {
		k->failed = true;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* fontconfig writes its own messages ("Fontconfig error: ...") to
 * standard error while it reads its configuration, at the first font
 * look-up: they are caught in a temporary file and written again as our
 * warnings, one line each. */
struct caught {
	FILE *tmp;
	int saved;
};

static void
catch_begin(struct caught *k)
{
	k->saved = -1;
	fflush(stderr);
	if ((k->tmp = tmpfile()) == NULL)
		return;
	if ((k->saved = dup(STDERR_FILENO)) < 0 ||
	    dup2(fileno(k->tmp), STDERR_FILENO) < 0) {
		if (k->saved >= 0)
			close(k->saved);
		k->saved = -1;
		fclose(k->tmp);
		k->tmp = NULL;
		return;
	}
	out_stderr_moved(k->saved);
}

static void
catch_end(struct caught *k)
{
	char line[512];
	size_t n;

	if (k->tmp == NULL)
		return;
	fflush(stderr);
	out_stderr_moved(-1);
	if (dup2(k->saved, STDERR_FILENO) < 0) {
		/* fd 2 still on the file: keep it open, replay nothing */
		close(k->saved);
		return;
	}
	close(k->saved);
	rewind(k->tmp);
	while (fgets(line, sizeof line, k->tmp) != NULL) {
		n = strcspn(line, "\n");
		line[n] = '\0';
		if (n > 0)
			diag_msg(0, "fontconfig: %s", strncmp(line,
			    "Fontconfig ", 11) == 0 ? line + 11 : line);
		if (n == sizeof line - 1)   /* the rest of a long line */
			while (fgets(line, sizeof line, k->tmp) != NULL &&
			    strchr(line, '\n') == NULL)
				;
	}
	fclose(k->tmp);
	k->tmp = NULL;
}

void
pdffont_caught(void (*fn)(void *), void *arg)
{
	struct caught k;

	catch_begin(&k);
	fn(arg);
	catch_end(&k);
}

/* The glyphs pango cannot find for Latin text in family, at pt points
 * (absolute; 0: pango's default size). */
static int
unknown_glyphs(PangoContext *pc, const char *family, double pt)
{
	PangoLayout *l = pango_layout_new(pc);
	PangoFontDescription *fd = pango_font_description_from_string(family);
	int unknown;

	if (pt > 0)
		pango_font_description_set_absolute_size(fd, pt * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_layout_set_text(l, "Aa", -1);
	unknown = pango_layout_get_unknown_glyphs_count(l);
	pango_font_description_free(fd);
	g_object_unref(l);
	return unknown;
}

static void
no_font(const char *family)
{
	diag_msg(EXIT_SYS, "no usable font: fontconfig finds neither '%s' "
	    "nor another font for Latin text", family);
	/* fontconfig's data freed, as at the end of a PDF */
	pango_cairo_font_map_set_default(NULL);
	exit(EXIT_SYS);
}

void
pdffont_check_at(PangoContext *pc, const char *family, double pt)
{
	struct caught k;
	int unknown;

	catch_begin(&k);
	unknown = unknown_glyphs(pc, family, pt);
	catch_end(&k);
	if (unknown > 0)
		no_font(family);
}

PangoContext *
pdffont_context(const cairo_font_options_t *fo, const char *family)
{
	PangoContext *pc;
	struct caught k;
	int unknown;

	catch_begin(&k);
	pc = pango_font_map_create_context(pango_cairo_font_map_get_default());
	pango_cairo_context_set_font_options(pc, fo);
	unknown = unknown_glyphs(pc, family, 0);
	catch_end(&k);
	if (unknown > 0) {
		g_object_unref(pc);
		no_font(family);
	}
	return pc;
}
