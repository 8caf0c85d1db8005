// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/reg_api.h.
#pragma once
#include "api/compute/reg_api.h"
