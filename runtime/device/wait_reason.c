/* SPDX-License-Identifier: Apache-2.0
 *
 * What a waiting RISC waits on (ttrt_core_wait_reason), the way tt-triage
 * and Watcher answer it: from the hardware state alone. The backend says
 * which address the RISC's poll loop reads (ttrt_risc_detail.polling_addr);
 * that address names the kind of wait (a CB's stream register, an NIU
 * status counter, a semaphore or the go signal in L1), and the counts
 * come from the registers, the launch message in L1 and the firmware's
 * software NOC counters in the RISC's local memory. Nothing is taken from
 * the kernel's own variables. The texts are documented in docs/tree.md
 * ("cores/<x>,<y>/status") and tests assert on them: keep them stable.
 */
#include "ttrt.h"
#include "debug/pc_source.h"
#include "tt/fw_abi.h"
#include "tt/l1_map.h"
#include "tt/tensix.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define STREAMS_BASE TT_STREAM_REG_ADDR(0, 0)
#define STREAMS_END  TT_STREAM_REG_ADDR(TT_NUM_STREAMS, 0)
#define MAX_SEMAPHORES 16

struct wait_ctx {
	struct ttrt_device *dev;
	struct ttrt_xy core;
	int risc;
	const struct ttrt_risc_detail *d;
	uint32_t pc, addr;
	char *buf;
	size_t len;
	char pc_text[TTRT_PC_TEXT_MAX];
};

/* "pc 0x… (reader.cpp:12 kernel_main)", as every PC is shown. */
static const char *pc_text(struct wait_ctx *w)
{
	return ttrt_pc_text(w->dev, w->core, w->risc, w->d, w->pc_text, sizeof(w->pc_text));
}

static int say(struct wait_ctx *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int say(struct wait_ctx *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->buf, w->len, fmt, ap);
	va_end(ap);
	return 0;
}

/* The current launch message, in the device's ABI profile. */
static int read_launch(struct wait_ctx *w, struct ttrt_launch *m)
{
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG];
	uint32_t rd_ptr;
	int rc = ttrt_launch_read_current(w->dev, w->core, &rd_ptr, bytes);

	return rc ? rc : ttrt_abi_decode_launch(ttrt_device_abi(w->dev), bytes, sizeof(bytes), m);
}

/* The value a poll of addr reads now: the byte for an unaligned address,
 * else the word. */
static int read_l1_value(struct wait_ctx *w, uint32_t addr, uint32_t *val)
{
	uint32_t word;
	int rc = ttrt_l1_read(w->dev, w->core, addr & ~3u, &word, 4);

	if (rc)
		return rc;
	*val = addr % 4 ? (word >> (8 * (addr % 4))) & 0xFF : word;
	return 0;
}

/* cb_wait_front polls tiles_received, cb_reserve_back tiles_acked. The
 * page count is the CB's config in the current launch's kernel-config
 * buffer; the counters are 16-bit modular as the kernels read them. */
static int cb_wait(struct wait_ctx *w, uint32_t cb, uint32_t reg)
{
	const char *call = reg == TT_STREAM_TILES_RECEIVED_REG ? "cb_wait_front" : "cb_reserve_back";
	const struct ttrt_abi *abi = ttrt_device_abi(w->dev);
	struct ttrt_launch m;
	struct tt_local_cb_config c;
	uint32_t received, acked, filled, s = abi->cb_stream_base + cb;
	int rc = ttrt_reg_read(w->dev, w->core, TT_STREAM_REG_ADDR(s, TT_STREAM_TILES_RECEIVED_REG),
			       &received);

	if (rc == 0)
		rc = ttrt_reg_read(w->dev, w->core, TT_STREAM_REG_ADDR(s, TT_STREAM_TILES_ACKED_REG),
				   &acked);
	if (rc == 0)
		rc = read_launch(w, &m);
	if (rc)
		return rc;
	filled = (uint16_t)(received - acked);
	if (cb >= abi->num_circular_buffers || !(m.local_cb_mask & (1ull << cb)))
		return say(w, "%s cb %u: received %u acked %u (not a cb of this launch)", call, cb,
			   received, acked);
	rc = ttrt_l1_read(w->dev, w->core,
			  m.kernel_config_base[0] + m.local_cb_offset + abi->local_cb_config_size * cb,
			  &c, sizeof(c));
	if (rc)
		return rc;
	if (reg == TT_STREAM_TILES_RECEIVED_REG)
		return say(w, "%s cb %u: received %u acked %u (%u of %u pages filled)", call, cb,
			   received, acked, filled, c.num_pages);
	return say(w, "%s cb %u: received %u acked %u (%u of %u pages free)", call, cb, received,
		   acked, c.num_pages >= filled ? c.num_pages - filled : 0, c.num_pages);
}

/* The barriers compare an NIU status counter with the software counter the
 * kernel API keeps in the firmware's globals block (tt_fw_globals). */
static const struct {
	uint32_t status;
	size_t counter;     /* offsetof(struct tt_fw_globals, ...) */
	const char *call, *what, *issued, *done;
} barriers[] = {
	{ TT_NIU_MST_RD_RESP_RECEIVED, offsetof(struct tt_fw_globals, noc_reads_num_issued),
	  "noc_async_read_barrier", "reads outstanding", "issued", "responses" },
	{ TT_NIU_MST_WR_ACK_RECEIVED, offsetof(struct tt_fw_globals, noc_nonposted_writes_acked),
	  "noc_async_write_barrier", "write acks outstanding", "expected", "received" },
	{ TT_NIU_MST_NONPOSTED_WR_REQ_SENT,
	  offsetof(struct tt_fw_globals, noc_nonposted_writes_num_issued),
	  "noc_async_writes_flushed", "writes not sent", "issued", "sent" },
	{ TT_NIU_MST_POSTED_WR_REQ_SENT, offsetof(struct tt_fw_globals, noc_posted_writes_num_issued),
	  "noc_async_posted_writes_flushed", "posted writes not sent", "issued", "sent" },
	{ TT_NIU_MST_ATOMIC_RESP_RECEIVED, offsetof(struct tt_fw_globals, noc_nonposted_atomics_acked),
	  "noc_async_atomic_barrier", "atomics outstanding", "issued", "responses" },
};

static int niu_wait(struct wait_ctx *w)
{
	uint32_t noc = (w->addr >> 16) & 1, off = w->addr & 0xFFFF, hw, sw;
	int rc = ttrt_reg_read(w->dev, w->core, w->addr, &hw);

	if (rc)
		return rc;
	for (size_t i = 0; i < sizeof(barriers) / sizeof(barriers[0]); i++) {
		if (off != TT_NOC_STATUS(barriers[i].status))
			continue;
		rc = ttrt_risc_local_read(w->dev, w->core, w->risc,
					  TT_FW_GLOBALS_ADDR + (uint32_t)barriers[i].counter + 4 * noc,
					  &sw, 4);
		if (rc == -ENOTSUP)
			return say(w, "%s noc %u: %s ? (%s ?, %s %u)", barriers[i].call, noc,
				   barriers[i].what, barriers[i].issued, barriers[i].done, hw);
		if (rc)
			return rc;
		return say(w, "%s noc %u: %u %s (%s %u, %s %u)", barriers[i].call, noc, sw - hw,
			   barriers[i].what, barriers[i].issued, sw, barriers[i].done, hw);
	}
	return say(w, "polling noc %u register 0x%03x (value %u) at %s", noc, off & 0xFFF, hw,
		   pc_text(w));
}

/* BRISC's firmware waits for the subordinates it started: their sync
 * bytes drop from GO to DONE. */
static int subordinates_wait(struct wait_ctx *w)
{
	uint32_t sync;
	char names[64] = "";
	size_t n = 0;
	const struct ttrt_abi *abi = ttrt_device_abi(w->dev);
	int rc = ttrt_l1_read(w->dev, w->core, ttrt_abi_mbox_addr(abi, abi->mbox_subordinate_sync),
			      &sync, 4);

	if (rc)
		return rc;
	for (int r = 1; r < TTRT_NUM_RISCS; r++)
		if ((sync >> (8 * (r - 1))) & 0xFF)
			n += (size_t)snprintf(names + n, sizeof(names) - n, " %s", ttrt_risc_names[r]);
	return say(w, "firmware waits for%s to finish (subordinate sync 0x%08x)",
		   n ? names : " the subordinates", sync);
}

static int go_wait(struct wait_ctx *w)
{
	const struct ttrt_abi *abi = ttrt_device_abi(w->dev);
	uint32_t val, go0 = ttrt_abi_go_addr(abi, 0);
	const char *name;
	int rc = read_l1_value(w, w->addr, &val);

	if (rc)
		return rc;
	if (w->risc != 0) {
		name = val == TT_RUN_SYNC_MSG_DONE ? "done" : val == TT_RUN_SYNC_MSG_GO ? "go" :
		       val == TT_RUN_SYNC_MSG_INIT ? "init" : NULL;
		if (name)
			return say(w, "go signal (idle): subordinate sync 0x%x = %s", w->addr, name);
		return say(w, "go signal (idle): subordinate sync 0x%x = 0x%02x", w->addr, val);
	}
	name = ttrt_go_signal_name((uint8_t)val);
	if (name)
		return say(w, "go signal (idle): go message %u at 0x%x = %s",
			   (w->addr - go0) / abi->go_msg_size, w->addr, name);
	return say(w, "go signal (idle): go message %u at 0x%x = 0x%02x",
		   (w->addr - go0) / abi->go_msg_size, w->addr, val);
}

/* A semaphore of the current launch: 16 bytes apart from the
 * kernel-config base + sem_offset, up to the local CB configs. -1 if not. */
static int semaphore_id(struct wait_ctx *w)
{
	struct ttrt_launch m;
	uint32_t base, end, id;

	if (read_launch(w, &m))
		return -1;
	base = m.kernel_config_base[0] + m.sem_offset[0];
	end = m.local_cb_offset > m.sem_offset[0] ? m.kernel_config_base[0] + m.local_cb_offset
						  : base + 16u * MAX_SEMAPHORES;
	if (w->addr < base || w->addr >= end || (w->addr - base) % 16)
		return -1;
	id = (w->addr - base) / 16;
	return id < MAX_SEMAPHORES ? (int)id : -1;
}

static int l1_wait(struct wait_ctx *w)
{
	const struct ttrt_abi *abi = ttrt_device_abi(w->dev);
	uint32_t val, go0 = ttrt_abi_go_addr(abi, 0);
	uint32_t sync = ttrt_abi_mbox_addr(abi, abi->mbox_subordinate_sync);
	int sem, rc;

	if (w->addr >= go0 && w->addr < go0 + abi->go_msg_size * abi->go_message_entries)
		return go_wait(w);
	if (w->addr >= sync && w->addr < sync + 4)
		return w->risc == 0 ? subordinates_wait(w) : go_wait(w);
	rc = read_l1_value(w, w->addr, &val);
	if (rc)
		return rc;
	sem = semaphore_id(w);
	if (sem >= 0)
		return say(w, "noc_semaphore_wait semaphore %d at 0x%x: value %u", sem, w->addr, val);
	return say(w, "polling 0x%x (value %u) at %s", w->addr, val, pc_text(w));
}

/* The compute TRISCs poll the coprocessor (tt/tensix.h): math and pack
 * the MATH_PACK semaphore of the DST handshake, unpack and math the
 * operand registers' SRC_STATUS. */
static int tensix_wait(struct wait_ctx *w)
{
	uint32_t val, max = 0, sem = TT_TX_NUM_SEMS;
	int rc;

	/* A semaphore wait reads the value and maybe its max: either names it. */
	if (w->addr >= TT_TX_SEM(0) && w->addr < TT_TX_SEM(TT_TX_NUM_SEMS))
		sem = (w->addr - TT_TX_SEM(0)) / 4;
	else if (w->addr >= TT_TX_SEM_MAX(0) && w->addr < TT_TX_SEM_MAX(TT_TX_NUM_SEMS))
		sem = (w->addr - TT_TX_SEM_MAX(0)) / 4;
	rc = ttrt_reg_read(w->dev, w->core, sem < TT_TX_NUM_SEMS ? TT_TX_SEM(sem) : w->addr, &val);
	if (rc == 0 && sem < TT_TX_NUM_SEMS)
		rc = ttrt_reg_read(w->dev, w->core, TT_TX_SEM_MAX(sem), &max);
	if (rc)
		return rc;
	if (w->addr == TT_TX_SRC_STATUS) {
		if (w->risc == 2)
			return say(w, "unpacker: SrcA/SrcB full (%u, %u), waiting for math",
				   TT_TX_SRCA_COUNT(val), TT_TX_SRCB_COUNT(val));
		return say(w, "math: waiting for the unpacker (SrcA %u, SrcB %u)",
			   TT_TX_SRCA_COUNT(val), TT_TX_SRCB_COUNT(val));
	}
	if (sem == TT_TX_SEM_MATH_PACK && w->risc == 3)
		return say(w, "tile_regs_acquire: waiting for pack to release a DST section "
			   "(MATH_PACK %u of %u)", val, max);
	if (sem == TT_TX_SEM_MATH_PACK && w->risc == 4)
		return say(w, "tile_regs_wait: waiting for math to commit a DST section "
			   "(MATH_PACK %u)", val);
	if (sem < TT_TX_NUM_SEMS)
		return say(w, "polling Tensix semaphore %u (value %u, max %u) at %s", sem,
			   val, max, pc_text(w));
	return say(w, "polling Tensix register 0x%08x (value %u) at %s", w->addr, val,
		   pc_text(w));
}

static int local_wait(struct wait_ctx *w)
{
	uint32_t val;
	int rc = ttrt_risc_local_read(w->dev, w->core, w->risc, w->addr & ~3u, &val, 4);

	if (rc == -ENOTSUP)
		return say(w, "polling local 0x%08x at %s", w->addr, pc_text(w));
	if (rc)
		return rc;
	return say(w, "polling local 0x%08x (value %u) at %s", w->addr, val, pc_text(w));
}

int ttrt_core_wait_reason(struct ttrt_device *dev, struct ttrt_xy core, int risc, char *buf,
			  size_t len)
{
	struct ttrt_risc_detail d;
	struct wait_ctx w = { .dev = dev, .core = core, .risc = risc, .buf = buf, .len = len };
	int rc;

	if (len)
		buf[0] = '\0';
	rc = ttrt_core_risc_detail(dev, core, risc, &d);
	if (rc)
		return rc;
	if (d.state != TTRT_RISC_WAITING && d.state != TTRT_RISC_IDLE)
		return 0;
	w.d = &d;
	w.pc = d.pc;
	w.addr = d.polling_addr;
	if (w.addr >= STREAMS_BASE && w.addr < STREAMS_END) {
		uint32_t reg = (w.addr & 0xFFF) / 4;
		uint32_t stream = (w.addr - STREAMS_BASE) >> 12;
		uint32_t base = ttrt_device_abi(dev)->cb_stream_base;

		/* The profile says which stream counts which CB. */
		if ((reg == TT_STREAM_TILES_RECEIVED_REG || reg == TT_STREAM_TILES_ACKED_REG) &&
		    stream >= base)
			return cb_wait(&w, stream - base, reg);
	}
	if (w.addr >= TT_NOC_REGS_BASE(0) && w.addr < TT_NOC_REGS_BASE(2))
		return niu_wait(&w);
	if ((w.addr >= TT_TX_BASE && w.addr < TT_TX_END) ||
	    (w.addr >= TT_TX_SEM(0) && w.addr < TT_TX_SEM_MAX(TT_TX_NUM_SEMS)))
		return tensix_wait(&w);
	if (w.addr && w.addr < ttrt_device_abi(dev)->l1_size)
		return l1_wait(&w);
	if (w.addr >= ttrt_device_abi(dev)->local_base && w.addr < ttrt_device_abi(dev)->local_base + ttrt_device_abi(dev)->brisc_local_size)
		return local_wait(&w);
	if (w.addr) {
		uint32_t val;
		rc = ttrt_reg_read(dev, core, w.addr, &val);
		if (rc)
			return say(&w, "polling 0x%08x at %s", w.addr, pc_text(&w));
		return say(&w, "polling 0x%08x (value %u) at %s", w.addr, val, pc_text(&w));
	}
	return say(&w, "waiting at %s (polled address unknown)", pc_text(&w));
}
