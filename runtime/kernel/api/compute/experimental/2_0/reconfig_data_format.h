// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 reconfig_data_format (2026): SrcA's, SrcB's or the
// packer's format set to a new operand's. Accepted, nothing to do: each
// 2.0 op unpacks and packs in its own operands' formats (their LLKOperand
// types), as the CB-id reconfig_data_format.h.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/llk_operand.h"

namespace experimental {

template <DataFormat Format, TensorShape Shape>
ALWI void reconfig_data_format_srca(LLKOperand<Format, Shape> new_a)
{
	ttfs::check_whole_tile<Shape>();
}

template <DataFormat Format, TensorShape Shape>
ALWI void reconfig_data_format_srcb(LLKOperand<Format, Shape> new_b)
{
	ttfs::check_whole_tile<Shape>();
}

template <DataFormat Format, TensorShape Shape>
ALWI void pack_reconfig_data_format(LLKOperand<Format, Shape> new_out)
{
	ttfs::check_whole_tile<Shape>();
}

}  // namespace experimental

#pragma GCC diagnostic pop
