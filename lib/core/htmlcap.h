/* htmlcap: the bytes of an HTML page on their way to libxml2, with the
 * attributes of a start tag past the cap cut out.  libxml2's HTML
 * start-tag parser compares each attribute with all before it (quadratic
 * time: 80,000 attributes took 90 s); a tag past the cap keeps its first
 * ones and a marker attribute, HTMLCAP_MARK, in place of the rest.  The
 * page must be in an encoding whose '<', '>', '=', quotes and blanks are
 * those of ASCII (UTF-8, a single-byte charset). */
#ifndef BELLIS_HTMLCAP_H
#define BELLIS_HTMLCAP_H

#include <stddef.h>

#include "core/str.h"

/* The attribute a cut tag ends with. */
#define HTMLCAP_MARK "bellis-attributes-cut"

struct htmlcap {
	int st;                 /* where in the markup (htmlcap.c) */
	char quote;             /* of the quoted value open */
	int nattr;              /* attributes of the tag so far */
	int namelen;            /* of the tag name, up to sizeof name */
	char name[8];           /* its first bytes, lower case */
	int run;                /* '-' in a row (comment), bytes of the end
	                         * tag matched (script, style) */
	const char *raw;        /* script or style: the end tag awaited */
};

/* Append buf[0..n) to out, a tag's attributes past max cut as said
 * above; state in s (zeroed at the start of a page). */
void htmlcap_filter(struct htmlcap *s, int max, const char *buf, size_t n,
    struct sbuf *out);

#endif
