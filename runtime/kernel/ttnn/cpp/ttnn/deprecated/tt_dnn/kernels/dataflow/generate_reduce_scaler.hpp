// SPDX-License-Identifier: Apache-2.0
// ttnn's older place of ttnn/kernel/dataflow/generate_reduce_scaler.hpp.
#pragma once
#include "ttnn/cpp/ttnn/kernel/dataflow/generate_reduce_scaler.hpp"
