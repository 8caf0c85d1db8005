/* SPDX-License-Identifier: Apache-2.0
 *
 * The compiler's sandbox (runtime/program/build/sandbox.c): the view binds the
 * SDK, the include directory and the toolchain and no other host
 * directory; a kernel that includes a host file outside it (/etc/passwd,
 * a file of this test's, a FIFO) fails at once as "No such file or
 * directory" and none of the file's text reaches the log; without bwrap
 * no build runs, and the error names the package to install. What the
 * view shows is in the cache key: a header changed in it, even to the
 * same size and with its old modification time, is never served from
 * the cache. The include directory is a copy, so its headers can change.
 *
 * test_sandbox SDK_DIR INCLUDE_DIR
 */
#include "program/build/build.h"
#include "program/build/build_watch.h"
#include "program/build/cache.h"
#include "program/build/sandbox.h"

#include "../check.h"
#include "temp_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char work[] = "/tmp/ttfs-test-sandbox-XXXXXX";
static char cache_dir[PATH_MAX], include_copy[PATH_MAX];

struct bound {
	const struct build_env *env;
	const char *want;
	bool found;
	int host_dirs;     /* binds of places nothing of the toolchain lives in */
};

static int note_bind(const char *path, void *arg)
{
	static const char *const never[] = { "/etc", "/home", "/root", "/tmp", "/var", "/proc",
					     "/sys", "/run", "/usr/include", "/usr/share" };
	struct bound *b = arg;

	if (!strcmp(path, b->want))
		b->found = true;
	if (!strcmp(path, b->env->sdk_dir) || !strcmp(path, b->env->include_dir))
		return 0;   /* wherever this tree is */
	for (size_t i = 0; i < sizeof(never) / sizeof(never[0]); i++) {
		size_t n = strlen(never[i]);

		if (!strncmp(path, never[i], n) && (path[n] == '\0' || path[n] == '/')) {
			fprintf(stderr, "bound: %s\n", path);
			b->host_dirs++;
		}
	}
	return 0;
}

static void test_view(const struct build_env *env)
{
	struct bound b = { .env = env, .want = env->sdk_dir };

	CHECK_EQ(sandbox_foreach_ro(&env->sandbox, note_bind, &b), 0);
	CHECK(b.found, "the SDK %s is bound", env->sdk_dir);
	CHECK_EQ(b.host_dirs, 0);
	b = (struct bound){ .env = env, .want = env->include_dir };
	sandbox_foreach_ro(&env->sandbox, note_bind, &b);
	CHECK(b.found, "the include directory %s is bound", env->include_dir);
}

/* A kernel including path: the build fails at once, the compiler saying
 * the file is not there, and secret (if any) is nowhere in the log. */
static void check_hidden(const struct build_env *env, const char *path, const char *secret)
{
	char src[PATH_MAX + 64], want[PATH_MAX + 64];
	struct build_request req = { .risc = PACK_BRISC, .name = "writer.cpp" };
	struct build_result r;
	struct timespec t0, t1;

	snprintf(src, sizeof(src), "#include \"%s\"\nvoid kernel_main() {}\n", path);
	req.source = src;
	req.source_len = strlen(src);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	snprintf(want, sizeof(want), "%s: No such file or directory", path);
	CHECK(r.log && strstr(r.log, want), "%s: log: %s", path, r.log ? r.log : "(none)");
	CHECK(!secret || !r.log || !strstr(r.log, secret), "%s: its text is in the log", path);
	CHECK(t1.tv_sec - t0.tv_sec < 30, "%s: the build took %ld s", path,
	      (long)(t1.tv_sec - t0.tv_sec));
	build_result_free(&r);
}

static void test_host_files(const struct build_env *env)
{
	char secret_path[PATH_MAX], fifo[PATH_MAX];
	static const char secret[] = "ttfs_sandbox_secret_4f1d";
	FILE *f;

	check_hidden(env, "/etc/passwd", "root:");
	snprintf(secret_path, sizeof(secret_path), "%s/secret.h", work);
	f = fopen(secret_path, "w");
	REQUIRE(f, "%s", secret_path);
	fprintf(f, "#error %s\n", secret);
	fclose(f);
	check_hidden(env, secret_path, secret);
	/* A FIFO nobody writes: not there, so nothing waits on it. */
	snprintf(fifo, sizeof(fifo), "%s/fifo.h", work);
	REQUIRE(mkfifo(fifo, 0644) == 0, "%s", fifo);
	check_hidden(env, fifo, NULL);
}

static void test_no_bwrap(const char *sdk, const char *include)
{
	char bin[PATH_MAX], link[PATH_MAX + 32], gxx[PATH_MAX], err[512] = "";
	char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	struct build_env *env = malloc(sizeof(*env));

	REQUIRE(env, "malloc");
	REQUIRE(build_proc_find("riscv64-unknown-elf-g++", gxx, sizeof(gxx)) == 0, "compiler");
	/* A PATH with the compiler and nothing else. */
	snprintf(bin, sizeof(bin), "%s/bin", work);
	REQUIRE(mkdir(bin, 0755) == 0, "%s", bin);
	snprintf(link, sizeof(link), "%s/riscv64-unknown-elf-g++", bin);
	REQUIRE(symlink(gxx, link) == 0, "%s", link);
	setenv("PATH", bin, 1);
	CHECK_EQ(build_env_init(env, NULL, sdk, include, cache_dir, err, sizeof(err)), -ENOENT);
	CHECK(!strcmp(err, "build: the compiler runs in a sandbox made by bubblewrap, and bwrap is "
		      "not in PATH: install the Debian package bubblewrap"), "err: %s", err);
	if (old)
		setenv("PATH", old, 1);
	free(old);
	free(env);
}

static void write_header(const char *path, int value)
{
	FILE *f = fopen(path, "w");

	REQUIRE(f, "%s", path);
	fprintf(f, "#define TTFS_TEST_VALUE %d\n", value);
	REQUIRE(fclose(f) == 0, "%s", path);
}

/* Sleep until path's times are more than CACHE_RACY_NS old. */
static void settle(const char *path)
{
	struct timespec d = { .tv_sec = (time_t)(CACHE_RACY_NS / 1000000000ull),
			      .tv_nsec = 200 * 1000 * 1000 };
	REQUIRE(access(path, F_OK) == 0, "%s", path);
	while (nanosleep(&d, &d) < 0 && errno == EINTR)
		;
}

/* A build of a kernel that stores TTFS_TEST_VALUE: whether it came from
 * the cache, and the ELF. */
static bool build_value(const struct build_env *env, struct build_result *r)
{
	static const char src[] = "#include \"ttfs_test_value.h\"\n"
				  "volatile int ttfs_value = TTFS_TEST_VALUE;\n"
				  "void kernel_main() { ttfs_value++; }\n";
	struct build_request req = { .risc = PACK_BRISC, .name = "writer.cpp", .source = src,
				     .source_len = sizeof(src) - 1 };

	CHECK_EQ(build_kernel(env, &req, r), 0);
	if (r->status)
		fprintf(stderr, "%s\n", r->log ? r->log : "(no log)");
	return r->cache_hit;
}

static bool same_elf(const struct build_result *a, const struct build_result *b)
{
	return a->elf_len == b->elf_len && !memcmp(a->elf, b->elf, a->elf_len);
}

static void test_header_change(const struct build_env *env)
{
	char header[PATH_MAX];
	struct build_result one, again, two, three;
	struct timespec old[2];
	struct stat st;

	REQUIRE(snprintf(header, sizeof(header), "%s/ttfs_test_value.h", include_copy) < PATH_MAX,
		"path");
	write_header(header, 1);
	/* A header younger than CACHE_RACY_NS is keyed by its bytes, an older
	 * one by its times: let it age first, or a first build slower than
	 * that (a loaded machine) keys it one way and the second the other. */
	settle(header);
	CHECK(!build_value(env, &one), "the first build compiles");
	CHECK(build_value(env, &again), "the same inputs: from the cache");
	CHECK(same_elf(&one, &again), "the same ELF");
	/* At once, the same size: only the bytes differ. */
	REQUIRE(stat(header, &st) == 0, "%s", header);
	write_header(header, 2);
	CHECK(!build_value(env, &two), "a changed header is compiled, not served from the cache");
	CHECK(two.key != one.key && !same_elf(&one, &two), "a new key and ELF");
	/* The old modification time given back (cp -p, touch -r): the
	 * change time still says. */
	old[0] = st.st_atim;
	old[1] = st.st_mtim;
	write_header(header, 3);
	REQUIRE(utimensat(AT_FDCWD, header, old, 0) == 0, "utimensat %s", header);
	CHECK(!build_value(env, &three), "a header with its old mtime is compiled again");
	CHECK(!same_elf(&two, &three) && !same_elf(&one, &three), "its own ELF");
	build_result_free(&one);
	build_result_free(&again);
	build_result_free(&two);
	build_result_free(&three);
}

static void cleanup(void)
{
	temp_dir_remove(work);
}

/* The kept stamp (build_watch.c) is a fresh walk's value at every step:
 * kept while nothing changed, new after a change of bytes at the same
 * size, of times given back, of a new file and of a removed one. */
static void check_watch_walk(struct build_watch *w, const struct build_env *env,
			     uint64_t *stamp, const char *what)
{
	uint64_t walked;

	CHECK_EQ(build_watch_stamp(w, env, stamp), 0);
	CHECK_EQ(build_env_stamp(env, &walked), 0);
	CHECK(*stamp == walked, "watched stamp = a walk's: %s", what);
}

static void test_watch(const struct build_env *env)
{
	char header[PATH_MAX], extra[PATH_MAX];
	uint64_t s0, s1, s2, s3, s4, s5;
	struct timespec old[2];
	struct build_watch w;
	struct stat st;

	REQUIRE(snprintf(header, sizeof(header), "%s/ttfs_watch_value.h", include_copy) < PATH_MAX,
		"path");
	REQUIRE(snprintf(extra, sizeof(extra), "%s/ttfs_watch_extra.h", include_copy) < PATH_MAX,
		"path");
	write_header(header, 1);
	settle(header);
	build_watch_init(&w);
	REQUIRE(w.fd >= 0, "inotify_init1");
	check_watch_walk(&w, env, &s0, "first");
	CHECK(w.kept, "an aged tree's stamp is kept");
	check_watch_walk(&w, env, &s1, "unchanged");
	CHECK(s1 == s0, "unchanged: the same stamp");

	REQUIRE(stat(header, &st) == 0, "%s", header);
	old[0] = st.st_atim;
	old[1] = st.st_mtim;
	write_header(header, 2);
	REQUIRE(utimensat(AT_FDCWD, header, old, 0) == 0, "utimensat %s", header);
	check_watch_walk(&w, env, &s2, "bytes changed, old mtime back");
	CHECK(s2 != s1, "a changed header changes the stamp");
	CHECK(!w.kept, "a racy header's stamp is not kept");

	write_header(extra, 7);
	check_watch_walk(&w, env, &s3, "a new file");
	CHECK(s3 != s2, "a new file changes the stamp");
	settle(extra);
	check_watch_walk(&w, env, &s4, "aged");
	CHECK(w.kept, "kept again once aged");
	REQUIRE(unlink(extra) == 0, "unlink %s", extra);
	check_watch_walk(&w, env, &s5, "a removed file");
	CHECK(s5 != s4, "a removed file changes the stamp");
	REQUIRE(unlink(header) == 0, "unlink %s", header);
	build_watch_destroy(&w);
}

int main(int argc, char **argv)
{
	struct build_env *env = malloc(sizeof(*env));
	char err[512] = "";

	REQUIRE(argc == 3, "usage: test_sandbox SDK_DIR INCLUDE_DIR");
	REQUIRE(env, "malloc");
	REQUIRE(mkdtemp(work), "%s", work);
	atexit(cleanup);
	snprintf(cache_dir, sizeof(cache_dir), "%s/cache", work);
	snprintf(include_copy, sizeof(include_copy), "%s/include", work);
	REQUIRE(temp_dir_copy(argv[2], include_copy) == 0, "copying %s", argv[2]);
	REQUIRE(build_env_init(env, NULL, argv[1], include_copy, cache_dir, err, sizeof(err)) == 0,
		"%s", err);
	test_view(env);
	test_host_files(env);
	test_header_change(env);
	test_watch(env);
	test_no_bwrap(argv[1], argv[2]);
	free(env);
	return check_exit("test_sandbox");
}
