// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/tile_move_copy.h.
#pragma once
#include "api/compute/tile_move_copy.h"
