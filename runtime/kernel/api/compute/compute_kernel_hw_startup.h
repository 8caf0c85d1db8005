// SPDX-License-Identifier: Apache-2.0
//
// compute_kernel_hw_startup(icb0, icb1, ocb) / (icb0, ocb): tt-metal's first
// call of a compute kernel, which configures the unpacker for the input CBs,
// math and the packer for the output CB. Here the start code has already
// sent the build's configuration (formats, fidelity, DST mode) and every op
// takes its CBs' own formats, so this configures again and clears the
// operand flags an earlier init may have left, as binary_op_init_common.
#pragma once

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "api/compute/src_order.h"

// src_order (2026) says which input goes to SrcA: each op here unpacks
// its own operands where it needs them, so either order configures alike.
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
	ttfs::tx::configure();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
	MATH((ttfs::tx::eltwise_flags = 0));
}

ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb)
{
	compute_kernel_hw_startup(icb0, icb0, ocb);
}

#pragma GCC diagnostic pop
