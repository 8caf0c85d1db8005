// SPDX-License-Identifier: Apache-2.0
// tt-metal's 2.0 compute API (LLKOperand operands, 2026), every op on
// tiles of c_0 (A) and c_1 (B) into tile t of c_16, in the CBs' format
// (from the build's descriptors, as tt-metal's kernels take it): t 0-1
// add_block, 2 sub_tiles, 3 mul_block, 4 mul_tiles_bcast COL, 5
// add_tiles_bcast ROW (B's row 3), 6 sub_tiles_bcast SCALAR, 7 unary_bcast
// ROW of B, 8 copy_block, 9 transpose_block, 10 copy_tile then
// add_reuse_dest_tiles (A + B), 11 reduce_block SUM along rows with c_2's
// scaler. Packed with pack_block to each output tile's place, after the
// 2.0 reconfig_data_format calls.
#include <cstdint>
#include "api/compute/experimental/2_0/bcast.h"
#include "api/compute/experimental/2_0/eltwise_binary.h"
#include "api/compute/experimental/2_0/hw_startup.h"
#include "api/compute/experimental/2_0/pack.h"
#include "api/compute/experimental/2_0/reconfig_data_format.h"
#include "api/compute/experimental/2_0/reduce.h"
#include "api/compute/experimental/2_0/tile_move_copy.h"
#include "api/compute/experimental/2_0/transpose.h"

constexpr uint32_t a_cb = tt::CBIndex::c_0, b_cb = tt::CBIndex::c_1, s_cb = tt::CBIndex::c_2,
		   o_cb = tt::CBIndex::c_16;
using In = experimental::LLKOperand<static_cast<DataFormat>(unpack_src_format[a_cb]),
				    DEFAULT_TENSOR_SHAPE>;
using Out = experimental::LLKOperand<static_cast<DataFormat>(pack_dst_format[o_cb]),
				     ckernel::DEFAULT_TENSOR_SHAPE>;
using B = BroadcastType;
using E = EltwiseBinaryType;

static In in(uint32_t cb, uint32_t tile = 0)
{
	return In(experimental::detail::tile_address(In(get_local_cb_interface(cb).fifo_rd_ptr - 1), tile));
}

static Out out()
{
	return Out(get_local_cb_interface(o_cb).fifo_wr_ptr - 1);
}

// The op(s) of output tile t into DST 0 on; the tiles it made.
static uint32_t op(uint32_t t)
{
	const In a = in(a_cb), b = in(b_cb);

	switch (t) {
	case 0: experimental::add_init(a); experimental::add_block(a, b, 0, 0, 0, 2); return 2;
	case 2: experimental::sub_init(a); experimental::sub_tiles(a, b, t, t, 0); return 1;
	case 3: experimental::mul_init(a); experimental::mul_block(a, b, t, t, 0, 1); return 1;
	case 4:
		experimental::bcast_init<E::ELWMUL, B::COL>(a);
		experimental::mul_tiles_bcast<B::COL>(a, b, t, t, 0);
		return 1;
	case 5:
		experimental::bcast_init<E::ELWADD, B::ROW>(a);
		experimental::add_tiles_bcast<B::ROW>(a, b, t, t, 0, 3);
		return 1;
	case 6:
		experimental::bcast_init<E::ELWSUB, B::SCALAR>(a);
		experimental::sub_tiles_bcast<B::SCALAR>(a, b, t, t, 0);
		return 1;
	case 7:
		experimental::unary_bcast_init<B::ROW>(b);
		experimental::unary_bcast<B::ROW>(in(b_cb, t), 0);
		experimental::unary_bcast_uninit<B::ROW>(b);
		return 1;
	case 8: experimental::copy_init(a); experimental::copy_block(a, t, 0, 1); return 1;
	case 9: experimental::transpose_init(a); experimental::transpose_block(a, t, 0, 1); return 1;
	case 10:
		experimental::copy_init(a);
		experimental::copy_tile(in(a_cb, t), 0);
		experimental::add_reuse_dest_init<EltwiseBinaryReuseDestType::DEST_TO_SRCA>(b);
		experimental::add_reuse_dest_tiles<EltwiseBinaryReuseDestType::DEST_TO_SRCA>(b, t, 0);
		return 1;
	default:
		experimental::reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(a, out());
		experimental::reduce_block<PoolType::SUM, ReduceDim::REDUCE_ROW>(a, in(s_cb), t, 0, 0, 1);
		experimental::reduce_uninit();
		return 1;
	}
}

void kernel_main()
{
	constexpr uint32_t n = 12;

	compute_kernel_hw_startup(in(a_cb), in(b_cb), out());
	cb_wait_front(a_cb, n);
	cb_wait_front(b_cb, n);
	cb_wait_front(s_cb, 1);
	cb_reserve_back(o_cb, n);
	experimental::reconfig_data_format_srca(in(a_cb));
	experimental::reconfig_data_format_srcb(in(b_cb));
	experimental::pack_reconfig_data_format(out());
	experimental::pack_init(out());
	for (uint32_t t = 0; t < n;) {
		tile_regs_acquire();
		uint32_t made = op(t);
		tile_regs_commit();
		tile_regs_wait();
		experimental::pack_block(out(), 0, made, t);
		tile_regs_release();
		t += made;
	}
	cb_push_back(o_cb, n);
	cb_pop_front(a_cb, n);
	cb_pop_front(b_cb, n);
	cb_pop_front(s_cb, 1);
}
