/* SPDX-License-Identifier: Apache-2.0
 *
 * ttrt_decode_launch / ttrt_decode_go: the text of `launch` and `go` from a
 * mailbox image built here with the l1_map.h structures, no device.
 */
#include "check.h"
#include "tt/l1_map.h"
#include "ttrt.h"

#include <string.h>

/* A mailbox image: the head plus slack, as a dump of 12,768 bytes would be. */
static union {
	struct tt_mailboxes_head head;
	unsigned char bytes[TT_MEM_MAILBOX_SIZE];
} mailbox;
#define image (mailbox.bytes)

static struct tt_mailboxes_head *head(void)
{
	return &mailbox.head;
}

/* Decodes with fn and compares with want; on mismatch prints both. */
static void check_text(int (*fn)(const struct ttrt_abi *, const void *, size_t, char **, size_t *),
		       size_t len,
		       const char *want, const char *what)
{
	char *out = NULL;
	size_t n = 0;
	int rc = fn(NULL, image, len, &out, &n);

	CHECK_EQ(rc, 0);
	if (rc)
		return;
	CHECK_EQ(n, strlen(out));
	CHECK(strcmp(out, want) == 0, "%s:\n--- got\n%s--- want\n%s", what, out, want);
	free(out);
}

/* The line of text that starts with key (through its newline), or "". */
static void line_of(const char *text, const char *key, char *line, size_t cap)
{
	size_t klen = strlen(key);

	line[0] = '\0';
	for (const char *p = text; *p; p = strchr(p, '\n') + 1) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		if (strncmp(p, key, klen) == 0 && p[klen] == ' ') {
			size_t n = (size_t)(nl - p);
			if (n >= cap)
				n = cap - 1;
			memcpy(line, p, n);
			line[n] = '\0';
			return;
		}
	}
}

#define CHECK_LINE(text, key, want)                                                  \
	do {                                                                         \
		char line_[128];                                                     \
		line_of((text), (key), line_, sizeof(line_));                        \
		CHECK(strcmp(line_, (want)) == 0, "line '%s', want '%s'", line_, (want)); \
	} while (0)

static const char zero_launch[] =
	"launch_msg_rd_ptr 0\n"
	"kernel_config_base.tensix 0x00000\n"
	"kernel_config_base.active_eth 0x00000\n"
	"kernel_config_base.idle_eth 0x00000\n"
	"sem_offset.tensix 0x0000\n"
	"sem_offset.active_eth 0x0000\n"
	"sem_offset.idle_eth 0x0000\n"
	"local_cb_offset 0x0000\n"
	"remote_cb_offset 0x0000\n"
	"rta_offset.brisc 0x0000\n"
	"crta_offset.brisc 0x0000\n"
	"rta_offset.ncrisc 0x0000\n"
	"crta_offset.ncrisc 0x0000\n"
	"rta_offset.trisc0 0x0000\n"
	"crta_offset.trisc0 0x0000\n"
	"rta_offset.trisc1 0x0000\n"
	"crta_offset.trisc1 0x0000\n"
	"rta_offset.trisc2 0x0000\n"
	"crta_offset.trisc2 0x0000\n"
	"mode dev\n"
	"kernel_text_offset.brisc 0x00000\n"
	"kernel_text_offset.ncrisc 0x00000\n"
	"kernel_text_offset.trisc0 0x00000\n"
	"kernel_text_offset.trisc1 0x00000\n"
	"kernel_text_offset.trisc2 0x00000\n"
	"local_cb_mask 0x00000000\n"
	"brisc_noc_id 0\n"
	"brisc_noc_mode 0\n"
	"min_remote_cb_start_index 0\n"
	"exit_erisc_kernel 0\n"
	"host_assigned_id 0\n"
	"enables 0x00\n"
	"watcher_kernel_id.brisc 0\n"
	"watcher_kernel_id.ncrisc 0\n"
	"watcher_kernel_id.trisc0 0\n"
	"watcher_kernel_id.trisc1 0\n"
	"watcher_kernel_id.trisc2 0\n"
	"ncrisc_kernel_size16 0\n"
	"sub_device_origin 0,0\n"
	"preload 0\n";

static void test_zero_image(void)
{
	memset(image, 0, sizeof(image));
	check_text(ttrt_decode_launch, sizeof(image), zero_launch, "zero launch");
	check_text(ttrt_decode_go, sizeof(image), "done\n", "zero go");
}

/* A launch message like the one cores.bats writes, in ring entry 5. */
static void test_launch_fields(void)
{
	struct tt_launch_msg *m;
	char *out = NULL;
	size_t n;

	memset(image, 0, sizeof(image));
	head()->launch_msg_rd_ptr = 5 + 8 * 3;   /* only the low 3 bits count */
	m = &head()->launch[5];
	for (int i = 0; i < TT_NUM_CORE_TYPES; i++) {
		m->kernel_config_base[i] = 0x82B0u + 0x10000u * (uint32_t)i;
		m->sem_offset[i] = (uint16_t)(0x10 * (i + 1));
	}
	m->local_cb_offset = 0x120;
	m->remote_cb_offset = 0xABCD;
	m->rta_offset[0].rta_offset = 0;
	m->rta_offset[0].crta_offset = 0x40;
	m->rta_offset[4].rta_offset = 0x1234;
	m->rta_offset[4].crta_offset = 0xFFFF;
	m->mode = TT_DISPATCH_MODE_HOST;
	m->kernel_text_offset[0] = 0x100;
	m->kernel_text_offset[2] = 0x12345;
	m->local_cb_mask = 0x80010001u;
	m->brisc_noc_id = 1;
	m->brisc_noc_mode = 2;
	m->min_remote_cb_start_index = 32;
	m->exit_erisc_kernel = 1;
	m->host_assigned_id = 4000000000u;
	m->enables = 0x15;   /* brisc, trisc0, trisc2 */
	m->watcher_kernel_ids[1] = 65535;
	m->ncrisc_kernel_size16 = 77;
	m->sub_device_origin_x = 11;
	m->sub_device_origin_y = 9;
	m->preload = 1;
	/* a neighbouring entry that must not be shown */
	memset(&head()->launch[4], 0xEE, sizeof(head()->launch[4]));
	memset(&head()->launch[6], 0xEE, sizeof(head()->launch[6]));

	CHECK_EQ(ttrt_decode_launch(NULL, image, sizeof(image), &out, &n), 0);
	REQUIRE(out != NULL, "no text");
	CHECK_LINE(out, "launch_msg_rd_ptr", "launch_msg_rd_ptr 5");
	CHECK_LINE(out, "kernel_config_base.tensix", "kernel_config_base.tensix 0x082b0");
	CHECK_LINE(out, "kernel_config_base.active_eth", "kernel_config_base.active_eth 0x182b0");
	CHECK_LINE(out, "kernel_config_base.idle_eth", "kernel_config_base.idle_eth 0x282b0");
	CHECK_LINE(out, "sem_offset.tensix", "sem_offset.tensix 0x0010");
	CHECK_LINE(out, "sem_offset.idle_eth", "sem_offset.idle_eth 0x0030");
	CHECK_LINE(out, "local_cb_offset", "local_cb_offset 0x0120");
	CHECK_LINE(out, "remote_cb_offset", "remote_cb_offset 0xabcd");
	CHECK_LINE(out, "rta_offset.brisc", "rta_offset.brisc 0x0000");
	CHECK_LINE(out, "crta_offset.brisc", "crta_offset.brisc 0x0040");
	CHECK_LINE(out, "rta_offset.trisc2", "rta_offset.trisc2 0x1234");
	CHECK_LINE(out, "crta_offset.trisc2", "crta_offset.trisc2 0xffff");
	CHECK_LINE(out, "mode", "mode host");
	CHECK_LINE(out, "kernel_text_offset.brisc", "kernel_text_offset.brisc 0x00100");
	CHECK_LINE(out, "kernel_text_offset.ncrisc", "kernel_text_offset.ncrisc 0x00000");
	CHECK_LINE(out, "kernel_text_offset.trisc0", "kernel_text_offset.trisc0 0x12345");
	CHECK_LINE(out, "local_cb_mask", "local_cb_mask 0x80010001");
	CHECK_LINE(out, "brisc_noc_id", "brisc_noc_id 1");
	CHECK_LINE(out, "brisc_noc_mode", "brisc_noc_mode 2");
	CHECK_LINE(out, "min_remote_cb_start_index", "min_remote_cb_start_index 32");
	CHECK_LINE(out, "exit_erisc_kernel", "exit_erisc_kernel 1");
	CHECK_LINE(out, "host_assigned_id", "host_assigned_id 4000000000");
	CHECK_LINE(out, "enables", "enables 0x15 brisc,trisc0,trisc2");
	CHECK_LINE(out, "watcher_kernel_id.brisc", "watcher_kernel_id.brisc 0");
	CHECK_LINE(out, "watcher_kernel_id.ncrisc", "watcher_kernel_id.ncrisc 65535");
	CHECK_LINE(out, "ncrisc_kernel_size16", "ncrisc_kernel_size16 77");
	CHECK_LINE(out, "sub_device_origin", "sub_device_origin 11,9");
	CHECK_LINE(out, "preload", "preload 1");
	CHECK(strstr(out, "0xeeee") == NULL, "a neighbouring ring entry leaked:\n%s", out);
	free(out);

	/* mode beyond host/dev, one RISC enabled, all five */
	m->mode = 7;
	m->enables = 0x01;
	CHECK_EQ(ttrt_decode_launch(NULL, image, sizeof(image), &out, &n), 0);
	CHECK_LINE(out, "mode", "mode unknown");
	CHECK_LINE(out, "enables", "enables 0x01 brisc");
	free(out);
	m->enables = 0xFFFFFFE0u | 0x1F;
	CHECK_EQ(ttrt_decode_launch(NULL, image, sizeof(image), &out, &n), 0);
	CHECK_LINE(out, "enables", "enables 0xffffffff brisc,ncrisc,trisc0,trisc1,trisc2");
	free(out);
	m->enables = 0x20;
	CHECK_EQ(ttrt_decode_launch(NULL, image, sizeof(image), &out, &n), 0);
	CHECK_LINE(out, "enables", "enables 0x20");
	free(out);
}

/* The go signal selected by go_message_index; out of range means entry 0. */
static void test_go(void)
{
	static const struct { uint8_t signal; const char *text; } cases[] = {
		{ TT_RUN_MSG_DONE, "done\n" },
		{ TT_RUN_MSG_INIT, "init\n" },
		{ TT_RUN_MSG_GO, "go\n" },
		{ TT_RUN_MSG_RESET_READ_PTR, "reset_read_ptr\n" },
		{ TT_RUN_MSG_RESET_READ_PTR_FROM_HOST, "reset_read_ptr_from_host\n" },
		{ TT_RUN_MSG_REPLAY_TRACE, "replay_trace\n" },
		{ 0x55, "unknown 0x55\n" },
		{ 0x01, "unknown 0x01\n" },
		{ 0xFF, "unknown 0xff\n" },
	};

	memset(image, 0, sizeof(image));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		head()->go_messages[0].signal = cases[i].signal;
		check_text(ttrt_decode_go, sizeof(struct tt_mailboxes_head), cases[i].text,
			   cases[i].text);
	}

	/* Index 7 selects entry 7; the other entries and bytes do not matter. */
	for (int i = 0; i < TT_GO_MESSAGE_ENTRIES; i++)
		head()->go_messages[i] = (struct tt_go_msg){ 1, 2, 3, TT_RUN_MSG_INIT };
	head()->go_messages[7].signal = TT_RUN_MSG_GO;
	head()->go_message_index = 7;
	check_text(ttrt_decode_go, sizeof(image), "go\n", "index 7");
	head()->go_message_index = 8;
	check_text(ttrt_decode_go, sizeof(image), "init\n", "index 8");
	/* Out of range: the firmware uses entry 0, and so does the decoder. */
	head()->go_messages[0].signal = TT_RUN_MSG_REPLAY_TRACE;
	head()->go_message_index = 9;
	check_text(ttrt_decode_go, sizeof(image), "replay_trace\n", "index 9");
	head()->go_message_index = 0xFFFFFFFFu;
	check_text(ttrt_decode_go, sizeof(image), "replay_trace\n", "index ~0");
}

/* Each decoder needs a fixed prefix; one byte less is -EINVAL. */
static void test_lengths(void)
{
	size_t launch_need = offsetof(struct tt_mailboxes_head, go_messages);
	size_t go_need = sizeof(struct tt_mailboxes_head);
	char *out = (char *)"untouched";
	size_t n = 12345;

	CHECK_EQ(launch_need, 784);
	CHECK_EQ(go_need, 836);
	memset(image, 0, sizeof(image));
	check_text(ttrt_decode_launch, launch_need, zero_launch, "launch at its minimum");
	check_text(ttrt_decode_go, go_need, "done\n", "go at its minimum");
	CHECK_EQ(ttrt_decode_launch(NULL, image, launch_need - 1, &out, &n), -EINVAL);
	CHECK_EQ(ttrt_decode_go(NULL, image, go_need - 1, &out, &n), -EINVAL);
	CHECK_EQ(ttrt_decode_launch(NULL, image, 0, &out, &n), -EINVAL);
	CHECK_EQ(ttrt_decode_go(NULL, image, 0, &out, &n), -EINVAL);
	CHECK_EQ(ttrt_decode_launch(NULL, NULL, sizeof(image), &out, &n), -EINVAL);
	CHECK_EQ(ttrt_decode_go(NULL, NULL, sizeof(image), &out, &n), -EINVAL);
	CHECK(strcmp(out, "untouched") == 0 && n == 12345, "outputs written on error");
}

/* A misaligned buffer decodes the same (a dump read at any offset). */
static void test_unaligned(void)
{
	static unsigned char shifted[sizeof(struct tt_mailboxes_head) + 1];
	char *a = NULL, *b = NULL;
	size_t na, nb;

	memset(image, 0, sizeof(image));
	head()->launch_msg_rd_ptr = 3;
	head()->launch[3].kernel_config_base[0] = 0x40000;
	head()->launch[3].enables = 0x3;
	head()->go_message_index = 2;
	head()->go_messages[2].signal = TT_RUN_MSG_GO;
	memcpy(shifted + 1, image, sizeof(struct tt_mailboxes_head));
	CHECK_EQ(ttrt_decode_launch(NULL, image, sizeof(struct tt_mailboxes_head), &a, &na), 0);
	CHECK_EQ(ttrt_decode_launch(NULL, shifted + 1, sizeof(struct tt_mailboxes_head), &b, &nb), 0);
	CHECK(a && b && na == nb && strcmp(a, b) == 0, "misaligned launch differs");
	CHECK_LINE(b, "enables", "enables 0x03 brisc,ncrisc");
	CHECK_LINE(b, "kernel_config_base.tensix", "kernel_config_base.tensix 0x40000");
	free(a);
	free(b);
	CHECK_EQ(ttrt_decode_go(NULL, shifted + 1, sizeof(struct tt_mailboxes_head), &b, &nb), 0);
	CHECK(b && strcmp(b, "go\n") == 0, "misaligned go: %s", b ? b : "(null)");
	free(b);
}

int main(void)
{
	test_zero_image();
	test_launch_fields();
	test_go();
	test_lengths();
	test_unaligned();
	return check_exit("test_decode_mailbox");
}
