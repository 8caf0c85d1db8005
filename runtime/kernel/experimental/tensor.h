// SPDX-License-Identifier: Apache-2.0
//
// Tensor pages as endpoints of the object NOC API (tt-metal's
// experimental/tensor.h, since 2026-05 api/tensor/noc_traits.h):
//   TensorAccessor and PageView<A>  args {page_id, offset_bytes}, the page
//                                   found as get_noc_addr(page) finds it;
//   ShardView<A>                    args {shard_id, offset_bytes}, the
//                                   shard's first page, its pages after it;
//   tensor_accessor::Page           args {offset_bytes}, at its noc_addr().
// As a local address (a page of a sharded buffer on this very core) the
// page or shard must be here; tt-metal asserts it, ttfs does not check.
#pragma once

#include "experimental/noc.h"
#include "api/tensor/page.h"
#include "api/tensor/tensor_accessor.h"

namespace experimental {

// The first spelling's names for the adapters (since 2026-05 global).
using ::PageView;
using ::ShardView;

namespace detail {

// A NOC address as the address type asks: whole, or its local L1 part.
template <Noc::AddressType type>
FORCE_INLINE auto as_address(uint64_t addr)
{
	if constexpr (type == Noc::AddressType::LOCAL_L1)
		return static_cast<uint32_t>(addr);
	else
		return addr;
}

// The traits of an endpoint that finds its NOC address by an id and an
// offset (get_noc_addr(id, offset, noc)); Args is {id, offset_bytes}.
template <typename T, typename Args>
struct by_id_traits {
	using src_args_type = Args;
	using dst_args_type = Args;

	template <Noc::AddressType type>
	static auto src_addr(const T &t, const Noc &noc, const Args &a)
	{
		return as_address<type>(t.get_noc_addr(a.id(), a.offset_bytes, noc.get_noc_id()));
	}
	template <Noc::AddressType type>
	static auto dst_addr(const T &t, const Noc &noc, const Args &a)
	{
		return src_addr<type>(t, noc, a);
	}
};

struct page_args {
	uint32_t page_id{};
	uint32_t offset_bytes = 0;
	uint32_t id() const { return page_id; }
};

struct shard_args {
	uint32_t shard_id{};
	uint32_t offset_bytes = 0;
	uint32_t id() const { return shard_id; }
};

}  // namespace detail

template <typename DSpecT>
struct noc_traits_t<TensorAccessor<DSpecT>>
	: detail::by_id_traits<TensorAccessor<DSpecT>, detail::page_args> {};

template <typename Accessor>
struct noc_traits_t<PageView<Accessor>> : detail::by_id_traits<PageView<Accessor>, detail::page_args> {};

template <typename Accessor>
struct noc_traits_t<ShardView<Accessor>>
	: detail::by_id_traits<ShardView<Accessor>, detail::shard_args> {};

template <>
struct noc_traits_t<tensor_accessor::Page> {
	struct src_args_type {
		uint32_t offset_bytes = 0;
	};
	using dst_args_type = src_args_type;

	template <Noc::AddressType type>
	static auto src_addr(const tensor_accessor::Page &p, const Noc &, const src_args_type &a)
	{
		return detail::as_address<type>(p.noc_addr() + a.offset_bytes);
	}
	template <Noc::AddressType type>
	static auto dst_addr(const tensor_accessor::Page &p, const Noc &noc, const dst_args_type &a)
	{
		return src_addr<type>(p, noc, a);
	}
};

}  // namespace experimental
