// SPDX-License-Identifier: Apache-2.0
//
// add2-riscv (BRISC, NOC 0): adds two 32-bit integers on the RISC itself,
// no Tensix coprocessor, as tt-metal's add_2_integers_in_riscv does. The
// integers come in as runtime args; the kernel puts {a, b, a + b} in an
// L1 page (circular buffer c_0, used here as plain scratch: the NOC reads
// from L1, not from the stack) and writes that page to page 0 of DRAM
// buffer `out`, where the host reads it back.
//
// Runtime args: 0 address of `out`, 1 a, 2 b.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main()
{
	uint32_t out_addr = get_arg_val<uint32_t>(0);
	uint32_t a = get_arg_val<uint32_t>(1);
	uint32_t b = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_scratch = tt::CBIndex::c_0;
	constexpr uint32_t result_bytes = 16;
	uint32_t l1_addr = get_write_ptr(cb_scratch);
	volatile tt_l1_ptr uint32_t *result = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(l1_addr);

	result[0] = a;
	result[1] = b;
	result[2] = a + b;
	result[3] = 0;

	const InterleavedAddrGen<true> out = {
		.bank_base_address = out_addr,
		.page_size = result_bytes,
	};
	noc_async_write(l1_addr, get_noc_addr(0, out), result_bytes);
	noc_async_write_barrier();

	DPRINT << "add2: " << a << " + " << b << " = " << a + b << ENDL();
}
