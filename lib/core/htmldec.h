/* htmldec: the bytes of an HTML page decoded to UTF-8 before libxml2
 * reads them, in pieces: UTF-8 checked, windows-1252 by its table (the
 * five bytes it has no character for are U+0081, U+008D, U+008F, U+0090
 * and U+009D, as browsers read them), any other charset through iconv.
 * A byte that is not valid in the charset becomes U+FFFD. */
#ifndef BELLIS_HTMLDEC_H
#define BELLIS_HTMLDEC_H

#include <stdbool.h>
#include <stddef.h>

#include "core/str.h"

struct htmldec {
	int kind;               /* UTF-8, windows-1252 or iconv */
	void *cd;               /* iconv_t, for iconv */
	char carry[16];         /* an unfinished character's bytes */
	size_t ncarry;
	long line;              /* of the output so far, from 1 */
	long bad;               /* bytes replaced by U+FFFD */
	long bad_line;          /* the line of the first */
};

/* Whether charset is one iconv can decode to UTF-8 and whose ASCII is
 * ASCII (the markup of the page must read as ASCII). */
bool htmldec_known(const char *charset);
/* Start decoding charset (UTF-8, windows-1252 or one htmldec_known
 * takes): 0, or -1 when iconv cannot. */
int htmldec_open(struct htmldec *d, const char *charset);
/* Append buf[0..n) decoded to out; end: the last piece (an unfinished
 * character at the end becomes U+FFFD). */
void htmldec_run(struct htmldec *d, const char *buf, size_t n, bool end,
    struct sbuf *out);
void htmldec_close(struct htmldec *d);
/* Append s[0..n) read as windows-1252 to out in UTF-8; its five holes
 * as the C1 controls of their number when c1, else as U+FFFD. */
void htmldec_cp1252(struct sbuf *out, const char *s, size_t n, bool c1);

#endif
