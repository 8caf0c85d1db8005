// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/tilize.h.
#pragma once
#include "api/compute/tilize.h"
