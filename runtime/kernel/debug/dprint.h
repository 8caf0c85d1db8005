// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/debug/dprint.h.
#pragma once
#include "api/debug/dprint.h"
