// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/debug/assert.h.
#pragma once
#include "api/debug/assert.h"
