/* xmliowords: libxml2's messages in our words (core/xmlio.c routes
 * them here before they are reported). */
#ifndef BELLIS_XMLIOWORDS_H
#define BELLIS_XMLIOWORDS_H

#include <libxml/xmlerror.h>

struct sbuf;

/* m, libxml2's message of e, rewritten where it names a parser option
 * the user cannot set, says a limit in libxml2's terms, names elements
 * and attributes of the schema as words, or names a fault after
 * another; element: the element of a schema error, "" when not known. */
void xmlio_our_words(struct sbuf *m, const xmlError *e, const char *element);

#endif
