/* libxml2's messages in our words: the schema's, the streaming
 * reader's two misnamed faults, its limits. */
#include <stdio.h>
#include <string.h>

#include <libxml/parser.h>

#include "core/str.h"
#include "core/xmliowords.h"

/* The schema's messages in our words: the names of elements and
 * attributes set apart ("element element failed ..." read as a typo). */
static bool
schema_words(struct sbuf *m, const char *element)
{
	char a[128], b[128];
	const char *s = sbuf_str(m);
	struct sbuf t = {0};
	int k = 0;      /* sscanf counts conversions only: the words after
	                   the last one are matched by %n */

	if (sscanf(s, "Element %127s failed to validate attributes%n", a,
	    &k) == 1 && s[k] == '\0' && k > 0)
		sbuf_printf(&t, "an attribute of <%s> is not valid", a);
	else if (sscanf(s, "Element %127s failed to validate content%n", a,
	    &k) == 1 && s[k] == '\0' && k > 0)
		sbuf_printf(&t, "the content of <%s> is not valid", a);
	else if (sscanf(s, "Invalid attribute %127s for element %127s", a,
	    b) == 2)
		sbuf_printf(&t, "attribute '%s' of <%s> is not valid", a, b);
	else if (sscanf(s, "Did not expect element %127s there%n", a, &k) ==
	    1 && s[k] == '\0' && k > 0)
		sbuf_printf(&t, "element <%s> is not expected there", a);
	else if (strcmp(s, "Expecting an element , got nothing") == 0)
		sbuf_printf(&t, *element != '\0' ? "<%s> lacks an "
		    "element it must hold" : "%san element is missing",
		    element);
	else if (strcmp(s, "Did not expect text in element  TODO  content") ==
	    0)
		/* the streaming validator's, which knows no element */
		sbuf_adds(&t, "text is not expected there");
	else if (sscanf(s, "Expecting element %127[^,], got %127s", a, b) ==
	    2)
		sbuf_printf(&t, "expected element <%s>, found <%s>", a, b);
	else
		return false;
	sbuf_reset(m);
	sbuf_adds(m, sbuf_str(&t));
	sbuf_free(&t);
	return true;
}

/* The streaming reader's push parser names two common faults after
 * others: a file cut short is "extra content at the end" (it only knows
 * the data ended before the root element did), a file that does not
 * start with '<' is "document is empty".  Said as the whole-document
 * parser says them, told apart by the state the parser is in and what
 * it has left unread; its "extra content" after the root element
 * stays. */
static bool
reader_words(struct sbuf *m, const xmlError *e)
{
	const xmlParserCtxt *c = e->ctxt;
	const xmlChar *p;

	if (c == NULL || e->domain != XML_FROM_PARSER)
		return false;
	if (e->code == XML_ERR_DOCUMENT_EMPTY &&
	    c->instate == XML_PARSER_START_TAG) {
		sbuf_reset(m);
		sbuf_adds(m, "start tag expected, '<' not found");
		return true;
	}
	/* past the root element: there is more */
	if (e->code != XML_ERR_DOCUMENT_END ||
	    c->instate == XML_PARSER_EPILOG)
		return false;
	sbuf_reset(m);
	if (c->nameNr > 0 && c->name != NULL) {
		sbuf_printf(m, "premature end of data inside <%s>",
		    (const char *)c->name);
		return true;
	}
	/* no element yet: what the parser holds back (a start cut short,
	 * a few bytes it has not looked at) says which */
	p = c->input != NULL ? c->input->cur : NULL;
	while (p != NULL && p < c->input->end && (*p == ' ' || *p == '\t' ||
	    *p == '\n' || *p == '\r'))
		p++;
	if (p != NULL && p < c->input->end)
		sbuf_adds(m, *p == '<' ? "premature end of data" :
		    "start tag expected, '<' not found");
	else if (c->input != NULL && c->input->cur > c->input->base)
		sbuf_adds(m, "start tag expected, '<' not found");
	else
		sbuf_adds(m, "document is empty");
	return true;
}

void
xmlio_our_words(struct sbuf *m, const xmlError *e, const char *element)
{
	static const char huge[] = " use XML_PARSE_HUGE option";
	const char *p;
	long depth;

	if (schema_words(m, element))
		return;
	if (reader_words(m, e))
		return;
	if (sscanf(sbuf_str(m), "Excessive depth in document: %ld",
	    &depth) == 1) {
		sbuf_reset(m);
		sbuf_printf(m, "elements nested more than %ld deep (the "
		    "most this tool reads)", depth);
	} else if (strcmp(sbuf_str(m), "xmlSAX2Characters: huge text node")
	    == 0) {
		sbuf_reset(m);
		sbuf_adds(m, "a text of more than 10000000 bytes (the most "
		    "this tool reads)");
	} else if (sscanf(sbuf_str(m), "xmlParseElementChildrenContentDecl "
	    ": depth %ld too deep", &depth) == 1) {
		sbuf_reset(m);
		sbuf_printf(m, "DOCTYPE not allowed (and its declarations "
		    "nested more than %ld deep)", depth - 1);
	} else if (strcmp(sbuf_str(m), "internal error: Huge input lookup")
	    == 0) {
		/* a name, an attribute value, a comment ... past the limit */
		sbuf_reset(m);
		sbuf_adds(m, "a token of more than 10000000 bytes (the most "
		    "this tool reads)");
	} else if ((p = strstr(sbuf_str(m), huge)) != NULL) {
		m->len = (size_t)(p - m->s);
		m->s[m->len] = '\0';
	}
}
