// SPDX-License-Identifier: Apache-2.0
// Integer binary SFPU ops in DataFormat INT_FORMAT (a define: Int32, UInt32 or
// UInt16): tile i of c_0 into DST 0, of c_1 into DST 1, op i into DST 2,
// packed into c_16: 0 add, 1 sub, 2 rsub, 3 mul, 4 and, 5 or, 6 xor,
// 7 left shift, 8 right shift, 9 logical right shift, 10 max, 11 min
// (Int32 and UInt32 only).
//
// Runtime args: 0 tiles.
#include <cstdint>
#include "compute_kernel_api/add_int_sfpu.h"
#include "compute_kernel_api/sub_int_sfpu.h"
#include "compute_kernel_api/mul_int_sfpu.h"
#include "compute_kernel_api/binary_bitwise_sfpu.h"
#include "compute_kernel_api/binary_shift.h"
#include "compute_kernel_api/binary_max_min.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"

constexpr auto fmt = DataFormat::INT_FORMAT;

static void op(uint32_t i)
{
	switch (i) {
	case 0: add_int_tile_init(); add_int_tile<fmt>(0, 1, 2); break;
	case 1: sub_int_tile_init(); sub_int_tile<fmt>(0, 1, 2); break;
	case 2: rsub_int_tile_init(); rsub_int_tile<fmt>(0, 1, 2); break;
	case 3: mul_int_tile_init<fmt>(); mul_int_tile<fmt>(0, 1, 2); break;
	case 4: binary_bitwise_tile_init(); bitwise_and_binary_tile<fmt>(0, 1, 2); break;
	case 5: binary_bitwise_tile_init(); bitwise_or_binary_tile<fmt>(0, 1, 2); break;
	case 6: binary_bitwise_tile_init(); bitwise_xor_binary_tile<fmt>(0, 1, 2); break;
	case 7: binary_shift_tile_init(); binary_left_shift_tile<fmt>(0, 1, 2); break;
	case 8: binary_shift_tile_init(); binary_right_shift_tile<fmt>(0, 1, 2); break;
	case 9: binary_shift_tile_init(); binary_logical_right_shift_tile<fmt>(0, 1, 2); break;
	case 10:
		if constexpr (fmt == DataFormat::Int32) {
			binary_max_int32_tile_init();
			binary_max_int32_tile(0, 1, 2);
		} else {
			binary_max_uint32_tile_init();
			binary_max_uint32_tile(0, 1, 2);
		}
		break;
	default:
		if constexpr (fmt == DataFormat::Int32) {
			binary_min_int32_tile_init();
			binary_min_int32_tile(0, 1, 2);
		} else {
			binary_min_uint32_tile_init();
			binary_min_uint32_tile(0, 1, 2);
		}
		break;
	}
}

namespace NAMESPACE {
void MAIN
{
	uint32_t n = get_arg_val<uint32_t>(0);
	constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

	init_sfpu(a, out);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(a, 1);
		cb_wait_front(b, 1);
		tile_regs_acquire();
		copy_tile(a, 0, 0);
		copy_tile(b, 0, 1);
		op(i);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(2, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(a, 1);
		cb_pop_front(b, 1);
	}
}
}  // namespace NAMESPACE
