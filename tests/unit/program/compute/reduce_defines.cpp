// SPDX-License-Identifier: Apache-2.0
// reduce_tile as ttnn's 2024 reduce kernels call it: the pool and the
// dimension from the REDUCE_OP and REDUCE_DIM defines, the init in its
// reduce_init<at_start> form. Tile 0 of c_0 times the scaler tile of c_2
// into c_16.
#include <cstdint>
#include "compute_kernel_api/reduce.h"

namespace NAMESPACE {
void MAIN
{
	constexpr auto in = tt::CBIndex::c_0, scaler = tt::CBIndex::c_2, out = tt::CBIndex::c_16;

	reduce_init<true>(in, scaler, out);
	cb_wait_front(scaler, 1);
	cb_wait_front(in, 1);
	acquire_dst();
	reduce_tile(in, scaler, 0, 0, 0);
	cb_reserve_back(out, 1);
	pack_tile(0, out);
	cb_push_back(out, 1);
	release_dst();
	cb_pop_front(in, 1);
}
}  // namespace NAMESPACE
