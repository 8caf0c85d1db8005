/* SPDX-License-Identifier: Apache-2.0
 *
 * Text views of one core: its launch message, go signal, circular buffers
 * and the state of its five RISCs. All are read from the device as it is
 * now, through the same L1 reads a debugger would make.
 */
#include "runtime_internal.h"
#include "strbuf.h"
#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mailbox bytes behind `go`: go_message_index and the signal it
 * selects, read into an otherwise zero image for ttrt_decode_go. */
static int read_go(struct ttrt_device *dev, struct ttrt_xy core, struct tt_mailboxes_head *mb)
{
	uint32_t index;
	int rc;

	memset(mb, 0, sizeof(*mb));
	rc = ttrt_l1_read(dev, core, TT_MEM_GO_MSG_INDEX, &mb->go_message_index, 4);
	if (rc)
		return rc;
	index = mb->go_message_index;
	if (index >= TT_GO_MESSAGE_ENTRIES)
		index = 0;
	return ttrt_l1_read(dev, core, TT_MEM_GO_MSG + 4 * index + 3,
			    &mb->go_messages[index].signal, 1);
}

int ttrt_render_go(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct tt_mailboxes_head mb;
	int rc = read_go(dev, core, &mb);

	if (rc)
		return rc;
	return ttrt_decode_go(&mb, sizeof(mb), out, len);
}

static int read_launch(struct ttrt_device *dev, struct ttrt_xy core, uint32_t *rd_ptr,
		       struct tt_launch_msg *msg)
{
	int rc = ttrt_l1_read(dev, core, TT_MEM_LAUNCH_RD_PTR, rd_ptr, 4);

	if (rc)
		return rc;
	*rd_ptr &= TT_LAUNCH_RING_ENTRIES - 1;
	return ttrt_l1_read(dev, core, TT_MEM_LAUNCH + *rd_ptr * sizeof(*msg), msg, sizeof(*msg));
}

/* The mailbox bytes behind `launch`: launch_msg_rd_ptr and the ring entry
 * it selects, read into an otherwise zero image for ttrt_decode_launch. */
int ttrt_render_launch(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct tt_mailboxes_head mb;
	uint32_t rd_ptr;
	int rc;

	memset(&mb, 0, sizeof(mb));
	rc = ttrt_l1_read(dev, core, TT_MEM_LAUNCH_RD_PTR, &mb.launch_msg_rd_ptr, 4);
	if (rc)
		return rc;
	rd_ptr = mb.launch_msg_rd_ptr & (TT_LAUNCH_RING_ENTRIES - 1);
	rc = ttrt_l1_read(dev, core, TT_MEM_LAUNCH + rd_ptr * sizeof(mb.launch[0]),
			  &mb.launch[rd_ptr], sizeof(mb.launch[0]));
	if (rc)
		return rc;
	return ttrt_decode_launch(&mb, sizeof(mb), out, len);
}

/* Live page counters of a CB: the overlay stream registers. */
static int read_cb_counters(struct ttrt_device *dev, struct ttrt_xy core, int cb,
			    uint32_t *acked, uint32_t *received)
{
	int rc = ttrt_reg_read(dev, core, TT_STREAM_REG_ADDR(cb, TT_STREAM_TILES_ACKED_REG), acked);

	if (rc == 0)
		rc = ttrt_reg_read(dev, core, TT_STREAM_REG_ADDR(cb, TT_STREAM_TILES_RECEIVED_REG),
				   received);
	return rc;
}

int ttrt_render_cbs(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	struct tt_launch_msg m;
	uint32_t rd_ptr;
	int rc = read_launch(dev, core, &rd_ptr, &m);

	if (rc)
		return rc;
	strbuf_printf(&sb, "cb addr size pages page_size received acked\n");
	for (int cb = 0; cb < TT_NUM_CIRCULAR_BUFFERS; cb++) {
		struct tt_local_cb_config c;
		uint32_t acked = 0, received = 0;
		if (!(m.local_cb_mask & (1u << cb)))
			continue;
		rc = ttrt_l1_read(dev, core, m.kernel_config_base[0] + m.local_cb_offset + 16u * (uint32_t)cb,
				  &c, sizeof(c));
		if (rc == 0)
			rc = read_cb_counters(dev, core, cb, &acked, &received);
		if (rc) {
			strbuf_finish(&sb, out, len);
			return rc;
		}
		strbuf_printf(&sb, "%d 0x%05x %u %u %u %u %u\n", cb, c.addr_bytes, c.size_bytes,
			      c.num_pages, c.page_size_bytes, received, acked);
	}
	return strbuf_finish(&sb, out, len);
}

int ttrt_render_status(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	struct tt_mailboxes_head mb;
	struct ttrt_xy noc0;
	char *go;
	size_t golen;
	int rc = read_go(dev, core, &mb);

	if (rc == 0)
		rc = ttrt_decode_go(&mb, sizeof(mb), &go, &golen);
	if (rc)
		return rc;
	ttrt_logical_to_noc0(core, &noc0);
	strbuf_printf(&sb, "core %u,%u noc0 %u-%u\ngo %s", core.x, core.y, noc0.x, noc0.y, go);
	free(go);
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		struct ttrt_risc_detail d;
		rc = ttrt_core_risc_detail(dev, core, r, &d);
		if (rc) {
			strbuf_finish(&sb, out, len);
			return rc;
		}
		strbuf_printf(&sb, "%-6s %-7s pc 0x%08x insns %llu", ttrt_risc_names[r],
			      ttrt_risc_state_name(d.state), d.pc, (unsigned long long)d.retired);
		if (d.fault[0]) {
			strbuf_printf(&sb, " fault: %s", d.fault);
		} else {
			char why[256];
			rc = ttrt_core_wait_reason(dev, core, r, why, sizeof(why));
			if (rc == 0 && why[0])
				strbuf_printf(&sb, " wait: %s", why);
		}
		strbuf_printf(&sb, "\n");
	}
	return strbuf_finish(&sb, out, len);
}
