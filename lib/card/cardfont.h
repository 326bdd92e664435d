/* cardfont: the fonts of the cards without fontconfig's configuration.
 * fontconfig's configuration and caches were most of a start of
 * refcard-render; the cards are set in DejaVu Sans, and the directory of
 * its files (FONTDIR, found at build time) has a cache of fontconfig's
 * own (FONTCACHEDIR): a configuration of that directory alone finds the
 * same faces as the system's, and pango measures and draws with them the
 * same cards, byte for byte.  The system's configuration is read as
 * before, from the start, when the user has one of their own or fonts of
 * their own (FONTCONFIG_FILE, FONTCONFIG_PATH, FONTCONFIG_SYSROOT, the
 * files and directories of fontconfig in HOME or XDG_CONFIG_HOME,
 * XDG_DATA_HOME), when the directory or the cache could be changed by
 * another user than root, or when it lacks a face of the cards; and from
 * the first text on that has a character one of the faces lacks (the
 * system's fonts may have it). */
#ifndef BELLIS_CARDFONT_H
#define BELLIS_CARDFONT_H

/* Choose the fonts before the first layout (once a process: its
 * choice, and fontconfig's configuration, then stay). */
void cardfont_begin(void);

/* For a PDF, before its first card: the system's fonts when the text of
 * the file at path (armylist or rules XML; "-" standard input) may have
 * a character the faces lack. */
void cardfont_input(const char *path);

/* cardfont_need(l, m) (cardpdf_int.h): before markup m is set on a
 * layout. */

#endif
