/* SPDX-License-Identifier: Apache-2.0
 *
 * A simulated Tensix core: hart lifecycle under the soft-reset register,
 * and one scheduling slice of its harts.
 */
#include "core.h"
#include "chip.h"
#include "noc_strict.h"
#include "tensix/tensix.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Instructions a hart runs before the next hart of the core gets a turn. */
#define SLICE_INSNS 20000

static const uint32_t hart_reset_bit[SIM_NUM_HARTS] = {
	TT_SOFT_RESET_BRISC, TT_SOFT_RESET_NCRISC, TT_SOFT_RESET_TRISC0,
	TT_SOFT_RESET_TRISC1, TT_SOFT_RESET_TRISC2,
};
static const uint32_t local_offset[SIM_NUM_HARTS] = { 0, 8192, 16384, 20480, 24576 };
static const uint32_t local_size[SIM_NUM_HARTS] = { 8192, 8192, 4096, 4096, 4096 };
/* Start PCs when no override is set (reference/blackhole-abi.md §4.3). */
static const uint32_t fixed_reset_pc[SIM_NUM_HARTS] = { 0x0, 0x12000, 0x6000, 0xA000, 0xE000 };

#define TRISC_RESET_BITS (TT_SOFT_RESET_TRISC0 | TT_SOFT_RESET_TRISC1 | TT_SOFT_RESET_TRISC2)
#define LOCAL_BYTES_PER_CORE (8192 + 8192 + 4096 * 3)

/* The time CSR: the core's clock, exact to the reading instruction. */
static uint64_t core_time(void *ctx, int hart, uint64_t retired)
{
	struct sim_core *core = ctx;

	return core->clock + (retired - core->harts[hart].hart.retired);
}

int sim_core_init(struct sim_core *core, struct sim_chip *chip, int index)
{
	int rc;

	memset(core, 0, sizeof(*core));
	core->chip = chip;
	core->index = index;
	core->logical = ttrt_core_logical(index);
	ttrt_logical_to_noc0(core->logical, &core->noc0);
	core->l1 = sim_chip_l1(chip, index);
	core->local = chip->local_mem + (size_t)index * LOCAL_BYTES_PER_CORE;
	core->bus.l1 = core->l1;
	core->bus.l1_size = TT_L1_SIZE;
	core->bus.ctx = core;
	core->bus.mmio_load = sim_mmio_load;
	core->bus.mmio_store = sim_mmio_store;
	core->bus.read_time = core_time;
	for (int h = 0; h < SIM_NUM_HARTS; h++) {
		rv32_hart_init(&core->harts[h].hart, h, &core->bus, core->local + local_offset[h],
			       local_size[h]);
		atomic_init(&core->harts[h].run, SIM_HART_RESET);
	}
	atomic_init(&core->soft_reset, TT_SOFT_RESET_ALL_RISCS);
	atomic_init(&core->applied_reset, TT_SOFT_RESET_ALL_RISCS);
	sim_niu_reset(core);
	core->tensix = sim_tensix_new(core->l1, TT_L1_SIZE);
	if (!core->tensix)
		return -ENOMEM;
	rc = pthread_mutex_init(&core->status_lock, NULL);
	if (rc)
		goto err_tensix;
	rc = pthread_mutex_init(&core->lock, NULL);
	if (rc)
		goto err_status;
	return 0;

err_status:
	pthread_mutex_destroy(&core->status_lock);
err_tensix:
	sim_tensix_free(core->tensix);
	core->tensix = NULL;
	return -rc;
}

size_t sim_core_local_bytes(void)
{
	return LOCAL_BYTES_PER_CORE;
}

void sim_core_destroy(struct sim_core *core)
{
	rv32_bus_destroy(&core->bus);
	for (int h = 0; h < SIM_NUM_HARTS; h++)
		sim_noc_strict_free(core->harts[h].track.strict);
	sim_tensix_free(core->tensix);
	pthread_mutex_destroy(&core->lock);
	pthread_mutex_destroy(&core->status_lock);
}

static uint32_t start_pc(struct sim_core *core, int h)
{
	if (h == 1 && (atomic_load(&core->ncrisc_pc_override) & 1))
		return atomic_load(&core->reset_pc[1]);
	if (h >= 2 && (atomic_load(&core->trisc_pc_override) & (1u << (h - 2))))
		return atomic_load(&core->reset_pc[h]);
	return fixed_reset_pc[h];
}

/* Bring the harts in line with the soft-reset register: a RISC whose bit
 * went to 1 stops; one whose bit went to 0 starts from its reset PC. */
static void apply_soft_reset(struct sim_core *core)
{
	uint32_t now = atomic_load(&core->soft_reset);
	uint32_t changed = now ^ atomic_load(&core->applied_reset);

	if (!changed)
		return;
	for (int h = 0; h < SIM_NUM_HARTS; h++) {
		struct sim_hart_slot *s = &core->harts[h];
		if (!(changed & hart_reset_bit[h]))
			continue;
		sim_noc_track_settle(core, h, true);
		s->track.fault_pc_set = false;
		if (now & hart_reset_bit[h]) {
			atomic_store(&s->run, SIM_HART_RESET);
			sim_mailbox_reset_hart(core, h);
			continue;
		}
		pthread_mutex_lock(&core->status_lock);
		rv32_hart_reset(&s->hart, start_pc(core, h));
		memset(s->fault_detail, 0, sizeof(s->fault_detail));
		atomic_store(&s->retired_seen, 0);
		atomic_store(&s->ra_seen, 0);
		atomic_store(&s->regs_at_pc, false);
		atomic_store(&s->poll_addr, 0);
		atomic_store(&s->loops_forever, false);
		atomic_store(&s->run, SIM_HART_RUNNABLE);
		pthread_mutex_unlock(&core->status_lock);
	}
	atomic_store(&core->applied_reset, now);
	/* The TRISCs all held in reset: the coprocessor they drive starts
	 * over, as it does on TT_TX_RESET. */
	if ((changed & TRISC_RESET_BITS) && (now & TRISC_RESET_BITS) == TRISC_RESET_BITS)
		sim_tensix_reset(core->tensix);
}

/* The instruction at pc in L1 (16 bits when compressed). */
static uint32_t insn_at(const struct sim_core *core, uint32_t pc)
{
	uint32_t insn = 0;

	if (pc < TT_L1_SIZE - 4)
		memcpy(&insn, core->l1 + pc, 4);
	return (insn & 3) == 3 ? insn : insn & 0xFFFF;
}

static void record_fault(struct sim_core *core, struct sim_hart_slot *s)
{
	sim_noc_track_settle(core, (int)(s - core->harts), true);
	pthread_mutex_lock(&core->status_lock);
	/* A check at the kernel's end points at the transfer it found. */
	if (s->track.fault_pc_set) {
		s->hart.fault.pc = s->track.fault_pc;
		s->hart.fault.insn = insn_at(core, s->track.fault_pc);
		atomic_store(&s->pc_seen, s->track.fault_pc);
		atomic_store(&s->regs_at_pc, false);
		s->track.fault_pc_set = false;
	}
	/* A NOC error has already written its own detail. */
	if (!s->fault_detail[0])
		snprintf(s->fault_detail, sizeof(s->fault_detail), "%s at address 0x%08x",
			 rv32_cause_name(s->hart.fault.cause), s->hart.fault.addr);
	atomic_store(&s->run, SIM_HART_FAULTED);
	pthread_mutex_unlock(&core->status_lock);
}

/* What a hart parked on a loop waits on: the register it reads (a
 * stream counter, an NIU status), else the L1 word (a semaphore, the go
 * signal), else a word of its local memory. A loop that reads nothing
 * waits on nothing: it runs for ever. A loop the probe cannot replay
 * stays a wait on an unknown address. */
static void note_poll(struct sim_hart_slot *s)
{
	struct rv32_load loads[8];
	uint32_t best = 0;
	int rank = 0, n = rv32_spin_loads(&s->hart, loads, 8);

	for (int i = 0; i < n; i++) {
		uint32_t a = loads[i].addr;
		int r = a - RV32_LOCAL_BASE < s->hart.local_size ? 1 : a < TT_L1_SIZE ? 2 : 3;
		if (r >= rank) {
			rank = r;
			best = a;
		}
	}
	atomic_store(&s->poll_addr, best);
	atomic_store(&s->loops_forever, n == 0);
}

/* Runs one hart for a slice; returns 1 if it ran on or changed memory. */
static int run_hart(struct sim_core *core, int h, uint32_t gen)
{
	struct sim_hart_slot *s = &core->harts[h];
	int run = atomic_load(&s->run);
	enum rv32_stop stop;
	uint64_t retired;

	if (run == SIM_HART_PARKED && s->parked_gen != gen)
		atomic_store(&s->run, run = SIM_HART_RUNNABLE);
	if (run != SIM_HART_RUNNABLE)
		return 0;
	s->hart.wrote = 0;
	atomic_store(&s->poll_addr, 0);
	atomic_store(&s->loops_forever, false);
	retired = s->hart.retired;
	stop = rv32_run(&s->hart, SLICE_INSNS);
	core->clock += s->hart.retired - retired;
	atomic_store(&s->pc_seen, s->hart.pc);
	atomic_store(&s->ra_seen, s->hart.x[1]);
	for (int i = 0; i < 32; i++)
		atomic_store_explicit(&s->regs_seen[i], s->hart.x[i], memory_order_relaxed);
	atomic_store(&s->regs_at_pc, true);
	atomic_store(&s->retired_seen, s->hart.retired);
	switch (stop) {
	case RV32_STOP_SPIN:
		note_poll(s);
		/* fall through */
	case RV32_STOP_WFI:
		/* A waiting RISC's transfers in flight land (strict mode): on
		 * silicon time passes while it spins. Landed bytes may be what
		 * the hart or a sibling waits for: look again. */
		if (sim_noc_strict_land_all(core, h))
			return 1;
		s->parked_gen = gen;
		atomic_store(&s->run, SIM_HART_PARKED);
		break;
	case RV32_STOP_FAULT:
		record_fault(core, s);
		break;
	default:
		sim_noc_strict_land_due(core, h);
		return 1;
	}
	/* Stores before it stopped may be what a parked sibling waits for. */
	return s->hart.wrote;
}

int sim_core_run_slice(struct sim_core *core)
{
	uint32_t gen = atomic_load(&core->wake_gen);
	int progress = 0;

	apply_soft_reset(core);
	for (int h = 0; h < SIM_NUM_HARTS; h++)
		progress |= run_hart(core, h, gen);
	/* A hart may have released or reset others (BRISC starting the
	 * subordinates), and a busy hart may be what a parked sibling waits
	 * for: give parked siblings another look next slice. */
	if (progress || atomic_load(&core->soft_reset) != atomic_load(&core->applied_reset)) {
		atomic_fetch_add(&core->wake_gen, 1);
		return 1;
	}
	return 0;
}

static int in_firmware(uint32_t pc)
{
	return pc >= TT_MEM_BRISC_FW_BASE && pc < TT_KERNEL_CONFIG_BASE;
}

void sim_core_risc_states(struct sim_core *core, enum ttrt_risc_state states[5], uint32_t pcs[5])
{
	for (int h = 0; h < SIM_NUM_HARTS; h++) {
		struct sim_hart_slot *s = &core->harts[h];
		uint32_t pc = atomic_load(&s->pc_seen);
		pcs[h] = pc;
		switch (atomic_load(&s->run)) {
		case SIM_HART_RESET:
			states[h] = TTRT_RISC_RESET;
			break;
		case SIM_HART_FAULTED:
			states[h] = TTRT_RISC_FAULT;
			break;
		case SIM_HART_PARKED:
			/* Parked to save the host's CPU; a loop that polls
			 * nothing still runs. */
			states[h] = atomic_load(&s->loops_forever) ? TTRT_RISC_RUNNING :
				    in_firmware(pc) ? TTRT_RISC_IDLE : TTRT_RISC_WAITING;
			break;
		default:
			states[h] = TTRT_RISC_RUNNING;
			break;
		}
	}
}

void sim_core_risc_detail(struct sim_core *core, int hart, struct ttrt_risc_detail *out)
{
	struct sim_hart_slot *s = &core->harts[hart];
	enum ttrt_risc_state states[SIM_NUM_HARTS];
	uint32_t pcs[SIM_NUM_HARTS];

	/* The hart may run meanwhile: a status snapshot, not a sample. Under
	 * status_lock a faulted hart stays faulted, so its record is whole. */
	pthread_mutex_lock(&core->status_lock);
	sim_core_risc_states(core, states, pcs);
	out->state = states[hart];
	out->pc = pcs[hart];
	out->ra = atomic_load(&s->ra_seen);
	out->regs_known = atomic_load(&s->regs_at_pc);
	for (int i = 0; i < 32; i++)
		out->x[i] = atomic_load_explicit(&s->regs_seen[i], memory_order_relaxed);
	out->retired = atomic_load(&s->retired_seen);
	out->polling_addr = states[hart] == TTRT_RISC_WAITING || states[hart] == TTRT_RISC_IDLE
				    ? atomic_load(&s->poll_addr) : 0;
	out->fault[0] = '\0';
	if (states[hart] == TTRT_RISC_FAULT)
		snprintf(out->fault, sizeof(out->fault), "%s; pc 0x%08x, instruction 0x%08x",
			 s->fault_detail, s->hart.fault.pc, s->hart.fault.insn);
	pthread_mutex_unlock(&core->status_lock);
}

int sim_core_local_read(struct sim_core *core, int hart, uint32_t addr, void *buf, size_t len)
{
	uint32_t off = addr - RV32_LOCAL_BASE;
	const uint32_t *mem = (const uint32_t *)(core->local + local_offset[hart]);
	uint8_t *dst = buf;

	if (addr % 4 || len % 4)
		return -EINVAL;
	if (off > local_size[hart] || len > local_size[hart] - off)
		return -ENXIO;
	/* The hart stores with atomic word stores (rv32 exec.c): load likewise. */
	for (size_t i = 0; i < len / 4; i++) {
		uint32_t w = __atomic_load_n(&mem[off / 4 + i], __ATOMIC_ACQUIRE);
		memcpy(dst + 4 * i, &w, 4);
	}
	return 0;
}
