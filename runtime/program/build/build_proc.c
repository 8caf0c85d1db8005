/* SPDX-License-Identifier: Apache-2.0
 *
 * One compiler process (build_proc.h): started with vfork, set up in the
 * child (session, limits, descriptors), watched from the calling thread
 * until it ends, its time is up or it is asked to stop.
 */
#include "program/build/build_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* How often a running process is looked at: the bound on how late a stop
 * request or the deadline is seen. */
#define WATCH_SLICE_MS 20

int build_log_add(struct build_log *l, const char *s, size_t n)
{
	if (l->len + n > BUILD_LOG_MAX) {
		n = BUILD_LOG_MAX - l->len;
		l->truncated = true;
	}
	if (l->len + n + 1 > l->cap) {
		size_t cap = l->cap ? l->cap : 4096;
		char *p;

		while (cap < l->len + n + 1)
			cap *= 2;
		p = realloc(l->p, cap);
		if (!p)
			return -ENOMEM;
		l->p = p;
		l->cap = cap;
	}
	memcpy(l->p + l->len, s, n);
	l->len += n;
	l->p[l->len] = '\0';
	return 0;
}

static bool executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int build_proc_find(const char *name, char *path, size_t len)
{
	const char *dirs = getenv("PATH");

	if (strchr(name, '/')) {
		if (strlen(name) >= len)
			return -ENAMETOOLONG;
		strcpy(path, name);
		return 0;
	}
	for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d;) {
		size_t n = strcspn(d, ":");

		/* An empty entry is the current directory, as for execvp. */
		if (snprintf(path, len, "%.*s/%s", (int)n, n ? d : ".", name) < (int)len &&
		    executable(path))
			return 0;
		d += n;
		if (*d)
			d++;
	}
	return -ENOENT;
}

struct child_setup {
	const char *path;
	char *const *argv;
	char *const *envp;
	const char *cwd;
	int in_fd, out_fd, err_fd;
	uint64_t as_bytes;
};

/* The vfork child: system calls only, on the parent's memory, then exec.
 * A failure goes back through err_fd (close-on-exec: nothing arrives when
 * the exec worked). */
static _Noreturn void child_exec(const struct child_setup *cs)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	struct rlimit rl = { cs->as_bytes, cs->as_bytes };
	sigset_t none;
	int e;

	/* No handler of the daemon may run here, and the compiler starts
	 * with the default dispositions (the daemon ignores SIGPIPE). */
	for (int s = 1; s < NSIG; s++)
		if (s != SIGKILL && s != SIGSTOP)
			sigaction(s, &dfl, NULL);
	/* A session of its own: a process group to kill whole, and no
	 * controlling terminal (/dev/tty) to read from. */
	if (setsid() < 0)
		goto fail;
	/* Killed with the thread that watches it, if the daemon dies. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		goto fail;
	if (cs->as_bytes && setrlimit(RLIMIT_AS, &rl) < 0)
		goto fail;
	if (dup2(cs->in_fd, 0) < 0 || dup2(cs->out_fd, 1) < 0 || dup2(cs->out_fd, 2) < 0)
		goto fail;
	if (cs->cwd && chdir(cs->cwd) < 0)
		goto fail;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execve(cs->path, cs->argv, cs->envp);
fail:
	e = errno;
	(void)!write(cs->err_fd, &e, sizeof(e));
	_exit(127);
}

/* vfork, not fork: the daemon maps gigabytes of simulated DRAM, which a
 * fork would mark copy-on-write for every write until the exec. Signals
 * stay blocked until the child has reset its handlers. */
static pid_t spawn(const struct child_setup *cs)
{
	sigset_t all, old;
	pid_t pid;
	int e;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = vfork();
	if (pid == 0)
		child_exec(cs);
	e = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return pid;
}

static uint64_t now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

static void nap_ms(int ms)
{
	struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

/* One look at the output: reads what is there, waiting up to ms for it.
 * Returns false at the end of the output. */
static bool read_some(int fd, int ms, struct build_log *log)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char chunk[4096];
	ssize_t n;

	if (poll(&pfd, 1, ms) <= 0)
		return true;
	n = read(fd, chunk, sizeof(chunk));
	if (n < 0)
		return errno == EINTR || errno == EAGAIN;
	if (n == 0)
		return false;
	/* Past the log's end the output is still drained: the process must
	 * not block on a full pipe. */
	if (log && !log->truncated && build_log_add(log, chunk, (size_t)n) < 0)
		log->truncated = true;
	return true;
}

/* Has the process ended? Not reaped: while it is a zombie its id still
 * names its process group, which is killed after. */
static bool ended(pid_t pid)
{
	siginfo_t si = { 0 };

	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

/* The group's other processes, killed, were handed to us when their
 * parents died (we are a subreaper): reap them, waiting a while for the
 * last to die, so that when a build returns no process of it is left. */
#define GROUP_GONE_WAIT_MS 2000

static void reap_group(pid_t pgid)
{
	for (int waited = 0, nap = 1; waited < GROUP_GONE_WAIT_MS;) {
		pid_t got = waitpid(-pgid, NULL, WNOHANG);

		if (got < 0 && errno != EINTR)
			return;   /* ECHILD: none left */
		if (got > 0)
			continue;
		nap_ms(nap);
		waited += nap;
		if (nap < 16)
			nap *= 2;
	}
}

static void watch(pid_t pid, int fd, const struct build_limits *lim, struct build_log *log,
		  struct build_proc_outcome *out)
{
	uint64_t deadline = lim->timeout_ms ? now_ms() + lim->timeout_ms : 0;
	bool open = true;
	int backoff = 1, status, rc;

	out->end = BUILD_PROC_EXITED;
	for (;;) {
		int slice = WATCH_SLICE_MS;

		if (deadline) {
			uint64_t t = now_ms();

			if (t >= deadline) {
				out->end = BUILD_PROC_TIMED_OUT;
				break;
			}
			if (deadline - t < (uint64_t)slice)
				slice = (int)(deadline - t);
		}
		if (open) {
			open = read_some(fd, slice, log);
		} else if (ended(pid)) {
			break;
		} else {
			/* Output closed: the process is about to end. */
			nap_ms(backoff < slice ? backoff : slice);
			backoff *= 2;
		}
		if (lim->stop && (rc = lim->stop(lim->stop_arg)) != 0) {
			out->end = BUILD_PROC_STOPPED;
			out->status = rc;
			break;
		}
	}
	/* Whichever way it ended, nothing it started outlives it. */
	kill(-pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	reap_group(pid);
	if (out->end != BUILD_PROC_EXITED)
		return;
	if (WIFEXITED(status)) {
		out->status = WEXITSTATUS(status);
	} else {
		out->end = BUILD_PROC_SIGNALED;
		out->status = WTERMSIG(status);
	}
}

/* Our environment for a process that gets none of its own, in the C
 * locale: LANG, LANGUAGE and every LC_* dropped, LC_ALL=C added, so that
 * a compiler speaks the English build_diagnostic.c and derive_explain.c
 * read ("error:", "No such file or directory") whatever the daemon was
 * started with. The strings are environ's; free the array alone. */
static char **c_locale_environ(void)
{
	static char c_locale[] = "LC_ALL=C";
	size_t n = 0, k = 0;
	char **v;

	while (environ && environ[n])
		n++;
	v = calloc(n + 2, sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const char *e = environ[i];

		if (!strncmp(e, "LANG=", 5) || !strncmp(e, "LANGUAGE=", 9) || !strncmp(e, "LC_", 3))
			continue;
		v[k++] = environ[i];
	}
	v[k] = c_locale;
	return v;
}

/* A compiler's processes whose parent died come to us, not to init
 * (which, in a container, may never reap them): reap_group collects them.
 * Our only descendants are the processes started here. */
static void become_subreaper(void)
{
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
}

int build_proc_run(char *const *argv, char *const *envp, const char *cwd,
		   const struct build_limits *lim, struct build_log *log,
		   struct build_proc_outcome *out)
{
	static pthread_once_t subreaper = PTHREAD_ONCE_INIT;
	static const struct build_limits unlimited;
	struct child_setup cs = { .argv = argv, .envp = envp, .cwd = cwd };
	char **own_env = NULL, path[PATH_MAX];
	int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	int in_fd, ret, child_errno = 0;
	ssize_t n;
	pid_t pid;

	if (!lim)
		lim = &unlimited;
	pthread_once(&subreaper, become_subreaper);
	ret = build_proc_find(argv[0], path, sizeof(path));
	if (ret)
		return ret;
	if (!envp) {
		own_env = c_locale_environ();
		if (!own_env)
			return -ENOMEM;
		cs.envp = own_env;
	}
	in_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in_fd < 0) {
		ret = -errno;
		free(own_env);
		return ret;
	}
	if (pipe2(out_pipe, O_CLOEXEC) < 0 || pipe2(err_pipe, O_CLOEXEC) < 0) {
		ret = -errno;
		goto out;
	}
	cs.path = path;
	cs.in_fd = in_fd;
	cs.out_fd = out_pipe[1];
	cs.err_fd = err_pipe[1];
	cs.as_bytes = lim->as_bytes;
	pid = spawn(&cs);
	if (pid < 0) {
		ret = -errno;
		goto out;
	}
	close(out_pipe[1]);
	close(err_pipe[1]);
	out_pipe[1] = err_pipe[1] = -1;
	do
		n = read(err_pipe[0], &child_errno, sizeof(child_errno));
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(child_errno)) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		ret = -child_errno;
		goto out;
	}
	watch(pid, out_pipe[0], lim, log, out);
	ret = 0;
out:
	close(in_fd);
	free(own_env);
	for (int i = 0; i < 2; i++) {
		if (out_pipe[i] >= 0)
			close(out_pipe[i]);
		if (err_pipe[i] >= 0)
			close(err_pipe[i]);
	}
	return ret;
}
