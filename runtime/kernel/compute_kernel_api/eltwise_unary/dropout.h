// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/eltwise_unary/dropout.h.
#pragma once
#include "api/compute/eltwise_unary/dropout.h"
