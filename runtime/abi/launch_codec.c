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

/* Every field's place: offset, element size and count. */
struct place {
	uint32_t off;
	unsigned size, count;
};

static int places(const struct ttrt_abi *abi, struct place p[], unsigned n_types)
{
	const struct place all[] = {
		{ abi->launch_kernel_config_base, 4, n_types },
		{ abi->launch_sem_offset, 2, n_types },
		{ abi->launch_local_cb_offset, 2, 1 },
		{ abi->launch_remote_cb_offset, 2, 1 },
		{ abi->launch_rta_offset, 4, TTRT_ABI_PROCESSORS },
		{ abi->launch_mode, 1, 1 },
		{ abi->launch_kernel_text_offset, 4, TTRT_ABI_PROCESSORS },
		{ abi->launch_local_cb_mask, abi->launch_local_cb_mask_size, 1 },
		{ abi->launch_brisc_noc_id, 1, 1 },
		{ abi->launch_brisc_noc_mode, 1, 1 },
		{ abi->launch_min_remote_cb_start_index, 1, 1 },
		{ abi->launch_exit_erisc_kernel, 1, 1 },
		{ abi->launch_host_assigned_id, 4, 1 },
		{ abi->launch_enables, 4, 1 },
		{ abi->launch_watcher_kernel_ids, 2, TTRT_ABI_PROCESSORS },
		{ abi->launch_ncrisc_kernel_size16, 2, 1 },
		{ abi->launch_sub_device_origin_x, 1, 1 },
		{ abi->launch_sub_device_origin_y, 1, 1 },
		{ abi->launch_preload, 1, 1 },
	};
	int n = (int)(sizeof(all) / sizeof(all[0]));

	for (int i = 0; i < n; i++) {
		if ((uint64_t)all[i].off + (uint64_t)all[i].size * all[i].count > abi->launch_msg_size)
			return -EINVAL;
		p[i] = all[i];
	}
	return n;
}

#define NPLACES 19

static int setup(const struct ttrt_abi *abi, size_t len, struct place p[NPLACES])
{
	if (ttrt_abi_check(abi, NULL, 0) || len < abi->launch_msg_size)
		return -EINVAL;
	return places(abi, p, abi->num_core_types) == NPLACES ? 0 : -EINVAL;
}

int ttrt_abi_encode_launch(const struct ttrt_abi *abi, const struct ttrt_launch *m, uint8_t *buf,
			   size_t buflen)
{
	struct place p[NPLACES];
	unsigned bits;

	if (setup(abi, buflen, p))
		return -EINVAL;
	bits = abi->num_circular_buffers;
	if (bits < 64 && (m->local_cb_mask >> bits))
		return -EINVAL;   /* a CB the firmware does not have */
	memset(buf, 0, abi->launch_msg_size);
	for (unsigned t = 0; t < abi->num_core_types; t++) {
		put(buf, p[0].off + 4 * t, m->kernel_config_base[t], 4);
		put(buf, p[1].off + 2 * t, m->sem_offset[t], 2);
	}
	put(buf, p[2].off, m->local_cb_offset, 2);
	put(buf, p[3].off, m->remote_cb_offset, 2);
	for (int r = 0; r < TTRT_ABI_PROCESSORS; r++) {
		put(buf, p[4].off + 4 * r, m->rta_offset[r].rta_offset, 2);
		put(buf, p[4].off + 4 * r + 2, m->rta_offset[r].crta_offset, 2);
		put(buf, p[6].off + 4 * r, m->kernel_text_offset[r], 4);
		put(buf, p[14].off + 2 * r, m->watcher_kernel_ids[r], 2);
	}
	put(buf, p[5].off, m->mode, 1);
	put(buf, p[7].off, m->local_cb_mask, p[7].size);
	put(buf, p[8].off, m->brisc_noc_id, 1);
	put(buf, p[9].off, m->brisc_noc_mode, 1);
	put(buf, p[10].off, m->min_remote_cb_start_index, 1);
	put(buf, p[11].off, m->exit_erisc_kernel, 1);
	put(buf, p[12].off, m->host_assigned_id, 4);
	put(buf, p[13].off, m->enables, 4);
	put(buf, p[15].off, m->ncrisc_kernel_size16, 2);
	put(buf, p[16].off, m->sub_device_origin_x, 1);
	put(buf, p[17].off, m->sub_device_origin_y, 1);
	put(buf, p[18].off, m->preload, 1);
	return 0;
}

int ttrt_abi_decode_launch(const struct ttrt_abi *abi, const uint8_t *buf, size_t len,
			   struct ttrt_launch *m)
{
	struct place p[NPLACES];

	if (setup(abi, len, p))
		return -EINVAL;
	memset(m, 0, sizeof(*m));
	for (unsigned t = 0; t < abi->num_core_types; t++) {
		m->kernel_config_base[t] = (uint32_t)get(buf, p[0].off + 4 * t, 4);
		m->sem_offset[t] = (uint16_t)get(buf, p[1].off + 2 * t, 2);
	}
	m->local_cb_offset = (uint16_t)get(buf, p[2].off, 2);
	m->remote_cb_offset = (uint16_t)get(buf, p[3].off, 2);
	for (int r = 0; r < TTRT_ABI_PROCESSORS; r++) {
		m->rta_offset[r].rta_offset = (uint16_t)get(buf, p[4].off + 4 * r, 2);
		m->rta_offset[r].crta_offset = (uint16_t)get(buf, p[4].off + 4 * r + 2, 2);
		m->kernel_text_offset[r] = (uint32_t)get(buf, p[6].off + 4 * r, 4);
		m->watcher_kernel_ids[r] = (uint16_t)get(buf, p[14].off + 2 * r, 2);
	}
	m->mode = (uint8_t)get(buf, p[5].off, 1);
	m->local_cb_mask = get(buf, p[7].off, p[7].size);
	m->brisc_noc_id = (uint8_t)get(buf, p[8].off, 1);
	m->brisc_noc_mode = (uint8_t)get(buf, p[9].off, 1);
	m->min_remote_cb_start_index = (uint8_t)get(buf, p[10].off, 1);
	m->exit_erisc_kernel = (uint8_t)get(buf, p[11].off, 1);
	m->host_assigned_id = (uint32_t)get(buf, p[12].off, 4);
	m->enables = (uint32_t)get(buf, p[13].off, 4);
	m->ncrisc_kernel_size16 = (uint16_t)get(buf, p[15].off, 2);
	m->sub_device_origin_x = (uint8_t)get(buf, p[16].off, 1);
	m->sub_device_origin_y = (uint8_t)get(buf, p[17].off, 1);
	m->preload = (uint8_t)get(buf, p[18].off, 1);
	return 0;
}
