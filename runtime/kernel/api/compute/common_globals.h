// SPDX-License-Identifier: Apache-2.0
//
// What every compute header shares, as tt-metal's common_globals.h: the
// per-thread bundles UNPACK((...)), MATH((...)), PACK((...)), which keep
// their argument only in that TRISC's build, ALWI, the entry point
// (NAMESPACE, MAIN), the enums kernels name, and the compute low level.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "ttfs/kernel_base.h"
#include "ttfs/kernel_args.h"
#include "hostdevcommon/kernel_structs.h"
#include "hostdevcommon/common_values.hpp"
#include "api/compile_time_args.h"
#include "api/debug/dprint.h"
#include "ttfs/compute_entry.h"
#include "ttfs/compute_config.h"
#include "ttfs/compute_llk.h"
#include "ttfs/sfpu.h"

#ifndef ALWI
#define ALWI inline __attribute__((always_inline))
#endif

#ifdef TRISC_MATH
#define MATH(x) x
#else
#define MATH(x)
#endif
#ifdef TRISC_PACK
#define PACK(x) x
#else
#define PACK(x)
#endif
#ifdef TRISC_UNPACK
#define UNPACK(x) x
#else
#define UNPACK(x)
#endif

enum class PoolType : uint8_t { SUM = 0, AVG = 1, MAX = 2 };
enum class ReduceDim : uint8_t { REDUCE_ROW = 0, REDUCE_COL = 1, REDUCE_SCALAR = 2 };
enum class BroadcastType : uint8_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };
enum class EltwiseBinaryType : uint8_t { ELWMUL = 0, ELWDIV = 1, ELWADD = 2, ELWSUB = 3, ELWLESS = 4 };
enum class EltwiseBinaryReuseDestType : uint8_t { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };

// tt-metal passes these as defines for reduce kernels.
#ifndef REDUCE_OP
#define REDUCE_OP PoolType::SUM
#endif
#ifndef REDUCE_DIM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#endif

#pragma GCC diagnostic pop
