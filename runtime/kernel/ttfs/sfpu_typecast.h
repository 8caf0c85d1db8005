// SPDX-License-Identifier: Apache-2.0
//
// typecast_tile's conversions as SFPU code, one face at a time through the
// params layer (ttfs/llk_sfpu.h), with tt-llk's rounding rules:
//
// - float to Int32: toward zero; |x| >= 2^31, Inf and NaN give INT32_MIN;
// - float to UInt32: toward zero; x <= 0 gives 0, x >= 2^32, +Inf and NaN
//   UINT32_MAX;
// - float to UInt16: to nearest, ties to even; x < 0 and NaN give 0, more
//   than 65535 gives 65535;
// - Int32 to float: to nearest even (fp32), then to nearest even again for
//   Float16_b (and Bfp8_b, which the packer makes from it);
// - UInt32 to float: its low 31 bits to nearest even, rounded to bf16 for
//   Float16_b, then 2^31 added (to nearest even, fp32) when the top bit is
//   set: tt-llk's order, so a Float16_b result is rounded once more by the
//   packer (ties away);
// - UInt16 to float: exact, rounded to nearest even for Float16_b;
// - Float32 to Float16_b: to nearest even;
// - UInt16 to Int32/UInt32: zero-extended; UInt32 to UInt16: at most 65535;
//   Int32 to UInt16: clamped to [0, 65535];
// - Float16_b <-> Float32 and Bfp8_b <-> floats: nothing on the SFPU (the
//   unpacker and packer convert), as in tt-metal.
//
// Kernels never include this directly.
#pragma once

#include "hostdevcommon/kernel_structs.h"
#include "ttfs/llk_sfpu.h"
#include "sfpi.h"

namespace ttfs {
namespace sfpu {

enum class CastKind : uint8_t {
	NONE,            // the unpacker and packer do it
	FLOAT_TO_INT32,
	FLOAT_TO_UINT32,
	FLOAT_TO_UINT16,
	FLOAT_TO_BF16,
	INT32_TO_FLOAT,
	UINT32_TO_FLOAT,
	UINT16_TO_FLOAT,
	UINT16_TO_UINT32,
	UINT32_TO_UINT16,
	INT32_TO_UINT16,
	UNSUPPORTED,
};

constexpr bool is_float_format(DataFormat f)
{
	return f == DataFormat::Float32 || f == DataFormat::Float16_b || f == DataFormat::Bfp8_b;
}

// What typecast_tile<IN, OUT> does on the SFPU.
constexpr CastKind cast_kind(DataFormat in, DataFormat out)
{
	if (in == out || (is_float_format(in) && is_float_format(out)))
		return in == DataFormat::Float32 && out == DataFormat::Float16_b ? CastKind::FLOAT_TO_BF16
										 : CastKind::NONE;
	if (is_float_format(in)) {
		switch (out) {
		case DataFormat::Int32: return CastKind::FLOAT_TO_INT32;
		case DataFormat::UInt32: return CastKind::FLOAT_TO_UINT32;
		case DataFormat::UInt16: return CastKind::FLOAT_TO_UINT16;
		default: return CastKind::UNSUPPORTED;
		}
	}
	if (is_float_format(out)) {
		switch (in) {
		case DataFormat::Int32: return CastKind::INT32_TO_FLOAT;
		case DataFormat::UInt32: return CastKind::UINT32_TO_FLOAT;
		case DataFormat::UInt16: return CastKind::UINT16_TO_FLOAT;
		default: return CastKind::UNSUPPORTED;
		}
	}
	if (in == DataFormat::UInt16 && (out == DataFormat::UInt32 || out == DataFormat::Int32))
		return CastKind::UINT16_TO_UINT32;
	if (in == DataFormat::UInt32 && out == DataFormat::UInt16)
		return CastKind::UINT32_TO_UINT16;
	if (in == DataFormat::Int32 && out == DataFormat::UInt16)
		return CastKind::INT32_TO_UINT16;
	return CastKind::UNSUPPORTED;
}

// |x| truncated to an integer, for |x| < 2^31 (e = exexp(x) in [0, 30]).
inline sfpi::vInt trunc_magnitude(const sfpi::vFloat &x, const sfpi::vInt &e)
{
	using namespace sfpi;
	vInt man = exman8(x), shift = e - 23, r;

	v_if (shift < 0) { r = vInt(vUInt(man) >> vUInt(vInt(0) - shift)); }
	v_else { r = man << shift; }
	v_endif;
	return r;
}

inline sfpi::vInt cast_to_int32(const sfpi::vFloat &x)
{
	using namespace sfpi;
	vInt e = exexp(x);
	vInt r = trunc_magnitude(x, e);

	v_if (x < 0.0f) { r = vInt(0) - r; }
	v_endif;
	v_if (e < 0) { r = 0; }
	v_endif;
	v_if (e >= 31) { r = vInt(static_cast<int32_t>(0x80000000u)); }
	v_endif;
	return r;
}

inline sfpi::vInt cast_to_uint32(const sfpi::vFloat &x)
{
	using namespace sfpi;
	vInt e = exexp(x), r = 0;

	v_if (e >= 0 && e <= 31) {
		// e == 31: the top bit is the implicit 1, shifted left by 8.
		vInt man = exman8(x), shift = e - 23;
		v_if (shift < 0) { r = vInt(vUInt(man) >> vUInt(vInt(0) - shift)); }
		v_else { r = man << shift; }
		v_endif;
	}
	v_elseif (e > 31) { r = vInt(-1); }
	v_endif;
	v_if (x <= 0.0f) { r = 0; }
	v_endif;
	return r;
}

inline sfpi::vInt cast_to_uint16(const sfpi::vFloat &x)
{
	using namespace sfpi;
	vInt r = float_to_int16(x);   // nearest even, saturating to int32

	v_if (r > 65535) { r = 65535; }
	v_endif;
	v_if (x < 0.0f) { r = 0; }
	v_endif;
	return r;
}

inline sfpi::vFloat cast_uint32_to_float(const sfpi::vInt &u, bool to_bf16)
{
	using namespace sfpi;
	vFloat f = int32_to_float(u & vInt(0x7FFFFFFF));

	if (to_bf16)
		f = float_to_fp16b(f);
	v_if (u < 0) { f = f + 2147483648.0f; }
	v_endif;
	return f;
}

// One face of the tile in place (dst_reg[0] is its first vector).
template <DataFormat IN, DataFormat OUT>
inline void typecast_face()
{
	using namespace sfpi;
	using detail::load_vector, detail::store_vector;
	constexpr CastKind kind = cast_kind(IN, OUT);
	constexpr bool to_bf16 = OUT != DataFormat::Float32;
	constexpr uint32_t in_mode = IN == DataFormat::UInt16 ? TT_TX_SFPU_FMT_LO16 : TT_TX_SFPU_FMT_INT;

	for (uint32_t i = 0; i < 8; i++) {
		switch (kind) {
		case CastKind::FLOAT_TO_INT32:
			store_vector(i, cast_to_int32(dst_reg[i]), TT_TX_SFPU_FMT_INT);
			break;
		case CastKind::FLOAT_TO_UINT32:
			store_vector(i, cast_to_uint32(dst_reg[i]), TT_TX_SFPU_FMT_INT);
			break;
		case CastKind::FLOAT_TO_UINT16:
			store_vector(i, cast_to_uint16(dst_reg[i]), TT_TX_SFPU_FMT_LO16);
			break;
		case CastKind::FLOAT_TO_BF16:
			dst_reg[i] = float_to_fp16b(dst_reg[i]);
			break;
		case CastKind::INT32_TO_FLOAT:
		case CastKind::UINT16_TO_FLOAT: {
			vFloat f = int32_to_float(load_vector(i, in_mode));
			if (to_bf16)
				f = float_to_fp16b(f);
			dst_reg[i] = f;
			break;
		}
		case CastKind::UINT32_TO_FLOAT:
			dst_reg[i] = cast_uint32_to_float(load_vector(i, TT_TX_SFPU_FMT_INT), to_bf16);
			break;
		case CastKind::UINT16_TO_UINT32:
			store_vector(i, load_vector(i, TT_TX_SFPU_FMT_LO16), TT_TX_SFPU_FMT_INT);
			break;
		case CastKind::UINT32_TO_UINT16: {
			vInt u = load_vector(i, TT_TX_SFPU_FMT_INT), r = u;
			v_if (u < 0 || u > 65535) { r = 65535; }
			v_endif;
			store_vector(i, r, TT_TX_SFPU_FMT_LO16);
			break;
		}
		case CastKind::INT32_TO_UINT16: {
			// Negatives first: r > 65535 is r - 65535 > 0, which
			// overflows for the most negative values.
			vInt r = load_vector(i, TT_TX_SFPU_FMT_INT);
			v_if (r < 0) { r = 0; }
			v_endif;
			v_if (r > 65535) { r = 65535; }
			v_endif;
			store_vector(i, r, TT_TX_SFPU_FMT_LO16);
			break;
		}
		default:
			break;
		}
	}
}

template <uint32_t IN, uint32_t OUT>
inline void typecast(uint32_t idst)
{
	constexpr DataFormat in = static_cast<DataFormat>(IN), out = static_cast<DataFormat>(OUT);
	constexpr CastKind kind = cast_kind(in, out);

	static_assert(kind != CastKind::UNSUPPORTED,
		      "typecast_tile: this pair of formats is not supported (Float32, Float16_b, "
		      "Bfp8_b, Int32, UInt32, UInt16)");
	tx::check_dst(idst, "typecast_tile");
	if (kind != CastKind::NONE)
		each_face(64 * idst, static_cast<int>(VectorMode::RC), typecast_face<in, out>);
}

}  // namespace sfpu
}  // namespace ttfs
