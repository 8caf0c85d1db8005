/* SPDX-License-Identifier: Apache-2.0 */
/*
 * probe.c - what a parked hart polls (rv32_spin_loads, see rv32.h).
 *
 * A hart stopped with RV32_STOP_SPIN sits at the head of a loop that is a
 * fixed point: one more iteration leaves every register as it is and
 * stores nothing new. So replaying that iteration once, on a copy of the
 * registers, shows exactly which addresses the loop reads, and costs the
 * interpreter nothing: the hot path records no load addresses at all.
 * Stores are skipped (in a fixed point they rewrite equal values) and
 * loads read memory and registers as the hart would.
 */
#include "rv32_internal.h"

#include <string.h>

#define PROBE_MAX_STEPS 1024

static uint32_t sext_load(int op, uint32_t v)
{
    switch (op) {
    case OP_LB: return (uint32_t)(int32_t)(int8_t)v;
    case OP_LH: return (uint32_t)(int32_t)(int16_t)v;
    default: return v;
    }
}

static unsigned load_size(int op)
{
    switch (op) {
    case OP_LB: case OP_LBU: return 1;
    case OP_LH: case OP_LHU: return 2;
    default: return 4;
    }
}

static uint32_t div_op(int op, uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;

    switch (op) {
    case OP_DIV:
        if (b == 0) return UINT32_MAX;
        if (sa == INT32_MIN && sb == -1) return a;
        return (uint32_t)(sa / sb);
    case OP_DIVU:
        return b ? a / b : UINT32_MAX;
    case OP_REM:
        if (b == 0) return a;
        if (sa == INT32_MIN && sb == -1) return 0;
        return (uint32_t)(sa % sb);
    default:
        return b ? a % b : a;
    }
}

/* rd's value for a register or immediate ALU op; 0 and *ok = 0 for an op
 * the probe does not replay. */
static uint32_t alu(int op, uint32_t a, uint32_t b, int32_t imm, int *ok)
{
    uint32_t i = (uint32_t)imm;

    switch (op) {
    case OP_LI: return i;
    case OP_ADDI: return a + i;
    case OP_SLTI: return (int32_t)a < imm;
    case OP_SLTIU: return a < i;
    case OP_XORI: return a ^ i;
    case OP_ORI: return a | i;
    case OP_ANDI: return a & i;
    case OP_SLLI: return a << (i & 31);
    case OP_SRLI: return a >> (i & 31);
    case OP_SRAI: return (uint32_t)((int32_t)a >> (i & 31));
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_SLL: return a << (b & 31);
    case OP_SLT: return (int32_t)a < (int32_t)b;
    case OP_SLTU: return a < b;
    case OP_XOR: return a ^ b;
    case OP_SRL: return a >> (b & 31);
    case OP_SRA: return (uint32_t)((int32_t)a >> (b & 31));
    case OP_OR: return a | b;
    case OP_AND: return a & b;
    case OP_MUL: return a * b;
    case OP_MULH: return (uint32_t)(((int64_t)(int32_t)a * (int64_t)(int32_t)b) >> 32);
    case OP_MULHSU: return (uint32_t)(((int64_t)(int32_t)a * (int64_t)(uint64_t)b) >> 32);
    case OP_MULHU: return (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
    case OP_DIV: case OP_DIVU: case OP_REM: case OP_REMU: return div_op(op, a, b);
    case OP_NOP: return 0;
    default:
        *ok = 0;
        return 0;
    }
}

static int branch_taken(int op, uint32_t a, uint32_t b)
{
    switch (op) {
    case OP_BEQ: return a == b;
    case OP_BNE: return a != b;
    case OP_BLT: return (int32_t)a < (int32_t)b;
    case OP_BGE: return (int32_t)a >= (int32_t)b;
    case OP_BLTU: return a < b;
    default: return a >= b;
    }
}

int rv32_spin_loads(struct rv32_hart *h, struct rv32_load *out, int max)
{
    uint32_t x[RV_XSINK + 1], pc = h->pc;
    int n = 0;

    memcpy(x, h->x, sizeof(h->x));
    x[0] = 0;
    for (int step = 0; step < PROBE_MAX_STEPS; step++) {
        struct rv_dinsn d;
        uint32_t next, a, b, v;
        int op, ok = 1;

        if (rv_decode_at(&d, h->bus->l1, h->bus->l1_size, pc) != RV32_OK)
            return -1;
        rv_delocalize(&d, pc);
        op = RV_OP_OF(d.op);
        a = x[d.rs1];
        b = x[d.rs2];
        next = pc + d.len;
        switch (op) {
        case OP_JAL:
            x[d.rd] = next;
            next = (uint32_t)d.imm;
            break;
        case OP_JALR:
            x[d.rd] = next;
            next = (a + (uint32_t)d.imm) & ~1u;
            break;
        case OP_BEQ: case OP_BNE: case OP_BLT: case OP_BGE: case OP_BLTU: case OP_BGEU:
            if (branch_taken(op, a, b))
                next = (uint32_t)d.imm;
            break;
        case OP_LB: case OP_LH: case OP_LW: case OP_LBU: case OP_LHU:
            if (rv_load_slow(h, a + (uint32_t)d.imm, load_size(op), &v) != RV32_OK)
                return -1;
            if (n < max)
                out[n] = (struct rv32_load){ a + (uint32_t)d.imm, pc, load_size(op) };
            n++;
            x[d.rd] = sext_load(op, v);
            break;
        case OP_SB: case OP_SH: case OP_SW:
            break;
        default:
            x[d.rd] = alu(op, a, b, d.imm, &ok);
            if (!ok)
                return -1;   /* CSR, ecall, wfi...: not a plain poll */
            break;
        }
        x[0] = 0;
        pc = next;
        if (pc == h->pc)
            return n < max ? n : max;
    }
    return -1;
}
