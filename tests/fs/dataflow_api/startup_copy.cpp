// SPDX-License-Identifier: Apache-2.0
// compute_kernel_hw_startup first, as ttnn's compute kernels start, then one
// tile of CB 0 through DST 0 into CB 16.
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
	compute_kernel_hw_startup(tt::CBIndex::c_0, tt::CBIndex::c_16);
	copy_tile_init(tt::CBIndex::c_0);
	cb_wait_front(tt::CBIndex::c_0, 1);
	tile_regs_acquire();
	copy_tile(tt::CBIndex::c_0, 0, 0);
	tile_regs_commit();
	tile_regs_wait();
	cb_reserve_back(tt::CBIndex::c_16, 1);
	pack_tile(0, tt::CBIndex::c_16);
	cb_push_back(tt::CBIndex::c_16, 1);
	tile_regs_release();
	cb_pop_front(tt::CBIndex::c_0, 1);
}
