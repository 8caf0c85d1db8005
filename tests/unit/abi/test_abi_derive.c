/* SPDX-License-Identifier: Apache-2.0
 *
 * Profiles derived from tt-metal header sets by compiling the probe: the
 * fixtures in tests/fixtures, written for this test in tt-metal's shapes.
 * tt-metal-pyd has the layout of our firmware, so its profile must equal
 * the built-in one; tt-metal-main has every move of reference §4.0; the
 * broken ones must give clear messages. Each derivation runs with the
 * RISC-V compiler and again with only the host's g++ on PATH.
 */
#include "../check.h"
#include "ttrt_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char work[256];

static int derive(const char *fixture, struct ttrt_abi *out, char *err, size_t errlen)
{
	char home[512];

	snprintf(home, sizeof(home), "%s/%s", TTFS_FIXTURES_DIR, fixture);
	err[0] = '\0';
	return ttrt_abi_derive(home, work, out, err, errlen);
}

static void test_pyd_is_builtin(const char *compiler)
{
	struct ttrt_abi d, b;
	char err[1024];

	ttrt_abi_builtin(&b);
	REQUIRE(derive("tt-metal-pyd", &d, err, sizeof(err)) == 0, "pyd (%s): %s", compiler, err);
	CHECK(strcmp(d.name, "derived") == 0, "%s", d.name);
	CHECK(strstr(d.source, "derived from ") == d.source &&
		      strstr(d.source, "tests/fixtures/tt-metal-pyd") != NULL,
	      "%s", d.source);
	CHECK(strcmp(d.commit, "pyd-0.4.0") == 0, "commit %s", d.commit);
	for (int f = 0; f < TTRT_ABI_NUM_FIELDS; f++) {
		CHECK(d.have[f], "%s: %s missing", compiler, ttrt_abi_fields[f].key);
		CHECK(ttrt_abi_get(&d, f) == ttrt_abi_get(&b, f), "%s: %s = 0x%x, built-in 0x%x",
		      compiler, ttrt_abi_fields[f].key, ttrt_abi_get(&d, f), ttrt_abi_get(&b, f));
	}
	CHECK_EQ(ttrt_abi_check(&d, err, sizeof(err)), 0);
}

/* The moves of reference/blackhole-abi.md §4.0, and what stays. */
static const struct {
	int field;
	uint32_t want;
} main_fields[] = {
	{ TTRT_ABI_mailbox_size, 12896 },
	{ TTRT_ABI_brisc_fw_base, 0x38C0 },
	{ TTRT_ABI_ncrisc_fw_base, 0x5AC0 },
	{ TTRT_ABI_trisc0_fw_base, 0x64C0 },
	{ TTRT_ABI_trisc1_fw_base, 0x6EC0 },
	{ TTRT_ABI_trisc2_fw_base, 0x78C0 },
	{ TTRT_ABI_brisc_fw_size, 6 * 1024 + 2560 },
	{ TTRT_ABI_trisc1_fw_size, 2560 },
	{ TTRT_ABI_kernel_config_base, 0x9DE0 },
	{ TTRT_ABI_brisc_init_scratch, 0x9DE0 },
	{ TTRT_ABI_ncrisc_init_scratch, 0xBDE0 },
	{ TTRT_ABI_bank_to_noc_base, 0x12DE0 },
	{ TTRT_ABI_kernel_config_size, 0x9000 },
	{ TTRT_ABI_launch_msg_size, 112 },
	{ TTRT_ABI_launch_local_cb_mask, 0x40 },
	{ TTRT_ABI_launch_local_cb_mask_size, 8 },
	{ TTRT_ABI_launch_brisc_noc_id, 0x48 },
	{ TTRT_ABI_launch_min_remote_cb_start_index, 0x4A },
	{ TTRT_ABI_launch_host_assigned_id, 0x4C },
	{ TTRT_ABI_launch_enables, 0x50 },
	{ TTRT_ABI_launch_watcher_kernel_ids, 0x54 },
	{ TTRT_ABI_launch_ncrisc_kernel_size16, 0x5E },
	{ TTRT_ABI_launch_preload, 0x6F },
	{ TTRT_ABI_mbox_go_messages, 0x390 },     /* L1 0x3F0 */
	{ TTRT_ABI_mbox_go_message_index, 0x3C0 }, /* L1 0x420 */
	{ TTRT_ABI_num_circular_buffers, 64 },
	{ TTRT_ABI_cb_stream_base, 0 },          /* stream_io_map.h: OPERAND_START_STREAM */
	/* unchanged */
	{ TTRT_ABI_mailbox_base, 0x60 },
	{ TTRT_ABI_mbox_launch, 0x10 },
	{ TTRT_ABI_mbox_subordinate_sync, 0x8 },
	{ TTRT_ABI_launch_ring_entries, 8 },
	{ TTRT_ABI_go_message_entries, 9 },
	{ TTRT_ABI_launch_kernel_text_offset, 0x2C },
	{ TTRT_ABI_launch_rta_offset, 0x16 },
	{ TTRT_ABI_go_signal, 3 },
	{ TTRT_ABI_l1_size, 0x180000 },
	{ TTRT_ABI_num_core_types, 3 },
};

static void test_main_moves(const char *compiler)
{
	struct ttrt_abi d;
	char err[1024];

	REQUIRE(derive("tt-metal-main", &d, err, sizeof(err)) == 0, "main (%s): %s", compiler, err);
	CHECK(strcmp(d.commit, "2f3626c4") == 0, "commit %s", d.commit);
	for (size_t i = 0; i < sizeof(main_fields) / sizeof(main_fields[0]); i++) {
		int f = main_fields[i].field;
		CHECK(d.have[f] && ttrt_abi_get(&d, f) == main_fields[i].want,
		      "%s: %s = 0x%x (have %d), want 0x%x", compiler, ttrt_abi_fields[f].key,
		      ttrt_abi_get(&d, f), d.have[f], main_fields[i].want);
	}
	CHECK_EQ(ttrt_abi_check(&d, err, sizeof(err)), 0);
}

static void test_broken(const char *compiler)
{
	struct ttrt_abi d;
	char err[1024];
	int rc;

	/* A field the headers lack: derived, but not usable, and named. */
	rc = derive("tt-metal-broken-field", &d, err, sizeof(err));
	CHECK_EQ(rc, 0);
	CHECK(!d.have[TTRT_ABI_mailbox_size] && !d.have[TTRT_ABI_mbox_go_messages] &&
		      !d.have[TTRT_ABI_go_message_entries],
	      "%s: the missing fields have values", compiler);
	CHECK(d.have[TTRT_ABI_mbox_go_message_index] && d.mbox_go_message_index == 0x3C0, "%s",
	      compiler);
	CHECK_EQ(ttrt_abi_check(&d, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "lacks 3 fields: mailbox_size, go_message_entries, mbox_go_messages") !=
		      NULL,
	      "%s: %s", compiler, err);

	/* Headers the probe cannot compile against. */
	rc = derive("tt-metal-broken-header", &d, err, sizeof(err));
	CHECK_EQ(rc, -ENOEXEC);
	CHECK(strstr(err, "the ABI probe does not compile against the headers of ") == err &&
		      strstr(err, "dev_msgs.h") != NULL,
	      "%s: %s", compiler, err);
	CHECK_EQ(ttrt_abi_check(&d, NULL, 0), -EINVAL);

	/* No tt-metal tree at all. */
	rc = derive("no-such-tree", &d, err, sizeof(err));
	CHECK_EQ(rc, -ENOENT);
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
	char home[512], nested[400], err[1024];
	struct ttrt_abi d;

	snprintf(home, sizeof(home), "%s/tt-metal-main", TTFS_FIXTURES_DIR);
	snprintf(nested, sizeof(nested), "%s/a/b/c", work);
	CHECK_EQ(ttrt_abi_derive(home, nested, &d, err, sizeof(err)), 0);
	CHECK(access(nested, F_OK) == 0, "%s made", nested);
	CHECK_EQ(d.mbox_go_messages, 0x390);
	CHECK_EQ(ttrt_abi_derive(home, "/proc/no/such", &d, err, sizeof(err)), -ENOENT);
	CHECK(strcmp(err, "/proc/no/such: No such file or directory") == 0, "%s", err);
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
	char cmd[400];

	snprintf(work, sizeof(work), "/tmp/test_abi_derive.XXXXXX");
	REQUIRE(mkdtemp(work) != NULL, "mkdtemp");
	test_pyd_is_builtin("PATH compiler");
	test_main_moves("PATH compiler");
	test_broken("PATH compiler");
	test_commit();
	test_nested_work_dir();
	if (host_only_path(hostbin, sizeof(hostbin)) == 0) {
		setenv("PATH", hostbin, 1);
		test_pyd_is_builtin("host g++");
		test_main_moves("host g++");
		test_broken("host g++");
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
