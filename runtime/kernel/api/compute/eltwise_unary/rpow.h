// SPDX-License-Identifier: Apache-2.0
//
// rpow_tile(idst, base): base^x = e^(x log base), base the bits of a float.
#pragma once
#include "api/compute/eltwise_unary/power.h"

TTFS_SFPU_INIT(rpow_tile_init)
TTFS_SFPU_OP1(rpow_tile, ttfs::vmath::exp(x * ttfs::vmath::log(p0)))
