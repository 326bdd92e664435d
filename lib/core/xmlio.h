/* xmlio: libxml2 with the safe options: no network, no DTD, no entity
 * substitution, DOCTYPE rejected, no silent gunzip, big line numbers;
 * libxml2's errors reported in our diagnostic format. */
#ifndef BELLIS_XMLIO_H
#define BELLIS_XMLIO_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/HTMLparser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>

#include "core/input.h"

struct xmlio_facets;

#define XMLIO_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES | \
    XML_PARSE_NOCDATA)
/* The most attributes of one element read from a file or stream (every
 * schema allows far fewer): more end the input with an error. */
#define XMLIO_MAX_ATTRS 64

/* Once in main, before any other libxml2 call: our allocators (out of
 * memory is status 4, as everywhere), parser init, refusing entity
 * loader, error routing.  xmlio_cleanup frees the cached schemas too. */
void xmlio_init(void);
void xmlio_cleanup(void);

/* A streaming reader over an opened input (the bytes already peeked
 * included), file name for messages from in->name. */
xmlTextReaderPtr xmlio_reader(struct input *in);
/* xmlTextReaderRead that also rejects a DOCTYPE (error reported, -1). */
int xmlio_read(xmlTextReaderPtr r, const char *file);
/* The next element of the stream: 1, or 0 at the end, -1 on an error.
 * Blank and text nodes at depth hintdepth or less on the way leave
 * their line in *hint (for xmlio_node_line). */
int xmlio_next_element(xmlTextReaderPtr r, const char *file, int hintdepth,
    long *hint);
/* Line of the reader's current node. */
long xmlio_line(xmlTextReaderPtr r);
/* Has the validating reader's schema stopped checking (an element or
 * text where none may be: libxml2's streaming validator does not find
 * its way back)?  What it would have said is then ours to say. */
bool xmlio_reader_lost(void);

/* A document read through libxml2's push parser (with XMLIO_OPTIONS and
 * the scan of XMLIO_MAX_ATTRS) and its SAX2 callbacks, for a reader
 * that can read the input again with xmlio_reader: anything unusual
 * stops it, unsaid (a message of libxml2 or any diagnostic meanwhile, a
 * DOCTYPE, an entity reference, too many attributes).  start: an
 * element (local name and namespace interned in the parser's
 * dictionary; attrs: nattrs times local name, prefix, namespace, value,
 * end of value, a value as libxml2 hands it: an '&' of it as "&#38;"),
 * line: the parser's line at its start tag's end, as libxml2 gives an
 * element; end: its end; text: character data, in pieces. */
struct xmlio_push_cb {
	void (*start)(void *ud, const xmlChar *name, const xmlChar *uri,
	    int nattrs, const xmlChar **attrs, long line);
	void (*end)(void *ud);
	void (*text)(void *ud, const char *s, size_t n);
	void *ud;
};
struct xmlio_push;
/* The bytes read and parsed at each step. */
#define XMLIO_PUSH_CHUNK 65536
/* NULL when libxml2 fails, or when the input is not for it (a run of
 * leading blank lines dropped: xmlio_reader counts them). */
struct xmlio_push *xmlio_push_new(struct input *in,
    const struct xmlio_push_cb *cb);
/* name interned in the parser's dictionary: compare names by address. */
const xmlChar *xmlio_push_name(struct xmlio_push *p, const char *name);
/* Read and parse the next piece: 1 more to come, 0 the document ended
 * and all is well, -1 stopped (then for good). */
int xmlio_push_step(struct xmlio_push *p);
/* Where the parser stands in the document (as libxml2 counts it). */
long long xmlio_push_offset(const struct xmlio_push *p);
/* Stop the parser from a callback (xmlio_push_step answers -1). */
void xmlio_push_stop(struct xmlio_push *p);
void xmlio_push_free(struct xmlio_push *p);

/* Parse trusted, embedded XML (rules data) into a tree; NULL on error
 * (reported against name). */
xmlDocPtr xmlio_parse_mem(const char *buf, size_t len, const char *name);
/* Parse an XML file given by the user (--rules=FILE) into a tree, with
 * the safe options and DOCTYPE rejected; NULL on error (reported). */
xmlDocPtr xmlio_parse_file(const char *path);

/* An HTML page parsed piece by piece (libxml2's push parser, tag soup
 * tolerated, nothing reported): the events of the tree libxml2 would
 * build, in document order, without keeping the tree.  start: an
 * element's start tag (name in lower case, the line the parser stands
 * on); end: its end, auto-closed ones too; text: character data (not the
 * blanks libxml2 drops between elements, nor the content of <script>,
 * <style> or comments), in pieces of whole characters. */
struct xmlio_html_cb {
	void (*start)(void *ud, const char *name, long line);
	void (*end)(void *ud, const char *name);
	/* line: the page's line at the text's end */
	void (*text)(void *ud, const char *s, size_t n, long line);
	void *ud;
	/* after start: the element had more than XMLIO_MAX_ATTRS
	 * attributes, the rest cut (reported, html-too-many-attributes);
	 * NULL: nothing more to do */
	void (*cut)(void *ud);
};
struct xmlio_html;
/* A parser for the page name (for messages) in encoding (UTF-8,
 * windows-1252 or a charset htmldec_known takes; NULL: UTF-8): the page
 * is decoded to UTF-8 before libxml2 reads it (core/htmldec.h), a byte
 * not valid in it read as U+FFFD (html-charset-bytes, once); NULL when
 * libxml2 or iconv fails. */
struct xmlio_html *xmlio_html_new(const char *name, const char *encoding,
    const struct xmlio_html_cb *cb);
/* The most of a page libxml2 may hold unparsed (a run of text without
 * markup, a comment, a tag): past it the page ends there (html-held). */
#define XMLIO_HTML_HELD ((long)1 << 20)
/* The next len bytes of the page, end true with the final piece (len
 * may be 0).  Callbacks run from here. */
void xmlio_html_push(struct xmlio_html *h, const char *buf, size_t len,
    bool end);
/* Free the parser: true when the page held an element (a page without
 * one is not HTML to read). */
bool xmlio_html_free(struct xmlio_html *h);

/* An embedded RELAX NG schema, compiled on first use and cached by the
 * address buf until xmlio_cleanup: callers never free it.  NULL when it
 * does not compile (reported, status 4).  Its pattern facets that a C
 * check stands for are taken out (core/xmliofacet.h): validate with
 * xmlio_reader_schema or xmlio_validate_doc, which run those checks. */
xmlRelaxNGPtr xmlio_schema(const unsigned char *buf, size_t len,
    const char *name);
/* The facets taken out of s (NULL: not one of xmlio_schema's). */
const struct xmlio_facets *xmlio_schema_facets(xmlRelaxNGPtr s);
/* Validate the reader's document with s while reading (nothing when s
 * is NULL): xmlio_read, xmlio_next and xmlio_expand check the values
 * of the facets taken out of s on the elements they come to, reported
 * as the schema reports, at the element's line. */
void xmlio_reader_schema(xmlTextReaderPtr r, xmlRelaxNGPtr s);
/* xmlTextReaderNext and xmlTextReaderExpand with those checks (of the
 * element reached; of the elements below the one expanded). */
int xmlio_next(xmlTextReaderPtr r, const char *file);
xmlNodePtr xmlio_expand(xmlTextReaderPtr r, const char *file);
/* Validate a parsed document with s and the C checks of its facets:
 * 0 valid, more when not (the errors reported when report), -1 when
 * the validation could not run. */
int xmlio_validate_doc(xmlRelaxNGPtr s, xmlDocPtr doc, bool report);

/* An element's line: past 65535 libxml2 answers with 65535 or with the
 * line of the text after the element; hint is the line of the blank text
 * read just before it, which ends on the element's line. */
long xmlio_node_line(xmlNodePtr n, long hint);
/* Whether attribute name of el is one of known (NULL-terminated) or of
 * flag(0 .. nflags-1) (flag may be NULL with nflags 0); an unknown one
 * is reported with the nearest of the flags and known. */
bool xmlio_attr_known(const char *name, const char *el, long line,
    const char *const *known, const char *(*flag)(int), int nflags);
/* Every attribute of n checked so; -1 when one is unknown. */
int xmlio_attrs_known(xmlNodePtr n, const char *el, long line,
    const char *const *known);
/* A whole number attribute within [min, max]: 1 with *out set, 0 when
 * absent (*out untouched), -1 when it is not such a number, reported
 * in the current input at line (0: the element's) as "invalid value
 * 'V' for 'NAME' (MIN-MAX)", or "invalid WHAT 'V' (MIN-MAX)" when what
 * is not NULL.  Never a silent default. */
int xmlio_attr_long(xmlNodePtr n, const char *name, const char *what,
    long line, long min, long max, long *out);
/* Its diagnostic, for a reader that must hold it back (armylist XML:
 * until the schema has spoken on the element). */
void xmlio_bad_number(const char *name, const char *what, const char *v,
    long line, long min, long max);

/* The value v (NULL: none) of attribute name of element el (NULL: the
 * name's own type) as our schemas read it, in place: the blanks of a
 * token or a number collapsed (" dba1 " is dba1, as RELAX NG compares
 * it); an attribute they type as a string (a name, a note, the text of
 * a list; a column of a <note>, not of a <move>) as written.  Returns
 * v. */
char *xmlio_value(const char *el, const char *name, char *v);
/* Attribute value as a new string (xmlFree it), NULL when absent; as
 * xmlio_value reads it. */
char *xmlio_attr(xmlNodePtr n, const char *name);
/* Element's text content without entity expansion. */
char *xmlio_text(xmlNodePtr n);

#endif
