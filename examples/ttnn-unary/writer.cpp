// SPDX-License-Identifier: Apache-2.0
//
// ttnn-unary, writer (BRISC), in the shape of ttnn's
// writer_unary_interleaved_start_id: the output CB (compile-time arg 0)
// to pages start_id .. start_id + n - 1 of the destination.
//
// Runtime args: 0 destination address, 1 pages, 2 start id.
// Compile-time args: 0 the output CB, then the destination's TensorAccessorArgs.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t dst_addr = get_arg_val<uint32_t>(0);
	const uint32_t num_pages = get_arg_val<uint32_t>(1);
	const uint32_t start_id = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_id_out = get_compile_time_arg_val(0);
	constexpr auto dst_args = TensorAccessorArgs<1>();
	const uint32_t page_bytes = get_tile_size(cb_id_out);
	const auto s = TensorAccessor(dst_args, dst_addr, page_bytes);

	for (uint32_t i = start_id; i < start_id + num_pages; i++) {
		cb_wait_front(cb_id_out, 1);
		noc_async_write_page(i, s, get_read_ptr(cb_id_out));
		noc_async_writes_flushed();
		cb_pop_front(cb_id_out, 1);
	}
	noc_async_write_barrier();
}
