// SPDX-License-Identifier: Apache-2.0
//
// Interleaved buffers: page i lives in bank i % NUM_BANKS at
//   base + (i / NUM_BANKS) * align(page_size, 64 DRAM | 16 L1) + bank offset,
// the bank's NOC coordinates and offset coming from the bank-to-NOC table
// the host writes at MEM_BANK_TO_NOC_SCRATCH (struct tt_bank_table).
// Included by api/dataflow/dataflow_api.h; kernels never include it.
#pragma once

// The transfers below need the NOC calls declared first, whichever header
// a kernel includes first.
#include "api/dataflow/dataflow_api.h"

namespace ttfs {

FORCE_INLINE const volatile tt_bank_table &bank_table()
{
	return *reinterpret_cast<const volatile tt_bank_table *>(
		static_cast<uintptr_t>(TT_MEM_BANK_TO_NOC_SCRATCH));
}

template <bool DRAM>
struct banks {
	static constexpr uint32_t count = DRAM ? NUM_DRAM_BANKS : NUM_L1_BANKS;
	static constexpr uint32_t alignment = DRAM ? DRAM_ALIGNMENT : L1_ALIGNMENT;

	static FORCE_INLINE uint64_t noc_addr(uint32_t bank, uint32_t addr, uint8_t noc)
	{
		uint32_t xy = DRAM ? bank_table().dram_xy[noc][bank] : bank_table().l1_xy[noc][bank];
		int32_t off = DRAM ? bank_table().dram_offset[bank] : bank_table().l1_offset[bank];
		return (static_cast<uint64_t>(xy) << TT_NOC_ADDR_LOCAL_BITS) |
		       static_cast<uint32_t>(addr + static_cast<uint32_t>(off));
	}

	static FORCE_INLINE uint64_t page_addr(uint32_t id, uint32_t base, uint32_t stride,
					       uint32_t offset, uint8_t noc)
	{
		// Constant divisor: the compiler turns both into multiplies.
		uint32_t bank = id % count, row = id / count;
		return noc_addr(bank, base + row * stride + offset, noc);
	}
};

}  // namespace ttfs

template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t bank_address_offset,
						uint8_t noc = noc_index)
{
	return ttfs::banks<DRAM>::noc_addr(bank_id, bank_address_offset, noc);
}

template <bool DRAM>
struct InterleavedAddrGen {
	uint32_t bank_base_address;
	uint32_t page_size;
	uint32_t aligned_page_size = ttfs::align_up(page_size, ttfs::banks<DRAM>::alignment);

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		return ttfs::banks<DRAM>::page_addr(id, bank_base_address, aligned_page_size, offset, noc);
	}
	// Transfers move the page itself; only the stride between rows is aligned.
	FORCE_INLINE uint32_t get_page_size() const { return page_size; }
};

template <bool DRAM, uint32_t tile_hw = 1024>
struct InterleavedAddrGenFast {
	uint32_t bank_base_address;
	uint32_t page_size;
	DataFormat data_format;

	// The row stride comes from the data format, as in tt-metal; page_size
	// is only the transfer size, and the stride when the format is unknown.
	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		uint32_t tile = ttfs_tile_size(data_format, tile_hw);
		uint32_t stride = ttfs::align_up(tile ? tile : page_size, ttfs::banks<DRAM>::alignment);
		return ttfs::banks<DRAM>::page_addr(id, bank_base_address, stride, offset, noc);
	}
	FORCE_INLINE uint32_t get_page_size() const { return page_size; }
};

template <bool DRAM>
struct InterleavedPow2AddrGen {
	uint32_t bank_base_address;
	uint32_t log_base_2_of_page_size;
	uint32_t aligned_log_base_2_of_page_size =
		log_base_2_of_page_size > (DRAM ? 6u : 4u) ? log_base_2_of_page_size : (DRAM ? 6u : 4u);

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		return ttfs::banks<DRAM>::page_addr(id, bank_base_address,
						    1u << aligned_log_base_2_of_page_size, offset, noc);
	}
	FORCE_INLINE uint32_t get_page_size() const { return 1u << log_base_2_of_page_size; }
};

template <bool DRAM>
struct InterleavedPow2AddrGenFast {
	uint32_t bank_base_address;
	uint32_t log_base_2_of_page_size;

	FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
					   uint8_t noc = noc_index) const
	{
		uint32_t lg = log_base_2_of_page_size > (DRAM ? 6u : 4u) ? log_base_2_of_page_size
									  : (DRAM ? 6u : 4u);
		return ttfs::banks<DRAM>::page_addr(id, bank_base_address, 1u << lg, offset, noc);
	}
	FORCE_INLINE uint32_t get_page_size() const { return 1u << log_base_2_of_page_size; }
};

template <bool DRAM, uint32_t page_size>
FORCE_INLINE auto get_interleaved_addr_gen(uint32_t base_addr)
{
	return InterleavedAddrGen<DRAM>{ base_addr, page_size };
}

// Any generator or accessor with get_noc_addr(id, offset, noc).
template <typename AddrGen, typename = decltype(std::declval<const AddrGen &>().get_noc_addr(0u))>
FORCE_INLINE uint64_t get_noc_addr(uint32_t id, const AddrGen &addrgen, uint32_t offset = 0,
				   uint8_t noc = noc_index)
{
	return addrgen.get_noc_addr(id, offset, noc);
}

template <typename AddrGen>
FORCE_INLINE void noc_async_read_page(uint32_t id, const AddrGen &addrgen,
				      uint32_t dst_local_l1_addr, uint32_t offset = 0,
				      uint8_t noc = noc_index)
{
	noc_async_read(addrgen.get_noc_addr(id, offset, noc), dst_local_l1_addr,
		       addrgen.get_page_size(), noc);
}

template <typename AddrGen>
FORCE_INLINE void noc_async_write_page(uint32_t id, const AddrGen &addrgen,
				       uint32_t src_local_l1_addr, uint32_t write_size_bytes = 0,
				       uint32_t offset = 0, uint8_t noc = noc_index)
{
	noc_async_write(src_local_l1_addr, addrgen.get_noc_addr(id, offset, noc),
			write_size_bytes ? write_size_bytes : addrgen.get_page_size(), noc);
}

template <typename AddrGen>
[[deprecated("use noc_async_read_page")]] FORCE_INLINE void
noc_async_read_tile(uint32_t id, const AddrGen &addrgen, uint32_t dst_local_l1_addr,
		    uint32_t offset = 0, uint8_t noc = noc_index)
{
	noc_async_read_page(id, addrgen, dst_local_l1_addr, offset, noc);
}

template <typename AddrGen>
[[deprecated("use noc_async_write_page")]] FORCE_INLINE void
noc_async_write_tile(uint32_t id, const AddrGen &addrgen, uint32_t src_local_l1_addr,
		     uint8_t noc = noc_index)
{
	noc_async_write_page(id, addrgen, src_local_l1_addr, 0, 0, noc);
}
