// SPDX-License-Identifier: Apache-2.0
// PageView, ShardView and tensor_accessor::Page as endpoints of the object
// NOC API: a sharded buffer (src) comes into L1 at scratch a whole shard at
// a time (ShardView), and each of its pages goes to an interleaved buffer
// (out) by page id (PageView); then out's page 0 comes back through a Page
// to scratch + one shard. Shard s holds pages s * shard_pages and on (a
// height-sharded buffer one page wide).
// compile args: accessor(src) accessor(out)
// args: src_addr out_addr shards shard_pages scratch
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/core_local_mem.h"
#include "api/tensor/noc_traits.h"

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0), out_addr = get_arg_val<uint32_t>(1);
	uint32_t shards = get_arg_val<uint32_t>(2), shard_pages = get_arg_val<uint32_t>(3);
	CoreLocalMem<uint8_t> scratch(static_cast<uintptr_t>(get_arg_val<uint32_t>(4)));
	constexpr auto src_args = TensorAccessorArgs<0>();
	constexpr auto out_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
	const auto src = TensorAccessor(src_args, src_addr);
	const auto out = TensorAccessor(out_args, out_addr);
	const uint32_t page = src.get_aligned_page_size(), shard_bytes = shard_pages * page;
	Noc noc;

	for (uint32_t s = 0; s < shards; s++) {
		noc.async_read(ShardView(src), scratch, shard_bytes, { .shard_id = s }, {});
		noc.async_read_barrier();
		for (uint32_t j = 0; j < shard_pages; j++)
			noc.async_write(scratch + j * page, PageView(out), page, {},
					{ .page_id = s * shard_pages + j });
		noc.async_write_barrier();
	}
	noc.async_read(tensor_accessor::Page(out.get_noc_addr(0), 0, false),
		       scratch + shard_bytes, page, {}, {});
	noc.async_read_barrier();
}
