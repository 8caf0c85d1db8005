// SPDX-License-Identifier: Apache-2.0
//
// Reader (NCRISC, NOC 1): tile i of DRAM buffer in into circular buffer
// c_0, profiled: a zone around the whole kernel, one per tile nested in
// it, and the number of tiles as timestamped data. The profiler macros
// need no include: the dataflow API brings them, as tt-metal's does.
//
// Runtime args: 0 address of in, 1 number of tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	DeviceZoneScopedN("reader");
	uint32_t src_addr = get_arg_val<uint32_t>(0);
	uint32_t n_tiles = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_in = tt::CBIndex::c_0;
	constexpr auto src_args = TensorAccessorArgs<0>();
	const auto src = TensorAccessor(src_args, src_addr, get_tile_size(cb_in));

	DeviceTimestampedData("reader-tiles", n_tiles);
	for (uint32_t i = 0; i < n_tiles; i++) {
		DeviceZoneScopedN("read-tile");
		cb_reserve_back(cb_in, 1);
		noc_async_read_tile(i, src, get_write_ptr(cb_in));
		noc_async_read_barrier();
		cb_push_back(cb_in, 1);
	}
}
