// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compile_time_args.h.
#pragma once
#include "api/compile_time_args.h"
