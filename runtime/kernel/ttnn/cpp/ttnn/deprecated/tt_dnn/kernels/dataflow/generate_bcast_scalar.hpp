// SPDX-License-Identifier: Apache-2.0
// ttnn's older place of ttnn/kernel/dataflow/generate_bcast_scalar.hpp.
#pragma once
#include "ttnn/cpp/ttnn/kernel/dataflow/generate_bcast_scalar.hpp"
