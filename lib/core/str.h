/* str: growable buffers, UTF-8 checks, folding for name lookup, edit distance. */
#ifndef BELLIS_STR_H
#define BELLIS_STR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sbuf {
	char *s;          /* always NUL-terminated once anything was added */
	size_t len, cap;
};

void sbuf_add(struct sbuf *b, const char *s, size_t n);
void sbuf_adds(struct sbuf *b, const char *s);
void sbuf_addc(struct sbuf *b, char c);
/* Room for n more bytes and a NUL after the contents: the place to
 * write them, b->s + b->len (the writer moves b->len on itself). */
char *sbuf_room(struct sbuf *b, size_t n);
void sbuf_printf(struct sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
void sbuf_reset(struct sbuf *b);
void sbuf_free(struct sbuf *b);
/* The contents ("" when empty); valid until the next change. */
const char *sbuf_str(const struct sbuf *b);

bool utf8_valid(const char *s, size_t n);
/* Length in bytes of the UTF-8 sequence at s (1 for an invalid byte). */
size_t utf8_seqlen(const char *s, size_t n);
/* Copy s to b, replacing invalid UTF-8 by U+FFFD and control bytes
 * other than tab and newline by a blank. */
void utf8_sanitize(struct sbuf *b, const char *s, size_t n);

/* s[0..*n) with each space of Unicode but the blank (no-break, en,
 * em, thin, narrow no-break, ideographic: the separators of class Zs
 * but U+1680) as one blank: s itself when it has none, else the text in
 * b (*n its length). */
const char *utf8_blanks(struct sbuf *b, const char *s, size_t *n);
/* The length in bytes of such a space at s[0..n), else 0. */
size_t utf8_blank_len(const char *s, size_t n);

/* Fold a name for lookup: ASCII and Cyrillic lower case, ä→ae, ö→oe,
 * ü→ue, ß→ss, ё→е, no-break space and runs of blanks to one blank,
 * leading/trailing blanks dropped.  Result in b (reset first). */
void str_fold(struct sbuf *b, const char *s, size_t n);
/* Lower case without the locale: ASCII, Latin-1 (À-Þ but ×), Cyrillic
 * (А-Я, Ё); every other byte is copied as it is, so a regular
 * expression keeps its meaning.  b holds a NUL-terminated string. */
void str_lower(struct sbuf *b, const char *s);
/* Levenshtein distance on code points, capped at max+1 (of the first
 * 64 of each). */
int str_editdist(const char *a, const char *b, int max);
/* The same of code points a[0..na) and b[0..nb), nb at most 64. */
int str_editdist_cp(const uint32_t *a, int na, const uint32_t *b, int nb,
    int max);
/* The code points of s as str_editdist reads them (a byte that is no
 * UTF-8 for itself), at most max; returns their count. */
int str_codepoints(const char *s, uint32_t *cp, int max);
bool str_ieq(const char *a, size_t alen, const char *b);
/* The decimal form of v at dst (a '-' first when negative), without a
 * NUL: as printf's %ld writes it.  Returns its length, at most
 * STR_LONG_MAX. */
#define STR_LONG_MAX 20
size_t str_putl(char *dst, long v);
/* XML Schema's whitespace collapse, in place: runs of space, tab, CR
 * and LF to one space, none at either end (a token's value).  Returns
 * the new length. */
size_t str_collapse(char *s);
/* Trim ASCII blanks and no-break spaces from both ends. */
void str_trim(const char **s, size_t *n);
bool str_blank(const char *s, size_t n);
/* True when s is one of the NULL-terminated list. */
bool str_in(const char *s, const char *const *list);

#endif
