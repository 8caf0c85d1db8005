// SPDX-License-Identifier: Apache-2.0
//
// The compute side's common header: runtime and compile-time arguments,
// DPRINT, the device profiler's macros, the entry point (both spellings,
// ttfs/compute_entry.h), and as in tt-metal the register, pack and CB APIs
// and compute_kernel_hw_startup.
#pragma once

#include "api/compute/common_globals.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
#include "api/compute/cb_api.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "tools/profiler/kernel_profiler.hpp"
