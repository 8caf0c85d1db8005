// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/tensor/tensor_accessor.h.
#pragma once
#include "api/tensor/tensor_accessor.h"
