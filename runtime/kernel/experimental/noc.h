// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's object NOC API (experimental/noc.h, since 2026-05
// api/dataflow/noc.h): a Noc moves bytes between a source and a destination
// object, each with its own small argument struct (noc_traits_t<T> says which
// and how it becomes an address). Every call ends in the dataflow API's own
// NOC calls, so the bytes go through the same command buffers, counters and
// barriers as noc_async_read/write.
//
// Both generations of its options are here. tt-metal's first spelled them as
// separate enum template arguments (Noc::TxnIdMode, ResponseMode, BarrierMode,
// McastMode, VcSelection, with trailing vc and trid arguments); since 2026-05
// one NocOptions flag set comes first and the values in a NocOptVals last. A
// call with no template arguments takes the first form; one that names a
// NocOptions, the second.
#pragma once

#include "api/dataflow/dataflow_api.h"

// Where an inline write lands (tt-metal's noc_nonblocking_api.h): the
// simulator writes the word either way.
enum class InlineWriteDst : uint8_t { DEFAULT, L1, REG };

namespace experimental {

struct MulticastEndpoint;

template <typename T>
struct noc_traits_t {
	static_assert(sizeof(T) == 0, "NoC transactions are not supported for this type");
};

enum class NocOptions : uint32_t {
	DEFAULT = 0,
	TXN_ID = 1u << 0,
	POSTED = 1u << 1,
	CUSTOM_VC = 1u << 2,
	MCAST_INCL_SRC = 1u << 3,
	INLINE_L1 = 1u << 4,
	INLINE_REG = 1u << 5,
};

constexpr NocOptions operator|(NocOptions a, NocOptions b)
{
	return static_cast<NocOptions>(static_cast<uint32_t>(a) | static_cast<uint32_t>(b));
}

constexpr bool has_flag(NocOptions opts, NocOptions flag)
{
	return (static_cast<uint32_t>(opts) & static_cast<uint32_t>(flag)) != 0;
}

struct NocOptVals {
	uint32_t vc = NOC_UNICAST_WRITE_VC;
	uint32_t trid = 0;
};

class Noc {
public:
	enum class AddressType { NOC, LOCAL_L1 };
	enum class TxnIdMode { ENABLED, DISABLED };
	enum class ResponseMode { NON_POSTED, POSTED };
	enum class BarrierMode { TXN_ID, FULL };
	enum class McastMode { INCLUDE_SRC, EXCLUDE_SRC };
	enum class VcSelection { DEFAULT, CUSTOM };

	static constexpr uint32_t INVALID_TXN_ID = 0xFFFFFFFF;

private:
	template <typename T>
	using src_args_t = typename noc_traits_t<T>::src_args_type;
	template <typename T>
	using dst_args_t = typename noc_traits_t<T>::dst_args_type;
	template <typename T>
	using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

	template <typename Src>
	uint64_t src_noc(const Src &src, const src_args_t<Src> &args) const
	{
		return noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, args);
	}
	template <typename Src>
	uint32_t src_l1(const Src &src, const src_args_t<Src> &args) const
	{
		return noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, args);
	}
	template <typename Dst>
	uint64_t dst_noc(const Dst &dst, const dst_args_t<Dst> &args) const
	{
		return noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, args);
	}
	template <typename Dst>
	uint32_t dst_l1(const Dst &dst, const dst_args_t<Dst> &args) const
	{
		return noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(dst, *this, args);
	}
	template <typename Dst>
	uint64_t dst_mcast(const Dst &dst, const dst_args_mcast_t<Dst> &args) const
	{
		return noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this, args);
	}

	// The transfers both option spellings come down to.
	template <uint32_t max_page_size>
	void read(uint64_t src, uint32_t dst, uint32_t size, bool trid_on, uint32_t trid,
		  uint32_t vc) const
	{
		if (trid_on) {
			noc_async_read_set_trid(trid, noc_id_);
			while (ttfs::available_transactions(noc_id_, trid) <
			       (NOC_MAX_TRANSACTION_ID_COUNT + 1) / 2)
				;
		}
		noc_async_read<max_page_size>(src, dst, size, noc_id_, vc);
	}

	template <bool posted>
	void write(uint32_t src, uint64_t dst, uint32_t size, bool trid_on, uint32_t trid,
		   uint32_t vc) const
	{
		if (!trid_on) {
			noc_async_write<NOC_MAX_BURST_SIZE + 1, true, posted>(src, dst, size, noc_id_,
									       vc);
			return;
		}
		while (size > 0) {
			uint32_t n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
			noc_async_write_one_packet_with_trid<true, posted>(src, dst, n, trid,
									    ttfs::WR_CMD_BUF, noc_id_,
									    static_cast<uint8_t>(vc));
			src += n;
			dst += n;
			size -= n;
		}
	}

	template <uint32_t max_page_size>
	void read_state(uint64_t src, uint32_t size, uint32_t vc) const
	{
		if (max_page_size <= NOC_MAX_BURST_SIZE)
			noc_async_read_one_packet_set_state<true>(src, size, vc, noc_id_);
		else
			noc_async_read_set_state(src, noc_id_);
	}

	template <uint32_t max_page_size>
	void read_with_state(uint32_t src_lo, uint32_t dst, uint32_t size) const
	{
		if (max_page_size <= NOC_MAX_BURST_SIZE)
			noc_async_read_one_packet_with_state(src_lo, dst, 0, noc_id_);
		else
			noc_async_read_with_state(src_lo, dst, size, noc_id_);
	}

	template <bool posted>
	void write_with_state(uint32_t src, uint32_t dst_lo, uint32_t size) const
	{
		// The state holds the length: one packet at a time.
		while (size > NOC_MAX_BURST_SIZE) {
			ttfs::cmd(noc_id_, ttfs::WR_CMD_BUF, TT_NOC_AT_LEN_BE) = NOC_MAX_BURST_SIZE;
			noc_async_write_one_packet_with_state<posted>(src, dst_lo, noc_id_);
			src += NOC_MAX_BURST_SIZE;
			dst_lo += NOC_MAX_BURST_SIZE;
			size -= NOC_MAX_BURST_SIZE;
		}
		ttfs::cmd(noc_id_, ttfs::WR_CMD_BUF, TT_NOC_AT_LEN_BE) = size;
		noc_async_write_one_packet_with_state<posted>(src, dst_lo, noc_id_);
	}

	void multicast(uint32_t src, uint64_t dst, uint32_t size, uint32_t num_dsts, bool linked,
		       bool include_src) const
	{
		if (include_src)
			noc_async_write_multicast_loopback_src(src, dst, size, num_dsts, linked, noc_id_);
		else
			noc_async_write_multicast(src, dst, size, num_dsts, linked, noc_id_);
	}

	void inline_write(uint64_t dst, uint32_t val, uint8_t be) const
	{
		noc_inline_dw_write(dst, val, be, noc_id_);
	}

public:
	Noc() : noc_id_(noc_index) {}
	explicit Noc(uint8_t noc_id) : noc_id_(noc_id) {}

	uint8_t get_noc_id() const { return noc_id_; }

	bool is_local_bank(uint32_t virtual_x, uint32_t virtual_y) const
	{
		return virtual_x == my_x[noc_id_] && virtual_y == my_y[noc_id_];
	}

	bool is_local_addr(uint64_t noc_addr) const
	{
		uint32_t xy = static_cast<uint32_t>(noc_addr >> TT_NOC_ADDR_LOCAL_BITS);
		return is_local_bank(xy & 0x3F, (xy >> 6) & 0x3F);
	}

	// ---- the first spelling: one enum template argument per option ----

	template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_read(const Src &src, const Dst &dst, uint32_t size_bytes,
			const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			uint32_t read_req_vc = NOC_UNICAST_WRITE_VC,
			uint32_t trid = INVALID_TXN_ID) const
	{
		read<max_page_size>(src_noc(src, src_args), dst_l1(dst, dst_args), size_bytes,
				    txn_id_mode == TxnIdMode::ENABLED, trid, read_req_vc);
	}

	template <VcSelection vc_selection = VcSelection::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src>
	void set_async_read_state(const Src &src, uint32_t size_bytes,
				  const src_args_t<Src> &src_args, uint8_t vc = 0) const
	{
		read_state<max_page_size>(src_noc(src, src_args), size_bytes,
					  vc_selection == VcSelection::CUSTOM ? vc
									      : NOC_UNICAST_WRITE_VC);
	}

	template <VcSelection vc_selection = VcSelection::DEFAULT,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
	void async_read_with_state(const Src &src, const Dst &dst, uint32_t size_bytes,
				   const src_args_t<Src> &src_args,
				   const dst_args_t<Dst> &dst_args, uint8_t vc = 0) const
	{
		(void)vc;
		read_with_state<max_page_size>(static_cast<uint32_t>(src_noc(src, src_args)),
						dst_l1(dst, dst_args), size_bytes);
	}

	template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
		  ResponseMode response_mode = ResponseMode::NON_POSTED,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_write(const Src &src, const Dst &dst, uint32_t size_bytes,
			 const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			 uint32_t vc = NOC_UNICAST_WRITE_VC, uint32_t trid = INVALID_TXN_ID) const
	{
		write<response_mode == ResponseMode::POSTED>(src_l1(src, src_args),
							     dst_noc(dst, dst_args), size_bytes,
							     txn_id_mode == TxnIdMode::ENABLED, trid,
							     vc);
	}

	template <McastMode mcast_mode = McastMode::EXCLUDE_SRC,
		  TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
		  ResponseMode response_mode = ResponseMode::NON_POSTED,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
		  typename Src, typename Dst>
	void async_write_multicast(const Src &src, const Dst &dst, uint32_t size_bytes,
				   uint32_t num_dsts, const src_args_t<Src> &src_args,
				   const dst_args_mcast_t<Dst> &dst_args, bool linked = false,
				   uint32_t trid = INVALID_TXN_ID) const
	{
		static_assert(txn_id_mode == TxnIdMode::DISABLED,
			      "Mcasts with transaction id are not supported yet");
		static_assert(response_mode == ResponseMode::NON_POSTED,
			      "Mcasts with posted transactions are not supported");
		(void)trid;
		multicast(src_l1(src, src_args), dst_mcast(dst, dst_args), size_bytes, num_dsts,
			  linked, mcast_mode == McastMode::INCLUDE_SRC);
	}

	template <ResponseMode response_mode = ResponseMode::NON_POSTED,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Dst>
	void set_async_write_state(const Dst &dst, uint32_t size_bytes,
				   const dst_args_t<Dst> &dst_args,
				   uint8_t vc = NOC_UNICAST_WRITE_VC) const
	{
		noc_async_write_one_packet_set_state<response_mode == ResponseMode::POSTED>(
			dst_noc(dst, dst_args), size_bytes, noc_id_, vc);
	}

	template <ResponseMode response_mode = ResponseMode::NON_POSTED,
		  uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
	void async_write_with_state(const Src &src, const Dst &dst, uint32_t size_bytes,
				    const src_args_t<Src> &src_args,
				    const dst_args_t<Dst> &dst_args,
				    uint8_t vc = NOC_UNICAST_WRITE_VC) const
	{
		(void)vc;
		write_with_state<response_mode == ResponseMode::POSTED>(
			src_l1(src, src_args), static_cast<uint32_t>(dst_noc(dst, dst_args)),
			size_bytes);
	}

	template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
		  InlineWriteDst dst_type = InlineWriteDst::DEFAULT,
		  ResponseMode response_mode = ResponseMode::NON_POSTED, typename Dst>
	void inline_dw_write(const Dst &dst, uint32_t val, const dst_args_t<Dst> &dst_args,
			     uint8_t be = 0xF, uint32_t vc = NOC_UNICAST_WRITE_VC,
			     uint32_t trid = INVALID_TXN_ID) const
	{
		static_assert(txn_id_mode == TxnIdMode::DISABLED);
		static_assert(!std::is_same_v<Dst, MulticastEndpoint>);
		(void)vc;
		(void)trid;
		inline_write(dst_noc(dst, dst_args), val, be);
	}

	template <BarrierMode barrier_type = BarrierMode::FULL>
	void async_read_barrier(uint32_t trid = INVALID_TXN_ID) const
	{
		if constexpr (barrier_type == BarrierMode::TXN_ID)
			noc_async_read_barrier_with_trid(trid, noc_id_);
		else
			noc_async_read_barrier(noc_id_);
	}

	template <BarrierMode barrier_type = BarrierMode::FULL>
	void async_write_barrier(uint32_t trid = INVALID_TXN_ID) const
	{
		if constexpr (barrier_type == BarrierMode::TXN_ID)
			noc_async_write_barrier_with_trid(trid, noc_id_);
		else
			noc_async_write_barrier(noc_id_);
	}

	template <ResponseMode response_mode = ResponseMode::NON_POSTED,
		  BarrierMode barrier_type = BarrierMode::FULL>
	void async_writes_flushed(uint32_t trid = INVALID_TXN_ID) const
	{
		if constexpr (response_mode == ResponseMode::POSTED) {
			static_assert(barrier_type == BarrierMode::FULL);
			noc_async_posted_writes_flushed(noc_id_);
		} else if constexpr (barrier_type == BarrierMode::TXN_ID) {
			noc_async_write_flushed_with_trid(trid, noc_id_);
		} else {
			noc_async_writes_flushed(noc_id_);
		}
	}

	// ---- the second spelling: NocOptions first, NocOptVals last ----

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
		  bool enable_noc_tracing = true, typename Src, typename Dst>
	void async_read(const Src &src, const Dst &dst, uint32_t size_bytes,
			const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			const NocOptVals &noc_opts = {}) const
	{
		read<max_page_size>(src_noc(src, src_args), dst_l1(dst, dst_args), size_bytes,
				    has_flag(opts, NocOptions::TXN_ID), noc_opts.trid,
				    vc_of<opts>(noc_opts));
	}

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src>
	void set_async_read_state(const Src &src, uint32_t size_bytes,
				  const src_args_t<Src> &src_args,
				  const NocOptVals &noc_opts = {}) const
	{
		read_state<max_page_size>(src_noc(src, src_args), size_bytes, vc_of<opts>(noc_opts));
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			noc_async_read_set_trid(noc_opts.trid, noc_id_);
	}

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src,
		  typename Dst>
	void async_read_with_state(const Src &src, const Dst &dst, uint32_t size_bytes,
				   const src_args_t<Src> &src_args,
				   const dst_args_t<Dst> &dst_args,
				   const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::TXN_ID)) {
			static_assert(max_page_size <= NOC_MAX_BURST_SIZE,
				      "NocOptions::TXN_ID for async_read_with_state requires "
				      "one-packet mode (max_page_size <= NOC_MAX_BURST_SIZE)");
			noc_async_read_one_packet_with_state_with_trid(
				0, static_cast<uint32_t>(src_noc(src, src_args)), dst_l1(dst, dst_args),
				noc_opts.trid, noc_id_);
		} else {
			read_with_state<max_page_size>(static_cast<uint32_t>(src_noc(src, src_args)),
							dst_l1(dst, dst_args), size_bytes);
		}
	}

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
		  bool enable_noc_tracing = true, typename Src, typename Dst>
	void async_write(const Src &src, const Dst &dst, uint32_t size_bytes,
			 const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
			 const NocOptVals &noc_opts = {}) const
	{
		write<has_flag(opts, NocOptions::POSTED)>(src_l1(src, src_args),
							  dst_noc(dst, dst_args), size_bytes,
							  has_flag(opts, NocOptions::TXN_ID),
							  noc_opts.trid, vc_of<opts>(noc_opts));
	}

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
		  bool enable_noc_tracing = true, typename Src, typename Dst>
	void async_write_multicast(const Src &src, const Dst &dst, uint32_t size_bytes,
				   uint32_t num_dsts, const src_args_t<Src> &src_args,
				   const dst_args_mcast_t<Dst> &dst_args, bool linked = false) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "Mcasts with transaction id are not supported yet");
		static_assert(!has_flag(opts, NocOptions::POSTED),
			      "Mcasts with posted transactions are not supported");
		multicast(src_l1(src, src_args), dst_mcast(dst, dst_args), size_bytes, num_dsts,
			  linked, has_flag(opts, NocOptions::MCAST_INCL_SRC));
	}

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Dst>
	void set_async_write_state(const Dst &dst, uint32_t size_bytes,
				   const dst_args_t<Dst> &dst_args,
				   const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "NocOptions::TXN_ID is not supported for set_async_write_state; "
			      "use async_write<NocOptions::TXN_ID> for non-stateful writes with a "
			      "transaction ID");
		noc_async_write_one_packet_set_state<has_flag(opts, NocOptions::POSTED)>(
			dst_noc(dst, dst_args), size_bytes, noc_id_,
			static_cast<uint8_t>(vc_of<opts>(noc_opts)));
	}

	template <NocOptions opts, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src,
		  typename Dst>
	void async_write_with_state(const Src &src, const Dst &dst, uint32_t size_bytes,
				    const src_args_t<Src> &src_args,
				    const dst_args_t<Dst> &dst_args,
				    const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "NocOptions::TXN_ID is not supported for async_write_with_state; "
			      "use async_write<NocOptions::TXN_ID> for non-stateful writes with a "
			      "transaction ID");
		(void)noc_opts;
		write_with_state<has_flag(opts, NocOptions::POSTED)>(
			src_l1(src, src_args), static_cast<uint32_t>(dst_noc(dst, dst_args)),
			size_bytes);
	}

	template <NocOptions opts, typename Dst>
	void inline_dw_write(const Dst &dst, uint32_t val, const dst_args_t<Dst> &dst_args,
			     uint8_t be = 0xF, const NocOptVals &noc_opts = {}) const
	{
		static_assert(!has_flag(opts, NocOptions::TXN_ID),
			      "TxnId is not supported for inline_dw_write");
		static_assert(!(has_flag(opts, NocOptions::INLINE_L1) &&
				has_flag(opts, NocOptions::INLINE_REG)),
			      "INLINE_L1 and INLINE_REG are mutually exclusive in inline_dw_write");
		static_assert(!std::is_same_v<Dst, MulticastEndpoint>);
		(void)noc_opts;
		inline_write(dst_noc(dst, dst_args), val, be);
	}

	bool is_read_trid_flushed(uint32_t trid) const { return ttfs::outstanding(noc_id_, trid) == 0; }

	template <NocOptions opts>
	void async_read_barrier(const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			noc_async_read_barrier_with_trid(noc_opts.trid, noc_id_);
		else
			noc_async_read_barrier(noc_id_);
	}

	template <NocOptions opts>
	void async_write_barrier(const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::TXN_ID))
			noc_async_write_barrier_with_trid(noc_opts.trid, noc_id_);
		else
			noc_async_write_barrier(noc_id_);
	}

	template <NocOptions opts>
	void async_writes_flushed(const NocOptVals &noc_opts = {}) const
	{
		if constexpr (has_flag(opts, NocOptions::POSTED)) {
			static_assert(!has_flag(opts, NocOptions::TXN_ID),
				      "Posted writes flushed does not support TXN_ID");
			noc_async_posted_writes_flushed(noc_id_);
		} else if constexpr (has_flag(opts, NocOptions::TXN_ID)) {
			noc_async_write_flushed_with_trid(noc_opts.trid, noc_id_);
		} else {
			noc_async_writes_flushed(noc_id_);
		}
	}

	void async_atomic_barrier() const { noc_async_atomic_barrier(noc_id_); }
	void async_full_barrier() const { noc_async_full_barrier(noc_id_); }

private:
	template <NocOptions opts>
	static uint32_t vc_of(const NocOptVals &v)
	{
		return has_flag(opts, NocOptions::CUSTOM_VC) ? v.vc : NOC_UNICAST_WRITE_VC;
	}

	uint8_t noc_id_;
};

}  // namespace experimental
