// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/compute_kernel_hw_startup.h.
#pragma once
#include "api/compute/compute_kernel_hw_startup.h"
