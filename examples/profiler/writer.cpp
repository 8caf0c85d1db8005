// SPDX-License-Identifier: Apache-2.0
//
// Writer (BRISC, NOC 0): tiles from circular buffer c_16 to tile i of DRAM
// buffer out, profiled: a zone around the kernel, one per tile, and an
// event (id 7) once the last tile is written.
//
// Runtime args: 0 address of out, 1 number of tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	DeviceZoneScopedN("writer");
	uint32_t dst_addr = get_arg_val<uint32_t>(0);
	uint32_t n_tiles = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_out = tt::CBIndex::c_16;
	constexpr auto dst_args = TensorAccessorArgs<0>();
	const auto dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb_out));

	for (uint32_t i = 0; i < n_tiles; i++) {
		DeviceZoneScopedN("write-tile");
		cb_wait_front(cb_out, 1);
		noc_async_write_tile(i, dst, get_read_ptr(cb_out));
		noc_async_write_barrier();
		cb_pop_front(cb_out, 1);
	}
	DeviceRecordEvent(7);
}
