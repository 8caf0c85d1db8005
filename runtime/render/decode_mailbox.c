/* SPDX-License-Identifier: Apache-2.0
 *
 * The text of a core's `launch` and `go` files, decoded from mailbox bytes
 * alone (offset 0 = L1 0x60). The mounted files read those bytes from L1
 * (core.c); tools/mailbox/ttfs-mailbox reads them from a dump. One
 * formatter for both, so a dump decodes to exactly what the mount showed.
 */
#include "strbuf.h"
#include "tt/l1_map.h"
#include "ttrt.h"

#include <errno.h>
#include <string.h>

/* The mailbox bytes each decoder needs: through the end of the launch ring,
 * and through go_message_index. */
#define LAUNCH_NEED offsetof(struct tt_mailboxes_head, go_messages)
#define GO_NEED     sizeof(struct tt_mailboxes_head)

const char *ttrt_go_signal_name(uint8_t signal)
{
	switch (signal) {
	case TT_RUN_MSG_DONE: return "done";
	case TT_RUN_MSG_INIT: return "init";
	case TT_RUN_MSG_GO: return "go";
	case TT_RUN_MSG_RESET_READ_PTR: return "reset_read_ptr";
	case TT_RUN_MSG_RESET_READ_PTR_FROM_HOST: return "reset_read_ptr_from_host";
	case TT_RUN_MSG_REPLAY_TRACE: return "replay_trace";
	default: return NULL;
	}
}

int ttrt_decode_go(const void *mailbox, size_t len, char **out, size_t *outlen)
{
	const unsigned char *mb = mailbox;
	struct strbuf sb = { 0 };
	uint32_t index;
	uint8_t signal;
	const char *name;

	if (!mailbox || len < GO_NEED)
		return -EINVAL;
	memcpy(&index, mb + offsetof(struct tt_mailboxes_head, go_message_index), sizeof(index));
	if (index >= TT_GO_MESSAGE_ENTRIES)
		index = 0;   /* as the firmware does */
	signal = mb[offsetof(struct tt_mailboxes_head, go_messages) +
		    index * sizeof(struct tt_go_msg) + offsetof(struct tt_go_msg, signal)];
	name = ttrt_go_signal_name(signal);
	if (name)
		strbuf_printf(&sb, "%s\n", name);
	else
		strbuf_printf(&sb, "unknown 0x%02x\n", signal);
	return strbuf_finish(&sb, out, outlen);
}

static void print_enables(struct strbuf *sb, uint32_t enables)
{
	int first = 1;

	strbuf_printf(sb, "enables 0x%02x", enables);
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		if (!(enables & (1u << r)))
			continue;
		strbuf_printf(sb, "%s%s", first ? " " : ",", ttrt_risc_names[r]);
		first = 0;
	}
	strbuf_printf(sb, "\n");
}

int ttrt_decode_launch(const void *mailbox, size_t len, char **out, size_t *outlen)
{
	static const char *const core_types[TT_NUM_CORE_TYPES] = { "tensix", "active_eth",
								    "idle_eth" };
	const unsigned char *mb = mailbox;
	struct strbuf sb = { 0 };
	struct tt_launch_msg m;
	uint32_t rd_ptr;

	if (!mailbox || len < LAUNCH_NEED)
		return -EINVAL;
	memcpy(&rd_ptr, mb + offsetof(struct tt_mailboxes_head, launch_msg_rd_ptr), sizeof(rd_ptr));
	rd_ptr &= TT_LAUNCH_RING_ENTRIES - 1;
	memcpy(&m, mb + offsetof(struct tt_mailboxes_head, launch) + rd_ptr * sizeof(m), sizeof(m));

	strbuf_printf(&sb, "launch_msg_rd_ptr %u\n", rd_ptr);
	for (int i = 0; i < TT_NUM_CORE_TYPES; i++)
		strbuf_printf(&sb, "kernel_config_base.%s 0x%05x\n", core_types[i],
			      m.kernel_config_base[i]);
	for (int i = 0; i < TT_NUM_CORE_TYPES; i++)
		strbuf_printf(&sb, "sem_offset.%s 0x%04x\n", core_types[i], m.sem_offset[i]);
	strbuf_printf(&sb, "local_cb_offset 0x%04x\nremote_cb_offset 0x%04x\n", m.local_cb_offset,
		      m.remote_cb_offset);
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		strbuf_printf(&sb, "rta_offset.%s 0x%04x\ncrta_offset.%s 0x%04x\n",
			      ttrt_risc_names[r], m.rta_offset[r].rta_offset, ttrt_risc_names[r],
			      m.rta_offset[r].crta_offset);
	strbuf_printf(&sb, "mode %s\n", m.mode == TT_DISPATCH_MODE_HOST ? "host" :
			   m.mode == TT_DISPATCH_MODE_DEV ? "dev" : "unknown");
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		strbuf_printf(&sb, "kernel_text_offset.%s 0x%05x\n", ttrt_risc_names[r],
			      m.kernel_text_offset[r]);
	strbuf_printf(&sb, "local_cb_mask 0x%08x\nbrisc_noc_id %u\nbrisc_noc_mode %u\n"
		      "min_remote_cb_start_index %u\nexit_erisc_kernel %u\nhost_assigned_id %u\n",
		      m.local_cb_mask, m.brisc_noc_id, m.brisc_noc_mode,
		      m.min_remote_cb_start_index, m.exit_erisc_kernel, m.host_assigned_id);
	print_enables(&sb, m.enables);
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		strbuf_printf(&sb, "watcher_kernel_id.%s %u\n", ttrt_risc_names[r],
			      m.watcher_kernel_ids[r]);
	strbuf_printf(&sb, "ncrisc_kernel_size16 %u\nsub_device_origin %u,%u\npreload %u\n",
		      m.ncrisc_kernel_size16, m.sub_device_origin_x, m.sub_device_origin_y, m.preload);
	return strbuf_finish(&sb, out, outlen);
}
