// SPDX-License-Identifier: Apache-2.0
//
// A TensorAccessor as an endpoint of the object NOC API (tt-metal's
// experimental/tensor.h, since 2026-05 api/tensor/noc_traits.h): args
// {page_id, offset_bytes}, the page found as get_noc_addr(page) finds it.
// As a local address (a page of a sharded buffer on this very core) the
// page must be here; tt-metal asserts it, ttfs does not check.
#pragma once

#include "experimental/noc.h"
#include "api/tensor/tensor_accessor.h"

namespace experimental {

template <typename DSpecT>
struct noc_traits_t<TensorAccessor<DSpecT>> {
	struct src_args_type {
		uint32_t page_id{};
		uint32_t offset_bytes = 0;
	};
	using dst_args_type = src_args_type;

	template <Noc::AddressType type>
	static auto src_addr(const TensorAccessor<DSpecT> &t, const Noc &noc, const src_args_type &a)
	{
		uint64_t addr = t.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id());
		if constexpr (type == Noc::AddressType::LOCAL_L1)
			return static_cast<uint32_t>(addr);
		else
			return addr;
	}
	template <Noc::AddressType type>
	static auto dst_addr(const TensorAccessor<DSpecT> &t, const Noc &noc, const dst_args_type &a)
	{
		return src_addr<type>(t, noc, a);
	}
};

}  // namespace experimental
