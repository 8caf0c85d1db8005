// SPDX-License-Identifier: Apache-2.0
// untilize.cpp with tt-metal's 2.0 pack untilize (LLKOperand operands):
// `rows` tile rows of c_0, `block` tiles each, into row-major data twice:
// with pack_untilize_block into c_16, and into c_17 with copy_block and
// pack_untilize_dest.
//
// Runtime args: 0 tile rows (of 4 tiles).
#include <cstdint>
#include "api/compute/experimental/2_0/hw_startup.h"
#include "api/compute/experimental/2_0/pack_untilize.h"
#include "api/compute/experimental/2_0/tile_move_copy.h"

constexpr uint32_t block = 4;
constexpr uint32_t in_cb = tt::CBIndex::c_0, out_cb = tt::CBIndex::c_16, out2_cb = tt::CBIndex::c_17;
using In = experimental::LLKOperand<static_cast<DataFormat>(unpack_src_format[in_cb]),
				    DEFAULT_TENSOR_SHAPE>;
using Out = experimental::LLKOperand<static_cast<DataFormat>(pack_dst_format[out_cb]),
				     DEFAULT_TENSOR_SHAPE>;

static In in()
{
	return In(get_local_cb_interface(in_cb).fifo_rd_ptr - 1);
}

static Out out(uint32_t cb)
{
	return Out(get_local_cb_interface(cb).fifo_wr_ptr - 1);
}

void kernel_main()
{
	uint32_t rows = get_arg_val<uint32_t>(0);

	compute_kernel_hw_startup(in(), out(out_cb));
	for (uint32_t r = 0; r < rows; r++) {
		cb_wait_front(in_cb, block);
		cb_reserve_back(out_cb, block);
		experimental::pack_untilize_init<block>(in(), out(out_cb));
		experimental::pack_untilize_block<block>(in(), 1, out(out_cb));
		experimental::pack_untilize_uninit(out(out_cb));
		cb_push_back(out_cb, block);

		cb_reserve_back(out2_cb, block);
		experimental::copy_init(in());
		experimental::pack_untilize_dest_init<block>(out(out2_cb));
		tile_regs_acquire();
		experimental::copy_block(in(), 0, 0, block);
		tile_regs_commit();
		tile_regs_wait();
		experimental::pack_untilize_dest<block>(out(out2_cb));
		tile_regs_release();
		cb_push_back(out2_cb, block);
		experimental::pack_untilize_uninit(out(out2_cb));
		cb_pop_front(in_cb, block);
	}
}
