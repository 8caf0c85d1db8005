// SPDX-License-Identifier: Apache-2.0
//
// noc-tile-transfer, writer1 (core 0,1, BRISC, NOC 1): the tile of
// circular buffer `cb_out` to tile 0 of the DRAM buffer ntt-dst.
//
// Compile-time args: 0 cb_out, 1.. the destination's TensorAccessorArgs.
// Runtime args:      0 address of the destination buffer.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t dst_addr = get_arg_val<uint32_t>(0);
	constexpr uint32_t cb_out = get_compile_time_arg_val(0);
	constexpr auto dst_args = TensorAccessorArgs<1>();

	const uint32_t tile_bytes = get_tile_size(cb_out);
	const auto dst = TensorAccessor(dst_args, dst_addr, tile_bytes);

	cb_wait_front(cb_out, 1);
	noc_async_write_tile(0, dst, get_read_ptr(cb_out));
	noc_async_write_barrier();
	cb_pop_front(cb_out, 1);
	DPRINT << "writer1: tile written to DRAM" << ENDL();
}
