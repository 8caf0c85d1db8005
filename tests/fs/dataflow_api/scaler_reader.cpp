// SPDX-License-Identifier: Apache-2.0
// ttnn's reduce scaler tile into CB 0, as ttnn's reduce readers make it.
// args: scaler (two bfloat16 packed)
#include "api/dataflow/dataflow_api.h"
#include "ttnn/kernel/dataflow/generate_reduce_scaler.hpp"

void kernel_main()
{
	generate_reduce_scaler(tt::CBIndex::c_0, get_arg_val<uint32_t>(0));
}
