/* Output: atomic -o (temp file + rename), write-error checks, no temp
 * file left behind on any exit. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/out.h"
#include "core/str.h"
#include "core/xalloc.h"

#define LINK_HOPS 40
#define NAME_MAX_BYTES 255      /* of a file name, as on every file system
                                 * we write to */

/* Under the sanitizers their own handlers report a crash: ours stay out
 * of the way. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif

const char *const out_fmt_names[FMT_N] = {
	[FMT_TEXT] = "text", [FMT_XML] = "xml", [FMT_TSV] = "tsv",
	[FMT_JSON] = "json", [FMT_JSONL] = "jsonl", [FMT_HTML] = "html",
	[FMT_PDF] = "pdf", [FMT_SVG] = "svg", [FMT_COMBAT] = "combat",
	[FMT_MOVES] = "moves"
};

/* The temporary file while it exists, for the exit and signal handlers
 * (one -o at a time). */
static char *volatile pending;

static void arm_crashes(void);

void
out_setup(void)
{
	signal(SIGPIPE, SIG_DFL);
	/* a file size limit (ulimit -f) is a write error, EFBIG: reported,
	 * status 4, not a silent death */
	signal(SIGXFSZ, SIG_IGN);
	arm_crashes();
	/* the user's character set (UTF-8 in regexes, the PDF writers'
	 * text), collation (regex ranges) and system messages; numbers,
	 * dates and the rest stay C.  Each category is a file to load at
	 * every start: LC_ALL loads twelve. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_COLLATE, "");
	setlocale(LC_MESSAGES, "");
}

/* Remove the temporary file of an unfinished -o (registered with
 * atexit() by out_open; safe to call again). */
static void
out_cleanup(void)
{
	char *p = pending;

	if (p != NULL)
		(void)unlink(p);
	pending = NULL;
}

/* Remove the temporary file, then die of the signal as if unhandled
 * (SA_RESETHAND restored the default action). */
static void
on_signal(int sig)
{
	char *p = pending;

	if (p != NULL)
		(void)unlink(p);
	(void)raise(sig);
}

/* The descriptor of the standard error while fd 2 is borrowed (pdffont
 * catches fontconfig's messages there); -1: fd 2. */
static volatile sig_atomic_t errfd = -1;

void
out_stderr_moved(int fd)
{
	errfd = fd;
}

#ifndef UNDER_SANITIZER
/* A crash, in our code or in a library that failed for want of memory
 * (fontconfig, glib, cairo, pango): the temporary file is removed and
 * the tool ends with status 4 and a message, as on any out of memory.
 * Only async-signal-safe calls. */
static void
on_fatal(int sig)
{
	static const char msg[] = ": stopped by a fatal signal (out of "
	    "memory in a library?); nothing written\n";
	static atomic_flag once = ATOMIC_FLAG_INIT;
	const char *prog = diag_prog();
	char *p = pending, line[256];
	int fd = errfd >= 0 ? (int)errfd : STDERR_FILENO;
	size_t n = strlen(prog);
	ssize_t w;

	/* a library's thread may fail too (pango's font sorting): the
	 * first says it, in one write, the others wait for its exit */
	if (atomic_flag_test_and_set(&once))
		for (;;)
			(void)pause();
	if (p != NULL)
		(void)unlink(p);
	if (n > sizeof line - sizeof msg)
		n = sizeof line - sizeof msg;
	memcpy(line, prog, n);
	memcpy(line + n, msg, sizeof msg - 1);
	w = write(fd, line, n + sizeof msg - 1);
	(void)w;
	(void)sig;
	_exit(EXIT_SYS);
}
#endif

/* Set handler h for the signals sigs unless one is ignored (nohup). */
static void
handle(const int *sigs, size_t n, void (*h)(int), int flags)
{
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = h;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < n; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			(void)sigaction(sigs[i], &sa, NULL);
}

/* Once: remove the temporary file on exit() (out of memory, status 4)
 * and on every signal whose default ends the process. */
static void
arm(void)
{
	static const int ends[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM,
	    SIGPIPE, SIGXCPU, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
	    SIGPROF };
	static int armed;

	if (armed)
		return;
	armed = 1;
	(void)atexit(out_cleanup);
	handle(ends, sizeof ends / sizeof ends[0], on_signal, SA_RESETHAND);
}

/* A crash ends in status 4 with a message (on_fatal), on a stack of its
 * own so that a stack overflow is caught too; not under the sanitizers,
 * whose own handlers report it. */
static void
arm_crashes(void)
{
#ifndef UNDER_SANITIZER
	static const int crashes[] = { SIGSEGV, SIGBUS, SIGABRT, SIGTRAP,
	    SIGILL, SIGFPE, SIGSYS };
	static char altstack[1 << 16];
	stack_t ss;

	ss.ss_sp = altstack;
	ss.ss_size = sizeof altstack;
	ss.ss_flags = 0;
	(void)sigaltstack(&ss, NULL);
	/* not SA_RESETHAND: a second thread crashing while the first is
	 * in on_fatal (pango's font threads, out of memory) would end
	 * by the default action, status 139 */
	handle(crashes, sizeof crashes / sizeof crashes[0], on_fatal,
	    SA_ONSTACK);
#endif
}

/* A path whose link text does not name the open file: a descriptor
 * (/dev/stdout leads to /proc/self/fd/1, "/tmp/x (deleted)" or
 * "pipe:[12]"). */
static int
descriptor_path(const char *p)
{
	return strncmp(p, "/proc/", 6) == 0 || strncmp(p, "/dev/fd/", 8) == 0;
}

/* A link (lst its lstat) that -o must not follow, as the kernel's
 * fs.protected_symlinks does not for any open: in a sticky directory
 * writable by others (/tmp), owned by neither the directory's owner nor
 * the user. */
static int
stranger_link(const char *link, const struct stat *lst)
{
	struct sbuf d = {0};
	const char *slash = strrchr(link, '/');
	struct stat st;
	int r;

	if (lst->st_uid == geteuid())
		return 0;
	if (slash == NULL)
		sbuf_adds(&d, ".");
	else
		sbuf_add(&d, link, slash == link ? 1 : (size_t)(slash - link));
	r = stat(d.s, &st) == 0 && (st.st_mode & S_ISVTX) &&
	    (st.st_mode & S_IWOTH) && lst->st_uid != st.st_uid;
	sbuf_free(&d);
	return r;
}

/* Where -o PATH writes: *dest is PATH with the symbolic links of its
 * last component followed, a dangling link naming the file to create.
 * Returns 0, 1 when PATH is written in place (not a regular file, or a
 * descriptor), -1 on an error (errno), -2 when a link on the way is
 * one not to follow (stranger_link; *dest names it, to be freed). */
static int
resolve(const char *path, char **dest)
{
	struct sbuf b = {0}, t = {0};
	struct stat st, st2;
	char link[4096];
	const char *slash;
	ssize_t n;
	int hops, e;

	*dest = NULL;
	sbuf_adds(&b, path);
	for (hops = 0;; hops++) {
		if (descriptor_path(b.s))
			goto in_place;
		if (lstat(b.s, &st) != 0 || !S_ISLNK(st.st_mode))
			break;
		if (hops == LINK_HOPS) {
			errno = ELOOP;
			goto fail;
		}
		if (stranger_link(b.s, &st)) {
			errno = EACCES;
			*dest = b.s;
			sbuf_free(&t);
			return -2;
		}
		if ((n = readlink(b.s, link, sizeof link)) < 0)
			goto fail;
		if ((size_t)n == sizeof link) {
			errno = ENAMETOOLONG;
			goto fail;
		}
		/* a relative link is relative to the link's directory */
		sbuf_reset(&t);
		sbuf_add(&t, "", 0);
		if (link[0] != '/' && (slash = strrchr(b.s, '/')) != NULL)
			sbuf_add(&t, b.s, (size_t)(slash - b.s) + 1);
		sbuf_add(&t, link, (size_t)n);
		sbuf_reset(&b);
		sbuf_add(&b, t.s, t.len);
	}
	/* not a regular file, or not the file that PATH opens */
	if (stat(b.s, &st) == 0 && (!S_ISREG(st.st_mode) ||
	    (stat(path, &st2) == 0 && (st.st_dev != st2.st_dev ||
	    st.st_ino != st2.st_ino))))
		goto in_place;
	sbuf_free(&t);
	*dest = b.s;
	return 0;
in_place:
	sbuf_free(&t);
	sbuf_free(&b);
	return 1;
fail:
	e = errno;
	sbuf_free(&t);
	sbuf_free(&b);
	errno = e;
	return -1;
}

int
out_open(struct out *o, const char *path)
{
	struct sbuf b = {0};
	const char *slash, *base;
	struct stat st;
	sigset_t all, old;
	mode_t mask;
	int fd, r, e;

	memset(o, 0, sizeof *o);
	if (path == NULL || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	o->path = path;
	if ((r = resolve(path, &o->dest)) == -2) {
		diag_msg(EXIT_SYS, "cannot write '%s': '%s' is a symbolic link "
		    "of another user in a sticky directory others can write; "
		    "not followed", path, o->dest);
		free(o->dest);
		o->dest = NULL;
		return -1;
	}
	if (r < 0) {
		diag_sys("cannot write '%s'", path);
		return -1;
	}
	if (r == 1) {
		/* a device, a pipe, a descriptor (-o /dev/stdout): in place */
		if ((o->fp = fopen(path, "w")) == NULL) {
			diag_sys("cannot write '%s'", path);
			return -1;
		}
		return 0;
	}
	slash = strrchr(o->dest, '/');
	if (slash != NULL)
		sbuf_add(&b, o->dest, (size_t)(slash - o->dest) + 1);
	base = slash != NULL ? slash + 1 : o->dest;
	/* "." NAME ".XXXXXX" must be a file name too: a long name is cut */
	sbuf_printf(&b, ".%.*s.XXXXXX", (int)(strlen(base) > NAME_MAX_BYTES -
	    8 ? NAME_MAX_BYTES - 8 : strlen(base)), base);
	o->tmp = b.s;
	arm();
	/* the file is made and registered with the signals held: one
	 * arriving between the two would leave it behind */
	sigfillset(&all);
	(void)sigprocmask(SIG_BLOCK, &all, &old);
	if ((fd = mkstemp(o->tmp)) >= 0)
		pending = o->tmp;
	e = errno;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	errno = e;
	if (fd < 0) {
		diag_sys("cannot create a temporary file for '%s'", path);
		goto fail;
	}
	if (stat(o->dest, &st) == 0) {
		/* the permission bits: never set-user-ID or set-group-ID */
		(void)fchmod(fd, st.st_mode & 0777);
	} else {
		mask = umask(0);
		umask(mask);
		(void)fchmod(fd, 0666 & ~mask);
	}
	if ((o->fp = fdopen(fd, "w")) == NULL) {
		diag_sys("cannot write '%s'", o->tmp);
		close(fd);
		out_cleanup();
		goto fail;
	}
	return 0;
fail:
	free(o->tmp);
	free(o->dest);
	o->tmp = o->dest = NULL;
	return -1;
}

static int
close_stdout(void)
{
	int bad, before = errno;

	errno = 0;
	bad = fflush(stdout) != 0 || ferror(stdout);
	if (bad && errno == 0)
		errno = before;
	if (!bad)
		return 0;
	if (errno == EPIPE) {
		diag_raise(EXIT_NO);
		return -1;
	}
	if (errno == 0)
		errno = EIO;
	diag_sys("write error");
	return -1;
}

int
out_close(struct out *o, int commit)
{
	sigset_t all, old;
	int bad = 0, before;

	if (o->fp == NULL)
		return 0;
	if (o->path == NULL) {
		o->fp = NULL;
		return close_stdout();
	}
	before = errno;
	if (o->tmp == NULL) {
		errno = 0;
		if (fflush(o->fp) != 0 || ferror(o->fp) | (fclose(o->fp) != 0)) {
			if (errno == 0)
				errno = before != 0 ? before : EIO;
			diag_sys("cannot write '%s'", o->path);
			bad = 1;
		}
		o->fp = NULL;
		return bad ? -1 : 0;
	}
	/* an error of any kind keeps the old file (status 1, "no", is an
	 * answer, not an error) */
	commit = commit && diag_status() < EXIT_DATA;
	errno = 0;
	if (fflush(o->fp) != 0 || ferror(o->fp)) {
		if (errno == 0)
			errno = before != 0 ? before : EIO;
		diag_sys("cannot write '%s'", o->path);
		bad = 1;
	} else if (commit && fsync(fileno(o->fp)) != 0 && errno != EINVAL) {
		diag_sys("cannot write '%s'", o->path);
		bad = 1;
	}
	if (fclose(o->fp) != 0 && !bad) {
		diag_sys("cannot write '%s'", o->path);
		bad = 1;
	}
	o->fp = NULL;
	/* no signal between the rename and forgetting the name: the
	 * handler must not remove a file of the same name made later */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (commit && !bad && rename(o->tmp, o->dest) != 0) {
		diag_sys("cannot replace '%s'", o->path);
		bad = 1;
	}
	if (!commit || bad)
		(void)unlink(o->tmp);
	pending = NULL;
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(o->tmp);
	free(o->dest);
	o->tmp = o->dest = NULL;
	return bad ? -1 : 0;
}
