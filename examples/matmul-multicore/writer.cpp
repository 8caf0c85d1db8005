// SPDX-License-Identifier: Apache-2.0
//
// matmul-multicore, writer (BRISC, NOC 0): this core's n_tiles output
// tiles from c_16 to tiles first_tile.. of C.
//
// Runtime args: 0 address of C, 1 first output tile, 2 number of tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t c_addr = get_arg_val<uint32_t>(0);
	uint32_t first_tile = get_arg_val<uint32_t>(1);
	uint32_t n_tiles = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_out = tt::CBIndex::c_16;
	constexpr auto c_args = TensorAccessorArgs<0>();
	const auto c = TensorAccessor(c_args, c_addr, get_tile_size(cb_out));

	for (uint32_t t = first_tile; t < first_tile + n_tiles; t++) {
		cb_wait_front(cb_out, 1);
		noc_async_write_tile(t, c, get_read_ptr(cb_out));
		noc_async_write_barrier();
		cb_pop_front(cb_out, 1);
	}
}
