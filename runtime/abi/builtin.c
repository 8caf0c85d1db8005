/* SPDX-License-Identifier: Apache-2.0
 *
 * The field table of ttrt_abi.h and the built-in profile: the layout of
 * ttfs's own firmware. The table's built-in numbers are written out by
 * hand; the static_asserts below hold each against tt/l1_map.h, the header
 * the firmware is compiled with, so neither can drift from the other.
 */
#include "ttrt_abi.h"
#include "tt/l1_map.h"

#include <string.h>

const struct ttrt_abi_field_desc ttrt_abi_fields[TTRT_ABI_NUM_FIELDS] = {
#define DESC(key, v, d, a, b) \
	[TTRT_ABI_##key] = { #key, (uint32_t)(v), TTRT_ABI_D_##d, a, b, offsetof(struct ttrt_abi, key) },
	TTRT_ABI_FIELDS(DESC)
#undef DESC
};

/* The built-in value of a field, as a constant expression. */
enum {
#define BUILTIN(key, v, d, a, b) BUILTIN_##key = (long long)(v),
	TTRT_ABI_FIELDS(BUILTIN)
#undef BUILTIN
};

#define SAME(key, header) \
	_Static_assert((unsigned long long)BUILTIN_##key == (unsigned long long)(header), \
		       #key " differs from tt/l1_map.h")
#define LAUNCH_OFF(m) offsetof(struct tt_launch_msg, m)
#define LAUNCH_SIZE(m) sizeof(((struct tt_launch_msg *)0)->m)
#define MBOX_OFF(m) offsetof(struct tt_mailboxes_head, m)
#define EXTENT(t, m) (sizeof(((t *)0)->m) / sizeof(((t *)0)->m[0]))

SAME(l1_size, TT_L1_SIZE);
SAME(boot_code_base, TT_MEM_BOOT_CODE_BASE);
SAME(mailbox_base, TT_MEM_MAILBOX_BASE);
SAME(mailbox_size, TT_MEM_MAILBOX_SIZE);
SAME(brisc_fw_base, TT_MEM_BRISC_FW_BASE);
SAME(ncrisc_fw_base, TT_MEM_NCRISC_FW_BASE);
SAME(trisc0_fw_base, TT_MEM_TRISC0_FW_BASE);
SAME(trisc1_fw_base, TT_MEM_TRISC1_FW_BASE);
SAME(trisc2_fw_base, TT_MEM_TRISC2_FW_BASE);
SAME(brisc_fw_size, TT_MEM_BRISC_FW_SIZE);
SAME(ncrisc_fw_size, TT_MEM_SUBORDINATE_FW_SIZE);
SAME(trisc0_fw_size, TT_MEM_SUBORDINATE_FW_SIZE);
SAME(trisc1_fw_size, TT_MEM_SUBORDINATE_FW_SIZE);
SAME(trisc2_fw_size, TT_MEM_SUBORDINATE_FW_SIZE);
SAME(local_base, TT_MEM_LOCAL_BASE);
SAME(brisc_local_size, TT_MEM_BRISC_LOCAL_SIZE);
SAME(ncrisc_local_size, TT_MEM_NCRISC_LOCAL_SIZE);
SAME(trisc_local_size, TT_MEM_TRISC_LOCAL_SIZE);
SAME(brisc_init_scratch, TT_MEM_BRISC_INIT_SCRATCH);
SAME(ncrisc_init_scratch, TT_MEM_NCRISC_INIT_SCRATCH);
SAME(trisc0_init_scratch, TT_MEM_TRISC0_INIT_SCRATCH);
SAME(trisc1_init_scratch, TT_MEM_TRISC1_INIT_SCRATCH);
SAME(trisc2_init_scratch, TT_MEM_TRISC2_INIT_SCRATCH);
SAME(kernel_config_base, TT_KERNEL_CONFIG_BASE);
SAME(kernel_config_size, TT_MEM_BANK_TO_NOC_SCRATCH - TT_KERNEL_CONFIG_BASE);
SAME(bank_to_noc_base, TT_MEM_BANK_TO_NOC_SCRATCH);
SAME(bank_to_noc_size, TT_MEM_BANK_TO_NOC_SIZE);
SAME(data_buffer_base, TT_DATA_BUFFER_SPACE_BASE);
SAME(num_circular_buffers, TT_NUM_CIRCULAR_BUFFERS);
/* Our kernel API polls TT_STREAM_REG_ADDR(cb, ...): stream n is CB n. */
SAME(cb_stream_base, 0);
SAME(num_core_types, EXTENT(struct tt_launch_msg, kernel_config_base));
SAME(launch_ring_entries, EXTENT(struct tt_mailboxes_head, launch));
SAME(go_message_entries, EXTENT(struct tt_mailboxes_head, go_messages));
SAME(local_cb_config_size, sizeof(struct tt_local_cb_config));
SAME(remote_cb_config_size, 8);
SAME(mbox_ncrisc_halt, MBOX_OFF(ncrisc_halt));
SAME(mbox_subordinate_sync, MBOX_OFF(subordinate_sync));
SAME(mbox_launch_rd_ptr, MBOX_OFF(launch_msg_rd_ptr));
SAME(mbox_launch, MBOX_OFF(launch));
SAME(mbox_go_messages, MBOX_OFF(go_messages));
SAME(mbox_go_message_index, MBOX_OFF(go_message_index));
SAME(launch_msg_size, sizeof(struct tt_launch_msg));
SAME(launch_kernel_config_base, LAUNCH_OFF(kernel_config_base));
SAME(launch_sem_offset, LAUNCH_OFF(sem_offset));
SAME(launch_local_cb_offset, LAUNCH_OFF(local_cb_offset));
SAME(launch_remote_cb_offset, LAUNCH_OFF(remote_cb_offset));
SAME(launch_rta_offset, LAUNCH_OFF(rta_offset));
SAME(launch_mode, LAUNCH_OFF(mode));
SAME(launch_kernel_text_offset, LAUNCH_OFF(kernel_text_offset));
SAME(launch_local_cb_mask, LAUNCH_OFF(local_cb_mask));
SAME(launch_local_cb_mask_size, LAUNCH_SIZE(local_cb_mask));
SAME(launch_brisc_noc_id, LAUNCH_OFF(brisc_noc_id));
SAME(launch_brisc_noc_mode, LAUNCH_OFF(brisc_noc_mode));
SAME(launch_min_remote_cb_start_index, LAUNCH_OFF(min_remote_cb_start_index));
SAME(launch_exit_erisc_kernel, LAUNCH_OFF(exit_erisc_kernel));
SAME(launch_host_assigned_id, LAUNCH_OFF(host_assigned_id));
SAME(launch_enables, LAUNCH_OFF(enables));
SAME(launch_watcher_kernel_ids, LAUNCH_OFF(watcher_kernel_ids));
SAME(launch_ncrisc_kernel_size16, LAUNCH_OFF(ncrisc_kernel_size16));
SAME(launch_sub_device_origin_x, LAUNCH_OFF(sub_device_origin_x));
SAME(launch_sub_device_origin_y, LAUNCH_OFF(sub_device_origin_y));
SAME(launch_preload, LAUNCH_OFF(preload));
SAME(go_msg_size, sizeof(struct tt_go_msg));
SAME(go_signal, offsetof(struct tt_go_msg, signal));
/* Every field of the table is checked above: one line per field. */
_Static_assert(TTRT_ABI_NUM_FIELDS == 64, "a field was added: add its SAME() check above");

void ttrt_abi_clear(struct ttrt_abi *out, const char *name, const char *source)
{
	memset(out, 0, sizeof(*out));
	strncpy(out->name, name, sizeof(out->name) - 1);
	strncpy(out->source, source, sizeof(out->source) - 1);
	strncpy(out->commit, "unknown", sizeof(out->commit) - 1);
}

void ttrt_abi_builtin(struct ttrt_abi *out)
{
	ttrt_abi_clear(out, "builtin", "built-in (ttfs firmware, tt/l1_map.h)");
	strncpy(out->commit, "none", sizeof(out->commit) - 1);
	for (int i = 0; i < TTRT_ABI_NUM_FIELDS; i++)
		ttrt_abi_set(out, i, ttrt_abi_fields[i].builtin);
}
