// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's NOC endpoints for the object API (experimental/endpoints.h,
// since 2026-05 api/dataflow/endpoints.h): a core or DRAM node by its NOC
// coordinates, a rectangle of cores, a bank of the allocator by its id.
#pragma once

#include "experimental/noc.h"

namespace experimental {

// Any node by coordinates: args {noc_x, noc_y, addr}.
struct UnicastEndpoint {
	uint64_t get_noc_unicast_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
				      uint8_t noc) const
	{
		return ::get_noc_addr(noc_x, noc_y, addr, noc);
	}
};

// A rectangle of Tensix cores, as a multicast destination only: args
// {noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr}.
struct MulticastEndpoint {
	uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start,
					uint32_t noc_x_end, uint32_t noc_y_end, uint32_t addr,
					uint8_t noc) const
	{
		return ::get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr,
						noc);
	}
};

enum AllocatorBankType { L1, DRAM };

// Bank bank_id of the allocator's L1 or DRAM banks (the bank table the host
// writes): args {bank_id, addr}.
template <AllocatorBankType bank_type>
struct AllocatorBank {
	uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t addr, uint8_t noc) const
	{
		return ::get_noc_addr_from_bank_id<bank_type == AllocatorBankType::DRAM>(bank_id, addr,
											   noc);
	}
};

template <>
struct noc_traits_t<UnicastEndpoint> {
	struct src_args_type {
		uint32_t noc_x{};
		uint32_t noc_y{};
		uint32_t addr{};
	};
	using dst_args_type = src_args_type;

	template <Noc::AddressType type>
	static auto src_addr(const UnicastEndpoint &ep, const Noc &noc, const src_args_type &a)
	{
		if constexpr (type == Noc::AddressType::LOCAL_L1)
			return a.addr;
		else
			return ep.get_noc_unicast_addr(a.noc_x, a.noc_y, a.addr, noc.get_noc_id());
	}
	template <Noc::AddressType type>
	static auto dst_addr(const UnicastEndpoint &ep, const Noc &noc, const dst_args_type &a)
	{
		return src_addr<type>(ep, noc, a);
	}
};

template <>
struct noc_traits_t<MulticastEndpoint> {
	struct dst_args_mcast_type {
		uint32_t noc_x_start{};
		uint32_t noc_y_start{};
		uint32_t noc_x_end{};
		uint32_t noc_y_end{};
		uint32_t addr{};
	};

	template <Noc::AddressType type>
	static uint64_t dst_addr_mcast(const MulticastEndpoint &ep, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		static_assert(type == Noc::AddressType::NOC, "a multicast goes over the NOC");
		return ep.get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end,
						 a.noc_y_end, a.addr, noc.get_noc_id());
	}
};

template <AllocatorBankType bank_type>
struct noc_traits_t<AllocatorBank<bank_type>> {
	struct src_args_type {
		uint32_t bank_id{};
		uint32_t addr{};
	};
	using dst_args_type = src_args_type;

	template <Noc::AddressType type>
	static uint64_t src_addr(const AllocatorBank<bank_type> &b, const Noc &noc,
				 const src_args_type &a)
	{
		static_assert(type == Noc::AddressType::NOC, "a bank is reached over the NOC");
		return b.get_noc_addr_from_bank_id(a.bank_id, a.addr, noc.get_noc_id());
	}
	template <Noc::AddressType type>
	static uint64_t dst_addr(const AllocatorBank<bank_type> &b, const Noc &noc,
				 const dst_args_type &a)
	{
		return src_addr<type>(b, noc, a);
	}
};

}  // namespace experimental
