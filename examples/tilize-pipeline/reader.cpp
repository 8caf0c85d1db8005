// SPDX-License-Identifier: Apache-2.0
//
// tilize-pipeline, reader (NCRISC, NOC 1): page i of the row-major DRAM
// buffer in (2048 bytes: a third of a tile row's 32 rows of 96 bfloat16
// values) into c_0. The pages are plain bytes of the row-major matrix:
// nothing here knows about tiles.
//
// Runtime args: 0 address of in, 1 number of pages.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0);
	uint32_t n_pages = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_in = tt::CBIndex::c_0;
	constexpr auto src_args = TensorAccessorArgs<0>();
	const auto src = TensorAccessor(src_args, src_addr, get_tile_size(cb_in));

	for (uint32_t i = 0; i < n_pages; i++) {
		cb_reserve_back(cb_in, 1);
		noc_async_read_page(i, src, get_write_ptr(cb_in));
		noc_async_read_barrier();
		cb_push_back(cb_in, 1);
	}
}
