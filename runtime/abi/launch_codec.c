/* SPDX-License-Identifier: Apache-2.0
 *
 * A launch message in a profile's byte layout: every field written at the
 * offset the profile gives, little-endian, so the same host code speaks
 * ttfs's 96-byte message and tt-metal's 112-byte one with a u64 CB mask.
 */
#include "ttrt_abi.h"

#include <errno.h>
#include <string.h>

static void put(uint8_t *buf, uint32_t off, uint64_t v, unsigned size)
{
	for (unsigned i = 0; i < size; i++)
		buf[off + i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get(const uint8_t *buf, uint32_t off, unsigned size)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < size; i++)
		v |= (uint64_t)buf[off + i] << (8 * i);
	return v;
}

/* Every field's place in the profile's layout: offset, element size and
 * element count. */
enum place_id {
	P_KERNEL_CONFIG_BASE, P_SEM_OFFSET, P_LOCAL_CB_OFFSET, P_REMOTE_CB_OFFSET, P_RTA_OFFSET,
	P_MODE, P_KERNEL_TEXT_OFFSET, P_LOCAL_CB_MASK, P_BRISC_NOC_ID, P_BRISC_NOC_MODE,
	P_MIN_REMOTE_CB, P_EXIT_ERISC, P_HOST_ID, P_ENABLES, P_WATCHER_IDS, P_NCRISC_SIZE16,
	P_ORIGIN_X, P_ORIGIN_Y, P_PRELOAD, NPLACES
};

struct place {
	uint32_t off;
	unsigned size, count;
};

/* The places of abi's launch message; -EINVAL for a profile that cannot
 * launch, one whose fields overrun the message, or a buffer shorter than
 * the message. */
static int places(const struct ttrt_abi *abi, size_t len, struct place p[NPLACES])
{
	const unsigned types = abi->num_core_types, procs = TTRT_ABI_PROCESSORS;

	if (ttrt_abi_check(abi, NULL, 0) || len < abi->launch_msg_size)
		return -EINVAL;
	p[P_KERNEL_CONFIG_BASE] = (struct place){ abi->launch_kernel_config_base, 4, types };
	p[P_SEM_OFFSET] = (struct place){ abi->launch_sem_offset, 2, types };
	p[P_LOCAL_CB_OFFSET] = (struct place){ abi->launch_local_cb_offset, 2, 1 };
	p[P_REMOTE_CB_OFFSET] = (struct place){ abi->launch_remote_cb_offset, 2, 1 };
	p[P_RTA_OFFSET] = (struct place){ abi->launch_rta_offset, 4, procs };
	p[P_MODE] = (struct place){ abi->launch_mode, 1, 1 };
	p[P_KERNEL_TEXT_OFFSET] = (struct place){ abi->launch_kernel_text_offset, 4, procs };
	p[P_LOCAL_CB_MASK] = (struct place){ abi->launch_local_cb_mask,
					     abi->launch_local_cb_mask_size, 1 };
	p[P_BRISC_NOC_ID] = (struct place){ abi->launch_brisc_noc_id, 1, 1 };
	p[P_BRISC_NOC_MODE] = (struct place){ abi->launch_brisc_noc_mode, 1, 1 };
	p[P_MIN_REMOTE_CB] = (struct place){ abi->launch_min_remote_cb_start_index, 1, 1 };
	p[P_EXIT_ERISC] = (struct place){ abi->launch_exit_erisc_kernel, 1, 1 };
	p[P_HOST_ID] = (struct place){ abi->launch_host_assigned_id, 4, 1 };
	p[P_ENABLES] = (struct place){ abi->launch_enables, 4, 1 };
	p[P_WATCHER_IDS] = (struct place){ abi->launch_watcher_kernel_ids, 2, procs };
	p[P_NCRISC_SIZE16] = (struct place){ abi->launch_ncrisc_kernel_size16, 2, 1 };
	p[P_ORIGIN_X] = (struct place){ abi->launch_sub_device_origin_x, 1, 1 };
	p[P_ORIGIN_Y] = (struct place){ abi->launch_sub_device_origin_y, 1, 1 };
	p[P_PRELOAD] = (struct place){ abi->launch_preload, 1, 1 };
	for (int i = 0; i < NPLACES; i++)
		if ((uint64_t)p[i].off + (uint64_t)p[i].size * p[i].count > abi->launch_msg_size)
			return -EINVAL;
	return 0;
}

int ttrt_abi_encode_launch(const struct ttrt_abi *abi, const struct ttrt_launch *m, uint8_t *buf,
			   size_t buflen)
{
	struct place p[NPLACES];
	unsigned bits;

	if (places(abi, buflen, p))
		return -EINVAL;
	bits = abi->num_circular_buffers;
	if (bits < 64 && (m->local_cb_mask >> bits))
		return -EINVAL;   /* a CB the firmware does not have */
	memset(buf, 0, abi->launch_msg_size);
	for (unsigned t = 0; t < abi->num_core_types; t++) {
		put(buf, p[P_KERNEL_CONFIG_BASE].off + 4 * t, m->kernel_config_base[t], 4);
		put(buf, p[P_SEM_OFFSET].off + 2 * t, m->sem_offset[t], 2);
	}
	put(buf, p[P_LOCAL_CB_OFFSET].off, m->local_cb_offset, 2);
	put(buf, p[P_REMOTE_CB_OFFSET].off, m->remote_cb_offset, 2);
	for (int r = 0; r < TTRT_ABI_PROCESSORS; r++) {
		put(buf, p[P_RTA_OFFSET].off + 4 * r, m->rta_offset[r].rta_offset, 2);
		put(buf, p[P_RTA_OFFSET].off + 4 * r + 2, m->rta_offset[r].crta_offset, 2);
		put(buf, p[P_KERNEL_TEXT_OFFSET].off + 4 * r, m->kernel_text_offset[r], 4);
		put(buf, p[P_WATCHER_IDS].off + 2 * r, m->watcher_kernel_ids[r], 2);
	}
	put(buf, p[P_MODE].off, m->mode, 1);
	put(buf, p[P_LOCAL_CB_MASK].off, m->local_cb_mask, p[P_LOCAL_CB_MASK].size);
	put(buf, p[P_BRISC_NOC_ID].off, m->brisc_noc_id, 1);
	put(buf, p[P_BRISC_NOC_MODE].off, m->brisc_noc_mode, 1);
	put(buf, p[P_MIN_REMOTE_CB].off, m->min_remote_cb_start_index, 1);
	put(buf, p[P_EXIT_ERISC].off, m->exit_erisc_kernel, 1);
	put(buf, p[P_HOST_ID].off, m->host_assigned_id, 4);
	put(buf, p[P_ENABLES].off, m->enables, 4);
	put(buf, p[P_NCRISC_SIZE16].off, m->ncrisc_kernel_size16, 2);
	put(buf, p[P_ORIGIN_X].off, m->sub_device_origin_x, 1);
	put(buf, p[P_ORIGIN_Y].off, m->sub_device_origin_y, 1);
	put(buf, p[P_PRELOAD].off, m->preload, 1);
	return 0;
}

int ttrt_abi_decode_launch(const struct ttrt_abi *abi, const uint8_t *buf, size_t len,
			   struct ttrt_launch *m)
{
	struct place p[NPLACES];

	if (places(abi, len, p))
		return -EINVAL;
	memset(m, 0, sizeof(*m));
	for (unsigned t = 0; t < abi->num_core_types; t++) {
		m->kernel_config_base[t] = (uint32_t)get(buf, p[P_KERNEL_CONFIG_BASE].off + 4 * t, 4);
		m->sem_offset[t] = (uint16_t)get(buf, p[P_SEM_OFFSET].off + 2 * t, 2);
	}
	m->local_cb_offset = (uint16_t)get(buf, p[P_LOCAL_CB_OFFSET].off, 2);
	m->remote_cb_offset = (uint16_t)get(buf, p[P_REMOTE_CB_OFFSET].off, 2);
	for (int r = 0; r < TTRT_ABI_PROCESSORS; r++) {
		m->rta_offset[r].rta_offset = (uint16_t)get(buf, p[P_RTA_OFFSET].off + 4 * r, 2);
		m->rta_offset[r].crta_offset = (uint16_t)get(buf, p[P_RTA_OFFSET].off + 4 * r + 2, 2);
		m->kernel_text_offset[r] = (uint32_t)get(buf, p[P_KERNEL_TEXT_OFFSET].off + 4 * r, 4);
		m->watcher_kernel_ids[r] = (uint16_t)get(buf, p[P_WATCHER_IDS].off + 2 * r, 2);
	}
	m->mode = (uint8_t)get(buf, p[P_MODE].off, 1);
	m->local_cb_mask = get(buf, p[P_LOCAL_CB_MASK].off, p[P_LOCAL_CB_MASK].size);
	m->brisc_noc_id = (uint8_t)get(buf, p[P_BRISC_NOC_ID].off, 1);
	m->brisc_noc_mode = (uint8_t)get(buf, p[P_BRISC_NOC_MODE].off, 1);
	m->min_remote_cb_start_index = (uint8_t)get(buf, p[P_MIN_REMOTE_CB].off, 1);
	m->exit_erisc_kernel = (uint8_t)get(buf, p[P_EXIT_ERISC].off, 1);
	m->host_assigned_id = (uint32_t)get(buf, p[P_HOST_ID].off, 4);
	m->enables = (uint32_t)get(buf, p[P_ENABLES].off, 4);
	m->ncrisc_kernel_size16 = (uint16_t)get(buf, p[P_NCRISC_SIZE16].off, 2);
	m->sub_device_origin_x = (uint8_t)get(buf, p[P_ORIGIN_X].off, 1);
	m->sub_device_origin_y = (uint8_t)get(buf, p[P_ORIGIN_Y].off, 1);
	m->preload = (uint8_t)get(buf, p[P_PRELOAD].off, 1);
	return 0;
}
