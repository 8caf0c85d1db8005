// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's CoreLocalMem<T> (experimental/core_local_mem.h, since 2026-05
// api/core_local_mem.h): a typed pointer into this core's L1 that is also a
// local source or destination of the object NOC API (args {offset_bytes}).
// tt-metal's Watcher checks each access against L1's end; ttfs does not.
#pragma once

#include "ttfs/kernel_base.h"
#include "experimental/lock.h"
#if !defined(COMPILE_FOR_TRISC)
#include "experimental/noc.h"
#endif

namespace experimental {

template <typename T, typename AddressType = uintptr_t>
class CoreLocalMem {
	using difference_type = ptrdiff_t;

	static_assert(std::is_integral<AddressType>::value && std::is_unsigned<AddressType>::value,
		      "AddressType must be an unsigned integral type");

public:
	CoreLocalMem(AddressType address) : address_(address) {}
	CoreLocalMem(T *ptr) : address_(reinterpret_cast<AddressType>(ptr)) {}

	tt_l1_ptr T *get_unsafe_ptr() const { return reinterpret_cast<tt_l1_ptr T *>(address_); }
	AddressType get_address() const { return address_; }

	T &operator[](uint32_t index) const { return get_unsafe_ptr()[index]; }
	T &operator*() const { return *get_unsafe_ptr(); }
	tt_l1_ptr T *operator->() const { return get_unsafe_ptr(); }

	CoreLocalMem &operator+=(difference_type n)
	{
		address_ += n * sizeof(T);
		return *this;
	}
	CoreLocalMem &operator-=(difference_type n)
	{
		address_ -= n * sizeof(T);
		return *this;
	}
	CoreLocalMem &operator++() { return *this += 1; }
	CoreLocalMem &operator--() { return *this -= 1; }
	CoreLocalMem operator++(int)
	{
		CoreLocalMem old = *this;
		*this += 1;
		return old;
	}
	CoreLocalMem operator--(int)
	{
		CoreLocalMem old = *this;
		*this -= 1;
		return old;
	}
	CoreLocalMem operator+(difference_type n) const
	{
		return CoreLocalMem(static_cast<AddressType>(address_ + n * sizeof(T)));
	}
	CoreLocalMem operator-(difference_type n) const
	{
		return CoreLocalMem(static_cast<AddressType>(address_ - n * sizeof(T)));
	}
	difference_type operator-(const CoreLocalMem &other) const
	{
		return (static_cast<difference_type>(address_) -
			static_cast<difference_type>(other.address_)) /
		       static_cast<difference_type>(sizeof(T));
	}

	[[nodiscard]] auto scoped_lock(size_t num_elements)
	{
		(void)num_elements;
		return Lock([] {});
	}

	bool operator==(const CoreLocalMem &o) const { return address_ == o.address_; }
	bool operator!=(const CoreLocalMem &o) const { return address_ != o.address_; }
	bool operator<(const CoreLocalMem &o) const { return address_ < o.address_; }
	bool operator<=(const CoreLocalMem &o) const { return address_ <= o.address_; }
	bool operator>(const CoreLocalMem &o) const { return address_ > o.address_; }
	bool operator>=(const CoreLocalMem &o) const { return address_ >= o.address_; }
	explicit operator bool() const { return address_ != 0; }

private:
	AddressType address_;
};

#if !defined(COMPILE_FOR_TRISC)
template <typename T, typename AddressType>
struct noc_traits_t<CoreLocalMem<T, AddressType>> {
	struct src_args_type {
		AddressType offset_bytes = 0;
	};
	using dst_args_type = src_args_type;
	struct dst_args_mcast_type {};

	template <Noc::AddressType type>
	static uint32_t src_addr(const CoreLocalMem<T, AddressType> &m, const Noc &,
				 const src_args_type &a)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "CoreLocalMem can only be used as local L1 source");
		return static_cast<uint32_t>(m.get_address() + a.offset_bytes);
	}
	template <Noc::AddressType type>
	static uint32_t dst_addr(const CoreLocalMem<T, AddressType> &m, const Noc &,
				 const dst_args_type &a)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "CoreLocalMem can only be used as local L1 dest");
		return static_cast<uint32_t>(m.get_address() + a.offset_bytes);
	}
};
#endif

}  // namespace experimental
