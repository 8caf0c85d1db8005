// SPDX-License-Identifier: Apache-2.0
//
// ttnn's generate_mm_scaler: a 16-bit tile (bfloat16) of zeros with the low
// half of scaler at column 0 of every row of faces 0 and 2 (the tile's
// first column: rows 0-15 and 16-31), pushed to cb_id. A matmul by it sums
// the other operand's columns scaled, as ttnn's reductions use it.
#pragma once

#include "api/dataflow/dataflow_api.h"

FORCE_INLINE void generate_mm_scaler(const uint32_t cb_id, const uint32_t scaler)
{
	constexpr uint32_t tile_words = 2048 / 4, face_words = 512 / 4, row_words = 8;

	cb_reserve_back(cb_id, 1);
	volatile tt_l1_ptr uint32_t *w =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_write_ptr(cb_id));
	for (uint32_t i = 0; i < tile_words; i++)
		w[i] = 0;
	for (uint32_t face = 0; face < 4; face += 2)
		for (uint32_t row = 0; row < 16; row++)
			w[face * face_words + row * row_words] = scaler & 0xFFFFu;
	cb_push_back(cb_id, 1);
}
