// SPDX-License-Identifier: Apache-2.0
// binary_dest_reuse_tiles: tile t of c_0 copied into DST, then combined
// with tile t of c_1, into tile t of c_16: t 0 DST + B, 1 DST - B, 2 DST * B
// (DEST_TO_SRCA), 3 B - DST, 4 B * DST (DEST_TO_SRCB, the 2026 names for
// 4), 5 A + B + DST by add_block then add_reuse_dest (A + B + B).
#include <cstdint>
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
using R = EltwiseBinaryReuseDestType;
using E = EltwiseBinaryType;

static void reuse(uint32_t t)
{
	switch (t) {
	case 0:
		binary_dest_reuse_tiles_init<E::ELWADD, R::DEST_TO_SRCA>(b);
		binary_dest_reuse_tiles<E::ELWADD, R::DEST_TO_SRCA>(b, t, 0);
		break;
	case 1:
		binary_dest_reuse_tiles_init<E::ELWSUB, R::DEST_TO_SRCA>(b);
		binary_dest_reuse_tiles<E::ELWSUB, R::DEST_TO_SRCA>(b, t, 0);
		break;
	case 2:
		binary_dest_reuse_tiles<E::ELWMUL, R::DEST_TO_SRCA>(b, t, 0);
		break;
	case 3:
		binary_dest_reuse_tiles_init<E::ELWSUB, R::DEST_TO_SRCB>(b);
		binary_dest_reuse_tiles<E::ELWSUB, R::DEST_TO_SRCB>(b, t, 0);
		break;
	default:
		mul_reuse_dest_init<R::DEST_TO_SRCB>(b);
		mul_reuse_dest_tiles<R::DEST_TO_SRCB>(b, t, 0);
		break;
	}
}

void kernel_main()
{
	constexpr uint32_t n = 6;

	binary_op_init_common(a, b, out);
	cb_wait_front(a, n);
	cb_wait_front(b, n);
	cb_reserve_back(out, n);
	for (uint32_t t = 0; t < n; t++) {
		tile_regs_acquire();
		if (t < 5) {
			copy_tile_init(a);
			copy_tile(a, t, 0);
			reuse(t);
		} else {
			add_init(a, b);
			add_block(a, b, t, t, 0, 1);
			add_reuse_dest_init<R::DEST_TO_SRCA>(b);
			add_reuse_dest_tiles<R::DEST_TO_SRCA>(b, t, 0);
		}
		tile_regs_commit();
		tile_regs_wait();
		pack_block(out, 0, 1, t);
		tile_regs_release();
	}
	cb_push_back(out, n);
	cb_pop_front(a, n);
	cb_pop_front(b, n);
}
