/* SPDX-License-Identifier: Apache-2.0
 *
 * ABI profiles without a compiler: the built-in profile against our
 * firmware's header field by field, the key = value text both ways, the
 * checks, and launch messages laid out by a profile.
 */
#include "../check.h"
#include "tt/l1_map.h"
#include "ttrt_abi.h"

#include <string.h>

#define LOFF(m) offsetof(struct tt_launch_msg, m)
#define MOFF(m) offsetof(struct tt_mailboxes_head, m)

/* Every field with its value computed from tt/l1_map.h here, on its own:
 * a field of the table missing from this list fails the test. */
static const struct {
	int field;
	uint32_t want;
} header[] = {
	{ TTRT_ABI_l1_size, TT_L1_SIZE },
	{ TTRT_ABI_boot_code_base, TT_MEM_BOOT_CODE_BASE },
	{ TTRT_ABI_mailbox_base, TT_MEM_MAILBOX_BASE },
	{ TTRT_ABI_mailbox_size, TT_MEM_MAILBOX_SIZE },
	{ TTRT_ABI_brisc_fw_base, TT_MEM_BRISC_FW_BASE },
	{ TTRT_ABI_ncrisc_fw_base, TT_MEM_NCRISC_FW_BASE },
	{ TTRT_ABI_trisc0_fw_base, TT_MEM_TRISC0_FW_BASE },
	{ TTRT_ABI_trisc1_fw_base, TT_MEM_TRISC1_FW_BASE },
	{ TTRT_ABI_trisc2_fw_base, TT_MEM_TRISC2_FW_BASE },
	{ TTRT_ABI_brisc_fw_size, TT_MEM_BRISC_FW_SIZE },
	{ TTRT_ABI_ncrisc_fw_size, TT_MEM_SUBORDINATE_FW_SIZE },
	{ TTRT_ABI_trisc0_fw_size, TT_MEM_SUBORDINATE_FW_SIZE },
	{ TTRT_ABI_trisc1_fw_size, TT_MEM_SUBORDINATE_FW_SIZE },
	{ TTRT_ABI_trisc2_fw_size, TT_MEM_SUBORDINATE_FW_SIZE },
	{ TTRT_ABI_local_base, TT_MEM_LOCAL_BASE },
	{ TTRT_ABI_brisc_local_size, TT_MEM_BRISC_LOCAL_SIZE },
	{ TTRT_ABI_ncrisc_local_size, TT_MEM_NCRISC_LOCAL_SIZE },
	{ TTRT_ABI_trisc_local_size, TT_MEM_TRISC_LOCAL_SIZE },
	{ TTRT_ABI_brisc_init_scratch, TT_MEM_BRISC_INIT_SCRATCH },
	{ TTRT_ABI_ncrisc_init_scratch, TT_MEM_NCRISC_INIT_SCRATCH },
	{ TTRT_ABI_trisc0_init_scratch, TT_MEM_TRISC0_INIT_SCRATCH },
	{ TTRT_ABI_trisc1_init_scratch, TT_MEM_TRISC1_INIT_SCRATCH },
	{ TTRT_ABI_trisc2_init_scratch, TT_MEM_TRISC2_INIT_SCRATCH },
	{ TTRT_ABI_kernel_config_base, TT_KERNEL_CONFIG_BASE },
	{ TTRT_ABI_kernel_config_size, TT_MEM_BANK_TO_NOC_SCRATCH - TT_KERNEL_CONFIG_BASE },
	{ TTRT_ABI_bank_to_noc_base, TT_MEM_BANK_TO_NOC_SCRATCH },
	{ TTRT_ABI_bank_to_noc_size, TT_MEM_BANK_TO_NOC_SIZE },
	{ TTRT_ABI_data_buffer_base, TT_DATA_BUFFER_SPACE_BASE },
	{ TTRT_ABI_num_circular_buffers, TT_NUM_CIRCULAR_BUFFERS },
	{ TTRT_ABI_cb_stream_base, 0 },   /* runtime/kernel polls TT_STREAM_REG_ADDR(cb, ...) */
	{ TTRT_ABI_num_core_types, TT_NUM_CORE_TYPES },
	{ TTRT_ABI_launch_ring_entries, TT_LAUNCH_RING_ENTRIES },
	{ TTRT_ABI_go_message_entries, TT_GO_MESSAGE_ENTRIES },
	{ TTRT_ABI_local_cb_config_size, sizeof(struct tt_local_cb_config) },
	{ TTRT_ABI_remote_cb_config_size, 8 },
	{ TTRT_ABI_mbox_ncrisc_halt, MOFF(ncrisc_halt) },
	{ TTRT_ABI_mbox_subordinate_sync, TT_MEM_SUBORDINATE_SYNC - TT_MEM_MAILBOX_BASE },
	{ TTRT_ABI_mbox_launch_rd_ptr, TT_MEM_LAUNCH_RD_PTR - TT_MEM_MAILBOX_BASE },
	{ TTRT_ABI_mbox_launch, TT_MEM_LAUNCH - TT_MEM_MAILBOX_BASE },
	{ TTRT_ABI_mbox_go_messages, TT_MEM_GO_MSG - TT_MEM_MAILBOX_BASE },
	{ TTRT_ABI_mbox_go_message_index, TT_MEM_GO_MSG_INDEX - TT_MEM_MAILBOX_BASE },
	{ TTRT_ABI_launch_msg_size, sizeof(struct tt_launch_msg) },
	{ TTRT_ABI_launch_kernel_config_base, LOFF(kernel_config_base) },
	{ TTRT_ABI_launch_sem_offset, LOFF(sem_offset) },
	{ TTRT_ABI_launch_local_cb_offset, LOFF(local_cb_offset) },
	{ TTRT_ABI_launch_remote_cb_offset, LOFF(remote_cb_offset) },
	{ TTRT_ABI_launch_rta_offset, LOFF(rta_offset) },
	{ TTRT_ABI_launch_mode, LOFF(mode) },
	{ TTRT_ABI_launch_kernel_text_offset, LOFF(kernel_text_offset) },
	{ TTRT_ABI_launch_local_cb_mask, LOFF(local_cb_mask) },
	{ TTRT_ABI_launch_local_cb_mask_size, sizeof(((struct tt_launch_msg *)0)->local_cb_mask) },
	{ TTRT_ABI_launch_brisc_noc_id, LOFF(brisc_noc_id) },
	{ TTRT_ABI_launch_brisc_noc_mode, LOFF(brisc_noc_mode) },
	{ TTRT_ABI_launch_min_remote_cb_start_index, LOFF(min_remote_cb_start_index) },
	{ TTRT_ABI_launch_exit_erisc_kernel, LOFF(exit_erisc_kernel) },
	{ TTRT_ABI_launch_host_assigned_id, LOFF(host_assigned_id) },
	{ TTRT_ABI_launch_enables, LOFF(enables) },
	{ TTRT_ABI_launch_watcher_kernel_ids, LOFF(watcher_kernel_ids) },
	{ TTRT_ABI_launch_ncrisc_kernel_size16, LOFF(ncrisc_kernel_size16) },
	{ TTRT_ABI_launch_sub_device_origin_x, LOFF(sub_device_origin_x) },
	{ TTRT_ABI_launch_sub_device_origin_y, LOFF(sub_device_origin_y) },
	{ TTRT_ABI_launch_preload, LOFF(preload) },
	{ TTRT_ABI_go_msg_size, sizeof(struct tt_go_msg) },
	{ TTRT_ABI_go_signal, offsetof(struct tt_go_msg, signal) },
};

static void test_builtin_equals_header(void)
{
	struct ttrt_abi abi;
	int seen[TTRT_ABI_NUM_FIELDS] = { 0 };
	size_t n = sizeof(header) / sizeof(header[0]);

	ttrt_abi_builtin(&abi);
	CHECK(strcmp(abi.name, "builtin") == 0, "name %s", abi.name);
	for (size_t i = 0; i < n; i++) {
		int f = header[i].field;
		seen[f]++;
		CHECK(abi.have[f], "%s missing", ttrt_abi_fields[f].key);
		CHECK(ttrt_abi_get(&abi, f) == header[i].want, "%s = 0x%x, header 0x%x",
		      ttrt_abi_fields[f].key, ttrt_abi_get(&abi, f), header[i].want);
	}
	for (int f = 0; f < TTRT_ABI_NUM_FIELDS; f++)
		CHECK(seen[f] == 1, "field %s compared %d times", ttrt_abi_fields[f].key, seen[f]);
	CHECK_EQ(ttrt_abi_check(&abi, NULL, 0), 0);
	/* named members and the table agree */
	CHECK_EQ(abi.mbox_go_messages, ttrt_abi_get(&abi, TTRT_ABI_mbox_go_messages));
	CHECK_EQ(ttrt_abi_go_signal_addr(&abi, 0), TT_MEM_GO_MSG_SIGNAL);
	CHECK_EQ(ttrt_abi_launch_addr(&abi, 0), TT_MEM_LAUNCH);
}

static void test_text_round_trip(void)
{
	struct ttrt_abi a, b;
	char *text = NULL, err[256] = "";
	size_t len = 0;

	ttrt_abi_builtin(&a);
	a.launch_local_cb_mask_size = 8;
	a.mbox_go_messages = 0x3F0;
	a.have[TTRT_ABI_go_signal] = 0;
	REQUIRE(ttrt_abi_render(&a, &text, &len) == 0, "render");
	CHECK(strstr(text, "name = builtin\n") == text, "%s", text);
	CHECK(strstr(text, "\nmbox_go_messages = 0x3f0\n") != NULL, "%s", text);
	CHECK(strstr(text, "\ngo_signal = missing\n") != NULL, "%s", text);
	ttrt_abi_clear(&b, "x", "y");
	CHECK_EQ(ttrt_abi_parse(text, len, &b, err, sizeof(err)), 0);
	CHECK(strcmp(b.name, "builtin") == 0 && strcmp(b.commit, "none") == 0, "%s %s", b.name,
	      b.commit);
	for (int f = 0; f < TTRT_ABI_NUM_FIELDS; f++) {
		CHECK_EQ(b.have[f], a.have[f]);
		if (a.have[f])
			CHECK(ttrt_abi_get(&b, f) == ttrt_abi_get(&a, f), "%s", ttrt_abi_fields[f].key);
	}
	free(text);

	ttrt_abi_clear(&b, "x", "y");
	CHECK_EQ(ttrt_abi_parse("# c\n\nname = n\nbogus = 1\n", 24, &b, err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "line 4: unknown key 'bogus'") == 0, "%s", err);
	CHECK_EQ(ttrt_abi_parse("l1_size = 12x\n", 14, &b, err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "line 1: l1_size: '12x' is not a 32-bit number") == 0, "%s", err);
	CHECK_EQ(ttrt_abi_parse("l1_size\n", 8, &b, err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "line 1: expected 'key = value'") == 0, "%s", err);
	CHECK_EQ(ttrt_abi_parse("l1_size = 0x100000000\n", 22, &b, err, sizeof(err)), -EINVAL);
	CHECK_EQ(ttrt_abi_load_file("/nonexistent/p.abi", &b, err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, "/nonexistent/p.abi") != NULL, "%s", err);
}

static void test_checks(void)
{
	struct ttrt_abi a;
	char err[1024];

	ttrt_abi_builtin(&a);
	a.have[TTRT_ABI_mbox_go_messages] = 0;
	a.have[TTRT_ABI_mailbox_size] = 0;
	CHECK_EQ(ttrt_abi_check(&a, err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "ABI profile 'builtin' (built-in (ttfs firmware, tt/l1_map.h)) lacks 2 fields: mailbox_size, mbox_go_messages") == 0,
	      "%s", err);
	ttrt_abi_builtin(&a);
	a.launch_local_cb_mask_size = 2;
	CHECK_EQ(ttrt_abi_check(&a, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "local_cb_mask is 2 bytes") != NULL, "%s", err);
	ttrt_abi_builtin(&a);
	a.num_circular_buffers = 64;   /* with a 32-bit mask */
	CHECK_EQ(ttrt_abi_check(&a, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "64 circular buffers do not fit a 32-bit local_cb_mask") != NULL, "%s", err);
	ttrt_abi_builtin(&a);
	a.mbox_go_messages = a.mailbox_size;
	CHECK_EQ(ttrt_abi_check(&a, err, sizeof(err)), -EINVAL);
}

static void fill(struct ttrt_launch *m)
{
	memset(m, 0, sizeof(*m));
	for (int t = 0; t < 3; t++) {
		m->kernel_config_base[t] = 0x82B0u + (uint32_t)t;
		m->sem_offset[t] = (uint16_t)(0x20 + t);
	}
	m->local_cb_offset = 0x40;
	m->remote_cb_offset = 0x130;
	for (int r = 0; r < 5; r++) {
		m->rta_offset[r].rta_offset = (uint16_t)(4 * r);
		m->rta_offset[r].crta_offset = (uint16_t)(0x100 + r);
		m->kernel_text_offset[r] = 0x1000u * (uint32_t)(r + 1);
		m->watcher_kernel_ids[r] = (uint16_t)(7 + r);
	}
	m->mode = 1;
	m->local_cb_mask = 0x80010001u;
	m->brisc_noc_id = 1;
	m->brisc_noc_mode = 1;
	m->min_remote_cb_start_index = 32;
	m->exit_erisc_kernel = 1;
	m->host_assigned_id = 0xA1B2C3D4u;
	m->enables = 0x1F;
	m->ncrisc_kernel_size16 = 99;
	m->sub_device_origin_x = 3;
	m->sub_device_origin_y = 4;
	m->preload = 1;
}

/* The built-in layout must be byte for byte the firmware's struct. */
static void test_encode_builtin(void)
{
	struct ttrt_abi abi;
	struct ttrt_launch m, back;
	struct tt_launch_msg want;
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG];

	ttrt_abi_builtin(&abi);
	fill(&m);
	memset(&want, 0, sizeof(want));
	for (int t = 0; t < 3; t++) {
		want.kernel_config_base[t] = m.kernel_config_base[t];
		want.sem_offset[t] = m.sem_offset[t];
	}
	want.local_cb_offset = m.local_cb_offset;
	want.remote_cb_offset = m.remote_cb_offset;
	for (int r = 0; r < 5; r++) {
		want.rta_offset[r].rta_offset = m.rta_offset[r].rta_offset;
		want.rta_offset[r].crta_offset = m.rta_offset[r].crta_offset;
		want.kernel_text_offset[r] = m.kernel_text_offset[r];
		want.watcher_kernel_ids[r] = m.watcher_kernel_ids[r];
	}
	want.mode = m.mode;
	want.local_cb_mask = (uint32_t)m.local_cb_mask;
	want.brisc_noc_id = m.brisc_noc_id;
	want.brisc_noc_mode = m.brisc_noc_mode;
	want.min_remote_cb_start_index = m.min_remote_cb_start_index;
	want.exit_erisc_kernel = m.exit_erisc_kernel;
	want.host_assigned_id = m.host_assigned_id;
	want.enables = m.enables;
	want.ncrisc_kernel_size16 = m.ncrisc_kernel_size16;
	want.sub_device_origin_x = m.sub_device_origin_x;
	want.sub_device_origin_y = m.sub_device_origin_y;
	want.preload = m.preload;
	memset(bytes, 0xEE, sizeof(bytes));
	CHECK_EQ(ttrt_abi_encode_launch(&abi, &m, bytes, sizeof(bytes)), 0);
	CHECK(memcmp(bytes, &want, sizeof(want)) == 0, "built-in layout differs from tt_launch_msg");
	CHECK_EQ(ttrt_abi_decode_launch(&abi, bytes, sizeof(want), &back), 0);
	CHECK(memcmp(&back, &m, sizeof(m)) == 0, "decode(encode(m)) != m");
	/* a CB the firmware does not have, and a buffer too small */
	m.local_cb_mask = 1ull << 40;
	CHECK_EQ(ttrt_abi_encode_launch(&abi, &m, bytes, sizeof(bytes)), -EINVAL);
	m.local_cb_mask = 1;
	CHECK_EQ(ttrt_abi_encode_launch(&abi, &m, bytes, 95), -EINVAL);
}

/* A newer layout: u64 mask at 0x40, the rest 4 bytes on, 112 bytes. */
static void test_encode_u64(void)
{
	struct ttrt_abi abi;
	struct ttrt_launch m, back;
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG];

	ttrt_abi_builtin(&abi);
	abi.launch_msg_size = 112;
	abi.launch_local_cb_mask_size = 8;
	abi.num_circular_buffers = 64;
	abi.launch_brisc_noc_id += 4;
	abi.launch_brisc_noc_mode += 4;
	abi.launch_min_remote_cb_start_index += 4;
	abi.launch_exit_erisc_kernel += 4;
	abi.launch_host_assigned_id += 4;
	abi.launch_enables += 4;
	abi.launch_watcher_kernel_ids += 4;
	abi.launch_ncrisc_kernel_size16 += 4;
	abi.launch_sub_device_origin_x += 4;
	abi.launch_sub_device_origin_y += 4;
	abi.launch_preload = 111;
	fill(&m);
	m.local_cb_mask = 0x8000000100000001ull;
	CHECK_EQ(ttrt_abi_encode_launch(&abi, &m, bytes, sizeof(bytes)), 0);
	CHECK_EQ(bytes[0x40], 1);
	CHECK_EQ(bytes[0x44], 1);
	CHECK_EQ(bytes[0x47], 0x80);
	CHECK_EQ(bytes[0x48], 1);              /* brisc_noc_id */
	CHECK_EQ(bytes[0x4C], 0xD4);           /* host_assigned_id, low byte */
	CHECK_EQ(bytes[0x4F], 0xA1);
	CHECK_EQ(bytes[0x50], 0x1F);           /* enables */
	CHECK_EQ(bytes[111], 1);               /* preload last */
	CHECK_EQ(ttrt_abi_decode_launch(&abi, bytes, 112, &back), 0);
	CHECK(memcmp(&back, &m, sizeof(m)) == 0, "decode(encode(m)) != m with a u64 mask");
}

/* A derived profile's provenance lines, and comments after values (the
 * profiles ttfs ships have them). */
static void test_provenance_and_comments(void)
{
	const char *in = "name = d\n"
			 "compiler = g++, FW_BUILD for BRISC (C++ library: the compiler's)\n"
			 "file = tt_metal/hw/inc/hostdev/dev_msgs.h\n"
			 "file = tt_metal/api/tt-metalium/circular_buffer_constants.h\n"
			 "l1_size = 0x180000     # 1536 KiB\n"
			 "mailbox_size = 12896#not a comment\n";
	struct ttrt_abi b;
	char *text = NULL, err[256] = "";
	size_t len = 0;

	ttrt_abi_clear(&b, "x", "y");
	CHECK_EQ(ttrt_abi_parse(in, strlen(in) - 36, &b, err, sizeof(err)), 0);
	CHECK_EQ(b.l1_size, 0x180000);
	CHECK(strcmp(b.files, "tt_metal/hw/inc/hostdev/dev_msgs.h\n"
			      "tt_metal/api/tt-metalium/circular_buffer_constants.h\n") == 0,
	      "%s", b.files);
	REQUIRE(ttrt_abi_render(&b, &text, &len) == 0, "render");
	CHECK(strstr(text, "tt_metal_commit = unknown\ncompiler = g++, FW_BUILD for BRISC (C++ library: the compiler's)\n"
			   "file = tt_metal/hw/inc/hostdev/dev_msgs.h\n"
			   "file = tt_metal/api/tt-metalium/circular_buffer_constants.h\nl1_size = 0x180000\n") != NULL,
	      "%s", text);
	free(text);
	CHECK_EQ(ttrt_abi_parse(in, strlen(in), &b, err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "line 6: mailbox_size: '12896#not a comment' is not a 32-bit number") == 0,
	      "%s", err);
	/* the built-in profile has no provenance lines */
	ttrt_abi_builtin(&b);
	REQUIRE(ttrt_abi_render(&b, &text, &len) == 0, "render");
	CHECK(strstr(text, "compiler = ") == NULL && strstr(text, "file = ") == NULL, "%s", text);
	free(text);
}

int main(void)
{
	test_builtin_equals_header();
	test_text_round_trip();
	test_provenance_and_comments();
	test_checks();
	test_encode_builtin();
	test_encode_u64();
	return check_exit("test_abi_profile");
}
