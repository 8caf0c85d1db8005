/* SPDX-License-Identifier: Apache-2.0 */
/* test_fault.c - faults are recorded precisely and stop only their hart;
 * arbitrary code never crashes the host. */
#include "rvtest.h"

#define CODE0 0x1000u
#define CODE1 0x2000u
#define MMIO_REG 0xFFB12000u

struct mmio { uint32_t reg, stores, last_store; int yield_on_store, permissive; struct rv32_hart *harts; };

static enum rv32_cause ld(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t *val)
{
    struct mmio *m = ctx;
    (void)hart;
    if (addr == MMIO_REG && size == 4) { *val = m->reg; return RV32_OK; }
    if (m->permissive && (addr & 0x100)) { *val = addr * 2654435761u; return RV32_OK; }
    return RV32_LOAD_FAULT;
}

static enum rv32_cause st(void *ctx, int hart, uint32_t addr, unsigned size, uint32_t val)
{
    struct mmio *m = ctx;
    if (m->permissive && (addr & 0x100)) return RV32_OK;
    if (addr != MMIO_REG || size != 4) return RV32_STORE_FAULT;
    m->stores++;
    m->last_store = val;
    if (m->yield_on_store) rv32_request_yield(&m->harts[hart]);
    return RV32_OK;
}

/* code at addr: a single instruction followed by ebreak; run; expect fault */
static void expect_fault(struct rvt_core *c, int h, uint32_t insn, uint32_t a0,
                         enum rv32_cause cause, uint32_t addr)
{
    uint32_t w[2] = {insn, EBREAK};
    rvt_put(c, CODE0, w, 2);
    struct rv32_hart *ht = &c->hart[h];
    rv32_hart_reset(ht, CODE0);
    ht->x[A0] = a0;
    CHECK_EQ(rv32_run(ht, 100), RV32_STOP_FAULT);
    CHECK_EQ(ht->fault.cause, cause);
    CHECK_EQ(ht->fault.pc, CODE0);
    CHECK_EQ(ht->pc, CODE0);
    CHECK_EQ(ht->fault.addr, addr);
    CHECK_EQ(ht->fault.insn, insn);
    CHECK_EQ(ht->retired, 0);
}

static uint32_t rng(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 32);
}

int main(void)
{
    struct mmio m = {0};
    struct rvt_core c;
    rvt_core_init(&c, &m, ld, st);
    m.harts = c.hart;

    /* hart 1 runs a long counting loop at CODE1: a2 = sum 1..1000 */
    uint32_t loop[] = {LI(A2, 0), LI(A0, 1000), enc_r(0, A0, A2, 0, A2, 0x33), ADDI(A0, A0, -1),
                       BNE(A0, X0, -8), EBREAK};
    rvt_put(&c, CODE1, loop, 6);
    struct rv32_hart *h1 = &c.hart[1];
    rv32_hart_reset(h1, CODE1);
    CHECK_EQ(rv32_run(h1, 500), RV32_STOP_BUDGET);

    /* illegal instruction on hart 0 */
    expect_fault(&c, 0, 0xffffffffu, 0, RV32_ILLEGAL_INSN, CODE0);
    expect_fault(&c, 0, 0x00000000u, 0, RV32_ILLEGAL_INSN, CODE0);
    expect_fault(&c, 0, 0x30200073u /* mret */, 0, RV32_ILLEGAL_INSN, CODE0);
    expect_fault(&c, 0, enc_r(0x01, A1, A0, 0, A2, 0x3b) /* mulw: RV64 only */, 0,
                 RV32_ILLEGAL_INSN, CODE0);
    /* bad loads/stores */
    expect_fault(&c, 0, LW(A2, A0, 0), 0x80000000u, RV32_LOAD_FAULT, 0x80000000u);
    expect_fault(&c, 0, LW(A2, A0, 4), 0xFFB00000u + 8192 - 4, RV32_LOAD_FAULT, 0xFFB00000u + 8192);
    expect_fault(&c, 2, LW(A2, A0, 0), 0xFFB00000u + 4096, RV32_LOAD_FAULT, 0xFFB01000u); /* trisc: 4K */
    expect_fault(&c, 0, LW(A2, A0, 2), 0x3000, RV32_MISALIGNED_LOAD, 0x3002);
    expect_fault(&c, 0, enc_i(1, A0, 1, A2, 0x03) /* lh */, 0x3000, RV32_MISALIGNED_LOAD, 0x3001);
    expect_fault(&c, 0, SW(A1, A0, 0), 0x3001, RV32_MISALIGNED_STORE, 0x3001);
    expect_fault(&c, 0, SW(A1, A0, 0), RVT_L1_SIZE, RV32_STORE_FAULT, RVT_L1_SIZE);
    expect_fault(&c, 0, enc_s(0, A1, A0, 0, 0x23) /* sb */, 0xFFFFFFFFu, RV32_STORE_FAULT, 0xFFFFFFFFu);
    expect_fault(&c, 0, ECALL, 0, RV32_ECALL, CODE0);
    expect_fault(&c, 0, EBREAK, 0, RV32_EBREAK, CODE0);

    /* fetch faults: from local memory (data only), past L1, misaligned pc */
    uint32_t j[] = {JALR(X0, A0, 0)};
    rvt_put(&c, CODE0, j, 1);
    struct rv32_hart *h0 = &c.hart[0];
    uint32_t targets[] = {RV32_LOCAL_BASE, RVT_L1_SIZE, 0xFFFFFFFEu};
    for (int i = 0; i < 3; i++) {
        rv32_hart_reset(h0, CODE0);
        h0->x[A0] = targets[i];
        CHECK_EQ(rv32_run(h0, 100), RV32_STOP_FAULT);
        CHECK_EQ(h0->fault.cause, RV32_FETCH_FAULT);
        CHECK_EQ(h0->fault.pc, targets[i]);
        CHECK_EQ(h0->fault.addr, targets[i]);
        CHECK_EQ(h0->retired, 1);
    }
    rv32_hart_reset(h0, CODE0 + 1);
    CHECK_EQ(rv32_run(h0, 100), RV32_STOP_FAULT);
    CHECK_EQ(h0->fault.cause, RV32_MISALIGNED_FETCH);
    /* a 32-bit instruction in the last parcel of L1 */
    uint16_t half = 0x0013;
    memcpy(c.bus.l1 + RVT_L1_SIZE - 2, &half, 2);
    rv32_hart_reset(h0, RVT_L1_SIZE - 2);
    CHECK_EQ(rv32_run(h0, 100), RV32_STOP_FAULT);
    CHECK_EQ(h0->fault.cause, RV32_FETCH_FAULT);
    /* ...but a compressed one there executes (c.nop), then falls off the end */
    half = 0x0001;
    memcpy(c.bus.l1 + RVT_L1_SIZE - 2, &half, 2);
    rv32_hart_reset(h0, RVT_L1_SIZE - 2);
    CHECK_EQ(rv32_run(h0, 100), RV32_STOP_FAULT);
    CHECK_EQ(h0->fault.cause, RV32_FETCH_FAULT);
    CHECK_EQ(h0->fault.pc, RVT_L1_SIZE);
    CHECK_EQ(h0->retired, 1);
    /* re-running a faulted hart faults again, harmlessly */
    CHECK_EQ(rv32_run(h0, 100), RV32_STOP_FAULT);

    /* MMIO happy path and yield */
    uint32_t mm[] = {LUI(T0, 0xFFB12), LW(A2, T0, 0), ADDI(A2, A2, 1), SW(A2, T0, 0), LI(A3, 5), EBREAK};
    rvt_put(&c, CODE0, mm, 6);
    m.reg = 41;
    m.yield_on_store = 1;
    rv32_hart_reset(h0, CODE0);
    CHECK_EQ(rv32_run(h0, 100), RV32_STOP_YIELD);
    CHECK_EQ(h0->pc, CODE0 + 16);
    CHECK_EQ(m.last_store, 42);
    CHECK_EQ(h0->retired, 4);
    CHECK_EQ(rv32_run(h0, 100), RV32_STOP_FAULT);
    CHECK_EQ(h0->x[A3], 5);

    /* hart 1 was not disturbed */
    CHECK_EQ(rv32_run(h1, 100000), RV32_STOP_FAULT);
    CHECK_EQ(h1->fault.cause, RV32_EBREAK);
    CHECK_EQ(h1->fault.pc, CODE1 + 20);
    CHECK_EQ(h1->x[A2], 500500);

    /* no callbacks at all: MMIO faults */
    struct rv32_bus nb = c.bus;
    nb.mmio_load = NULL; nb.mmio_store = NULL; nb.dcache = NULL;
    struct rv32_hart hn;
    rv32_hart_init(&hn, 0, &nb, NULL, 0);
    uint32_t w[] = {LW(A2, A0, 0)};
    rvt_put(&c, CODE0, w, 1);
    rv32_hart_reset(&hn, CODE0);
    hn.x[A0] = RV32_LOCAL_BASE;     /* no local memory on this hart */
    CHECK_EQ(rv32_run(&hn, 10), RV32_STOP_FAULT);
    CHECK_EQ(hn.fault.cause, RV32_LOAD_FAULT);
    rv32_bus_destroy(&nb);

    /* random code on all five harts must never crash the host: raw random
     * words, random compressed parcels, and mostly-valid sequences (so that
     * fused pairs, same-page branches, loads and stores get exercised) */
    uint64_t seed = 12345, fuzz_retired = 0;
    m.permissive = 1;
    static const uint32_t opcodes[] = {0x13, 0x33, 0x03, 0x23, 0x63, 0x37, 0x17, 0x6f, 0x67, 0x73};
    for (int round = 0; round < 600; round++) {
        for (uint32_t i = 0; i < 1024; i++) {
            uint32_t v = rng(&seed);
            switch (round % 3) {
            case 1: v &= 0xffff7fffu; break;                       /* parcels: any */
            case 2:
                v = (v & ~0x7fu) | opcodes[rng(&seed) % 10];
                if ((v & 0x7f) == 0x33) v &= 0x03ffffffu;         /* f7 = 0 or 1 */
                if ((v & 0x7f) == 0x63 || (v & 0x7f) == 0x6f)     /* short branches */
                    v = (v & 0x01fff07fu) | ((rng(&seed) & 1) ? 0xfe000000u : 0);
                break;
            default: break;
            }
            memcpy(c.bus.l1 + 0x8000 + 4 * i, &v, 4);
        }
        for (int h = 0; h < RV32_NUM_HARTS; h++) {
            rv32_hart_reset(&c.hart[h], 0x8000 + 4 * (rng(&seed) % 1024));
            for (int r = 0; r < 32; r++) {
                uint32_t k = rng(&seed) % 4;
                c.hart[h].x[r] = k == 0 ? rng(&seed) : k == 1 ? 0x8000 + (rng(&seed) & 0xffc)
                               : k == 2 ? RV32_LOCAL_BASE + (rng(&seed) & 0x1ffc) : (rng(&seed) & 0xff);
            }
            c.hart[h].x[0] = 0;
            /* keep going past faults: step over the faulting parcel */
            for (int k = 0; k < 40; k++) {
                struct rv32_hart *hh = &c.hart[h];
                uint64_t before = hh->retired;
                enum rv32_stop st = rv32_run(hh, 1 + rng(&seed) % 3000);
                fuzz_retired += hh->retired - before;
                if (st == RV32_STOP_FAULT) {
                    uint32_t npc = hh->fault.pc + 2;
                    if (npc - 0x8000 >= 4096 || (npc & 1)) npc = 0x8000 + 2 * (rng(&seed) % 2048);
                    hh->pc = npc;
                }
            }
        }
    }
    printf("random code: %" PRIu64 " instructions retired\n", fuzz_retired);
    CHECK(fuzz_retired > 1000000);

    rvt_core_free(&c);
    return rvt_done("test_rv32_fault");
}
