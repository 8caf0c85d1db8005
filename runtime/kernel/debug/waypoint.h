// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/debug/waypoint.h.
#pragma once
#include "api/debug/waypoint.h"
