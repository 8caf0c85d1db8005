// SPDX-License-Identifier: Apache-2.0
// Bug: a compute kernel that waits for one page of CB 0 and copies the
// tile of the second (never waited for: the reader may still write it).
#include "api/compute/compute_kernel_api.h"

void kernel_main()
{
	constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	copy_tile_init(in);
	cb_wait_front(in, 1);
	tile_regs_acquire();
	copy_tile(in, 1, 0);   // BUG
	tile_regs_commit();
	cb_reserve_back(out, 1);
	tile_regs_wait();
	pack_tile(0, out);
	tile_regs_release();
	cb_push_back(out, 1);
	cb_pop_front(in, 1);
}
