// SPDX-License-Identifier: Apache-2.0
//
// atanh_tile: in trigonometry.h with the rest of the family (tt-metal has a
// header of its own for it since 2026).
#pragma once
#include "api/compute/eltwise_unary/trigonometry.h"
