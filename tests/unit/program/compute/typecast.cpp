// SPDX-License-Identifier: Apache-2.0
// typecast_tile<IN, OUT> (defines: DataFormat numbers, as ttnn's typecast
// program factory passes them) on each tile of c_0, into c_16.
//
// Runtime args: 0 tiles.
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/typecast.h"

namespace NAMESPACE {
void MAIN
{
	uint32_t n = get_arg_val<uint32_t>(0);
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	init_sfpu(in, out);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(in, 1);
		tile_regs_acquire();
		copy_tile(in, 0, 0);
		typecast_tile_init<IN_FMT, OUT_FMT>();
		typecast_tile<IN_FMT, OUT_FMT>(0);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(in, 1);
	}
}
}  // namespace NAMESPACE
