/* armylist-select: the predicates, the two passes of --enemy-of and the
 * spool of operands that cannot be read twice. */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <langinfo.h>
#include <locale.h>
#include <regex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "army/armyin.h"
#include "army/armyout.h"
#include "army/selectrun.h"
#include "core/cli.h"
#include "core/diag.h"
#include "core/input.h"
#include "core/num.h"
#include "core/out.h"
#include "core/str.h"
#include "core/strset.h"
#include "core/tok.h"
#include "core/xalloc.h"
#include "rules/troop.h"

/* The year range of --year, --from and --to (that of the dates read). */
#define YEAR_MAX 100000L
/* The most enemies --enemy-of collects (its first pass: ten armies of
 * ARMY_MAX_REFS each); the rest is reported and ignored, so that the
 * set does not grow with the input. */
#define SELECT_MAX_FOES (10 * ARMY_MAX_REFS)

const char *const selectrun_books[] = { "I", "II", "III", "IV", NULL };

struct selectrun_ctx {
	const struct selectrun_opts *o;
	bool has_name;
	regex_t name_re;
	struct sbuf lower;           /* a name in lower case, for name_re */
	FILE *fp;                    /* the output, opened at the first army */
	enum out_fmt fmt;
	enum lang lang;
	/* the operands; spool[i] >= 0: a copy of operand i to read */
	int nfiles;
	char **files;
	int *spool;
	off_t *off;
	/* --enemy-of: the enemies the armies ID lists (first pass), and
	 * the lists of those that name a variant ("12" of "12b") */
	struct strset foes, foelists;
	char *full_file;             /* where SELECT_MAX_FOES was passed */
	long full_line;
	struct armyout *ao;
	long written;
	/* --id: its patterns (those of --id=@FILE one per word); an id
	 * with no wildcard that no army has is named with a did-you-mean */
	struct idpat *ids;
	size_t nids, capids;
};

struct idpat {
	struct army_pick ap;    /* the pattern, its qualifier */
	bool literal, found;
	struct idsuggest sug;
};

/* --year, --from and --to against one range of the period. */
static bool
range_match(const struct selectrun_opts *o, long from, long to)
{
	return !(o->has_year && (from > o->year || to < o->year)) &&
	    !(o->has_from && to < o->from) && !(o->has_to && from > o->to);
}

/* The period matches when one of its ranges does (330-322BC & 300-280BC
 * is not active in 310 BC). */
static bool
period_match(const struct selectrun_opts *o, const struct army *a)
{
	size_t k;

	if (a->nranges < 2)
		return range_match(o, a->from, a->to);
	for (k = 0; k < a->nranges; k++)
		if (range_match(o, a->ranges[k][0], a->ranges[k][1]))
			return true;
	return false;
}

/* ---- the options ------------------------------------------------------- */

int
selectrun_year(const char *opt, const char *arg, long *year)
{
	long to;
	bool approx;

	if (num_longs(arg, -YEAR_MAX, YEAR_MAX, year) == 0)
		return 0;
	/* a year as the lists write one: 216BC, 216 v.Chr., 1066AD */
	if (date_parse(arg, strlen(arg), year, &to, &approx) == 0 &&
	    *year == to)
		return 0;
	diag_usage("invalid value '%s' for %s (a year: 216BC, 1066AD, or "
	    "negative for BC, %ld to %ld)", arg, opt, -YEAR_MAX, YEAR_MAX);
	return -1;
}

/* The limits of a --name pattern (armylist-select(1)): its length, the
 * depth of its groups, and its size once counted repetitions are
 * expanded (regcomp copies a{1,100} a hundred times). */
#define NAME_RE_BYTES 256
#define NAME_RE_DEPTH 16
#define NAME_RE_SIZE 10000

/* n * k, at most NAME_RE_SIZE + 1. */
static long
re_mul(long n, long k)
{
	return k > 0 && n > (NAME_RE_SIZE + 1) / k ? NAME_RE_SIZE + 1 : n * k;
}

/* The end of the bracket expression at p ('['), or NULL. */
static const char *
re_bracket(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	for (; *p != '\0' && *p != ']'; p++)
		if (*p == '[' && (p[1] == ':' || p[1] == '=' || p[1] == '.')) {
			const char *e = strchr(p + 2, p[1]);

			while (e != NULL && e[1] != ']')
				e = strchr(e + 1, p[1]);
			if (e == NULL)
				return NULL;
			p = e + 1;
		}
	return *p == ']' ? p : NULL;
}

/* Why pattern arg is refused, or NULL: too long, too deep, too large
 * expanded, or a back-reference (exponential time in regexec).  Syntax
 * errors are left to regcomp. */
static const char *
re_refused(const char *arg)
{
	long sum[NAME_RE_DEPTH + 1], last = 0, m, n, w;
	int depth = 0;
	const char *p, *e;
	char *end;

	if (strlen(arg) > NAME_RE_BYTES)
		return "longer than 256 bytes";
	sum[0] = 0;
	for (p = arg; *p != '\0'; p++) {
		w = 1;
		switch (*p) {
		case '\\':
			if (p[1] >= '1' && p[1] <= '9')
				return "a back-reference";
			if (p[1] != '\0')
				p++;
			break;
		case '[':
			if ((e = re_bracket(p)) == NULL)
				return NULL;
			p = e;
			break;
		case '(':
			if (depth == NAME_RE_DEPTH)
				return "groups nested more than 16 deep";
			sum[++depth] = 0;
			continue;
		case ')':
			if (depth == 0)
				return NULL;
			w = sum[depth--] + 1;
			break;
		case '{':
			if (p[1] < '0' || p[1] > '9')
				break;
			m = strtol(p + 1, &end, 10);
			n = m;
			if (*end == ',' && end[1] >= '0' && end[1] <= '9')
				n = strtol(end + 1, &end, 10);
			else if (*end == ',')
				end++;
			if (*end != '}')
				return NULL;
			n = n > m ? n : m;
			w = re_mul(last, n > 0 ? n : 1);
			sum[depth] += w - last;
			if (sum[depth] > NAME_RE_SIZE)
				return "more than 10000 items once repetitions "
				    "are expanded";
			last = w;
			p = end;
			continue;
		case '*': case '+': case '?': case '|':
			continue;
		}
		last = w;
		sum[depth] += w;
		if (sum[depth] > NAME_RE_SIZE)
			return "more than 10000 items once repetitions are "
			    "expanded";
	}
	return NULL;
}

/* The LC_CTYPE the regex of --name runs in: the user's when it is
 * UTF-8, else C.UTF-8 (0: that one is missing, the user's), so that
 * '.' and brackets match characters of the names, which are UTF-8,
 * whatever LC_CTYPE says (LC_ALL=C). */
static locale_t
name_ctype(void)
{
	static locale_t loc;
	static bool tried;

	if (!tried) {
		tried = true;
		if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
			loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	}
	return loc;
}

/* regcomp or regexec (s NULL: compile pat) in name_ctype(). */
static int
name_re(regex_t *re, const char *pat, const char *s)
{
	locale_t loc = name_ctype(), old = (locale_t)0;
	int rc;

	if (loc != (locale_t)0)
		old = uselocale(loc);
	rc = s == NULL ? regcomp(re, pat, REG_EXTENDED | REG_NOSUB) :
	    regexec(re, s, 0, NULL, 0);
	if (loc != (locale_t)0)
		(void)uselocale(old);
	return rc;
}

/* Compile the regex of --name into *re, lowered in *lower; -1 after a
 * usage error (status 3); out of memory ends the tool (status 4). */
static int
name_regex(regex_t *re, struct sbuf *lower, const char *arg)
{
	const char *why;
	char msg[128];
	int rc;

	if ((why = re_refused(arg)) != NULL) {
		diag_usage("regular expression '%s' for --name refused (%s)",
		    arg, why);
		return -1;
	}
	/* Case-insensitive without the locale: pattern and names are both
	 * lowered by str_lower (regcomp's own case flag follows LC_CTYPE). */
	str_lower(lower, arg);
	rc = name_re(re, lower->s, NULL);
	if (rc == REG_ESPACE) {
		errno = ENOMEM;
		diag_sys("out of memory compiling the regular expression of "
		    "--name");
		exit(EXIT_SYS);    /* as any out of memory (xalloc) */
	}
	if (rc != 0) {
		(void)regerror(rc, re, msg, sizeof msg);
		diag_usage("invalid regular expression '%s' for --name (%s)",
		    arg, msg);
		return -1;
	}
	return 0;
}

int
selectrun_name(const char *arg)
{
	struct sbuf lower = {0};
	regex_t re;
	int rc;

	if ((rc = name_regex(&re, &lower, arg)) == 0)
		regfree(&re);
	sbuf_free(&lower);
	return rc;
}

int
selectrun_id(const char *arg)
{
	if (arg[0] == '@' || army_pick_valid(arg, strlen(arg)))
		return 0;
	diag_usage("invalid value '%s' for --id (a qualifier is a year or an "
	    "ordinal: I/14d@700BC, I/14d#2)", arg);
	return -1;
}

int
selectrun_troop(const char *arg, const struct troop **t)
{
	const char *sug;

	troop_init();
	if ((*t = troop_find(arg, strlen(arg))) != NULL)
		return 0;
	sug = troop_suggest(arg, strlen(arg));
	diag_usage("unknown troop type '%s' for --troop%s", arg,
	    diag_suggest(sug));
	return -1;
}

int
selectrun_enemy(const char *arg)
{
	if (army_is_id(arg, strlen(arg)))
		return 0;
	diag_usage("invalid value '%s' for --enemy-of (an army id: 7, 12a, "
	    "I/1a, IV/83b)", arg);
	return -1;
}

/* ---- the spool ---------------------------------------------------------- */

/* Copy all of fd to an unlinked file in TMPDIR; its descriptor, or -1
 * (reported). */
static int
spool_fd(int fd, const char *name)
{
	const char *dir = getenv("TMPDIR");
	char *path, buf[65536];
	ssize_t n, w, k;
	int t;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	path = xmalloc(strlen(dir) + 32);
	sprintf(path, "%s/armylist-select.XXXXXX", dir);
	if ((t = mkstemp(path)) < 0) {
		diag_sys("cannot spool '%s' for --enemy-of in '%s'", name, dir);
		free(path);
		return -1;
	}
	(void)unlink(path);
	free(path);
	for (;;) {
		n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			diag_sys("cannot read '%s'", name);
			close(t);
			return -1;
		}
		if (n == 0)
			break;
		for (w = 0; w < n; w += k)
			if ((k = write(t, buf + w, (size_t)(n - w))) < 0 &&
			    errno != EINTR) {
				diag_sys("cannot spool '%s' for --enemy-of in "
				    "'%s'", name, dir);
				close(t);
				return -1;
			} else if (k < 0)
				k = 0;
	}
	return t;
}

/* Make operand name readable twice: *fd a descriptor to read it from
 * at *off, or -1 for a regular file to open again (or one that cannot
 * be opened, which the passes report).  Standard input that is a
 * regular file is read again from where it stood; anything else that
 * is not a regular file is spooled.  -1 on a spool failure. */
static int
spool(const char *name, int *fd, off_t *off)
{
	struct stat st;
	int src, rc = 0;

	*fd = -1;
	*off = 0;
	if (strcmp(name, "-") == 0)
		src = STDIN_FILENO;
	else if ((src = open(name, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	if (fstat(src, &st) != 0 || S_ISDIR(st.st_mode))
		;
	else if (!S_ISREG(st.st_mode))
		rc = (*fd = spool_fd(src, name)) < 0 ? -1 : 0;
	else if (src == STDIN_FILENO &&
	    (*off = lseek(src, 0, SEEK_CUR)) >= 0)
		*fd = dup(src);
	if (src != STDIN_FILENO)
		close(src);
	return rc;
}

/* Check the options together, compile --name and spool what must be
 * read twice; -1 after a usage or system error (reported). */
static int
open_operands(struct selectrun_ctx *s, int nfiles, char **files)
{
	static char dash0[] = "-";
	static char *dash[] = { dash0 };
	const struct selectrun_opts *o = s->o;
	int i;

	if (o->has_from && o->has_to && o->from > o->to) {
		diag_usage("--from %ld is after --to %ld", o->from, o->to);
		return -1;
	}
	if (o->name != NULL) {
		if (name_regex(&s->name_re, &s->lower, o->name) < 0)
			return -1;
		s->has_name = true;
	}
	if (nfiles == 0) {
		nfiles = 1;
		files = dash;
	}
	s->nfiles = nfiles;
	s->files = files;
	s->spool = xmalloc((size_t)nfiles * sizeof *s->spool);
	s->off = xcalloc((size_t)nfiles, sizeof *s->off);
	for (i = 0; i < nfiles; i++)
		s->spool[i] = -1;
	if (o->enemy_of == NULL)
		return 0;
	for (i = 0; i < nfiles; i++) {
		diag_set_file(files[i]);
		if (spool(files[i], &s->spool[i], &s->off[i]) < 0)
			return -1;
	}
	return 0;
}

/* ---- the predicates ----------------------------------------------------- */

/* Does a reference of v name id?  A bare "32b" after "II/32a" is
 * "II/32b" (lists read before the readers resolved them). */
static bool
refs_match(char *const *v, size_t n, const char *id)
{
	struct sbuf r = {0};
	size_t i, last = 0;
	bool m = false;

	for (i = 0; i < n && !m; i++) {
		army_ref_next(&r, v, i, &last);
		m = army_ref_match(r.s, id);
	}
	sbuf_free(&r);
	return m;
}

/* The length of the list of variant ref ("12" of "12b", "I/1" of
 * "I/1ab"), or 0 when ref names no variant. */
static size_t
ref_list(const char *ref)
{
	size_t n = strlen(ref), k = n;

	while (k > 0 && ref[k - 1] >= 'a' && ref[k - 1] <= 'z')
		k--;
	if (k == n || k == 0 || ref[k - 1] < '0' || ref[k - 1] > '9')
		return 0;
	return k;
}

/* An enemy of the first pass matches id (as ref_match, by hashing). */
static bool
foes_match(const struct selectrun_ctx *s, const char *id)
{
	size_t k = ref_list(id);

	return strset_find(&s->foes, id) >= 0 ||
	    (k > 0 && strset_findn(&s->foes, id, k) >= 0) ||
	    strset_find(&s->foelists, id) >= 0;
}

/* Do the figures of --troop ("4", "3/4", "": any) meet those of an
 * element (NULL: none written)?  One number in common does. */
static bool
figures_match(const char *want, const char *have)
{
	const char *w, *h;
	size_t wn, hn;

	if (*want == '\0')
		return true;
	for (w = want; have != NULL && *w != '\0'; w += wn + (w[wn] == '/'))
		for (wn = strcspn(w, "/"), h = have; *h != '\0';
		    h += hn + (h[hn] == '/')) {
			hn = strcspn(h, "/");
			if (hn == wn && memcmp(w, h, wn) == 0)
				return true;
		}
	return false;
}

/* Does a troop (t, its figures, its name as written when not standard)
 * match --troop?  Its figures count when given ("4Kn"); a name not
 * standard for its type (HCh for Kn) matches itself only, unless
 * --fold. */
static bool
troop_match(const struct selectrun_opts *o, const struct troop *t,
    const char *figures, const char *written)
{
	const char *want = o->troop_arg, *name;
	size_t k;

	if (t != o->troop)
		return false;
	if (want == NULL)
		return true;
	for (k = 0; want[k] == '/' || (want[k] >= '0' && want[k] <= '9'); k++)
		;
	name = want + k;
	{
		char figs[32];

		snprintf(figs, sizeof figs, "%.*s", (int)(k < 31 ? k : 31),
		    want);
		if (!figures_match(figs, figures))
			return false;
	}
	if (o->fold)
		return true;
	if (troop_is_standard(t, name, strlen(name)))
		return written == NULL;
	return written != NULL && str_ieq(written, strlen(written), name);
}

static bool
has_troop(const struct selectrun_opts *o, const struct package *p)
{
	const struct item *it;
	const struct troopref *r;
	size_t i, k;

	for (i = 0; i < p->n; i++) {
		it = &p->items[i];
		for (k = 0; k < it->ntroops; k++) {
			r = &it->troops[k];
			if (troop_match(o, r->t, r->figures, r->written) ||
			    troop_match(o, r->dis, r->dis_figures,
			    r->dis_written))
				return true;
		}
		for (k = 0; k < it->npkgs; k++)
			if (has_troop(o, &it->pkgs[k]))
				return true;
	}
	return false;
}

static void
add_id(struct selectrun_ctx *s, const char *w, size_t n)
{
	struct idpat *p;

	s->ids = xgrow(s->ids, &s->capids, s->nids + 1, sizeof *s->ids);
	p = &s->ids[s->nids++];
	sbuf_reset(&s->lower);
	sbuf_add(&s->lower, w, n);
	if (army_pick_init(&p->ap, s->lower.s) < 0)
		DIAG(SELECT_BAD_QUALIFIER, 0, 0, s->lower.s, p->ap.id);
	p->literal = strpbrk(p->ap.id, "*?[") == NULL;
	p->found = false;
	idsuggest_init(&p->sug);
}

/* The patterns of --id: the value, or with '@' the words of a file
 * ("I/1a, II/5*", a line starting with '#' a comment); -1 when the file
 * cannot be read (said). */
static int
load_ids(struct selectrun_ctx *s)
{
	struct input in;
	const char *l;
	size_t n, i, b;

	if (s->o->id == NULL)
		return 0;
	if (s->o->id[0] != '@') {
		add_id(s, s->o->id, strlen(s->o->id));
		return 0;
	}
	diag_set_file(s->o->id + 1);
	if (input_open(&in, s->o->id + 1) < 0)
		return -1;
	while (input_getline(&in, &l, &n))
		for (i = 0; i < n && l[0] != '#';) {
			while (i < n && strchr(" \t,;", l[i]) != NULL)
				i++;
			for (b = i; i < n && strchr(" \t,;", l[i]) == NULL; i++)
				;
			if (i > b)
				add_id(s, l + b, i - b);
		}
	input_close(&in);
	diag_end_file();
	return 0;
}

/* Does the army match a pattern of --id (counted once per army read,
 * for the qualifier "#N": each pattern sees every army)? */
static bool
id_match(struct selectrun_ctx *s, const struct army *a)
{
	size_t i;
	bool yes = false;

	for (i = 0; i < s->nids; i++)
		if (army_pick_match(&s->ids[i].ap, a, true))
			yes = true;
	return yes;
}

/* An army read: the ids of --id it is, or is near. */
static void
note_id(struct selectrun_ctx *s, const char *id)
{
	size_t i;

	for (i = 0; id != NULL && i < s->nids; i++)
		if (!s->ids[i].literal || s->ids[i].found)
			continue;
		else if (strcmp(s->ids[i].ap.id, id) == 0)
			s->ids[i].found = true;
		else
			idsuggest_add(&s->ids[i].sug, s->ids[i].ap.id, id);
}

static bool
passes(struct selectrun_ctx *s, const struct army *a)
{
	const struct selectrun_opts *o = s->o;
	size_t n = o->book != NULL ? strlen(o->book) : 0;
	int rc;

	if (o->id != NULL && !id_match(s, a))
		return false;
	if (o->book != NULL && (strncmp(a->id, o->book, n) != 0 ||
	    a->id[n] != '/'))
		return false;
	if ((o->has_year || o->has_from || o->has_to) && !a->period_ok)
		return false;
	if (!period_match(o, a))
		return false;
	if (o->troop != NULL && !has_troop(o, &a->list))
		return false;
	if (o->enemy_of != NULL &&
	    !refs_match(a->enemies, a->nenemies, o->enemy_of) &&
	    !foes_match(s, a->id))
		return false;
	if (s->has_name && a->name != NULL) {
		str_lower(&s->lower, a->name);
		rc = name_re(&s->name_re, NULL, s->lower.s);
		if (rc == REG_ESPACE) {
			errno = ENOMEM;
			diag_sys("out of memory matching --name");
			exit(EXIT_SYS);
		}
		if (rc != 0)
			return false;
	}
	return true;
}

/* ---- the passes --------------------------------------------------------- */

/* First pass of --enemy-of: the enemies of every army ID names, each
 * once (a hash set: 80,000 enemies of one army cost linear time). */
static void
collect(void *ctx, const struct army *a)
{
	struct selectrun_ctx *s = ctx;
	struct sbuf r = {0};
	size_t i, k, last = 0;
	bool added;

	if (!army_ref_match(a->id, s->o->enemy_of))
		return;
	for (i = 0; i < a->nenemies; i++) {
		if (strset_count(&s->foes) == SELECT_MAX_FOES) {
			/* reported after the pass (it is quiet) */
			if (s->full_file == NULL) {
				s->full_file = xstrdup(diag_file());
				s->full_line = a->line;
			}
			break;
		}
		army_ref_next(&r, a->enemies, i, &last);
		(void)strset_add(&s->foes, sbuf_str(&r), r.len, &added);
		if (added && (k = ref_list(sbuf_str(&r))) > 0)
			(void)strset_add(&s->foelists, sbuf_str(&r), k, NULL);
	}
	sbuf_free(&r);
}

/* The writer, begun at the first army so that the output keeps the
 * collection's label; a file column with several inputs. */
static void
begin(struct selectrun_ctx *s, const char *rules, const char *from)
{
	s->ao = armyout_new(s->fp, s->fmt, s->lang, rules, from);
	armyout_files(s->ao, s->nfiles > 1);
	armyout_own_labels(s->ao);
}

static void
emit(void *ctx, const struct army *a)
{
	struct selectrun_ctx *s = ctx;
	struct army at;

	if (s->ao == NULL)
		begin(s, a->rules, a->rules != NULL ? a->rules_from : NULL);
	note_id(s, a->id);
	if (!s->o->has_year || s->o->invert) {
		if (passes(s, a) != s->o->invert) {
			armyout_army(s->ao, a);
			s->written++;
		}
		return;
	}
	/* --year: the army with the options valid that year (3.0 lists
	 * date some: "(from 704BC) Sp"); the text as written is kept */
	at = *a;
	package_copy(&at.list, &a->list);
	(void)package_at_year(&at.list, s->o->year);
	if (passes(s, &at)) {
		armyout_army(s->ao, &at);
		s->written++;
	}
	package_free(&at.list);
}

static void
pass(struct selectrun_ctx *s, army_cb cb)
{
	struct input in;
	int i, fd;

	for (i = 0; i < s->nfiles; i++) {
		diag_set_file(s->files[i]);
		if (s->spool[i] < 0) {
			if (input_open(&in, s->files[i]) < 0)
				continue;
		} else if (lseek(s->spool[i], s->off[i], SEEK_SET) < 0 ||
		    (fd = dup(s->spool[i])) < 0) {
			diag_sys("cannot read the spool of '%s'", s->files[i]);
			continue;
		} else
			input_fd(&in, s->files[i], fd);
		armylist_read(&in, cb, s);
		input_close(&in);
	}
}

/* Read the operands and write the armies that pass; status 1 (EXIT_NO)
 * when none passed. */
static void
write_armies(struct selectrun_ctx *s)
{
	size_t i;

	if (s->o->enemy_of != NULL) {
		diag_quiet(1);
		pass(s, collect);
		diag_quiet(0);
		if (s->full_file != NULL)
			DIAG_AT(SELECT_TOO_MANY_FOES, s->full_file,
			    s->full_line, 0, SELECT_MAX_FOES);
	}
	pass(s, emit);
	for (i = 0; i < s->nids; i++)
		if (s->ids[i].literal && !s->ids[i].found)
			DIAG(SELECT_NO_ID, 0, 0, s->ids[i].ap.id,
			    idsuggest_tail(&s->ids[i].sug));
	if (s->ao == NULL)
		begin(s, NULL, NULL);
	(void)armyout_finish(s->ao);   /* out_close reports write errors */
	s->ao = NULL;
	if (s->written == 0)
		diag_raise(EXIT_NO);
}

static void
ctx_free(struct selectrun_ctx *s)
{
	int i;

	if (s->has_name)
		regfree(&s->name_re);
	sbuf_free(&s->lower);
	for (i = 0; s->spool != NULL && i < s->nfiles; i++)
		if (s->spool[i] >= 0)
			close(s->spool[i]);
	free(s->spool);
	free(s->off);
	strset_free(&s->foes);
	strset_free(&s->foelists);
	free(s->full_file);
	while (s->nids > 0) {
		army_pick_free(&s->ids[--s->nids].ap);
		idsuggest_free(&s->ids[s->nids].sug);
	}
	free(s->ids);
}

int
selectrun_run(const struct selectrun_opts *o, const struct cli *cli)
{
	struct selectrun_ctx s;
	struct out out;
	int st;

	memset(&s, 0, sizeof s);
	s.o = o;
	if (load_ids(&s) < 0 || armylist_header(o->header) < 0 ||
	    open_operands(&s, cli->nfiles, cli->files) < 0) {
		armylist_header_free();
		ctx_free(&s);
		troop_cleanup();
		return cli_end(NULL);
	}
	troop_init();
	if (out_open(&out, cli->output) < 0) {
		armylist_header_free();
		ctx_free(&s);
		troop_cleanup();
		return cli_end(NULL);
	}
	s.fp = out.fp;
	s.fmt = cli->format;
	s.lang = cli->lang;
	write_armies(&s);
	armylist_header_free();
	ctx_free(&s);
	st = cli_end(&out);
	troop_cleanup();
	return st;
}
