// SPDX-License-Identifier: Apache-2.0
//
// SrcOrder (tt-metal 2026): how compute_kernel_hw_startup's two inputs map
// onto SrcA and SrcB (Reverse for matmul: in0 to SrcB). Each op here
// unpacks its own operands where it needs them, so the order only says
// what tt-metal's kernels say.
#pragma once

#include <cstdint>

enum class SrcOrder : uint8_t {
	Regular = 0,
	Reverse = 1,
};
