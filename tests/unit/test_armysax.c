/* The fast reader of armylist XML (army/armysax.c) against libxml2: its
 * check of formats/armylist.rng, written by hand, must accept and refuse
 * what libxml2 accepts and refuses (xmlRelaxNGValidateDoc with the
 * schema as written, its patterns in) on every file of the fuzz corpus
 * of the XML readers, every fixture, regress input and sample that
 * looks like XML (the hostile files among them), and on documents made
 * to try each datatype and each place of the schema.  A document with
 * something to say (a message of libxml2, a DOCTYPE) counts as refused
 * by both.  Any difference is a bug of armysax.c.  With arguments: the
 * same for those files. */
#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "army/armyin.h"
#include "army/armyin_int.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/str.h"
#include "core/xalloc.h"
#include "core/xmlio.h"
#include "unit.h"

static xmlRelaxNGPtr strict;
static struct sbuf rng;     /* formats/armylist.rng */
static long said;           /* libxml2's messages */
static long files;

static void
count(void *ud, xmlErrorPtr e)
{
	(void)ud;
	(void)e;
	said++;
}

/* libxml2's verdict: 1 valid, 0 not (or something said). */
static int
libxml2_ok(const char *buf, size_t len)
{
	xmlStructuredErrorFunc old = xmlStructuredError;
	void *oldctx = xmlStructuredErrorContext;
	xmlRelaxNGValidCtxtPtr vc;
	xmlDocPtr d;
	int ok;

	said = 0;
	xmlSetStructuredErrorFunc(NULL, count);
	d = xmlReadMemory(buf, (int)len, "t.xml", NULL, XMLIO_OPTIONS);
	ok = d != NULL && said == 0 && d->intSubset == NULL;
	if (ok) {
		vc = xmlRelaxNGNewValidCtxt(strict);
		ok = xmlRelaxNGValidateDoc(vc, d) == 0 && said == 0;
		xmlRelaxNGFreeValidCtxt(vc);
	}
	xmlFreeDoc(d);
	xmlSetStructuredErrorFunc(oldctx, old);
	return ok;
}

/* armysax's verdict: 1 valid, 0 not, -1 it did not read it. */
static int
armysax_ok(const char *buf, size_t len)
{
	struct input in;
	long handed;
	int rc;

	input_mem(&in, "t.xml", buf, len);
	rc = armysax_read((const unsigned char *)rng.s, rng.len, &in, NULL,
	    NULL, &handed, true);
	input_close(&in);
	return rc == 0 ? 1 : rc < 0 ? 0 : -1;
}

static void
agree(const char *what, const char *buf, size_t len)
{
	int lib = libxml2_ok(buf, len), ours = armysax_ok(buf, len);

	if (lib != ours)
		fprintf(stderr, "%s: libxml2 %s, armysax %s\n", what,
		    lib ? "accepts" : "refuses", ours < 0 ? "does not read "
		    "it" : ours ? "accepts" : "refuses");
	CHECK(lib == ours);
	files++;
}

/* The bytes of path into b; false when it cannot be read. */
static bool
slurp(const char *path, struct sbuf *b)
{
	FILE *fp = fopen(path, "rb");
	char chunk[65536];
	size_t n;

	if (fp == NULL)
		return false;
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		sbuf_add(b, chunk, n);
	fclose(fp);
	return true;
}

static void
agree_file(const char *path, bool all)
{
	struct sbuf b = {0};
	size_t n = 0;

	if (!slurp(path, &b))
		return;
	while (n < b.len && strchr(" \t\r\n", b.s[n]) != NULL)
		n++;
	if (all || (n < b.len && b.s[n] == '<'))
		agree(path, b.s, b.len);
	sbuf_free(&b);
}

/* Every file below dir that starts with '<' (all: every file). */
static void
walk(const char *dir, bool all)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	char path[4096];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			walk(path, all);
		else if (S_ISREG(st.st_mode) && st.st_size < (16 << 20))
			agree_file(path, all);
	}
	closedir(d);
}

static void
test_files(void)
{
	static const char *const dirs[] = { "tests/fixtures", "tests/regress",
		"tests/fuzz/seeds", "tests/golden", "tests/corpus", "samples" };
	size_t i;

	files = 0;
	/* the inputs of the fuzz harnesses that read XML, whatever they
	 * start with */
	walk("tests/fixtures/fuzz", true);
	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		walk(dirs[i], false);
	fprintf(stderr, "test_armysax: %ld files\n", files);
	CHECK(files > 100);
}

/* An army with @ in place of the piece tried. */
static const char army[] =
    "<?xml version=\"1.0\"?>\n<armylists version=\"1\" rules=\"dba3\">\n"
    "<army id=\"II/5a\" file=\"x\" line=\"3\">\n"
    "<name lang=\"en\">Hoplites</name>\n"
    "<period from=\"-500\" to=\"-400\">500-400BC</period>\n"
    "<enemies><ref>I/2</ref></enemies>\n"
    "<allies><ref>II/3</ref><ref join=\"or\">II/4</ref></allies>\n"
    "<elements text=\"x\"><element count=\"2\"><troop code=\"Sp\" "
    "figures=\"4\"/></element>@</elements>\n"
    "<note column=\"c\">n</note></army>\n</armylists>\n";

/* Pieces of documents: whole ones (starting with '<') or an entry of
 * <elements> (put in place of @). */
static const char *const pieces[] = {
	"", "<element count='1'><troop code='Bd'/></element>",
	"<element count='0'><troop code='Bd'/></element>",
	"<element count='-1'><troop code='Bd'/></element>",
	"<element count='+3'><troop code='Bd'/></element>",
	"<element count=' 3 '><troop code='Bd'/></element>",
	"<element count='0003'><troop code='Bd'/></element>",
	"<element count='3 4'><troop code='Bd'/></element>",
	"<element count=''><troop code='Bd'/></element>",
	"<element count='1.0'><troop code='Bd'/></element>",
	"<element count='99999999999999999999999'><troop code='Bd'/>"
	"</element>",
	"<element count='9999999999999999999999999'><troop code='Bd'/>"
	"</element>",
	"<element count='1'></element>",
	"<element><troop code='Bd'/></element>",
	"<element count='1' general='yes'><troop code='Bd'/></element>",
	"<element count='1' general=' yes '><troop code='Bd'/></element>",
	"<element count='1' general='no'><troop code='Bd'/></element>",
	"<element count='1' x='1'><troop code='Bd'/></element>",
	"<element count='1'><troop code='B'/></element>",
	"<element count='1'><troop code='Bdx'/></element>",
	"<element count='1'><troop code='Bdxy'/></element>",
	"<element count='1'><troop code=' Bd '/></element>",
	"<element count='1'><troop code='?'/></element>",
	"<element count='1'><troop/></element>",
	"<element count='1'><troop code='Bd' figures='3/4'/></element>",
	"<element count='1'><troop code='Bd' figures='3/'/></element>",
	"<element count='1'><troop code='Bd' mounted='yes' dismount='Bw' "
	"dismount-name='x' dismount-written='y' dismount-figures='4' "
	"note='n' name='n' written='w'/></element>",
	"<element count='1'><troop code='Bd' dismount='4Bw'/></element>",
	"<element count='1'><troop code='Bd'>x</troop></element>",
	"<element count='1'><troop code='Bd'> </troop></element>",
	"<element count='1'><troop code='Bd'><x/></troop></element>",
	"<element count='1'>x<troop code='Bd'/></element>",
	"<choice><package><element count='1'><troop code='Bd'/></element>"
	"</package></choice>",
	"<choice></choice>", "<choice><package/></choice>",
	"<choice><package><choice><package><element count='1'><troop "
	"code='Bd'/></element></package></choice></package><package>"
	"<element count='2'><troop code='Bd'/></element></package></choice>",
	"<package><element count='1'><troop code='Bd'/></element></package>",
	"<troop code='Bd'/>", "x", " ", "<!-- c -->", "<?pi x?>",
	"<![CDATA[ ]]>", "<![CDATA[x]]>", "&#32;", "&#65;", "&amp;",
	"<e:element xmlns:e='u' count='1'><troop code='Bd'/></e:element>",
	"<element xmlns='u' count='1'><troop code='Bd'/></element>",
	"<element count='1' xmlns:e='u'><troop code='Bd'/></element>",
	"<element count='1' xmlns:e='u' e:x='1'><troop code='Bd'/></element>",
	"<element count='1' xml:lang='en'><troop code='Bd'/></element>",
	"<element count='1'><troop code='Bd' note='a&amp;b&#38;c&lt;'/>"
	"</element>",
	"<armylists version='1'/>", "<armylists version=' 1 '/>",
	"<armylists version='2'/>", "<armylists/>",
	"<armylists version='1' rules-from='carrier' rules='x y'/>",
	"<armylists version='1' rules-from='other'/>",
	"<armylists version='1'><army id='1'><name lang='en'/><enemies/>"
	"<elements/></army></armylists>",
	"<armylists version='1'><army id='1'><name lang='xx'/><enemies/>"
	"<elements/></army></armylists>",
	"<armylists version='1'><army id='1'><name lang=' ru '/><enemies/>"
	"<elements/></army></armylists>",
	"<armylists version='1'><army id='x'><name lang='en'/><enemies/>"
	"<elements/></army></armylists>",
	"<armylists version='1'><army id=' II/5a '><name lang='en'/>"
	"<enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/>"
	"<elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><enemies/>"
	"</army></armylists>",
	"<armylists version='1'><army id='I/1'><enemies/><elements/></army>"
	"</armylists>",
	"<armylists version='1'><army id='I/1' line='0'><name lang='en'/>"
	"<enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1' incomplete='yes'><name "
	"lang='en'/><enemies/><elements/><note column='a'/><note "
	"column='b'>x</note></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><enemies/>"
	"<elements/><note/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><period "
	"from='1' to='2' approx='yes' ranges='1 2 3 4'/><terrain/>"
	"<aggression> 3 </aggression><sources/><dbm/><player/><year>-5"
	"</year><enemies/><allies elements='x'/><elements/></army>"
	"</armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><period "
	"from='1'/><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><period "
	"ranges='1 2 3'/><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><period "
	"ranges=''/><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><period "
	"from='-100000' to='100001'/><enemies/><elements/></army>"
	"</armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><aggression>"
	"-0</aggression><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><aggression>"
	"-1</aggression><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><aggression/>"
	"<enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><year>1<!---->"
	"2</year><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><year>1 2"
	"</year><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><terrain><b/>"
	"</terrain><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><terrain/>"
	"<period/><enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><enemies>"
	"<ref join='or'>x</ref></enemies><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><enemies/>"
	"<allies><ref join='and/or'/><ref join='and'>y</ref></allies>"
	"<elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><enemies/>"
	"<enemies/><elements/></army></armylists>",
	"<armylists version='1'><army id='I/1'><name lang='en'/><name "
	"lang='en'/><enemies/><elements/></army></armylists>",
	"<armylists version='1'>x</armylists>",
	"<armylists version='1'><other/></armylists>",
	"<other version='1'/>",
	"<!DOCTYPE armylists><armylists version='1'/>",
	"<armylists version='1'>&x;</armylists>",
	"<armylists version='1'></armylist>",
	"<armylists version='1'>",
};

static void
test_pieces(void)
{
	struct sbuf b = {0};
	const char *at = strchr(army, '@');
	size_t i;

	for (i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		sbuf_reset(&b);
		if (pieces[i][0] == '<' && pieces[i][1] == 'a') {
			sbuf_adds(&b, pieces[i]);
		} else if (strncmp(pieces[i], "<!DOCTYPE", 9) == 0) {
			sbuf_adds(&b, pieces[i]);
		} else {
			sbuf_add(&b, army, (size_t)(at - army));
			sbuf_adds(&b, pieces[i]);
			sbuf_adds(&b, at + 1);
		}
		agree(sbuf_str(&b), b.s, b.len);
	}
	sbuf_free(&b);
}

static void
no_army(void *ctx, const struct army *a)
{
	(void)a;
	++*(long *)ctx;
}

/* A read error past the first 128 KB of a stream (a socket that times
 * out): said once, as the streaming reader alone says it, not by the
 * fast reader and again by the reader that takes over. */
static void
test_read_error(void)
{
	static const char a[] = "<army id='I/1'><name lang='en'>x</name>"
	    "<enemies/><elements/></army>\n";
	struct timeval tv = { 0, 300000 };
	struct sbuf doc = {0}, err = {0};
	struct input in;
	int sv[2], fd, old;
	long n = 0, i;
	pid_t pid;
	FILE *f;
	char chunk[4096];
	size_t k;

	sbuf_adds(&doc, "<?xml version='1.0'?>\n<armylists version='1'>\n");
	for (i = 0; i < 4000; i++)
		sbuf_adds(&doc, a);
	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	CHECK(setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) == 0);
	if ((pid = fork()) == 0) {
		close(sv[0]);
		if (write(sv[1], doc.s, doc.len) != (ssize_t)doc.len)
			_exit(1);
		sleep(3);
		_exit(0);
	}
	close(sv[1]);
	f = tmpfile();
	CHECK(f != NULL);
	fflush(stderr);
	old = dup(2);
	fd = fileno(f);
	dup2(fd, 2);
	diag_quiet(0);
	input_fd(&in, "s", sv[0]);
	armylist_read_xml(&in, no_army, &n);
	input_close(&in);
	fflush(stderr);
	dup2(old, 2);
	close(old);
	diag_quiet(1);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	rewind(f);
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		sbuf_add(&err, chunk, k);
	sbuf_add(&err, "", 0);
	fclose(f);
	/* the armies the streaming reader hands on before the error (the
	 * last ones are still in its parser), none twice */
	CHECK(n == 3997);
	CHECK(err.s != NULL && strstr(err.s, "cannot read 's'") != NULL);
	CHECK(err.s != NULL && strstr(strstr(err.s, "cannot read 's'") + 1,
	    "cannot read 's'") == NULL);
	sbuf_free(&doc);
	sbuf_free(&err);
}

int
main(int argc, char **argv)
{
	xmlRelaxNGParserCtxtPtr pc;
	int i;

	diag_init("test_armysax");
	xmlio_init();
	diag_quiet(1);
	CHECK(slurp("formats/armylist.rng", &rng));
	pc = xmlRelaxNGNewMemParserCtxt(rng.s, (int)rng.len);
	strict = pc != NULL ? xmlRelaxNGParse(pc) : NULL;
	xmlRelaxNGFreeParserCtxt(pc);
	CHECK(strict != NULL);
	/* with arguments: those files (a fuzzer's, say) */
	for (i = 1; i < argc && strict != NULL; i++)
		agree_file(argv[i], true);
	if (strict != NULL && argc == 1) {
		RUN(test_pieces());
		RUN(test_read_error());
		RUN(test_files());
	}
	if (strict != NULL)
		xmlRelaxNGFree(strict);
	diag_quiet(0);
	sbuf_free(&rng);
	xmlio_cleanup();
	return UNIT_DONE("armysax");
}
