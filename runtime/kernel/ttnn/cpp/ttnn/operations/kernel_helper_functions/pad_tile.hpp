// SPDX-License-Identifier: Apache-2.0
//
// ttnn's tile padding helpers: overwrite the part of a tile in L1 that lies
// outside its first unpadded_w columns and unpadded_h rows with a value,
// face by face (a tile is faces_h x faces_w faces of 16x16 elements, each
// face row-major, the faces row-major). T is the element type (uint16_t for
// bfloat16, uint32_t for float32).
#pragma once

#include "api/dataflow/dataflow_api.h"
#include <tt-metalium/constants.hpp>

namespace ttfs {

// How many of a face's trailing columns (rows) lie past `unpadded`, for a
// face starting at `start`: all, none, or the difference.
constexpr uint32_t face_pad(uint32_t unpadded, uint32_t start, uint32_t extent)
{
	return unpadded <= start ? extent : unpadded >= start + extent ? 0 : start + extent - unpadded;
}

}  // namespace ttfs

template <typename T, uint32_t num_elements_unpadded_w, uint32_t num_elements_unpadded_h,
	  uint32_t num_faces_w, uint32_t num_faces_h, uint32_t face_h, uint32_t face_w>
void fill_pad_face(T *tile_ptr, T fill_value)
{
	using namespace tt::constants;
	constexpr uint32_t pad_w = ttfs::face_pad(num_elements_unpadded_w, face_w * FACE_WIDTH,
						  FACE_WIDTH);
	constexpr uint32_t pad_h = ttfs::face_pad(num_elements_unpadded_h, face_h * FACE_HEIGHT,
						  FACE_HEIGHT);
	T *face = tile_ptr + (face_h * num_faces_w + face_w) * FACE_HW;

	for (uint32_t row = 0; row < FACE_HEIGHT; row++) {
		// Rows past the height are padded whole; the others past the width.
		uint32_t from = row >= FACE_HEIGHT - pad_h ? 0 : FACE_WIDTH - pad_w;
		for (uint32_t col = from; col < FACE_WIDTH; col++)
			face[row * FACE_WIDTH + col] = fill_value;
	}
}

template <typename T, uint32_t num_elements_unpadded_w, uint32_t num_elements_unpadded_h,
	  uint32_t num_faces_w = tt::constants::TILE_WIDTH / tt::constants::FACE_WIDTH,
	  uint32_t num_faces_h = tt::constants::TILE_HEIGHT / tt::constants::FACE_HEIGHT>
void fill_pad_tile(uint32_t l1_tile_ptr, T fill_value)
{
	T *tile = reinterpret_cast<T *>(l1_tile_ptr);

	fill_pad_face<T, num_elements_unpadded_w, num_elements_unpadded_h, num_faces_w, num_faces_h,
		      0, 0>(tile, fill_value);
	if constexpr (num_faces_w > 1)
		fill_pad_face<T, num_elements_unpadded_w, num_elements_unpadded_h, num_faces_w,
			      num_faces_h, 0, 1>(tile, fill_value);
	if constexpr (num_faces_h > 1)
		fill_pad_face<T, num_elements_unpadded_w, num_elements_unpadded_h, num_faces_w,
			      num_faces_h, 1, 0>(tile, fill_value);
	if constexpr (num_faces_w > 1 && num_faces_h > 1)
		fill_pad_face<T, num_elements_unpadded_w, num_elements_unpadded_h, num_faces_w,
			      num_faces_h, 1, 1>(tile, fill_value);
}

// Zeros past column in0_last_ktile_w of matmul's last K tile (Float32 or
// Float16_b; other formats are left as they are).
template <DataFormat in0_data_format, uint32_t in0_last_ktile_w>
void pad_last_ktile(uint32_t l1_write_addr_in0)
{
	using tt::constants::TILE_HEIGHT;
	if constexpr (in0_data_format == DataFormat::Float32)
		fill_pad_tile<uint32_t, in0_last_ktile_w, TILE_HEIGHT>(l1_write_addr_in0, 0);
	else if constexpr (in0_data_format == DataFormat::Float16_b)
		fill_pad_tile<uint16_t, in0_last_ktile_w, TILE_HEIGHT>(l1_write_addr_in0, 0);
}

// The same when in0 is transposed: K runs down the tile, so rows are padded.
template <DataFormat in0_data_format, uint32_t in0_last_ktile_h>
void pad_last_transposed_ktile(uint32_t l1_write_addr_in0)
{
	using tt::constants::TILE_WIDTH;
	if constexpr (in0_data_format == DataFormat::Float32)
		fill_pad_tile<uint32_t, TILE_WIDTH, in0_last_ktile_h>(l1_write_addr_in0, 0);
	else if constexpr (in0_data_format == DataFormat::Float16_b)
		fill_pad_tile<uint16_t, TILE_WIDTH, in0_last_ktile_h>(l1_write_addr_in0, 0);
}
