// SPDX-License-Identifier: Apache-2.0
//
// compute_kernel_hw_startup over LLKOperands (tt-metal's 2.0 overload of
// the CB-id one, 2026): the first call of a 2.0 compute kernel. As the
// CB-id form, it configures again what the start code configured (the
// build's DST mode, fidelity) and clears the operand flags; each op takes
// its operands' formats from their LLKOperand types.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/src_order.h"
#include "api/compute/experimental/2_0/llk_operand.h"

template <SrcOrder src_order = SrcOrder::Regular, bool is_fp32_dest_acc_en = DST_ACCUM_MODE,
	  DataFormat FA, TensorShape SA, DataFormat FB, TensorShape SB, DataFormat FO, TensorShape SO>
ALWI void compute_kernel_hw_startup(experimental::LLKOperand<FA, SA> in0,
				    experimental::LLKOperand<FB, SB> in1,
				    experimental::LLKOperand<FO, SO> out)
{
	ttfs::check_whole_tile<SA>();
	ttfs::check_whole_tile<SB>();
	ttfs::check_whole_tile<SO>();
	compute_kernel_hw_startup(0u, 0u, 0u);
}

template <SrcOrder src_order = SrcOrder::Regular, bool is_fp32_dest_acc_en = DST_ACCUM_MODE,
	  DataFormat F, TensorShape S, DataFormat FO, TensorShape SO>
ALWI void compute_kernel_hw_startup(experimental::LLKOperand<F, S> in,
				    experimental::LLKOperand<FO, SO> out)
{
	compute_kernel_hw_startup<src_order, is_fp32_dest_acc_en>(in, in, out);
}

#pragma GCC diagnostic pop
