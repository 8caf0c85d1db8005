/* SPDX-License-Identifier: Apache-2.0 */
/* rvtest.h - tiny assertion helper and a one-core fixture for rv32 tests. */
#ifndef TTFS_RVTEST_H
#define TTFS_RVTEST_H

#include "rv32.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rvt_failures;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);   \
            rvt_failures++;                                                            \
        }                                                                              \
    } while (0)

#define CHECK_EQ(a, b)                                                                 \
    do {                                                                               \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                               \
        if (a_ != b_) {                                                                \
            fprintf(stderr, "%s:%d: %s == %s failed: 0x%" PRIx64 " != 0x%" PRIx64 "\n", \
                    __FILE__, __LINE__, #a, #b, a_, b_);                               \
            rvt_failures++;                                                            \
        }                                                                              \
    } while (0)

static inline int rvt_done(const char *name)
{
    if (rvt_failures) {
        fprintf(stderr, "%s: %d failure(s)\n", name, rvt_failures);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}

#define RVT_L1_SIZE (1536u * 1024u)

struct rvt_core {
    struct rv32_bus bus;
    struct rv32_hart hart[RV32_NUM_HARTS];
    uint8_t *local[RV32_NUM_HARTS];
};

static inline void rvt_core_init(struct rvt_core *c, void *ctx,
                                 enum rv32_cause (*ld)(void *, int, uint32_t, unsigned, uint32_t *),
                                 enum rv32_cause (*st)(void *, int, uint32_t, unsigned, uint32_t))
{
    memset(c, 0, sizeof *c);
    c->bus.l1 = calloc(1, RVT_L1_SIZE);
    if (!c->bus.l1) { perror("calloc"); exit(2); }
    c->bus.l1_size = RVT_L1_SIZE;
    c->bus.ctx = ctx;
    c->bus.mmio_load = ld;
    c->bus.mmio_store = st;
    for (int i = 0; i < RV32_NUM_HARTS; i++) {
        uint32_t sz = i < 2 ? RV32_LOCAL_SIZE_DM : RV32_LOCAL_SIZE_TRISC;
        c->local[i] = calloc(1, sz);
        if (!c->local[i]) { perror("calloc"); exit(2); }
        rv32_hart_init(&c->hart[i], i, &c->bus, c->local[i], sz);
    }
}

static inline void rvt_core_free(struct rvt_core *c)
{
    rv32_bus_destroy(&c->bus);
    free(c->bus.l1);
    for (int i = 0; i < RV32_NUM_HARTS; i++) free(c->local[i]);
}

static inline void rvt_put(struct rvt_core *c, uint32_t addr, const uint32_t *w, size_t n)
{
    memcpy(c->bus.l1 + addr, w, n * 4);
}

/* ---- instruction encoders (RV32I base formats) ---- */
enum { X0, RA, SP, GP, TP, T0, T1, T2, S0, S1, A0, A1, A2, A3, A4, A5, A6, A7 };

static inline uint32_t enc_r(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd, unsigned opc)
{ return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc; }
static inline uint32_t enc_i(int32_t imm, unsigned rs1, unsigned f3, unsigned rd, unsigned opc)
{ return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc; }
static inline uint32_t enc_s(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3, unsigned opc)
{ uint32_t u = (uint32_t)imm; return (u >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | opc; }
static inline uint32_t enc_b(int32_t off, unsigned rs2, unsigned rs1, unsigned f3)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7 | 0x63;
}
static inline uint32_t enc_u(uint32_t imm20, unsigned rd, unsigned opc) { return imm20 << 12 | rd << 7 | opc; }
static inline uint32_t enc_j(int32_t off, unsigned rd)
{
    uint32_t u = (uint32_t)off;
    return (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 | (u >> 11 & 1) << 20 | (u >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}
#define ADDI(rd, rs, imm) enc_i(imm, rs, 0, rd, 0x13)
#define LI(rd, imm) ADDI(rd, X0, imm)
#define LUI(rd, imm20) enc_u(imm20, rd, 0x37)
#define AUIPC(rd, imm20) enc_u(imm20, rd, 0x17)
#define LW(rd, rs, imm) enc_i(imm, rs, 2, rd, 0x03)
#define SW(rs2, rs1, imm) enc_s(imm, rs2, rs1, 2, 0x23)
#define BEQ(a, b, off) enc_b(off, b, a, 0)
#define BNE(a, b, off) enc_b(off, b, a, 1)
#define JAL(rd, off) enc_j(off, rd)
#define JALR(rd, rs, imm) enc_i(imm, rs, 0, rd, 0x67)
#define EBREAK 0x00100073u
#define ECALL 0x00000073u
#define WFI 0x10500073u
#define NOP 0x00000013u

#endif
