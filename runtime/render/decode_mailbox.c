/* SPDX-License-Identifier: Apache-2.0
 *
 * The text of a core's `launch` and `go` files, decoded from mailbox bytes
 * alone (offset 0 = L1 0x60). The mounted files read those bytes from L1
 * (core.c); tools/mailbox/ttfs-mailbox reads them from a dump. One
 * formatter for both, so a dump decodes to exactly what the mount showed.
 */
#include "strbuf.h"
#include "tt/l1_map.h"   /* RUN_MSG_* and DISPATCH_MODE_*: the same in every version */
#include "ttrt.h"

#include <errno.h>
#include <string.h>

/* The profile to decode with: the caller's, or the built-in one. */
static const struct ttrt_abi *profile(const struct ttrt_abi *abi, struct ttrt_abi *builtin)
{
	if (abi)
		return abi;
	ttrt_abi_builtin(builtin);
	return builtin;
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The mailbox bytes each decoder needs: through the end of the launch ring,
 * and through go_message_index. */
size_t ttrt_decode_launch_need(const struct ttrt_abi *abi)
{
	struct ttrt_abi b;
	const struct ttrt_abi *a = profile(abi, &b);
	size_t ring = a->mbox_launch + (size_t)a->launch_ring_entries * a->launch_msg_size;

	return ring > a->mbox_launch_rd_ptr + 4u ? ring : a->mbox_launch_rd_ptr + 4u;
}

size_t ttrt_decode_go_need(const struct ttrt_abi *abi)
{
	struct ttrt_abi b;
	const struct ttrt_abi *a = profile(abi, &b);
	size_t go = a->mbox_go_messages + (size_t)a->go_message_entries * a->go_msg_size;

	return go > a->mbox_go_message_index + 4u ? go : a->mbox_go_message_index + 4u;
}

int ttrt_decode_go(const struct ttrt_abi *abi, const void *mailbox, size_t len, char **out,
		   size_t *outlen)
{
	const unsigned char *mb = mailbox;
	struct strbuf sb = { 0 };
	struct ttrt_abi b;
	const struct ttrt_abi *a = profile(abi, &b);
	uint32_t index;
	uint8_t signal;
	const char *name;

	if (!mailbox || ttrt_abi_check(a, NULL, 0) || len < ttrt_decode_go_need(a))
		return -EINVAL;
	index = get32(mb + a->mbox_go_message_index);
	if (index >= a->go_message_entries)
		index = 0;   /* as the firmware does */
	signal = mb[a->mbox_go_messages + index * a->go_msg_size + a->go_signal];
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

/* Core types of kernel_config_base[] and sem_offset[], in tt-metal's order. */
static const char *core_type_name(uint32_t i)
{
	static const char *const names[TTRT_ABI_MAX_CORE_TYPES] = { "tensix", "active_eth",
								     "idle_eth", "type3" };
	return i < TTRT_ABI_MAX_CORE_TYPES ? names[i] : "?";
}

int ttrt_decode_launch(const struct ttrt_abi *abi, const void *mailbox, size_t len, char **out,
		       size_t *outlen)
{
	const unsigned char *mb = mailbox;
	struct strbuf sb = { 0 };
	struct ttrt_abi b;
	const struct ttrt_abi *a = profile(abi, &b);
	struct ttrt_launch m;
	uint32_t rd_ptr;

	if (!mailbox || ttrt_abi_check(a, NULL, 0) || len < ttrt_decode_launch_need(a))
		return -EINVAL;
	/* A pointer past the ring is masked as the firmware does (the ring
	 * has a power-of-two size in every version). */
	rd_ptr = get32(mb + a->mbox_launch_rd_ptr) & (a->launch_ring_entries - 1);
	if (ttrt_abi_decode_launch(a, mb + a->mbox_launch + rd_ptr * a->launch_msg_size,
				   a->launch_msg_size, &m))
		return -EINVAL;

	strbuf_printf(&sb, "launch_msg_rd_ptr %u\n", rd_ptr);
	for (uint32_t i = 0; i < a->num_core_types; i++)
		strbuf_printf(&sb, "kernel_config_base.%s 0x%05x\n", core_type_name(i),
			      m.kernel_config_base[i]);
	for (uint32_t i = 0; i < a->num_core_types; i++)
		strbuf_printf(&sb, "sem_offset.%s 0x%04x\n", core_type_name(i), m.sem_offset[i]);
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
	strbuf_printf(&sb, "local_cb_mask 0x%0*llx\nbrisc_noc_id %u\nbrisc_noc_mode %u\n"
		      "min_remote_cb_start_index %u\nexit_erisc_kernel %u\nhost_assigned_id %u\n",
		      (int)(2 * a->launch_local_cb_mask_size), (unsigned long long)m.local_cb_mask,
		      m.brisc_noc_id, m.brisc_noc_mode,
		      m.min_remote_cb_start_index, m.exit_erisc_kernel, m.host_assigned_id);
	print_enables(&sb, m.enables);
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		strbuf_printf(&sb, "watcher_kernel_id.%s %u\n", ttrt_risc_names[r],
			      m.watcher_kernel_ids[r]);
	strbuf_printf(&sb, "ncrisc_kernel_size16 %u\nsub_device_origin %u,%u\npreload %u\n",
		      m.ncrisc_kernel_size16, m.sub_device_origin_x, m.sub_device_origin_y, m.preload);
	return strbuf_finish(&sb, out, outlen);
}
