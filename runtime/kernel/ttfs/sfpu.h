// SPDX-License-Identifier: Apache-2.0
//
// The SFPU as the SDK drives it (tt/tensix.h, "SFPU instructions"): one
// instruction word per store to TT_TX_SFPU, its immediate first. Shared by
// sfpi.h and the SFPU tile ops of api/compute (exp_tile, add_unary_tile,
// ..., ttfs/sfpu_unary.h), both on TRISC1 only.
//
// Registers: the coprocessor has TT_TX_SFPU_REGS of them, enough that
// every live sfpi value owns one; `used` is the set in use. The RWC (the
// DST address counter dst_reg++ advances) is tracked here too, so that a
// tile op addresses its tile whatever a raw SFPI loop left in it (A = IMM
// + RWC). MATH_COMMIT zeroes it, as tile_regs_commit does here.
//
// Kernels never include this directly.
#pragma once

#include "ttfs/compute_llk.h"

namespace ttfs {
namespace sfpu {

inline uint32_t used;        // registers owned by live values
inline uint32_t rwc;         // the DST address counter, in DST rows

// The error code for more live SFPU values than registers (a ttfs
// addition to tt_tx_error).
FORCE_INLINE void op(uint32_t word)
{
	*reg(TT_TX_SFPU) = word;
}

FORCE_INLINE void op(uint32_t word, uint32_t imm)
{
	*reg(TT_TX_SFPU_IMM) = imm;
	*reg(TT_TX_SFPU) = word;
}

FORCE_INLINE constexpr uint32_t word(uint32_t o, uint32_t vd, uint32_t va = 0, uint32_t vb = 0,
				     uint32_t vc = 0, uint32_t mod = 0)
{
	return TT_TX_SFPU_WORD(o, vd, va, vb, vc, mod);
}

inline __attribute__((noinline)) uint32_t alloc()
{
	uint32_t free = ~used;

	if (!free)
		tx::error(TT_TX_ERR_SFPU_REGS, 0, TT_TX_SFPU_REGS, TT_TX_SFPU_REGS, "sfpi");
	uint32_t r = static_cast<uint32_t>(__builtin_ctz(free));
	used |= 1u << r;
	return r;
}

FORCE_INLINE void release(uint32_t r)
{
	used &= ~(1u << r);
}

FORCE_INLINE void incrwc(uint32_t rows)
{
	rwc += rows;
	op(word(TT_TX_SFPU_INCRWC, 0), rows);
}

// The immediate that addresses DST row-pair `addr` of math's section.
FORCE_INLINE uint32_t dst_imm(uint32_t addr)
{
	return addr - rwc;
}

FORCE_INLINE void load(uint32_t r, uint32_t addr, uint32_t fmt = TT_TX_SFPU_FMT_FLOAT)
{
	op(word(TT_TX_SFPU_LOAD, r, 0, 0, 0, fmt), dst_imm(addr));
}

FORCE_INLINE void store(uint32_t r, uint32_t addr, uint32_t fmt = TT_TX_SFPU_FMT_FLOAT)
{
	op(word(TT_TX_SFPU_STORE, 0, r, 0, 0, fmt), dst_imm(addr));
}

FORCE_INLINE void loadi(uint32_t r, uint32_t bits)
{
	op(word(TT_TX_SFPU_LOADI, r), bits);
}

FORCE_INLINE bool face_in(uint32_t face, int vector_mode)
{
	if (vector_mode == static_cast<int>(VectorMode::R))
		return face < 2;
	if (vector_mode == static_cast<int>(VectorMode::C))
		return face == 0 || face == 2;
	return true;
}

}  // namespace sfpu

namespace tx {

// tile_regs_commit: hand the section to pack; the coprocessor zeroes the
// RWC.
FORCE_INLINE void math_commit()
{
	cmd(TT_TX_OP_MATH_COMMIT);
	sfpu::rwc = 0;
}

}  // namespace tx
}  // namespace ttfs
