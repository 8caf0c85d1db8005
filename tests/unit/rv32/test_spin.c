/* SPDX-License-Identifier: Apache-2.0 */
/* test_spin.c - polling loops are reported as RV32_STOP_SPIN and resume
 * correctly; loops that store or change state never are. argv[1]: rv32 ELF. */
#include "rvelf.h"

#define MMIO_REG 0xFFB13000u
#define MMIO_OUT 0xFFB13004u
#define CODE 0x1000u

struct mmio { uint32_t reg; uint32_t loads, stores; };

static enum rv32_cause ld(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t *val)
{
    struct mmio *m = ctx;
    (void)hart; (void)size;
    if (addr != MMIO_REG) return RV32_LOAD_FAULT;
    m->loads++;
    *val = m->reg;
    return RV32_OK;
}

static enum rv32_cause st(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t val)
{
    struct mmio *m = ctx;
    (void)hart; (void)size; (void)val;
    if (addr != MMIO_OUT) return RV32_STORE_FAULT;
    m->stores++;
    return RV32_OK;
}

/* run until not BUDGET (bounded); returns the last stop */
static enum rv32_stop run_slices(struct rv32_hart *h, int slices, uint64_t each)
{
    enum rv32_stop s = RV32_STOP_BUDGET;
    for (int i = 0; i < slices && s == RV32_STOP_BUDGET; i++) s = rv32_run(h, each);
    return s;
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s prog.elf\n", argv[0]); return 2; }
    struct mmio m = {0};
    struct rvt_core c;
    struct rvt_elf el;
    rvt_core_init(&c, &m, ld, st);
    if (rvt_elf_load(&el, argv[1], c.bus.l1, c.bus.l1_size) != 0) return 1;
    struct rv32_hart *h = &c.hart[0];

    /* 1. hand-assembled MMIO poll: lui t0; 1: lw t1,0(t0); beqz t1,1b; ebreak */
    uint32_t poll[] = {LUI(T0, MMIO_REG >> 12), LW(T1, T0, (int32_t)(MMIO_REG & 0xfff)),
                       BEQ(T1, X0, -4), EBREAK};
    rvt_put(&c, CODE, poll, 4);
    rv32_hart_reset(h, CODE);
    m.reg = 0;
    h->wrote = 0;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    CHECK_EQ(h->pc, CODE + 4);
    CHECK(h->retired < 1000);
    CHECK_EQ(h->wrote, 0);                  /* a pure poll changes nothing */
    CHECK_EQ(h->x[T0], MMIO_REG & ~0xfffu);
    /* nothing changed: reported again */
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    CHECK_EQ(h->pc, CODE + 4);
    /* what it polls: one replayed iteration, the hart left as it was */
    {
        struct rv32_load ld1[4];
        uint64_t retired = h->retired;
        uint32_t loads = m.loads, x[32];
        memcpy(x, h->x, sizeof(x));
        CHECK_EQ(rv32_spin_loads(h, ld1, 4), 1);
        CHECK_EQ(ld1[0].addr, MMIO_REG);
        CHECK_EQ(ld1[0].pc, CODE + 4);
        CHECK_EQ(ld1[0].size, 4);
        CHECK_EQ(m.loads, loads + 1);
        CHECK_EQ(h->pc, CODE + 4);
        CHECK_EQ(h->retired, retired);
        CHECK(memcmp(x, h->x, sizeof(x)) == 0);
    }
    m.reg = 7;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_FAULT);
    CHECK_EQ(h->fault.cause, RV32_EBREAK);
    CHECK_EQ(h->fault.pc, CODE + 12);
    CHECK_EQ(h->x[T1], 7);

    /* 2. compiled MMIO poll */
    m.reg = 0;
    rvt_setup_call(h, &el, "poll_reg", MMIO_REG, 0, 0, 0);
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    m.reg = 0x1234;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_FAULT);
    CHECK_EQ(h->pc, rvt_sym(&el, "__halt"));
    CHECK_EQ(h->x[A0], 0x1234);

    /* 3. poll of an L1 flag through a non-leaf call (stack saves each round) */
    const uint32_t FLAG = 0x120000;
    memset(c.bus.l1 + FLAG, 0, 4);
    rvt_setup_call(h, &el, "poll_call", FLAG, 0, 0, 0);
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    h->wrote = 0;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    CHECK_EQ(h->wrote, 0);                  /* only silent stack saves */
    CHECK(h->retired < 20000);
    {
        /* through the call and its stack restores, the flag is among the loads */
        struct rv32_load lf[16];
        int n = rv32_spin_loads(h, lf, 16), found = 0;
        CHECK(n >= 1);
        for (int i = 0; i < n; i++)
            found |= lf[i].addr == FLAG;
        CHECK(found);
    }
    c.bus.l1[FLAG] = 0x11;             /* written, but not what it waits for */
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    c.bus.l1[FLAG] = 0x5a;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_FAULT);
    CHECK_EQ(h->pc, rvt_sym(&el, "__halt"));
    CHECK_EQ(h->x[A0], 0x5a);

    /* 4. a storing loop is never a spin (many slices) */
    rvt_setup_call(h, &el, "store_loop", 0x130000, 0, 0, 0);
    h->wrote = 0;
    CHECK_EQ(run_slices(h, 50, 200000), RV32_STOP_BUDGET);
    CHECK_EQ(h->wrote, 1);
    /* ...and a finite one completes */
    rvt_setup_call(h, &el, "store_loop", 0x130000, 100000, 0, 0);
    CHECK_EQ(run_slices(h, 50, 200000), RV32_STOP_FAULT);
    CHECK_EQ(h->pc, rvt_sym(&el, "__halt"));

    /* 5. MMIO stores of the same value are never a spin */
    m.stores = 0;
    rvt_setup_call(h, &el, "mmio_store_loop", MMIO_OUT, 0, 0, 0);
    h->wrote = 0;
    CHECK_EQ(rv32_run(h, 3), RV32_STOP_BUDGET);   /* a single MMIO store, no back edge yet */
    CHECK_EQ(h->wrote, 1);
    CHECK_EQ(run_slices(h, 20, 100000), RV32_STOP_BUDGET);
    CHECK(m.stores > 100000);

    /* 6. a delay loop (no stores, registers change) runs to completion */
    rvt_setup_call(h, &el, "delay", 3000000, 0, 0, 0);
    CHECK_EQ(run_slices(h, 100, 100000), RV32_STOP_FAULT);
    CHECK_EQ(h->pc, rvt_sym(&el, "__halt"));
    CHECK_EQ(h->x[A0], 3000000);

    /* 7. hand-assembled self-storing loop that writes the same word to L1:
     * a silent store leaves memory unchanged, so the loop is a fixed point
     * (documented in rv32.h); a store of a changing value is not. */
    uint32_t ss[] = {LI(A1, 1), SW(A1, A0, 0), JAL(X0, -4)};
    rvt_put(&c, CODE, ss, 3);
    rv32_hart_reset(h, CODE);
    h->x[A0] = 0x131000;
    memset(c.bus.l1 + 0x131000, 0, 4);
    h->wrote = 0;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    CHECK_EQ(h->pc, CODE + 4);
    CHECK_EQ(h->wrote, 1);                  /* the first store changed 0 -> 1 */
    h->wrote = 0;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    CHECK_EQ(h->wrote, 0);                  /* from then on the stores are silent */
    CHECK_EQ(rv32_spin_loads(h, NULL, 0), 0);   /* it loads nothing */
    uint32_t ch[] = {ADDI(A1, A1, 1), SW(A1, A0, 0), JAL(X0, -8)};
    rvt_put(&c, CODE, ch, 3);
    rv32_hart_reset(h, CODE);
    h->x[A0] = 0x131000;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_BUDGET);

    /* 8. a barrier-shaped loop: an MMIO counter against a word of local
     * memory, both reported in program order */
    uint32_t bar[] = {LUI(T0, MMIO_REG >> 12), LUI(T2, RV32_LOCAL_BASE >> 12),
                      LW(T1, T0, (int32_t)(MMIO_REG & 0xfff)), LW(A1, T2, 8),
                      BNE(T1, A1, -8), EBREAK};
    rvt_put(&c, CODE, bar, 6);
    rv32_hart_reset(h, CODE);
    m.reg = 3;
    memcpy(c.local[0] + 8, &(uint32_t){ 5 }, 4);
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_SPIN);
    {
        struct rv32_load lb[4];
        CHECK_EQ(rv32_spin_loads(h, lb, 4), 2);
        CHECK_EQ(lb[0].addr, MMIO_REG);
        CHECK_EQ(lb[1].addr, RV32_LOCAL_BASE + 8);
        CHECK_EQ(lb[1].pc, CODE + 12);
        CHECK_EQ(rv32_spin_loads(h, lb, 1), 1);   /* max caps what is filled */
    }
    m.reg = 5;
    CHECK_EQ(rv32_run(h, 1000000), RV32_STOP_FAULT);
    CHECK_EQ(h->fault.cause, RV32_EBREAK);

    free(el.syms);
    rvt_core_free(&c);
    return rvt_done("test_rv32_spin");
}
