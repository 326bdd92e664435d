/* bench/runs: start each command N times, interleaved (one run of each
 * command per round, so that they share the machine's load), and print
 * per command the median and the quartiles of its CPU time (user +
 * system, from wait4) and of its wall time, the ratio of its median CPU
 * time to the first command's (the anchor), and its largest peak RSS.
 *
 *   runs [-n N] [-i FILE] CMD1 CMD2 ...
 *
 * Each CMD is one argument, its words split at blanks (no quoting).  A
 * command's stdin is FILE (default /dev/null), its stdout and stderr
 * /dev/null.  A command that exits with a status above 1 (1 is a tool's
 * "no": findings, no match) or by a signal is named on stderr and makes
 * the exit status 1.  Output, one line a command:
 *   cpu_median cpu_q1 cpu_q3 wall_median wall_q1 wall_q3 ratio label
 * in milliseconds (ratio: of the medians of CPU time). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXCMDS 16
#define MAXWORDS 32

extern char **environ;

struct cmd {
	char *label;
	char *argv[MAXWORDS + 1];
	double *cpu, *wall;
	long maxrss;
	int failed;
};

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double
tv_ms(struct timeval tv)
{
	return (double)tv.tv_sec * 1e3 + (double)tv.tv_usec / 1e3;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The q-quantile of n sorted values (linear between neighbours). */
static double
quantile(const double *v, int n, double q)
{
	double pos = q * (n - 1);
	int i = (int)pos;

	return i + 1 < n ? v[i] + (v[i + 1] - v[i]) * (pos - i) : v[i];
}

static int
run_once(struct cmd *c, const char *in, int k)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	double t0;
	pid_t pid;
	int st, e;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, in, O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	t0 = now_ms();
	e = posix_spawn(&pid, c->argv[0], &fa, NULL, c->argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		fprintf(stderr, "runs: %s: %s\n", c->argv[0], strerror(e));
		return -1;
	}
	while (wait4(pid, &st, 0, &ru) < 0)
		if (errno != EINTR) {
			perror("runs: wait4");
			return -1;
		}
	c->wall[k] = now_ms() - t0;
	c->cpu[k] = tv_ms(ru.ru_utime) + tv_ms(ru.ru_stime);
	if (ru.ru_maxrss > c->maxrss)
		c->maxrss = ru.ru_maxrss;
	if ((!WIFEXITED(st) || WEXITSTATUS(st) > 1) && !c->failed) {
		fprintf(stderr, "runs: %s: exit status %d\n", c->label,
		    WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
		c->failed = 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct cmd cmds[MAXCMDS];
	const char *in = "/dev/null";
	int n = 200, ncmds = 0, ch, i, k, w, status = 0;
	double anchor = 0, m;
	char *p, *save;

	while ((ch = getopt(argc, argv, "n:i:")) != -1) {
		switch (ch) {
		case 'n':
			n = atoi(optarg);
			break;
		case 'i':
			in = optarg;
			break;
		default:
			fprintf(stderr, "usage: runs [-n N] [-i FILE] CMD...\n");
			return 2;
		}
	}
	if (n < 1 || optind >= argc || argc - optind > MAXCMDS) {
		fprintf(stderr, "usage: runs [-n N] [-i FILE] CMD...\n");
		return 2;
	}
	for (i = optind; i < argc; i++) {
		struct cmd *c = &cmds[ncmds++];

		memset(c, 0, sizeof *c);
		c->label = strdup(argv[i]);
		w = 0;
		for (p = strtok_r(argv[i], " ", &save); p != NULL && w < MAXWORDS;
		    p = strtok_r(NULL, " ", &save))
			c->argv[w++] = p;
		c->cpu = calloc((size_t)n, sizeof *c->cpu);
		c->wall = calloc((size_t)n, sizeof *c->wall);
		if (w == 0 || c->label == NULL || c->cpu == NULL ||
		    c->wall == NULL) {
			fprintf(stderr, "runs: bad command '%s'\n", argv[i]);
			return 2;
		}
	}
	/* a round first, not counted: caches and page cache warm */
	for (i = 0; i < ncmds; i++)
		if (run_once(&cmds[i], in, 0) < 0)
			return 2;
	for (k = 0; k < n; k++)
		for (i = 0; i < ncmds; i++)
			if (run_once(&cmds[i], in, k) < 0)
				return 2;
	for (i = 0; i < ncmds; i++) {
		struct cmd *c = &cmds[i];

		qsort(c->cpu, (size_t)n, sizeof *c->cpu, cmp_double);
		qsort(c->wall, (size_t)n, sizeof *c->wall, cmp_double);
		m = quantile(c->cpu, n, 0.5);
		if (i == 0)
			anchor = m;
		printf("%.3f %.3f %.3f %.3f %.3f %.3f %.2f %ld %s\n", m,
		    quantile(c->cpu, n, 0.25), quantile(c->cpu, n, 0.75),
		    quantile(c->wall, n, 0.5), quantile(c->wall, n, 0.25),
		    quantile(c->wall, n, 0.75), anchor > 0 ? m / anchor : 0,
		    c->maxrss, c->label);
		status |= c->failed;
	}
	return status;
}
