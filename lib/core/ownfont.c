/* ownfont: DejaVu Sans from its directory and fontconfig's cache of it,
 * or the system's configuration (ownfont.h says when). */
#define _GNU_SOURCE             /* pthread_setattr_default_np */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

#include "core/cli.h"
#include "core/diag.h"
#include "core/ownfont.h"
#include "core/pdffont.h"

#ifndef BELLIS_FONTDIR
#define BELLIS_FONTDIR "/usr/share/fonts/truetype/dejavu"
#endif
#ifndef BELLIS_FONTCACHEDIR
#define BELLIS_FONTCACHEDIR "/var/cache/fontconfig"
#endif

/* own: the faces of FONTDIR are in use; covers: the characters all the
 * faces of the text have; ascii: which of the first 128 those are */
static struct {
	bool begun, own;
	FcCharSet *covers;
	bool ascii[128];
} fonts;

/* True when nobody but root can change p or a directory above it,
 * links on the way resolved. */
static bool
root_only(const char *p)
{
	char real[PATH_MAX];

	return realpath(p, real) != NULL && cli_path_untrusted(real, 0) == NULL;
}

/* True when $var/sub (var unset or empty: $HOME/home_sub) exists. */
static bool
user_has(const char *var, const char *sub, const char *home_sub)
{
	const char *v = var != NULL ? getenv(var) : NULL, *h = getenv("HOME");
	char p[4096];
	struct stat st;
	int n;

	if (v != NULL && v[0] != '\0')
		n = snprintf(p, sizeof p, "%s/%s", v, sub);
	else if (h != NULL && h[0] != '\0')
		n = snprintf(p, sizeof p, "%s/%s", h, home_sub);
	else
		return false;
	return n < 0 || (size_t)n >= sizeof p || lstat(p, &st) == 0;
}

/* True when the user has a fontconfig configuration or fonts of their
 * own that the system's configuration would read. */
static bool
user_fonts(void)
{
	static const char *const env[] = {
		"FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT",
	};
	size_t i;

	for (i = 0; i < sizeof env / sizeof env[0]; i++)
		if (getenv(env[i]) != NULL)
			return true;
	return user_has("XDG_CONFIG_HOME", "fontconfig", ".config/fontconfig") ||
	    user_has("XDG_DATA_HOME", "fonts", ".local/share/fonts") ||
	    user_has(NULL, NULL, ".fonts.conf") ||
	    user_has(NULL, NULL, ".fonts.conf.d") ||
	    user_has(NULL, NULL, ".fonts");
}

/* The charset of the face of c that pango takes for DejaVu Sans in
 * weight and width, or NULL when that face is not DejaVu Sans. */
static FcCharSet *
face_charset(FcConfig *c, int weight, int width)
{
	FcPattern *p = FcPatternCreate(), *m;
	FcCharSet *cs = NULL, *r = NULL;
	FcResult res;
	FcChar8 *fam;
	int i;

	FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)"DejaVu Sans");
	FcPatternAddInteger(p, FC_WEIGHT, weight);
	FcPatternAddInteger(p, FC_WIDTH, width);
	FcConfigSubstitute(c, p, FcMatchPattern);
	FcDefaultSubstitute(p);
	m = FcFontMatch(c, p, &res);
	FcPatternDestroy(p);
	if (m == NULL)
		return NULL;
	for (i = 0; FcPatternGetString(m, FC_FAMILY, i, &fam) == FcResultMatch;
	    i++)
		if (strcmp((const char *)fam, "DejaVu Sans") == 0)
			break;
	if (FcPatternGetString(m, FC_FAMILY, i, &fam) == FcResultMatch &&
	    FcPatternGetInteger(m, FC_WEIGHT, 0, &i) == FcResultMatch &&
	    i == weight &&
	    FcPatternGetCharSet(m, FC_CHARSET, 0, &cs) == FcResultMatch)
		r = FcCharSetCopy(cs);
	FcPatternDestroy(m);
	return r;
}

/* The characters every face of the text has (regular and bold, normal
 * and condensed), or NULL when c lacks one. */
static FcCharSet *
faces_cover(FcConfig *c)
{
	static const int wt[] = { FC_WEIGHT_REGULAR, FC_WEIGHT_BOLD };
	static const int wd[] = { FC_WIDTH_NORMAL, FC_WIDTH_SEMICONDENSED };
	FcCharSet *all = NULL, *one, *both;
	size_t i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			if ((one = face_charset(c, wt[i], wd[j])) == NULL) {
				if (all != NULL)
					FcCharSetDestroy(all);
				return NULL;
			}
			both = all == NULL ? one : FcCharSetIntersect(all, one);
			if (all != NULL) {
				FcCharSetDestroy(all);
				FcCharSetDestroy(one);
			}
			all = both;
		}
	return all;
}

/* True when pango looks up no font for u (spaces, controls, format
 * characters, separators, variation selectors: it keeps the font of the
 * text around them) or the faces have it. */
static bool
drawn(FcChar32 u)
{
	GUnicodeType t = g_unichar_type(u);

	return t == G_UNICODE_CONTROL || t == G_UNICODE_FORMAT ||
	    t == G_UNICODE_SURROGATE || t == G_UNICODE_LINE_SEPARATOR ||
	    t == G_UNICODE_PARAGRAPH_SEPARATOR ||
	    (t == G_UNICODE_SPACE_SEPARATOR && u != 0x1680) ||
	    (u >= 0xfe00 && u <= 0xfe0f) || (u >= 0xe0100 && u <= 0xe01ef) ||
	    FcCharSetHasChar(fonts.covers, u);
}

/* True when the faces draw every character of the UTF-8 text s (a
 * character that does not decode counts as lacking). */
static bool
covered(const unsigned char *s)
{
	FcChar32 u;
	int n;

	while (*s != '\0') {
		if (*s < 128) {
			if (!fonts.ascii[*s++])
				return false;
			continue;
		}
		n = FcUtf8ToUcs4(s, &u, (int)strnlen((const char *)s, 4));
		if (n <= 0 || !drawn(u))
			return false;
		s += n;
	}
	return true;
}

/* The upright DejaVu Sans faces of a weight (normal and condensed). */
#define FACE(wt) "<patelt name=\"family\"><string>DejaVu Sans</string>" \
	"</patelt><patelt name=\"slant\"><int>0</int></patelt>" \
	"<patelt name=\"weight\"><int>" wt "</int></patelt>"

/* A configuration of FONTDIR and its cache alone, current, with the
 * characters its faces share; false (nothing changed) when it cannot
 * stand for the system's. */
static bool
own_fonts(void)
{
	static const char conf[] = "<fontconfig><dir>" BELLIS_FONTDIR
	    "</dir><cachedir>" BELLIS_FONTCACHEDIR "</cachedir>"
	    "<selectfont><rejectfont><pattern/></rejectfont><acceptfont>"
	    "<pattern>" FACE("80") "</pattern>"
	    "<pattern>" FACE("200") "</pattern>"
	    "</acceptfont></selectfont></fontconfig>";
	FcConfig *c;
	unsigned ch;

	if (user_fonts() || !root_only(BELLIS_FONTDIR) ||
	    !root_only(BELLIS_FONTCACHEDIR) || (c = FcConfigCreate()) == NULL)
		return false;
	if (!FcConfigParseAndLoadFromMemory(c, (const FcChar8 *)conf,
	    FcFalse) || !FcConfigBuildFonts(c) ||
	    (fonts.covers = faces_cover(c)) == NULL ||
	    !FcConfigSetCurrent(c)) {
		if (fonts.covers != NULL)
			FcCharSetDestroy(fonts.covers);
		fonts.covers = NULL;
		FcConfigDestroy(c);
		return false;
	}
	FcConfigDestroy(c);     /* current: fontconfig keeps it */
	for (ch = 0; ch < 128; ch++)
		fonts.ascii[ch] = drawn(ch);
	return true;
}

/* pango's start of fontconfig, put off (g_thread_new) while on */
static struct {
	bool on;
	GThreadFunc func;
	gpointer data;
} later;

/* GLib's thread start, for every caller in the process.  pango 1.50
 * starts two threads for each font pattern it has not seen (one a type
 * size, weight and width): fontconfig's match and sort of the pattern,
 * on copies of their own, which the caller waits for when it first needs
 * the font.  A card has 20 to 30 patterns: those threads were a quarter
 * of a start of refcard-render.  Here both run in the caller, there and
 * then, with the same results (it holds no lock they take); the thread
 * handed back is the caller's own, which pango only lets go.  pango's
 * start of fontconfig (a thread its font map starts as it is made, the
 * caller holding a lock the thread takes) runs in the caller too, but
 * later: when ownfont_begin makes the font map, right after it (before
 * anything waits for it); made elsewhere, in a thread as GLib starts it.
 * Any other thread starts as GLib starts it (pango 1.52's one worker, a
 * name of its own).  A thread that cannot start ends the run as out of
 * memory does, status 4 with a message.  A definition in the executable
 * comes before GLib's for every library. */
GThread *
g_thread_new(const gchar *name, GThreadFunc func, gpointer data)
{
	static const char sync[] = "[pango] FcFontSet";
	static const char init[] = "[pango] FcInit";
	GError *err = NULL;
	GThread *t;

	if (name != NULL && strncmp(name, sync, sizeof sync - 1) == 0) {
		(void)func(data);
		return g_thread_ref(g_thread_self());
	}
	if (later.on && later.func == NULL && name != NULL &&
	    strcmp(name, init) == 0) {
		later.func = func;
		later.data = data;
		return g_thread_ref(g_thread_self());
	}
	if ((t = g_thread_try_new(name, func, data, &err)) == NULL) {
		diag_msg(EXIT_SYS, "cannot start a thread: %s", err->message);
		exit(EXIT_SYS);
	}
	return t;
}

/* pango's start of fontconfig, put off by g_thread_new */
static void
run_later(void *unused)
{
	(void)unused;
	(void)later.func(later.data);
}

void
ownfont_begin(void)
{
	pthread_attr_t at;

	if (fonts.begun)
		return;
	fonts.begun = true;
	/* the threads pango still starts (fontconfig's start; a later
	 * pango's worker, or its match and sort should g_thread_new above
	 * not be the one called) have a small stack, not RLIMIT_STACK's 8
	 * MB of address space: one starts whenever a malloc would still
	 * succeed, so that a tight ulimit -v ends in the out-of-memory exit
	 * (status 4).  Their work (fontconfig's) is flat. */
	if (pthread_attr_init(&at) == 0) {
		if (pthread_attr_setstacksize(&at, 2048 * 1024) == 0)
			(void)pthread_setattr_default_np(&at);
		pthread_attr_destroy(&at);
	}
	fonts.own = own_fonts();
	/* the font map, and fontconfig's start (g_thread_new): its messages
	 * caught when it reads the system's configuration */
	later.on = true;
	(void)pango_cairo_font_map_get_default();
	later.on = false;
	if (later.func != NULL && fonts.own)
		run_later(NULL);
	else if (later.func != NULL)    /* the system's configuration */
		pdffont_caught(run_later, NULL);
}

/* The system's configuration from now on, its messages caught as at a
 * start that reads it. */
static void
load_system(void *unused)
{
	FcConfig *c = FcInitLoadConfigAndFonts();

	(void)unused;
	if (c != NULL) {
		FcConfigSetCurrent(c);
		FcConfigDestroy(c);
	}
}

/* The system's fonts from now on: its configuration current, a font map
 * of it pango's default. */
static void
to_system(void)
{
	PangoFontMap *fm;

	if (!fonts.own)
		return;
	fonts.own = false;
	pdffont_caught(load_system, NULL);
	fm = pango_cairo_font_map_new();
	pango_cairo_font_map_set_default(PANGO_CAIRO_FONT_MAP(fm));
	g_object_unref(fm);
}

/* The character of the reference at s ("&#N;" or "&#xH;") in *u; false
 * when it is none. */
static bool
char_ref(const char *s, FcChar32 *u)
{
	char *e;
	unsigned long v;

	s += 2;
	v = *s == 'x' ? strtoul(s + 1, &e, 16) : strtoul(s, &e, 10);
	if (*e != ';' || v > 0x10ffff)
		return false;
	*u = (FcChar32)v;
	return true;
}

/* True when the faces draw every character the XML text t (n bytes)
 * can show: UTF-8 alone (no NUL, no declared encoding but UTF-8, no DTD
 * with its entities), its character references too. */
static bool
text_covered(const char *t, size_t n)
{
	const char *p = t, *d;
	FcChar32 u;

	if (memchr(t, '\0', n) != NULL || strstr(t, "<!DOCTYPE") != NULL ||
	    strstr(t, "<!ENTITY") != NULL)
		return false;
	if (strncmp(t, "<?xml", 5) == 0 && (d = strstr(t, "?>")) != NULL &&
	    (p = strstr(t, "encoding=")) != NULL && p < d &&
	    g_ascii_strncasecmp(p + 10, "utf-8", 5) != 0)
		return false;
	for (p = t; (p = strstr(p, "&#")) != NULL; p += 2)
		if (!char_ref(p, &u) || !drawn(u))
			return false;
	return covered((const unsigned char *)t);
}

/* The n bytes of file fd from its start into t; false when they could
 * not all be read.  pread: fd's offset stays where it is. */
static bool
read_start(int fd, char *t, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = pread(fd, t + got, n - got, (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		got += (size_t)r;
	}
	return true;
}

void
ownfont_input(const char *path)
{
	struct stat st;
	bool in = strcmp(path, "-") == 0, ok;
	char *t = NULL;
	int fd;

	if (!fonts.own)
		return;
	/* standard input scanned too when it is a file (refcard-render <
	 * FILE), from its start; a pipe cannot be read twice */
	if (in)
		fd = STDIN_FILENO;
	else if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		fd = open(path, O_RDONLY | O_CLOEXEC);
	else
		fd = -1;
	ok = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (t = malloc((size_t)st.st_size + 1)) != NULL &&
	    read_start(fd, t, (size_t)st.st_size);
	if (ok) {
		t[st.st_size] = '\0';
		ok = text_covered(t, (size_t)st.st_size);
	}
	free(t);
	if (!in && fd >= 0)
		close(fd);
	if (!ok)
		to_system();
}

void
ownfont_need(PangoContext *cx, const char *m)
{
	PangoFontMap *fm;

	if (fonts.own && !covered((const unsigned char *)m))
		to_system();
	fm = pango_cairo_font_map_get_default();
	if (pango_context_get_font_map(cx) != fm)
		pango_context_set_font_map(cx, fm);
}
