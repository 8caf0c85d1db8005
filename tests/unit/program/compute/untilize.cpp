// SPDX-License-Identifier: Apache-2.0
// Untilize: `rows` tile rows of c_0, `block` tiles each, into row-major
// data twice: with untilize_block (2 tiles per DST section) into c_16, and
// into c_17 with pack_untilize_block (even tile rows) or copy_block and
// pack_untilize_dest (odd ones).
//
// Runtime args: 0 tile rows (of 4 tiles).
#include <cstdint>
#include "api/compute/untilize.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/tile_move_copy.h"

constexpr uint32_t block = 4;

void kernel_main()
{
	uint32_t rows = get_arg_val<uint32_t>(0);
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16, out2 = tt::CBIndex::c_17;

	for (uint32_t r = 0; r < rows; r++) {
		cb_wait_front(in, block);
		untilize_init(in);
		cb_reserve_back(out, block);
		untilize_block<2>(in, block, out);
		cb_push_back(out, block);
		untilize_uninit(in);

		cb_reserve_back(out2, block);
		if (r % 2 == 0) {
			pack_untilize_init<block>(in, out2);
			pack_untilize_block<block>(in, 1, out2);
		} else {
			/* The tiles into DST by copy_block, then from DST. */
			copy_tile_to_dst_init_short(in);
			pack_untilize_dest_init<block>(out2);
			tile_regs_acquire();
			copy_block(in, 0, 0, block);
			tile_regs_commit();
			tile_regs_wait();
			pack_untilize_dest<block>(out2);
			tile_regs_release();
		}
		cb_push_back(out2, block);
		pack_untilize_uninit(out2);
		cb_pop_front(in, block);
	}
}
