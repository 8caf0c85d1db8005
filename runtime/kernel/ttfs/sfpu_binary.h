// SPDX-License-Identifier: Apache-2.0
//
// The binary SFPU ops of api/compute (add_binary_tile, div_binary_tile,
// add_int_tile, bitwise_and_binary_tile, binary_max_tile, ...) as SFPU
// code: face functions in sfpi run over three DST tiles by the params
// layer (ttfs/llk_sfpu.h), as tt-llk runs its ckernel_sfpu_* functions.
// Every result comes from SFPU instructions; division, power and integer
// multiplication are built from the SFPU's float and integer operations
// as tt-llk builds them (the reciprocal, log and 2^x of ttfs/sfpu_math.h,
// 2^(b log2 a), 11-bit partial products), not computed by the simulator's
// host.
//
// Rounding into a 16-bit DST, as tt-metal's: add, sub, rsub store
// truncated (SFPSTORE) unless DstRoundingMode::NearestEven; mul, div and
// power round to nearest even first. An fp32 DST keeps fp32.
//
// Integer data: Int32 and UInt32 as their 32 bits (an fp32 DST), UInt16 as
// 16 bits (LO16 loads and stores, either DST). Kernels never include this
// directly.
#pragma once

#include "hostdevcommon/kernel_structs.h"
#include "ttfs/llk_sfpu.h"
#include "ttfs/sfpu_math.h"
#include "sfpi.h"

namespace ttfs {
namespace sfpu {

enum class BinOp : uint8_t { ADD, SUB, RSUB, MUL, DIV, DIV_NO_NAN, POW, MAX, MIN, EQ, NE, LT, GT, LE, GE };
enum class IntOp : uint8_t { ADD, SUB, RSUB, MUL, AND, OR, XOR, SHL, SHR, LSHR, MAX, MIN };

constexpr uint32_t vectors_per_tile = 32;

FORCE_INLINE sfpi::vFloat float_of_bits(uint32_t bits)
{
	return sfpi::reinterpret<sfpi::vFloat>(sfpi::vUInt(bits));
}

// a^b as tt-metal's power_binary_tile: 2^(b log2 |a|); a negative base
// takes an integer exponent's sign (odd: negative) and gives NaN for any
// other; b == 0 gives 1, a == 0 gives 0 (b > 0) or Inf (b < 0).
inline sfpi::vFloat power(const sfpi::vFloat &a, const sfpi::vFloat &b)
{
	using namespace sfpi;
	vFloat r = vmath::exp2(b * (vmath::log(setsgn(a, 0)) * vFloat(vmath::log2e)));
	v_if (a < 0.0f) {
		vInt bi = float_to_int32(b);
		v_if (int32_to_float(bi) != b) { r = float_of_bits(0x7FC00000u); }
		v_elseif ((bi & vInt(1)) != 0) { r = setsgn(r, 1); }
		v_endif;
	}
	v_endif;
	v_if (a == 0.0f) {
		r = 0.0f;
		v_if (b < 0.0f) { r = float_of_bits(0x7F800000u); }
		v_endif;
	}
	v_endif;
	v_if (b == 0.0f) { r = 1.0f; }
	v_endif;
	return r;
}

// a / b as a * (1/b) (x / 0 is ±Inf, 0 / 0 NaN; or 0 for div_no_nan),
// exactly 1 where a == b.
inline sfpi::vFloat divide(const sfpi::vFloat &a, const sfpi::vFloat &b, bool zero_for_zero)
{
	using namespace sfpi;
	vFloat r = a * vmath::recip(b);
	v_if (a == b && b != 0.0f) { r = 1.0f; }
	v_endif;
	if (zero_for_zero) {
		v_if (b == 0.0f) { r = 0.0f; }
		v_endif;
	}
	return r;
}

// 1.0 where the condition holds, else 0.
inline sfpi::vFloat compare(BinOp op, const sfpi::vFloat &a, const sfpi::vFloat &b)
{
	using namespace sfpi;
	vFloat r = 0.0f;

	switch (op) {
	case BinOp::EQ: v_if (a == b) { r = 1.0f; } v_endif; break;
	case BinOp::NE: v_if (a != b) { r = 1.0f; } v_endif; break;
	case BinOp::LT: v_if (a < b) { r = 1.0f; } v_endif; break;
	case BinOp::GT: v_if (a > b) { r = 1.0f; } v_endif; break;
	case BinOp::LE: v_if (a <= b) { r = 1.0f; } v_endif; break;
	default: v_if (a >= b) { r = 1.0f; } v_endif; break;
	}
	return r;
}

inline sfpi::vFloat float_op(BinOp op, const sfpi::vFloat &a, const sfpi::vFloat &b)
{
	switch (op) {
	case BinOp::ADD: return a + b;
	case BinOp::SUB: return a - b;
	case BinOp::RSUB: return b - a;
	case BinOp::MUL: return a * b;
	case BinOp::DIV: return divide(a, b, false);
	case BinOp::DIV_NO_NAN: return divide(a, b, true);
	case BinOp::POW: return power(a, b);
	case BinOp::MAX: return sfpi::vec_max(a, b);
	case BinOp::MIN: return sfpi::vec_min(a, b);
	default: return compare(op, a, b);
	}
}

// One face of out = op(in0, in1), floats.
template <BinOp OP, bool ROUND_NEAREST>
inline void float_face(uint32_t in0, uint32_t in1, uint32_t out)
{
	for (uint32_t i = 0; i < 8; i++) {
		sfpi::vFloat a = sfpi::dst_reg[in0 * vectors_per_tile + i];
		sfpi::vFloat b = sfpi::dst_reg[in1 * vectors_per_tile + i];
		sfpi::vFloat r = float_op(OP, a, b);
		if (ROUND_NEAREST)
			r = sfpi::float_to_fp16b(r);
		sfpi::dst_reg[out * vectors_per_tile + i] = r;
	}
}

// The low 32 bits of a * b from 11-bit pieces whose products and sums
// stay below 2^24, so the SFPU's float multiplies and adds are exact.
inline sfpi::vInt mul_low32(const sfpi::vInt &a, const sfpi::vInt &b)
{
	using namespace sfpi;
	vUInt ua(a), ub(b), mask(0x7FFu);
	vFloat a0 = int32_to_float(vInt(ua & mask)), b0 = int32_to_float(vInt(ub & mask));
	vFloat a1 = int32_to_float(vInt((ua >> vUInt(11)) & mask));
	vFloat b1 = int32_to_float(vInt((ub >> vUInt(11)) & mask));
	vFloat a2 = int32_to_float(vInt(ua >> vUInt(22))), b2 = int32_to_float(vInt(ub >> vUInt(22)));
	vInt lo = float_to_int32(a0 * b0);
	vInt mid = float_to_int32(mad(a1, b0, a0 * b1));
	vInt hi = float_to_int32(mad(a2, b0, mad(a1, b1, a0 * b2)));
	return lo + (mid << vInt(11)) + (hi << vInt(22));
}

// a < b on whole 32-bit values, signed or not: sfpi's compare (the sign of
// the wrapped a - b, sfpi_impl.h icmp) where it cannot overflow (the top
// bits agree), else the top bit decides.
inline sfpi::vInt int_less(const sfpi::vInt &a, const sfpi::vInt &b, bool is_unsigned)
{
	using namespace sfpi;
	vInt lt = 0;
	v_if ((a ^ b) < 0) {
		if (is_unsigned) {
			v_if (b < 0) { lt = 1; }
			v_endif;
		} else {
			v_if (a < 0) { lt = 1; }
			v_endif;
		}
	}
	v_else {
		v_if (a < b) { lt = 1; }
		v_endif;
	}
	v_endif;
	return lt;
}

inline sfpi::vInt int_op(IntOp op, const sfpi::vInt &a, const sfpi::vInt &b, bool is_unsigned)
{
	using namespace sfpi;
	switch (op) {
	case IntOp::ADD: return a + b;
	case IntOp::SUB: return a - b;
	case IntOp::RSUB: return b - a;
	case IntOp::MUL: return mul_low32(a, b);
	case IntOp::AND: return a & b;
	case IntOp::OR: return a | b;
	case IntOp::XOR: return a ^ b;
	case IntOp::SHL: return a << b;
	case IntOp::SHR: return a >> b;
	case IntOp::LSHR: return vInt(vUInt(a) >> vUInt(b));
	default: {
		vInt r = a;
		vInt lt = int_less(a, b, is_unsigned);
		if (op == IntOp::MAX) {
			v_if (lt != 0) { r = b; }
			v_endif;
		} else {
			v_if (lt == 0) { r = b; }
			v_endif;
		}
		return r;
	}
	}
}

// One face of out = op(in0, in1), integers; UInt16 through LO16. A
// 16-bit value's arithmetic is that of its zero-extension, stored modulo
// 2^16.
template <IntOp OP, DataFormat DF>
inline void int_face(uint32_t in0, uint32_t in1, uint32_t out)
{
	constexpr uint32_t mode = DF == DataFormat::UInt16 ? TT_TX_SFPU_FMT_LO16 : TT_TX_SFPU_FMT_INT;
	constexpr bool is_unsigned = DF != DataFormat::Int32;

	for (uint32_t i = 0; i < 8; i++) {
		sfpi::vInt a = sfpi::detail::load_vector(in0 * vectors_per_tile + i, mode);
		sfpi::vInt b = sfpi::detail::load_vector(in1 * vectors_per_tile + i, mode);
		sfpi::detail::store_vector(out * vectors_per_tile + i, int_op(OP, a, b, is_unsigned),
					   mode);
	}
}

template <DataFormat DF>
constexpr void check_int_format()
{
	static_assert(DF == DataFormat::Int32 || DF == DataFormat::UInt32 || DF == DataFormat::UInt16,
		      "integer SFPU ops take DataFormat::Int32, UInt32 or UInt16");
}

// DST tiles in0, in1 and out checked against the section, then F over
// every face; call names the API function in a fault.
template <class F>
inline void binary_tiles(F &&face, uint32_t in0, uint32_t in1, uint32_t out, int vector_mode,
			 const char *call)
{
	tx::check_dst(in0, call);
	tx::check_dst(in1, call);
	tx::check_dst(out, call);
	each_face(0, vector_mode, [&] { face(in0, in1, out); });
}

template <BinOp OP, bool ROUND_NEAREST>
inline void binary_float(uint32_t in0, uint32_t in1, uint32_t out, const char *call,
			 int vector_mode = static_cast<int>(VectorMode::RC))
{
	binary_tiles(float_face<OP, ROUND_NEAREST>, in0, in1, out, vector_mode, call);
}

template <IntOp OP, DataFormat DF>
inline void binary_int(uint32_t in0, uint32_t in1, uint32_t out, const char *call)
{
	check_int_format<DF>();
	binary_tiles(int_face<OP, DF>, in0, in1, out, static_cast<int>(VectorMode::RC), call);
}

}  // namespace sfpu
}  // namespace ttfs
