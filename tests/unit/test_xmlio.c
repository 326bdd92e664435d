/* Unit tests of the libxml2 glue: our allocators, the schema cache, the
 * attribute checks and the number attribute (never a silent default). */
#include <sys/wait.h>

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/xmlmemory.h>

#include "army/armyin.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/out.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
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
	/* unreadable, out of range, blanks: an error, the value untouched */
	CHECK(xmlio_attr_long(n, "b", NULL, 0, 1, 99, &v) == -1 && v == 12);
	CHECK(xmlio_attr_long(n, "c", NULL, 0, 1, 99, &v) == -1 && v == 12);
	CHECK(xmlio_attr_long(n, "d", "PIP die", 5, 1, 6, &v) == -1);
	CHECK(diag_file_errors() == e + 3);
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

int
main(void)
{
	diag_init("unit");
	xmlio_init();
	test_alloc();
	test_oom();
	test_schema();
	test_attrs();
	test_attr_flags();
	test_attr_long();
	test_armyxml_count();
	test_json_members();
	troop_cleanup();
	xmlio_cleanup();
	return UNIT_DONE("xmlio");
}
