// SPDX-License-Identifier: Apache-2.0
//
// tanhshrink_tile: x - tanh x, in tanh.h.
#pragma once
#include "api/compute/eltwise_unary/tanh.h"
