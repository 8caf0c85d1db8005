/* SPDX-License-Identifier: Apache-2.0 */
/*
 * exec.c - the interpreter loop: threaded dispatch over pre-decoded entries.
 *
 * Hot state lives in locals (register copy r[], pc, budget); it is written
 * back to the hart on every exit. r[RV_XSINK] absorbs writes to x0.
 */
#include "rv32_internal.h"

#include <string.h>


enum rv32_stop rv32_run(struct rv32_hart *h, uint64_t max_insns)
{
    static const void *const tab[OP_COUNT] = {
        [OP_ILLEGAL] = &&L_ILLEGAL, [OP_LI] = &&L_LI, [OP_JAL] = &&L_JAL, [OP_JALR] = &&L_JALR,
        [OP_BEQ] = &&L_BEQ, [OP_BNE] = &&L_BNE, [OP_BLT] = &&L_BLT, [OP_BGE] = &&L_BGE,
        [OP_BLTU] = &&L_BLTU, [OP_BGEU] = &&L_BGEU,
        [OP_LB] = &&L_LB, [OP_LH] = &&L_LH, [OP_LW] = &&L_LW, [OP_LBU] = &&L_LBU, [OP_LHU] = &&L_LHU,
        [OP_SB] = &&L_SB, [OP_SH] = &&L_SH, [OP_SW] = &&L_SW,
        [OP_ADDI] = &&L_ADDI, [OP_SLTI] = &&L_SLTI, [OP_SLTIU] = &&L_SLTIU, [OP_XORI] = &&L_XORI,
        [OP_ORI] = &&L_ORI, [OP_ANDI] = &&L_ANDI, [OP_SLLI] = &&L_SLLI, [OP_SRLI] = &&L_SRLI,
        [OP_SRAI] = &&L_SRAI,
        [OP_ADD] = &&L_ADD, [OP_SUB] = &&L_SUB, [OP_SLL] = &&L_SLL, [OP_SLT] = &&L_SLT,
        [OP_SLTU] = &&L_SLTU, [OP_XOR] = &&L_XOR, [OP_SRL] = &&L_SRL, [OP_SRA] = &&L_SRA,
        [OP_OR] = &&L_OR, [OP_AND] = &&L_AND,
        [OP_MUL] = &&L_MUL, [OP_MULH] = &&L_MULH, [OP_MULHSU] = &&L_MULHSU, [OP_MULHU] = &&L_MULHU,
        [OP_DIV] = &&L_DIV, [OP_DIVU] = &&L_DIVU, [OP_REM] = &&L_REM, [OP_REMU] = &&L_REMU,
        [OP_NOP] = &&L_NOP, [OP_ECALL] = &&L_ECALL, [OP_EBREAK] = &&L_EBREAK, [OP_WFI] = &&L_WFI,
        [OP_CSRRW] = &&L_CSR, [OP_CSRRS] = &&L_CSR, [OP_CSRRC] = &&L_CSR,
        [OP_CSRRWI] = &&L_CSR, [OP_CSRRSI] = &&L_CSR, [OP_CSRRCI] = &&L_CSR,
    };
    struct rv32_bus *const bus = h->bus;
    uint8_t *const l1 = bus->l1;
    uint8_t *const loc = h->local;
    const uint32_t l1_eff = bus->l1 ? bus->l1_size & ~3u : 0;
    const uint32_t loc_eff = h->local ? h->local_size & ~3u : 0;
    uint32_t r[33];
    uint32_t pc = h->pc;
    uint64_t left = max_insns;
    struct rv_dinsn *ents = NULL, *e = NULL, scratch;
    uint32_t pbase = 0, plen = 0;
    uint32_t quiet = RV32_SPIN_THRESHOLD;  /* backward transfers until next spin check */
    int dirty = 0;
    enum rv32_cause cause = RV32_OK;
    uint32_t faddr = 0;
    enum rv32_stop stop;

    memcpy(r, h->x, sizeof h->x);
    r[0] = 0;
    h->spin.armed = 0;
    h->spin.backoff = RV32_SPIN_THRESHOLD;
    h->yield_req = 0;

    if (RV_UNLIKELY(pc & 1)) {
        cause = RV32_MISALIGNED_FETCH;
        faddr = pc;
        goto fault_nofetch;
    }

#define SYNC() (h->pc = pc)

#define DISPATCH()                                                                     \
    do {                                                                               \
        uint32_t off_ = pc - pbase;                                                    \
        if (RV_UNLIKELY(left == 0)) goto budget;                                       \
        if (RV_LIKELY(off_ < plen)) {                                                  \
            uint32_t w_;                                                               \
            e = &ents[off_ >> 1];                                                      \
            memcpy(&w_, l1 + pc, 4);                                                   \
            if (RV_UNLIKELY(e->raw != w_)) rv_decode(e, w_, pc);                       \
        } else {                                                                       \
            e = rv_fetch_slow(h, pc, &ents, &pbase, &plen, &scratch, &cause);          \
            if (!e) { faddr = pc; goto fault_nofetch; }                                \
        }                                                                              \
        left--;                                                                        \
        goto *tab[e->op];                                                              \
    } while (0)

#define NEXT() do { pc += e->len; DISPATCH(); } while (0)

#define TAKEN(target)                                                                  \
    do {                                                                               \
        uint32_t t_ = (target);                                                        \
        if (RV_UNLIKELY(t_ <= pc)) {                                                   \
            if (dirty) {                                                               \
                dirty = 0;                                                             \
                quiet = RV32_SPIN_THRESHOLD;                                           \
                h->spin.armed = 0;                                                     \
                h->spin.backoff = RV32_SPIN_THRESHOLD;                                 \
            } else if (RV_UNLIKELY(--quiet == 0)) {                                    \
                if (rv_spin_check(h, r, t_)) { pc = t_; stop = RV32_STOP_SPIN; goto out; } \
                quiet = h->spin.armed ? 1u : h->spin.backoff;                          \
            }                                                                          \
        }                                                                              \
        pc = t_;                                                                       \
        DISPATCH();                                                                    \
    } while (0)

#define CHECK_YIELD()                                                                  \
    do {                                                                               \
        if (RV_UNLIKELY(h->yield_req)) {                                               \
            h->yield_req = 0;                                                          \
            pc += e->len;                                                              \
            stop = RV32_STOP_YIELD;                                                    \
            goto out;                                                                  \
        }                                                                              \
    } while (0)

#define LOAD(SZ, T, CONV)                                                              \
    do {                                                                               \
        uint32_t a_ = r[e->rs1] + (uint32_t)e->imm;                                    \
        T v_;                                                                          \
        if (RV_LIKELY((a_ & (SZ - 1)) == 0 && a_ < l1_eff)) {                          \
            memcpy(&v_, l1 + a_, SZ);                                                  \
            r[e->rd] = CONV v_;                                                        \
        } else if ((a_ & (SZ - 1)) == 0 && a_ - RV32_LOCAL_BASE < loc_eff) {           \
            memcpy(&v_, loc + (a_ - RV32_LOCAL_BASE), SZ);                             \
            r[e->rd] = CONV v_;                                                        \
        } else {                                                                       \
            uint32_t w_ = 0;                                                           \
            SYNC();                                                                    \
            cause = rv_load_slow(h, a_, SZ, &w_);                                      \
            if (cause != RV32_OK) { faddr = a_; goto fault; }                          \
            v_ = (T)w_;                                                                \
            r[e->rd] = CONV v_;                                                        \
            CHECK_YIELD();                                                             \
        }                                                                              \
        NEXT();                                                                        \
    } while (0)

#define STORE(SZ, T)                                                                   \
    do {                                                                               \
        uint32_t a_ = r[e->rs1] + (uint32_t)e->imm;                                    \
        T v_ = (T)r[e->rs2], o_;                                                       \
        uint8_t *p_ = NULL;                                                            \
        if (RV_LIKELY((a_ & (SZ - 1)) == 0 && a_ < l1_eff))                            \
            p_ = l1 + a_;                                                              \
        else if ((a_ & (SZ - 1)) == 0 && a_ - RV32_LOCAL_BASE < loc_eff)               \
            p_ = loc + (a_ - RV32_LOCAL_BASE);                                         \
        if (RV_LIKELY(p_ != NULL)) {                                                   \
            memcpy(&o_, p_, SZ);                                                       \
            dirty |= (o_ != v_);                                                       \
            memcpy(p_, &v_, SZ);                                                       \
        } else {                                                                       \
            int ch_ = 0;                                                               \
            SYNC();                                                                    \
            cause = rv_store_slow(h, a_, SZ, (uint32_t)v_, &ch_);                      \
            dirty |= ch_;                                                              \
            if (cause != RV32_OK) { faddr = a_; goto fault; }                          \
            CHECK_YIELD();                                                             \
        }                                                                              \
        NEXT();                                                                        \
    } while (0)

#define RS1 r[e->rs1]
#define RS2 r[e->rs2]
#define IMM ((uint32_t)e->imm)
#define OPR(expr) do { r[e->rd] = (expr); NEXT(); } while (0)

    DISPATCH();

L_LI:    OPR(IMM);
L_ADDI:  OPR(RS1 + IMM);
L_SLTI:  OPR((int32_t)RS1 < e->imm);
L_SLTIU: OPR(RS1 < IMM);
L_XORI:  OPR(RS1 ^ IMM);
L_ORI:   OPR(RS1 | IMM);
L_ANDI:  OPR(RS1 & IMM);
L_SLLI:  OPR(RS1 << (IMM & 31));
L_SRLI:  OPR(RS1 >> (IMM & 31));
L_SRAI:  OPR((uint32_t)((int32_t)RS1 >> (IMM & 31)));
L_ADD:   OPR(RS1 + RS2);
L_SUB:   OPR(RS1 - RS2);
L_SLL:   OPR(RS1 << (RS2 & 31));
L_SLT:   OPR((int32_t)RS1 < (int32_t)RS2);
L_SLTU:  OPR(RS1 < RS2);
L_XOR:   OPR(RS1 ^ RS2);
L_SRL:   OPR(RS1 >> (RS2 & 31));
L_SRA:   OPR((uint32_t)((int32_t)RS1 >> (RS2 & 31)));
L_OR:    OPR(RS1 | RS2);
L_AND:   OPR(RS1 & RS2);
L_MUL:   OPR(RS1 * RS2);
L_MULH:  OPR((uint32_t)((uint64_t)((int64_t)(int32_t)RS1 * (int64_t)(int32_t)RS2) >> 32));
L_MULHSU: OPR((uint32_t)((uint64_t)((int64_t)(int32_t)RS1 * (int64_t)(uint64_t)RS2) >> 32));
L_MULHU: OPR((uint32_t)(((uint64_t)RS1 * (uint64_t)RS2) >> 32));
L_DIV: {
    uint32_t a = RS1, b = RS2, q;
    if (b == 0) q = 0xffffffffu;
    else if (a == 0x80000000u && b == 0xffffffffu) q = a;
    else q = (uint32_t)((int32_t)a / (int32_t)b);
    OPR(q);
}
L_DIVU: { uint32_t a = RS1, b = RS2; OPR(b ? a / b : 0xffffffffu); }
L_REM: {
    uint32_t a = RS1, b = RS2, m;
    if (b == 0) m = a;
    else if (a == 0x80000000u && b == 0xffffffffu) m = 0;
    else m = (uint32_t)((int32_t)a % (int32_t)b);
    OPR(m);
}
L_REMU: { uint32_t a = RS1, b = RS2; OPR(b ? a % b : a); }

L_BEQ:  if (RS1 == RS2) TAKEN(IMM); NEXT();
L_BNE:  if (RS1 != RS2) TAKEN(IMM); NEXT();
L_BLT:  if ((int32_t)RS1 < (int32_t)RS2) TAKEN(IMM); NEXT();
L_BGE:  if ((int32_t)RS1 >= (int32_t)RS2) TAKEN(IMM); NEXT();
L_BLTU: if (RS1 < RS2) TAKEN(IMM); NEXT();
L_BGEU: if (RS1 >= RS2) TAKEN(IMM); NEXT();
L_JAL:
    r[e->rd] = pc + e->len;
    TAKEN(IMM);
L_JALR: {
    uint32_t t = (RS1 + IMM) & ~1u;
    r[e->rd] = pc + e->len;
    TAKEN(t);
}

L_LB:  LOAD(1, uint8_t, (uint32_t)(int32_t)(int8_t));
L_LH:  LOAD(2, uint16_t, (uint32_t)(int32_t)(int16_t));
L_LW:  LOAD(4, uint32_t, (uint32_t));
L_LBU: LOAD(1, uint8_t, (uint32_t));
L_LHU: LOAD(2, uint16_t, (uint32_t));
L_SB:  STORE(1, uint8_t);
L_SH:  STORE(2, uint16_t);
L_SW:  STORE(4, uint32_t);

L_NOP: NEXT();
L_CSR: {
    uint32_t old = 0, src;
    int op = e->op, do_write;
    if (op >= OP_CSRRWI) src = e->rs1; else src = r[e->rs1];
    do_write = (op == OP_CSRRW || op == OP_CSRRWI) || e->rs1 != 0;
    SYNC();
    cause = rv_csr(h, h->retired + (max_insns - left - 1), IMM & 0xfffu, op, src, do_write, &old);
    if (cause != RV32_OK) { faddr = 0; goto fault; }
    OPR(old);
}
L_WFI:
    pc += e->len;
    stop = RV32_STOP_WFI;
    goto out;
L_ECALL:  cause = RV32_ECALL; faddr = pc; goto fault;
L_EBREAK: cause = RV32_EBREAK; faddr = pc; goto fault;
L_ILLEGAL: cause = RV32_ILLEGAL_INSN; faddr = pc; goto fault;

fault:
    left++;   /* the faulting instruction did not retire */
    h->fault.insn = e->len == 2 ? (e->raw & 0xffffu) : e->raw;
    goto fault_common;
fault_nofetch:
    h->fault.insn = 0;
fault_common:
    h->fault.cause = cause;
    h->fault.pc = pc;
    h->fault.addr = faddr;
    stop = RV32_STOP_FAULT;
    goto out;
budget:
    stop = RV32_STOP_BUDGET;
out:
    memcpy(h->x, r, sizeof h->x);
    h->x[0] = 0;
    h->pc = pc;
    h->retired += max_insns - left;
    return stop;
}
