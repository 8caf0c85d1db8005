/* SPDX-License-Identifier: Apache-2.0 */
/* rv32_internal.h - decoded-instruction format shared by the rv32 sources. */
#ifndef TTFS_RV32_INTERNAL_H
#define TTFS_RV32_INTERNAL_H

#include "rv32.h"
#include "rv32_fuse.h"
#include <stdint.h>

#if defined(__GNUC__)
#define RV_LIKELY(x) __builtin_expect(!!(x), 1)
#define RV_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define RV_LIKELY(x) (x)
#define RV_UNLIKELY(x) (x)
#endif

/* Register index used as the destination when rd is x0: writes land in a
 * scratch slot, so x0 always reads as zero without extra work. */
#define RV_XSINK 32

/* Operation codes. A decoded entry stores the handler index
 * RV_HIDX(op, len) = op*2 + (len == 2): every operation has one handler per
 * instruction length, so the sequential advance is a constant.
 * OP_UNDECODED must be 0 (zeroed cache pages); OP_SENTINEL marks the
 * entries just past the end of a page or of L1. */
enum rv_op {
    OP_UNDECODED = 0,
    OP_ILLEGAL,
    OP_LI,        /* rd = imm            (lui, auipc with pc folded in, c.li, c.lui) */
    OP_JAL,       /* rd = pc+len; pc = imm (absolute target) */
    OP_JALR,      /* rd = pc+len; pc = (rs1+imm) & ~1 */
    OP_BEQ, OP_BNE, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU,   /* target in imm (absolute) */
    OP_LB, OP_LH, OP_LW, OP_LBU, OP_LHU,
    OP_SB, OP_SH, OP_SW,
    OP_ADDI, OP_SLTI, OP_SLTIU, OP_XORI, OP_ORI, OP_ANDI,
    OP_SLLI, OP_SRLI, OP_SRAI,
    OP_ADD, OP_SUB, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_SRA, OP_OR, OP_AND,
    OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU, OP_DIV, OP_DIVU, OP_REM, OP_REMU,
    OP_NOP,       /* fence, fence.i, hints, writes to x0 without side effects */
    OP_ECALL, OP_EBREAK, OP_WFI,
    OP_CSRRW, OP_CSRRS, OP_CSRRC, OP_CSRRWI, OP_CSRRSI, OP_CSRRCI, /* csr number in imm, uimm in rs1 */
    /* same-decode-page variants of the direct jumps: imm = byte offset */
    OP_BEQ_L, OP_BNE_L, OP_BLT_L, OP_BGE_L, OP_BLTU_L, OP_BGEU_L, OP_JAL_L,
    OP_SENTINEL,
#define RV_FUSED_ENUM(A, B) OP_F_##A##_##B,
    RV_FUSED_PAIRS(RV_FUSED_ENUM)
#undef RV_FUSED_ENUM
    OP_COUNT
};
#define RV_HIDX(op, len) ((uint8_t)((op) * 2 + ((len) == 2)))
#define RV_OP_OF(hidx) ((hidx) >> 1)

struct rv_dinsn {
    const void *h;  /* handler label in rv32_run (= its table entry for op) */
    uint32_t raw;   /* the instruction (16 or 32 bits) at pc when decoded */
    uint32_t raw2;  /* fused pairs: the second instruction (raw,raw2 = 8 bytes at pc) */
    int32_t imm;
    int32_t imm2;   /* fused pairs: second instruction's operands */
    uint8_t op, rd, rs1, rs2;   /* op: handler index RV_HIDX() once decoded */
    uint8_t len;    /* 2 or 4 (of the first instruction) */
    uint8_t rd2, rs1_2, rs2_2;
};

/* Decode cache: one page of entries per RV_PAGE bytes of L1, allocated on
 * first execution from that page; one entry per 16-bit parcel, plus two
 * sentinel entries (reached by falling through the end of the page). */
#define RV_PAGE_SHIFT 11u
#define RV_PAGE (1u << RV_PAGE_SHIFT)
#define RV_PAGE_ENTRIES (RV_PAGE / 2u)

struct rv32_dcache {
    uint32_t npages;
    uint32_t l1_size;
    struct rv_dinsn *pages[];
};

/* decode.c / decode_c.c: fill *d from the instruction word w fetched at pc
 * (only the low 16 bits matter for a compressed instruction).
 * Never fails: undecodable words become OP_ILLEGAL. d->op = RV_HIDX(). */
void rv_decode(struct rv_dinsn *d, uint32_t w, uint32_t pc);
void rv_decode16(struct rv_dinsn *d, uint32_t w, uint32_t pc);   /* d->op = plain op */
/* Read and decode the instruction at pc in L1; RV32_FETCH_FAULT if it does
 * not lie entirely inside L1. */
enum rv32_cause rv_decode_at(struct rv_dinsn *d, const uint8_t *l1, uint32_t l1_size, uint32_t pc);
/* Turn a same-page jump variant back into its absolute form (for entries
 * executed outside a decode page, e.g. scratch copies). Returns 1 if changed. */
int rv_delocalize(struct rv_dinsn *d, uint32_t pc);
/* If d (decoded at pc, inside a decode page) and the 32-bit instruction at
 * pc+4 form a pair from RV_FUSED_PAIRS, turn d into the fused entry. */
void rv_try_fuse(struct rv_dinsn *d, const uint8_t *l1, uint32_t l1_size, uint32_t pc);
/* Undo fusion (scratch copies execute one instruction at a time). */
int rv_unfuse(struct rv_dinsn *d);

/* mem.c: slow paths (local memory, MMIO, alignment, faults). *changed is set
 * to 1 when the store may have changed state (for the spin detector). */
enum rv32_cause rv_load_slow(struct rv32_hart *h, uint32_t addr, unsigned size, uint32_t *val);
enum rv32_cause rv_store_slow(struct rv32_hart *h, uint32_t addr, unsigned size, uint32_t val, int *changed);

/* Fetch slow path: locate/allocate the decode page for pc, set base and lim so
 * that jumps to t with (t - base) < lim may index page *ents directly.
 * Returns the entry for pc (possibly still undecoded) or NULL with *cause
 * set. When no cache page can be allocated, decodes into scratch[0] (the
 * caller keeps scratch[1..2] as sentinels) and returns it with lim = 0.
 * tab: handler table indexed by RV_HIDX (sets rv_dinsn.h). */
struct rv_dinsn *rv_fetch_slow(struct rv32_hart *h, uint32_t pc, struct rv_dinsn **ents,
                               uint32_t *base, uint32_t *lim, struct rv_dinsn *scratch,
                               const void *const *tab, enum rv32_cause *cause);

/* csr.c: read/modify/write a CSR. retired = instructions retired before
 * this one. Returns RV32_OK (unknown CSRs read 0, writes ignored). */
enum rv32_cause rv_csr(struct rv32_hart *h, uint64_t retired, uint32_t csr, int op,
                       uint32_t src, int do_write, uint32_t *old);

#define RV_SPIN_BACKOFF_MAX (1u << 16)

/* spin.c: called when the quiet countdown expires; returns 1 = spinning */
int rv_spin_check(struct rv32_hart *h, const uint32_t *regs, uint32_t target);

#endif
