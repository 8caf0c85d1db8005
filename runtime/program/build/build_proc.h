/* SPDX-License-Identifier: Apache-2.0
 *
 * One compiler process, bounded and stoppable: it runs in a session and
 * process group of its own with an address-space limit (RLIMIT_AS), its
 * output is captured, and a time limit or a stop request kills its whole
 * process group (SIGKILL), so nothing it started outlives it.
 * docs/architecture.md, "Building a kernel".
 */
#ifndef TTRT_PROGRAM_BUILD_PROC_H
#define TTRT_PROGRAM_BUILD_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BUILD_LOG_MAX            (256u << 10)   /* output kept, bytes */
#define BUILD_TIMEOUT_MS_DEFAULT 120000u
#define BUILD_TIMEOUT_MS_MAX     3600000u
#define BUILD_AS_BYTES_DEFAULT   (2ull << 30)   /* RLIMIT_AS of each compiler process */

/* How one process is bounded. Zeroes: no limit, never stopped. */
struct build_limits {
	uint32_t timeout_ms;
	uint64_t as_bytes;
	/* Polled while the process runs (every few tens of ms, from the
	 * thread that runs it): non-zero, a -errno saying why, stops it. */
	int (*stop)(void *arg);
	void *stop_arg;
};

/* Captured output: the first BUILD_LOG_MAX bytes, NUL-terminated. */
struct build_log {
	char *p;
	size_t len, cap;
	bool truncated;
};

/* Appends to a log (within BUILD_LOG_MAX): 0 or -ENOMEM. */
int build_log_add(struct build_log *l, const char *s, size_t n);

enum build_proc_end {
	BUILD_PROC_EXITED,      /* status: the exit code */
	BUILD_PROC_SIGNALED,    /* status: the signal */
	BUILD_PROC_TIMED_OUT,   /* killed at limits->timeout_ms */
	BUILD_PROC_STOPPED,     /* killed at a stop; status: what stop returned */
};

struct build_proc_outcome {
	enum build_proc_end end;
	int status;
};

/* Runs argv (argv[0] looked up in PATH when it has no '/') with envp
 * (NULL: ours in the C locale: LC_ALL=C, without our LANG, LANGUAGE and
 * LC_*) in cwd (NULL: ours), stdin from /dev/null, stdout and
 * stderr into log (may be NULL). lim may be NULL. 0 with *out filled, or
 * -errno when it could not be started. */
int build_proc_run(char *const *argv, char *const *envp, const char *cwd,
		   const struct build_limits *lim, struct build_log *log,
		   struct build_proc_outcome *out);

/* The path of an executable: name itself when it has a '/', else the
 * first match in PATH. 0, or -ENOENT. */
int build_proc_find(const char *name, char *path, size_t len);

#endif /* TTRT_PROGRAM_BUILD_PROC_H */
