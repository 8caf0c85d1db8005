// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/matmul.h.
#pragma once
#include "api/compute/matmul.h"
