// SPDX-License-Identifier: Apache-2.0
//
// ttnn-unary, reader (NCRISC), in the shape of ttnn's
// reader_unary_interleaved_start_id: pages start_id .. start_id + n - 1 of
// the source into c_0, one at a time.
//
// Runtime args: 0 source address, 1 pages, 2 start id.
// Compile-time args: the source's TensorAccessorArgs.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t src_addr = get_arg_val<uint32_t>(0);
	const uint32_t num_pages = get_arg_val<uint32_t>(1);
	const uint32_t start_id = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_id_in0 = 0;
	const uint32_t page_bytes = get_local_cb_interface(cb_id_in0).fifo_page_size;
	constexpr auto src_args = TensorAccessorArgs<0>();
	const auto s = TensorAccessor(src_args, src_addr, page_bytes);

	for (uint32_t i = start_id; i < start_id + num_pages; i++) {
		cb_reserve_back(cb_id_in0, 1);
		noc_async_read_page(i, s, get_write_ptr(cb_id_in0));
		noc_async_read_barrier();
		cb_push_back(cb_id_in0, 1);
	}
}
