// SPDX-License-Identifier: Apache-2.0
//
// The compute side's low level, our counterpart of tt-llk: what each of
// the three TRISCs does to the simulated Tensix coprocessor through the
// MMIO command set of tt/tensix.h. The public API (api/compute/*) is
// bundles of these, one part per thread, as tt-metal's is of LLK calls.
//
// Blocking is done here, never by the coprocessor: before a command whose
// resource may be busy the thread polls a status register or a semaphore
// with plain loads (a loop that only loads, so the simulator can park the
// TRISC and hang diagnosis can name what it waits for), then issues it.
// Errors the SDK can see (a CB that was never configured, more pages than
// a CB holds, a DST index out of range) are reported with TT_TX_OP_ERROR,
// which stops the TRISC with a fault naming the call.
//
// Kernels never include this directly.
#pragma once

#include "ttfs/cb_interface.h"
#include "ttfs/compute_config.h"

namespace ttfs {
namespace tx {

constexpr uint32_t TILE_DIM_VALUES = 32;   // values in a tile's row and column

FORCE_INLINE void arg(uint32_t i, uint32_t v)
{
	*reg(TT_TX_ARG(i)) = v;
}

FORCE_INLINE void cmd(uint32_t op)
{
	*reg(TT_TX_CMD) = op;
}

FORCE_INLINE uint32_t src_status()
{
	return *reg(TT_TX_SRC_STATUS);
}

// Reports an error and stops: the coprocessor faults the TRISC on the
// command, so the loop after it only runs if it did not.
[[noreturn]] inline __attribute__((noinline)) void error(uint32_t code, uint32_t cb, uint32_t a,
							  uint32_t b, const char *call)
{
	arg(0, code);
	arg(1, cb);
	arg(2, a);
	arg(3, b);
	arg(4, static_cast<uint32_t>(reinterpret_cast<uintptr_t>(call)));
	cmd(TT_TX_OP_ERROR);
	for (;;)
		(void)src_status();
}

// cb: the CB the call names (its operand or output), for the message.
FORCE_INLINE void check_dst(uint32_t idst, const char *call, uint32_t cb_id = TT_TX_NO_CB)
{
	if (idst >= dst_tiles)
		error(TT_TX_ERR_DST_INDEX, cb_id, idst, dst_tiles, call);
}

// ---- configuration -------------------------------------------------------------

// tt-metal's hardware configure: every thread tells the coprocessor the
// build's DST mode, sync mode, math fidelity and approximate mode.
FORCE_INLINE void configure()
{
	arg(0, dst_mode);
	arg(1, dst_sync);
	arg(2, static_cast<uint32_t>(MATH_FIDELITY));
	arg(3, APPROX ? 1u : 0u);
	cmd(TT_TX_OP_CONFIG);
}

// Run by the start code of every TRISC before the kernel, so that a
// kernel that calls no *_init_common still works. Math also sets up the
// DST handshake as tt-llk's llk_math_pack_sync_init: MATH_PACK counts
// sections committed and not yet released, at most 2 (SyncHalf) or 1.
FORCE_INLINE void start()
{
	configure();
#if defined(TRISC_MATH)
	arg(0, TT_TX_SEM_MATH_PACK);
	arg(1, 0);
	arg(2, dst_sync == TT_TX_SYNC_HALF ? 2u : 1u);
	cmd(TT_TX_OP_SEMINIT);
#endif
}

// ---- circular buffers (TRISC0 reads them, TRISC2 writes them) ------------------
//
// Each keeps the pages it holds (cb_hold, ttfs/cb_interface.h): the
// simulator's Tensix model faults an unpack of a page TRISC0 did not wait
// for, or a pack into one TRISC2 did not reserve.

FORCE_INLINE volatile tt_local_cb_interface &cb(uint32_t cb_id)
{
	return fw()->cb_interface[cb_id];
}

FORCE_INLINE volatile uint32_t *cb_received(uint32_t cb_id)
{
	return reg(TT_STREAM_REG_ADDR(cb_id, TT_STREAM_TILES_RECEIVED_REG));
}

FORCE_INLINE volatile uint32_t *cb_acked(uint32_t cb_id)
{
	return reg(TT_STREAM_REG_ADDR(cb_id, TT_STREAM_TILES_ACKED_REG));
}

// Pages the CB holds; an error if it was never configured or holds fewer
// than n. The unpacker's view has no fifo_num_pages (as on silicon), so
// it is the size over the page size.
inline uint32_t cb_check(uint32_t cb_id, uint32_t n, const char *call)
{
	if (cb_id >= TT_NUM_CIRCULAR_BUFFERS || cb(cb_id).fifo_size == 0 ||
	    cb(cb_id).fifo_page_size == 0)
		error(TT_TX_ERR_CB_UNCONFIGURED, cb_id, 0, 0, call);
	uint32_t pages = cb(cb_id).fifo_size / cb(cb_id).fifo_page_size;
	if (n > pages)
		error(TT_TX_ERR_CB_TOO_SMALL, cb_id, n, pages, call);
	return pages;
}

FORCE_INLINE void cb_wait_front(uint32_t cb_id, uint32_t n)
{
	cb_check(cb_id, n, "cb_wait_front");
	uint16_t acked = static_cast<uint16_t>(*cb_acked(cb_id));
	volatile uint32_t *received = cb_received(cb_id);

	while (static_cast<uint16_t>(static_cast<uint16_t>(*received) - acked) < n)
		;
	cb_hold(fw()->cb_waited_pages[cb_id], static_cast<int32_t>(n));
}

FORCE_INLINE void cb_pop_front(uint32_t cb_id, uint32_t n)
{
	cb_check(cb_id, n, "cb_pop_front");
	volatile tt_local_cb_interface &c = cb(cb_id);
	uint32_t rd = c.fifo_rd_ptr + n * c.fifo_page_size;

	*cb_acked(cb_id) += n;
	if (rd >= c.fifo_limit)
		rd -= c.fifo_size;
	c.fifo_rd_ptr = rd;
	cb_release(fw()->cb_waited_pages[cb_id], static_cast<int32_t>(n));
}

FORCE_INLINE void cb_reserve_back(uint32_t cb_id, uint32_t n)
{
	uint32_t pages = cb_check(cb_id, n, "cb_reserve_back");
	uint16_t received = static_cast<uint16_t>(*cb_received(cb_id));
	volatile uint32_t *acked = cb_acked(cb_id);

	while (static_cast<uint16_t>(pages - static_cast<uint16_t>(received - static_cast<uint16_t>(*acked))) < n)
		;
	cb_hold(fw()->cb_reserved_pages[cb_id], static_cast<int32_t>(n));
}

FORCE_INLINE void cb_push_back(uint32_t cb_id, uint32_t n)
{
	cb_check(cb_id, n, "cb_push_back");
	volatile tt_local_cb_interface &c = cb(cb_id);
	uint32_t wr = c.fifo_wr_ptr + n * c.fifo_page_size;

	*cb_received(cb_id) += n;
	if (wr >= c.fifo_limit)
		wr -= c.fifo_size;
	c.fifo_wr_ptr = wr;
	c.fifo_wr_tile_ptr = 0;
	cb_release(fw()->cb_reserved_pages[cb_id], static_cast<int32_t>(n));
}

// ---- unpacker (TRISC0) ------------------------------------------------------------

// Flags for the next unpacks to SrcA (copy_tile_to_dst_init_short's and
// mm_init's transpose).
inline uint32_t unpack_a_flags;

// Tile `tile` past the CB's read pointer into the next SrcA (op
// UNPACK_A) or SrcB entry, once one is free. A CB the program made
// UnpackToDestFp32 goes to DST whole from SrcA's side (datacopy only, as
// tt-llk's unpack-to-dest: SrcB never has it).
inline void unpack(uint32_t op, uint32_t cb_id, uint32_t tile, uint32_t flags, const char *call)
{
	cb_check(cb_id, 0, call);
	volatile tt_local_cb_interface &c = cb(cb_id);
	uint32_t addr = (c.fifo_rd_ptr + tile * c.fifo_page_size) << TT_CB_COMPUTE_ADDR_SHIFT;

	if (op == TT_TX_OP_UNPACK_A) {
		while (TT_TX_SRCA_COUNT(src_status()) >= TT_TX_SRC_DEPTH)
			;
	} else {
		while (TT_TX_SRCB_COUNT(src_status()) >= TT_TX_SRC_DEPTH)
			;
	}
	if (op == TT_TX_OP_UNPACK_A && unpacks_to_dest(cb_id))
		flags |= TT_TX_UNPACK_TO_DEST;
	arg(0, addr);
	arg(1, in_format(cb_id));
	arg(2, flags);
	arg(3, cb_id);
	arg(4, in_tile_bytes(cb_id));
	arg(5, in_shape(cb_id));
	cmd(op);
}

// Bytes of one value of a row-major format (tilize, untilize): Float32,
// Int32, UInt32 4; Float16_b, Float16, UInt16 2; 0 for a block format,
// which the coprocessor refuses with a fault naming it.
FORCE_INLINE uint32_t datum_bytes(uint32_t format)
{
	return (format == 0 || format == 8 || format == 24) ? 4u :
	       (format == 5 || format == 1 || format == 9) ? 2u : 0u;
}

// Tilize: tile `tile` of row-major data past the CB's read pointer into
// the next SrcA entry. The data are tile rows of `block` tiles: 32 rows of
// 32 x block values, filling `block` pages; tile t is columns 32 (t %
// block) .. +31 of tile row t / block.
inline void unpack_tilize(uint32_t cb_id, uint32_t tile, uint32_t block, const char *call)
{
	cb_check(cb_id, 0, call);
	volatile tt_local_cb_interface &c = cb(cb_id);
	uint32_t size = datum_bytes(in_format(cb_id)), row = tile / block, col = tile % block;
	uint32_t page = c.fifo_page_size << TT_CB_COMPUTE_ADDR_SHIFT;
	uint32_t addr = (c.fifo_rd_ptr << TT_CB_COMPUTE_ADDR_SHIFT) + row * block * page +
			col * TILE_DIM_VALUES * size;

	while (TT_TX_SRCA_COUNT(src_status()) >= TT_TX_SRC_DEPTH)
		;
	arg(0, addr);
	arg(1, in_format(cb_id));
	arg(2, block * TILE_DIM_VALUES * size);
	arg(3, cb_id);
	arg(4, in_tile_bytes(cb_id));
	arg(5, unpacks_to_dest(cb_id) ? TT_TX_UNPACK_TO_DEST : 0u);
	cmd(TT_TX_OP_UNPACK_TILIZE_A);
}

// ---- math (TRISC1) ---------------------------------------------------------------------

// add_tiles_init's acc_to_dest.
inline uint32_t eltwise_flags;

FORCE_INLINE void wait_src_a()
{
	while (TT_TX_SRCA_COUNT(src_status()) == 0)
		;
}

FORCE_INLINE void wait_src_ab()
{
	uint32_t s;

	do
		s = src_status();
	while (TT_TX_SRCA_COUNT(s) == 0 || TT_TX_SRCB_COUNT(s) == 0);
}

inline void math_copy(uint32_t idst, uint32_t cb_id)
{
	check_dst(idst, "copy_tile", cb_id);
	wait_src_a();
	arg(0, idst);
	cmd(TT_TX_OP_MATH_COPY);
}

inline void math_eltwise(uint32_t idst, uint32_t op, const char *call, uint32_t cb_id)
{
	check_dst(idst, call, cb_id);
	wait_src_ab();
	arg(0, idst);
	arg(1, op);
	arg(2, eltwise_flags);
	cmd(TT_TX_OP_MATH_ELTWISE);
}

FORCE_INLINE void wait_src_b()
{
	while (TT_TX_SRCB_COUNT(src_status()) == 0)
		;
}

// op TT_TX_ELT_ADD/SUB/MUL with SrcB broadcast along dim, or
// TT_TX_ELT_COPY (unary_bcast: SrcB only).
inline void math_bcast(uint32_t idst, uint32_t op, uint32_t dim, uint32_t row, const char *call,
		       uint32_t cb_id)
{
	check_dst(idst, call, cb_id);
	if (op == TT_TX_ELT_COPY)
		wait_src_b();
	else
		wait_src_ab();
	arg(0, idst);
	arg(1, op);
	arg(2, dim);
	arg(3, row);
	cmd(TT_TX_OP_MATH_BCAST);
}

// DST[idst] as one operand (reuse TT_TX_REUSE_SRCA: A, the CB's tile in
// SrcB; TT_TX_REUSE_SRCB: B, the CB's tile in SrcA).
inline void math_reuse(uint32_t idst, uint32_t op, uint32_t reuse, const char *call, uint32_t cb_id)
{
	check_dst(idst, call, cb_id);
	if (reuse == TT_TX_REUSE_SRCA)
		wait_src_b();
	else
		wait_src_a();
	arg(0, idst);
	arg(1, op);
	arg(2, reuse);
	cmd(TT_TX_OP_MATH_REUSE);
}

inline void math_matmul(uint32_t idst, uint32_t cb_id)
{
	check_dst(idst, "matmul_tiles", cb_id);
	wait_src_ab();
	arg(0, idst);
	cmd(TT_TX_OP_MATH_MATMUL);
}

inline void math_reduce(uint32_t idst, uint32_t dim, uint32_t pool, uint32_t cb_id)
{
	check_dst(idst, "reduce_tile", cb_id);
	wait_src_ab();
	arg(0, idst);
	arg(1, dim);
	arg(2, pool);
	cmd(TT_TX_OP_MATH_REDUCE);
}

// ---- the DST handshake ---------------------------------------------------------------

FORCE_INLINE volatile uint32_t *sem(uint32_t i)
{
	return reg(TT_TX_SEM(i));
}

// Math: wait until a section is free (fewer committed than the max).
FORCE_INLINE void math_acquire()
{
	volatile uint32_t *v = sem(TT_TX_SEM_MATH_PACK);
	volatile uint32_t *max = reg(TT_TX_SEM_MAX(TT_TX_SEM_MATH_PACK));

	while (*v >= *max)
		;
}

// Pack: wait until math has committed a section.
FORCE_INLINE void pack_wait()
{
	volatile uint32_t *v = sem(TT_TX_SEM_MATH_PACK);

	while (*v == 0)
		;
}

FORCE_INLINE void pack_release()
{
	cmd(TT_TX_OP_PACK_RELEASE);
}

// ---- packer (TRISC2) -------------------------------------------------------------------

// DST tile idst into the CB at the write pointer: the next tile
// (fifo_wr_tile_ptr, reset by cb_push_back) or tile `index`.
inline void pack(uint32_t idst, uint32_t cb_id, bool out_of_order, uint32_t index)
{
	cb_check(cb_id, 0, "pack_tile");
	check_dst(idst, "pack_tile", cb_id);
	volatile tt_local_cb_interface &c = cb(cb_id);
	uint32_t offset;

	if (out_of_order) {
		offset = index * c.fifo_page_size;
	} else {
		offset = c.fifo_wr_tile_ptr;
		c.fifo_wr_tile_ptr = offset + c.fifo_page_size;
	}
	arg(0, idst);
	arg(1, (c.fifo_wr_ptr + offset) << TT_CB_COMPUTE_ADDR_SHIFT);
	arg(2, out_format(cb_id));
	arg(3, cb_id);
	arg(4, out_tile_bytes(cb_id));
	arg(5, out_shape(cb_id));
	cmd(TT_TX_OP_PACK);
}

// Untilize: DST tile idst as 32 rows of row-major data at `offset` bytes
// past the CB's write pointer, rows `pitch` bytes apart.
inline void pack_untilize(uint32_t idst, uint32_t cb_id, uint32_t offset, uint32_t pitch,
			  const char *call)
{
	cb_check(cb_id, 0, call);
	check_dst(idst, call, cb_id);
	volatile tt_local_cb_interface &c = cb(cb_id);

	arg(0, idst);
	arg(1, (c.fifo_wr_ptr << TT_CB_COMPUTE_ADDR_SHIFT) + offset);
	arg(2, out_format(cb_id));
	arg(3, cb_id);
	arg(4, out_tile_bytes(cb_id));
	arg(5, pitch);
	cmd(TT_TX_OP_PACK_UNTILIZE);
}

}  // namespace tx
}  // namespace ttfs
