// SPDX-License-Identifier: Apache-2.0
//
// ttnn's ShardedAddrGen: page i of a sharded tensor as a NOC address, from
// the shard layout in compile-time args (ShardedInfo) and the cores'
// coordinates in runtime args (the shard map: 16 bits a core, x << 8 | y,
// two to a word, the first core in the high half; for DRAM, x is the bank).
// Pages are numbered row-major over the tensor in pages (pages_per_tensor_row
// a row); a shard holds pages_per_shard_width x rows_per_shard_height of
// them, page_size_jump bytes apart from bank_base_address on its core.
// Shards go to cores row-major over the shard grid (one row of shards for
// width sharding, one column for height sharding).
#pragma once

#include "api/dataflow/dataflow_api.h"
#include "ttnn/cpp/ttnn/operations/ccl/common/types/sharding_common.hpp"

using mapping_table_t = uint32_t;

template <uint32_t SHARD_TYPE, uint32_t NUMBER_OF_CORES, uint32_t PAGE_SIZE_JUMP,
	  uint32_t PAGES_PER_TENSOR_ROW, uint32_t CONTIGUITY, uint32_t PAGES_PER_SHARD_WIDTH,
	  uint32_t ROWS_PER_SHARD_HEIGHT>
struct ShardedInfo {
	constexpr static tt::tt_metal::TensorMemoryLayout shard_type =
		static_cast<tt::tt_metal::TensorMemoryLayout>(SHARD_TYPE);
	constexpr static uint32_t number_of_cores = NUMBER_OF_CORES;
	constexpr static uint32_t page_size_jump = PAGE_SIZE_JUMP;
	constexpr static uint32_t pages_per_tensor_row = PAGES_PER_TENSOR_ROW;
	constexpr static shard_addr_gen_consts::ContiguityType contiguity =
		static_cast<shard_addr_gen_consts::ContiguityType>(CONTIGUITY);
	constexpr static uint32_t pages_per_shard_width = PAGES_PER_SHARD_WIDTH;
	constexpr static uint32_t rows_per_shard_height = ROWS_PER_SHARD_HEIGHT;
};

namespace ttfs {

constexpr bool padded_between_pages(shard_addr_gen_consts::ContiguityType c)
{
	return c == shard_addr_gen_consts::ContiguityType::L1_PADDING_BETWEEN_PAGES ||
	       c == shard_addr_gen_consts::ContiguityType::DRAM_PADDING_BETWEEN_PAGES;
}

constexpr bool padded_in_rightmost_shard(shard_addr_gen_consts::ContiguityType c)
{
	return c == shard_addr_gen_consts::ContiguityType::L1_PADDING_IN_RIGHTMOST_SHARD ||
	       c == shard_addr_gen_consts::ContiguityType::DRAM_PADDING_IN_RIGHTMOST_SHARD;
}

// Contiguous pages along a shard row: to the shard's or the tensor's edge.
template <shard_addr_gen_consts::ContiguityType contiguity>
constexpr uint32_t row_run(uint32_t left_in_shard, uint32_t left_in_tensor)
{
	if constexpr (padded_between_pages(contiguity))
		return 1;
	return left_in_shard < left_in_tensor ? left_in_shard : left_in_tensor;
}

}  // namespace ttfs

namespace experimental {
namespace shard_addr_gen_utils {

// Which core (in shard-map order) holds a page, its page index there, and
// how many pages from it on are contiguous on that core.
struct ShardCoordInfo {
	uint32_t core_num;
	uint32_t page_num;
	uint32_t num_contiguous_pages;
};

template <uint32_t columns_per_shard, uint32_t rows_per_shard, uint32_t total_pages_last_dim,
	  shard_addr_gen_consts::ContiguityType contiguity>
ShardCoordInfo get_block_sharded_coordinates(uint32_t page_num)
{
	constexpr uint32_t shards_per_row = (total_pages_last_dim - 1) / columns_per_shard + 1;
	uint32_t row = page_num / total_pages_last_dim, col = page_num % total_pages_last_dim;
	uint32_t shard_col = col / columns_per_shard, in_col = col % columns_per_shard;
	uint32_t shard_row = row / rows_per_shard, in_row = row % rows_per_shard;

	return { shard_col + shard_row * shards_per_row, in_col + in_row * columns_per_shard,
		 ttfs::row_run<contiguity>(columns_per_shard - in_col, total_pages_last_dim - col) };
}

template <uint32_t columns_per_shard, uint32_t total_pages_last_dim,
	  shard_addr_gen_consts::ContiguityType contiguity>
ShardCoordInfo get_width_sharded_coordinates(uint32_t page_num)
{
	uint32_t row = page_num / total_pages_last_dim, col = page_num % total_pages_last_dim;
	uint32_t in_col = col % columns_per_shard;

	return { col / columns_per_shard, row * columns_per_shard + in_col,
		 ttfs::row_run<contiguity>(columns_per_shard - in_col, total_pages_last_dim - col) };
}

template <uint32_t rows_per_shard, uint32_t total_pages_last_dim,
	  shard_addr_gen_consts::ContiguityType contiguity>
ShardCoordInfo get_height_sharded_coordinates(uint32_t page_num)
{
	constexpr uint32_t per_core = total_pages_last_dim * rows_per_shard;
	ShardCoordInfo c = { page_num / per_core, page_num % per_core, 1 };

	// Whole rows follow each other on a core, unless pages or rows are padded.
	if constexpr (ttfs::padded_in_rightmost_shard(contiguity))
		c.num_contiguous_pages = total_pages_last_dim - page_num % total_pages_last_dim;
	else if constexpr (!ttfs::padded_between_pages(contiguity))
		c.num_contiguous_pages = per_core - c.page_num;
	return c;
}

// The shard map at L1_address (runtime args) and how many words it takes.
template <typename ShardingInfoType>
std::pair<const mapping_table_t *const, uint32_t> get_shard_map(uint32_t L1_address)
{
	return { reinterpret_cast<const mapping_table_t *>(L1_address),
		 (ShardingInfoType::number_of_cores - 1) / 2 + 1 };
}

}  // namespace shard_addr_gen_utils

template <typename ShardingInfoType>
struct ShardedAddrGen {
	constexpr static ShardingInfoType CONSTANT_ARGS{};

	uint32_t bank_base_address;
	const mapping_table_t *const shard_array;

	static constexpr bool is_dram()
	{
		using shard_addr_gen_consts::ContiguityType;
		return CONSTANT_ARGS.contiguity == ContiguityType::DRAM_PADDING_BETWEEN_PAGES ||
		       CONSTANT_ARGS.contiguity == ContiguityType::DRAM_PADDING_IN_RIGHTMOST_SHARD ||
		       CONSTANT_ARGS.contiguity == ContiguityType::DRAM_NO_SHARD_PADDING;
	}

	// l1_addr on the core (or DRAM bank) of a 16-bit shard-map entry.
	FORCE_INLINE uint64_t get_sharded_addr(const uint32_t l1_addr,
					       const uint32_t sharding_coordinates,
					       const uint32_t noc = noc_index) const
	{
		uint32_t x = (sharding_coordinates >> 8) & 0xFF, y = sharding_coordinates & 0xFF;

		if constexpr (is_dram())
			return get_noc_addr_from_bank_id<true>(x, l1_addr, static_cast<uint8_t>(noc));
		else
			return ::get_noc_addr(x, y, l1_addr, static_cast<uint8_t>(noc));
	}

	uint32_t get_sharded_l1_addr(const uint32_t core_page, const uint32_t offset = 0) const
	{
		return bank_base_address + core_page * CONSTANT_ARGS.page_size_jump + offset;
	}

	FORCE_INLINE std::pair<uint64_t, uint32_t> get_contiguous_noc_addr(
		const uint32_t id, const uint32_t offset = 0, uint8_t noc = noc_index) const
	{
		using namespace shard_addr_gen_utils;
		using tt::tt_metal::TensorMemoryLayout;
		constexpr auto info = CONSTANT_ARGS;
		ShardCoordInfo c;

		if constexpr (info.shard_type == TensorMemoryLayout::WIDTH_SHARDED)
			c = get_width_sharded_coordinates<info.pages_per_shard_width,
							  info.pages_per_tensor_row, info.contiguity>(id);
		else if constexpr (info.shard_type == TensorMemoryLayout::HEIGHT_SHARDED)
			c = get_height_sharded_coordinates<info.rows_per_shard_height,
							   info.pages_per_tensor_row, info.contiguity>(id);
		else
			c = get_block_sharded_coordinates<info.pages_per_shard_width,
							  info.rows_per_shard_height,
							  info.pages_per_tensor_row, info.contiguity>(id);
		uint32_t entry = (shard_array[c.core_num >> 1] >> (c.core_num & 1 ? 0 : 16)) & 0xFFFF;
		return { get_sharded_addr(get_sharded_l1_addr(c.page_num, offset), entry, noc),
			 c.num_contiguous_pages };
	}

	FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		return get_contiguous_noc_addr(id, offset, noc).first;
	}

	FORCE_INLINE void noc_async_read_page(const uint32_t id, const uint32_t dest_addr,
					      const uint32_t offset = 0,
					      uint8_t noc = noc_index) const
	{
		noc_async_read(get_noc_addr(id, offset, noc), dest_addr, CONSTANT_ARGS.page_size_jump,
			       noc);
	}
};

}  // namespace experimental

template <typename SIC>
FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const experimental::ShardedAddrGen<SIC> &s,
				   uint32_t offset = 0, uint8_t noc = noc_index)
{
	return s.get_noc_addr(id, offset, noc);
}

template <typename SIC>
FORCE_INLINE std::pair<uint64_t, uint32_t>
get_contiguous_noc_addr(const uint32_t id, const experimental::ShardedAddrGen<SIC> &s,
			uint32_t offset = 0, uint8_t noc = noc_index)
{
	return s.get_contiguous_noc_addr(id, offset, noc);
}

// An interleaved generator's pages are one at a time.
template <typename AddrGen, typename = decltype(std::declval<const AddrGen &>().get_noc_addr(0u))>
FORCE_INLINE std::pair<uint64_t, uint32_t> get_contiguous_noc_addr(const uint32_t id,
								   const AddrGen &s,
								   uint32_t offset = 0,
								   uint8_t noc = noc_index)
{
	return { s.get_noc_addr(id, offset, noc), 1 };
}

template <typename SIC>
FORCE_INLINE void noc_async_read_page(const uint32_t id, const experimental::ShardedAddrGen<SIC> &s,
				      uint32_t dst_local_l1_addr, uint32_t offset = 0,
				      uint8_t noc = noc_index)
{
	s.noc_async_read_page(id, dst_local_l1_addr, offset, noc);
}
