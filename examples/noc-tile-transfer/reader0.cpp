// SPDX-License-Identifier: Apache-2.0
//
// noc-tile-transfer, reader0 (core 0,0, NCRISC, NOC 0): tile 0 of the
// DRAM buffer ntt-src into circular buffer `cb_in`, through a
// TensorAccessor whose words follow the CB index in the compile-time args.
//
// Compile-time args: 0 cb_in, 1.. the source's TensorAccessorArgs.
// Runtime args:      0 address of the source buffer.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t src_addr = get_arg_val<uint32_t>(0);
	constexpr uint32_t cb_in = get_compile_time_arg_val(0);
	constexpr auto src_args = TensorAccessorArgs<1>();

	const uint32_t tile_bytes = get_tile_size(cb_in);
	const auto src = TensorAccessor(src_args, src_addr, tile_bytes);

	cb_reserve_back(cb_in, 1);
	const uint32_t l1 = get_write_ptr(cb_in);
	noc_async_read_tile(0, src, l1);
	noc_async_read_barrier();
	cb_push_back(cb_in, 1);
	DPRINT << "reader0: " << tile_bytes << " bytes from DRAM into CB " << cb_in << ENDL();
}
