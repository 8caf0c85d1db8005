// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessor(args, bank_base_address[, page_size]): page i of a buffer
// as a NOC address. Interleaved: bank i % NUM_BANKS, row i / NUM_BANKS,
// rows align(page_size, 64 in DRAM, 16 in L1) apart (ttfs/addrgen.h).
// Sharded, as tt-metal's TensorAccessor finds a page: i split row-major
// over the tensor shape; the shard holding it numbered row-major over the
// shards (ceil(tensor / shard) per dimension); bank = shard % banks, and
// inside the bank device page (shard / banks) * shard volume + the page's
// row-major place in the shard, every shard the same address on its bank.
// The class template argument is deduced from the args, as in tt-metal.
#pragma once

#include "api/tensor/tensor_accessor_args.h"
#include "ttfs/addrgen.h"

template <typename Args>
struct TensorAccessor {
	uint32_t bank_base_address;
	uint32_t page_size;
	uint32_t aligned_page_size;

	TensorAccessor(const Args &, uint32_t base, uint32_t page = Args::aligned_page_size)
		: bank_base_address(base), page_size(page),
		  aligned_page_size(ttfs::align_up(page, ttfs::banks<Args::is_dram>::alignment))
	{
	}

	FORCE_INLINE uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		if constexpr (Args::is_sharded)
			return sharded_noc_addr(page_id, offset, noc);
		else
			return ttfs::banks<Args::is_dram>::page_addr(page_id, bank_base_address,
								     aligned_page_size, offset, noc);
	}
	FORCE_INLINE uint32_t get_aligned_page_size() const { return aligned_page_size; }
	FORCE_INLINE uint32_t get_page_size() const { return page_size; }
	static constexpr bool is_dram() { return Args::is_dram; }
	static constexpr bool is_sharded() { return Args::is_sharded; }

private:
	FORCE_INLINE uint64_t sharded_noc_addr(uint32_t page_id, uint32_t offset, uint8_t noc) const
	{
		uint32_t shard = 0, in_shard = 0, shard_stride = 1, volume = 1;

		// Innermost dimension first; the shapes are constants, so the
		// divisions become multiplies once the loop is unrolled.
		for (uint32_t d = Args::rank; d-- > 0;) {
			const uint32_t t = Args::tensor_dim(d), s = Args::shard_dim(d);
			const uint32_t coord = page_id % t;

			page_id /= t;
			shard += coord / s * shard_stride;
			in_shard += coord % s * volume;
			shard_stride *= (t + s - 1) / s;
			volume *= s;
		}
		const uint32_t bank = shard % Args::num_banks;
		const uint32_t addr = bank_base_address +
				      (shard / Args::num_banks * volume + in_shard) * aligned_page_size +
				      offset;
		const uint32_t xy = Args::bank_coord(bank);

		if constexpr (Args::is_dram)
			return ttfs::banks<true>::noc_addr(xy >> 8, addr, noc);
		else
			return static_cast<uint64_t>(TT_NOC_XY_ENCODE(xy >> 8, xy & 0xFFu))
				       << TT_NOC_ADDR_LOCAL_BITS |
			       addr;
	}
};
