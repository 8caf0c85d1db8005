/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rv32_fuse.h - instruction pairs executed by one handler (both 32-bit,
 * same decode page). Chosen from the most frequent adjacent pairs in
 * compiled rv32im code: the second instruction reads the first's result
 * from a host register instead of memory, and one dispatch is saved.
 * X(first, second) - plain operation names from enum rv_op.
 */
#ifndef TTFS_RV32_FUSE_H
#define TTFS_RV32_FUSE_H

#define RV_FUSED_PAIRS(X)                                                              \
    X(ADDI, ADDI) X(ADDI, ADD) X(ADD, ADDI) X(LI, ADDI) X(ADDI, SW) X(ADDI, LW)        \
    X(SLLI, ADD) X(ADD, LW) X(ADD, SW) X(ADD, LBU) X(LW, ADDI) X(LW, ADD) X(LW, LW)    \
    X(SW, SW) X(SW, ADDI) X(LBU, ADDI) X(ANDI, SLLI) X(XOR, ANDI) X(SRLI, XOR)         \
    X(SLLI, SRLI) X(SRLI, ANDI) X(ANDI, ADD) X(LW, XOR) X(SLLI, OR) X(MUL, ADD)        \
    X(ADDI, BNE_L) X(ADDI, BEQ_L) X(ADDI, BLT_L) X(ADDI, BGE_L) X(ADDI, BLTU_L)        \
    X(ADDI, BGEU_L) X(LW, BEQ_L) X(LW, BNE_L) X(LBU, BEQ_L) X(LBU, BNE_L)             \
    X(ANDI, BEQ_L) X(ANDI, BNE_L) X(ADD, BNE_L) X(ADD, BLTU_L) X(SLTU, BNE_L)          \
    X(XOR, BNE_L) X(SUB, BNE_L)

#endif
