/* SPDX-License-Identifier: Apache-2.0
 *
 * Profiles derived from tt-metal header sets by compiling the probe, and
 * the saved profiles ttfs ships. The fixtures in tests/fixtures are
 * written for these tests with the real trees' structure (README in each):
 * tt-metal-2f3626c4 and tt-metal-015b433f have tt-metal's include graph,
 * guards and headers that do not compile alone; tt-metal-pyd is the layout
 * of our firmware. Each derivation is compared field by field with the
 * saved profile written by hand from the upstream headers
 * (runtime/abi/profiles), with the RISC-V compiler (and ttfs's freestanding
 * <atomic>), with only the host's g++ on PATH, and through the SFPI
 * toolchain's test double. Trees missing each piece give messages naming
 * the file, what it lacks and what to do.
 */
#include "../check.h"
#include "ttrt_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char work[256];

static int derive_sfpi(const char *fixture, const char *sfpi, struct ttrt_abi *out, char *err,
		       size_t errlen)
{
	char home[512];
	int n = snprintf(home, sizeof(home), "%s%s%s", fixture[0] == '/' ? "" : TTFS_FIXTURES_DIR,
			 fixture[0] == '/' ? "" : "/", fixture);

	if (n < 0 || (size_t)n >= sizeof(home)) {
		snprintf(err, errlen, "fixture path too long: %s", fixture);
		return -ENAMETOOLONG;
	}
	err[0] = '\0';
	return ttrt_abi_derive(home, sfpi, work, out, err, errlen);
}

static int derive(const char *fixture, struct ttrt_abi *out, char *err, size_t errlen)
{
	return derive_sfpi(fixture, NULL, out, err, errlen);
}

static void load_saved(const char *name, struct ttrt_abi *out)
{
	char path[4096], err[1024];

	REQUIRE(ttrt_abi_saved_path(name, path, sizeof(path), err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_abi_load_file(path, out, err, sizeof(err)) == 0, "%s", err);
	CHECK(strcmp(out->name, name) == 0, "%s: name %s", path, out->name);
}

/* Every field of d has the value of the hand-written profile want. */
static void check_fields(const char *what, const struct ttrt_abi *d, const struct ttrt_abi *want)
{
	for (int f = 0; f < TTRT_ABI_NUM_FIELDS; f++) {
		CHECK(want->have[f], "%s: the saved profile lacks %s", what, ttrt_abi_fields[f].key);
		CHECK(d->have[f] && ttrt_abi_get(d, f) == ttrt_abi_get(want, f),
		      "%s: %s = 0x%x (have %d), the saved profile says 0x%x", what,
		      ttrt_abi_fields[f].key, ttrt_abi_get(d, f), d->have[f], ttrt_abi_get(want, f));
	}
}

static int lists_file(const struct ttrt_abi *d, const char *rel)
{
	size_t n = strlen(rel);

	for (const char *p = d->files; (p = strstr(p, rel)); p += n)
		if ((p == d->files || p[-1] == '\n') && p[n] == '\n')
			return 1;
	return 0;
}

/* Fixture, the saved profile of its version, and files it must list. */
static const struct {
	const char *fixture, *saved;
	const char *files[3];
} versions[] = {
	{ "tt-metal-pyd", "tt-metal-pyd-0.4.0",
	  { "tt_metal/hw/inc/dev_msgs.h", "tt_metal/hw/inc/blackhole/dev_mem_map.h",
	    "tt_metal/hw/inc/circular_buffer_constants.h" } },
	{ "tt-metal-2f3626c4", "tt-metal-2f3626c4",
	  { "tt_metal/hw/inc/hostdev/dev_msgs.h",
	    "tt_metal/hw/inc/internal/tt-1xx/blackhole/dev_mem_map.h",
	    "tt_metal/api/tt-metalium/circular_buffer_constants.h" } },
	{ "tt-metal-015b433f", "tt-metal-015b433f",
	  { "tt_metal/hw/inc/hostdev/device_print_common.h",
	    "tt_metal/hw/inc/internal/tt-1xx/blackhole/stream_io_map.h",
	    "tt_metal/hostdevcommon/api/hostdevcommon/profiler_common.h" } },
};

static void test_versions(const char *compiler, const char *sfpi)
{
	for (size_t v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
		struct ttrt_abi d, want;
		char err[2048], what[128];

		snprintf(what, sizeof(what), "%s (%s)", versions[v].fixture, compiler);
		REQUIRE(derive_sfpi(versions[v].fixture, sfpi, &d, err, sizeof(err)) == 0, "%s: %s",
			what, err);
		load_saved(versions[v].saved, &want);
		check_fields(what, &d, &want);
		CHECK(strcmp(d.name, "derived") == 0, "%s: %s", what, d.name);
		CHECK(strstr(d.source, "derived from ") == d.source &&
			      strstr(d.source, versions[v].fixture) != NULL,
		      "%s: %s", what, d.source);
		CHECK(strcmp(d.commit, want.commit) == 0, "%s: commit %s, saved %s", what, d.commit,
		      want.commit);
		for (int i = 0; i < 3; i++)
			CHECK(lists_file(&d, versions[v].files[i]), "%s: %s not in\n%s", what,
			      versions[v].files[i], d.files);
		CHECK(strstr(d.compiler, "FW_BUILD for BRISC") != NULL, "%s: %s", what, d.compiler);
		CHECK_EQ(ttrt_abi_check(&d, err, sizeof(err)), 0);
	}
}

/* The mistakes the hand-written tt-metal-main fixture made (issue 23):
 * mailbox offsets, not L1 addresses, and stream 0 for CB 0. */
static void test_2f3626c4_facts(void)
{
	struct ttrt_abi d;
	char err[2048];

	REQUIRE(derive("tt-metal-2f3626c4", &d, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(d.mbox_go_messages, 0x390);
	CHECK_EQ(ttrt_abi_go_addr(&d, 0), 0x3F0);
	CHECK_EQ(d.mbox_go_message_index, 0x3C0);
	CHECK_EQ(ttrt_abi_mbox_addr(&d, d.mbox_go_message_index), 0x420);
	CHECK_EQ(d.cb_stream_base, 0);
	CHECK_EQ(d.launch_msg_size, 112);
	CHECK_EQ(d.kernel_config_base, 0x9DE0);
	/* The moves of mid-2026 (issue 23). */
	REQUIRE(derive("tt-metal-015b433f", &d, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(d.mailbox_size, 0x3370);
	CHECK_EQ(d.brisc_fw_base, 0x39E0);
	CHECK_EQ(d.num_core_types, 4);
	CHECK_EQ(d.launch_kernel_text_offset, 0x2C + 8);
	CHECK_EQ(d.launch_host_assigned_id, 0x4C + 8);
}

/* Only a tree without stream_io_map.h numbers CB streams from 0. */
static void test_pyd_is_builtin(void)
{
	struct ttrt_abi b, saved;

	ttrt_abi_builtin(&b);
	load_saved("tt-metal-pyd-0.4.0", &saved);
	check_fields("built-in vs tt-metal-pyd-0.4.0", &b, &saved);
}

/* A shell command, with the system's PATH (a test may have narrowed ours). */
static int run(const char *cmd)
{
	char full[2200];

	snprintf(full, sizeof(full), "PATH=/usr/bin:/bin; %s", cmd);
	return system(full);
}

/* A copy of fixture in work/name (symlinks followed), for breaking. */
static void copy_tree(const char *fixture, const char *name, char *out, size_t len)
{
	char cmd[2048];

	snprintf(out, len, "%s/%s", work, name);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && cp -rL '%s/%s' '%s'", out, TTFS_FIXTURES_DIR,
		 fixture, out);
	REQUIRE(run(cmd) == 0, "%s", cmd);
}

static void remove_file(const char *tree, const char *rel)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", tree, rel);
	REQUIRE(unlink(path) == 0, "%s", path);
}

/* Appends line to a file of tree: its line number. */
static int append_line(const char *tree, const char *rel, const char *line)
{
	char path[1024];
	int n = 1, c;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tree, rel);
	f = fopen(path, "a+");
	REQUIRE(f != NULL, "%s", path);
	rewind(f);
	while ((c = fgetc(f)) != EOF)
		n += c == '\n';
	fprintf(f, "%s\n", line);
	fclose(f);
	return n;
}

#define HOW "point tt_metal_home at a whole tt-metal checkout, or use the saved profile of a checked version (-o abi=tt-metal-2f3626c4, docs/abi.md)"

/* A tree without one of the headers the probe includes itself. */
static void test_missing_headers(void)
{
	static const struct {
		const char *rel, *message;
	} cases[] = {
		{ "tt_metal/hw/inc/internal/tt-1xx/blackhole/dev_mem_map.h",
		  "no Blackhole dev_mem_map.h (looked in tt_metal/hw/inc/internal/tt-1xx/blackhole/ and tt_metal/hw/inc/blackhole/), which defines the L1 map (MEM_*): " HOW },
		{ "tt_metal/hw/inc/hostdev/dev_msgs.h",
		  "no dev_msgs.h (looked in tt_metal/hw/inc/hostdev/ and tt_metal/hw/inc/), which defines the mailbox and launch message structures: " HOW },
		{ "tt_metal/api/tt-metalium/circular_buffer_constants.h",
		  "no circular_buffer_constants.h (looked in tt_metal/api/tt-metalium/, tt_metal/hostdevcommon/api/hostdevcommon/ and tt_metal/hw/inc/), which defines NUM_CIRCULAR_BUFFERS: " HOW },
		{ "tt_metal/hw/inc/internal/tt-1xx/blackhole/noc/noc_overlay_parameters.h",
		  "no Blackhole noc_overlay_parameters.h (looked in tt_metal/hw/inc/internal/tt-1xx/blackhole/noc/ and tt_metal/hw/inc/blackhole/noc/), which has the overlay stream registers that stream_io_map.h uses: " HOW },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char tree[512], want[2048], err[2048];
		struct ttrt_abi d;

		copy_tree("tt-metal-2f3626c4", "partial", tree, sizeof(tree));
		remove_file(tree, cases[i].rel);
		CHECK_EQ(derive(tree, &d, err, sizeof(err)), -ENOENT);
		snprintf(want, sizeof(want), "tt_metal_home %s: %s", tree, cases[i].message);
		CHECK(strcmp(err, want) == 0, "\n got: %s\nwant: %s", err, want);
	}
}

/* err is "the ABI probe does not compile against the headers of TREE
 * (COMPILER): WHY (the compiler's output: WORK/abi-probe.log)", and the
 * log holds the compiler's output. */
static void check_compile_error(const char *tree, const char *err, const char *why)
{
	char prefix[1024], suffix[2048], log[512], cmd[600];
	size_t n = strlen(err);

	snprintf(prefix, sizeof(prefix), "the ABI probe does not compile against the headers of %s (",
		 tree);
	snprintf(log, sizeof(log), "%s/abi-probe.log", work);
	snprintf(suffix, sizeof(suffix), "): %s (the compiler's output: %s)", why, log);
	CHECK(strncmp(err, prefix, strlen(prefix)) == 0, "%s", err);
	CHECK(n > strlen(suffix) && strcmp(err + n - strlen(suffix), suffix) == 0,
	      "\n got: %s\nwant: ...%s", err, suffix);
	snprintf(cmd, sizeof(cmd), "grep -q 'error' '%s'", log);
	CHECK(run(cmd) == 0, "%s has no compiler error", log);
}

/* A tree missing a header that one of its headers includes: found by
 * the compiler, named relative to the tree. */
static void test_partial_tree(const char *compiler)
{
	char tree[512], err[2048], why[1024];
	struct ttrt_abi d;
	int line;

	copy_tree("tt-metal-2f3626c4", "partial", tree, sizeof(tree));
	remove_file(tree, "tt_metal/hostdevcommon/api/hostdevcommon/profiler_common.h");
	CHECK_EQ(derive(tree, &d, err, sizeof(err)), -ENOEXEC);
	check_compile_error(tree, err,
			    "tt_metal/hw/inc/hostdev/dev_msgs.h:12 includes hostdevcommon/profiler_common.h, which the tree does not have: " HOW);
	CHECK(strstr(err, compiler) != NULL, "%s: %s", compiler, err);

	copy_tree("tt-metal-2f3626c4", "partial", tree, sizeof(tree));
	remove_file(tree, "tt_metal/hw/inc/internal/tt-1xx/blackhole/core_config.h");
	CHECK_EQ(derive(tree, &d, err, sizeof(err)), -ENOEXEC);
	check_compile_error(tree, err,
			    "tt_metal/hostdevcommon/api/hostdevcommon/dprint_common.h:14 includes core_config.h, which the tree does not have: " HOW);

	/* Anything else: the compiler's own words, and what to do. */
	copy_tree("tt-metal-2f3626c4", "partial", tree, sizeof(tree));
	line = append_line(tree, "tt_metal/hw/inc/internal/tt-1xx/blackhole/dev_mem_map.h",
			   "#error broken on purpose");
	CHECK_EQ(derive(tree, &d, err, sizeof(err)), -ENOEXEC);
	snprintf(why, sizeof(why),
		 "tt_metal/hw/inc/internal/tt-1xx/blackhole/dev_mem_map.h:%d:2: error: #error broken on purpose; these headers need more than tt-metal's firmware build gives them here: use the saved profile of a checked version (-o abi=tt-metal-2f3626c4, docs/abi.md)",
		 line);
	check_compile_error(tree, err, why);
}

/* A C++ library header Debian's bare-metal g++ lacks and ttfs has no
 * freestanding copy of. */
static void test_missing_library_header(void)
{
	char tree[512], err[2048], why[1024];
	struct ttrt_abi d;
	int line;

	copy_tree("tt-metal-2f3626c4", "partial", tree, sizeof(tree));
	line = append_line(tree, "tt_metal/hw/inc/internal/tt-1xx/blackhole/core_config.h",
			   "#include <vector>");
	CHECK_EQ(derive(tree, &d, err, sizeof(err)), -ENOEXEC);
	snprintf(why, sizeof(why),
		 "tt_metal/hw/inc/internal/tt-1xx/blackhole/core_config.h:%d includes <vector>, a C++ library header that riscv64-unknown-elf-g++ does not have and ttfs has no freestanding copy of: set sfpi_path to the SFPI toolchain (its C++ library has one), or install g++",
		 line);
	check_compile_error(tree, err, why);
}

static void test_broken_field(const char *compiler)
{
	struct ttrt_abi d;
	char err[2048];

	/* A field the headers lack: derived, but not usable, and named. */
	CHECK_EQ(derive("tt-metal-broken-field", &d, err, sizeof(err)), 0);
	CHECK(!d.have[TTRT_ABI_mailbox_size] && !d.have[TTRT_ABI_mbox_go_messages] &&
		      !d.have[TTRT_ABI_go_message_entries],
	      "%s: the missing fields have values", compiler);
	CHECK(d.have[TTRT_ABI_mbox_go_message_index] && d.mbox_go_message_index == 0x3C0, "%s",
	      compiler);
	CHECK_EQ(ttrt_abi_check(&d, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "lacks 3 fields: mailbox_size, go_message_entries, mbox_go_messages"
			  "; its tree's headers define no MEM_MAILBOX_SIZE (dev_mem_map.h), mailboxes_t::go_messages (dev_msgs.h): this tt-metal version names them otherwise, so it needs a saved profile (that of a checked version, -o abi=tt-metal-2f3626c4, or one written by hand; docs/abi.md)") != NULL,
	      "%s: %s", compiler, err);

	/* A tree with stream_io_map.h must define OPERAND_START_STREAM. */
	char tree[512], cmd[1200];
	copy_tree("tt-metal-2f3626c4", "partial", tree, sizeof(tree));
	snprintf(cmd, sizeof(cmd), "sed -i 's/OPERAND_START_STREAM/OPERAND_FIRST_STREAM/g' "
		 "'%s/tt_metal/hw/inc/internal/tt-1xx/blackhole/stream_io_map.h'", tree);
	REQUIRE(run(cmd) == 0, "%s", cmd);
	CHECK_EQ(derive(tree, &d, err, sizeof(err)), 0);
	CHECK(!d.have[TTRT_ABI_cb_stream_base], "%s: cb_stream_base = %u", compiler,
	      d.cb_stream_base);
	CHECK_EQ(ttrt_abi_check(&d, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "lacks 1 field: cb_stream_base; its tree's headers define no OPERAND_START_STREAM (stream_io_map.h): ") != NULL,
	      "%s", err);

	/* No tt-metal tree at all. */
	CHECK_EQ(derive("no-such-tree", &d, err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, "/no-such-tree: no Blackhole dev_mem_map.h (looked in "
			  "tt_metal/hw/inc/internal/tt-1xx/blackhole/ and tt_metal/hw/inc/blackhole/)") != NULL,
	      "%s", err);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	REQUIRE(f != NULL, "%s", path);
	fputs(text, f);
	fclose(f);
}

static void test_commit(void)
{
	char dir[300], p[400], buf[128];
	const char *hash = "0123456789abcdef0123456789abcdef01234567";

	snprintf(dir, sizeof(dir), "%s/tree", work);
	mkdir(dir, 0700);
	ttrt_abi_tt_metal_commit(dir, buf, sizeof(buf));
	CHECK(strcmp(buf, "unknown") == 0, "%s", buf);
	snprintf(p, sizeof(p), "%s/VERSION", dir);
	write_file(p, "v0.99.0\n");
	ttrt_abi_tt_metal_commit(dir, buf, sizeof(buf));
	CHECK(strcmp(buf, "v0.99.0") == 0, "%s", buf);
	snprintf(p, sizeof(p), "%s/.git", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/.git/HEAD", dir);
	write_file(p, "ref: refs/heads/main\n");
	snprintf(p, sizeof(p), "%s/.git/packed-refs", dir);
	write_file(p, "# pack-refs with: peeled\n0123456789abcdef0123456789abcdef01234567 refs/heads/main\n");
	ttrt_abi_tt_metal_commit(dir, buf, sizeof(buf));
	CHECK(strcmp(buf, hash) == 0, "packed ref: %s", buf);
	snprintf(p, sizeof(p), "%s/.git/refs", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/.git/refs/heads", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/.git/refs/heads/main", dir);
	write_file(p, "fedcba9876543210fedcba9876543210fedcba98\n");
	ttrt_abi_tt_metal_commit(dir, buf, sizeof(buf));
	CHECK(strcmp(buf, "fedcba9876543210fedcba9876543210fedcba98") == 0, "loose ref: %s", buf);
	snprintf(p, sizeof(p), "%s/.git/HEAD", dir);
	write_file(p, "abcdef1234567\n");
	ttrt_abi_tt_metal_commit(dir, buf, sizeof(buf));
	CHECK(strcmp(buf, "abcdef1234567") == 0, "detached: %s", buf);
}

/* A work directory whose parents do not exist yet (a fresh cache_dir). */
static void test_nested_work_dir(void)
{
	char home[512], nested[400], err[2048];
	struct ttrt_abi d;

	snprintf(home, sizeof(home), "%s/tt-metal-2f3626c4/", TTFS_FIXTURES_DIR);
	snprintf(nested, sizeof(nested), "%s/a/b/c", work);
	CHECK_EQ(ttrt_abi_derive(home, NULL, nested, &d, err, sizeof(err)), 0);
	CHECK(access(nested, F_OK) == 0, "%s made", nested);
	CHECK_EQ(d.mbox_go_messages, 0x390);
	/* a trailing slash: the files are still relative to the tree */
	CHECK(lists_file(&d, "tt_metal/hw/inc/hostdev/dev_msgs.h"), "%s", d.files);
	CHECK_EQ(ttrt_abi_derive(home, NULL, "/proc/no/such", &d, err, sizeof(err)), -ENOENT);
	CHECK(strcmp(err, "/proc/no/such: No such file or directory") == 0, "%s", err);
}

static void test_saved_names(void)
{
	char path[4096], err[1024];

	CHECK(ttrt_abi_is_saved_name("tt-metal-2f3626c4"), "name");
	CHECK(!ttrt_abi_is_saved_name("builtin") && !ttrt_abi_is_saved_name("derived") &&
		      !ttrt_abi_is_saved_name("../x") && !ttrt_abi_is_saved_name(".hidden") &&
		      !ttrt_abi_is_saved_name("") && !ttrt_abi_is_saved_name("/abs/path"),
	      "not names");
	CHECK_EQ(ttrt_abi_saved_path("tt-metal-0000000", path, sizeof(path), err, sizeof(err)),
		 -ENOENT);
	CHECK(strstr(err, "no saved ABI profile 'tt-metal-0000000' (looked in ") == err &&
		      strstr(err, "/share/ttfs/abi/; saved: ") != NULL &&
		      strstr(err, "tt-metal-2f3626c4") && strstr(err, "tt-metal-015b433f") &&
		      strstr(err, "tt-metal-pyd-0.4.0"),
	      "%s", err);
}

/* An SFPI toolchain whose compiler fails: the card build reports it; the
 * profile comes from the next compiler, and says so. */
static void test_broken_sfpi(void)
{
	char sfpi[300], cmd[1400], err[2048];
	struct ttrt_abi d, want;

	snprintf(sfpi, sizeof(sfpi), "%s/broken-sfpi", work);
	snprintf(cmd, sizeof(cmd),
		 "mkdir -p '%s/compiler/bin' && printf '#!/bin/sh\\necho \"x.cc:1:1: error: broken (test)\" >&2\\nexit 1\\n' >'%s/compiler/bin/riscv-tt-elf-g++' && chmod +x '%s/compiler/bin/riscv-tt-elf-g++'",
		 sfpi, sfpi, sfpi);
	REQUIRE(run(cmd) == 0, "%s", cmd);
	REQUIRE(derive_sfpi("tt-metal-2f3626c4", sfpi, &d, err, sizeof(err)) == 0, "%s", err);
	load_saved("tt-metal-2f3626c4", &want);
	check_fields("broken SFPI", &d, &want);
	CHECK(strstr(d.compiler, "riscv64-unknown-elf-g++ -march=rv32im -mabi=ilp32, FW_BUILD") == d.compiler &&
		      strstr(d.compiler, "; ") && strstr(d.compiler, "broken-sfpi/compiler/bin/riscv-tt-elf-g++ failed on the probe (x.cc:1:1: error: broken (test); "),
	      "%s", d.compiler);
}

/* PATH with only the host's g++ (and the binutils it runs). */
static int host_only_path(char *dir, size_t len)
{
	static const char *const tools[] = { "g++", "as", "ld" };
	char link[512];

	snprintf(dir, len, "%s/hostbin", work);
	mkdir(dir, 0700);
	for (size_t i = 0; i < 3; i++) {
		char target[64];
		snprintf(target, sizeof(target), "/usr/bin/%s", tools[i]);
		snprintf(link, sizeof(link), "%s/%s", dir, tools[i]);
		if (access(target, X_OK) != 0)
			return -1;
		if (symlink(target, link) != 0 && errno != EEXIST)
			return -1;
	}
	return 0;
}

int main(void)
{
	char hostbin[300], *old_path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	char cmd[400], sfpi[512];

	snprintf(work, sizeof(work), "/tmp/test_abi_derive.XXXXXX");
	REQUIRE(mkdtemp(work) != NULL, "mkdtemp");
	snprintf(sfpi, sizeof(sfpi), "%s/tt-metal-card-sfpi", TTFS_FIXTURES_DIR);
	test_pyd_is_builtin();
	test_versions("riscv64-unknown-elf-g++", NULL);
	test_versions("SFPI (test double)", sfpi);
	test_2f3626c4_facts();
	test_missing_headers();
	test_partial_tree("riscv64-unknown-elf-g++");
	test_missing_library_header();
	test_broken_field("riscv64-unknown-elf-g++");
	test_commit();
	test_nested_work_dir();
	test_saved_names();
	test_broken_sfpi();
	if (host_only_path(hostbin, sizeof(hostbin)) == 0) {
		setenv("PATH", hostbin, 1);
		test_versions("host g++", NULL);
		test_partial_tree("g++");
		test_broken_field("host g++");
		if (old_path)
			setenv("PATH", old_path, 1);
	} else {
		fprintf(stderr, "note: no /usr/bin/g++: host-compiler derivation not tested\n");
	}
	free(old_path);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", work);
	CHECK_EQ(system(cmd), 0);
	return check_exit("test_abi_derive");
}
