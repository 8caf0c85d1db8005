// SPDX-License-Identifier: Apache-2.0
//
// sfpi.h: raw SFPU vector code as sfpi (the SFPU's C++ library of
// tt-metal's toolchain) writes it, for the simulated SFPU: vFloat, vInt,
// vUInt, dst_reg[], arithmetic, constants, comparisons with
// v_if/v_elseif/v_else/v_endif lane masks, and the common intrinsics
// (README.md, "sfpi.h", lists them and what differs from silicon). As on
// silicon, SFPU code runs only on the math TRISC: put it under
// #ifdef TRISC_MATH.
#pragma once

#include "ttfs/sfpi_impl.h"
