/* SPDX-License-Identifier: Apache-2.0
 *
 * Text views of one core: its launch message, go signal, circular buffers
 * and the state of its five RISCs. All are read from the device as it is
 * now, through the same L1 reads a debugger would make.
 */
#include "runtime_internal.h"
#include "debug/kernel_debug.h"
#include "debug/pc_source.h"
#include "strbuf.h"
#include "tt/fw_abi.h"   /* stream registers: the same in every version */
#include "tt/l1_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mailbox bytes behind `go`: go_message_index and the signal it
 * selects, read into an otherwise zero image (malloc'd, *len bytes) for
 * ttrt_decode_go. */
static int read_go(struct ttrt_device *dev, struct ttrt_xy core, uint8_t **image, size_t *len)
{
	const struct ttrt_abi *abi = &dev->abi;
	uint32_t index = 0, at;
	int rc;

	if (ttrt_abi_check(abi, NULL, 0))
		return -EIO;   /* no layout to read it with */
	*len = ttrt_decode_go_need(abi);
	*image = calloc(1, *len);
	if (!*image)
		return -ENOMEM;
	rc = ttrt_l1_read(dev, core, ttrt_abi_mbox_addr(abi, abi->mbox_go_message_index), &index, 4);
	if (rc == 0) {
		memcpy(*image + abi->mbox_go_message_index, &index, 4);
		if (index >= abi->go_message_entries)
			index = 0;
		at = abi->mbox_go_messages + index * abi->go_msg_size + abi->go_signal;
		rc = ttrt_l1_read(dev, core, abi->mailbox_base + at, *image + at, 1);
	}
	if (rc) {
		free(*image);
		*image = NULL;
	}
	return rc;
}

int ttrt_render_go(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	uint8_t *image;
	size_t n;
	int rc = read_go(dev, core, &image, &n);

	if (rc)
		return rc;
	rc = ttrt_decode_go(&dev->abi, image, n, out, len);
	free(image);
	return rc;
}

/* The mailbox bytes behind `launch`: launch_msg_rd_ptr and the ring entry
 * it selects, read into an otherwise zero image for ttrt_decode_launch. */
int ttrt_render_launch(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	const struct ttrt_abi *abi = &dev->abi;
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG], *image;
	size_t n = ttrt_decode_launch_need(abi);
	uint32_t rd_ptr;
	int rc = ttrt_launch_read_current(dev, core, &rd_ptr, bytes);

	if (rc)
		return rc;
	image = calloc(1, n);
	if (!image)
		return -ENOMEM;
	memcpy(image + abi->mbox_launch_rd_ptr, &rd_ptr, 4);
	memcpy(image + abi->mbox_launch + rd_ptr * abi->launch_msg_size, bytes,
	       abi->launch_msg_size);
	rc = ttrt_decode_launch(abi, image, n, out, len);
	free(image);
	return rc;
}

/* Live page counters of a CB: the overlay stream registers of its stream,
 * which the profile numbers (cb_stream_base). */
static int read_cb_counters(struct ttrt_device *dev, struct ttrt_xy core, int cb,
			    uint32_t *acked, uint32_t *received)
{
	uint32_t s = dev->abi.cb_stream_base + (uint32_t)cb;
	int rc = ttrt_reg_read(dev, core, TT_STREAM_REG_ADDR(s, TT_STREAM_TILES_ACKED_REG), acked);

	if (rc == 0)
		rc = ttrt_reg_read(dev, core, TT_STREAM_REG_ADDR(s, TT_STREAM_TILES_RECEIVED_REG),
				   received);
	return rc;
}

/* The program launched here last and its kernel on each RISC. */
static void render_core_kernels(struct ttrt_device *dev, struct ttrt_xy core, struct strbuf *sb)
{
	struct ttrt_core_kernels ck;

	if (ttrt_core_kernels(dev, core, &ck) || !ck.program[0])
		return;
	strbuf_printf(sb, "program %s %s\n", ck.program, ck.running ? "running" : "ended");
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		if (ck.kernel[r][0])
			strbuf_printf(sb, "kernel %s %s (%s)\n", ttrt_risc_names[r], ck.kernel[r],
				      ck.source[r]);
}

int ttrt_render_cbs(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	const struct ttrt_abi *abi = &dev->abi;
	struct strbuf sb = { 0 };
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG];
	struct ttrt_launch m;
	uint32_t rd_ptr;
	int rc = ttrt_launch_read_current(dev, core, &rd_ptr, bytes);

	if (rc == 0)
		rc = ttrt_abi_decode_launch(abi, bytes, sizeof(bytes), &m);
	if (rc)
		return rc;
	strbuf_printf(&sb, "cb addr size pages page_size received acked\n");
	for (int cb = 0; cb < (int)abi->num_circular_buffers; cb++) {
		struct tt_local_cb_config c;
		uint32_t acked = 0, received = 0;
		if (!(m.local_cb_mask & (1ull << cb)))
			continue;
		rc = ttrt_l1_read(dev, core,
				  m.kernel_config_base[0] + m.local_cb_offset +
					  abi->local_cb_config_size * (uint32_t)cb,
				  &c, sizeof(c));
		if (rc == 0)
			rc = read_cb_counters(dev, core, cb, &acked, &received);
		if (rc) {
			strbuf_finish(&sb, out, len);
			return rc;
		}
		/* The launch's mask is its kernel group's: a CB of another
		 * core of the group has an empty entry here. */
		if (!c.size_bytes)
			continue;
		strbuf_printf(&sb, "%d 0x%05x %u %u %u %u %u\n", cb, c.addr_bytes, c.size_bytes,
			      c.num_pages, c.page_size_bytes, received, acked);
	}
	render_core_kernels(dev, core, &sb);
	return strbuf_finish(&sb, out, len);
}

int ttrt_render_status(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	struct ttrt_xy noc0;
	uint8_t *image;
	size_t n;
	char *go;
	size_t golen;
	int rc = read_go(dev, core, &image, &n);

	if (rc == 0) {
		rc = ttrt_decode_go(&dev->abi, image, n, &go, &golen);
		free(image);
	}
	if (rc)
		return rc;
	ttrt_logical_to_noc0(core, &noc0);
	strbuf_printf(&sb, "core %u,%u noc0 %u-%u\ngo %s", core.x, core.y, noc0.x, noc0.y, go);
	free(go);
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		struct ttrt_risc_detail d;
		char pc[TTRT_PC_TEXT_MAX], waypoint[16];

		rc = ttrt_core_risc_detail(dev, core, r, &d);
		if (rc) {
			strbuf_finish(&sb, out, len);
			return rc;
		}
		strbuf_printf(&sb, "%-6s %-7s %s insns %llu", ttrt_risc_names[r],
			      ttrt_risc_state_name(d.state),
			      ttrt_pc_text(dev, core, r, &d, pc, sizeof(pc)),
			      (unsigned long long)d.retired);
		if (ttrt_debug_waypoint(dev, core, r, waypoint, sizeof(waypoint)) == 0 &&
		    waypoint[0])
			strbuf_printf(&sb, " waypoint %s", waypoint);
		if (d.fault[0]) {
			strbuf_printf(&sb, " fault: %s", d.fault);
		} else {
			char why[512];
			rc = ttrt_core_wait_reason(dev, core, r, why, sizeof(why));
			if (rc == 0 && why[0])
				strbuf_printf(&sb, " wait: %s", why);
		}
		strbuf_printf(&sb, "\n");
	}
	render_core_kernels(dev, core, &sb);
	return strbuf_finish(&sb, out, len);
}
