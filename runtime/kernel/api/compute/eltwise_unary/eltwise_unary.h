// SPDX-License-Identifier: Apache-2.0
//
// Setup for unary (SFPU) kernels: unpack A, datacopy into DST, pack.
// init_sfpu is the same thing.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "api/compute/tile_move_copy.h"

ALWI void unary_op_init_common(uint32_t icb, uint32_t ocb = 16)
{
	(void)icb;
	(void)ocb;
	ttfs::tx::configure();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

ALWI void unary_op_init_common_no_pack(uint32_t icb)
{
	unary_op_init_common(icb);
}

ALWI void init_sfpu(uint32_t icb, uint32_t ocb)
{
	unary_op_init_common(icb, ocb);
}

#pragma GCC diagnostic pop
