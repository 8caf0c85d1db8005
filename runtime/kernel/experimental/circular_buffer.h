// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's CircularBuffer object (experimental/circular_buffer.h, since
// 2026-05 api/dataflow/circular_buffer.h): a CB by its index, with the cb_*
// calls as methods. On BRISC/NCRISC they are the dataflow API's; on a TRISC
// the compute API's (the packer reserves and pushes, the unpacker waits and
// pops). As a NOC source it is the read pointer, as a destination the write
// pointer, plus args {offset_bytes}; use<AddrSelector>(cb) picks the other
// pointer, and as a multicast destination it takes the rectangle too. On a
// TRISC, get_tile_address and read_tile_value give every thread what the
// unpacker sees at the front (it sends it through the Tensix mailboxes), so
// the three threads must each call them, in the same order.
#pragma once

#if defined(COMPILE_FOR_TRISC)
#include "api/compute/cb_api.h"
#include "ttfs/mailbox.h"
#else
#include "experimental/noc.h"
#endif
#include "ttfs/cb_interface.h"
#include "experimental/lock.h"

namespace experimental {

class CircularBuffer {
public:
	enum class AddrSelector { WRITE_PTR, READ_PTR };

	explicit CircularBuffer(uint32_t cb_id) : cb_id_(cb_id) {}

	uint32_t get_cb_id() const { return cb_id_; }

	void reserve_back(int32_t num_pages) { ::cb_reserve_back(cb_id_, num_pages); }
	void push_back(int32_t num_pages) { ::cb_push_back(cb_id_, num_pages); }
	void wait_front(int32_t num_pages) { ::cb_wait_front(cb_id_, num_pages); }
	void pop_front(int32_t num_pages) { ::cb_pop_front(cb_id_, num_pages); }

#if !defined(COMPILE_FOR_TRISC)
	uint32_t get_tile_size() const { return ::get_tile_size(cb_id_); }
	uint32_t get_tile_hw() const { return ::get_tile_hw(cb_id_); }
	DataFormat get_dataformat() const { return ::get_dataformat(cb_id_); }
	bool pages_reservable_at_back(int32_t num_pages) const
	{
		return cb_pages_reservable_at_back(cb_id_, num_pages);
	}
	bool pages_available_at_front(int32_t num_pages) const
	{
		return cb_pages_available_at_front(cb_id_, num_pages);
	}
#else
	// The byte address of page tile_index from the front.
	uint32_t get_tile_address(uint32_t tile_index)
	{
		return from_unpacker([&] { return front_address(tile_index); });
	}
	// Word element_offset of page tile_index from the front.
	uint32_t read_tile_value(uint32_t tile_index, uint32_t element_offset)
	{
		return from_unpacker([&] {
			return reinterpret_cast<volatile uint32_t *>(
				static_cast<uintptr_t>(front_address(tile_index)))[element_offset];
		});
	}
#endif

	// Bytes on BRISC/NCRISC, 16-byte units on a TRISC (as tt-metal's).
	uint32_t get_write_ptr() const { return get_local_cb_interface(cb_id_).fifo_wr_ptr; }
	uint32_t get_read_ptr() const { return get_local_cb_interface(cb_id_).fifo_rd_ptr; }

	[[nodiscard]] auto scoped_lock() { return Lock([] {}); }

private:
#if defined(COMPILE_FOR_TRISC)
	// The unpacker's view: its read pointer and page size, in 16-byte units.
	uint32_t front_address(uint32_t tile_index) const
	{
		const LocalCBInterface &cb = get_local_cb_interface(cb_id_);

		return (cb.fifo_rd_ptr + cb.fifo_page_size * tile_index) << 4;
	}

	// What the unpacker finds, sent to the math and pack threads, which
	// have no view of the front.
	template <typename Find>
	static uint32_t from_unpacker(Find find)
	{
#if defined(TRISC_UNPACK)
		const uint32_t value = find();

		ttfs::mailbox_write(ttfs::MATH_THREAD, value);
		ttfs::mailbox_write(ttfs::PACK_THREAD, value);
		return value;
#else
		(void)find;
		return ttfs::mailbox_read(ttfs::UNPACK_THREAD);
#endif
	}
#endif

	uint32_t cb_id_;
};

#if !defined(COMPILE_FOR_TRISC)
namespace detail {

// The args of a CB endpoint, and its address: `ptr` is the read pointer as a
// source, the write pointer as a destination, unless a view says otherwise.
struct cb_args {
	struct src_args_type {
		uint32_t offset_bytes{};
	};
	using dst_args_type = src_args_type;
	struct dst_args_mcast_type {
		uint32_t noc_x_start{};
		uint32_t noc_y_start{};
		uint32_t noc_x_end{};
		uint32_t noc_y_end{};
		uint32_t offset_bytes{};
	};

	static uint64_t mcast(uint32_t ptr, const Noc &noc, const dst_args_mcast_type &a)
	{
		return ::get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end,
						a.noc_y_end, ptr + a.offset_bytes, noc.get_noc_id());
	}
};

}  // namespace detail

template <>
struct noc_traits_t<CircularBuffer> : detail::cb_args {
	template <Noc::AddressType type>
	static uint32_t src_addr(const CircularBuffer &cb, const Noc &, const src_args_type &a)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "CircularBuffer without mcast range can only be used as L1 source");
		return cb.get_read_ptr() + a.offset_bytes;
	}
	template <Noc::AddressType type>
	static uint32_t dst_addr(const CircularBuffer &cb, const Noc &, const dst_args_type &a)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "CircularBuffer without mcast range can only be used as L1 destination");
		return cb.get_write_ptr() + a.offset_bytes;
	}
	template <Noc::AddressType type>
	static uint64_t dst_addr_mcast(const CircularBuffer &cb, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		static_assert(type == Noc::AddressType::NOC, "a multicast goes over the NOC");
		return mcast(cb.get_write_ptr(), noc, a);
	}
};

template <CircularBuffer::AddrSelector AddrSel>
struct CircularBufferView {
	const CircularBuffer &cb;
	explicit constexpr CircularBufferView(const CircularBuffer &c) : cb(c) {}

	uint32_t ptr() const
	{
		return AddrSel == CircularBuffer::AddrSelector::READ_PTR ? cb.get_read_ptr()
									  : cb.get_write_ptr();
	}
};

// use<CircularBuffer::AddrSelector::WRITE_PTR>(cb) as a source, or READ_PTR
// as a destination.
template <CircularBuffer::AddrSelector AddrSel>
constexpr auto use(const CircularBuffer &cb)
{
	return CircularBufferView<AddrSel>(cb);
}

template <CircularBuffer::AddrSelector AddrSel>
struct noc_traits_t<CircularBufferView<AddrSel>> : detail::cb_args {
	template <Noc::AddressType type>
	static uint32_t src_addr(const CircularBufferView<AddrSel> &v, const Noc &,
				 const src_args_type &a)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "CircularBuffer without mcast range can only be used as L1 source");
		return v.ptr() + a.offset_bytes;
	}
	template <Noc::AddressType type>
	static uint32_t dst_addr(const CircularBufferView<AddrSel> &v, const Noc &,
				 const dst_args_type &a)
	{
		static_assert(type == Noc::AddressType::LOCAL_L1,
			      "CircularBuffer without mcast range can only be used as L1 destination");
		return v.ptr() + a.offset_bytes;
	}
	template <Noc::AddressType type>
	static uint64_t dst_addr_mcast(const CircularBufferView<AddrSel> &v, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		static_assert(type == Noc::AddressType::NOC, "a multicast goes over the NOC");
		return mcast(v.ptr(), noc, a);
	}
};
#endif

}  // namespace experimental
