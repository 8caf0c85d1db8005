// SPDX-License-Identifier: Apache-2.0
// ttnn's kernel-side helpers, included as ttnn's kernels include them: one
// by a path relative to this kernel's place in tt-metal's tree (its args say
// upstream_path), the others by the three spellings from the tree's roots.
// Leaves at `out`: the reduce scaler tile, the mm scaler tile, a tile of
// 0xFFFF padded with fill_pad_tile<uint16_t, 20, 10>, CB 1's page size as
// get_local_cb_interface sees it, the contiguous-page count of page 1, and
// then n pages of `page` bytes read through a height-sharded ShardedAddrGen
// (two cores' L1, four pages each at `base`).
// args: out scaler base n page map0 map1
#include "api/dataflow/dataflow_api.h"
#include "../../../../../kernel_helper_functions/pad_tile.hpp"
#include "ttnn/kernel/dataflow/generate_reduce_scaler.hpp"
#include "ttnn/cpp/ttnn/kernel/dataflow/generate_mm_scaler.hpp"
#include "cpp/ttnn/operations/ccl/kernel_common/sharding_addrgen.hpp"

using shard_info = ShardedInfo<static_cast<uint32_t>(tt::tt_metal::TensorMemoryLayout::HEIGHT_SHARDED),
			       2, 256, 1,
			       static_cast<uint32_t>(shard_addr_gen_consts::ContiguityType::L1_NO_SHARD_PADDING),
			       1, 4>;

static void take_tile(uint32_t cb, uint32_t to)
{
	cb_wait_front(cb, 1);
	noc_async_read(get_noc_addr(get_read_ptr(cb)), to, 2048);
	noc_async_read_barrier();
	cb_pop_front(cb, 1);
}

void kernel_main()
{
	uint32_t out = get_arg_val<uint32_t>(0), scaler = get_arg_val<uint32_t>(1);
	uint32_t base = get_arg_val<uint32_t>(2), n = get_arg_val<uint32_t>(3);
	uint32_t page = get_arg_val<uint32_t>(4);
	volatile tt_l1_ptr uint32_t *words = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(out);

	generate_reduce_scaler(tt::CBIndex::c_1, scaler);
	take_tile(tt::CBIndex::c_1, out);
	generate_mm_scaler(tt::CBIndex::c_1, scaler);
	take_tile(tt::CBIndex::c_1, out + 2048);

	uint16_t *pad = reinterpret_cast<uint16_t *>(out + 4096);
	for (uint32_t i = 0; i < 1024; i++)
		pad[i] = 0xFFFF;
	fill_pad_tile<uint16_t, 20, 10>(out + 4096, 0);

	auto map = experimental::shard_addr_gen_utils::get_shard_map<shard_info>(get_arg_addr(5));
	experimental::ShardedAddrGen<shard_info> s = { .bank_base_address = base,
						       .shard_array = map.first };
	words[1536] = get_local_cb_interface(tt::CBIndex::c_1).fifo_page_size;
	words[1537] = get_contiguous_noc_addr(1, s).second;
	words[1538] = map.second;
	for (uint32_t i = 0; i < n; i++)
		noc_async_read_page(i, s, out + 8192 + i * page);
	noc_async_read_barrier();
}
