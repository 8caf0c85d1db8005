// SPDX-License-Identifier: Apache-2.0
//
// The two SFPU ops a softmax needs besides reduce and broadcast: ttnn's
// softmax kernels include this for exp_tile and recip_tile, as tt-metal's
// softmax.h gives them.
#pragma once

#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
