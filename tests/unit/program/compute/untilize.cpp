// SPDX-License-Identifier: Apache-2.0
// Untilize: `rows` tile rows of c_0, `block` tiles each, into row-major
// data twice: with untilize_block (2 tiles per DST section) into c_16 and
// with pack_untilize_block into c_17.
//
// Runtime args: 0 tile rows (of 4 tiles).
#include <cstdint>
#include "api/compute/untilize.h"
#include "api/compute/pack_untilize.h"

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

		pack_untilize_init<block>(in, out2);
		cb_reserve_back(out2, block);
		pack_untilize_block<block>(in, 1, out2);
		cb_push_back(out2, block);
		pack_untilize_uninit(out2);
		cb_pop_front(in, block);
	}
}
