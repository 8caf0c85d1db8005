/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rv32.h - RV32IMC + Zicsr/Zifencei hart interpreter for the simulated Blackhole.
 *
 * One struct rv32_bus per Tensix core (L1 + MMIO callbacks + a lazily
 * allocated decode cache), one struct rv32_hart per RISC (BRISC, NCRISC,
 * TRISC0..2). All harts of a bus must be run from one thread at a time;
 * different buses are independent (no global mutable state).
 *
 * Memory map seen by a hart:
 *   [0, l1_size)                          L1, code and data
 *   [RV32_LOCAL_BASE, +local_size)        private data RAM (no fetch)
 *   everything else                       bus->mmio_load / bus->mmio_store
 * Accesses must be naturally aligned (else MISALIGNED_* fault). L1 and
 * local memory are accessed directly as little-endian byte arrays; data
 * loads are acquire and stores release atomics, since other threads
 * (the host, other cores) share L1 (see exec.c).
 *
 * ISA: RV32I, M, C (compressed; a 32-bit instruction may sit at any even
 * address), Zicsr (cycle/instret[h] = retired, time[h] = bus->read_time,
 * mcycle/minstret[h], mhartid = id,
 * misa; other CSRs read 0 and ignore writes), fence/fence.i are no-ops,
 * wfi stops with RV32_STOP_WFI. ecall/ebreak/mret/... fault (no trap
 * vectors: a fault stops the hart and is reported in h->fault).
 *
 * Decode cache: every 16-bit parcel of L1 that is executed gets a decoded
 * entry (32 bytes, allocated per 2 KiB page of L1 on first execution from
 * it: about 16 bytes of host memory per byte of L1 that holds executed
 * code). Each execution compares the cached instruction bits with L1, so
 * code written by the host, the NOC or any hart is always seen; no
 * invalidation call is needed. Frequent adjacent instruction pairs run in
 * one handler (an implementation detail: budgets, faults and retired
 * counts stay per instruction).
 *
 * Budget: rv32_run(h, n) retires exactly n instructions unless it stops
 * earlier; h->retired counts retired instructions (a faulting one is not).
 *
 * Spin detection (RV32_STOP_SPIN): counted on taken backward branches/jumps.
 * When, within one rv32_run() call, at least RV32_SPIN_THRESHOLD backward
 * transfers happen with no state-changing store (a store to L1/local memory
 * that writes a different value than the one there, or ANY MMIO store), the
 * registers and the branch target are snapshotted; if the same target is
 * later reached again with identical registers (x1..x31) and still no such
 * store, the hart is in a fixed point that only an outside write can break:
 * rv32_run returns RV32_STOP_SPIN with pc = that target (resuming simply
 * continues the loop). So a poll loop that calls a function which saves
 * ra/s0 on the stack is still detected (those stores rewrite equal values),
 * and so is a loop that keeps storing the same value to the same L1 word
 * (a silent store changes nothing). Loops whose registers change (delay
 * loops, memcpy, cycle-counter waits) and loops doing MMIO stores are never
 * reported. h->wrote is set whenever the run made such a state-changing
 * store (for a scheduler: parked siblings must look again). Limits: an MMIO read with side effects that keeps returning the
 * same value looks like a pure poll; detection needs ~RV32_SPIN_THRESHOLD+1
 * loop iterations inside one rv32_run call (it restarts on every call); a
 * loop with more than ~64 backward transfers per iteration (nested loops)
 * is not detected and simply runs until the budget ends. A write that lands
 * while the hart runs (another thread's NOC write) may be missed by the
 * snapshot: the scheduler should wake a parked hart on any write that
 * happened after rv32_run started, not only after it returned.
 */
#ifndef TTFS_RV32_H
#define TTFS_RV32_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RV32_LOCAL_BASE 0xFFB00000u
#define RV32_LOCAL_SIZE_DM 8192u     /* BRISC, NCRISC */
#define RV32_LOCAL_SIZE_TRISC 4096u  /* TRISC0..2 */
#define RV32_NUM_HARTS 5
#define RV32_SPIN_THRESHOLD 64

enum rv32_cause {
    RV32_OK = 0,
    RV32_ILLEGAL_INSN,
    RV32_MISALIGNED_LOAD,
    RV32_MISALIGNED_STORE,
    RV32_MISALIGNED_FETCH,
    RV32_LOAD_FAULT,
    RV32_STORE_FAULT,
    RV32_FETCH_FAULT,
    RV32_EBREAK,
    RV32_ECALL
};
const char *rv32_cause_name(enum rv32_cause);

enum rv32_stop {
    RV32_STOP_BUDGET,   /* max_insns retired */
    RV32_STOP_FAULT,    /* h->fault is valid; pc = faulting instruction */
    RV32_STOP_SPIN,     /* fixed-point polling loop; pc = loop head */
    RV32_STOP_WFI,      /* wfi executed; pc = next instruction */
    RV32_STOP_YIELD     /* an MMIO callback called rv32_request_yield(); pc = next */
};

struct rv32_dcache;         /* private: decoded-instruction cache */

struct rv32_bus {            /* one per core; zero-initialise, then fill in */
    uint8_t *l1; uint32_t l1_size;          /* mapped at address 0 */
    void *ctx;
    /* everything outside L1 and the hart's local memory: MMIO.
     * size is 1, 2 or 4; addr is naturally aligned.
     * Return RV32_OK or a fault cause (normally RV32_LOAD_FAULT /
     * RV32_STORE_FAULT). NULL callback = every such access faults.
     * Callbacks run on the hart's thread in the middle of rv32_run(): they
     * may touch L1 (the decode cache revalidates itself) and call
     * rv32_request_yield(), but must not reset/modify the running hart. */
    enum rv32_cause (*mmio_load)(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t *val);
    enum rv32_cause (*mmio_store)(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t val);
    /* optional: L1 stores below store_floor ask store_check first (pc is
     * the storing instruction's); anything but RV32_OK faults the store.
     * Stores at or above it take the fast path. 0 = no check. */
    uint32_t store_floor;
    enum rv32_cause (*store_check)(void *ctx, int hart, uint32_t pc, uint32_t addr, unsigned size);
    /* optional: value of the time CSR, given the hart's retired count at
     * the reading instruction (exact: h->retired is only brought up to
     * date when rv32_run returns); NULL = that count. The cycle CSR is
     * always that count: one instruction, one cycle. */
    uint64_t (*read_time)(void *ctx, int hart, uint64_t retired);
    /* private, allocated on first rv32_run; free with rv32_bus_destroy() */
    struct rv32_dcache *dcache;
};

struct rv32_spin {           /* private spin-detector state */
    uint32_t regs[32];
    uint32_t pc;
    uint32_t window;         /* backward transfers left to find a match */
    uint32_t backoff;        /* quiet transfers before the next attempt */
    int armed;
};

struct rv32_hart {
    uint32_t x[32]; uint32_t pc; uint64_t retired; int id;   /* id 0..4 = brisc,ncrisc,trisc0..2 */
    uint8_t *local; uint32_t local_size;     /* private data RAM at RV32_LOCAL_BASE */
    struct rv32_bus *bus;
    struct { enum rv32_cause cause; uint32_t pc, addr, insn; } fault;  /* valid after RV32_STOP_FAULT */
    /* Set to 1 by rv32_run when the hart made a state-changing store (one
     * that the spin detector counts); the caller clears it. A scheduler
     * uses it to know that parked sibling harts must look again. */
    int wrote;
    /* private */
    int yield_req;
    struct rv32_spin spin;
};

/* Does not allocate; h keeps pointers to bus and local (caller owns both). */
void rv32_hart_init(struct rv32_hart *h, int id, struct rv32_bus *bus, uint8_t *local, uint32_t local_size);
void rv32_hart_reset(struct rv32_hart *h, uint32_t pc);   /* regs zeroed, pc set, fault cleared, retired = 0 */
/* Run until max_insns retired or a stop condition. A faulted hart stays
 * faulted: calling rv32_run again re-executes the faulting instruction. */
enum rv32_stop rv32_run(struct rv32_hart *h, uint64_t max_insns);
/* No-op kept for API compatibility: the decode cache validates every fetch. */
void rv32_invalidate(struct rv32_bus *bus, uint32_t addr, uint32_t len);
/* Frees the decode cache (bus itself, l1 and callbacks untouched). Safe twice. */
void rv32_bus_destroy(struct rv32_bus *bus);
/* From inside an MMIO callback: finish the current instruction, then
 * return RV32_STOP_YIELD. */
void rv32_request_yield(struct rv32_hart *h);
/* The loads of one iteration of the polling loop a hart stopped in with
 * RV32_STOP_SPIN (pc = loop head), found by replaying that iteration on a
 * copy of the registers: the hart's state is left as it was, memory is
 * read (MMIO loads go through bus->mmio_load, so call it on the hart's
 * thread) and never written. Fills up to max loads in program order and
 * returns how many, or -1 when the loop does not come back to its head
 * within 1024 instructions or does something a plain poll does not
 * (a CSR access, ecall, wfi, a faulting load). Costs nothing while harts
 * run: call it only after a stop. */
struct rv32_load {
    uint32_t addr, pc;
    unsigned size;
};
int rv32_spin_loads(struct rv32_hart *h, struct rv32_load *out, int max);
/* Name of a hart id: "brisc", "ncrisc", "trisc0".."trisc2" ("?" otherwise). */
const char *rv32_hart_name(int id);

#ifdef __cplusplus
}
#endif
#endif
