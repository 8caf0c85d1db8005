// SPDX-License-Identifier: Apache-2.0
// matmul_block.cpp's 2x2-tile output block with tt-metal's 2.0 matmul
// (LLKOperand operands): experimental::matmul_block (arg 1 = 1) or
// experimental::matmul_tiles over the same tiles in the same order
// (arg 1 = 0), packed with experimental::pack_block.
//
// Runtime args: 0 KT, 1 use matmul_block.
#include <cstdint>
#include "api/compute/experimental/2_0/hw_startup.h"
#include "api/compute/experimental/2_0/matmul.h"
#include "api/compute/experimental/2_0/pack.h"

constexpr uint32_t in0_cb = tt::CBIndex::c_0, in1_cb = tt::CBIndex::c_1, out_cb = tt::CBIndex::c_16;
using In = experimental::LLKOperand<static_cast<DataFormat>(unpack_src_format[in0_cb]),
				    DEFAULT_TENSOR_SHAPE>;
using Out = experimental::LLKOperand<static_cast<DataFormat>(pack_dst_format[out_cb]),
				     DEFAULT_TENSOR_SHAPE>;

void kernel_main()
{
	uint32_t kt = get_arg_val<uint32_t>(0), block = get_arg_val<uint32_t>(1);
	constexpr uint32_t rt = 2, ct = 2;
	const In in0(get_local_cb_interface(in0_cb).fifo_rd_ptr - 1);
	const In in1(get_local_cb_interface(in1_cb).fifo_rd_ptr - 1);
	const Out out(get_local_cb_interface(out_cb).fifo_wr_ptr - 1);

	compute_kernel_hw_startup<SrcOrder::Reverse>(in0, in1, out);
	if (block)
		experimental::matmul_block_init(in0, in1, 0, ct, rt, kt);
	else
		experimental::matmul_init(in0, in1);
	cb_wait_front(in0_cb, rt * kt);
	cb_wait_front(in1_cb, kt * ct);
	cb_reserve_back(out_cb, rt * ct);
	tile_regs_acquire();
	for (uint32_t k = 0; k < kt; k++) {
		if (block) {
			experimental::matmul_block(in0, in1, k, k * ct, 0, ct, rt, kt);
			continue;
		}
		for (uint32_t r = 0; r < rt; r++)
			for (uint32_t c = 0; c < ct; c++)
				experimental::matmul_tiles(in0, in1, r * kt + k, k * ct + c, r * ct + c);
	}
	tile_regs_commit();
	tile_regs_wait();
	experimental::pack_init(out);
	experimental::pack_block(out, 0, rt * ct);
	tile_regs_release();
	cb_push_back(out_cb, rt * ct);
	cb_pop_front(in0_cb, rt * kt);
	cb_pop_front(in1_cb, kt * ct);
}
