/* readin: what the combat and move readers share: names by index, the
 * end column of a line, the lines they read. */
#ifndef BELLIS_READIN_H
#define BELLIS_READIN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/input.h"
#include "core/tok.h"
#include "core/xmlio.h"

/* The i in [0, count) whose name(i) is s[0..n) in any case, or -1. */
int readin_index(const char *s, size_t n, const char *(*name)(int),
    int count);
/* The column just after the last token (1 on a blank line). */
long readin_end_col(const struct toks *tk);
/* The next line that is valid UTF-8 without NUL bytes; the others are
 * reported and skipped.  False at the end. */
bool readin_line(struct input *in, const char **line, size_t *len);
/* The line an XML record stands for: its line attribute (the line of the
 * input its writer read it from), else line, its place in the XML (*out
 * line then); -1 after reporting a bad attribute at line. */
int readin_xml_line(xmlNodePtr n, long line, long *out);

#endif
