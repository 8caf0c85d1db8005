// SPDX-License-Identifier: Apache-2.0
//
// The compute side's common header, as far as it exists yet: runtime and
// compile-time arguments, DPRINT and the entry point (both spellings,
// ttfs/compute_entry.h). tt-metal's version also brings in the register,
// pack, CB and reconfig APIs of the Tensix coprocessor; those are not
// here yet.
#pragma once

#include "ttfs/kernel_base.h"
#include "ttfs/kernel_args.h"
#include "hostdevcommon/kernel_structs.h"
#include "hostdevcommon/common_values.hpp"
#include "api/compile_time_args.h"
#include "api/debug/dprint.h"
#include "ttfs/compute_entry.h"
