// SPDX-License-Identifier: Apache-2.0
// Reads three compile-time args and stores their sum at the L1 address in
// runtime arg 0.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	constexpr uint32_t sum = get_compile_time_arg_val(0) + get_compile_time_arg_val(1) +
				 get_compile_time_arg_val(2);
	*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0)) = sum;
}
