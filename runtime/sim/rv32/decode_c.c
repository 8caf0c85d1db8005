/* SPDX-License-Identifier: Apache-2.0 */
/* decode_c.c - RV32C (compressed) decoder: expands to the base operations. */
#include "rv32_internal.h"

static inline uint32_t bit(uint32_t w, unsigned b) { return (w >> b) & 1u; }
static inline uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}
static inline int32_t sext(uint32_t v, unsigned nbits)
{
    uint32_t m = 1u << (nbits - 1);
    return (int32_t)((v ^ m) - m);
}

static void emit(struct rv_dinsn *d, int op, unsigned rd, unsigned rs1, unsigned rs2, int32_t imm)
{
    if (rd == 0 && op != OP_ILLEGAL && op != OP_JAL && op != OP_JALR && op != OP_EBREAK &&
        !(op >= OP_BEQ && op <= OP_BGEU) && !(op >= OP_SB && op <= OP_SW) &&
        !(op >= OP_LB && op <= OP_LHU))
        op = OP_NOP;                           /* hints writing x0 */
    d->op = (uint8_t)op;
    d->rd = (uint8_t)(rd == 0 ? RV_XSINK : rd);
    d->rs1 = (uint8_t)rs1;
    d->rs2 = (uint8_t)rs2;
    d->imm = imm;
}

static void q0(struct rv_dinsn *d, uint32_t w)
{
    unsigned rdp = 8 + bits(w, 4, 2), rs1p = 8 + bits(w, 9, 7);
    uint32_t lwimm = bits(w, 12, 10) << 3 | bit(w, 6) << 2 | bit(w, 5) << 6;
    switch (bits(w, 15, 13)) {
    case 0: {
        uint32_t u = bits(w, 12, 11) << 4 | bits(w, 10, 7) << 6 | bit(w, 6) << 2 | bit(w, 5) << 3;
        if (u) emit(d, OP_ADDI, rdp, 2, 0, (int32_t)u);     /* c.addi4spn */
        break;
    }
    case 2: emit(d, OP_LW, rdp, rs1p, 0, (int32_t)lwimm); break;
    case 6: emit(d, OP_SW, 0, rs1p, rdp, (int32_t)lwimm); break;
    default: break;                                       /* FP / reserved */
    }
}

static void q1(struct rv_dinsn *d, uint32_t w, uint32_t pc)
{
    unsigned rd = bits(w, 11, 7), rdp = 8 + bits(w, 9, 7), rs2p = 8 + bits(w, 4, 2);
    int32_t imm6 = sext(bit(w, 12) << 5 | bits(w, 6, 2), 6);
    uint32_t jimm = bit(w, 12) << 11 | bit(w, 11) << 4 | bits(w, 10, 9) << 8 | bit(w, 8) << 10 |
                    bit(w, 7) << 6 | bit(w, 6) << 7 | bits(w, 5, 3) << 1 | bit(w, 2) << 5;
    uint32_t bimm = bit(w, 12) << 8 | bits(w, 11, 10) << 3 | bits(w, 6, 5) << 6 |
                    bits(w, 4, 3) << 1 | bit(w, 2) << 5;
    switch (bits(w, 15, 13)) {
    case 0: emit(d, OP_ADDI, rd, rd, 0, imm6); break;                        /* c.addi/c.nop */
    case 1: emit(d, OP_JAL, 1, 0, 0, (int32_t)(pc + (uint32_t)sext(jimm, 12))); break;
    case 2: emit(d, OP_LI, rd, 0, 0, imm6); break;                          /* c.li */
    case 3:
        if (rd == 2) {                                                      /* c.addi16sp */
            uint32_t v = bit(w, 12) << 9 | bit(w, 6) << 4 | bit(w, 5) << 6 | bits(w, 4, 3) << 7 |
                         bit(w, 2) << 5;
            if (v) emit(d, OP_ADDI, 2, 2, 0, sext(v, 10));
        } else if (imm6 != 0) {                                              /* c.lui */
            emit(d, OP_LI, rd, 0, 0, (int32_t)((uint32_t)imm6 << 12));
        }
        break;
    case 4:
        switch (bits(w, 11, 10)) {
        case 0: if (!bit(w, 12)) emit(d, OP_SRLI, rdp, rdp, 0, (int32_t)bits(w, 6, 2)); break;
        case 1: if (!bit(w, 12)) emit(d, OP_SRAI, rdp, rdp, 0, (int32_t)bits(w, 6, 2)); break;
        case 2: emit(d, OP_ANDI, rdp, rdp, 0, imm6); break;
        default:
            if (!bit(w, 12)) {
                static const uint8_t ops[4] = {OP_SUB, OP_XOR, OP_OR, OP_AND};
                emit(d, ops[bits(w, 6, 5)], rdp, rdp, rs2p, 0);
            }
            break;
        }
        break;
    case 5: emit(d, OP_JAL, 0, 0, 0, (int32_t)(pc + (uint32_t)sext(jimm, 12))); break;
    case 6: emit(d, OP_BEQ, 0, rdp, 0, (int32_t)(pc + (uint32_t)sext(bimm, 9))); break;
    default: emit(d, OP_BNE, 0, rdp, 0, (int32_t)(pc + (uint32_t)sext(bimm, 9))); break;
    }
}

static void q2(struct rv_dinsn *d, uint32_t w)
{
    unsigned rd = bits(w, 11, 7), rs2 = bits(w, 6, 2);
    switch (bits(w, 15, 13)) {
    case 0: if (!bit(w, 12)) emit(d, OP_SLLI, rd, rd, 0, (int32_t)rs2); break;
    case 2:
        if (rd) emit(d, OP_LW, rd, 2, 0, (int32_t)(bit(w, 12) << 5 | bits(w, 6, 4) << 2 | bits(w, 3, 2) << 6));
        break;
    case 4:
        if (!bit(w, 12)) {
            if (rs2 == 0) { if (rd) emit(d, OP_JALR, 0, rd, 0, 0); }        /* c.jr */
            else emit(d, OP_ADD, rd, 0, rs2, 0);                            /* c.mv */
        } else {
            if (rd == 0 && rs2 == 0) emit(d, OP_EBREAK, 0, 0, 0, 0);
            else if (rs2 == 0) emit(d, OP_JALR, 1, rd, 0, 0);               /* c.jalr */
            else emit(d, OP_ADD, rd, rd, rs2, 0);                           /* c.add */
        }
        break;
    case 6: emit(d, OP_SW, 0, 2, rs2, (int32_t)(bits(w, 12, 9) << 2 | bits(w, 8, 7) << 6)); break;
    default: break;
    }
}

void rv_decode16(struct rv_dinsn *d, uint32_t w, uint32_t pc)
{
    /* caller zeroed *d and stored raw/len */
    d->op = OP_ILLEGAL;
    d->rd = RV_XSINK;
    switch (w & 3) {
    case 0: q0(d, w); break;
    case 1: q1(d, w, pc); break;
    default: q2(d, w); break;
    }
}
