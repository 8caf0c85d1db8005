// SPDX-License-Identifier: Apache-2.0
// Reads interleaved DRAM pages three ways into consecutive L1 and checks
// the compile-time args arrive as constants.
//
// Compile-time args: TensorAccessorArgs of buffer A (2 words), then of
// buffer B (2 words), then the page count.
// Runtime args: 0 A address, 1 B address, 2 L1 destination, 3 the address
// of D, interleaved over the L1 banks (48-byte pages); common arg 0: the C
// address (InterleavedAddrGen, 100-byte pages: rows 128 bytes apart, and 128 bytes
// apart in L1).
#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"

void kernel_main()
{
	constexpr auto a_args = TensorAccessorArgs<0>();
	constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
	constexpr uint32_t num_pages = get_compile_time_arg_val(b_args.next_compile_time_args_offset());
	static_assert(num_pages == 9, "compile-time args are constants");
	static_assert(a_args.is_dram && a_args.aligned_page_size == 1024, "accessor A words");

	uint32_t l1 = get_arg_val<uint32_t>(2);
	const auto a = TensorAccessor(a_args, get_arg_val<uint32_t>(0));   // page size from the args
	const auto b = TensorAccessor(b_args, get_arg_val<uint32_t>(1), 64);
	const InterleavedAddrGen<true> c = {
		.bank_base_address = get_common_arg_val<uint32_t>(0),
		.page_size = 100,
	};

	for (uint32_t i = 0; i < num_pages; i++) {
		noc_async_read_page(i, a, l1);
		l1 += 1024;
	}
	for (uint32_t i = 0; i < num_pages; i++) {
		noc_async_read(get_noc_addr(i, b), l1, b.get_page_size());
		l1 += 64;
	}
	for (uint32_t i = 0; i < num_pages; i++) {
		noc_async_read_page(i, c, l1);
		l1 += 128;   // 100 bytes; a DRAM read keeps the source's offset modulo 64
	}
	const auto d = get_interleaved_addr_gen<false, 48>(get_arg_val<uint32_t>(3));
	for (uint32_t i = 0; i < num_pages; i++) {
		noc_async_read_page(i, d, l1);
		l1 += 48;
	}
	noc_async_read_barrier();
}
