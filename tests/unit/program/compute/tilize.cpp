// SPDX-License-Identifier: Apache-2.0
// Tilize: c_0 holds `rows` tile rows of row-major data, each `block` tiles
// wide; each tile row is tilized into `block` tiles of c_16.
//
// Runtime args: 0 block (tiles per tile row), 1 tile rows.
#include <cstdint>
#include "api/compute/tilize.h"

void kernel_main()
{
	uint32_t block = get_arg_val<uint32_t>(0), rows = get_arg_val<uint32_t>(1);
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	tilize_init(in, block, out);
	for (uint32_t r = 0; r < rows; r++) {
		cb_wait_front(in, block);
		cb_reserve_back(out, block);
		tilize_block(in, block, out);
		cb_push_back(out, block);
		cb_pop_front(in, block);
	}
	tilize_uninit(in, out);
}
