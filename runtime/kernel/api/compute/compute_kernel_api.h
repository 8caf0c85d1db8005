// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's catch-all compute header: the common API, every SFPU op this
// SDK has (README.md, "Compute API"), and for custom SFPI the sfpi names
// unqualified on the math TRISC with tt-llk's params helpers
// (ttfs/llk_sfpu.h).
#pragma once

#include "api/compute/common.h"
#include "ttfs/llk_sfpu.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/matmul.h"
#include "api/compute/reduce.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/exp2.h"
#include "api/compute/eltwise_unary/log.h"
#include "api/compute/eltwise_unary/sqrt.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/sigmoid.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/abs.h"
#include "api/compute/eltwise_unary/square.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
