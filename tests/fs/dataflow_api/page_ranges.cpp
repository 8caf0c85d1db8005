// SPDX-License-Identifier: Apache-2.0
// TensorAccessor's page ranges: every page of a sharded buffer (src), shard
// by shard through shard_pages() (a shard at the edge has padding slots,
// which it skips), read by its Page into L1 at scratch + page_id * page;
// then pages() of an interleaved buffer (out) writes them out. The number
// of pages the shard ranges gave goes to count.
// compile args: accessor(src) accessor(out)
// args: src_addr out_addr shards pages scratch count
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/core_local_mem.h"
#include "api/tensor/noc_traits.h"

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0), out_addr = get_arg_val<uint32_t>(1);
	uint32_t shards = get_arg_val<uint32_t>(2), n = get_arg_val<uint32_t>(3);
	CoreLocalMem<uint8_t> scratch(static_cast<uintptr_t>(get_arg_val<uint32_t>(4)));
	volatile tt_l1_ptr uint32_t *count =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(5));
	constexpr auto src_args = TensorAccessorArgs<0>();
	constexpr auto out_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
	const auto src = TensorAccessor(src_args, src_addr);
	const auto out = TensorAccessor(out_args, out_addr);
	const uint32_t page = src.get_aligned_page_size();
	Noc noc;

	*count = 0;
	for (uint32_t s = 0; s < shards; s++)
		for (const auto &p : src.shard_pages(s)) {
			noc.async_read(p, scratch + p.page_id() * page, page, {}, {});
			*count = *count + 1;
		}
	noc.async_read_barrier();
	for (const auto &p : out.pages(0, n))
		noc.async_write(scratch + p.page_id() * page, p, page, {}, {});
	noc.async_write_barrier();
}
