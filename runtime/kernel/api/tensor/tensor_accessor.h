// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessor(args, bank_base_address[, page_size]) for interleaved
// buffers: page i is in bank i % NUM_BANKS, row i / NUM_BANKS, rows
// align(page_size, 64 in DRAM, 16 in L1) apart (ttfs/addrgen.h). The class
// template argument is deduced from the args, as in tt-metal.
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
		return ttfs::banks<Args::is_dram>::page_addr(page_id, bank_base_address,
							     aligned_page_size, offset, noc);
	}
	FORCE_INLINE uint32_t get_aligned_page_size() const { return aligned_page_size; }
	FORCE_INLINE uint32_t get_page_size() const { return page_size; }
	static constexpr bool is_dram() { return Args::is_dram; }
};
