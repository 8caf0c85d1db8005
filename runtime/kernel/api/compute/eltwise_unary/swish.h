// SPDX-License-Identifier: Apache-2.0
//
// swish_tile: x sigmoid(x), silu under its other name.
#pragma once
#include "api/compute/eltwise_unary/sigmoid.h"

TTFS_SFPU_INIT(swish_tile_init)
TTFS_SFPU_OP(swish_tile, x * ttfs::vmath::sigmoid(x))
