// SPDX-License-Identifier: Apache-2.0
// Two pages into CB 0, word i of page p holding p * 0x1000 + i; the CB's
// write pointer (where they went) at out, its CircularBuffer's
// get_tile_hw() after it.
// args: out
#include "api/dataflow/dataflow_api.h"
#include "experimental/circular_buffer.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
	const uint32_t page = get_tile_size(tt::CBIndex::c_0);

	cb_reserve_back(tt::CBIndex::c_0, 2);
	const uint32_t base = get_write_ptr(tt::CBIndex::c_0);
	volatile tt_l1_ptr uint32_t *w = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(base);
	for (uint32_t p = 0; p < 2; p++)
		for (uint32_t i = 0; i < page / 4; i++)
			w[p * page / 4 + i] = p * 0x1000 + i;
	out[0] = base;
	out[1] = experimental::CircularBuffer(tt::CBIndex::c_0).get_tile_hw();
	cb_push_back(tt::CBIndex::c_0, 2);
}
