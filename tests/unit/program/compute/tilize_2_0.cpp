// SPDX-License-Identifier: Apache-2.0
// tilize.cpp with tt-metal's 2.0 tilize (LLKOperand operands): c_0 holds
// `rows` tile rows of row-major data, each `block` tiles wide; each tile
// row is tilized into `block` tiles of c_16.
//
// Runtime args: 0 block (tiles per tile row), 1 tile rows.
#include <cstdint>
#include "api/compute/experimental/2_0/hw_startup.h"
#include "api/compute/experimental/2_0/tilize.h"

constexpr uint32_t in_cb = tt::CBIndex::c_0, out_cb = tt::CBIndex::c_16;
using In = experimental::LLKOperand<static_cast<DataFormat>(unpack_src_format[in_cb]),
				    DEFAULT_TENSOR_SHAPE>;
using Out = experimental::LLKOperand<static_cast<DataFormat>(pack_dst_format[out_cb]),
				     DEFAULT_TENSOR_SHAPE>;

static In in()
{
	return In(get_local_cb_interface(in_cb).fifo_rd_ptr - 1);
}

static Out out()
{
	return Out(get_local_cb_interface(out_cb).fifo_wr_ptr - 1);
}

void kernel_main()
{
	uint32_t block = get_arg_val<uint32_t>(0), rows = get_arg_val<uint32_t>(1);

	compute_kernel_hw_startup(in(), out());
	experimental::tilize_init(in(), block, out());
	for (uint32_t r = 0; r < rows; r++) {
		cb_wait_front(in_cb, block);
		cb_reserve_back(out_cb, block);
		experimental::tilize_block(in(), block, out());
		cb_push_back(out_cb, block);
		cb_pop_front(in_cb, block);
	}
	experimental::tilize_uninit(in(), out());
}
