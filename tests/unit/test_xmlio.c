/* Unit tests of the libxml2 glue: our allocators, the schema cache, the
 * attribute checks and the number attribute (never a silent default). */
#include <sys/wait.h>

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/xmlmemory.h>
#include <libxml/xmlwriter.h>

#include "army/armyin.h"
#include "core/diag.h"
#include "core/htmlcap.h"
#include "core/htmldec.h"
#include "core/input.h"
#include "core/out.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "core/xmlout.h"
#include "unit.h"


#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#endif

static xmlDocPtr
doc(const char *s)
{
	return xmlio_parse_mem(s, strlen(s), "t.xml");
}

static void
test_alloc(void)
{
	xmlFreeFunc f;
	xmlMallocFunc m;
	xmlReallocFunc r;
	xmlStrdupFunc d;

	CHECK(xmlMemGet(&f, &m, &r, &d) == 0);
	CHECK(m == xmalloc && r == xrealloc && d == xstrdup && f == free);
}

/* In a child: libxml2 runs out of memory with -o open.  Status 4 and no
 * temporary file left in dir. */
static void
test_oom(void)
{
#ifndef UNDER_ASAN
	char dir[] = "/tmp/bellis-oom-XXXXXX", path[512];
	struct dirent *e;
	struct out o;
	DIR *d;
	pid_t pid;
	int st = 0, left = 0;

	if (mkdtemp(dir) == NULL) {
		CHECK(!"mkdtemp");
		return;
	}
	snprintf(path, sizeof path, "%s/out.txt", dir);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		diag_quiet(1);
		if (out_open(&o, path) < 0)
			_exit(9);
		fputs("partial", o.fp);
		(void)xmlMalloc(SIZE_MAX / 2);
		_exit(8);
	}
	CHECK(pid > 0 && waitpid(pid, &st, 0) == pid);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == EXIT_SYS);
	if ((d = opendir(dir)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (strcmp(e->d_name, ".") != 0 &&
			    strcmp(e->d_name, "..") != 0) {
				left++;
				snprintf(path, sizeof path, "%s/%s", dir,
				    e->d_name);
				unlink(path);
			}
		closedir(d);
	}
	CHECK(left == 0);
	rmdir(dir);
#endif
}

static void
test_schema(void)
{
	static const unsigned char one[] = "<element name='a' "
	    "xmlns='http://relaxng.org/ns/structure/1.0'><empty/></element>";
	static const unsigned char two[] = "<element name='b' "
	    "xmlns='http://relaxng.org/ns/structure/1.0'><text/></element>";
	xmlRelaxNGPtr a, b;

	/* compiled once per source, freed by xmlio_cleanup (ASan sees) */
	a = xmlio_schema(one, sizeof one - 1, "one.rng");
	b = xmlio_schema(two, sizeof two - 1, "two.rng");
	CHECK(a != NULL && b != NULL && a != b);
	CHECK(xmlio_schema(one, sizeof one - 1, "one.rng") == a);
	CHECK(xmlio_schema(two, sizeof two - 1, "two.rng") == b);
}

static void
test_attrs(void)
{
	static const char *const known[] = { "kind", "dice", NULL };
	xmlDocPtr d = doc("<c kind='x' dice='3' Kind='y'/>");
	xmlNodePtr n = xmlDocGetRootElement(d);
	long e;

	diag_quiet(1);
	e = diag_file_errors();
	CHECK(xmlio_attr_known("kind", "c", 1, known, NULL, 0));
	CHECK(diag_file_errors() == e);
	CHECK(!xmlio_attr_known("knd", "c", 1, known, NULL, 0));
	CHECK(diag_file_errors() == e + 1);
	CHECK(xmlio_attrs_known(n, "c", 1, known) < 0);
	CHECK(diag_file_errors() == e + 2);
	diag_quiet(0);
	xmlFreeDoc(d);
}

static const char *
flag(int f)
{
	static const char *const names[] = { "general", "uphill" };

	return names[f];
}

static void
test_attr_flags(void)
{
	static const char *const known[] = { "troop", NULL };
	long e;

	diag_quiet(1);
	e = diag_file_errors();
	CHECK(xmlio_attr_known("uphill", "side", 1, known, flag, 2));
	CHECK(xmlio_attr_known("troop", "side", 1, known, flag, 2));
	CHECK(diag_file_errors() == e);
	CHECK(!xmlio_attr_known("uphil", "side", 1, known, flag, 2));
	CHECK(diag_file_errors() == e + 1);
	diag_quiet(0);
}

/* Attribute name of n reads as want. */
static void
attr_is(xmlNodePtr n, const char *name, const char *want)
{
	char *v = xmlio_attr(n, name);

	CHECK_STR(v, want);
	xmlFree(v);
}

/* A token's or number's blanks collapsed, a string's kept. */
static void
test_value(void)
{
	xmlDocPtr d = doc("<troop id=' I/1a ' count='\n 2\n' "
	    "name=' Early  X '><note column=' a  b '/>"
	    "<move column=' yes ' id=' e  1 '/><x name=' n '/></troop>");
	xmlNodePtr n = xmlDocGetRootElement(d), c = xmlFirstElementChild(n);
	char w[] = " a  b ";

	attr_is(n, "id", "I/1a");
	attr_is(n, "count", "2");
	attr_is(n, "name", " Early  X ");
	/* a string on some elements, a token on others */
	attr_is(c, "column", " a  b ");
	c = xmlNextElementSibling(c);
	attr_is(c, "column", "yes");
	attr_is(c, "id", " e  1 ");
	attr_is(xmlNextElementSibling(c), "name", "n");
	CHECK(xmlio_value(NULL, "rules", NULL) == NULL);
	CHECK_STR(xmlio_value(NULL, "rules", w), "a b");
	xmlFreeDoc(d);
}

static void
test_attr_long(void)
{
	xmlDocPtr d = doc("<e a='12' b='x' c='100' d=' 3' f='-4'/>");
	xmlNodePtr n = xmlDocGetRootElement(d);
	long v = 7, e;

	diag_quiet(1);
	e = diag_file_errors();
	CHECK(xmlio_attr_long(n, "a", NULL, 0, 1, 99, &v) == 1 && v == 12);
	CHECK(xmlio_attr_long(n, "none", NULL, 0, 1, 99, &v) == 0 &&
	    v == 12);
	CHECK(diag_file_errors() == e);
	/* unreadable, out of range: an error, the value untouched */
	CHECK(xmlio_attr_long(n, "b", NULL, 0, 1, 99, &v) == -1 && v == 12);
	CHECK(xmlio_attr_long(n, "c", NULL, 0, 1, 99, &v) == -1 && v == 12);
	CHECK(diag_file_errors() == e + 2);
	/* blanks around a number are not part of it, as the schemas read
	 * it */
	CHECK(xmlio_attr_long(n, "d", "PIP die", 5, 1, 6, &v) == 1 && v == 3);
	CHECK(diag_file_errors() == e + 2);
	CHECK(xmlio_attr_long(n, "f", NULL, 0, -10, 10, &v) == 1 && v == -4);
	CHECK(diag_status() == EXIT_DATA);
	diag_quiet(0);
	xmlFreeDoc(d);
}

struct counts {
	int armies;
	long count[4];
	int labelled;           /* armies with the rules label "dba22" */
};

static void
army_cb_count(void *ctx, const struct army *a)
{
	struct counts *c = ctx;
	size_t i;

	for (i = 0; i < a->list.n && i < 4; i++)
		c->count[i] = a->list.items[i].count;
	c->armies++;
	if (a->rules != NULL && strcmp(a->rules, "dba22") == 0)
		c->labelled++;
}

/* A JSON document whose members grow past a reallocation while its
 * armies are streamed: "armies" twice with 200 members between.  The
 * rules label of the document, read before the first army, holds for
 * both (it was a pointer into the moved members). */
static void
test_json_members(void)
{
	static const char army[] = "{\"id\":\"I/1a\",\"name\":{\"lang\":"
	    "\"en\",\"text\":\"A\"},\"enemies\":[\"I/1a\"],\"elements\":"
	    "{\"items\":[{\"count\":12,\"general\":true,\"troops\":"
	    "[{\"code\":\"Bd\"}]}]}}";
	struct sbuf b = {0};
	struct counts c;
	struct input in;
	int i;

	sbuf_printf(&b, "{\"version\":1,\"rules\":\"dba22\",\"armies\":[%s]",
	    army);
	for (i = 0; i < 200; i++)
		sbuf_printf(&b, ",\"n%d\":1000000000000000", i);
	sbuf_printf(&b, ",\"armies\":[%s]}", army);
	memset(&c, 0, sizeof c);
	input_mem(&in, "a.json", sbuf_str(&b), b.len);
	diag_set_file("a.json");
	armylist_read_json(&in, army_cb_count, &c);
	input_close(&in);
	CHECK(c.armies == 2);
	CHECK(c.labelled == 2);
	CHECK(c.count[0] == 12);
	sbuf_free(&b);
}

/* armylist XML: a count the schema lets through but we cannot read was
 * a silent 1; now an error at the element's line.  Counts up to
 * ARMY_COUNT_MAX are read exactly (armylist-check judges them). */
static void
test_armyxml_count(void)
{
	static const char head[] = "<?xml version='1.0'?>\n"
	    "<armylists version='1'><army id='1'>\n"
	    "<name lang='en'>A</name><enemies/><elements>\n";
	static const char tail[] = "\n</elements></army></armylists>\n";
	static const char *const el[] = {
		"<element count='4'><troop code='Kn'/></element>",
		"<element count='1000000001'><troop code='Kn'/></element>",
		"<element count='150'><troop code='Kn'/></element>",
	};
	static const long want[] = { 4, 1, 150 };
	struct counts c;
	struct input in;
	char buf[512];
	long e;
	size_t i;

	diag_quiet(1);
	for (i = 0; i < 3; i++) {
		memset(&c, 0, sizeof c);
		snprintf(buf, sizeof buf, "%s%s%s", head, el[i], tail);
		input_mem(&in, "army.xml", buf, strlen(buf));
		diag_set_file("army.xml");
		e = diag_file_errors();
		armylist_read_xml(&in, army_cb_count, &c);
		input_close(&in);
		CHECK(c.armies == 1);
		CHECK(diag_file_errors() == e + (i == 1));
		CHECK(c.count[0] == want[i]);
	}
	diag_quiet(0);
}

/* The XML writer of core/xmlout against libxml2's xmlTextWriter set up as
 * it was before (indent of two spaces): the same bytes for random
 * documents of elements, attributes and texts with every character the
 * escaping treats. */
static const char *const pieces[] = { "a", "é", "<", ">", "&", "\"", "'",
    "\t", "\n", "\r", " ", "Кн", "x y", "" };

static char *
oracle(const int *ops, size_t n, size_t *len)
{
	xmlBufferPtr b = xmlBufferCreate();
	xmlTextWriterPtr w = xmlNewTextWriterMemory(b, 0);
	char *s;
	size_t i;

	xmlTextWriterSetIndent(w, 1);
	xmlTextWriterSetIndentString(w, BAD_CAST "  ");
	xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
	for (i = 0; i < n; i++)
		switch (ops[i] % 4) {
		case 0:
			xmlTextWriterStartElement(w, BAD_CAST "e");
			break;
		case 1:
			xmlTextWriterEndElement(w);
			break;
		case 2:
			xmlTextWriterWriteAttribute(w, BAD_CAST "k",
			    BAD_CAST pieces[ops[i] / 4]);
			break;
		default:
			xmlTextWriterWriteString(w, BAD_CAST pieces[ops[i] / 4]);
			break;
		}
	xmlTextWriterEndDocument(w);
	xmlFreeTextWriter(w);
	*len = (size_t)xmlBufferLength(b);
	s = xstrndup((const char *)xmlBufferContent(b), *len);
	xmlBufferFree(b);
	return s;
}

static char *
ours(const int *ops, size_t n, size_t *len)
{
	char *s = NULL;
	FILE *fp = open_memstream(&s, len);
	struct xw *w = xw_new(fp);
	size_t i;

	for (i = 0; i < n; i++)
		switch (ops[i] % 4) {
		case 0: xw_start(w, "e"); break;
		case 1: xw_end(w); break;
		case 2: xw_attr(w, "k", pieces[ops[i] / 4]); break;
		default: xw_text(w, pieces[ops[i] / 4]); break;
		}
	xw_finish(w);
	fclose(fp);
	return s;
}

/* A control character or a byte that is not UTF-8 (from a reader that did
 * not clean it) never makes the output ill-formed: U+FFFD in text and
 * attributes, the UTF-8 around it kept. */
static void
test_xml_writer_controls(void)
{
	char *s = NULL;
	size_t len;
	FILE *fp = open_memstream(&s, &len);
	struct xw *w = xw_new(fp);
	xmlDocPtr d;

	xw_start(w, "r");
	xw_start(w, "e");
	xw_attr(w, "k", "a\x16" "b\x01");
	xw_text(w, "c\x1f" "\xC3\xA9\x8D");
	xw_end(w);
	/* U+FFFF and U+FFFE, valid UTF-8 but no characters of XML (a
	 * fuzzer's army name) */
	xw_start(w, "f");
	xw_attr(w, "k", "\xEF\xBF\xBF" "x");
	xw_text(w, "y\xEF\xBF\xBE" "\xEF\xBF\xBD");
	xw_end(w);
	xw_finish(w);
	fclose(fp);
	CHECK(strstr(s, "<e k=\"a\xEF\xBF\xBD" "b\xEF\xBF\xBD\">c\xEF\xBF\xBD\xC3\xA9\xEF\xBF\xBD</e>") !=
	    NULL);
	CHECK(strstr(s, "<f k=\"\xEF\xBF\xBD" "x\">y\xEF\xBF\xBD\xEF\xBF\xBD</f>") !=
	    NULL);
	d = xmlReadMemory(s, (int)len, "t.xml", NULL, XML_PARSE_NONET |
	    XML_PARSE_NOERROR);
	CHECK(d != NULL);
	xmlFreeDoc(d);
	free(s);
}

static void
test_xml_writer(void)
{
	int ops[24], depth, attrs_ok, k, bad = 0;
	size_t n, i, la, lb;
	unsigned seed = 1;
	char *a, *b;
	int round;

	for (round = 0; round < 3000; round++) {
		/* a well-formed sequence: attributes only right after a
		 * start, text not beside elements (no mixed content), ends
		 * matching starts */
		n = 0, depth = 0, attrs_ok = 0;
		int text = 0, kids = 0;
		while (n < 20) {
			seed = seed * 1103515245u + 12345u;
			k = (int)(seed >> 16) % 4;
			if (k == 2 && !attrs_ok)
				k = 0;
			if (k == 3 && (depth == 0 || kids))
				k = 0;
			if (k == 1 && depth == 0)
				k = 0;
			if (k == 0 && text)
				k = 1;
			seed = seed * 1103515245u + 12345u;
			ops[n++] = k + 4 * (int)((seed >> 16) %
			    (sizeof pieces / sizeof pieces[0]));
			attrs_ok = k == 0 || (k == 2 && attrs_ok);
			if (k == 0) {
				depth++;
				text = kids = 0;
			} else if (k == 1) {
				depth--;
				text = 0;
				kids = depth > 0;
			} else if (k == 3)
				text = 1;
		}
		a = oracle(ops, n, &la);
		b = ours(ops, n, &lb);
		if (la != lb || memcmp(a, b, la) != 0) {
			if (bad++ == 0)
				fprintf(stderr, "xmlout differs:\n%s\n---\n%s\n",
				    a, b);
		}
		free(a);
		free(b);
	}
	CHECK(bad == 0);
	(void)i;
}

static void
keep_msg(void *ctx, const struct diag_def *def, const char *file, long line,
    long col, const char *msg)
{
	struct sbuf *b = ctx;

	(void)def, (void)file, (void)line, (void)col;
	sbuf_adds(b, msg);
	sbuf_addc(b, '\n');
}

/* libxml2's words for its limits name XML_PARSE_HUGE, which the user
 * cannot set, or call themselves an internal error: said in ours. */
static void
test_limit_words(void)
{
	static const char dtd[] = "DOCTYPE not allowed (and its declarations "
	    "nested more than 128 deep)\n";
	struct sbuf in = {0}, msgs = {0};
	struct input inp;
	xmlTextReaderPtr r;
	xmlDocPtr doc;
	int i;

	sbuf_adds(&in, "<!DOCTYPE a [<!ELEMENT a ");
	for (i = 0; i < 200; i++)
		sbuf_addc(&in, '(');
	sbuf_addc(&in, 'b');
	for (i = 0; i < 200; i++)
		sbuf_addc(&in, ')');
	sbuf_adds(&in, ">]>\n<a/>\n");
	diag_set_hook(keep_msg, &msgs);
	doc = xmlio_parse_mem(in.s, in.len, "d.xml");
	CHECK(doc == NULL);
	CHECK(strncmp(sbuf_str(&msgs), dtd, sizeof dtd - 1) == 0);
	sbuf_reset(&in);
	sbuf_reset(&msgs);
	sbuf_adds(&in, "<a b=\"");
	memset(sbuf_room(&in, 10000001), 'x', 10000001);
	in.len += 10000001;
	sbuf_adds(&in, "\"/>");
	/* read as the tools read, a piece at a time */
	input_mem(&inp, "a.xml", in.s, in.len);
	diag_set_file("a.xml");
	r = xmlio_reader(&inp);
	while (r != NULL && xmlio_read(r, "a.xml") > 0)
		;
	xmlFreeTextReader(r);
	input_close(&inp);
	CHECK(strstr(sbuf_str(&msgs), "a token of more than 10000000 bytes "
	    "(the most this tool reads)\n") != NULL);
	CHECK(strstr(sbuf_str(&msgs), "XML_PARSE_HUGE") == NULL);
	CHECK(strstr(sbuf_str(&msgs), "uge") == NULL);
	diag_set_hook(NULL, NULL);
	sbuf_free(&in);
	sbuf_free(&msgs);
}

/* htmlcap: a tag past the cap keeps its first attributes and the mark,
 * its line ends and '>'; comments, scripts and quoted '>' are passed
 * over; the result does not depend on how the bytes are cut. */
static void
test_htmlcap(void)
{
	static const char page[] = "<!-- <a b c d> --><script>x<y z w "
	    "v</script>\n<td a=1 b='>' c\nd=\"x\ny\" e>t</td><p a b>";
	static const char want[] = "<!-- <a b c d> --><script>x<y z w "
	    "v</script>\n<td a=1 b='>' " HTMLCAP_MARK "\n\n>t</td><p a b>";
	struct htmlcap s;
	struct sbuf out = {0};
	size_t i;

	memset(&s, 0, sizeof s);
	htmlcap_filter(&s, 2, page, sizeof page - 1, &out);
	CHECK(out.len == sizeof want - 1 && memcmp(out.s, want, out.len) == 0);
	sbuf_reset(&out);
	memset(&s, 0, sizeof s);
	for (i = 0; i < sizeof page - 1; i++)
		htmlcap_filter(&s, 2, page + i, 1, &out);
	CHECK(out.len == sizeof want - 1 && memcmp(out.s, want, out.len) == 0);
	/* at the cap: untouched */
	sbuf_reset(&out);
	memset(&s, 0, sizeof s);
	htmlcap_filter(&s, 5, page, sizeof page - 1, &out);
	CHECK(out.len == sizeof page - 1 && memcmp(out.s, page, out.len) == 0);
	sbuf_free(&out);
}

/* htmldec: the same UTF-8 whatever the pieces, a character split
 * between two waits; bad bytes are U+FFFD, counted, the first's line
 * kept. */
static void
dec_pieces(const char *cs, const char *in, size_t n, const char *want,
    long bad)
{
	struct htmldec d;
	struct sbuf out = {0};
	size_t i;

	CHECK(htmldec_open(&d, cs) == 0);
	htmldec_run(&d, in, n, true, &out);
	CHECK(strcmp(sbuf_str(&out), want) == 0 && d.bad == bad);
	htmldec_close(&d);
	sbuf_reset(&out);
	CHECK(htmldec_open(&d, cs) == 0);
	for (i = 0; i < n; i++)
		htmldec_run(&d, in + i, 1, i + 1 == n, &out);
	CHECK(strcmp(sbuf_str(&out), want) == 0 && d.bad == bad);
	htmldec_close(&d);
	sbuf_free(&out);
}

static void
test_htmldec(void)
{
	struct htmldec d;
	struct sbuf out = {0};

	dec_pieces("UTF-8", "a\xc3\xbc\xe2\x82\xac\xf0\x9f\x98\x80" "b", 11,
	    "a\xc3\xbc\xe2\x82\xac\xf0\x9f\x98\x80" "b", 0);
	dec_pieces("UTF-8", "a\xff\xc3(\xe2\x82", 6,
	    "a\xef\xbf\xbd\xef\xbf\xbd(\xef\xbf\xbd\xef\xbf\xbd", 4);
	dec_pieces("windows-1252", "\x80\x81\x9f\xfc", 4,
	    "\xe2\x82\xac\xc2\x81\xc5\xb8\xc3\xbc", 0);
	dec_pieces("SHIFT_JIS", "<\x93\xfa\x96\x7b>", 6,
	    "<\xe6\x97\xa5\xe6\x9c\xac>", 0);
	dec_pieces("windows-1251", "\xd0\xf3\x98", 3,
	    "\xd0\xa0\xd1\x83\xef\xbf\xbd", 1);
	CHECK(htmldec_known("koi8-r") && htmldec_known("ISO-8859-2"));
	CHECK(!htmldec_known("UTF-16") && !htmldec_known("x-none"));
	CHECK(htmldec_open(&d, "x-none") < 0);
	CHECK(htmldec_open(&d, "UTF-8") == 0);
	htmldec_run(&d, "a\nb\n\xff\n", 6, true, &out);
	CHECK(d.bad == 1 && d.bad_line == 3 && d.line == 4);
	htmldec_close(&d);
	sbuf_free(&out);
}

int
main(void)
{
	diag_init("unit");
	xmlio_init();
	RUN(test_alloc());
	RUN(test_oom());
	RUN(test_schema());
	RUN(test_attrs());
	RUN(test_attr_flags());
	RUN(test_attr_long());
	RUN(test_value());
	RUN(test_armyxml_count());
	RUN(test_json_members());
	RUN(test_limit_words());
	RUN(test_xml_writer());
	RUN(test_xml_writer_controls());
	RUN(test_htmlcap());
	RUN(test_htmldec());
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("xmlio");
}
