// SPDX-License-Identifier: Apache-2.0
//
// ckernel::TensorShape, tt-llk's tile geometry (tensor_shape.h, which
// tt-metal's builds put on a kernel's include path): faces of face_r_dim
// rows by face_c_dim (16) columns, num_faces_r_dim by num_faces_c_dim of
// them. DEFAULT_TENSOR_SHAPE is the 32x32 tile of four 16x16 faces. The
// 2.0 compute API (api/compute/experimental/2_0) takes it as a template
// argument of LLKOperand.
#pragma once

#include <cstdint>

namespace ckernel {

struct __attribute__((packed)) TensorShape {
	std::uint8_t face_r_dim;
	std::uint8_t face_c_dim;
	std::uint8_t num_faces_r_dim;
	std::uint8_t num_faces_c_dim;

	constexpr std::uint16_t total_row_dim() const
	{
		return static_cast<std::uint16_t>(face_r_dim * num_faces_r_dim);
	}
	constexpr std::uint16_t total_col_dim() const
	{
		return static_cast<std::uint16_t>(face_c_dim * num_faces_c_dim);
	}
	constexpr std::uint16_t total_tensor_size() const
	{
		return static_cast<std::uint16_t>(total_row_dim() * total_col_dim());
	}
	constexpr std::uint8_t total_num_faces() const
	{
		return static_cast<std::uint8_t>(num_faces_r_dim * num_faces_c_dim);
	}
};

static_assert(sizeof(TensorShape) == 4, "TensorShape is tt-llk's four bytes");

constexpr TensorShape DEFAULT_TENSOR_SHAPE = { 16, 16, 2, 2 };

}  // namespace ckernel

// tt-metal's compute kernels see ckernel's names unqualified.
using ckernel::DEFAULT_TENSOR_SHAPE;
using ckernel::TensorShape;
