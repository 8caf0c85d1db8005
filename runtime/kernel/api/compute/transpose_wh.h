// SPDX-License-Identifier: Apache-2.0
//
// The deprecated transpose names (tt-metal moved them to transpose.h in
// 2026): transpose_wh_init(icb, ocb) configures as well.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/transpose.h"

ALWI void transpose_wh_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE())
{
	ttfs::tx::configure();
	transpose_init(icb);
}

ALWI void transpose_wh_init_short(uint32_t icb, uint32_t call_line = __builtin_LINE())
{
	transpose_init(icb);
}

ALWI void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst)
{
	transpose_tile(icb, itile, idst);
}

#pragma GCC diagnostic pop
