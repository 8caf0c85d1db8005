// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/compute/reconfig_data_format.h.
#pragma once
#include "api/compute/reconfig_data_format.h"
