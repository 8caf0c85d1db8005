// SPDX-License-Identifier: Apache-2.0
//
// Binary SFPU ops on DST tiles, as tt-metal's eltwise_binary_sfpu.h:
// odst = op(idst0, idst1) for add, sub, mul, div, rsub (idst1 - idst0),
// power (idst0 ^ idst1) and the comparisons (1.0 or 0), on the SFPU
// (ttfs/sfpu_binary.h says how each is computed). Into a 16-bit DST add,
// sub and rsub store truncated unless DstRoundingMode::NearestEven; mul,
// div and power round to nearest even; an fp32 DST keeps fp32. The _init
// calls are accepted; the SFPU needs no setup here.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

namespace ckernel {
// How a float result is narrowed into a 16-bit DST (tt-metal's names).
enum class DstRoundingMode : uint8_t { Default = 0, NearestEven = 1 };
}  // namespace ckernel

template <ckernel::DstRoundingMode dst_rounding_mode = ckernel::DstRoundingMode::Default,
	  bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void add_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::ADD,
				       dst_rounding_mode == ckernel::DstRoundingMode::NearestEven &&
					       !is_fp32_dest_acc_en>(idst0, idst1, odst, "add_binary_tile")));
}

template <ckernel::DstRoundingMode dst_rounding_mode = ckernel::DstRoundingMode::Default,
	  bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void sub_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::SUB,
				       dst_rounding_mode == ckernel::DstRoundingMode::NearestEven &&
					       !is_fp32_dest_acc_en>(idst0, idst1, odst, "sub_binary_tile")));
}

template <ckernel::DstRoundingMode dst_rounding_mode = ckernel::DstRoundingMode::Default,
	  bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void rsub_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::RSUB,
				       dst_rounding_mode == ckernel::DstRoundingMode::NearestEven &&
					       !is_fp32_dest_acc_en>(idst0, idst1, odst, "rsub_binary_tile")));
}

template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void mul_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::MUL, !is_fp32_dest_acc_en>(idst0, idst1, odst,
										     "mul_binary_tile")));
}

template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void div_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::DIV, !is_fp32_dest_acc_en>(idst0, idst1, odst,
										     "div_binary_tile")));
}

// div_binary_tile with 0 where idst1 is 0.
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void div_no_nan_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::DIV_NO_NAN, !is_fp32_dest_acc_en>(idst0, idst1, odst,
										     "div_no_nan_binary_tile")));
}

template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void power_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::POW, !is_fp32_dest_acc_en>(idst0, idst1, odst,
										     "power_binary_tile")));
}

ALWI void eq_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::EQ, false>(idst0, idst1, odst, "eq_binary_tile")));
}

ALWI void ne_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::NE, false>(idst0, idst1, odst, "ne_binary_tile")));
}

ALWI void lt_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::LT, false>(idst0, idst1, odst, "lt_binary_tile")));
}

ALWI void gt_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::GT, false>(idst0, idst1, odst, "gt_binary_tile")));
}

ALWI void le_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::LE, false>(idst0, idst1, odst, "le_binary_tile")));
}

ALWI void ge_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::GE, false>(idst0, idst1, odst, "ge_binary_tile")));
}

// The two-operand forms of older tt-metal: the result overwrites idst0.
ALWI void add_binary_tile(uint32_t idst0, uint32_t idst1) { add_binary_tile(idst0, idst1, idst0); }
ALWI void sub_binary_tile(uint32_t idst0, uint32_t idst1) { sub_binary_tile(idst0, idst1, idst0); }
ALWI void rsub_binary_tile(uint32_t idst0, uint32_t idst1) { rsub_binary_tile(idst0, idst1, idst0); }
ALWI void mul_binary_tile(uint32_t idst0, uint32_t idst1) { mul_binary_tile(idst0, idst1, idst0); }
ALWI void div_binary_tile(uint32_t idst0, uint32_t idst1) { div_binary_tile(idst0, idst1, idst0); }
ALWI void power_binary_tile(uint32_t idst0, uint32_t idst1) { power_binary_tile(idst0, idst1, idst0); }

ALWI void add_binary_tile_init()
{
}

ALWI void sub_binary_tile_init()
{
}

ALWI void rsub_binary_tile_init()
{
}

ALWI void mul_binary_tile_init()
{
}

ALWI void div_binary_tile_init()
{
}

ALWI void power_binary_tile_init()
{
}

ALWI void eq_binary_tile_init()
{
}

ALWI void ne_binary_tile_init()
{
}

ALWI void lt_binary_tile_init()
{
}

ALWI void gt_binary_tile_init()
{
}

ALWI void le_binary_tile_init()
{
}

ALWI void ge_binary_tile_init()
{
}

#pragma GCC diagnostic pop
