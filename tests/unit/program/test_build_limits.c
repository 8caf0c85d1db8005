/* SPDX-License-Identifier: Apache-2.0
 *
 * Bounded and stoppable builds (runtime/program/build/build_proc.c, build.c):
 * a kernel that includes a FIFO nobody writes is stopped by its time
 * limit and by a stop request, with the reason, and none of its compiler
 * processes is left; an include of /dev/zero is stopped by the
 * address-space limit. The FIFO sits in a copy of the include directory,
 * which every build may read.
 *
 * test_build_limits SDK_DIR INCLUDE_DIR
 */
#include "program/build/build.h"

#include "../check.h"
#include "temp_dir.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char work[] = "/tmp/ttfs-test-build-limits-XXXXXX";
static char cache_dir[PATH_MAX], include_copy[PATH_MAX];

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The processes working in a build directory of the cache: none may be
 * left once a build returned. */
static int build_processes(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	char link[300], cwd[PATH_MAX];
	size_t prefix = strlen(cache_dir);
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		ssize_t len;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(link, sizeof(link), "/proc/%s/cwd", e->d_name);
		len = readlink(link, cwd, sizeof(cwd) - 1);
		if (len <= 0)
			continue;
		cwd[len] = '\0';
		if (!strncmp(cwd, cache_dir, prefix) && !strncmp(cwd + prefix, "/tmp-", 5)) {
			fprintf(stderr, "left running: pid %s in %s\n", e->d_name, cwd);
			n++;
		}
	}
	closedir(d);
	return n;
}

static struct build_request writer(const char *src, const struct build_limits *lim)
{
	return (struct build_request){
		.risc = PACK_BRISC,
		.name = "writer.cpp",
		.source = src,
		.source_len = strlen(src),
		.limits = lim,
	};
}

static const char fifo_source[] =
	"#include \"ttfs_test_fifo.h\"   // a FIFO nobody writes\n"
	"void kernel_main() {}\n";

static void test_fifo_time_limit(const struct build_env *env)
{
	struct build_limits lim = { .timeout_ms = 500, .as_bytes = BUILD_AS_BYTES_DEFAULT };
	struct build_request req = writer(fifo_source, &lim);
	struct build_result r;
	double t0 = now_s(), took;

	CHECK_EQ(build_kernel(env, &req, &r), -ETIMEDOUT);
	took = now_s() - t0;
	CHECK_EQ(r.end, BUILD_END_TIME_LIMIT);
	CHECK(took >= 0.5 && took < 5.0, "stopped after %.3f s", took);
	CHECK(r.log && strstr(r.log, "ttfs: stopped after build_timeout_ms (500 ms): the "
			  "compiler's processes were killed"), "log: %s", r.log ? r.log : "(none)");
	CHECK(!r.elf && !r.cache_hit, "nothing built");
	CHECK_EQ(build_processes(), 0);
	build_result_free(&r);
}

struct stop_at {
	double when;
	int calls;
};

static int stop_when_due(void *arg)
{
	struct stop_at *s = arg;

	s->calls++;
	return now_s() >= s->when ? -EINTR : 0;
}

static void test_fifo_stop(const struct build_env *env)
{
	struct stop_at at = { .when = now_s() + 0.3 };
	struct build_limits lim = { .timeout_ms = 60000, .as_bytes = BUILD_AS_BYTES_DEFAULT,
				    .stop = stop_when_due, .stop_arg = &at };
	struct build_request req = writer(fifo_source, &lim);
	struct build_result r;
	double took;

	CHECK_EQ(build_kernel(env, &req, &r), -EINTR);
	took = now_s() - at.when;
	CHECK_EQ(r.end, BUILD_END_STOPPED);
	CHECK(took >= 0 && took < 2.0, "stopped %.3f s after the request", took);
	CHECK(at.calls > 1, "stop polled %d times", at.calls);
	CHECK(r.log && strstr(r.log, "ttfs: stopped (Interrupted system call)"), "log: %s",
	      r.log ? r.log : "(none)");
	CHECK_EQ(build_processes(), 0);
	build_result_free(&r);
}

static void test_dev_zero(const struct build_env *env)
{
	struct build_limits lim = { .timeout_ms = 60000, .as_bytes = 512ull << 20 };
	struct build_request req = writer("#include \"/dev/zero\"\n", &lim);
	struct build_result r;

	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK_EQ(r.end, BUILD_END_MEMORY_LIMIT);
	CHECK(r.log && strstr(r.log, "out of memory allocating") &&
	      strstr(r.log, "ttfs: the compiler ran out of memory: each compiler process may use "
			    "512 MiB of address space (RLIMIT_AS)"), "log: %s", r.log ? r.log : "");
	CHECK_EQ(r.error_line, 0);
	CHECK_EQ(build_processes(), 0);
	build_result_free(&r);
}

/* Without limits of its own a request gets the defaults: a normal
 * kernel builds. */
static void test_defaults(const struct build_env *env)
{
	struct build_request req = writer("void kernel_main() {}\n", NULL);
	struct build_result r;

	CHECK_EQ(build_kernel(env, &req, &r), 0);
	CHECK_EQ(r.end, BUILD_END_NORMAL);
	CHECK(r.elf != NULL, "an ELF");
	build_result_free(&r);
}

static void cleanup(void)
{
	temp_dir_remove(work);
}

int main(int argc, char **argv)
{
	struct build_env env;
	char err[512] = "", fifo[PATH_MAX];

	REQUIRE(argc == 3, "usage: test_build_limits SDK_DIR INCLUDE_DIR");
	REQUIRE(mkdtemp(work), "%s", work);
	atexit(cleanup);
	snprintf(cache_dir, sizeof(cache_dir), "%s/cache", work);
	snprintf(include_copy, sizeof(include_copy), "%s/include", work);
	REQUIRE(temp_dir_copy(argv[2], include_copy) == 0, "copying %s", argv[2]);
	REQUIRE(snprintf(fifo, sizeof(fifo), "%s/ttfs_test_fifo.h", include_copy) < PATH_MAX,
		"path");
	REQUIRE(mkfifo(fifo, 0644) == 0, "%s", fifo);

	REQUIRE(build_env_init(&env, NULL, argv[1], include_copy, cache_dir, err, sizeof(err)) == 0,
		"%s", err);
	test_defaults(&env);
	test_fifo_time_limit(&env);
	test_fifo_stop(&env);
	test_dev_zero(&env);
	return check_exit("test_build_limits");
}
