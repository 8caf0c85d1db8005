// SPDX-License-Identifier: Apache-2.0
// A Metal 2.0 compute kernel with bindings: n tiles of dfb::from_reader
// through DST 0 into dfb::to_writer, the tokens given where compute calls
// take a CB id.
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
	const uint32_t n = get_arg(args::n);

	compute_kernel_hw_startup(dfb::from_reader, dfb::to_writer);
	copy_tile_init(dfb::from_reader);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(dfb::from_reader, 1);
		tile_regs_acquire();
		copy_tile(dfb::from_reader, 0, 0);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(dfb::to_writer, 1);
		pack_tile(0, dfb::to_writer);
		cb_push_back(dfb::to_writer, 1);
		tile_regs_release();
		cb_pop_front(dfb::from_reader, 1);
	}
}
