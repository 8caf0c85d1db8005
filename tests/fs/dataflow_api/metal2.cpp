// SPDX-License-Identifier: Apache-2.0
// A Metal 2.0 kernel: a TT_KERNEL entry whose template parameters are
// named compile-time args and whose parameters are named runtime and
// common args (the build writes its kernel_main), varargs after the named
// words, and get_arg(args::...) of each kind. Stores what it sees at out.
#include "api/dataflow/dataflow_api.h"
#include "experimental/kernel_args.h"

template <uint32_t block, uint32_t scale>
TT_KERNEL void copy_scaled(uint32_t out, const uint32_t n, uint32_t bias)
{
	volatile tt_l1_ptr uint32_t *w = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(out);
	constexpr uint32_t also_block = get_arg(args::block);
	static_assert(also_block == block, "a CTA is a constant expression");

	w[0] = block;
	w[1] = scale;
	w[2] = n;
	w[3] = bias;
	w[4] = get_arg(args::n) * scale + get_arg(args::bias);
	for (uint32_t i = 0; i < n; i++)
		w[5 + i] = get_vararg(i) * block;
	w[5 + n] = get_common_vararg(0);
}
