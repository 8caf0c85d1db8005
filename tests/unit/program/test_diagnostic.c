/* SPDX-License-Identifier: Apache-2.0
 *
 * The first error of a failed build, told in the user's file
 * (build_find_first_error, runtime/program/build/build_diagnostic.c), on what
 * riscv64-unknown-elf-g++ really prints: each case of diagnostics/ is a
 * kernel that fails one way (an error inside an SDK macro, an SDK
 * template, an SDK header reached by an #include, a header of its own,
 * the linker...). Each is checked twice: on the log captured in its
 * gcc.log (the SDK's directory renamed /home/builder/ttfs), and on a log
 * the compiler prints now, built with the daemon's own argv
 * (build_argv) in a directory holding the case's files.
 *
 * test_diagnostic SDK_DIR INCLUDE_DIR CASES_DIR
 * test_diagnostic --capture SDK_DIR INCLUDE_DIR CASES_DIR   (rewrites gcc.log)
 */
#include "program/build/build.h"
#include "program/build/cache.h"

#include "../check.h"
#include "temp_dir.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIXTURE_ROOT "/home/builder/ttfs"

struct diag_case {
	const char *dir, *file;    /* the case's directory, its source */
	enum pack_risc risc;
	const char *define;        /* one more -D, or NULL */
	const char *text;          /* error_text */
	const char *error_file;
	int error_line;
};

static const struct diag_case cases[] = {
	{ "dprint_macro", "writer.cpp", PACK_BRISC, NULL,
	  "writer.cpp:6:5: error: expected ',' or ';' before '::' token "
	  "(at sdk/api/debug/dprint.h:511:9, in expansion of macro 'DPRINT')",
	  "writer.cpp", 6 },
	{ "nested_macro", "writer.cpp", PACK_BRISC, NULL,
	  "writer.cpp:3:17: error: expected ',' or ';' before '::' token "
	  "(at sdk/api/debug/dprint.h:511:9, in expansion of macro 'DPRINT')",
	  "writer.cpp", 3 },
	{ "sdk_template", "reader.cpp", PACK_NCRISC, NULL,
	  "reader.cpp:5:38: error: static assertion failed: runtime arguments are 4-byte words "
	  "(at sdk/ttfs/kernel_args.h:26:33, in instantiation of "
	  "'T get_arg_val(int) [with T = long long unsigned int]')",
	  "reader.cpp", 5 },
	{ "ct_arg", "reader.cpp", PACK_NCRISC, NULL,
	  "reader.cpp:5:25: error: static assertion failed: compile-time arg index out of range "
	  "(at sdk/api/compile_time_args.h:27:27, in instantiation of 'constexpr uint32_t "
	  "get_ct_arg() [with long unsigned int Idx = 3; uint32_t = long unsigned int]')",
	  "reader.cpp", 5 },
	{ "user_template", "reader.cpp", PACK_NCRISC, NULL,
	  "reader.cpp:6:11: error: request for member 'nope' in 't', which is of non-class type "
	  "'int'",
	  "reader.cpp", 6 },
	{ "user_header", "reader.cpp", PACK_NCRISC, NULL,
	  "mine.h:5:21: error: expected ';' before '}' token", "mine.h", 5 },
	{ "sdk_include", "reader.cpp", PACK_NCRISC, NULL,
	  "reader.cpp:3: error: #error \"ttfs/compute_entry.h is for the TRISC builds "
	  "(COMPILE_FOR_TRISC=0..2)\" (at sdk/ttfs/compute_entry.h:17:2, included from here)",
	  "reader.cpp", 3 },
	{ "plain", "reader.cpp", PACK_NCRISC, NULL,
	  "reader.cpp:6:17: error: 'no_such_variable' was not declared in this scope",
	  "reader.cpp", 6 },
	{ "missing_header", "writer.cpp", PACK_BRISC, NULL,
	  "writer.cpp:3:10: fatal error: nosuch.h: No such file or directory", "writer.cpp", 3 },
	{ "abs_header", "writer.cpp", PACK_BRISC, NULL,
	  "writer.cpp:3:10: fatal error: .../x.h: No such file or directory", "writer.cpp", 3 },
	{ "link", "writer.cpp", PACK_BRISC, NULL,
	  "writer.cpp:7: undefined reference to `helper(int)'", "", 0 },
	{ "command_line", "writer.cpp", PACK_BRISC, "NOC_INDEX=nocx",
	  "<command-line>: error: 'nocx' was not declared in this scope", "<command-line>", 0 },
};

static const char *sdk_dir, *include_dir, *cases_dir;

/* A file of a case, NUL-terminated (a log is read as a string). */
static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[PATH_MAX];
	uint8_t *buf = NULL;
	char *text;

	snprintf(path, sizeof(path), "%s/%s/%s", cases_dir, dir, name);
	REQUIRE(cache_read_file(path, &buf, len) == 0, "%s", path);
	text = realloc(buf, *len + 1);
	REQUIRE(text, "realloc");
	text[*len] = '\0';
	return text;
}

/* A copy of text with every from replaced by to. */
static char *replace(const char *text, const char *from, const char *to)
{
	size_t n = strlen(from), m = strlen(to), count = 0;
	char *out, *o;

	for (const char *p = strstr(text, from); p; p = strstr(p + n, from))
		count++;
	out = malloc(strlen(text) + count * m + 1);
	REQUIRE(out, "malloc");
	o = out;
	for (const char *p = text, *hit; *p; p = hit + n) {
		hit = strstr(p, from);
		if (!hit) {
			strcpy(o, p);
			return out;
		}
		memcpy(o, p, (size_t)(hit - p));
		o += hit - p;
		memcpy(o, to, m);
		o += m;
	}
	*o = '\0';
	return out;
}

/* The case's files copied into a fresh directory of tmp. */
static void populate(const struct diag_case *c, const char *dir)
{
	DIR *d;
	struct dirent *e;
	char path[PATH_MAX], from[PATH_MAX];

	snprintf(from, sizeof(from), "%s/%s", cases_dir, c->dir);
	d = opendir(from);
	REQUIRE(d, "%s", from);
	while ((e = readdir(d))) {
		size_t len;
		char *text;

		if (e->d_name[0] == '.' || !strcmp(e->d_name, "gcc.log"))
			continue;
		text = slurp(c->dir, e->d_name, &len);
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		REQUIRE(build_write_file(path, text, len) == 0, "%s", path);
		free(text);
	}
	closedir(d);
}

/* The compiler's log for a case now, with the daemon's argv. */
static char *compile(const struct build_env *env, const struct diag_case *c)
{
	const char *defines[1] = { c->define };
	struct build_request req = {
		.risc = c->risc,
		.name = c->file,
		.source = "",
		.noc = c->risc == PACK_NCRISC,
		.defines = defines,
		.n_defines = c->define ? 1 : 0,
	};
	char dir[] = "/tmp/ttfs-test-diagnostic-XXXXXX";
	char **argv = build_argv(env, &req);
	char *log = NULL;
	size_t len = 0;
	int status;

	REQUIRE(argv, "argv for %s", c->dir);
	REQUIRE(mkdtemp(dir), "mkdtemp");
	populate(c, dir);
	status = build_run(argv, dir, &log, &len);
	CHECK(status > 0, "%s: the compiler exits %d, want a failure", c->dir, status);
	build_argv_free(argv);
	temp_dir_remove(dir);
	REQUIRE(log, "%s: no log", c->dir);
	return log;
}

/* No absolute path: every '/' is inside a name. */
static bool has_absolute_path(const char *text)
{
	for (const char *p = strchr(text, '/'); p; p = strchr(p + 1, '/'))
		if (p == text || strchr(" '\"`(=,;:[<", p[-1]))
			return true;
	return false;
}

static void check_case(const struct build_env *env, const struct diag_case *c, char *log,
		       const char *how)
{
	struct build_result r = { .log = log };

	build_find_first_error(env, c->file, &r);
	CHECK(!strcmp(r.error_text, c->text), "%s (%s):\n   got  '%s'\n   want '%s'\nlog:\n%s",
	      c->dir, how, r.error_text, c->text, log);
	CHECK(!strcmp(r.error_file, c->error_file), "%s (%s): file '%s', want '%s'", c->dir, how,
	      r.error_file, c->error_file);
	CHECK(r.error_line == c->error_line, "%s (%s): line %d, want %d", c->dir, how,
	      r.error_line, c->error_line);
	CHECK(!has_absolute_path(r.error_text), "%s (%s): an absolute path in '%s'", c->dir, how,
	      r.error_text);
	free(log);
}

/* The SDK as the captured logs name it. */
static void fixture_env(struct build_env *env)
{
	memset(env, 0, sizeof(*env));
	snprintf(env->sdk_dir, sizeof(env->sdk_dir), FIXTURE_ROOT "/runtime/kernel");
	snprintf(env->include_dir, sizeof(env->include_dir), FIXTURE_ROOT "/runtime/include");
	snprintf(env->cache_dir, sizeof(env->cache_dir), "/home/builder/.cache/ttfs");
}

/* The log with this machine's SDK directories renamed as in the fixtures. */
static char *as_captured(const struct build_env *env, const char *log)
{
	char *a = replace(log, env->sdk_dir, FIXTURE_ROOT "/runtime/kernel");
	char *b = replace(a, env->include_dir, FIXTURE_ROOT "/runtime/include");

	free(a);
	return b;
}

static void capture(const struct build_env *env)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *log = compile(env, &cases[i]), *fixed = as_captured(env, log);
		char path[PATH_MAX];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s/gcc.log", cases_dir, cases[i].dir);
		f = fopen(path, "w");
		REQUIRE(f && fputs(fixed, f) >= 0 && fclose(f) == 0, "%s", path);
		printf("%s\n", path);
		free(fixed);
		free(log);
	}
}

/* Synthetic logs for what the real ones above do not show: a card's
 * trees, a file of the program's under the cache, a toolchain header,
 * and a log with nothing to find. */
static void test_paths(void)
{
	struct build_env env;
	struct build_result r = { 0 };
	char log[1024];

	fixture_env(&env);
	env.card = true;
	snprintf(env.tt_metal_home, sizeof(env.tt_metal_home), "/opt/tt-metal");
	snprintf(env.sfpi_path, sizeof(env.sfpi_path), "/opt/sfpi");
	snprintf(log, sizeof(log),
		 "In file included from /opt/tt-metal/tt_metal/hw/inc/api.h:5,\n"
		 "                 from /home/builder/.cache/ttfs/tmp-ab12/writer.cpp:2:\n"
		 "/opt/tt-metal/tt_metal/hw/inc/x.h:3:4: error: 'q' in /opt/sfpi/include/s.h\n");
	r.log = log;
	build_find_first_error(&env, "writer.cpp", &r);
	CHECK(!strcmp(r.error_text, "writer.cpp:2: error: 'q' in sfpi/include/s.h "
				   "(at tt-metal/tt_metal/hw/inc/x.h:3:4, included from here)"),
	      "%s", r.error_text);

	snprintf(log, sizeof(log),
		 "/usr/lib/gcc/riscv64-unknown-elf/12.2.0/include/stdint.h:9:1: error: boom\n"
		 "/home/builder/ttfs/runtime/include/tt/fw_abi.h:7:2: note: in expansion of macro 'M'\n");
	build_find_first_error(&env, "writer.cpp", &r);
	CHECK(!strcmp(r.error_text, ".../stdint.h:9:1: error: boom"), "%s", r.error_text);
	CHECK(!strcmp(r.error_file, ".../stdint.h") && r.error_line == 9, "%s:%d", r.error_file,
	      r.error_line);

	snprintf(log, sizeof(log), "/home/builder/ttfs/runtime/include/tt/fw_abi.h:7:2: error: b\n"
				   "$ g++ -Werror x.cpp\n");
	build_find_first_error(&env, "writer.cpp", &r);
	CHECK(!strcmp(r.error_text, "include/tt/fw_abi.h:7:2: error: b"), "%s", r.error_text);

	snprintf(log, sizeof(log), "$ g++ -Werror x.cpp\nsomething went wrong\n");
	build_find_first_error(&env, "writer.cpp", &r);
	CHECK(!strcmp(r.error_text, "") && !r.error_file[0] && !r.error_line, "'%s'",
	      r.error_text);
	r.log = NULL;
	build_find_first_error(&env, "writer.cpp", &r);
	CHECK(!strcmp(r.error_text, ""), "'%s'", r.error_text);
}

int main(int argc, char **argv)
{
	char cache[] = "/tmp/ttfs-test-diagnostic-cache-XXXXXX", err[512] = "";
	bool capturing = argc == 5 && !strcmp(argv[1], "--capture");
	struct build_env env, fixture;

	REQUIRE(argc == 4 || capturing,
		"usage: test_diagnostic [--capture] SDK_DIR INCLUDE_DIR CASES_DIR");
	sdk_dir = argv[argc - 3];
	include_dir = argv[argc - 2];
	cases_dir = argv[argc - 1];
	REQUIRE(mkdtemp(cache), "mkdtemp");
	REQUIRE(build_env_init(&env, NULL, sdk_dir, include_dir, cache, err, sizeof(err)) == 0,
		"%s", err);
	if (capturing) {
		capture(&env);
	} else {
		fixture_env(&fixture);
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			size_t len;

			check_case(&fixture, &cases[i], slurp(cases[i].dir, "gcc.log", &len),
				   "captured");
			check_case(&env, &cases[i], compile(&env, &cases[i]), "compiled now");
		}
		test_paths();
	}
	temp_dir_remove(cache);
	return check_exit("test_diagnostic");
}
