// SPDX-License-Identifier: Apache-2.0
//
// hardsigmoid_tile: in activations.h with the rest of ttnn's activation family.
#pragma once
#include "api/compute/eltwise_unary/activations.h"
