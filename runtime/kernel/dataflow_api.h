// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spelling of api/dataflow/dataflow_api.h.
#pragma once
#include "api/dataflow/dataflow_api.h"
