/* SPDX-License-Identifier: Apache-2.0
 *
 * Build (runtime/program/build/build.c): a tt-metal style reader kernel built
 * for NCRISC through the cache, its ELF accepted by the XIP packer, a
 * second build served from the cache without running the compiler, keys
 * that follow the source and the defines, a syntax error reported at the
 * user's file and line, the defines each processor gets, and the
 * program's own files beside the source.
 *
 * test_build SDK_DIR INCLUDE_DIR KERNELS_DIR
 */
#include "program/build/build.h"
#include "program/build/cache.h"
#include "program/pack/pack.h"

#include "../check.h"
#include "temp_dir.h"

#include <dirent.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *sdk_dir, *include_dir, *kernels_dir;
static char cache_dir[] = "/tmp/ttfs-test-build-XXXXXX";

static char *slurp(const char *name, size_t *len)
{
	char path[PATH_MAX];
	uint8_t *buf;

	snprintf(path, sizeof(path), "%s/%s", kernels_dir, name);
	REQUIRE(cache_read_file(path, &buf, len) == 0, "%s", path);
	return (char *)buf;
}

static bool has_arg(char **argv, const char *want)
{
	for (; *argv; argv++)
		if (!strcmp(*argv, want))
			return true;
	return false;
}

static const uint32_t reader_cta[] = { 2, 2048 };

static struct build_request reader_request(const char *src, size_t len)
{
	return (struct build_request){
		.risc = PACK_NCRISC,
		.name = "reader.cpp",
		.source = src,
		.source_len = len,
		.noc = 1,
		.compile_args = reader_cta,
		.n_compile_args = 2,
	};
}

static void test_argv(const struct build_env *env)
{
	const char *defs[] = { "BLOCK=4", "USE_FAST" };
	struct build_request req = reader_request("", 0);
	char **argv;

	req.defines = defs;
	req.n_defines = 2;
	argv = build_argv(env, &req);
	REQUIRE(argv, "build_argv");
	CHECK(!strcmp(argv[0], env->compiler), "%s", argv[0]);
	for (const char **w = (const char *[]){ "-DCOMPILE_FOR_NCRISC", "-DPROCESSOR_INDEX=1",
			"-DNOC_INDEX=1", "-DNOC_MODE=0", "-DKERNEL_COMPILE_TIME_ARGS=2,2048",
			"-DARCH_BLACKHOLE", "-DNUM_DRAM_BANKS=7", "-DKERNEL_BUILD", "-DBLOCK=4",
			"-DUSE_FAST", "-mcmodel=medany", "-fno-jump-tables", "-mno-relax",
			"-Wl,--emit-relocs", "-include", "reader.cpp", "../kernel.elf", NULL };
	     *w; w++)
		CHECK(has_arg(argv, *w), "reader argv lacks %s", *w);
	CHECK(!has_arg(argv, "-DCOMPILE_FOR_BRISC"), "reader is not BRISC");
	CHECK(!has_arg(argv, "-c") && !has_arg(argv, "sh"), "no shell");
	build_argv_free(argv);

	req.risc = PACK_BRISC;
	req.noc = 0;
	req.n_compile_args = 0;
	argv = build_argv(env, &req);
	REQUIRE(argv, "build_argv");
	CHECK(has_arg(argv, "-DCOMPILE_FOR_BRISC") && has_arg(argv, "-DPROCESSOR_INDEX=0") &&
	      has_arg(argv, "-DNOC_INDEX=0"), "BRISC defines");
	for (char **p = argv; *p; p++)
		CHECK(strncmp(*p, "-DKERNEL_COMPILE_TIME_ARGS", 26), "no args: %s", *p);
	build_argv_free(argv);

	static const char *const stage[3] = { "UNPACK", "MATH", "PACK" };
	static const char *const ns[3] = { "chlkc_unpack", "chlkc_math", "chlkc_pack" };
	for (int i = 0; i < 3; i++) {
		char want[64];

		req.risc = PACK_TRISC0 + i;
		argv = build_argv(env, &req);
		REQUIRE(argv, "build_argv");
		snprintf(want, sizeof(want), "-DCOMPILE_FOR_TRISC=%d", i);
		CHECK(has_arg(argv, want), "trisc%d lacks %s", i, want);
		snprintf(want, sizeof(want), "-DPROCESSOR_INDEX=%d", 2 + i);
		CHECK(has_arg(argv, want), "trisc%d lacks %s", i, want);
		snprintf(want, sizeof(want), "-DUCK_CHLKC_%s", stage[i]);
		CHECK(has_arg(argv, want), "trisc%d lacks %s", i, want);
		snprintf(want, sizeof(want), "-DTRISC_%s", stage[i]);
		CHECK(has_arg(argv, want), "trisc%d lacks %s", i, want);
		snprintf(want, sizeof(want), "-DNAMESPACE=%s", ns[i]);
		CHECK(has_arg(argv, want), "trisc%d lacks %s", i, want);
		/* MAIN comes from the SDK (ttfs/compute_entry.h), as tt-metal's
		 * comes from common_globals.h. */
		for (char **p = argv; *p; p++)
			CHECK(strncmp(*p, "-DMAIN", 6), "trisc%d: %s", i, *p);
		for (char **p = argv; *p; p++)
			CHECK(strncmp(*p, "-DNOC_INDEX", 11) && strncmp(*p, "-DCOMPILE_FOR_BRISC", 19),
			      "trisc%d: %s", i, *p);
		build_argv_free(argv);
	}
}

static uint64_t key_of(const struct build_env *env, const struct build_request *req)
{
	char **argv = build_argv(env, req);
	uint64_t key;

	REQUIRE(argv, "build_argv");
	key = build_key(env, 1, argv, req);
	build_argv_free(argv);
	return key;
}

static void test_keys(const struct build_env *env, const char *src, size_t len)
{
	const char *d1[] = { "BLOCK=4" }, *d2[] = { "BLOCK=5" };
	const uint32_t other_cta[] = { 2, 4096 };
	struct build_request a = reader_request(src, len), b;
	uint64_t base = key_of(env, &a);

	b = a;
	CHECK_EQ(key_of(env, &b), base);
	b.defines = d1;
	b.n_defines = 1;
	uint64_t k1 = key_of(env, &b);
	b.defines = d2;
	CHECK(k1 != base && key_of(env, &b) != k1, "a define changes the key");
	b = a;
	b.source_len = len - 1;
	CHECK(key_of(env, &b) != base, "the source changes the key");
	b = a;
	b.compile_args = other_cta;
	CHECK(key_of(env, &b) != base, "a compile-time arg changes the key");
	b = a;
	b.risc = PACK_BRISC;
	b.noc = 0;
	CHECK(key_of(env, &b) != base, "the processor changes the key");

	char **argv = build_argv(env, &a);

	REQUIRE(argv, "build_argv");
	CHECK(build_key(env, 2, argv, &a) != base, "the SDK and toolchain's stamp changes the key");
	build_argv_free(argv);
	struct build_env other = *env;
	strcat(other.toolchain_version, "x");
	CHECK(key_of(&other, &a) != base, "the toolchain changes the key");
}

static void check_packs(const struct build_result *r, const char *what)
{
	struct pack_xip xip;
	char err[256] = "";

	CHECK_EQ(pack_xip_from_elf(r->elf, r->elf_len, what, &xip, err, sizeof(err)), 0);
	CHECK(err[0] == '\0', "%s: %s", what, err);
	CHECK(xip.relocs_checked, "%s was linked with --emit-relocs", what);
	CHECK(xip.size > 64, "%s: image of %u bytes", what, xip.size);
	pack_xip_free(&xip);
}

static void test_build_and_cache(const struct build_env *env, const char *src, size_t len)
{
	struct build_request req = reader_request(src, len);
	struct build_result r1, r2;
	unsigned long runs = build_compiler_runs();
	char path[PATH_MAX];
	struct stat st;

	CHECK_EQ(build_kernel(env, &req, &r1), 0);
	if (r1.status)
		fprintf(stderr, "%s\n", r1.log ? r1.log : "(no log)");
	CHECK(!r1.cache_hit, "the first build compiles");
	CHECK_EQ(build_compiler_runs(), runs + 1);
	REQUIRE(r1.elf && r1.elf_len > 4 && !memcmp(r1.elf, "\177ELF", 4), "an ELF");
	check_packs(&r1, "reader.cpp");
	snprintf(path, sizeof(path), "%s/%016" PRIx64 ".elf", cache_dir, r1.key);
	CHECK(stat(path, &st) == 0 && (size_t)st.st_size == r1.elf_len, "%s", path);

	CHECK_EQ(build_kernel(env, &req, &r2), 0);
	CHECK(r2.cache_hit, "the second build is a hit");
	CHECK_EQ(build_compiler_runs(), runs + 1);
	CHECK(r2.key == r1.key && r2.elf_len == r1.elf_len &&
	      !memcmp(r2.elf, r1.elf, r1.elf_len), "the same ELF");
	build_result_free(&r1);
	build_result_free(&r2);
}

static void test_parallel(const struct build_env *env, const char *reader, size_t rlen)
{
	size_t wlen;
	char *writer = slurp("loopback_writer.cpp", &wlen);
	const char *defs[] = { "TTFS_TEST_PARALLEL=1" };   /* misses the cache */
	struct build_request req[2] = { reader_request(reader, rlen), {
		.risc = PACK_BRISC, .name = "writer.cpp", .source = writer, .source_len = wlen,
	} };
	struct build_job *job[2];
	struct build_result r[2];
	unsigned long runs = build_compiler_runs();

	req[0].defines = req[1].defines = defs;
	req[0].n_defines = req[1].n_defines = 1;
	for (int i = 0; i < 2; i++)
		REQUIRE(build_start(env, &req[i], &job[i]) == 0, "build_start");
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(build_wait(job[i], &r[i]), 0);
		CHECK(!r[i].cache_hit, "%s compiled", req[i].name);
		if (!r[i].status)
			check_packs(&r[i], req[i].name);
		else
			fprintf(stderr, "%s\n", r[i].log ? r[i].log : "(no log)");
	}
	CHECK_EQ(build_compiler_runs(), runs + 2);
	CHECK(r[0].key != r[1].key, "reader and writer keys differ");
	build_result_free(&r[0]);
	build_result_free(&r[1]);
	free(writer);
}

static void test_error(const struct build_env *env)
{
	static const char src[] =
		"// a reader with a typo\n"
		"#include \"api/dataflow/dataflow_api.h\"\n"
		"\n"
		"void kernel_main()\n"
		"{\n"
		"\tuint32_t n = get_arg_val<uint32_t>(0);\n"
		"\tuint32_t x = n +;\n"
		"\t(void)x;\n"
		"}\n";
	struct build_request req = reader_request(src, sizeof(src) - 1);
	struct build_result r;
	unsigned long runs = build_compiler_runs();

	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK(!r.elf, "no ELF from a failed build");
	CHECK(r.log && strstr(r.log, "error"), "log: %s", r.log ? r.log : "(none)");
	CHECK(!strcmp(r.error_file, "reader.cpp"), "error in '%s'", r.error_file);
	CHECK_EQ(r.error_line, 7);
	build_result_free(&r);

	/* A failed build is not cached: it runs again. */
	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK_EQ(build_compiler_runs(), runs + 2);
	build_result_free(&r);

	/* An index past the compile-time args fails inside the SDK; the
	 * error still names a file and line. */
	static const char bad_cta[] = "void kernel_main()\n{\n"
				      "\tconstexpr uint32_t v = get_compile_time_arg_val(5);\n"
				      "\t(void)v;\n}\n";
	req.source = bad_cta;
	req.source_len = sizeof(bad_cta) - 1;
	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK(r.error_line > 0 && r.error_file[0], "'%s':%d", r.error_file, r.error_line);
	build_result_free(&r);
}

/* No tmp-* build directory is left behind, and the entries are the
 * three good builds (reader twice with different defines, writer). */
static void test_cache_dir(void)
{
	DIR *d = opendir(cache_dir);
	struct dirent *e;
	int entries = 0;

	REQUIRE(d, "%s", cache_dir);
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || !strcmp(e->d_name, "..")))
			continue;
		CHECK(strncmp(e->d_name, "tmp-", 4) && e->d_name[0] != '.', "left over: %s",
		      e->d_name);
		entries++;
	}
	closedir(d);
	CHECK_EQ(entries, 3);
}

static void cleanup(void)
{
	temp_dir_remove(cache_dir);
}

/* The program's files beside the source: included by a relative path,
 * each in the key, an error in one named as the user names it; a source
 * whose name starts with '-' is not read as an option. */
static void test_own_files(const struct build_env *env)
{
	static const char src[] = "#include \"api/dataflow/dataflow_api.h\"\n"
				  "#include \"value.h\"\n"
				  "volatile uint32_t ttfs_value = VALUE;\n"
				  "void kernel_main() { ttfs_value++; }\n";
	static const char value1[] = "#define VALUE 1\n", value2[] = "#define VALUE 2\n";
	static const char broken[] = "#define VALUE 1\nint oops = ;\n";
	struct build_file files[] = {
		{ "-dash.cpp", src, sizeof(src) - 1 },
		{ "value.h", value1, sizeof(value1) - 1 },
	};
	struct build_request req = reader_request(src, sizeof(src) - 1);
	struct build_result r;
	uint64_t k1;

	req.name = "-dash.cpp";
	req.n_compile_args = 0;
	req.files = files;
	req.n_files = 2;
	CHECK_EQ(build_kernel(env, &req, &r), 0);
	if (r.status)
		fprintf(stderr, "%s\n", r.log ? r.log : "(no log)");
	k1 = r.key;
	build_result_free(&r);
	files[1] = (struct build_file){ "value.h", value2, sizeof(value2) - 1 };
	CHECK_EQ(build_kernel(env, &req, &r), 0);
	CHECK(!r.cache_hit && r.key != k1, "a changed header: a new key, compiled");
	build_result_free(&r);
	k1 = key_of(env, &req);
	req.n_files = 1;
	CHECK(key_of(env, &req) != k1, "every file is in the key");
	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK(r.log && strstr(r.log, "value.h: No such file or directory"), "log: %s",
	      r.log ? r.log : "(none)");
	build_result_free(&r);
	req.n_files = 2;
	CHECK_EQ(key_of(env, &req), k1);
	files[1] = (struct build_file){ "value.h", broken, sizeof(broken) - 1 };
	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK(!strcmp(r.error_file, "value.h") && r.error_line == 2, "error at '%s':%d: %s",
	      r.error_file, r.error_line, r.error_text);
	build_result_free(&r);
}

int main(int argc, char **argv)
{
	struct build_env env;
	char err[512] = "";
	size_t len;
	char *reader;

	REQUIRE(argc == 4, "usage: test_build SDK_DIR INCLUDE_DIR KERNELS_DIR");
	sdk_dir = argv[1];
	include_dir = argv[2];
	kernels_dir = argv[3];
	REQUIRE(mkdtemp(cache_dir), "%s", cache_dir);
	atexit(cleanup);

	CHECK_EQ(build_env_init(&env, NULL, sdk_dir, include_dir, cache_dir, err, sizeof(err)), 0);
	REQUIRE(err[0] == '\0', "%s", err);
	CHECK(strstr(env.toolchain_version, "riscv64-unknown-elf-g++"), "%s",
	      env.toolchain_version);
	uint64_t stamp1, stamp2;
	CHECK_EQ(build_env_stamp(&env, &stamp1), 0);
	CHECK_EQ(build_env_stamp(&env, &stamp2), 0);
	CHECK(stamp1 == stamp2 && stamp1 != 0, "a stamp, the same twice: %" PRIx64 " %" PRIx64,
	      stamp1, stamp2);

	struct build_env bad;
	CHECK_EQ(build_env_init(&bad, "/nonexistent/g++", sdk_dir, include_dir, cache_dir, err,
				sizeof(err)), -ENOENT);
	CHECK(strstr(err, "/nonexistent/g++"), "%s", err);

	reader = slurp("loopback_reader.cpp", &len);
	test_argv(&env);
	test_keys(&env, reader, len);
	test_build_and_cache(&env, reader, len);
	test_parallel(&env, reader, len);
	test_error(&env);
	test_cache_dir();
	test_own_files(&env);
	free(reader);
	return check_exit("test_build");
}
