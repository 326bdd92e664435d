/* ownfont: the fonts of a PDF without fontconfig's configuration, for
 * refcard-render's cards and battle-scan's battlefields.  fontconfig's
 * configuration and caches were most of a start of refcard-render and
 * most of battle-scan's memory; both set their text in DejaVu Sans, and
 * the directory of its files (FONTDIR, found at build time) has a cache
 * of fontconfig's own (FONTCACHEDIR): a configuration of that directory
 * alone finds the same faces as the system's, and pango measures and
 * draws with them the same PDFs, byte for byte.  The system's
 * configuration is read as before, from the start, when the user has one
 * of their own or fonts of their own (FONTCONFIG_FILE, FONTCONFIG_PATH,
 * FONTCONFIG_SYSROOT, the files and directories of fontconfig in HOME or
 * XDG_CONFIG_HOME, XDG_DATA_HOME), when the directory or the cache could
 * be changed by another user than root, or when it lacks a face of the
 * text (regular and bold, normal and condensed); and from the first text
 * on that has a character one of the faces lacks (the system's fonts may
 * have it). */
#ifndef BELLIS_OWNFONT_H
#define BELLIS_OWNFONT_H

typedef struct _PangoContext PangoContext;

/* Choose the fonts before the first layout (once a process: its
 * choice, and fontconfig's configuration, then stay). */
void ownfont_begin(void);

/* For a PDF, before its first text: the system's fonts when the text of
 * the XML file at path ("-" standard input) may have a character the
 * faces lack.  Standard input is read for that (from the start, its
 * offset left as it is) when it is a file; from a pipe it takes the
 * system's fonts. */
void ownfont_input(const char *path);

/* Before text or markup m is set on a layout of context cx: the system's
 * fonts from now on when m has a character the faces lack; cx on the
 * font map in use. */
void ownfont_need(PangoContext *cx, const char *m);

#endif
