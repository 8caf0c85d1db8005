/* SPDX-License-Identifier: Apache-2.0
 *
 * One simulated Tensix core: five RV32 harts sharing an L1, the soft-reset
 * and start-PC registers, two NOC interfaces and the overlay stream
 * registers that hold CB page counters.
 *
 * Threads: a core's harts only ever run on the scheduler thread that holds
 * the core (sched.c). The host and other cores touch a core through L1
 * bytes, the atomics below, and sim_core_wake().
 */
#ifndef TTFS_SIM_CORE_H
#define TTFS_SIM_CORE_H

#include "mailbox.h"
#include "noc_track.h"
#include "rv32.h"
#include "ttrt.h"
#include "tt/fw_abi.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct sim_chip;
struct sim_tensix;

#define SIM_NUM_HARTS 5
#define SIM_NUM_CMD_BUFS 4
#define SIM_CMD_REGS 32          /* 0x00..0x7C of a command buffer */
#define SIM_NIU_CFG_REGS 64
#define SIM_NIU_STATUS_REGS 64
#define SIM_FAULT_DETAIL_MAX 208

enum sim_hart_run {
	SIM_HART_RESET = 0,      /* held in soft reset */
	SIM_HART_RUNNABLE,
	SIM_HART_PARKED,         /* polling; runs again after a write to the core */
	SIM_HART_FAULTED,
};

struct sim_niu {
	uint32_t cmd[SIM_NUM_CMD_BUFS][SIM_CMD_REGS];
	uint32_t cfg[SIM_NIU_CFG_REGS];
	_Atomic uint32_t status[SIM_NIU_STATUS_REGS];
};

struct sim_hart_slot {
	struct rv32_hart hart;
	_Atomic int run;                  /* enum sim_hart_run */
	uint32_t parked_gen;              /* wake generation it parked at */
	_Atomic uint32_t pc_seen;         /* pc at the last stop, for status */
	_Atomic uint32_t ra_seen;         /* ra (x1) then: where a leaf function returns to */
	/* Every register then, for the arguments of a status's source
	 * lines; regs_at_pc is false when pc_seen is not where they were
	 * (a kernel-end check shows the transfer it found). */
	_Atomic uint32_t regs_seen[32];
	_Atomic bool regs_at_pc;
	_Atomic uint64_t retired_seen;    /* retired count at the last stop, for status */
	/* What the hart polls since it last parked (0: not parked on a
	 * poll), found when it parks: the register it reads, else the L1
	 * word, else the local-memory word (rv32_spin_loads). For status. */
	_Atomic uint32_t poll_addr;
	/* Parked on a loop that reads no memory (for (;;) {}): nothing can
	 * ever let it out, so it is running, not waiting. */
	_Atomic bool loops_forever;
	/* Written by the hart's own thread while it runs (a NOC error) and
	 * under the core's status_lock when it faults or is reset; status
	 * readers take status_lock and read it only while the hart is faulted. */
	char fault_detail[SIM_FAULT_DETAIL_MAX];
	/* Its NOC transfers no barrier has observed (noc_track.h); the
	 * core's thread only. */
	struct sim_noc_track track;
};

struct sim_core {
	struct sim_chip *chip;
	int index;                        /* logical core index 0..119 */
	struct ttrt_xy logical, noc0;
	uint8_t *l1;
	uint8_t *local;                   /* 5 private memories, 8+8+4+4+4 KiB */
	struct rv32_bus bus;
	struct sim_hart_slot harts[SIM_NUM_HARTS];

	_Atomic uint32_t soft_reset;      /* RISCV_DEBUG_REG_SOFT_RESET_0 */
	_Atomic uint32_t applied_reset;   /* the value the harts were last set to */
	_Atomic uint32_t reset_pc[SIM_NUM_HARTS];   /* [1] ncrisc, [2..4] triscs */
	_Atomic uint32_t trisc_pc_override, ncrisc_pc_override;

	/* A hart's fault record against its reset: held while a status reader
	 * copies the fault and while the core's thread records a fault or
	 * resets a hart, so a reader never sees a half-cleared record. */
	pthread_mutex_t status_lock;

	struct sim_niu niu[2];
	/* Strict NOC mode (noc_strict.h), set by the host before a launch. */
	_Atomic bool noc_strict;
	_Atomic uint32_t streams[TT_NUM_STREAMS][2];   /* [acked, received] */
	/* BRISC's and the TRISCs' word FIFOs (mailbox.h). */
	struct sim_mailboxes mailboxes;
	/* The Tensix coprocessor the TRISCs drive (tensix/tensix.h). */
	struct sim_tensix *tensix;
	/* The core's clock, the time CSR of its RISCs: instructions its harts
	 * retired since it was made, as of the start of the running hart's
	 * slice (core_time adds that hart's count since). Touched only on the
	 * thread that runs the core. */
	uint64_t clock;

	/* scheduling (sched.c) */
	pthread_mutex_t lock;
	int queued, running, wake_pending;
	_Atomic uint32_t wake_gen;
	struct sim_core *next_in_queue;
};

int sim_core_init(struct sim_core *core, struct sim_chip *chip, int index);
void sim_core_destroy(struct sim_core *core);

/* Run every runnable hart for one time slice. Returns 1 while some hart
 * can still make progress, 0 when all are parked, faulted or in reset. */
int sim_core_run_slice(struct sim_core *core);

/* Accesses from the host or another core's NOC to the core's registers.
 * The host's write waits until a soft-reset change has taken effect;
 * a NOC write (post) never blocks the core that issued it. */
int sim_core_mmio_read(struct sim_core *core, uint32_t addr, uint32_t *val);
int sim_core_mmio_write(struct sim_core *core, uint32_t addr, uint32_t val);
int sim_core_mmio_post(struct sim_core *core, uint32_t addr, uint32_t val);

/* MMIO callbacks for the harts (mmio.c). */
enum rv32_cause sim_mmio_load(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t *val);
enum rv32_cause sim_mmio_store(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t val);

/* NOC (noc.c): a hart wrote 1 to CMD_CTRL of (noc, buf). On failure the
 * reason goes into the hart's fault_detail. */
enum rv32_cause sim_noc_issue(struct sim_core *core, int hart, int noc, int buf);
void sim_niu_reset(struct sim_core *core);

/* Decoded per-RISC state for status views. */
void sim_core_risc_states(struct sim_core *core, enum ttrt_risc_state states[5], uint32_t pcs[5]);
void sim_core_risc_detail(struct sim_core *core, int hart, struct ttrt_risc_detail *out);
/* Words of a hart's local memory (addr from RV32_LOCAL_BASE, aligned), read
 * while the hart may run: each word whole. 0, -EINVAL or -ENXIO. */
int sim_core_local_read(struct sim_core *core, int hart, uint32_t addr, void *buf, size_t len);

#endif
