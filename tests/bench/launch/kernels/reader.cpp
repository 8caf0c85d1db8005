// SPDX-License-Identifier: Apache-2.0
// Reader of the launch benchmark (NCRISC, NOC 1), as tt-metal's examples
// write it: a TensorAccessor over the source buffer, one page at a time
// into c_0.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0);
	uint32_t num_tiles = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_id_in0 = tt::CBIndex::c_0;
	constexpr auto src_args = TensorAccessorArgs<0>();
	const uint32_t tile_bytes = get_tile_size(cb_id_in0);
	const auto src = TensorAccessor(src_args, src_addr, tile_bytes);

	for (uint32_t i = 0; i < num_tiles; i++) {
		cb_reserve_back(cb_id_in0, 1);
		uint32_t l1_write_addr = get_write_ptr(cb_id_in0);
		noc_async_read_tile(i, src, l1_write_addr);
		noc_async_read_barrier();
		cb_push_back(cb_id_in0, 1);
	}
}
