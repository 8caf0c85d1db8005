// SPDX-License-Identifier: Apache-2.0
//
// bitwise_and: in bitwise.h with the other integer bit ops.
#pragma once
#include "api/compute/eltwise_unary/bitwise.h"
