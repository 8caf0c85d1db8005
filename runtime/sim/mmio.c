/* SPDX-License-Identifier: Apache-2.0
 *
 * The memory-mapped registers of a simulated Tensix core, as the harts and
 * the host see them: the RISC debug block (soft reset, start PCs), the two
 * NOC interfaces, the overlay stream registers (CB page counters), and the
 * Tensix coprocessor's command window and semaphores (tensix/tensix.c), the
 * Tensix mailboxes (mailbox.c).
 * Registers are 32-bit; other access sizes fault.
 */
#include "core.h"
#include "noc_track.h"
#include "sched.h"
#include "tensix/tensix.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <time.h>

#define DEBUG_REGS_BASE   0xFFB12000u
#define DEBUG_REGS_END    0xFFB13000u
#define NIU_BASE          0xFFB20000u
#define NIU_END           0xFFB40000u
#define STREAMS_BASE      0xFFB40000u
#define STREAMS_END       (STREAMS_BASE + TT_NUM_STREAMS * 0x1000u)
#define STREAM_COUNT_MASK 0x1FFFFu   /* the counters keep 17 bits */
#define RESET_WAIT_NAPS   50000       /* of 20 us: one second */

static _Atomic uint32_t *debug_reg(struct sim_core *core, uint32_t addr)
{
	switch (addr) {
	case TT_RISCV_SOFT_RESET_0: return &core->soft_reset;
	case TT_TRISC0_RESET_PC: return &core->reset_pc[2];
	case TT_TRISC1_RESET_PC: return &core->reset_pc[3];
	case TT_TRISC2_RESET_PC: return &core->reset_pc[4];
	case TT_NCRISC_RESET_PC: return &core->reset_pc[1];
	case TT_TRISC_RESET_PC_OVERRIDE: return &core->trisc_pc_override;
	case TT_NCRISC_RESET_PC_OVERRIDE: return &core->ncrisc_pc_override;
	default: return NULL;
	}
}

static _Atomic uint32_t *stream_reg(struct sim_core *core, uint32_t addr)
{
	uint32_t stream = (addr - STREAMS_BASE) >> 12, reg = (addr & 0xFFF) >> 2;

	if (reg == TT_STREAM_TILES_ACKED_REG)
		return &core->streams[stream][0];
	if (reg == TT_STREAM_TILES_RECEIVED_REG)
		return &core->streams[stream][1];
	return NULL;
}

/* An NIU register: its NOC and command buffer, and the window it is in. */
enum niu_window { NIU_CMD, NIU_CFG, NIU_STATUS, NIU_OTHER };

struct niu_reg {
	int noc;
	uint32_t buf, reg;
	enum niu_window window;
	uint32_t index;          /* word within the window */
};

/* CFG (+0x100) and STATUS (+0x200) are per NIU, reached without a buffer offset. */
static int niu_decode(uint32_t addr, struct niu_reg *r)
{
	uint32_t off = addr & 0xFFFF;

	r->noc = (addr >> 16) & 1;
	r->buf = off >> 11;
	r->reg = off & 0x7FF;
	r->window = NIU_OTHER;
	if (r->reg < SIM_CMD_REGS * 4) {
		r->window = NIU_CMD;
		r->index = r->reg / 4;
	} else if (r->buf == 0 && r->reg >= 0x100 && r->reg < 0x100 + SIM_NIU_CFG_REGS * 4) {
		r->window = NIU_CFG;
		r->index = (r->reg - 0x100) / 4;
	} else if (r->buf == 0 && r->reg >= 0x200 && r->reg < 0x200 + SIM_NIU_STATUS_REGS * 4) {
		r->window = NIU_STATUS;
		r->index = (r->reg - 0x200) / 4;
	}
	return r->buf < SIM_NUM_CMD_BUFS ? 0 : -ENXIO;
}

/* NIU reads: command-buffer registers, the read-only ids, CFG and STATUS. */
static int niu_read(struct sim_core *core, uint32_t addr, uint32_t *val)
{
	struct niu_reg r;
	struct sim_niu *niu = &core->niu[(addr >> 16) & 1];
	int rc = niu_decode(addr, &r);

	if (rc)
		return rc;
	switch (r.window) {
	case NIU_CMD:
		/* CMD_CTRL reads 0: commands complete when issued. */
		*val = r.reg == TT_NOC_CMD_CTRL ? 0 : niu->cmd[r.buf][r.index];
		break;
	case NIU_CFG:
		*val = niu->cfg[r.index];
		break;
	case NIU_STATUS:
		*val = atomic_load(&niu->status[r.index]);
		break;
	default:
		*val = 0;
		break;
	}
	return 0;
}

static int niu_write(struct sim_core *core, int hart, uint32_t addr, uint32_t val,
		     enum rv32_cause *cause)
{
	struct niu_reg r;
	struct sim_niu *niu = &core->niu[(addr >> 16) & 1];
	int rc = niu_decode(addr, &r);

	if (rc)
		return rc;
	if (r.reg == TT_NOC_CMD_CTRL) {
		if ((val & 1) && hart >= 0)
			*cause = sim_noc_issue(core, hart, r.noc, (int)r.buf);
		return 0;
	}
	if (r.reg == TT_NOC_NODE_ID || r.reg == TT_NOC_ENDPOINT_ID)
		return 0;   /* read-only */
	if (r.buf == 0 && r.reg == TT_NOC_CLEAR_OUTSTANDING_REQ) {
		for (int i = 0; i < 16; i++)
			if (val & (1u << i))
				atomic_store(&niu->status[TT_NIU_MST_REQS_OUTSTANDING_ID(i)], 0);
		return 0;
	}
	if (r.window == NIU_CMD)
		niu->cmd[r.buf][r.index] = val;
	else if (r.window == NIU_CFG && r.index != TT_NOC_ID_LOGICAL)
		niu->cfg[r.index] = val;
	return 0;   /* counters and other windows ignore writes */
}

/* A RISC that reads an NIU counter is a barrier or flush: what it
 * issued of that kind is done for it (noc_track.h). */
static void niu_observed(struct sim_core *core, int hart, uint32_t addr)
{
	struct niu_reg r;

	if (core->harts[hart].track.outstanding && niu_decode(addr, &r) == 0 &&
	    r.window == NIU_STATUS)
		sim_noc_track_observe(core, hart, r.noc, r.index);
}

static int reg_read(struct sim_core *core, uint32_t addr, uint32_t *val)
{
	_Atomic uint32_t *r;

	/* The host reads the status registers and semaphores (diagnosis). */
	if (sim_tensix_owns(addr))
		return sim_tensix_load(core->tensix, -1, addr, val, NULL, 0) ? -ENXIO : 0;
	if (addr >= DEBUG_REGS_BASE && addr < DEBUG_REGS_END) {
		r = debug_reg(core, addr);
		*val = r ? atomic_load(r) : 0;
		return 0;
	}
	if (addr >= NIU_BASE && addr < NIU_END)
		return niu_read(core, addr, val);
	if (addr >= STREAMS_BASE && addr < STREAMS_END) {
		r = stream_reg(core, addr);
		*val = r ? atomic_load(r) : 0;
		return 0;
	}
	return -ENXIO;
}

/* hart < 0: the host. */
static int reg_write(struct sim_core *core, int hart, uint32_t addr, uint32_t val,
		     enum rv32_cause *cause)
{
	_Atomic uint32_t *r;

	if (sim_tensix_owns(addr))
		return -ENXIO;   /* only the core's own RISCs write the coprocessor */
	if (addr == TT_SIM_KERNEL_DONE) {
		if (hart >= 0)
			*cause = sim_noc_kernel_done(core, hart);
		return 0;
	}
	if (addr >= DEBUG_REGS_BASE && addr < DEBUG_REGS_END) {
		r = debug_reg(core, addr);
		if (r)
			atomic_store(r, val);
		return 0;
	}
	if (addr >= NIU_BASE && addr < NIU_END)
		return niu_write(core, hart, addr, val, cause);
	if (addr >= STREAMS_BASE && addr < STREAMS_END) {
		r = stream_reg(core, addr);
		/* cb_push_back: no page it pushes may still be in flight. */
		if (hart >= 0 && r && r == &core->streams[(addr - STREAMS_BASE) >> 12][1]) {
			*cause = sim_noc_check_push(core, hart, (addr - STREAMS_BASE) >> 12,
						    val & STREAM_COUNT_MASK);
			if (*cause != RV32_OK)
				return 0;
		}
		if (r)
			atomic_store(r, val & STREAM_COUNT_MASK);
		return 0;
	}
	return -ENXIO;
}

enum rv32_cause sim_mmio_load(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t *val)
{
	struct sim_core *core = ctx;

	if (size == 4 && sim_tensix_owns(addr))
		return sim_tensix_load(core->tensix, hart, addr, val, core->harts[hart].fault_detail,
				       SIM_FAULT_DETAIL_MAX) ? RV32_LOAD_FAULT : RV32_OK;
	if (size == 4 && sim_mailbox_owns(addr))
		return sim_mailbox_load(core, hart, addr, val);
	if (size != 4 || reg_read(core, addr, val))
		return RV32_LOAD_FAULT;
	if (addr >= NIU_BASE && addr < NIU_END)
		niu_observed(core, hart, addr);
	return RV32_OK;
}

/* A coprocessor command runs here, on the core's thread, at once. A bad
 * one stops the hart with the reason in its fault_detail. */
enum rv32_cause sim_mmio_store(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t val)
{
	struct sim_core *core = ctx;
	enum rv32_cause cause = RV32_OK;

	if (size == 4 && sim_tensix_owns(addr))
		return sim_tensix_store(core->tensix, hart, addr, val, core->harts[hart].fault_detail,
					SIM_FAULT_DETAIL_MAX) ? RV32_STORE_FAULT : RV32_OK;
	if (size == 4 && sim_mailbox_owns(addr))
		return sim_mailbox_store(core, hart, addr, val);
	if (size != 4 || reg_write(core, hart, addr, val, &cause))
		return RV32_STORE_FAULT;
	return cause;
}

int sim_core_mmio_read(struct sim_core *core, uint32_t addr, uint32_t *val)
{
	return reg_read(core, addr, val);
}

/* On silicon a RISC stops the moment its reset bit is set. Here it stops
 * at the start of its core's next slice, so the host waits for that before
 * it goes on to overwrite the firmware under the RISC's feet. */
static int wait_reset_applied(struct sim_core *core, uint32_t val)
{
	struct timespec nap = { 0, 20000 };

	for (int i = 0; i < RESET_WAIT_NAPS; i++) {
		if (atomic_load(&core->applied_reset) == val ||
		    atomic_load(&core->soft_reset) != val)
			return 0;
		nanosleep(&nap, NULL);
	}
	return -ETIMEDOUT;
}

int sim_core_mmio_post(struct sim_core *core, uint32_t addr, uint32_t val)
{
	enum rv32_cause cause = RV32_OK;
	int rc = reg_write(core, -1, addr, val, &cause);

	if (rc == 0)
		sim_sched_wake(core);
	return rc;
}

int sim_core_mmio_write(struct sim_core *core, uint32_t addr, uint32_t val)
{
	int rc = sim_core_mmio_post(core, addr, val);

	if (rc == 0 && addr == TT_RISCV_SOFT_RESET_0)
		rc = wait_reset_applied(core, val);
	return rc;
}
