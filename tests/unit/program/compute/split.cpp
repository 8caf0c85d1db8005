// SPDX-License-Identifier: Apache-2.0
// One kernel split by thread as silicon's LLK kernels are: the unpack
// branch waits for, unpacks and pops c_0 and c_1 (add_tiles' unpack part);
// the math branch subtracts (sub_tiles' math part) and negates; the pack
// branch packs into c_16. Each TRISC runs only its own branch, so the
// result is b - a, not a + b.
//
// Runtime args: 0 tiles.
#include <cstdint>
#include "api/compute/compute_kernel_api.h"

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);
	constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

	binary_op_init_common(a, b, out);
	for (uint32_t i = 0; i < n; i++) {
#if defined(TRISC_UNPACK)
		cb_wait_front(a, 1);
		cb_wait_front(b, 1);
		add_tiles(a, b, 0, 0, 0);
		cb_pop_front(a, 1);
		cb_pop_front(b, 1);
#elif defined(TRISC_MATH)
		tile_regs_acquire();
		sub_tiles(a, b, 0, 0, 0);
		negative_tile(0);
		tile_regs_commit();
#elif defined(TRISC_PACK)
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
#endif
	}
}
