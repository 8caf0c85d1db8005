// SPDX-License-Identifier: Apache-2.0
//
// ttnn's broadcast scalar tiles: a 16-bit tile (bfloat16) holding one value
// where a broadcast reads it, pushed to cb_id. The value is the high half
// of `scalar` (ttnn passes a bfloat16 packed twice into the word). Column:
// column 0 (the first value of each row of faces 0 and 2), for a bcast
// along W; row: row 0 (the first row of faces 0 and 1), for a bcast along
// H; unary: element [0][0], for a bcast of the scalar. The rest of the tile
// is zero: ttnn leaves it as the CB held it, the kernel here stores the
// zeros so that nothing depends on what was there.
#pragma once

#include "api/dataflow/dataflow_api.h"

namespace ttfs {

// Reserves a page of cb_id and zeroes one 16-bit tile of it (2048 bytes).
FORCE_INLINE volatile tt_l1_ptr uint16_t *bcast_scalar_tile(uint32_t cb_id)
{
	cb_reserve_back(cb_id, 1);
	volatile tt_l1_ptr uint32_t *w =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_write_ptr(cb_id));
	for (uint32_t i = 0; i < 2048 / 4; i++)
		w[i] = 0;
	return reinterpret_cast<volatile tt_l1_ptr uint16_t *>(w);
}

}  // namespace ttfs

FORCE_INLINE void generate_bcast_col_scalar(const uint32_t cb_id, const uint32_t scalar)
{
	volatile tt_l1_ptr uint16_t *t = ttfs::bcast_scalar_tile(cb_id);

	for (uint32_t face = 0; face < 4; face += 2)
		for (uint32_t row = 0; row < 16; row++)
			t[face * 256 + row * 16] = static_cast<uint16_t>(scalar >> 16);
	cb_push_back(cb_id, 1);
}

FORCE_INLINE void generate_bcast_row_scalar(const uint32_t cb_id, const uint32_t scalar)
{
	volatile tt_l1_ptr uint16_t *t = ttfs::bcast_scalar_tile(cb_id);

	for (uint32_t face = 0; face < 2; face++)
		for (uint32_t col = 0; col < 16; col++)
			t[face * 256 + col] = static_cast<uint16_t>(scalar >> 16);
	cb_push_back(cb_id, 1);
}

FORCE_INLINE void generate_bcast_unary_scalar(const uint32_t cb_id, const uint32_t scalar)
{
	volatile tt_l1_ptr uint16_t *t = ttfs::bcast_scalar_tile(cb_id);

	t[0] = static_cast<uint16_t>(scalar >> 16);
	cb_push_back(cb_id, 1);
}
