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
// pages() and shard_pages() are ranges of tensor_accessor::Page. PageView
// and ShardView wrap an accessor as an endpoint of the object NOC API
// (experimental/tensor.h): a page by its id, or a shard by its id.
// Metal 2.0: TensorAccessor(tensor::NAME), from a binding token
// (api/tensor/tensor_binding_token.h): its args, and its address from the
// common arg the token names.
#pragma once

#include "api/tensor/tensor_accessor_args.h"
#include "api/tensor/pages_address_iterator.h"
#include "api/tensor/shard_pages_address_iterator.h"
#include "ttfs/addrgen.h"

namespace tensor_accessor {
template <uint32_t CTA_OFFSET, uint32_t ADDR_CRTA_OFFSET>
struct TensorBindingToken;
}  // namespace tensor_accessor

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

	template <uint32_t CTA_OFFSET, uint32_t ADDR_CRTA_OFFSET>
	explicit TensorAccessor(tensor_accessor::TensorBindingToken<CTA_OFFSET, ADDR_CRTA_OFFSET> token)
		: TensorAccessor(Args{}, decltype(token)::address())
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

	// Shard shard_id's first page (+ offset): the shard is the
	// (shard_id / banks)-th on bank shard_id % banks, its pages together.
	FORCE_INLINE uint64_t get_shard_noc_addr(uint32_t shard_id, uint32_t offset = 0,
						 uint8_t noc = noc_index) const
	{
		static_assert(Args::is_sharded, "TensorAccessor::get_shard_noc_addr: the accessor "
						"is interleaved, it has no shards");
		return bank_noc_addr(shard_id % Args::num_banks,
				     shard_id / Args::num_banks * shard_volume() * aligned_page_size +
					     offset,
				     noc);
	}

	// Pages start..end-1, each a tensor_accessor::Page; end 0 is the end
	// of a sharded buffer (an interleaved accessor knows no size: give it).
	tensor_accessor::Pages<TensorAccessor> pages(uint32_t start_page_id = 0,
						     uint32_t end_page_id = 0,
						     uint8_t noc = noc_index) const
	{
		if constexpr (Args::is_sharded) {
			if (end_page_id == 0)
				end_page_id = tensor_volume();
		}
		return tensor_accessor::Pages<TensorAccessor>(*this, start_page_id, end_page_id, noc);
	}

	// The pages of shard shard_id in their order on its bank, slots
	// start..end-1 (end 0: the whole shard), its padding slots skipped.
	tensor_accessor::ShardPages<TensorAccessor> shard_pages(uint32_t shard_id,
								uint32_t start_page_offset = 0,
								uint32_t end_page_offset = 0,
								uint8_t noc = noc_index) const
	{
		static_assert(Args::is_sharded, "TensorAccessor::shard_pages: the accessor is "
						"interleaved, it has no shards");
		return tensor_accessor::ShardPages<TensorAccessor>(
			*this, shard_id, start_page_offset,
			end_page_offset ? end_page_offset : shard_volume(), noc);
	}

	// Slot `slot` of shard shard_id (row-major in the shard) as the
	// tensor's page id; false for a padding slot past the tensor's edge.
	static bool page_of_shard(uint32_t shard_id, uint32_t slot, uint32_t &page_id)
	{
		uint32_t id = 0, stride = 1;

		for (uint32_t d = Args::rank; d-- > 0;) {
			const uint32_t t = Args::tensor_dim(d), s = Args::shard_dim(d);
			const uint32_t grid = (t + s - 1) / s, coord = shard_id % grid * s + slot % s;

			if (coord >= t)
				return false;
			shard_id /= grid;
			slot /= s;
			id += coord * stride;
			stride *= t;
		}
		page_id = id;
		return true;
	}

	// Whether a bank, a NOC address, a page or a shard is this core (an L1
	// sharded buffer's; a DRAM bank never is).
	FORCE_INLINE bool is_local_bank(uint32_t x, uint32_t y, uint8_t noc = noc_index) const
	{
		static_assert(Args::is_sharded, "TensorAccessor::is_local_bank: the accessor is "
						"interleaved");
		return !Args::is_dram && x == my_x[noc] && y == my_y[noc];
	}
	FORCE_INLINE bool is_local_addr(uint64_t noc_addr, uint8_t noc = noc_index) const
	{
		uint32_t xy = static_cast<uint32_t>(noc_addr >> TT_NOC_ADDR_LOCAL_BITS);

		return is_local_bank(xy & 0x3F, (xy >> 6) & 0x3F, noc);
	}
	FORCE_INLINE bool is_local_page(uint32_t page_id, uint8_t noc = noc_index) const
	{
		return is_local_addr(get_noc_addr(page_id, 0, noc), noc);
	}
	FORCE_INLINE bool is_local_shard(uint32_t shard_id, uint8_t noc = noc_index) const
	{
		const uint32_t xy = Args::bank_coord(shard_id % Args::num_banks);

		return is_local_bank(xy >> 8, xy & 0xFFu, noc);
	}

private:
	static constexpr uint32_t shard_volume()
	{
		uint32_t volume = 1;

		for (uint32_t d = 0; d < Args::rank; d++)
			volume *= Args::shard_dim(d);
		return volume;
	}
	static constexpr uint32_t tensor_volume()
	{
		uint32_t volume = 1;

		for (uint32_t d = 0; d < Args::rank; d++)
			volume *= Args::tensor_dim(d);
		return volume;
	}

	// Byte addr of bank (one of the accessor's banks) as a NOC address.
	FORCE_INLINE uint64_t bank_noc_addr(uint32_t bank, uint32_t addr, uint8_t noc) const
	{
		const uint32_t xy = Args::bank_coord(bank);

		addr += bank_base_address;
		if constexpr (Args::is_dram)
			return ttfs::banks<true>::noc_addr(xy >> 8, addr, noc);
		else
			return static_cast<uint64_t>(TT_NOC_XY_ENCODE(xy >> 8, xy & 0xFFu))
				       << TT_NOC_ADDR_LOCAL_BITS |
			       addr;
	}

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
		return bank_noc_addr(shard % Args::num_banks,
				     (shard / Args::num_banks * volume + in_shard) * aligned_page_size +
					     offset,
				     noc);
	}
};

// An accessor's pages by id, as a NOC endpoint.
template <typename Accessor>
struct PageView {
	const Accessor &accessor;
	explicit PageView(const Accessor &acc) : accessor(acc) {}

	uint64_t get_noc_addr(uint32_t page_id, uint32_t offset, uint8_t noc) const
	{
		return accessor.get_noc_addr(page_id, offset, noc);
	}
};

// A sharded accessor's shards by id (each shard's pages together on its
// bank), as a NOC endpoint.
template <typename Accessor>
struct ShardView {
	const Accessor &accessor;
	explicit ShardView(const Accessor &acc) : accessor(acc) {}

	bool is_local_shard(uint32_t shard_id, uint8_t noc) const
	{
		return accessor.is_local_shard(shard_id, noc);
	}
	uint64_t get_noc_addr(uint32_t shard_id, uint32_t offset, uint8_t noc) const
	{
		return accessor.get_shard_noc_addr(shard_id, offset, noc);
	}
};

template <uint32_t CTA_OFFSET, uint32_t ADDR_CRTA_OFFSET>
TensorAccessor(tensor_accessor::TensorBindingToken<CTA_OFFSET, ADDR_CRTA_OFFSET>)
	-> TensorAccessor<TensorAccessorArgs<CTA_OFFSET>>;
