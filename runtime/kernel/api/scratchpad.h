// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's Scratchpad<T> (Metal 2.0, api/scratchpad.h): a typed span of
// this core's L1 region that a kernel's scratch binding names,
// `Scratchpad<int32_t> pad(scratch::NAME)`. scratch::NAME, a
// ScratchpadBindingToken, is in the kernel_args_generated.h a ttfs build
// writes from the args section's scratch_names: an L1 buffer, whose
// address is a common arg (the token says which word) and whose bytes on
// each of the kernel's cores are the region's size. operator[] checks its
// index with ASSERT. Not here: tt-metal's LLK metadata (get_dataformat,
// operand).
#pragma once

#include <cstdint>
#include <type_traits>

#include "api/core_local_mem.h"
#include "api/debug/assert.h"
#include "ttfs/kernel_args.h"

template <typename T>
class Scratchpad;

class ScratchpadBindingToken {
public:
	explicit constexpr ScratchpadBindingToken(uint32_t crta_offset, uint32_t size_in_bytes) noexcept
		: crta_offset_(crta_offset), size_in_bytes_(size_in_bytes)
	{
	}

private:
	template <typename T>
	friend class Scratchpad;

	uint32_t crta_offset_;     // the common arg (a word index) holding the address
	uint32_t size_in_bytes_;
};

template <typename T>
class Scratchpad {
public:
	using element_type = T;
	using value_type = std::remove_cv_t<T>;
	using size_type = uint32_t;
	using pointer = CoreLocalMem<T>;
	using const_pointer = CoreLocalMem<const T>;
	using reference = T &;
	using const_reference = const T &;
	using iterator = pointer;

	[[nodiscard]] explicit Scratchpad(const ScratchpadBindingToken &token) noexcept
		: start_(static_cast<uintptr_t>(get_common_arg_val<uint32_t>(token.crta_offset_))),
		  end_(start_ + static_cast<ptrdiff_t>(token.size_in_bytes_ / sizeof(T)))
	{
	}

	[[nodiscard]] reference operator[](uint32_t index) const
	{
		ASSERT(start_ + index < end_);
		return start_[index];
	}
	[[nodiscard]] size_type size() const noexcept { return static_cast<size_type>(end_ - start_); }
	[[nodiscard]] size_type size_in_bytes() const noexcept
	{
		return static_cast<size_type>(end_.get_address() - start_.get_address());
	}
	[[nodiscard]] uint32_t get_base_address() const noexcept
	{
		return static_cast<uint32_t>(start_.get_address());
	}
	[[nodiscard]] iterator begin() const noexcept { return start_; }
	[[nodiscard]] iterator end() const noexcept { return end_; }
	[[nodiscard]] pointer local_mem() const noexcept { return start_; }
	[[nodiscard]] auto scoped_lock(uint32_t offset, uint32_t num_elements) const
	{
		ASSERT(start_ + offset + num_elements <= end_);
		return (start_ + offset).scoped_lock(num_elements);
	}

private:
	pointer start_, end_;
};

#if !defined(COMPILE_FOR_TRISC)
// A scratchpad is this core's L1: a local source or destination of the
// object NOC API, args {offset_bytes}; never a multicast destination.
namespace experimental {

template <typename T>
struct noc_traits_t<Scratchpad<T>> {
	struct src_args_type {
		uint32_t offset_bytes = 0;
	};
	using dst_args_type = src_args_type;
	struct dst_args_mcast_type {};

	template <Noc::AddressType type>
	static uint32_t src_addr(const Scratchpad<T> &s, const Noc &, const src_args_type &a)
	{
		return local<type>(s, a.offset_bytes);
	}
	template <Noc::AddressType type>
	static uint32_t dst_addr(const Scratchpad<T> &s, const Noc &, const dst_args_type &a)
	{
		return local<type>(s, a.offset_bytes);
	}

private:
	template <Noc::AddressType type>
	static uint32_t local(const Scratchpad<T> &s, uint32_t offset_bytes)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "a Scratchpad is a local L1 source or destination only");
		ASSERT(offset_bytes < s.size_in_bytes());
		return s.get_base_address() + offset_bytes;
	}
};

}  // namespace experimental
#endif
