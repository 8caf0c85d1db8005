// SPDX-License-Identifier: Apache-2.0
// The frame of the raw SFPI tests: each tile of c_0 into DST 0, the
// kernel's face() on the math thread, DST `out` packed into c_16.
#include <cstdint>
#include "api/compute/compute_kernel_api.h"
#include "sfpi.h"

#ifdef TRISC_MATH
static void face(uint32_t scalar_bits);
#endif

static void run_tiles(uint32_t n, uint32_t out, uint32_t scalar_bits)
{
	init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(tt::CBIndex::c_0, 1);
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		MATH((face(scalar_bits)));
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(tt::CBIndex::c_16, 1);
		pack_tile(out, tt::CBIndex::c_16);
		cb_push_back(tt::CBIndex::c_16, 1);
		tile_regs_release();
		cb_pop_front(tt::CBIndex::c_0, 1);
	}
	(void)scalar_bits;
}
