/* SPDX-License-Identifier: Apache-2.0 */
/*
 * exec.c - the interpreter loop: threaded dispatch over pre-decoded entries.
 *
 * Every operation has two handlers, one per instruction length, so the
 * sequential advance (ip += 4 / e += 2) is a constant. Each handler first
 * checks that the instruction bits in L1 still equal the cached ones
 * (self-modifying or host-written code), executes, advances and jumps
 * straight to the next entry's handler. Falling off a decode page lands on
 * a sentinel entry, which goes back to rv_fetch_slow(). Frequent pairs of
 * adjacent instructions (rv32_fuse.h) run in one handler.
 *
 * Budget: the sequential path only decrements it; it is compared at every
 * jump and page crossing. A straight run between two such points is at
 * most one page of instructions, so while more than PRECISE_LIMIT remain
 * nothing can overrun; below that, the loop single-steps through a scratch
 * copy of each entry (followed by sentinels), stopping exactly on budget.
 *
 * Hot state lives in locals (register copy r[], ip, budget); it is written
 * back to the hart on every exit. r[RV_XSINK] absorbs writes to x0.
 *
 * L1 is shared with other threads (the host, other cores' NOC writes), so
 * data loads from it are acquire and stores release atomics (plain moves
 * on x86-64): a hart that sees a flag also sees what was written before
 * it, and the host that sees DONE sees the kernel's results. Instruction
 * fetch stays a plain read: code is written before the go that starts it.
 * Local memory is private to the hart.
 *
 * Operation bodies see: rd_, imm_ (fields), RS1, RS2 (operand values),
 * OPR(v) (write rd), PC (guest pc of this instruction), LEN.
 */
#include "rv32_internal.h"

#include <stddef.h>
#include <string.h>

#define RV_OPS(X)                                                                      \
    X(LI) X(ADDI) X(SLTI) X(SLTIU) X(XORI) X(ORI) X(ANDI) X(SLLI) X(SRLI) X(SRAI)      \
    X(ADD) X(SUB) X(SLL) X(SLT) X(SLTU) X(XOR) X(SRL) X(SRA) X(OR) X(AND)              \
    X(MUL) X(MULH) X(MULHSU) X(MULHU) X(DIV) X(DIVU) X(REM) X(REMU) X(NOP)             \
    X(BEQ) X(BNE) X(BLT) X(BGE) X(BLTU) X(BGEU) X(JAL) X(JALR)                         \
    X(BEQ_L) X(BNE_L) X(BLT_L) X(BGE_L) X(BLTU_L) X(BGEU_L) X(JAL_L)                   \
    X(LB) X(LH) X(LW) X(LBU) X(LHU) X(SB) X(SH) X(SW)                                  \
    X(CSRRW) X(CSRRS) X(CSRRC) X(CSRRWI) X(CSRRSI) X(CSRRCI)                           \
    X(WFI) X(ECALL) X(EBREAK) X(ILLEGAL)

#define IMM ((uint32_t)imm_)
#define B_LI OPR(IMM)
#define B_ADDI OPR(RS1 + IMM)
#define B_SLTI OPR((int32_t)RS1 < imm_)
#define B_SLTIU OPR(RS1 < IMM)
#define B_XORI OPR(RS1 ^ IMM)
#define B_ORI OPR(RS1 | IMM)
#define B_ANDI OPR(RS1 & IMM)
#define B_SLLI OPR(RS1 << (IMM & 31))
#define B_SRLI OPR(RS1 >> (IMM & 31))
#define B_SRAI OPR((uint32_t)((int32_t)RS1 >> (IMM & 31)))
#define B_ADD OPR(RS1 + RS2)
#define B_SUB OPR(RS1 - RS2)
#define B_SLL OPR(RS1 << (RS2 & 31))
#define B_SLT OPR((int32_t)RS1 < (int32_t)RS2)
#define B_SLTU OPR(RS1 < RS2)
#define B_XOR OPR(RS1 ^ RS2)
#define B_SRL OPR(RS1 >> (RS2 & 31))
#define B_SRA OPR((uint32_t)((int32_t)RS1 >> (RS2 & 31)))
#define B_OR OPR(RS1 | RS2)
#define B_AND OPR(RS1 & RS2)
#define B_MUL OPR(RS1 * RS2)
#define B_MULH OPR((uint32_t)((uint64_t)((int64_t)(int32_t)RS1 * (int64_t)(int32_t)RS2) >> 32))
#define B_MULHSU OPR((uint32_t)((uint64_t)((int64_t)(int32_t)RS1 * (int64_t)(uint64_t)RS2) >> 32))
#define B_MULHU OPR((uint32_t)(((uint64_t)RS1 * (uint64_t)RS2) >> 32))
#define B_DIV OPR(rv_div(RS1, RS2))
#define B_DIVU OPR(RS2 ? RS1 / RS2 : 0xffffffffu)
#define B_REM OPR(rv_rem(RS1, RS2))
#define B_REMU OPR(RS2 ? RS1 % RS2 : RS1)
#define B_NOP (void)0
#define B_BEQ if (RS1 == RS2) TAKEN(IMM)
#define B_BNE if (RS1 != RS2) TAKEN(IMM)
#define B_BLT if ((int32_t)RS1 < (int32_t)RS2) TAKEN(IMM)
#define B_BGE if ((int32_t)RS1 >= (int32_t)RS2) TAKEN(IMM)
#define B_BLTU if (RS1 < RS2) TAKEN(IMM)
#define B_BGEU if (RS1 >= RS2) TAKEN(IMM)
#define B_JAL OPR(PC + LEN); TAKEN(IMM)
#define B_JALR uint32_t t_jr = (RS1 + IMM) & ~1u; OPR(PC + LEN); TAKEN(t_jr)
#define B_BEQ_L if (RS1 == RS2) TAKEN_L(imm_)
#define B_BNE_L if (RS1 != RS2) TAKEN_L(imm_)
#define B_BLT_L if ((int32_t)RS1 < (int32_t)RS2) TAKEN_L(imm_)
#define B_BGE_L if ((int32_t)RS1 >= (int32_t)RS2) TAKEN_L(imm_)
#define B_BLTU_L if (RS1 < RS2) TAKEN_L(imm_)
#define B_BGEU_L if (RS1 >= RS2) TAKEN_L(imm_)
#define B_JAL_L OPR(PC + LEN); TAKEN_L(imm_)
#define B_LB LOAD(1, uint8_t, (uint32_t)(int32_t)(int8_t))
#define B_LH LOAD(2, uint16_t, (uint32_t)(int32_t)(int16_t))
#define B_LW LOAD(4, uint32_t, (uint32_t))
#define B_LBU LOAD(1, uint8_t, (uint32_t))
#define B_LHU LOAD(2, uint16_t, (uint32_t))
#define B_SB STORE(1, uint8_t)
#define B_SH STORE(2, uint16_t)
#define B_SW STORE(4, uint32_t)
#define B_CSRRW CSR_OP(OP_CSRRW)
#define B_CSRRS CSR_OP(OP_CSRRS)
#define B_CSRRC CSR_OP(OP_CSRRC)
#define B_CSRRWI CSR_OP(OP_CSRRWI)
#define B_CSRRSI CSR_OP(OP_CSRRSI)
#define B_CSRRCI CSR_OP(OP_CSRRCI)
#define B_WFI pc = PC + LEN; stop = RV32_STOP_WFI; goto out
#define B_ECALL FAULT(RV32_ECALL, PC)
#define B_EBREAK FAULT(RV32_EBREAK, PC)
#define B_ILLEGAL FAULT(RV32_ILLEGAL_INSN, PC)

static inline uint32_t rv_div(uint32_t a, uint32_t b)
{
    if (b == 0) return 0xffffffffu;
    if (a == 0x80000000u && b == 0xffffffffu) return a;
    return (uint32_t)((int32_t)a / (int32_t)b);
}

static inline uint32_t rv_rem(uint32_t a, uint32_t b)
{
    if (b == 0) return a;
    if (a == 0x80000000u && b == 0xffffffffu) return 0;
    return (uint32_t)((int32_t)a % (int32_t)b);
}

enum rv32_stop rv32_run(struct rv32_hart *h, uint64_t max_insns)
{
#define TAB_ENTRY(NAME) [RV_HIDX(OP_##NAME, 4)] = &&L_##NAME##_4, \
                        [RV_HIDX(OP_##NAME, 2)] = &&L_##NAME##_2,
#define TAB_FUSED(A, B) [RV_HIDX(OP_F_##A##_##B, 4)] = &&L_F_##A##_##B, \
                        [RV_HIDX(OP_F_##A##_##B, 2)] = &&L_ILLEGAL_2,
    static const void *const tab[OP_COUNT * 2] = {
        RV_OPS(TAB_ENTRY)
        RV_FUSED_PAIRS(TAB_FUSED)
        [RV_HIDX(OP_UNDECODED, 4)] = &&L_UNDECODED, [RV_HIDX(OP_UNDECODED, 2)] = &&L_UNDECODED,
        [RV_HIDX(OP_SENTINEL, 4)] = &&L_SENTINEL, [RV_HIDX(OP_SENTINEL, 2)] = &&L_SENTINEL,
    };
    enum { PRECISE_LIMIT = RV_PAGE_ENTRIES + 8 };
    struct rv32_bus *const bus = h->bus;
    uint8_t *const l1 = bus->l1;
    uint8_t *const loc = h->local;
    const uint32_t l1_size = bus->l1 ? bus->l1_size : 0;
    const uint32_t l1_eff = l1_size & ~3u;
    const uint32_t loc_eff = h->local ? h->local_size & ~3u : 0;
    /* L1 stores below the floor take the slow path (bus->store_check). */
    const uint32_t st_lo = bus->store_floor < l1_eff ? bus->store_floor : l1_eff;
    const uint32_t st_span = l1_eff - st_lo;
    uint32_t r[33];
    const uint8_t *ip = NULL;     /* host address of the current instruction */
    uint32_t pc = h->pc;          /* guest pc: valid at exits and jumps only */
    uint32_t jpc;                 /* target for the slow jump path */
    uint64_t left = max_insns;
    struct rv_dinsn *ents = NULL, *e = NULL, scratch[3];
    uint32_t pbase = 0, plen = 0;
    uint32_t quiet = RV32_SPIN_THRESHOLD;  /* backward transfers until next spin check */
    int dirty = 0;
    enum rv32_cause cause = RV32_OK;
    uint32_t faddr = 0, finsn = 0;
    enum rv32_stop stop;

    memcpy(r, h->x, sizeof h->x);
    r[0] = 0;
    r[RV_XSINK] = 0;
    h->spin.armed = 0;
    h->spin.backoff = RV32_SPIN_THRESHOLD;
    h->yield_req = 0;
    memset(scratch, 0, sizeof scratch);
    for (int i = 1; i < 3; i++) {
        scratch[i].op = RV_HIDX(OP_SENTINEL, 4);
        scratch[i].len = 4;
        scratch[i].h = tab[scratch[i].op];
    }

#define PC ((uint32_t)(ip - l1) + POFF)
#define SYNC() (h->pc = PC)

#define FAULT(C, A)                                                                    \
    do {                                                                               \
        cause = (C);                                                                   \
        faddr = (A);                                                                   \
        pc = PC;                                                                       \
        finsn = raw_;                                                                  \
        goto fault;                                                                    \
    } while (0)

/* jump to guest address T */
#define JUMP(T)                                                                        \
    do {                                                                               \
        jpc = (T);                                                                     \
        uint32_t off_ = jpc - pbase;                                                   \
        if (RV_LIKELY(off_ < plen) && RV_LIKELY(left > PRECISE_LIMIT)) {               \
            e = ents + (off_ >> 1);                                                    \
            ip = l1 + jpc;                                                             \
            left--;                                                                    \
            goto *e->h;                                                                \
        }                                                                              \
        goto slow_jump;                                                                \
    } while (0)

#define ADVANCE()                                                                      \
    do {                                                                               \
        ip += POFF + LEN;                                                              \
        e += (POFF + LEN) / 2;                                                         \
        left--;                                                                        \
        goto *e->h;                                                                    \
    } while (0)

/* spin bookkeeping for a taken backward transfer to T */
#define BACKEDGE(T)                                                                    \
    do {                                                                               \
        if (dirty) {                                                                   \
            dirty = 0;                                                                 \
            h->wrote = 1; /* scheduler: siblings must look again (rv32.h) */           \
            quiet = RV32_SPIN_THRESHOLD;                                               \
            h->spin.armed = 0;                                                         \
            h->spin.backoff = RV32_SPIN_THRESHOLD;                                     \
        } else if (RV_UNLIKELY(--quiet == 0)) {                                        \
            uint32_t b_ = (T);                                                         \
            if (rv_spin_check(h, r, b_)) { pc = b_; stop = RV32_STOP_SPIN; goto out; } \
            quiet = h->spin.armed ? 1u : h->spin.backoff;                              \
        }                                                                              \
    } while (0)

#define TAKEN(target)                                                                  \
    do {                                                                               \
        uint32_t t_ = (target);                                                        \
        if (RV_UNLIKELY(t_ <= PC)) BACKEDGE(t_);                                       \
        JUMP(t_);                                                                      \
    } while (0)

/* same-page jump by D bytes from this instruction: move ip and e directly */
#define TAKEN_L(D)                                                                     \
    do {                                                                               \
        int32_t d_ = (D);                                                              \
        if (RV_UNLIKELY(d_ <= 0)) BACKEDGE(PC + (uint32_t)d_);                         \
        if (RV_UNLIKELY(left <= PRECISE_LIMIT)) {                                      \
            jpc = PC + (uint32_t)d_;                                                   \
            goto slow_jump;                                                            \
        }                                                                              \
        d_ += POFF;                                                                    \
        ip += d_;                                                                      \
        e = (struct rv_dinsn *)((char *)e + (ptrdiff_t)d_ * (ptrdiff_t)(sizeof *e / 2)); \
        left--;                                                                        \
        goto *e->h;                                                                    \
    } while (0)

#define CHECK_YIELD()                                                                  \
    do {                                                                               \
        if (RV_UNLIKELY(h->yield_req)) {                                               \
            h->yield_req = 0;                                                          \
            pc = PC + LEN;                                                             \
            stop = RV32_STOP_YIELD;                                                    \
            goto out;                                                                  \
        }                                                                              \
    } while (0)

#define LOAD(SZ, T, CONV)                                                              \
    do {                                                                               \
        uint32_t a_ = RS1 + IMM;                                                       \
        T v_;                                                                          \
        if (RV_LIKELY((a_ & (SZ - 1)) == 0 && a_ < l1_eff)) {                          \
            v_ = __atomic_load_n((T *)(l1 + a_), __ATOMIC_ACQUIRE);                    \
            OPR(CONV v_);                                                              \
        } else if ((a_ & (SZ - 1)) == 0 && a_ - RV32_LOCAL_BASE < loc_eff) {           \
            memcpy(&v_, loc + (a_ - RV32_LOCAL_BASE), SZ);                             \
            OPR(CONV v_);                                                              \
        } else {                                                                       \
            uint32_t w_ = 0;                                                           \
            SYNC();                                                                    \
            cause = rv_load_slow(h, a_, SZ, &w_);                                      \
            if (cause != RV32_OK) FAULT(cause, a_);                                    \
            v_ = (T)w_;                                                                \
            OPR(CONV v_);                                                              \
            CHECK_YIELD();                                                             \
        }                                                                              \
    } while (0)

#define STORE(SZ, T)                                                                   \
    do {                                                                               \
        uint32_t a_ = RS1 + IMM;                                                       \
        T v_ = (T)RS2, o_;                                                             \
        if (RV_LIKELY((a_ & (SZ - 1)) == 0 && a_ - st_lo < st_span)) {                 \
            T *p_ = (T *)(l1 + a_);                                                    \
            o_ = __atomic_load_n(p_, __ATOMIC_RELAXED);                                \
            dirty |= (o_ != v_);                                                       \
            __atomic_store_n(p_, v_, __ATOMIC_RELEASE);                                \
        } else if ((a_ & (SZ - 1)) == 0 && a_ - RV32_LOCAL_BASE < loc_eff) {           \
            uint8_t *p_ = loc + (a_ - RV32_LOCAL_BASE);                                \
            memcpy(&o_, p_, SZ);                                                       \
            dirty |= (o_ != v_);                                                       \
            memcpy(p_, &v_, SZ);                                                       \
        } else {                                                                       \
            int ch_ = 0;                                                               \
            SYNC();                                                                    \
            cause = rv_store_slow(h, a_, SZ, (uint32_t)v_, &ch_);                      \
            dirty |= ch_;                                                              \
            if (cause != RV32_OK) FAULT(cause, a_);                                    \
            CHECK_YIELD();                                                             \
        }                                                                              \
    } while (0)

#define CSR_OP(OPC)                                                                    \
    do {                                                                               \
        uint32_t old_ = 0;                                                             \
        uint32_t src_ = (OPC) >= OP_CSRRWI ? i1_ : RS1;                                \
        int wr_ = ((OPC) == OP_CSRRW || (OPC) == OP_CSRRWI) || i1_ != 0;               \
        SYNC();                                                                        \
        cause = rv_csr(h, h->retired + (max_insns - left - 1), IMM & 0xfffu, (OPC),    \
                       src_, wr_, &old_);                                              \
        if (cause != RV32_OK) FAULT(cause, 0);                                         \
        OPR(old_);                                                                     \
    } while (0)

/* operand context of the (first) instruction of entry e */
#define CTX1                                                                           \
    const unsigned rd_ = e->rd, i1_ = e->rs1;                                          \
    const int32_t imm_ = e->imm;                                                       \
    const uint32_t raw_ = e->raw;                                                      \
    const uint32_t RS1 = r[i1_], RS2 = r[e->rs2];                                      \
    (void)rd_; (void)i1_; (void)imm_; (void)raw_; (void)RS1; (void)RS2

#define OPR(v) (r[rd_] = (v))

#define HANDLERS(NAME)                                                                 \
    L_##NAME##_4: {                                                                    \
        enum { LEN = 4, POFF = 0 };                                                    \
        uint32_t w_;                                                                   \
        memcpy(&w_, ip, 4);                                                            \
        if (RV_UNLIKELY(w_ != e->raw)) goto redecode;                                  \
        { CTX1; B_##NAME; }                                                            \
        ADVANCE();                                                                     \
    }                                                                                  \
    L_##NAME##_2: {                                                                    \
        enum { LEN = 2, POFF = 0 };                                                    \
        uint16_t w_;                                                                   \
        memcpy(&w_, ip, 2);                                                            \
        if (RV_UNLIKELY(w_ != e->raw)) goto redecode;                                  \
        { CTX1; B_##NAME; }                                                            \
        ADVANCE();                                                                     \
    }

/* fused pair: the first result t1_ is forwarded to the second's operands */
#define FUSED(A, B)                                                                    \
    L_F_##A##_##B: {                                                                   \
        enum { LEN = 4 };                                                              \
        uint64_t w_, k_;                                                               \
        uint32_t t1_ = 0, d1_;                                                         \
        memcpy(&w_, ip, 8);                                                            \
        memcpy(&k_, &e->raw, 8);                                                       \
        if (RV_UNLIKELY(w_ != k_)) goto redecode;                                      \
        {                                                                              \
            enum { POFF = 0 };                                                         \
            CTX1;                                                                      \
            d1_ = rd_;                                                                 \
            B_##A;                                                                     \
        }                                                                              \
        left--;                                                                        \
        {                                                                              \
            enum { POFF = 4 };                                                         \
            const unsigned rd_ = e->rd2, i1_ = e->rs1_2, i2_ = e->rs2_2;               \
            const int32_t imm_ = e->imm2;                                              \
            const uint32_t raw_ = e->raw2;                                             \
            const uint32_t RS1 = i1_ == d1_ ? t1_ : r[i1_];                            \
            const uint32_t RS2 = i2_ == d1_ ? t1_ : r[i2_];                            \
            (void)rd_; (void)i1_; (void)imm_; (void)raw_; (void)RS1; (void)RS2;        \
            B_##B;                                                                     \
            ADVANCE();                                                                 \
        }                                                                              \
    }

    jpc = pc;
    goto slow_jump;

    RV_OPS(HANDLERS)

#undef OPR
#define OPR(v) (t1_ = (v), r[rd_] = t1_)
    RV_FUSED_PAIRS(FUSED)
#undef OPR

L_UNDECODED:
redecode:
    /* e is a real entry for ip (not a sentinel) whose bits changed or that
     * was never decoded; budget for it is already taken */
    {
        uint32_t cpc = (uint32_t)(ip - l1);
        cause = rv_decode_at(e, l1, l1_size, cpc);
        if (cause != RV32_OK) { pc = faddr = cpc; left++; goto fault_nofetch; }
        if (e == scratch) rv_delocalize(e, cpc);
        else rv_try_fuse(e, l1, l1_size, cpc);
        e->h = tab[e->op];
        goto *e->h;
    }

L_SENTINEL:
    /* fell off a decode page (or off L1); not an instruction */
    left++;
    jpc = (uint32_t)(ip - l1);
    goto slow_jump;

slow_jump:
    pc = jpc;
    if (left == 0) goto budget;
    e = rv_fetch_slow(h, jpc, &ents, &pbase, &plen, scratch, tab, &cause);
    if (!e) { faddr = jpc; goto fault_nofetch; }
    ip = l1 + jpc;
    if (left <= PRECISE_LIMIT && e != scratch) {
        /* single-step: execute a copy followed by sentinels (the handler
         * still validates it and redecodes the copy if stale) */
        scratch[0] = *e;
        e = scratch;
        if (rv_unfuse(e) | rv_delocalize(e, jpc)) e->h = tab[e->op];
        plen = 0;
    }
    left--;
    goto *e->h;

fault:
    left++;   /* the faulting instruction did not retire */
    h->fault.insn = finsn;
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
    if (dirty)
        h->wrote = 1;
    memcpy(h->x, r, sizeof h->x);
    h->x[0] = 0;
    h->pc = pc;
    h->retired += max_insns - left;
    return stop;
}
