// SPDX-License-Identifier: Apache-2.0
//
// frac_tile: x - trunc x, in rounding.h with the rest of the family.
#pragma once
#include "api/compute/eltwise_unary/rounding.h"
