// SPDX-License-Identifier: Apache-2.0
//
// The data-movement kernel API (BRISC and NCRISC) with tt-metal's names and
// semantics, written for ttfs's firmware contract: runtime-arg bases, CB
// interfaces and NOC counters come from the per-RISC globals block at
// 0xFFB00000 (tt/fw_abi.h) instead of firmware symbols, so a kernel is
// never linked against one firmware build.
//
// Everything that waits polls the hardware state a hang diagnosis can read:
// CB waits poll the overlay stream registers, NOC barriers the NIU status
// counters, semaphore waits the semaphore word in L1.
#pragma once

#include "ttfs/kernel_base.h"
#include "hostdevcommon/kernel_structs.h"
#include "hostdevcommon/common_values.hpp"
#include "api/compile_time_args.h"
#include "api/debug/dprint.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "ttfs/kernel_args.h"
#include "ttfs/cb_interface.h"

// ---- circular buffers -------------------------------------------------------
//
// The page counters shared by producer and consumer are the overlay stream
// registers of stream <cb> (tiles_received, tiles_acked), 16-bit modular
// as on silicon; each RISC keeps its own read/write pointers in its globals.

namespace ttfs {

FORCE_INLINE volatile tt_local_cb_interface &cb(uint32_t cb_id)
{
	return fw()->cb_interface[cb_id];
}

FORCE_INLINE volatile uint32_t *cb_received_reg(uint32_t cb_id)
{
	return reg(TT_STREAM_REG_ADDR(cb_id, TT_STREAM_TILES_RECEIVED_REG));
}

FORCE_INLINE volatile uint32_t *cb_acked_reg(uint32_t cb_id)
{
	return reg(TT_STREAM_REG_ADDR(cb_id, TT_STREAM_TILES_ACKED_REG));
}

}  // namespace ttfs

FORCE_INLINE bool cb_pages_reservable_at_back(int32_t operand, int32_t num_pages)
{
	uint32_t cb_id = static_cast<uint32_t>(operand);
	uint16_t received = static_cast<uint16_t>(*ttfs::cb_received_reg(cb_id));
	uint16_t acked = static_cast<uint16_t>(*ttfs::cb_acked_reg(cb_id));
	uint16_t free_pages = static_cast<uint16_t>(ttfs::cb(cb_id).fifo_num_pages -
						    static_cast<uint16_t>(received - acked));
	return free_pages >= static_cast<uint32_t>(num_pages);
}

FORCE_INLINE void cb_reserve_back(int32_t operand, int32_t num_pages)
{
	uint32_t cb_id = static_cast<uint32_t>(operand);
	uint32_t pages = ttfs::cb(cb_id).fifo_num_pages;
	uint16_t received = static_cast<uint16_t>(*ttfs::cb_received_reg(cb_id));
	volatile uint32_t *acked_reg = ttfs::cb_acked_reg(cb_id);
	uint16_t free_pages;

	// Only the consumer moves acked while we wait: poll just that register.
	do {
		uint16_t acked = static_cast<uint16_t>(*acked_reg);
		free_pages = static_cast<uint16_t>(pages - static_cast<uint16_t>(received - acked));
	} while (free_pages < static_cast<uint32_t>(num_pages));
	ttfs::cb_hold(ttfs::fw()->cb_reserved_pages[cb_id], num_pages);
}

FORCE_INLINE void cb_push_back(int32_t operand, int32_t num_pages)
{
	uint32_t cb_id = static_cast<uint32_t>(operand);
	volatile tt_local_cb_interface &cb = ttfs::cb(cb_id);
	uint32_t wr = cb.fifo_wr_ptr + static_cast<uint32_t>(num_pages) * cb.fifo_page_size;

	*ttfs::cb_received_reg(cb_id) += static_cast<uint32_t>(num_pages);
	ttfs::cb_release(ttfs::fw()->cb_reserved_pages[cb_id], num_pages);
	// Pushes within one lap add up to the CB exactly, so the pointer wraps
	// only on the limit itself.
	if (wr == cb.fifo_limit)
		wr -= cb.fifo_size;
	cb.fifo_wr_ptr = wr;
}

FORCE_INLINE bool cb_pages_available_at_front(int32_t operand, int32_t num_pages)
{
	uint32_t cb_id = static_cast<uint32_t>(operand);
	uint16_t acked = static_cast<uint16_t>(*ttfs::cb_acked_reg(cb_id));
	uint16_t received = static_cast<uint16_t>(*ttfs::cb_received_reg(cb_id));
	return static_cast<uint16_t>(received - acked) >= static_cast<uint32_t>(num_pages);
}

FORCE_INLINE void cb_wait_front(int32_t operand, int32_t num_pages)
{
	uint32_t cb_id = static_cast<uint32_t>(operand);
	uint16_t acked = static_cast<uint16_t>(*ttfs::cb_acked_reg(cb_id));
	volatile uint32_t *received_reg = ttfs::cb_received_reg(cb_id);

	while (static_cast<uint16_t>(static_cast<uint16_t>(*received_reg) - acked) <
	       static_cast<uint32_t>(num_pages))
		;
	ttfs::cb_hold(ttfs::fw()->cb_waited_pages[cb_id], num_pages);
}

FORCE_INLINE void cb_pop_front(int32_t operand, int32_t num_pages)
{
	uint32_t cb_id = static_cast<uint32_t>(operand);
	volatile tt_local_cb_interface &cb = ttfs::cb(cb_id);
	uint32_t rd = cb.fifo_rd_ptr + static_cast<uint32_t>(num_pages) * cb.fifo_page_size;

	*ttfs::cb_acked_reg(cb_id) += static_cast<uint32_t>(num_pages);
	ttfs::cb_release(ttfs::fw()->cb_waited_pages[cb_id], num_pages);
	if (rd == cb.fifo_limit)
		rd -= cb.fifo_size;
	cb.fifo_rd_ptr = rd;
}

FORCE_INLINE uint32_t get_write_ptr(uint32_t operand)
{
	return ttfs::cb(operand).fifo_wr_ptr;
}

FORCE_INLINE uint32_t get_read_ptr(uint32_t operand)
{
	return ttfs::cb(operand).fifo_rd_ptr;
}

// tt-metal reads tile sizes, shapes and formats from the build's generated
// chlkc_descriptors.h (unpack_tile_size[], unpack_src_format[], ...). A build
// that generates one gets the same; otherwise the CB's page size, as the
// host configured it, is the tile size and the format follows from it
// (the bfloat16 family: 4096 Float32, 2048 Float16_b, 1088 Bfp8_b,
// 576 Bfp4_b, 320 Bfp2_b, anything else Invalid).
#if __has_include("chlkc_descriptors.h")
#include "chlkc_descriptors.h"
#define DATA_FORMATS_DEFINED 1
FORCE_INLINE constexpr uint32_t get_tile_size(uint32_t operand)
{
	return unpack_tile_size[operand];
}

FORCE_INLINE constexpr DataFormat get_dataformat(uint32_t operand)
{
	return static_cast<DataFormat>(unpack_src_format[operand]);
}

// The CB's tile shape (its `tile` in the args): values and faces.
FORCE_INLINE constexpr uint32_t get_tile_hw(uint32_t operand)
{
	return static_cast<uint32_t>(unpack_tile_r_dim[operand]) * unpack_tile_c_dim[operand];
}

FORCE_INLINE constexpr uint32_t get_tile_num_faces(uint32_t operand)
{
	return unpack_tile_num_faces[operand];
}
#else
FORCE_INLINE uint32_t get_tile_size(uint32_t operand)
{
	return ttfs::cb(operand).fifo_page_size;
}

FORCE_INLINE DataFormat get_dataformat(uint32_t operand)
{
	switch (get_tile_size(operand)) {
	case 4096: return DataFormat::Float32;
	case 2048: return DataFormat::Float16_b;
	case 1088: return DataFormat::Bfp8_b;
	case 576: return DataFormat::Bfp4_b;
	case 320: return DataFormat::Bfp2_b;
	default: return DataFormat::Invalid;
	}
}

// Without descriptors every tile is 32x32.
FORCE_INLINE constexpr uint32_t get_tile_hw(uint32_t) { return 1024; }
FORCE_INLINE constexpr uint32_t get_tile_num_faces(uint32_t) { return 4; }
#endif

// ---- NOC --------------------------------------------------------------------
//
// Command buffers as tt-metal assigns them: 0 writes, 1 reads, 3 atomics
// and inline writes. The simulator performs a transaction when CMD_CTRL is
// written; the barriers still count completions in the NIU status
// registers against the software counters, as on silicon.

namespace ttfs {

constexpr uint32_t WR_CMD_BUF = 0;
constexpr uint32_t RD_CMD_BUF = 1;
constexpr uint32_t AT_CMD_BUF = 3;
constexpr uint32_t UNICAST_VC = 1;
constexpr uint32_t MULTICAST_VC = 4;
constexpr uint32_t static_vc(uint32_t vc) { return TT_NOC_CMD_VC_STATIC | (vc << 13); }

FORCE_INLINE volatile uint32_t &cmd(uint8_t noc, uint32_t buf, uint32_t r)
{
	return *reg(TT_NOC_CMD_BUF(noc, buf) + r);
}

FORCE_INLINE uint32_t niu_status(uint8_t noc, uint32_t i)
{
	return *reg(TT_NOC_REGS_BASE(noc) + TT_NOC_STATUS(i));
}

FORCE_INLINE void wait_cmd_buf(uint8_t noc, uint32_t buf)
{
	while (cmd(noc, buf, TT_NOC_CMD_CTRL) != 0)
		;
}

FORCE_INLINE uint32_t my_xy(uint8_t noc)
{
	return fw()->my_x[noc] | (static_cast<uint32_t>(fw()->my_y[noc]) << 6);
}

// The three address registers of a NOC address: low 32 bits, bits 32-35,
// and the coordinates (unicast x|y<<6, or a multicast rectangle).
FORCE_INLINE void set_addr(uint8_t noc, uint32_t buf, uint32_t lo_reg, uint64_t addr)
{
	cmd(noc, buf, lo_reg) = static_cast<uint32_t>(addr);
	cmd(noc, buf, lo_reg + 4) = static_cast<uint32_t>(addr >> 32) & 0xFu;
	cmd(noc, buf, lo_reg + 8) = static_cast<uint32_t>(addr >> TT_NOC_ADDR_LOCAL_BITS) & 0xFFFFFFu;
}

FORCE_INLINE uint64_t local_noc_addr(uint8_t noc, uint32_t l1_addr)
{
	return (static_cast<uint64_t>(my_xy(noc)) << TT_NOC_ADDR_LOCAL_BITS) | l1_addr;
}

FORCE_INLINE void read_packet(uint64_t src, uint32_t dst, uint32_t len, uint8_t noc,
			      uint32_t vc = UNICAST_VC)
{
	wait_cmd_buf(noc, RD_CMD_BUF);
	cmd(noc, RD_CMD_BUF, TT_NOC_CTRL) = TT_NOC_CMD_RESP_MARKED | static_vc(vc);
	set_addr(noc, RD_CMD_BUF, TT_NOC_RET_ADDR_LO, local_noc_addr(noc, dst));
	set_addr(noc, RD_CMD_BUF, TT_NOC_TARG_ADDR_LO, src);
	cmd(noc, RD_CMD_BUF, TT_NOC_AT_LEN_BE) = len;
	cmd(noc, RD_CMD_BUF, TT_NOC_CMD_CTRL) = 1;
	fw()->noc_reads_num_issued[noc] = fw()->noc_reads_num_issued[noc] + 1;
}

// What a write adds to the software counters once it is issued: a posted
// write counts as sent only, a non-posted one also awaits num_dests acks.
FORCE_INLINE void count_write(uint8_t noc, bool posted, uint32_t num_dests)
{
	if (posted) {
		fw()->noc_posted_writes_num_issued[noc] = fw()->noc_posted_writes_num_issued[noc] + 1;
		return;
	}
	fw()->noc_nonposted_writes_num_issued[noc] = fw()->noc_nonposted_writes_num_issued[noc] + 1;
	fw()->noc_nonposted_writes_acked[noc] = fw()->noc_nonposted_writes_acked[noc] + num_dests;
}

FORCE_INLINE void write_packet(uint32_t src, uint64_t dst, uint32_t len, uint8_t noc,
			       uint32_t extra_ctrl, uint32_t num_dests, bool posted = false)
{
	wait_cmd_buf(noc, WR_CMD_BUF);
	cmd(noc, WR_CMD_BUF, TT_NOC_CTRL) =
		TT_NOC_CMD_WR | (posted ? 0 : TT_NOC_CMD_RESP_MARKED) | extra_ctrl;
	set_addr(noc, WR_CMD_BUF, TT_NOC_TARG_ADDR_LO, local_noc_addr(noc, src));
	set_addr(noc, WR_CMD_BUF, TT_NOC_RET_ADDR_LO, dst);
	cmd(noc, WR_CMD_BUF, TT_NOC_AT_LEN_BE) = len;
	cmd(noc, WR_CMD_BUF, TT_NOC_CMD_CTRL) = 1;
	count_write(noc, posted, num_dests);
}

// Set the software counters from the NIU's, so the barriers of this launch
// wait only for this launch's transactions. Called by the kernel start code.
inline void noc_local_state_init()
{
	for (uint8_t noc = 0; noc < TT_NUM_NOCS; noc++) {
		fw()->noc_reads_num_issued[noc] = niu_status(noc, TT_NIU_MST_RD_RESP_RECEIVED);
		fw()->noc_nonposted_writes_num_issued[noc] =
			niu_status(noc, TT_NIU_MST_NONPOSTED_WR_REQ_SENT);
		fw()->noc_nonposted_writes_acked[noc] = niu_status(noc, TT_NIU_MST_WR_ACK_RECEIVED);
		fw()->noc_nonposted_atomics_acked[noc] =
			niu_status(noc, TT_NIU_MST_ATOMIC_RESP_RECEIVED);
		fw()->noc_posted_writes_num_issued[noc] = niu_status(noc, TT_NIU_MST_POSTED_WR_REQ_SENT);
	}
}

}  // namespace ttfs

FORCE_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
				   uint8_t noc = noc_index)
{
	(void)noc;   // Blackhole coordinates are translated: the same on both NOCs
	return TT_NOC_XY_ADDR(noc_x, noc_y, addr);
}

FORCE_INLINE uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index)
{
	return ttfs::local_noc_addr(noc, addr);
}

FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start,
					     uint32_t noc_x_end, uint32_t noc_y_end, uint32_t addr,
					     uint8_t noc = noc_index)
{
	(void)noc;
	return TT_NOC_MULTICAST_ADDR(noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr);
}

FORCE_INLINE void noc_async_read_one_packet(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
					    uint32_t size, uint8_t noc = noc_index)
{
	ttfs::read_packet(src_noc_addr, dst_local_l1_addr, size, noc);
}

// The template parameters are tt-metal's (a bound on the size that lets it
// skip the split, and tracing); here every size is split the same way.
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true>
inline void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
			   uint8_t noc = noc_index, uint32_t read_req_vc = NOC_UNICAST_WRITE_VC)
{
	while (size > NOC_MAX_BURST_SIZE) {
		ttfs::read_packet(src_noc_addr, dst_local_l1_addr, NOC_MAX_BURST_SIZE, noc,
				  read_req_vc);
		src_noc_addr += NOC_MAX_BURST_SIZE;
		dst_local_l1_addr += NOC_MAX_BURST_SIZE;
		size -= NOC_MAX_BURST_SIZE;
	}
	ttfs::read_packet(src_noc_addr, dst_local_l1_addr, size, noc, read_req_vc);
}

// posted: no acknowledgement; noc_async_posted_writes_flushed waits for it,
// noc_async_write_barrier does not.
template <bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
					     uint32_t size, uint8_t noc = noc_index,
					     uint32_t vc = NOC_UNICAST_WRITE_VC)
{
	ttfs::write_packet(src_local_l1_addr, dst_noc_addr, size, noc, ttfs::static_vc(vc), 1,
			   posted);
}

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
	  bool posted = false>
inline void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
			    uint8_t noc = noc_index, uint32_t vc = NOC_UNICAST_WRITE_VC)
{
	while (size > NOC_MAX_BURST_SIZE) {
		noc_async_write_one_packet<enable_noc_tracing, posted>(
			src_local_l1_addr, dst_noc_addr, NOC_MAX_BURST_SIZE, noc, vc);
		src_local_l1_addr += NOC_MAX_BURST_SIZE;
		dst_noc_addr += NOC_MAX_BURST_SIZE;
		size -= NOC_MAX_BURST_SIZE;
	}
	noc_async_write_one_packet<enable_noc_tracing, posted>(src_local_l1_addr, dst_noc_addr,
							       size, noc, vc);
}

// num_dests is the number of cores in the rectangle that receive the data
// (the sender only with the _loopback_src form); the write barrier waits
// for that many acknowledgements, as on silicon.
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
inline void noc_async_write_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
				      uint32_t size, uint32_t num_dests, bool linked = false,
				      uint8_t noc = noc_index)
{
	uint32_t ctrl = TT_NOC_CMD_BRCST_PACKET | TT_NOC_CMD_PATH_RESERVE |
			ttfs::static_vc(ttfs::MULTICAST_VC) | (linked ? TT_NOC_CMD_VC_LINKED : 0);

	while (size > 0) {
		uint32_t n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
		ttfs::write_packet(src_local_l1_addr, dst_noc_addr_multicast, n, noc, ctrl, num_dests);
		src_local_l1_addr += n;
		dst_noc_addr_multicast += n;
		size -= n;
	}
}

inline void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr,
						   uint64_t dst_noc_addr_multicast, uint32_t size,
						   uint32_t num_dests, bool linked = false,
						   uint8_t noc = noc_index)
{
	uint32_t ctrl = TT_NOC_CMD_BRCST_PACKET | TT_NOC_CMD_PATH_RESERVE |
			TT_NOC_CMD_BRCST_SRC_INCLUDE | ttfs::static_vc(ttfs::MULTICAST_VC) |
			(linked ? TT_NOC_CMD_VC_LINKED : 0);

	while (size > 0) {
		uint32_t n = size > NOC_MAX_BURST_SIZE ? NOC_MAX_BURST_SIZE : size;
		ttfs::write_packet(src_local_l1_addr, dst_noc_addr_multicast, n, noc, ctrl, num_dests);
		src_local_l1_addr += n;
		dst_noc_addr_multicast += n;
		size -= n;
	}
}

FORCE_INLINE void noc_async_read_barrier(uint8_t noc = noc_index)
{
	while (ttfs::niu_status(noc, TT_NIU_MST_RD_RESP_RECEIVED) !=
	       ttfs::fw()->noc_reads_num_issued[noc])
		;
}

FORCE_INLINE void noc_async_write_barrier(uint8_t noc = noc_index)
{
	while (ttfs::niu_status(noc, TT_NIU_MST_WR_ACK_RECEIVED) !=
	       ttfs::fw()->noc_nonposted_writes_acked[noc])
		;
}

FORCE_INLINE void noc_async_writes_flushed(uint8_t noc = noc_index)
{
	while (ttfs::niu_status(noc, TT_NIU_MST_NONPOSTED_WR_REQ_SENT) !=
	       ttfs::fw()->noc_nonposted_writes_num_issued[noc])
		;
}

FORCE_INLINE void noc_async_posted_writes_flushed(uint8_t noc = noc_index)
{
	while (ttfs::niu_status(noc, TT_NIU_MST_POSTED_WR_REQ_SENT) !=
	       ttfs::fw()->noc_posted_writes_num_issued[noc])
		;
}

FORCE_INLINE void noc_async_atomic_barrier(uint8_t noc = noc_index)
{
	while (ttfs::niu_status(noc, TT_NIU_MST_ATOMIC_RESP_RECEIVED) !=
	       ttfs::fw()->noc_nonposted_atomics_acked[noc])
		;
}

FORCE_INLINE void noc_async_full_barrier(uint8_t noc = noc_index)
{
	noc_async_read_barrier(noc);
	noc_async_write_barrier(noc);
	noc_async_posted_writes_flushed(noc);
	noc_async_atomic_barrier(noc);
}

// A 4-byte write of val, with no source buffer. The simulator writes the
// aligned word whole (byte enables other than 0xF are not modelled).
inline void noc_inline_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF,
				uint8_t noc = noc_index)
{
	using namespace ttfs;
	wait_cmd_buf(noc, AT_CMD_BUF);
	cmd(noc, AT_CMD_BUF, TT_NOC_CTRL) = TT_NOC_CMD_WR | TT_NOC_CMD_WR_INLINE |
					    TT_NOC_CMD_RESP_MARKED | static_vc(UNICAST_VC);
	set_addr(noc, AT_CMD_BUF, TT_NOC_TARG_ADDR_LO, addr);
	cmd(noc, AT_CMD_BUF, TT_NOC_AT_LEN_BE) = static_cast<uint32_t>(be) << (addr & 0xC);
	cmd(noc, AT_CMD_BUF, TT_NOC_AT_DATA) = val;
	cmd(noc, AT_CMD_BUF, TT_NOC_CMD_CTRL) = 1;
	fw()->noc_nonposted_writes_num_issued[noc] = fw()->noc_nonposted_writes_num_issued[noc] + 1;
	fw()->noc_nonposted_writes_acked[noc] = fw()->noc_nonposted_writes_acked[noc] + 1;
}

// ---- semaphores -------------------------------------------------------------

template <ProgrammableCoreType type = ProgrammableCoreType::TENSIX>
FORCE_INLINE uint32_t get_semaphore(uint32_t semaphore_id)
{
	return ttfs::fw()->sem_l1_base + semaphore_id * L1_ALIGNMENT;
}

FORCE_INLINE void noc_semaphore_set(volatile tt_l1_ptr uint32_t *sem_addr, uint32_t val)
{
	*sem_addr = val;
}

FORCE_INLINE void noc_semaphore_wait(volatile tt_l1_ptr uint32_t *sem_addr, uint32_t val)
{
	while (*sem_addr != val)
		;
}

FORCE_INLINE void noc_semaphore_wait_min(volatile tt_l1_ptr uint32_t *sem_addr, uint32_t val)
{
	while (*sem_addr < val)
		;
}

namespace ttfs {

// INCR_GET of incr at addr on the atomic command buffer, non-posted (as
// tt-metal on Blackhole, where posted atomics can hang); extra_ctrl adds
// the VC and multicast bits, responses is how many come back.
inline void atomic_increment(uint64_t addr, uint32_t incr, uint8_t noc, uint32_t extra_ctrl,
			     uint32_t responses)
{
	wait_cmd_buf(noc, AT_CMD_BUF);
	set_addr(noc, AT_CMD_BUF, TT_NOC_RET_ADDR_LO, local_noc_addr(noc, TT_MEM_NOC_ATOMIC_RET_VAL));
	set_addr(noc, AT_CMD_BUF, TT_NOC_TARG_ADDR_LO, addr);
	cmd(noc, AT_CMD_BUF, TT_NOC_CTRL) = TT_NOC_CMD_AT | TT_NOC_CMD_RESP_MARKED | extra_ctrl;
	cmd(noc, AT_CMD_BUF, TT_NOC_AT_LEN_BE) = (TT_NOC_AT_INS_INCR_GET << 12) | (31u << 2) |
						 ((static_cast<uint32_t>(addr) >> 2) & 3u);
	cmd(noc, AT_CMD_BUF, TT_NOC_AT_DATA) = incr;
	cmd(noc, AT_CMD_BUF, TT_NOC_CMD_CTRL) = 1;
	fw()->noc_nonposted_atomics_acked[noc] = fw()->noc_nonposted_atomics_acked[noc] + responses;
}

}  // namespace ttfs

// Atomic add of incr to the word at addr (another core's L1 or DRAM);
// noc_async_atomic_barrier waits for it.
inline void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc = noc_index)
{
	ttfs::atomic_increment(addr, incr, noc, ttfs::static_vc(ttfs::UNICAST_VC), 1);
}

// Atomic add of incr to the word at addr, a multicast address: that word
// on every core of the rectangle but this one (num_dests of them, each
// answering); noc_async_atomic_barrier waits for all. Non-posted whatever
// posted says, as tt-metal on Blackhole.
template <bool posted = false>
inline void noc_semaphore_inc_multicast(uint64_t addr, uint32_t incr, uint32_t num_dests,
					uint8_t noc = noc_index,
					uint32_t vc = NOC_MULTICAST_WRITE_VC)
{
	ttfs::atomic_increment(addr, incr, noc,
			       TT_NOC_CMD_BRCST_PACKET | TT_NOC_CMD_PATH_RESERVE | ttfs::static_vc(vc),
			       num_dests);
}

FORCE_INLINE void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
					   uint8_t noc = noc_index)
{
	noc_async_write_one_packet(src_local_l1_addr, dst_noc_addr, 4, noc);
}

FORCE_INLINE void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
					      uint64_t dst_noc_addr_multicast, uint32_t num_dests,
					      bool linked = false, uint8_t noc = noc_index)
{
	noc_async_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, linked,
				  noc);
}

FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr,
							   uint64_t dst_noc_addr_multicast,
							   uint32_t num_dests, bool linked = false,
							   uint8_t noc = noc_index)
{
	noc_async_write_multicast_loopback_src(src_local_l1_addr, dst_noc_addr_multicast, 4,
					       num_dests, linked, noc);
}

// ---- stateful and transaction-id NOC calls ---------------------------------

#include "ttfs/noc_state.h"

// ---- interleaved buffers ----------------------------------------------------

#include "ttfs/addrgen.h"
#include "api/tensor/tensor_accessor.h"
