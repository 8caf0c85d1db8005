// SPDX-License-Identifier: Apache-2.0
//
// matmul-multicore, reader (NCRISC, NOC 1): this core's block of output
// tiles is n_tiles consecutive tiles of C from first_tile on (row-major).
// For each, the Kt tiles of A's row mt and of B's column nt, in step:
// A(mt, kt) into c_0 and B(kt, nt) into c_1. Every core runs this same
// kernel; its args.X,Y line in args says which block is its own.
//
// Runtime args: 0 address of A, 1 address of B, 2 Kt, 3 Nt,
// 4 first output tile, 5 number of output tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t a_addr = get_arg_val<uint32_t>(0);
	uint32_t b_addr = get_arg_val<uint32_t>(1);
	uint32_t Kt = get_arg_val<uint32_t>(2);
	uint32_t Nt = get_arg_val<uint32_t>(3);
	uint32_t first_tile = get_arg_val<uint32_t>(4);
	uint32_t n_tiles = get_arg_val<uint32_t>(5);

	constexpr uint32_t cb_a = tt::CBIndex::c_0;
	constexpr uint32_t cb_b = tt::CBIndex::c_1;
	constexpr auto a_args = TensorAccessorArgs<0>();
	constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
	const auto a = TensorAccessor(a_args, a_addr, get_tile_size(cb_a));
	const auto b = TensorAccessor(b_args, b_addr, get_tile_size(cb_b));

	for (uint32_t t = first_tile; t < first_tile + n_tiles; t++) {
		uint32_t mt = t / Nt, nt = t % Nt;

		for (uint32_t kt = 0; kt < Kt; kt++) {
			cb_reserve_back(cb_a, 1);
			cb_reserve_back(cb_b, 1);
			noc_async_read_tile(mt * Kt + kt, a, get_write_ptr(cb_a));
			noc_async_read_tile(kt * Nt + nt, b, get_write_ptr(cb_b));
			noc_async_read_barrier();
			cb_push_back(cb_a, 1);
			cb_push_back(cb_b, 1);
		}
	}
}
