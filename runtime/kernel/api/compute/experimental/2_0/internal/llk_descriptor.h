// SPDX-License-Identifier: Apache-2.0
//
// The compile-time half of the 2.0 compute API's operands (tt-metal's
// internal llk_descriptor.h): LLKMemDescriptor (an operand's L1 format and
// tile geometry), the per-tile L1 stride in 16-byte words, and the shape
// and format predicates the ops' static_asserts use.
//
// tt-metal's 2.0 API lives in ckernel::experimental, which its kernels
// reach as experimental:: (they see ckernel's names unqualified). Here it
// is ::experimental, the namespace of the object NOC API too, and
// ckernel::experimental names the same namespace, so both spellings and
// `using namespace ckernel` work.
//
// LLKOperand takes a TensorShape as a template argument. tt-metal's
// compiler allows that in C++17 (-ftt-nttp); Debian's g++ only in C++20,
// so ttfs builds a kernel whose source includes a header of
// api/compute/experimental/2_0 as C++20 (runtime/kernel/README.md).
#pragma once

#if __cplusplus < 202002L
#error "api/compute/experimental/2_0: LLKOperand<Format, Shape> takes a TensorShape as a template argument, which needs C++20 with Debian's g++ (tt-metal's compiler allows it in C++17 with -ftt-nttp); ttfs builds a kernel as C++20 when its own source includes a header under experimental/2_0/"
#endif

#include <cstdint>

#include "api/compute/common_globals.h"
#include "tensor_shape.h"

namespace experimental {

using ckernel::TensorShape;

struct LLKMemDescriptor {
	DataFormat format;
	TensorShape shape;
};

constexpr std::uint32_t round_up_l1_words(std::uint32_t bytes)
{
	return (bytes + 15u) >> 4;
}

constexpr bool is_block_float_format(DataFormat f)
{
	return f == DataFormat::Bfp8 || f == DataFormat::Bfp8_b || f == DataFormat::Bfp4 ||
	       f == DataFormat::Bfp4_b || f == DataFormat::Bfp2 || f == DataFormat::Bfp2_b;
}

constexpr bool is_32bit_format(DataFormat f)
{
	return f == DataFormat::Float32 || f == DataFormat::UInt32 || f == DataFormat::Int32;
}

// One tile's L1 size in 16-byte words: the datums, or for a block float
// its mantissas and the exponent section (one byte a face row, padded to
// 16 bytes), as tt-metal's Tile::get_tile_size.
constexpr std::uint32_t tile_stride_words(DataFormat f, TensorShape s)
{
	const std::uint32_t datums = s.total_tensor_size();

	if (is_block_float_format(f)) {
		const std::uint32_t exps = (static_cast<std::uint32_t>(s.face_r_dim) *
					    s.total_num_faces() + 15u) & ~15u;
		const bool bfp4 = f == DataFormat::Bfp4 || f == DataFormat::Bfp4_b;
		const bool bfp2 = f == DataFormat::Bfp2 || f == DataFormat::Bfp2_b;

		return round_up_l1_words((bfp4 ? datums / 2 : bfp2 ? datums / 4 : datums) + exps);
	}
	const std::uint32_t bytes = is_32bit_format(f) ? 4 :
				    (f == DataFormat::Int8 || f == DataFormat::UInt8 ||
				     f == DataFormat::Lf8 || f == DataFormat::Fp8_e4m3) ? 1 : 2;
	return round_up_l1_words(datums * bytes);
}

// Faces of 1, 2, 4, 8 or 16 rows by 16 columns, at most 2 by 2 of them.
constexpr bool is_legal_tile_shape(TensorShape s)
{
	const bool rows = s.face_r_dim == 1 || s.face_r_dim == 2 || s.face_r_dim == 4 ||
			  s.face_r_dim == 8 || s.face_r_dim == 16;
	const bool grid = (s.num_faces_r_dim == 1 || s.num_faces_r_dim == 2) &&
			  (s.num_faces_c_dim == 1 || s.num_faces_c_dim == 2);
	return rows && s.face_c_dim == 16 && grid;
}

constexpr bool is_partial_height(TensorShape s)
{
	return s.total_row_dim() < 32;
}

constexpr bool same_tile_shape(TensorShape a, TensorShape b)
{
	return a.face_r_dim == b.face_r_dim && a.face_c_dim == b.face_c_dim &&
	       a.num_faces_r_dim == b.num_faces_r_dim && a.num_faces_c_dim == b.num_faces_c_dim;
}

}  // namespace experimental

namespace ckernel {
namespace experimental = ::experimental;
}
