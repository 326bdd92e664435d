/* libxml2 glue: safe parsing and error routing. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "core/diag.h"
#include "core/htmlcap.h"
#include "core/htmldec.h"
#include "core/num.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmliofacet.h"
#include "core/xmliowords.h"

static const char *cur_xml_file = "-";
/* Lines of the reader's file before what libxml2 is given: a run of
 * leading blank lines (input_first_byte dropped them) is passed as one
 * line end, as libxml2 would keep the whole run of the prolog in its
 * buffer; the lines it reports are moved on by this many. */
static long line_base;
static const char no_dtd[] = " (no DTDs or entities are read)";
static int entity_refused;

/* The compiled schemas, by the address of their source, with the
 * pattern facets taken out of them (checked in C). */
static struct schema {
	const unsigned char *src;
	xmlRelaxNGPtr s;
	struct xmlio_facets f;
} *schemas;
static size_t nschemas, capschemas;
/* The facets of the schema the current reader validates with. */
static const struct xmlio_facets *cur_facets;

/* The bytes on their way to libxml2, scanned for start tags with more
 * than XMLIO_MAX_ATTRS attributes (libxml2 takes quadratic time over
 * them): such input ends there with one error, libxml2's own errors
 * about the cut are not shown. */
static struct attrscan {
	enum { SC_TEXT, SC_LT, SC_BANG, SC_BANG2, SC_TAG, SC_QUOTE, SC_SKIP,
	    SC_COMMENT, SC_CDATA } st;
	char quote;
	int nattr, run;            /* '=' in the tag; '-' or ']' in a row */
	long line;
	long doctype;              /* line of the first "<!D", 0 none */
	bool refused;
} scan;

/* The last libxml2 error shown: the same again at the same place (an
 * entity loop is reported at each reference) is left out. */
static struct {
	char *file, *msg;
	long line, col;
} last;

static void scan_tables(void);
/* The push parser at work (xmlio_push_step): libxml2's messages stop it,
 * unsaid. */
static struct xmlio_push *push_cur;
static void push_halt(struct xmlio_push *p);

static xmlParserInputPtr
deny_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)id;
	(void)ctxt;
	entity_refused = 1;
	DIAG_AT(EXTERNAL_ENTITY, cur_xml_file, 0, 0,
	    url != NULL ? url : "?");
	return NULL;
}

/* The streaming reader at work: the node of its schema errors may be one
 * it has freed already. */
static xmlTextReaderPtr in_reader;

/*
 * libxml2 2.9.14's RELAX NG validator keeps the last element it was
 * given (its pnode) and raises a later error at it (an element's end,
 * text where none may be) when it has nothing better, but the streaming
 * reader frees each node once it has passed it: the error read freed
 * memory (valgrind, ASan). So while a reader validates, the element it
 * last came to and the elements above it stay: they carry the reader's
 * own "preserved" mark, which keeps it from freeing them, and once the
 * reader has come to an element outside them they are freed here. At
 * most one chain of elements is held (libxml2 nests at most 256 deep).
 */
#define READER_PRESERVED 0x2    /* NODE_IS_PRESERVED of xmlreader.c */

static struct {
	xmlTextReaderPtr r;     /* the validating reader */
	xmlNodePtr kept;        /* the element it last came to */
	bool lost;              /* its validator lost its way */
	long line;              /* its line, past 65535 the parser's then */
} held;

/* The element of a schema error, "" when libxml2 does not say; of the
 * reader's, only the node it stands on or one above it (nodes it still
 * holds: their pointers are compared before one is read). */
static const char *
error_element(const xmlError *e)
{
	xmlNodePtr n = e->node, c = NULL;

	if (in_reader != NULL)
		for (c = xmlTextReaderCurrentNode(in_reader); c != NULL &&
		    c != n; c = c->parent)
			;
	return (in_reader == NULL || c != NULL) && n != NULL &&
	    n->type == XML_ELEMENT_NODE && n->name != NULL ?
	    (const char *)n->name : "";
}


/* Of an HTML page, what browsers pass over without a word and without
 * losing any text: an element they do not know (HTML5's nav, section,
 * main ... to libxml2's HTML 4 parser), an end tag that closes nothing
 * or closes others, a misplaced html, body or DOCTYPE, an attribute
 * given twice, an '&' that starts no entity, an id given twice.  Text lost to a broken tag
 * or comment is still said. */
static bool
html_soup(const xmlError *e)
{
	const xmlParserCtxt *c = e->ctxt;

	/* <a id="top" name="top">: libxml2 takes both for IDs */
	if (e->domain == XML_FROM_VALID && e->code == XML_DTD_ID_REDEFINED &&
	    c != NULL && c->html)
		return true;
	if (e->domain != XML_FROM_HTML)
		return false;
	switch (e->code) {
	case XML_HTML_UNKNOWN_TAG:
	case XML_HTML_STRUCURE_ERROR:
	case XML_ERR_TAG_NAME_MISMATCH:
	case XML_ERR_ATTRIBUTE_REDEFINED:
	case XML_ERR_ENTITYREF_SEMICOL_MISSING:
	case XML_ERR_NAME_REQUIRED:
		return true;
	default:
		return false;
	}
}

/* libxml2's streaming validator does not find its way back after an
 * element or text where none may be: every element after it, to the end
 * of the document, is "not expected there".  Its first such error is
 * said, with what it means; its later ones are noise, unsaid (the
 * reader's own checks and ours go on). */
static bool
lost_way(xmlErrorPtr e)
{
	if (e->domain != XML_FROM_RELAXNGV || held.r == NULL ||
	    in_reader != held.r)
		return false;
	if (held.lost)
		return true;
	held.lost = e->code == XML_RELAXNG_ERR_ELEMWRONG ||
	    e->code == XML_RELAXNG_ERR_TEXTWRONG;
	return false;
}

static void
xml_error(void *ud, xmlErrorPtr e)
{
	struct sbuf m = {0};
	const char *file;
	size_t n, i;

	(void)ud;
	if (push_cur != NULL) {
		push_halt(push_cur);
		return;
	}
	if (e == NULL || e->level == XML_ERR_NONE || scan.refused ||
	    html_soup(e) || lost_way(e))
		return;
	file = e->file != NULL ? e->file : cur_xml_file;
	/* past 65535 libxml2 takes an element's line from the text around
	 * it, which the reader has freed: where the reader came to it */
	if (in_reader != NULL && e->line == 65535 && e->node != NULL)
		e->line = (int)(e->node == held.kept ? held.line :
		    xmlTextReaderGetParserLineNumber(in_reader));
	if (e->line > 0 && strcmp(file, cur_xml_file) == 0)
		e->line += (int)line_base;
	sbuf_adds(&m, e->message != NULL ? e->message : "XML error");
	n = m.len;
	while (n > 0 && (m.s[n - 1] == '\n' || m.s[n - 1] == ' '))
		m.s[--n] = '\0';
	m.len = n;
	/* "Error validating datatype X" after "Type X doesn't allow value
	 * 'v'" at the same place says it again */
	if (strncmp(m.s, "Error validating datatype ", 26) == 0 &&
	    last.msg != NULL && strncmp(last.msg, "Type ", 5) == 0 &&
	    last.line == e->line && strcmp(last.file, file) == 0) {
		sbuf_free(&m);
		return;
	}
	xmlio_our_words(&m, e, e->domain == XML_FROM_RELAXNGV ?
	    error_element(e) : "");
	/* held.lost: held.r is the reader that lost its way */
	if (held.lost && in_reader == held.r &&
	    e->domain == XML_FROM_RELAXNGV)
		sbuf_adds(&m, " (the schema checks no more of the document's "
		    "structure past it)");
	n = m.len;
	/* one line: "indicate encoding !\nBytes: 0xFF" joined with " " */
	for (i = 0; i < n; i++)
		if (m.s[i] == '\n')
			m.s[i] = ' ';
	if (last.msg != NULL && strcmp(last.msg, m.s) == 0 &&
	    strcmp(last.file, file) == 0 && last.line == e->line &&
	    last.col == e->int2) {
		sbuf_free(&m);
		return;
	}
	free(last.msg);
	free(last.file);
	last.msg = xstrdup(m.s);
	last.file = xstrdup(file);
	last.line = e->line;
	last.col = e->int2;
	/* lower-case the first letter, as all our messages are */
	if (n > 0 && m.s[0] >= 'A' && m.s[0] <= 'Z' &&
	    !(n > 1 && m.s[1] >= 'A' && m.s[1] <= 'Z'))
		m.s[0] = (char)(m.s[0] + 32);
	if (e->level == XML_ERR_WARNING)
		DIAG_AT(XML_WARNING, file, e->line, e->int2, sbuf_str(&m));
	else
		DIAG_AT(XML, file, e->line, e->int2, sbuf_str(&m));
	sbuf_free(&m);
}

void
xmlio_init(void)
{
	/* before any other libxml2 call: its out-of-memory path is ours
	 * (message, status 4), as everywhere else */
	xmlMemSetup(free, xmalloc, xrealloc, xstrdup);
	xmlInitParser();
	xmlSetExternalEntityLoader(deny_loader);
	xmlSetStructuredErrorFunc(NULL, xml_error);
	xmlSetGenericErrorFunc(NULL, NULL);
	scan_tables();
}

void
xmlio_cleanup(void)
{
	size_t i;

	for (i = 0; i < nschemas; i++) {
		xmlRelaxNGFree(schemas[i].s);
		xmlio_facets_free(&schemas[i].f);
	}
	free(schemas);
	schemas = NULL;
	nschemas = capschemas = 0;
	free(last.msg);
	free(last.file);
	last.msg = last.file = NULL;
	xmlCleanupParser();
}


static void
scan_reset(void)
{
	memset(&scan, 0, sizeof scan);
	scan.line = 1;
}

/* The bytes that matter in a state where most bytes do not: text
 * (<), a tag (quotes, = and >), a quoted value (its quote), an end tag
 * or declaration (>); and line ends everywhere.  Runs of other bytes are passed over by a table. */
static unsigned char stop_text[256], stop_tag[256], stop_dq[256],
    stop_sq[256], stop_skip[256];

static void
scan_tables(void)
{
	stop_text['\n'] = stop_tag['\n'] = stop_dq['\n'] = stop_sq['\n'] =
	    stop_skip['\n'] = 1;
	stop_skip['>'] = 1;
	stop_text['<'] = 1;
	stop_tag['"'] = stop_tag['\''] = stop_tag['='] = stop_tag['>'] = 1;
	stop_dq['"'] = 1;
	stop_sq['\''] = 1;
}

/* Scan buf; false when a start tag has too many attributes. */
static bool
scan_bytes(const char *buf, long n)
{
	const unsigned char *stop;
	long i;
	char c;

	for (i = 0; i < n; i++) {
		stop = scan.st == SC_TEXT ? stop_text : scan.st == SC_TAG ?
		    stop_tag : scan.st == SC_SKIP ? stop_skip :
		    scan.st != SC_QUOTE ? NULL : scan.quote == '"' ? stop_dq :
		    stop_sq;
		if (stop != NULL) {
			while (i < n && !stop[(unsigned char)buf[i]])
				i++;
			if (i == n)
				break;
		}
		c = buf[i];
		if (c == '\n')
			scan.line++;
		switch (scan.st) {
		case SC_TEXT:
			if (c == '<')
				scan.st = SC_LT;
			break;
		case SC_LT:
			scan.nattr = 0;
			scan.st = c == '!' ? SC_BANG : c == '?' || c == '/' ?
			    SC_SKIP : SC_TAG;
			break;
		case SC_BANG:
			if (c == 'D' && scan.doctype == 0)
				scan.doctype = scan.line;
			scan.run = 0;
			scan.st = c == '-' ? SC_BANG2 : c == '[' ? SC_CDATA :
			    SC_SKIP;
			break;
		case SC_BANG2:
			scan.st = c == '-' ? SC_COMMENT : SC_SKIP;
			break;
		case SC_COMMENT:
		case SC_CDATA:
			if (c == '>' && scan.run >= 2)
				scan.st = SC_TEXT;
			scan.run = c == (scan.st == SC_CDATA ? ']' : '-') ?
			    scan.run + 1 : 0;
			break;
		case SC_TAG:
			if (c == '"' || c == '\'') {
				scan.quote = c;
				scan.st = SC_QUOTE;
			} else if (c == '>')
				scan.st = SC_TEXT;
			else if (c == '=' && ++scan.nattr > XMLIO_MAX_ATTRS) {
				DIAG_AT(XML_TOO_MANY_ATTRS, cur_xml_file,
				    scan.line, 0, XMLIO_MAX_ATTRS);
				return false;
			}
			break;
		case SC_QUOTE:
			if (c == scan.quote)
				scan.st = SC_TAG;
			break;
		case SC_SKIP:
			if (c == '>')
				scan.st = SC_TEXT;
			break;
		}
	}
	return true;
}

static int
read_cb(void *ctx, char *buf, int len)
{
	long r;

	if (scan.refused)
		return 0;
	r = input_read(ctx, buf, (size_t)len);
	if (r > 0 && !scan_bytes(buf, r)) {
		scan.refused = true;
		return 0;
	}
	return (int)r;
}

static int
close_cb(void *ctx)
{
	(void)ctx;
	return 0;
}

xmlTextReaderPtr
xmlio_reader(struct input *in)
{
	xmlTextReaderPtr r;

	cur_xml_file = in->name;
	cur_facets = NULL;
	line_base = 0;
	if (in->skipped > 1 && in->skipped - 1 < INT_MAX / 2) {
		line_base = (long)in->skipped - 1;
		in->skipped = 1;
	}
	scan_reset();
	scan.line += line_base;
	held.r = NULL;
	held.kept = NULL;
	held.lost = false;
	r = xmlReaderForIO(read_cb, close_cb, in, in->name, NULL,
	    XMLIO_OPTIONS);
	if (r == NULL)
		DIAG(XML_READER, 0, 0);
	return r;
}

/* The C checks of the element the reader has come to, at the line the
 * schema reports an element's errors at (past 65535, libxml2's: where
 * the text after it starts). */
static int
facets_here(xmlTextReaderPtr r, const char *file, int rc)
{
	xmlNodePtr n;

	if (rc != 1 || cur_facets == NULL ||
	    xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT)
		return rc;
	n = xmlTextReaderCurrentNode(r);
	(void)xmlio_facets_node(cur_facets, n, file, xmlio_node_line(n, 0),
	    true);
	return rc;
}

static bool
above_or_self(xmlNodePtr a, xmlNodePtr n)
{
	for (; n != NULL; n = n->parent)
		if (n == a)
			return true;
	return false;
}

static void
hold_element(xmlTextReaderPtr r)
{
	xmlNodePtr y, a, top = NULL;

	if (held.r != r ||
	    xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT ||
	    (y = xmlTextReaderCurrentNode(r)) == NULL || y == held.kept)
		return;
	for (a = held.kept; a != NULL && a->type == XML_ELEMENT_NODE &&
	    !above_or_self(a, y); a = a->parent)
		top = a;
	if (top != NULL) {
		xmlUnlinkNode(top);
		xmlFreeNode(top);
	}
	for (a = y; a != NULL && a->type == XML_ELEMENT_NODE; a = a->parent)
		a->extra |= READER_PRESERVED;
	held.kept = y;
	held.line = xmlGetLineNo(y);
	if (held.line == 65535)
		held.line = xmlTextReaderGetParserLineNumber(r);
}

bool
xmlio_reader_lost(void)
{
	return held.lost;
}

static int
reader_step(xmlTextReaderPtr r)
{
	int rc;

	in_reader = r;
	rc = xmlTextReaderRead(r);
	in_reader = NULL;
	if (rc == 1)
		hold_element(r);
	return rc;
}

int
xmlio_read(xmlTextReaderPtr r, const char *file)
{
	int rc;

	rc = reader_step(r);
	if (rc == 1 && xmlTextReaderNodeType(r) ==
	    XML_READER_TYPE_DOCUMENT_TYPE) {
		/* the reader has read ahead: its line is not the DOCTYPE's,
		 * the scan of the bytes has it */
		DIAG_AT(DOCTYPE, file, scan.doctype, 0, no_dtd);
		return -1;
	}
	if (rc == 1 && entity_refused) {
		entity_refused = 0;
		return -1;
	}
	return facets_here(r, file, rc);
}

int
xmlio_next(xmlTextReaderPtr r, const char *file)
{
	int rc;
	xmlNodePtr cur;

	if (held.r != r) {
		in_reader = r;
		rc = xmlTextReaderNext(r);
		in_reader = NULL;
		return facets_here(r, file, rc);
	}
	/* xmlTextReaderNext step by step, each element it comes to held */
	cur = xmlTextReaderCurrentNode(r);
	if (xmlTextReaderNodeType(r) == XML_READER_TYPE_ELEMENT &&
	    !xmlTextReaderIsEmptyElement(r))
		do {
			if ((rc = reader_step(r)) != 1)
				return rc;
		} while (xmlTextReaderCurrentNode(r) != cur);
	return facets_here(r, file, reader_step(r));
}

xmlNodePtr
xmlio_expand(xmlTextReaderPtr r, const char *file)
{
	xmlNodePtr n;

	in_reader = r;
	n = xmlTextReaderExpand(r);
	in_reader = NULL;

	if (n != NULL && cur_facets != NULL)
		(void)xmlio_facets_below(cur_facets, n, file, line_base, true);
	return n;
}

int
xmlio_next_element(xmlTextReaderPtr r, const char *file, int hintdepth,
    long *hint)
{
	int rc, type;

	while ((rc = xmlio_read(r, file)) == 1) {
		type = xmlTextReaderNodeType(r);
		if ((type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE ||
		    type == XML_READER_TYPE_WHITESPACE ||
		    type == XML_READER_TYPE_TEXT) &&
		    xmlTextReaderDepth(r) <= hintdepth)
			*hint = xmlio_line(r);
		if (type == XML_READER_TYPE_ELEMENT)
			return 1;
	}
	return rc;
}

long
xmlio_line(xmlTextReaderPtr r)
{
	xmlNodePtr n = xmlTextReaderCurrentNode(r);
	long l = n != NULL ? xmlGetLineNo(n) : -1;

	/* past 65535 libxml2 keeps an element's line in psvi, which the
	 * RELAX NG validator reuses: fall back to the parser's position */
	if (l > 0 && (l < 65535 || n->type != XML_ELEMENT_NODE))
		return l + line_base;
	l = xmlTextReaderGetParserLineNumber(r);
	return l > 0 ? l + line_base : l;
}

xmlDocPtr
xmlio_parse_mem(const char *buf, size_t len, const char *name)
{
	xmlDocPtr doc;

	cur_xml_file = name;
	doc = xmlReadMemory(buf, (int)len, name, NULL, XMLIO_OPTIONS);
	if (doc != NULL && doc->intSubset != NULL) {
		DIAG_AT(DOCTYPE, name, 1, 0, "");
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

xmlDocPtr
xmlio_parse_file(const char *path)
{
	struct input in;
	xmlParserCtxtPtr ctxt;
	xmlDocPtr doc;

	if (input_open(&in, path) < 0)
		return NULL;
	cur_xml_file = path;
	scan_reset();
	ctxt = xmlNewParserCtxt();
	doc = ctxt == NULL ? NULL : xmlCtxtReadIO(ctxt, read_cb, close_cb,
	    &in, path, NULL, XMLIO_OPTIONS);
	if (doc == NULL && diag_file_errors() == 0)
		DIAG_AT(XML_UNPARSABLE, path, 0, 0, "file");
	if (doc != NULL && (doc->intSubset != NULL || entity_refused)) {
		if (doc->intSubset != NULL)
			DIAG_AT(DOCTYPE, path, scan.doctype, 0, no_dtd);
		entity_refused = 0;
		xmlFreeDoc(doc);
		doc = NULL;
	}
	if (ctxt != NULL)
		xmlFreeParserCtxt(ctxt);
	input_close(&in);
	return doc;
}

/* ---- XML through the push parser's SAX2 callbacks ------------------- */

struct xmlio_push {
	xmlParserCtxtPtr ctxt;
	xmlSAXHandler sax;
	struct input *in;
	struct xmlio_push_cb cb;
	char *buf;
	bool stopped;
};

static void
push_halt(struct xmlio_push *p)
{
	p->stopped = true;
	if (p->ctxt != NULL)
		xmlStopParser(p->ctxt);
}

static void
push_start(void *ud, const xmlChar *local, const xmlChar *prefix,
    const xmlChar *uri, int nns, const xmlChar **ns, int nattrs,
    int ndef, const xmlChar **attrs)
{
	struct xmlio_push *p = ud;

	(void)prefix;
	(void)nns;
	(void)ns;
	if (ndef != 0 || p->stopped) {
		push_halt(p);
		return;
	}
	p->cb.start(p->cb.ud, local, uri, nattrs, attrs,
	    (long)p->ctxt->input->line);
}

static void
push_end(void *ud, const xmlChar *local, const xmlChar *prefix,
    const xmlChar *uri)
{
	struct xmlio_push *p = ud;

	(void)local;
	(void)prefix;
	(void)uri;
	if (!p->stopped)
		p->cb.end(p->cb.ud);
}

static void
push_text(void *ud, const xmlChar *s, int len)
{
	struct xmlio_push *p = ud;

	if (!p->stopped && len > 0)
		p->cb.text(p->cb.ud, (const char *)s, (size_t)len);
}

/* A DOCTYPE, an entity: not for this parser. */
static void
push_subset(void *ud, const xmlChar *name, const xmlChar *id,
    const xmlChar *sys)
{
	(void)name;
	(void)id;
	(void)sys;
	push_halt(ud);
}

static void
push_reference(void *ud, const xmlChar *name)
{
	(void)name;
	push_halt(ud);
}

static void
push_serror(void *ud, xmlErrorPtr e)
{
	(void)e;
	push_halt(ud);
}

struct xmlio_push *
xmlio_push_new(struct input *in, const struct xmlio_push_cb *cb)
{
	struct xmlio_push *p;
	xmlSAXHandler *sax;

	if (in->skipped > 1)
		return NULL;    /* lines moved on: the reader's business */
	p = xcalloc(1, sizeof *p);
	sax = &p->sax;
	sax->initialized = XML_SAX2_MAGIC;
	sax->startElementNs = push_start;
	sax->endElementNs = push_end;
	sax->characters = sax->ignorableWhitespace = sax->cdataBlock =
	    push_text;
	sax->internalSubset = sax->externalSubset = push_subset;
	sax->reference = push_reference;
	sax->serror = push_serror;
	p->in = in;
	p->cb = *cb;
	p->buf = xmalloc(XMLIO_PUSH_CHUNK);
	cur_xml_file = in->name;
	line_base = 0;
	scan_reset();
	return p;
}

/* The parser, made as the reader makes it: the first 4 bytes given to
 * it to tell the encoding by, the options set after. */
static bool
push_ctxt(struct xmlio_push *p, long *n)
{
	int first = *n < 4 ? (int)*n : 4;

	p->ctxt = xmlCreatePushParserCtxt(&p->sax, p, p->buf, first,
	    p->in->name);
	if (p->ctxt == NULL)
		return false;
	xmlCtxtUseOptions(p->ctxt, XMLIO_OPTIONS);
	memmove(p->buf, p->buf + first, (size_t)(*n - first));
	*n -= first;
	return true;
}

const xmlChar *
xmlio_push_name(struct xmlio_push *p, const char *name)
{
	return xmlDictLookup(p->ctxt->dict, (const xmlChar *)name, -1);
}

long long
xmlio_push_offset(const struct xmlio_push *p)
{
	const xmlParserInput *i = p->ctxt->input;

	return i == NULL ? 0 : (long long)i->consumed + (i->cur - i->base);
}

void
xmlio_push_stop(struct xmlio_push *p)
{
	push_halt(p);
}

int
xmlio_push_step(struct xmlio_push *p)
{
	long r = 0;
	int rc;

	if (p->stopped)
		return -1;
	(void)diag_mute(1);
	r = input_read(p->in, p->buf, XMLIO_PUSH_CHUNK);
	if (r > 0 && !scan_bytes(p->buf, r))
		push_halt(p);
	push_cur = p;
	if (r >= 0 && !p->stopped && p->ctxt == NULL && !push_ctxt(p, &r))
		push_halt(p);
	if (r >= 0 && !p->stopped) {
		rc = xmlParseChunk(p->ctxt, p->buf, (int)r, r == 0);
		if (rc != 0 || !p->ctxt->wellFormed || p->ctxt->errNo != 0)
			push_halt(p);
	}
	push_cur = NULL;
	if (diag_mute(0) > 0 || r < 0)
		push_halt(p);
	return p->stopped ? -1 : r > 0;
}

void
xmlio_push_free(struct xmlio_push *p)
{
	if (p == NULL)
		return;
	if (p->ctxt != NULL)
		xmlFreeParserCtxt(p->ctxt);
	free(p->buf);
	free(p);
	entity_refused = 0;
	scan_reset();
}

/* ---- HTML, piece by piece -------------------------------------------- */

struct xmlio_html {
	htmlParserCtxtPtr ctxt;
	htmlSAXHandler sax;
	struct xmlio_html_cb cb;
	bool element;
	bool stopped;               /* the page ended early */
	struct htmldec dec;         /* the page's charset to UTF-8 */
	char *charset;
	struct sbuf decoded;        /* the piece in UTF-8 */
	struct htmlcap cap;         /* the attributes of a tag capped */
	struct sbuf capped;         /* the piece as libxml2 gets it */
	/* the names of the elements open (libxml2's, until it is freed) */
	const char **open;
	size_t nopen, capopen;
};

/* libxml2 decides whether blanks are text by the node it builds into
 * and its last child (areBlanks in HTMLparser.c), so the tree is built,
 * but kept to what that looks at: of the children of a node, the last
 * one and the last that is not a comment; a closed element loses its
 * children, text and CDATA nodes stay empty.  A DTD node stays. */
static void
html_prune(xmlNodePtr parent)
{
	xmlNodePtr n, next, keep;

	if (parent == NULL)
		return;
	for (keep = parent->last; keep != NULL &&
	    keep->type == XML_COMMENT_NODE; keep = keep->prev)
		;
	for (n = parent->children; n != NULL; n = next) {
		next = n->next;
		if (n == keep || n == parent->last || n->type == XML_DTD_NODE)
			continue;
		xmlUnlinkNode(n);
		xmlFreeNode(n);
	}
}

static struct xmlio_html *
html_of(void *ctx)
{
	return ((xmlParserCtxtPtr)ctx)->_private;
}

static void
html_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	xmlParserCtxtPtr c = ctx;
	struct xmlio_html *h = html_of(ctx);
	xmlNodePtr n;

	bool cut = false;
	int i;

	for (i = 0; atts != NULL && atts[i] != NULL; i += 2)
		if (xmlStrEqual(atts[i], (const xmlChar *)HTMLCAP_MARK)) {
			cut = true;
			DIAG_AT(HTML_TOO_MANY_ATTRS, cur_xml_file, c->input !=
			    NULL ? (long)c->input->line : 0, 0,
			    XMLIO_MAX_ATTRS);
		}
	xmlSAX2StartElement(ctx, name, atts);
	h->element = true;
	h->open = xgrow(h->open, &h->capopen, h->nopen + 1, sizeof *h->open);
	h->open[h->nopen++] = (const char *)name;
	n = c->node;
	if (n != NULL)
		html_prune(n->parent != NULL ? n->parent : (xmlNodePtr)c->myDoc);
	h->cb.start(h->cb.ud, (const char *)name,
	    c->input != NULL ? (long)c->input->line : 0);
	if (cut && h->cb.cut != NULL)
		h->cb.cut(h->cb.ud);
}

static void
html_end(void *ctx, const xmlChar *name)
{
	xmlParserCtxtPtr c = ctx;
	struct xmlio_html *h = html_of(ctx);
	xmlNodePtr n = c->node;

	if (h->nopen > 0)
		h->nopen--;
	h->cb.end(h->cb.ud, (const char *)name);
	xmlSAX2EndElement(ctx, name);
	if (n != NULL && n->children != NULL) {
		xmlFreeNodeList(n->children);
		n->children = n->last = NULL;
	}
	html_prune(c->node != NULL ? c->node : (xmlNodePtr)c->myDoc);
}

/* A text or CDATA node of one byte as the last child, as libxml2's
 * tree has one of that type there (content never looked at). */
static void
html_node(xmlParserCtxtPtr c, xmlElementType type)
{
	if (c->node == NULL ||
	    (c->node->last != NULL && c->node->last->type == type))
		return;
	if (type == XML_TEXT_NODE)
		xmlSAX2Characters(c, (const xmlChar *)" ", 1);
	else
		xmlSAX2CDataBlock(c, (const xmlChar *)" ", 1);
	html_prune(c->node);
}

static void
html_text(void *ctx, const xmlChar *s, int len)
{
	xmlParserCtxtPtr c = ctx;
	struct xmlio_html *h = html_of(ctx);

	if (len > 0)
		h->cb.text(h->cb.ud, (const char *)s, (size_t)len,
		    c->input != NULL ? (long)c->input->line : 0);
	html_node(ctx, XML_TEXT_NODE);
}

static void
html_cdata(void *ctx, const xmlChar *s, int len)
{
	(void)s;
	(void)len;
	html_node(ctx, XML_CDATA_SECTION_NODE);
}

static void
html_comment(void *ctx, const xmlChar *s)
{
	xmlParserCtxtPtr c = ctx;

	(void)s;
	xmlSAX2Comment(ctx, (const xmlChar *)"");
	html_prune(c->node != NULL ? c->node : (xmlNodePtr)c->myDoc);
}

static void
html_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
	xmlParserCtxtPtr c = ctx;

	(void)data;
	xmlSAX2ProcessingInstruction(ctx, target, (const xmlChar *)"");
	html_prune(c->node != NULL ? c->node : (xmlNodePtr)c->myDoc);
}

struct xmlio_html *
xmlio_html_new(const char *name, const char *encoding,
    const struct xmlio_html_cb *cb)
{
	struct xmlio_html *h = xcalloc(1, sizeof *h);
	xmlCharEncodingHandlerPtr enc;

	cur_xml_file = name;
	xmlSAX2InitHtmlDefaultSAXHandler(&h->sax);
	h->sax.startElement = html_start;
	h->sax.endElement = html_end;
	h->sax.characters = html_text;
	h->sax.cdataBlock = html_cdata;
	h->sax.comment = html_comment;
	h->sax.processingInstruction = html_pi;
	h->cb = *cb;
	h->ctxt = htmlCreatePushParserCtxt(&h->sax, NULL, NULL, 0, name,
	    XML_CHAR_ENCODING_NONE);
	if (h->ctxt == NULL) {
		free(h);
		return NULL;
	}
	h->ctxt->_private = h;
	/* tag soup is normal on real pages: keep libxml2 quiet about it */
	htmlCtxtUseOptions(h->ctxt, HTML_PARSE_NONET | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NOBLANKS | HTML_PARSE_NOIMPLIED);
	/* the page is decoded here (htmldec) and libxml2 reads UTF-8, as
	 * htmlCtxtReadMemory does with an encoding: <meta> is not followed
	 * then */
	if (encoding == NULL)
		encoding = "UTF-8";
	if (htmldec_open(&h->dec, encoding) < 0 ||
	    (enc = xmlFindCharEncodingHandler("UTF-8")) == NULL) {
		htmldec_close(&h->dec);
		htmlFreeParserCtxt(h->ctxt);
		free(h);
		return NULL;
	}
	xmlSwitchToEncoding(h->ctxt, enc);
	if (h->ctxt->input->encoding != NULL)
		xmlFree((xmlChar *)h->ctxt->input->encoding);
	h->ctxt->input->encoding = xmlStrdup((const xmlChar *)"UTF-8");
	h->charset = xstrdup(encoding);
	return h;
}

/* One piece to libxml2. */
static void
html_chunk(struct xmlio_html *h, const char *buf, size_t n, bool end)
{
	xmlParserCtxtPtr c = h->ctxt;
	const xmlChar *at;

	(void)htmlParseChunk(c, buf, (int)n, end);
	/* the push parser takes what follows the end of the last element
	 * open for junk and stops; reading a page whole, libxml2 reads on
	 * (pages joined with cat): so does this */
	while (c->instate == XML_PARSER_EOF && !c->disableSAX &&
	    c->input != NULL && c->input->cur < c->input->end) {
		at = c->input->cur;
		c->instate = XML_PARSER_CONTENT;
		c->errNo = 0;
		(void)htmlParseChunk(c, NULL, 0, end);
		if (c->input->cur == at)
			break;
	}
}

void
xmlio_html_push(struct xmlio_html *h, const char *buf, size_t len,
    bool end)
{
	xmlParserCtxtPtr c = h->ctxt;
	long bad = h->dec.bad;
	size_t n;

	sbuf_reset(&h->decoded);
	htmldec_run(&h->dec, buf, len, end, &h->decoded);
	if (bad == 0 && h->dec.bad > 0)
		DIAG_AT(HTML_CHARSET_BYTES, cur_xml_file, h->dec.bad_line, 0,
		    h->charset);
	sbuf_reset(&h->capped);
	sbuf_add(&h->capped, "", 0);
	htmlcap_filter(&h->cap, XMLIO_MAX_ATTRS, h->decoded.s,
	    h->decoded.len, &h->capped);
	buf = h->capped.s;
	len = h->capped.len;
	do {
		n = len < 65536 ? len : 65536;
		if (h->stopped)
			return;
		html_chunk(h, buf, n, end && n == len);
		buf += n;
		len -= n;
		/* libxml2 holds a run of text (a comment, a tag) until it
		 * ends: past XMLIO_HTML_HELD the page ends there */
		if (!h->stopped && c->input != NULL &&
		    c->input->end - c->input->cur > XMLIO_HTML_HELD) {
			DIAG_AT(HTML_HELD, cur_xml_file, (long)c->input->line,
			    0, XMLIO_HTML_HELD >> 20);
			h->stopped = true;
		}
		/* anything else that stops the parser ends the page so */
		if (c->disableSAX || c->instate == XML_PARSER_EOF)
			h->stopped = true;
		if (h->stopped)
			while (h->nopen > 0) {
				h->nopen--;
				h->cb.end(h->cb.ud, h->open[h->nopen]);
			}
	} while (len > 0);
}

bool
xmlio_html_free(struct xmlio_html *h)
{
	bool element;

	if (h == NULL)
		return false;
	element = h->element;
	if (h->ctxt->myDoc != NULL)
		xmlFreeDoc(h->ctxt->myDoc);
	h->ctxt->myDoc = NULL;
	htmlFreeParserCtxt(h->ctxt);
	htmldec_close(&h->dec);
	free(h->charset);
	sbuf_free(&h->decoded);
	sbuf_free(&h->capped);
	free(h->open);
	free(h);
	return element;
}

static void
schema_error(void *ud, xmlErrorPtr e)
{
	xml_error(ud, e);
}

/* The cache entry of a compiled schema. */
static const struct schema *
schema_of(xmlRelaxNGPtr s)
{
	size_t i;

	for (i = 0; i < nschemas; i++)
		if (schemas[i].s == s)
			return &schemas[i];
	return NULL;
}

uint64_t
xmlio_schema_hash(const unsigned char *buf, size_t len)
{
	uint64_t h = UINT64_C(14695981039346656037);
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ buf[i]) * UINT64_C(1099511628211);
	return h;
}

const struct xmlio_schema_pre *
xmlio_schema_prebuilt(const unsigned char *buf, size_t len)
{
	uint64_t h = 0;
	size_t i;
	bool hashed = false;

	for (i = 0; i < xmlio_nschemas_pre; i++) {
		if (xmlio_schemas_pre[i].srclen != len)
			continue;
		if (!hashed) {
			h = xmlio_schema_hash(buf, len);
			hashed = true;
		}
		if (xmlio_schemas_pre[i].srchash == h)
			return &xmlio_schemas_pre[i];
	}
	return NULL;
}

/* Comments and blank text out of n and below (but in <value> and
 * <param>, where blanks are the value). */
static void
schema_compact(xmlNodePtr n)
{
	xmlNodePtr c, next;
	bool keep = n->type == XML_ELEMENT_NODE &&
	    (xmlStrEqual(n->name, (const xmlChar *)"value") ||
	    xmlStrEqual(n->name, (const xmlChar *)"param"));

	for (c = n->children; c != NULL; c = next) {
		next = c->next;
		if (c->type == XML_COMMENT_NODE || c->type == XML_PI_NODE ||
		    (c->type == XML_TEXT_NODE && !keep &&
		    xmlIsBlankNode(c))) {
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		} else if (c->type == XML_ELEMENT_NODE)
			schema_compact(c);
	}
}

int
xmlio_schema_prepare(const unsigned char *buf, size_t len, const char *name,
    unsigned char **rng, size_t *rnglen, struct xmlio_facets *f)
{
	xmlDocPtr doc;
	xmlChar *mem = NULL;
	int size = 0;

	memset(f, 0, sizeof *f);
	*rng = NULL;
	*rnglen = 0;
	if (len > INT_MAX)
		return -1;
	doc = xmlReadMemory((const char *)buf, (int)len, name, NULL,
	    XMLIO_OPTIONS);
	if (doc == NULL)
		return -1;
	xmlio_facets_strip(doc, f);
	schema_compact((xmlNodePtr)doc);
	xmlDocDumpMemoryEnc(doc, &mem, &size, "UTF-8");
	xmlFreeDoc(doc);
	if (mem == NULL || size < 0) {
		xmlFree(mem);
		xmlio_facets_free(f);
		return -1;
	}
	*rng = xmalloc((size_t)size + 1);
	memcpy(*rng, mem, (size_t)size + 1);
	*rnglen = (size_t)size;
	xmlFree(mem);
	return 0;
}

/* Load a schema: what xmlio_schema_prepare makes of its source (made at
 * build time for those of formats/), compiled. */
static xmlRelaxNGPtr
schema_load(const unsigned char *buf, size_t len, const char *name,
    struct xmlio_facets *f)
{
	const struct xmlio_schema_pre *pre = xmlio_schema_prebuilt(buf, len);
	xmlRelaxNGParserCtxtPtr pc;
	xmlRelaxNGPtr s;
	unsigned char *rng = NULL;
	size_t rnglen;

	if (pre != NULL) {
		*f = pre->f;
		rnglen = pre->rnglen;
	} else if (xmlio_schema_prepare(buf, len, name, &rng, &rnglen, f) < 0)
		return NULL;
	pc = xmlRelaxNGNewMemParserCtxt(pre != NULL ? (const char *)pre->rng :
	    (const char *)rng, (int)rnglen);
	if (pc == NULL) {
		free(rng);
		xmlio_facets_free(f);
		return NULL;
	}
	xmlRelaxNGSetParserStructuredErrors(pc, schema_error, NULL);
	s = xmlRelaxNGParse(pc);
	xmlRelaxNGFreeParserCtxt(pc);
	free(rng);
	if (s == NULL)
		xmlio_facets_free(f);
	return s;
}

xmlRelaxNGPtr
xmlio_schema(const unsigned char *buf, size_t len, const char *name)
{
	struct xmlio_facets f;
	xmlRelaxNGPtr s;
	size_t i;

	for (i = 0; i < nschemas; i++)
		if (schemas[i].src == buf)
			return schemas[i].s;
	s = schema_load(buf, len, name, &f);
	if (s == NULL) {
		diag_msg(EXIT_SYS, "internal error: schema %s does not compile",
		    name);
		return NULL;
	}
	schemas = xgrow(schemas, &capschemas, nschemas + 1, sizeof *schemas);
	schemas[nschemas].src = buf;
	schemas[nschemas].f = f;
	schemas[nschemas++].s = s;
	return s;
}

const struct xmlio_facets *
xmlio_schema_facets(xmlRelaxNGPtr s)
{
	const struct schema *e = schema_of(s);

	return e != NULL ? &e->f : NULL;
}

void
xmlio_reader_schema(xmlTextReaderPtr r, xmlRelaxNGPtr s)
{
	if (s == NULL)
		return;
	xmlTextReaderRelaxNGSetSchema(r, s);
	held.r = r;
	held.kept = NULL;
	held.lost = false;
	cur_facets = xmlio_schema_facets(s);
}

int
xmlio_validate_doc(xmlRelaxNGPtr s, xmlDocPtr doc, bool report)
{
	const struct xmlio_facets *f = xmlio_schema_facets(s);
	xmlRelaxNGValidCtxtPtr vc;
	xmlNodePtr root;
	const char *file;
	int rc, bad;

	if (s == NULL || doc == NULL || (vc = xmlRelaxNGNewValidCtxt(s)) ==
	    NULL)
		return -1;
	rc = xmlRelaxNGValidateDoc(vc, doc);
	xmlRelaxNGFreeValidCtxt(vc);
	root = xmlDocGetRootElement(doc);
	file = doc->URL != NULL ? (const char *)doc->URL : cur_xml_file;
	bad = xmlio_facets_node(f, root, file, root != NULL ?
	    xmlGetLineNo(root) : 0, report);
	bad += xmlio_facets_below(f, root, file, 0, report);
	if (rc < 0)
		return rc;
	return rc + bad;
}

char *
xmlio_text(xmlNodePtr n)
{
	xmlNodePtr c;
	struct sbuf b = {0};
	char *r;

	sbuf_add(&b, "", 0);
	for (c = n->children; c != NULL; c = c->next)
		if ((c->type == XML_TEXT_NODE ||
		    c->type == XML_CDATA_SECTION_NODE) && c->content != NULL)
			sbuf_adds(&b, (const char *)c->content);
	r = (char *)xmlStrdup((const xmlChar *)b.s);
	sbuf_free(&b);
	return r;
}

long
xmlio_node_line(xmlNodePtr n, long hint)
{
	long l = xmlGetLineNo(n);

	if (l >= 65535 && hint >= 65535)
		return hint;
	return l > 0 ? l + line_base : l;
}

/* "unknown attribute 'x' on 'el'", with the nearest of cands. */
static void
xmlio_unknown_attr(const char *name, const char *el, long line,
    const char *const *cands, size_t n)
{
	const char *sug = tok_suggest(name, strlen(name), cands, n);

	DIAG(UNKNOWN_ATTRIBUTE, line, 0, name, el, diag_suggest(sug));
}

bool
xmlio_attr_known(const char *name, const char *el, long line,
    const char *const *known, const char *(*flag)(int), int nflags)
{
	const char *cands[64];
	size_t n = 0;
	int f;

	if (str_in(name, known))
		return true;
	for (f = 0; f < nflags; f++)
		if (strcmp(name, flag(f)) == 0)
			return true;
	for (f = 0; f < nflags && n < sizeof cands / sizeof cands[0]; f++)
		cands[n++] = flag(f);
	for (; *known != NULL && n < sizeof cands / sizeof cands[0]; known++)
		cands[n++] = *known;
	xmlio_unknown_attr(name, el, line, cands, n);
	return false;
}

int
xmlio_attrs_known(xmlNodePtr n, const char *el, long line,
    const char *const *known)
{
	xmlAttrPtr a;
	int rc = 0;

	for (a = n->properties; a != NULL; a = a->next)
		if (!xmlio_attr_known((const char *)a->name, el, line, known,
		    NULL, 0))
			rc = -1;
	return rc;
}

void
xmlio_bad_number(const char *name, const char *what, const char *v,
    long line, long min, long max)
{
	if (what != NULL)
		DIAG(BAD_RANGE, line, 0, what, v, min, max);
	else
		DIAG(BAD_VALUE, line, 0, (int)strlen(v), v, name,
		    diag_tail("%ld-%ld", min, max));
}

int
xmlio_attr_long(xmlNodePtr n, const char *name, const char *what,
    long line, long min, long max, long *out)
{
	char *v = xmlio_attr(n, name);
	int rc = 1;

	if (v == NULL)
		return 0;
	if (num_longs(v, min, max, out) < 0) {
		xmlio_bad_number(name, what, v, line > 0 ? line :
		    xmlGetLineNo(n), min, max);
		rc = -1;
	}
	xmlFree(v);
	return rc;
}
