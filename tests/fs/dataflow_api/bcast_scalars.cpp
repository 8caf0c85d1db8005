// SPDX-License-Identifier: Apache-2.0
// ttnn's three broadcast scalar tiles (column, row, unary), each made in
// CB 16 as ttnn's 2024 readers make it (through the older include path)
// and copied to this core's L1 at arg 1, 2048 bytes apart.
// args: scalar (two bfloat16 packed), L1 address
#include "api/dataflow/dataflow_api.h"
#include "ttnn/deprecated/tt_dnn/kernels/dataflow/generate_bcast_scalar.hpp"

static void copy_out(uint32_t addr)
{
	cb_wait_front(tt::CBIndex::c_16, 1);
	noc_async_write(get_read_ptr(tt::CBIndex::c_16), get_noc_addr(addr), 2048);
	noc_async_write_barrier();
	cb_pop_front(tt::CBIndex::c_16, 1);
}

void kernel_main()
{
	const uint32_t scalar = get_arg_val<uint32_t>(0), addr = get_arg_val<uint32_t>(1);

	generate_bcast_col_scalar(tt::CBIndex::c_16, scalar);
	copy_out(addr);
	generate_bcast_row_scalar(tt::CBIndex::c_16, scalar);
	copy_out(addr + 2048);
	generate_bcast_unary_scalar(tt::CBIndex::c_16, scalar);
	copy_out(addr + 4096);
}
