// SPDX-License-Identifier: Apache-2.0
//
// ttnn's generate_reduce_scaler: the scaler tile reduce_tile multiplies by.
// A 16-bit tile (bfloat16) of zeros whose first row of each 16x16 face holds
// the scaler (two bfloat16 copies packed in one word: 8 words = 16 values a
// row); with half_tile, only the first two faces (1024 bytes). Pushed to
// cb_id. ttnn copies the zeros over the NOC from the core's zero area; here
// the kernel stores them, so nothing depends on that area staying zero.
#pragma once

#include "api/dataflow/dataflow_api.h"

template <bool half_tile = false>
FORCE_INLINE void generate_reduce_scaler(const uint32_t cb_id, const uint32_t scaler)
{
	constexpr uint32_t faces = half_tile ? 2 : 4, face_words = 512 / 4, row_words = 8;

	cb_reserve_back(cb_id, 1);
	volatile tt_l1_ptr uint32_t *w =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_write_ptr(cb_id));
	for (uint32_t i = 0; i < faces * face_words; i++)
		w[i] = 0;
	if (scaler != 0)
		for (uint32_t f = 0; f < faces; f++)
			for (uint32_t j = 0; j < row_words; j++)
				w[f * face_words + j] = scaler;
	cb_push_back(cb_id, 1);
}
