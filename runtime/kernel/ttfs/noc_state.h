// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's stateful and transaction-id NOC calls, part of the dataflow API
// (api/dataflow/dataflow_api.h includes this; kernels never do).
//
// Stateful: a _set_state call programs the registers of a command buffer
// that stay the same across many transfers (the far end's coordinates and
// high address bits, the length, the control word); each _with_state call
// then writes only the low address words and issues. The command-buffer
// registers keep their values between transactions, on silicon as in the
// simulator, so nothing else may use that buffer in between: reads use
// buffer 1, writes buffer 0, as every other read and write does.
//
// Transaction ids: a 4-bit tag in the buffer's PACKET_TAG register, sticky
// like the others. The NIU counts the outstanding requests of each id
// (NIU_MST_REQS_OUTSTANDING_ID) and the writes whose data has not left yet
// (NIU_MST_WRITE_REQS_OUTGOING_ID); the _with_trid barriers wait for those
// to reach zero. Tagged transfers also count in the ordinary counters, so
// the plain barriers cover them too.
#pragma once

namespace ttfs {

constexpr uint32_t packet_tag(uint32_t trid) { return (trid & NOC_MAX_TRANSACTION_ID) << 10; }

// Registers shared by every stateful read: the source's coordinates and
// bits 32-35, our own coordinates for the data's return, the control word.
FORCE_INLINE void read_state(uint8_t noc, uint64_t src, uint32_t vc)
{
	wait_cmd_buf(noc, RD_CMD_BUF);
	cmd(noc, RD_CMD_BUF, TT_NOC_CTRL) = TT_NOC_CMD_RESP_MARKED | static_vc(vc);
	set_addr(noc, RD_CMD_BUF, TT_NOC_RET_ADDR_LO, local_noc_addr(noc, 0));
	set_addr(noc, RD_CMD_BUF, TT_NOC_TARG_ADDR_LO, src);
}

FORCE_INLINE void read_with_state(uint8_t noc, uint32_t src_lo, uint32_t dst, bool count)
{
	wait_cmd_buf(noc, RD_CMD_BUF);
	cmd(noc, RD_CMD_BUF, TT_NOC_TARG_ADDR_LO) = src_lo;
	cmd(noc, RD_CMD_BUF, TT_NOC_RET_ADDR_LO) = dst;
	cmd(noc, RD_CMD_BUF, TT_NOC_CMD_CTRL) = 1;
	if (count)
		fw()->noc_reads_num_issued[noc] = fw()->noc_reads_num_issued[noc] + 1;
}

FORCE_INLINE void write_state(uint8_t noc, uint32_t buf, uint64_t dst, uint32_t size,
			      uint32_t vc, bool posted)
{
	wait_cmd_buf(noc, buf);
	cmd(noc, buf, TT_NOC_CTRL) =
		TT_NOC_CMD_WR | (posted ? 0 : TT_NOC_CMD_RESP_MARKED) | static_vc(vc);
	set_addr(noc, buf, TT_NOC_TARG_ADDR_LO, local_noc_addr(noc, 0));
	set_addr(noc, buf, TT_NOC_RET_ADDR_LO, dst);
	cmd(noc, buf, TT_NOC_AT_LEN_BE) = size;
}

FORCE_INLINE void write_with_state(uint8_t noc, uint32_t buf, uint32_t src, uint32_t dst_lo,
				   bool posted, bool count)
{
	wait_cmd_buf(noc, buf);
	cmd(noc, buf, TT_NOC_TARG_ADDR_LO) = src;
	cmd(noc, buf, TT_NOC_RET_ADDR_LO) = dst_lo;
	cmd(noc, buf, TT_NOC_CMD_CTRL) = 1;
	if (count)
		count_write(noc, posted, 1);
}

FORCE_INLINE void set_trid(uint8_t noc, uint32_t buf, uint32_t trid)
{
	wait_cmd_buf(noc, buf);
	cmd(noc, buf, TT_NOC_PACKET_TAG) = packet_tag(trid);
}

}  // namespace ttfs

// ---- stateful reads ---------------------------------------------------------

// One packet (size <= NOC_MAX_BURST_SIZE) from the node of src_noc_addr;
// the _with_state call gives the low 32 bits of the source address.
template <bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size,
						      const uint32_t vc = 0,
						      uint8_t noc = noc_index)
{
	ttfs::read_state(noc, src_noc_addr, use_vc ? vc : NOC_UNICAST_WRITE_VC);
	ttfs::cmd(noc, ttfs::RD_CMD_BUF, TT_NOC_AT_LEN_BE) = size;
}

template <bool inc_num_issued = true, bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_with_state(uint32_t src_local_l1_addr,
						       uint32_t dst_local_l1_addr,
						       const uint32_t vc = 0,
						       uint8_t noc = noc_index)
{
	// The control word (and its VC) came with the state.
	(void)vc;
	ttfs::read_with_state(noc, src_local_l1_addr, dst_local_l1_addr, inc_num_issued);
}

// Any length from the node of src_noc_addr, split into packets as
// noc_async_read splits.
FORCE_INLINE void noc_async_read_set_state(uint64_t src_noc_addr, uint8_t noc = noc_index)
{
	ttfs::read_state(noc, src_noc_addr, NOC_UNICAST_WRITE_VC);
}

template <bool inc_num_issued = true>
FORCE_INLINE void noc_async_read_with_state(uint32_t src_local_l1_addr, uint32_t dst_local_l1_addr,
					    uint32_t size, uint8_t noc = noc_index)
{
	while (size > 0) {
		uint32_t n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;

		ttfs::wait_cmd_buf(noc, ttfs::RD_CMD_BUF);
		ttfs::cmd(noc, ttfs::RD_CMD_BUF, TT_NOC_AT_LEN_BE) = n;
		ttfs::read_with_state(noc, src_local_l1_addr, dst_local_l1_addr, inc_num_issued);
		src_local_l1_addr += n;
		dst_local_l1_addr += n;
		size -= n;
	}
}

// For reads issued with inc_num_issued = false: count them before the barrier.
FORCE_INLINE void noc_async_read_inc_num_issued(uint32_t num_issued_reads_inc,
						uint8_t noc = noc_index)
{
	ttfs::fw()->noc_reads_num_issued[noc] =
		ttfs::fw()->noc_reads_num_issued[noc] + num_issued_reads_inc;
}

// ---- stateful writes --------------------------------------------------------

// One packet to the node of dst_noc_addr; the _with_state call gives the low
// 32 bits of the destination address. posted as for noc_async_write.
template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_set_state(uint64_t dst_noc_addr, uint32_t size,
						       uint8_t noc = noc_index,
						       uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	ttfs::write_state(noc, ttfs::WR_CMD_BUF, dst_noc_addr, size, vc, posted);
}

template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_state(uint32_t src_local_l1_addr,
							uint32_t dst_local_l1_addr,
							uint8_t noc = noc_index)
{
	ttfs::write_with_state(noc, ttfs::WR_CMD_BUF, src_local_l1_addr, dst_local_l1_addr, posted,
			       true);
}

// ---- transaction ids --------------------------------------------------------

FORCE_INLINE void noc_async_read_set_trid(uint32_t trid = 0, uint8_t noc = noc_index)
{
	ttfs::set_trid(noc, ttfs::RD_CMD_BUF, trid);
}

FORCE_INLINE void noc_async_write_set_trid(uint32_t trid = 0, uint8_t noc = noc_index)
{
	ttfs::set_trid(noc, ttfs::WR_CMD_BUF, trid);
}

namespace ttfs {

// Requests of id trid still in flight (the NIU's 8-bit counter).
FORCE_INLINE uint32_t outstanding(uint8_t noc, uint32_t trid)
{
	return niu_status(noc, TT_NIU_MST_REQS_OUTSTANDING_ID(trid & NOC_MAX_TRANSACTION_ID));
}

// How many more requests of id trid the counter takes.
FORCE_INLINE uint32_t available_transactions(uint8_t noc, uint32_t trid)
{
	return NOC_MAX_TRANSACTION_ID_COUNT + 1 - outstanding(noc, trid);
}

}  // namespace ttfs

// One packet from src_base_addr + src_addr of the node set by a read
// _set_state call, tagged with the id set by noc_async_read_set_trid (trid
// names the id to wait on when too many are in flight, as on silicon).
template <bool skip_ptr_update = false, bool skip_cmdbuf_chk = false>
FORCE_INLINE void noc_async_read_one_packet_with_state_with_trid(uint32_t src_base_addr,
								 uint32_t src_addr,
								 uint32_t dest_addr,
								 uint32_t trid = 0,
								 uint8_t noc = noc_index)
{
	while (ttfs::outstanding(noc, trid) > (NOC_MAX_TRANSACTION_ID_COUNT + 1) / 2)
		;
	ttfs::read_with_state(noc, src_base_addr + src_addr, dest_addr, !skip_ptr_update);
}

FORCE_INLINE void noc_async_read_barrier_with_trid(uint32_t trid, uint8_t noc = noc_index)
{
	while (ttfs::outstanding(noc, trid) != 0)
		;
}

// A write of one packet tagged trid, on cmd_buf (0 unless the kernel keeps
// another buffer's state).
template <bool update_counter = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid(uint32_t src_local_l1_addr,
						       uint64_t dst_noc_addr, uint32_t size,
						       uint32_t trid,
						       uint8_t cmd_buf = ttfs::WR_CMD_BUF,
						       uint8_t noc = noc_index,
						       uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	// Blackhole's tt-metal always counts these writes (its issue 28758).
	(void)update_counter;
	ttfs::set_trid(noc, cmd_buf, trid);
	ttfs::write_state(noc, cmd_buf, dst_noc_addr, size, vc, posted);
	ttfs::write_with_state(noc, cmd_buf, src_local_l1_addr, static_cast<uint32_t>(dst_noc_addr),
			       posted, true);
}

template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid_set_state(uint64_t dst_noc_addr,
								 uint8_t cmd_buf = ttfs::WR_CMD_BUF,
								 uint8_t noc = noc_index,
								 uint8_t vc = NOC_UNICAST_WRITE_VC)
{
	ttfs::write_state(noc, cmd_buf, dst_noc_addr, 0, vc, posted);
}

template <bool update_counter = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid_with_state(uint32_t src_local_l1_addr,
								  uint32_t dst_local_l1_addr,
								  uint32_t size, uint32_t trid,
								  uint8_t cmd_buf = ttfs::WR_CMD_BUF,
								  uint8_t noc = noc_index)
{
	(void)update_counter;
	ttfs::set_trid(noc, cmd_buf, trid);
	ttfs::cmd(noc, cmd_buf, TT_NOC_AT_LEN_BE) = size;
	ttfs::write_with_state(noc, cmd_buf, src_local_l1_addr, dst_local_l1_addr, posted, true);
}

// Every write of id trid acknowledged.
FORCE_INLINE void noc_async_write_barrier_with_trid(uint32_t trid, uint8_t noc = noc_index)
{
	while (ttfs::outstanding(noc, trid) != 0)
		;
}

// Every write of id trid has left (its source may be reused), acks or not.
FORCE_INLINE void noc_async_write_flushed_with_trid(uint32_t trid, uint8_t noc = noc_index)
{
	while (ttfs::niu_status(noc, TT_NIU_MST_WRITE_REQS_OUTGOING_ID(trid & NOC_MAX_TRANSACTION_ID)) !=
	       0)
		;
}

// Zero the outstanding counters of the ids in id_mask.
FORCE_INLINE void reset_noc_trid_barrier_counter(uint32_t id_mask = 0xFFFFu,
						 uint32_t noc = noc_index)
{
	*ttfs::reg(TT_NOC_REGS_BASE(noc) + TT_NOC_CLEAR_OUTSTANDING_REQ) = id_mask;
}
