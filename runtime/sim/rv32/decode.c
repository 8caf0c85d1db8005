/* SPDX-License-Identifier: Apache-2.0 */
/* decode.c - RV32IM + Zicsr + Zifencei 32-bit instruction decoder. */
#include "rv32_internal.h"

#include <string.h>

static inline int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (int32_t)((v ^ m) - m);
}

static inline int32_t imm_i(uint32_t w) { return (int32_t)w >> 20; }
static inline int32_t imm_s(uint32_t w)
{
    return ((int32_t)w >> 25) * 32 + (int32_t)((w >> 7) & 0x1f);
}
static inline int32_t imm_b(uint32_t w)
{
    uint32_t v = ((w >> 31) & 1) << 12 | ((w >> 7) & 1) << 11 | ((w >> 25) & 0x3f) << 5 |
                 ((w >> 8) & 0xf) << 1;
    return sext(v, 13);
}
static inline int32_t imm_j(uint32_t w)
{
    uint32_t v = ((w >> 31) & 1) << 20 | ((w >> 12) & 0xff) << 12 | ((w >> 20) & 1) << 11 |
                 ((w >> 21) & 0x3ff) << 1;
    return sext(v, 21);
}

static void set(struct rv_dinsn *d, int op, unsigned rd, unsigned rs1, unsigned rs2, int32_t imm)
{
    d->op = (uint8_t)op;
    d->rd = (uint8_t)(rd == 0 ? RV_XSINK : rd);
    d->rs1 = (uint8_t)rs1;
    d->rs2 = (uint8_t)rs2;
    d->imm = imm;
}

static int op_imm(unsigned f3, uint32_t w)
{
    unsigned f7 = w >> 25;
    switch (f3) {
    case 0: return OP_ADDI;
    case 1: return f7 == 0 ? OP_SLLI : OP_ILLEGAL;
    case 2: return OP_SLTI;
    case 3: return OP_SLTIU;
    case 4: return OP_XORI;
    case 5: return f7 == 0 ? OP_SRLI : f7 == 0x20 ? OP_SRAI : OP_ILLEGAL;
    case 6: return OP_ORI;
    default: return OP_ANDI;
    }
}

static int op_reg(unsigned f3, unsigned f7)
{
    static const uint8_t base[8] = {OP_ADD, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_OR, OP_AND};
    static const uint8_t mext[8] = {OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU,
                                    OP_DIV, OP_DIVU, OP_REM,  OP_REMU};
    if (f7 == 0) return base[f3];
    if (f7 == 1) return mext[f3];
    if (f7 == 0x20) return f3 == 0 ? OP_SUB : f3 == 5 ? OP_SRA : OP_ILLEGAL;
    return OP_ILLEGAL;
}

static int op_system(uint32_t w, unsigned f3, unsigned rd, unsigned rs1)
{
    if (f3 == 0) {
        if (rd != 0 || rs1 != 0) return OP_ILLEGAL;
        switch (w >> 20) {
        case 0x000: return OP_ECALL;
        case 0x001: return OP_EBREAK;
        case 0x105: return OP_WFI;
        default: return OP_ILLEGAL;   /* mret etc.: no trap machinery here */
        }
    }
    static const uint8_t csr[8] = {OP_ILLEGAL, OP_CSRRW,  OP_CSRRS,  OP_CSRRC,
                                   OP_ILLEGAL, OP_CSRRWI, OP_CSRRSI, OP_CSRRCI};
    return csr[f3];
}

static void decode32(struct rv_dinsn *d, uint32_t w, uint32_t pc)
{
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    unsigned f3 = (w >> 12) & 7;
    int op = OP_ILLEGAL;
    int32_t imm = 0;

    switch ((w >> 2) & 31) {
    case 0x0D: op = OP_LI; imm = (int32_t)(w & 0xfffff000u); rs1 = rs2 = 0; break;   /* lui */
    case 0x05: op = OP_LI; imm = (int32_t)(pc + (w & 0xfffff000u)); rs1 = rs2 = 0; break; /* auipc */
    case 0x1B: op = OP_JAL; imm = (int32_t)(pc + (uint32_t)imm_j(w)); rs1 = rs2 = 0; break;
    case 0x19:
        if (f3 != 0) break;
        op = OP_JALR; imm = imm_i(w); rs2 = 0; break;
    case 0x18: {
        static const uint8_t br[8] = {OP_BEQ, OP_BNE, OP_ILLEGAL, OP_ILLEGAL,
                                      OP_BLT, OP_BGE, OP_BLTU, OP_BGEU};
        op = br[f3];
        imm = (int32_t)(pc + (uint32_t)imm_b(w));
        /* not a destination: keep rd field harmless */
        set(d, op, 0, rs1, rs2, imm);
        d->rd = RV_XSINK;
        return;
    }
    case 0x00: {
        static const uint8_t ld[8] = {OP_LB, OP_LH, OP_LW, OP_ILLEGAL,
                                      OP_LBU, OP_LHU, OP_ILLEGAL, OP_ILLEGAL};
        op = ld[f3]; imm = imm_i(w); rs2 = 0; break;
    }
    case 0x08: {
        static const uint8_t st[8] = {OP_SB, OP_SH, OP_SW, OP_ILLEGAL,
                                      OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL};
        op = st[f3]; imm = imm_s(w); rd = 0; break;
    }
    case 0x04:
        op = op_imm(f3, w);
        imm = (op == OP_SLLI || op == OP_SRLI || op == OP_SRAI) ? (int32_t)rs2 : imm_i(w);
        rs2 = 0;
        if (rd == 0 && op != OP_ILLEGAL) op = OP_NOP;   /* hints, incl. canonical nop */
        break;
    case 0x0C:
        op = op_reg(f3, w >> 25);
        if (rd == 0 && op != OP_ILLEGAL) op = OP_NOP;   /* no side effects, div/0 included */
        break;
    case 0x03:
        if (f3 == 0 || f3 == 1) op = OP_NOP;           /* fence, fence.i */
        break;
    case 0x1C:
        op = op_system(w, f3, rd, rs1);
        if (op >= OP_CSRRW) imm = (int32_t)(w >> 20);
        break;
    default:
        break;
    }
    set(d, op, rd, rs1, rs2, imm);
}

/* direct jumps whose target is in the same decode page use an op that
 * moves the entry pointer by a fixed offset */
static void localize(struct rv_dinsn *d, uint32_t pc)
{
    int op = d->op;
    uint32_t t = (uint32_t)d->imm;
    if (((t ^ pc) >> RV_PAGE_SHIFT) != 0)
        return;
    if (op >= OP_BEQ && op <= OP_BGEU)
        d->op = (uint8_t)(OP_BEQ_L + (op - OP_BEQ));
    else if (op == OP_JAL)
        d->op = OP_JAL_L;
    else
        return;
    d->imm = (int32_t)(t - pc);
}

int rv_delocalize(struct rv_dinsn *d, uint32_t pc)
{
    int op = RV_OP_OF(d->op);
    if (op < OP_BEQ_L || op > OP_JAL_L)
        return 0;
    int base = op == OP_JAL_L ? OP_JAL : OP_BEQ + (op - OP_BEQ_L);
    d->op = RV_HIDX(base, d->len);
    d->imm = (int32_t)(pc + (uint32_t)d->imm);
    return 1;
}

void rv_decode(struct rv_dinsn *d, uint32_t w, uint32_t pc)
{
    memset(d, 0, sizeof *d);
    if ((w & 3) != 3) {
        d->raw = w & 0xffffu;
        d->len = 2;
        rv_decode16(d, w & 0xffffu, pc);
    } else {
        d->raw = w;
        d->len = 4;
        decode32(d, w, pc);
    }
    localize(d, pc);
    d->op = RV_HIDX(d->op, d->len);
}

enum rv32_cause rv_decode_at(struct rv_dinsn *d, const uint8_t *l1, uint32_t l1_size, uint32_t pc)
{
    uint32_t w = 0;
    if (!l1 || pc >= l1_size || l1_size - pc < 2)
        return RV32_FETCH_FAULT;
    if (l1_size - pc >= 4) {
        memcpy(&w, l1 + pc, 4);
    } else {
        memcpy(&w, l1 + pc, 2);
        if ((w & 3) == 3)
            return RV32_FETCH_FAULT;   /* 32-bit instruction runs past the end of L1 */
    }
    rv_decode(d, w, pc);
    return RV32_OK;
}

static const uint8_t fuse_first[] = {
#define RV_FUSED_FIRST(A, B) OP_##A,
    RV_FUSED_PAIRS(RV_FUSED_FIRST)
#undef RV_FUSED_FIRST
};
static const uint8_t fuse_second[] = {
#define RV_FUSED_SECOND(A, B) OP_##B,
    RV_FUSED_PAIRS(RV_FUSED_SECOND)
#undef RV_FUSED_SECOND
};
#define RV_NFUSED (sizeof fuse_first / sizeof fuse_first[0])
#define RV_FUSED_BASE (OP_SENTINEL + 1)

void rv_try_fuse(struct rv_dinsn *d, const uint8_t *l1, uint32_t l1_size, uint32_t pc)
{
    if (d->len != 4 || pc > l1_size || l1_size - pc < 8)
        return;
    if (((pc + 4) ^ pc) >> RV_PAGE_SHIFT)
        return;                                   /* second not in this page */
    int op1 = RV_OP_OF(d->op);
    uint32_t w2;
    memcpy(&w2, l1 + pc + 4, 4);
    if ((w2 & 3) != 3)
        return;
    struct rv_dinsn d2;
    rv_decode(&d2, w2, pc + 4);
    int op2 = RV_OP_OF(d2.op);
    for (unsigned i = 0; i < RV_NFUSED; i++) {
        if (fuse_first[i] == op1 && fuse_second[i] == op2) {
            d->op = RV_HIDX(RV_FUSED_BASE + i, 4);
            d->raw2 = w2;
            d->imm2 = d2.imm;
            d->rd2 = d2.rd;
            d->rs1_2 = d2.rs1;
            d->rs2_2 = d2.rs2;
            return;
        }
    }
}

int rv_unfuse(struct rv_dinsn *d)
{
    int op = RV_OP_OF(d->op);
    if (op < RV_FUSED_BASE || op >= (int)(RV_FUSED_BASE + RV_NFUSED))
        return 0;
    d->op = RV_HIDX(fuse_first[op - RV_FUSED_BASE], d->len);
    return 1;
}
