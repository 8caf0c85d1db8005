/* SPDX-License-Identifier: Apache-2.0 */
/* test_insn.c - every RV32IM(C)/Zicsr instruction class against hand-worked results. */
#include "rvtest.h"

#define CODE 0x1000u

static struct rvt_core core;

/* Place words at CODE, append ebreak, run hart h from CODE with a0/a1 preset,
 * expect it to stop at the ebreak; return the hart. */
static struct rv32_hart *run_words(int h, const uint32_t *w, size_t n, uint32_t a0, uint32_t a1)
{
    struct rv32_hart *ht = &core.hart[h];
    rvt_put(&core, CODE, w, n);
    uint32_t eb = EBREAK;
    rvt_put(&core, CODE + 4 * (uint32_t)n, &eb, 1);
    rv32_hart_reset(ht, CODE);
    ht->x[A0] = a0;
    ht->x[A1] = a1;
    ht->x[SP] = RV32_LOCAL_BASE + ht->local_size;
    enum rv32_stop s = rv32_run(ht, 100000);
    CHECK_EQ(s, RV32_STOP_FAULT);
    CHECK_EQ(ht->fault.cause, RV32_EBREAK);
    CHECK_EQ(ht->fault.pc, CODE + 4 * n);
    return ht;
}

struct rcase { unsigned f7, f3; uint32_t a, b, want; const char *name; };

static void test_rtype(void)
{
    static const struct rcase c[] = {
        {0x00, 0, 0x7fffffff, 1, 0x80000000, "add overflow"},
        {0x20, 0, 0, 1, 0xffffffff, "sub underflow"},
        {0x00, 1, 1, 31, 0x80000000, "sll 31"},
        {0x00, 1, 1, 33, 2, "sll uses low 5 bits"},
        {0x00, 2, 0xffffffff, 1, 1, "slt -1<1"},
        {0x00, 3, 0xffffffff, 1, 0, "sltu big<1"},
        {0x00, 4, 0xf0f0f0f0, 0xff00ff00, 0x0ff00ff0, "xor"},
        {0x00, 5, 0x80000000, 31, 1, "srl"},
        {0x20, 5, 0x80000000, 31, 0xffffffff, "sra"},
        {0x20, 5, 0x80000000, 36, 0xf8000000, "sra low 5 bits"},
        {0x00, 6, 0xf0000000, 0x0000000f, 0xf000000f, "or"},
        {0x00, 7, 0xf0f0f0f0, 0xff00ff00, 0xf000f000, "and"},
        {0x01, 0, 0x00010001, 0x00010001, 0x00020001, "mul low"},
        {0x01, 0, 0xffffffff, 0xffffffff, 1, "mul -1*-1"},
        {0x01, 1, 0x80000000, 0x80000000, 0x40000000, "mulh min*min"},
        {0x01, 1, 0xffffffff, 0xffffffff, 0, "mulh -1*-1"},
        {0x01, 1, 0xffffffff, 1, 0xffffffff, "mulh -1*1"},
        {0x01, 2, 0xffffffff, 0xffffffff, 0xffffffff, "mulhsu -1*(2^32-1)"},
        {0x01, 2, 2, 0x80000000, 1, "mulhsu 2*2^31"},
        {0x01, 3, 0xffffffff, 0xffffffff, 0xfffffffe, "mulhu"},
        {0x01, 4, 7, 0xfffffffe, 0xfffffffd, "div 7/-2"},
        {0x01, 4, 0xfffffff9, 2, 0xfffffffd, "div -7/2"},
        {0x01, 4, 5, 0, 0xffffffff, "div by zero"},
        {0x01, 4, 0x80000000, 0xffffffff, 0x80000000, "div INT_MIN/-1"},
        {0x01, 5, 0xffffffff, 2, 0x7fffffff, "divu"},
        {0x01, 5, 5, 0, 0xffffffff, "divu by zero"},
        {0x01, 6, 7, 0xfffffffe, 1, "rem 7%-2"},
        {0x01, 6, 0xfffffff9, 2, 0xffffffff, "rem -7%2"},
        {0x01, 6, 0xfffffff9, 0, 0xfffffff9, "rem by zero"},
        {0x01, 6, 0x80000000, 0xffffffff, 0, "rem INT_MIN%-1"},
        {0x01, 7, 0xffffffff, 10, 5, "remu"},
        {0x01, 7, 1234, 0, 1234, "remu by zero"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint32_t w = enc_r(c[i].f7, A1, A0, c[i].f3, A2, 0x33);
        struct rv32_hart *h = run_words(0, &w, 1, c[i].a, c[i].b);
        if (h->x[A2] != c[i].want)
            fprintf(stderr, "rtype %s: got 0x%08x want 0x%08x\n", c[i].name, h->x[A2], c[i].want);
        CHECK_EQ(h->x[A2], c[i].want);
    }
}

struct icase { unsigned f3; int32_t imm; uint32_t a, want; const char *name; };

static void test_itype(void)
{
    static const struct icase c[] = {
        {0, -1, 0, 0xffffffff, "addi -1"},
        {0, 0x7ff, 0x7ffff801, 0x80000000, "addi overflow"},
        {2, -1, 0xfffffffe, 1, "slti -2<-1"},
        {2, 1, 1, 0, "slti 1<1"},
        {3, -1, 5, 1, "sltiu 5<0xffffffff"},
        {3, 1, 0, 1, "sltiu seqz"},
        {4, -1, 0x12345678, 0xedcba987, "xori not"},
        {6, 0x0f0, 0x00000f00, 0x00000ff0, "ori"},
        {7, -16, 0x1234567f, 0x12345670, "andi"},
        {1, 31, 3, 0x80000000, "slli"},
        {5, 4, 0x80000000, 0x08000000, "srli"},
        {5, 0x400 | 4, 0x80000000, 0xf8000000, "srai"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint32_t w = enc_i(c[i].imm, A0, c[i].f3, A2, 0x13);
        struct rv32_hart *h = run_words(0, &w, 1, c[i].a, 0);
        if (h->x[A2] != c[i].want)
            fprintf(stderr, "itype %s: got 0x%08x want 0x%08x\n", c[i].name, h->x[A2], c[i].want);
        CHECK_EQ(h->x[A2], c[i].want);
    }
    /* writes to x0 are discarded, x0 reads zero */
    uint32_t z[] = {LI(X0, 5), LW(X0, X0, 0x100), ADDI(A2, X0, 0), enc_r(0, X0, X0, 0, A3, 0x33)};
    struct rv32_hart *h = run_words(0, z, 4, 0, 0);
    CHECK_EQ(h->x[0], 0);
    CHECK_EQ(h->x[A2], 0);
    CHECK_EQ(h->x[A3], 0);
}

static void test_upper(void)
{
    uint32_t w[] = {LUI(A2, 0xfffff), AUIPC(A3, 1), AUIPC(A4, 0xfffff)};
    struct rv32_hart *h = run_words(0, w, 3, 0, 0);
    CHECK_EQ(h->x[A2], 0xfffff000);
    CHECK_EQ(h->x[A3], CODE + 4 + 0x1000);
    CHECK_EQ(h->x[A4], CODE + 8 - 0x1000);
}

static void test_branches(void)
{
    struct { unsigned f3; uint32_t a, b; int taken; } c[] = {
        {0, 5, 5, 1}, {0, 5, 6, 0}, {1, 5, 6, 1}, {1, 5, 5, 0},
        {4, 0xffffffff, 1, 1}, {4, 1, 0xffffffff, 0},      /* blt signed */
        {5, 0xffffffff, 0xffffffff, 1}, {5, 0xfffffffe, 0xffffffff, 0},
        {6, 0xffffffff, 1, 0}, {6, 1, 0xffffffff, 1},      /* bltu unsigned */
        {7, 0, 0xffffffff, 0}, {7, 0xffffffff, 0xffffffff, 1},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        /* li a2,0 ; b?? a0,a1,+8 ; li a2,1 ; ebreak */
        uint32_t w[] = {LI(A2, 0), enc_b(8, A1, A0, c[i].f3), LI(A2, 1)};
        struct rv32_hart *h = run_words(0, w, 3, c[i].a, c[i].b);
        CHECK_EQ(h->x[A2], c[i].taken ? 0 : 1);
    }
    /* backward branch loop: a0 = 10; do { a2 += a0; a0--; } while (a0 != 0) */
    uint32_t loop[] = {LI(A2, 0), enc_r(0, A0, A2, 0, A2, 0x33), ADDI(A0, A0, -1), BNE(A0, X0, -8)};
    struct rv32_hart *h = run_words(0, loop, 4, 10, 0);
    CHECK_EQ(h->x[A2], 55);
    CHECK_EQ(h->retired, 1 + 3 * 10);
}

static void test_jumps(void)
{
    /* 0: jal ra,+12 | 4: li a2,1 | 8: ebreak(skipped... ) | 12: li a3,2 ; then ebreak */
    uint32_t w[] = {JAL(RA, 12), LI(A2, 1), EBREAK, LI(A3, 2)};
    struct rv32_hart *h = run_words(0, w, 4, 0, 0);
    CHECK_EQ(h->x[RA], CODE + 4);
    CHECK_EQ(h->x[A2], 0);
    CHECK_EQ(h->x[A3], 2);
    /* jalr with odd target: low bit cleared; rd == rs1 uses the old value */
    uint32_t w2[] = {JALR(A0, A0, 1), LI(A2, 1), LI(A3, 3)};
    h = run_words(0, w2, 3, CODE + 8 - 1 + 0 * 1, 0);   /* (CODE+7)+1 = CODE+8 */
    CHECK_EQ(h->x[A0], CODE + 4);
    CHECK_EQ(h->x[A2], 0);
    CHECK_EQ(h->x[A3], 3);
    /* jal backward with x0 (a plain j) */
    uint32_t w3[] = {JAL(X0, 8), EBREAK, ADDI(A2, A2, 1), BEQ(A2, A1, 8), JAL(X0, -8)};
    h = run_words(0, w3, 5, 0, 3);
    CHECK_EQ(h->x[A2], 3);
}

static void test_loads_stores(void)
{
    static const uint8_t pat[8] = {0x80, 0xff, 0x7f, 0x01, 0xaa, 0x55, 0x00, 0x80};
    memcpy(core.bus.l1 + 0x2000, pat, 8);
    uint32_t w[] = {
        enc_i(0, A0, 0, A2, 0x03),  /* lb  a2,0(a0) */
        enc_i(0, A0, 4, A3, 0x03),  /* lbu a3,0(a0) */
        enc_i(0, A0, 1, A4, 0x03),  /* lh  a4,0(a0) */
        enc_i(0, A0, 5, A5, 0x03),  /* lhu a5,0(a0) */
        enc_i(0, A0, 2, A6, 0x03),  /* lw  a6,0(a0) */
        enc_i(2, A0, 0, T0, 0x03),  /* lb  t0,2(a0) = 0x7f */
        enc_i(6, A0, 1, T1, 0x03),  /* lh  t1,6(a0) = 0x8000 */
        enc_i(4, A0, 2, T2, 0x03),  /* lw  t2,4(a0) */
    };
    struct rv32_hart *h = run_words(0, w, 8, 0x2000, 0);
    CHECK_EQ(h->x[A2], 0xffffff80);
    CHECK_EQ(h->x[A3], 0x80);
    CHECK_EQ(h->x[A4], 0xffffff80);
    CHECK_EQ(h->x[A5], 0xff80);
    CHECK_EQ(h->x[A6], 0x017fff80);
    CHECK_EQ(h->x[T0], 0x7f);
    CHECK_EQ(h->x[T1], 0xffff8000);
    CHECK_EQ(h->x[T2], 0x800055aa);

    /* stores of each width into L1 and into local memory */
    memset(core.bus.l1 + 0x3000, 0x11, 16);
    uint32_t s[] = {
        enc_s(0, A1, A0, 0, 0x23),  /* sb a1,0(a0) */
        enc_s(4, A1, A0, 1, 0x23),  /* sh a1,4(a0) */
        enc_s(8, A1, A0, 2, 0x23),  /* sw a1,8(a0) */
        LUI(T0, 0xffb00),           /* t0 = local base */
        enc_s(0, A1, T0, 2, 0x23),  /* sw a1,0(t0) */
        enc_s(6, A1, T0, 1, 0x23),  /* sh a1,6(t0) */
        enc_i(0, T0, 2, A2, 0x03),  /* lw a2,0(t0) */
        enc_i(6, T0, 5, A3, 0x03),  /* lhu a3,6(t0) */
    };
    h = run_words(0, s, 8, 0x3000, 0xdeadbeef);
    static const uint8_t want[16] = {0xef, 0x11, 0x11, 0x11, 0xef, 0xbe, 0x11, 0x11,
                                     0xef, 0xbe, 0xad, 0xde, 0x11, 0x11, 0x11, 0x11};
    CHECK(memcmp(core.bus.l1 + 0x3000, want, 16) == 0);
    CHECK_EQ(h->x[A2], 0xdeadbeef);
    CHECK_EQ(h->x[A3], 0xbeef);
    CHECK_EQ(core.local[0][0], 0xef);
    CHECK_EQ(core.local[0][7], 0xbe);
}

static void test_csr(void)
{
    uint32_t w[] = {
        enc_i(0xF14, X0, 2, A2, 0x73),  /* csrr a2, mhartid */
        enc_i(0xC02, X0, 2, A3, 0x73),  /* csrr a3, instret */
        enc_i(0xC00, X0, 2, A4, 0x73),  /* csrr a4, cycle */
        enc_i(0xC80, X0, 2, A5, 0x73),  /* csrr a5, cycleh */
        enc_i(0xC01, X0, 2, A6, 0x73),  /* csrr a6, time */
        enc_i(0x7C0, A0, 1, X0, 0x73),  /* csrw 0x7c0, a0 (unknown: ignored) */
        enc_i(0x7C0, X0, 2, A7, 0x73),  /* csrr a7, 0x7c0 -> 0 */
        enc_i(0x340, 5, 5, T0, 0x73),   /* csrrwi t0, mscratch, 5 -> old 0 */
    };
    struct rv32_hart *h = &core.hart[3];
    uint32_t eb = EBREAK;
    rvt_put(&core, CODE, w, 8);
    rvt_put(&core, CODE + 32, &eb, 1);
    rv32_hart_reset(h, CODE);
    h->retired = 1000;
    h->x[A0] = 0x1234;
    CHECK_EQ(rv32_run(h, 100), RV32_STOP_FAULT);
    CHECK_EQ(h->fault.pc, CODE + 32);
    CHECK_EQ(h->x[A2], 3);
    CHECK_EQ(h->x[A3], 1001);      /* retired before: 1000 + the mhartid read */
    CHECK_EQ(h->x[A4], 1002);      /* cycle defaults to retired count */
    CHECK_EQ(h->x[A5], 0);
    CHECK_EQ(h->x[A6], 1004);
    CHECK_EQ(h->x[A7], 0);
    CHECK_EQ(h->x[T0], 0);
    CHECK_EQ(h->retired, 1008);    /* 8 retired, ebreak not */
}

static uint64_t time_plus_million(void *ctx, int hart, uint64_t retired)
{
    (void)ctx;
    (void)hart;
    return retired + 1000000;
}

/* A read_time callback gets the retired count at the reading instruction,
 * not h->retired, which rv32_run brings up to date only when it returns;
 * it gives the time CSR, not cycle. */
static void test_csr_read_time(void)
{
    uint32_t w[] = {
        enc_i(0xC00, X0, 2, A4, 0x73),  /* csrr a4, cycle */
        NOP, NOP, NOP,
        enc_i(0xC01, X0, 2, A5, 0x73),  /* csrr a5, time */
    };
    struct rv32_hart *h = &core.hart[2];
    uint32_t eb = EBREAK;
    rvt_put(&core, CODE, w, 5);
    rvt_put(&core, CODE + 20, &eb, 1);
    rv32_hart_reset(h, CODE);
    h->retired = 500;
    core.bus.read_time = time_plus_million;
    CHECK_EQ(rv32_run(h, 100), RV32_STOP_FAULT);
    core.bus.read_time = NULL;
    CHECK_EQ(h->x[A4], 500);       /* cycle: the hart's own count */
    CHECK_EQ(h->x[A5], 1000504);
}

static void test_system(void)
{
    struct rv32_hart *h = &core.hart[1];
    uint32_t w[] = {0x0ff0000f /* fence */, 0x0000100f /* fence.i */, NOP, WFI, LI(A2, 9), ECALL};
    rvt_put(&core, CODE, w, 6);
    rv32_hart_reset(h, CODE);
    CHECK_EQ(rv32_run(h, 100), RV32_STOP_WFI);
    CHECK_EQ(h->pc, CODE + 16);
    CHECK_EQ(h->retired, 4);
    CHECK_EQ(rv32_run(h, 100), RV32_STOP_FAULT);
    CHECK_EQ(h->fault.cause, RV32_ECALL);
    CHECK_EQ(h->fault.pc, CODE + 20);
    CHECK_EQ(h->pc, CODE + 20);
    CHECK_EQ(h->fault.insn, ECALL);
    CHECK_EQ(h->x[A2], 9);
    /* budget: exactly max_insns retire */
    rv32_hart_reset(h, CODE);
    CHECK_EQ(rv32_run(h, 2), RV32_STOP_BUDGET);
    CHECK_EQ(h->pc, CODE + 8);
    CHECK_EQ(rv32_run(h, 0), RV32_STOP_BUDGET);
    CHECK_EQ(h->pc, CODE + 8);
}

static void test_compressed(void)
{
    static const uint16_t c[] = {
        0x557d, /* c.li a0,-1          a0 = -1 */
        0x0515, /* c.addi a0,5         a0 = 4 */
        0x65fd, /* c.lui a1,0x1f       a1 = 0x1f000 */
        0x862a, /* c.mv a2,a0          a2 = 4 */
        0x962e, /* c.add a2,a1         a2 = 0x1f004 */
        0x0612, /* c.slli a2,4         a2 = 0x1f0040 */
        0x8605, /* c.srai a2,1         a2 = 0xf8020 */
        0x8205, /* c.srli a2,1         a2 = 0x7c010 */
        0x9a41, /* c.andi a2,-16       a2 = 0x7c010 */
        0x8e09, /* c.sub a2,a0         a2 = 0x7c00c */
        0x7139, /* c.addi16sp sp,-64   sp = top-64 */
        0x0814, /* c.addi4spn a3,sp,16 a3 = sp+16 */
        0xc42a, /* c.swsp a0,8(sp) */
        0x4722, /* c.lwsp a4,8(sp)     a4 = 4 */
        0xc2c8, /* c.sw a0,4(a3) */
        0x42dc, /* c.lw a5,4(a3)       a5 = 4 */
        0xc391, /* c.beqz a5,+4  (not taken) */
        0xe391, /* c.bnez a5,+4  (taken, skips ebreak) */
        0x9002, /* c.ebreak */
        0xa011, /* c.j +4 */
        0x9002, /* c.ebreak */
        0x2019, /* c.jal +6            ra = next */
        0xa021, /* c.j +8 */
        0x9002, /* c.ebreak */
        0x8082, /* c.jr ra */
        0x9002, /* c.ebreak */
        0x441d, /* c.li s0,7 */
        0x8c35, /* c.xor s0,a3 */
        0x9002, /* c.ebreak  (end, at CODE+0x38) */
    };
    struct rv32_hart *h = &core.hart[0];
    memcpy(core.bus.l1 + CODE, c, sizeof c);
    rv32_hart_reset(h, CODE);
    uint32_t top = RV32_LOCAL_BASE + h->local_size;
    h->x[SP] = top;
    CHECK_EQ(rv32_run(h, 1000), RV32_STOP_FAULT);
    CHECK_EQ(h->fault.cause, RV32_EBREAK);
    CHECK_EQ(h->fault.pc, CODE + 0x38);
    CHECK_EQ(h->fault.insn, 0x9002);
    CHECK_EQ(h->x[A0], 4);
    CHECK_EQ(h->x[A1], 0x1f000);
    CHECK_EQ(h->x[A2], 0x7c00c);
    CHECK_EQ(h->x[SP], top - 64);
    CHECK_EQ(h->x[A3], top - 48);
    CHECK_EQ(h->x[A4], 4);
    CHECK_EQ(h->x[A5], 4);
    CHECK_EQ(h->x[RA], CODE + 0x2c);
    CHECK_EQ(h->x[S0], 7u ^ (top - 48));
    /* illegal compressed encodings: all-zero parcel, c.lui with 0 */
    static const uint16_t bad[] = {0x6081 /* c.lui ra,0 reserved */};
    memcpy(core.bus.l1 + CODE, bad, sizeof bad);
    rv32_hart_reset(h, CODE);
    CHECK_EQ(rv32_run(h, 10), RV32_STOP_FAULT);
    CHECK_EQ(h->fault.cause, RV32_ILLEGAL_INSN);
    CHECK_EQ(h->fault.insn, 0x6081);
}

static void test_selfmod(void)
{
    /* code rewritten between runs (host write) and by the hart itself */
    struct rv32_hart *h = &core.hart[2];
    uint32_t w[] = {LI(A2, 1), EBREAK};
    rvt_put(&core, CODE, w, 2);
    rv32_hart_reset(h, CODE);
    rv32_run(h, 10);
    CHECK_EQ(h->x[A2], 1);
    w[0] = LI(A2, 2);
    rvt_put(&core, CODE, w, 1);
    rv32_hart_reset(h, CODE);
    rv32_run(h, 10);
    CHECK_EQ(h->x[A2], 2);
    /* sw a1, 8(a0) overwrites the "li a2,3" at CODE+8 with "li a2,4" */
    uint32_t s[] = {SW(A1, A0, 8), NOP, LI(A2, 3), EBREAK};
    rvt_put(&core, CODE, s, 4);
    rv32_hart_reset(h, CODE);
    rv32_run(h, 3);                  /* warm the cache with the old word */
    rv32_hart_reset(h, CODE);
    h->x[A0] = CODE;
    h->x[A1] = LI(A2, 4);
    rv32_run(h, 10);
    CHECK_EQ(h->x[A2], 4);
}

static void test_fused(void)
{
    /* pairs that the decoder fuses (rv32_fuse.h): forwarding of the first
     * result, x0 as destination, a loop formed by one fused pair */
    uint32_t f[] = {
        enc_i(2, A0, 1, A2, 0x13),          /* slli a2,a0,2 */
        enc_r(0, A1, A2, 0, A3, 0x33),      /* add  a3,a2,a1   -> a0*4+a1 */
        enc_i(1, A0, 1, A4, 0x13),          /* slli a4,a0,1 */
        enc_r(0, A4, A4, 0, A4, 0x33),      /* add  a4,a4,a4   -> a0*4 */
        LW(X0, SP, -4),                     /* lw x0,-4(sp) */
        ADDI(A5, X0, 3),                    /* addi a5,x0,3 */
        LI(T0, 5),
        ADDI(T0, T0, -1), BNE(T0, X0, -4),  /* loop: fused addi+bne */
    };
    struct rv32_hart *h = run_words(0, f, 9, 10, 7);
    CHECK_EQ(h->x[A3], 47);
    CHECK_EQ(h->x[A4], 40);
    CHECK_EQ(h->x[A5], 3);
    CHECK_EQ(h->x[T0], 0);
    CHECK_EQ(h->retired, 7 + 2 * 5);

    /* host rewrites the second instruction of a warmed fused pair */
    uint32_t p[] = {ADDI(A2, A2, 1), ADDI(A3, A3, 2)};
    h = run_words(0, p, 2, 0, 0);
    CHECK_EQ(h->x[A3], 2);
    h = run_words(0, p, 2, 0, 0);
    p[1] = ADDI(A3, A3, 5);
    h = run_words(0, p, 2, 0, 0);
    CHECK_EQ(h->x[A2], 1);
    CHECK_EQ(h->x[A3], 5);

    /* the hart rewrites the second half of a fused pair just before it */
    uint32_t s[] = {SW(A1, A0, 12), NOP, ADDI(A2, A2, 1), ADDI(A3, A3, 1)};
    h = run_words(0, s, 4, CODE, ADDI(A3, A3, 1));   /* warm: same word */
    CHECK_EQ(h->x[A3], 1);
    h = run_words(0, s, 4, CODE, ADDI(A3, A3, 7));
    CHECK_EQ(h->x[A2], 1);
    CHECK_EQ(h->x[A3], 7);

    /* fault in the second instruction of a fused pair */
    uint32_t fl[] = {enc_r(0, A1, A0, 0, A0, 0x33), LW(A2, A0, 0)};
    for (int round = 0; round < 2; round++) {
        h = &core.hart[0];
        rvt_put(&core, CODE, fl, 2);
        rv32_hart_reset(h, CODE);
        h->x[A0] = 0x7ffffff0;
        h->x[A1] = 0x10;
        CHECK_EQ(rv32_run(h, 100), RV32_STOP_FAULT);
        CHECK_EQ(h->fault.cause, RV32_LOAD_FAULT);   /* no MMIO callback here */
        CHECK_EQ(h->fault.pc, CODE + 4);
        CHECK_EQ(h->fault.addr, 0x80000000u);
        CHECK_EQ(h->fault.insn, fl[1]);
        CHECK_EQ(h->retired, 1);
        CHECK_EQ(h->x[A0], 0x80000000u);
        /* and a budget that ends between the two halves */
        rv32_hart_reset(h, CODE);
        CHECK_EQ(rv32_run(h, 1), RV32_STOP_BUDGET);
        CHECK_EQ(h->pc, CODE + 4);
    }
}

int main(void)
{
    rvt_core_init(&core, NULL, NULL, NULL);
    test_rtype();
    test_itype();
    test_upper();
    test_branches();
    test_jumps();
    test_loads_stores();
    test_csr();
    test_csr_read_time();
    test_system();
    test_compressed();
    test_selfmod();
    test_fused();
    CHECK_EQ(strcmp(rv32_cause_name(RV32_ECALL), "ecall"), 0);
    CHECK_EQ(strcmp(rv32_hart_name(4), "trisc2"), 0);
    rvt_core_free(&core);
    return rvt_done("test_rv32_insn");
}
