// SPDX-License-Identifier: Apache-2.0
//
// softcap_tile(idst, cap, 1/cap): cap tanh(x / cap).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


#include "api/compute/eltwise_unary/tanh.h"

TTFS_SFPU_INIT(softcap_tile_init)
TTFS_SFPU_OP2(softcap_tile, p0 * ttfs::vmath::tanh(x * p1))

#pragma GCC diagnostic pop
