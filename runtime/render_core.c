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
#include <string.h>

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

static int read_go(struct ttrt_device *dev, struct ttrt_xy core, uint32_t *index, uint8_t *signal)
{
	int rc = ttrt_l1_read(dev, core, TT_MEM_GO_MSG_INDEX, index, 4);

	if (rc)
		return rc;
	if (*index >= TT_GO_MESSAGE_ENTRIES)
		*index = 0;
	return ttrt_l1_read(dev, core, TT_MEM_GO_MSG + 4 * *index + 3, signal, 1);
}

static void print_signal(struct strbuf *sb, uint8_t signal)
{
	const char *name = ttrt_go_signal_name(signal);

	if (name)
		strbuf_printf(sb, "%s", name);
	else
		strbuf_printf(sb, "unknown 0x%02x", signal);
}

int ttrt_render_go(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	uint32_t index;
	uint8_t signal;
	int rc = read_go(dev, core, &index, &signal);

	if (rc)
		return rc;
	print_signal(&sb, signal);
	strbuf_printf(&sb, "\n");
	return strbuf_finish(&sb, out, len);
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

int ttrt_render_launch(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	static const char *const core_types[TT_NUM_CORE_TYPES] = { "tensix", "active_eth",
								    "idle_eth" };
	struct strbuf sb = { 0 };
	struct tt_launch_msg m;
	uint32_t rd_ptr;
	int rc = read_launch(dev, core, &rd_ptr, &m);

	if (rc)
		return rc;
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
	return strbuf_finish(&sb, out, len);
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

/* What a parked RISC polls, in words: a CB counter or a NOC register. */
static void describe_poll(struct strbuf *sb, uint32_t addr)
{
	if (addr >= TT_STREAM_REG_ADDR(0, 0) && addr < TT_STREAM_REG_ADDR(TT_NUM_STREAMS, 0)) {
		uint32_t cb = (addr - TT_STREAM_REG_ADDR(0, 0)) >> 12, reg = (addr & 0xFFF) >> 2;
		strbuf_printf(sb, " polling 0x%08x (cb %u %s)", addr, cb,
			      reg == TT_STREAM_TILES_RECEIVED_REG ? "tiles_received" :
			      reg == TT_STREAM_TILES_ACKED_REG ? "tiles_acked" : "stream register");
	} else if (addr >= TT_NOC_REGS_BASE(0) && addr < TT_NOC_REGS_BASE(2)) {
		strbuf_printf(sb, " polling 0x%08x (noc%u register 0x%03x)", addr,
			      (addr >> 16) & 1, addr & 0xFFF);
	} else if (addr) {
		strbuf_printf(sb, " polling 0x%08x", addr);
	}
}

int ttrt_render_status(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	struct ttrt_xy noc0;
	uint32_t index;
	uint8_t signal;
	int rc = read_go(dev, core, &index, &signal);

	if (rc)
		return rc;
	ttrt_logical_to_noc0(core, &noc0);
	strbuf_printf(&sb, "core %u,%u noc0 %u-%u\ngo ", core.x, core.y, noc0.x, noc0.y);
	print_signal(&sb, signal);
	strbuf_printf(&sb, "\n");
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		struct ttrt_risc_detail d;
		rc = ttrt_core_risc_detail(dev, core, r, &d);
		if (rc) {
			strbuf_finish(&sb, out, len);
			return rc;
		}
		strbuf_printf(&sb, "%-6s %-7s pc 0x%08x insns %llu", ttrt_risc_names[r],
			      ttrt_risc_state_name(d.state), d.pc, (unsigned long long)d.retired);
		if (d.fault[0])
			strbuf_printf(&sb, " fault: %s", d.fault);
		else
			describe_poll(&sb, d.polling_addr);
		strbuf_printf(&sb, "\n");
	}
	return strbuf_finish(&sb, out, len);
}
