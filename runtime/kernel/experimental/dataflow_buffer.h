// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's DataflowBuffer (api/dataflow/dataflow_buffer.h): on Wormhole
// and Blackhole a view of a circular buffer by its index, with entries for
// pages. Constructed from the index or from Metal 2.0's binding token
// (dfb::NAME, api/dataflow/dfb_binding_token.h); as a NOC endpoint it is the read pointer as a source and the write
// pointer as a destination, args {offset_bytes}, as a CircularBuffer.
#pragma once

#include "api/dataflow/dfb_binding_token.h"
#include "experimental/circular_buffer.h"
#include "experimental/core_local_mem.h"

namespace experimental {

// What scoped_write_lock/scoped_read_lock return: the entries' address as a
// CoreLocalMem (read-only for a read lock) for the guard's life.
template <bool IsWrite>
class [[nodiscard]] DfbScopedLock {
public:
	explicit DfbScopedLock(uint32_t pointer) : pointer_(pointer) {}
	DfbScopedLock(const DfbScopedLock &) = delete;
	DfbScopedLock &operator=(const DfbScopedLock &) = delete;

	template <typename T = uint32_t>
	CoreLocalMem<std::conditional_t<IsWrite, T, const T>> get_ptr() const
	{
		return CoreLocalMem<std::conditional_t<IsWrite, T, const T>>(
			static_cast<uintptr_t>(pointer_));
	}

private:
	uint32_t pointer_;
};

class DataflowBuffer {
public:
	using DFBInterface = LocalCBInterface;

	DataflowBuffer(uint16_t logical_dfb_id) : cb_(logical_dfb_id), id_(logical_dfb_id) {}
	explicit DataflowBuffer(DFBBindingToken token) : DataflowBuffer(token.id()) {}

	uint16_t get_id() const { return id_; }
	uint32_t get_entry_size() const { return iface().fifo_page_size; }
	uint32_t get_stride_size() const { return get_entry_size(); }
	uint32_t get_total_num_entries() const { return iface().fifo_num_pages; }
	uint32_t get_total_size_bytes() const { return iface().fifo_size; }
	// One tile counter per buffer on Blackhole: the local and ring-span
	// views are the whole buffer.
	uint32_t get_local_num_entries() const { return get_total_num_entries(); }
	uint32_t get_local_size_bytes() const { return get_total_size_bytes(); }
	uint32_t get_ring_span_bytes() const { return get_total_size_bytes(); }
	uint32_t get_ring_span_num_entries() const { return get_total_num_entries(); }

	void reserve_back(uint16_t n) { cb_.reserve_back(n); }
	void push_back(uint16_t n) { cb_.push_back(n); }
	void wait_front(uint16_t n) { cb_.wait_front(n); }
	void pop_front(uint16_t n) { cb_.pop_front(n); }

#if !defined(COMPILE_FOR_TRISC)
	bool pages_reservable_at_back(int32_t n) const { return cb_.pages_reservable_at_back(n); }
	bool pages_available_at_front(int32_t n) const { return cb_.pages_available_at_front(n); }
	uint32_t get_tile_size() const { return cb_.get_tile_size(); }
	DataFormat get_dataformat() const { return cb_.get_dataformat(); }
	void write_barrier(const Noc &noc) const { noc.async_write_barrier(); }
#endif

	// Nothing to drain on Blackhole (tt-metal: a deprecated no-op there too).
	void finish() {}

	uint32_t get_write_ptr() const { return cb_.get_write_ptr(); }
	uint32_t get_read_ptr() const { return cb_.get_read_ptr(); }

	// Move a pointer by hand (tt-metal's Wormhole/Blackhole escape hatch).
	void evil_set_write_ptr(uint32_t addr) { get_local_cb_interface(id_).fifo_wr_ptr = addr; }
	void evil_set_read_ptr(uint32_t addr) { get_local_cb_interface(id_).fifo_rd_ptr = addr; }

	DfbScopedLock<true> scoped_write_lock(uint16_t num_entries = 1)
	{
		(void)num_entries;
		return DfbScopedLock<true>(get_write_ptr());
	}
	DfbScopedLock<false> scoped_read_lock(uint16_t num_entries = 1)
	{
		(void)num_entries;
		return DfbScopedLock<false>(get_read_ptr());
	}

	const CircularBuffer &circular_buffer() const { return cb_; }

private:
	const LocalCBInterface &iface() const { return get_local_cb_interface(id_); }

	CircularBuffer cb_;
	uint16_t id_;
};

#if !defined(COMPILE_FOR_TRISC)
struct DataflowBufferArgs {
	uint32_t offset_bytes{};
};

template <>
struct noc_traits_t<DataflowBuffer> {
	using src_args_type = DataflowBufferArgs;
	using dst_args_type = DataflowBufferArgs;
	using dst_args_mcast_type = detail::cb_args::dst_args_mcast_type;

	template <Noc::AddressType type>
	static uint32_t src_addr(const DataflowBuffer &d, const Noc &noc, const src_args_type &a)
	{
		return noc_traits_t<CircularBuffer>::src_addr<type>(d.circular_buffer(), noc,
								     { a.offset_bytes });
	}
	template <Noc::AddressType type>
	static uint32_t dst_addr(const DataflowBuffer &d, const Noc &noc, const dst_args_type &a)
	{
		return noc_traits_t<CircularBuffer>::dst_addr<type>(d.circular_buffer(), noc,
								     { a.offset_bytes });
	}
	template <Noc::AddressType type>
	static uint64_t dst_addr_mcast(const DataflowBuffer &d, const Noc &noc,
				       const dst_args_mcast_type &a)
	{
		return noc_traits_t<CircularBuffer>::dst_addr_mcast<type>(d.circular_buffer(), noc, a);
	}
};
#endif

}  // namespace experimental
