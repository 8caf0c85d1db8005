// SPDX-License-Identifier: Apache-2.0
//
// experimental/dataflow_buffer.h under its 2026-05 name (tt-metal PR 43934 moved the object API out of
// namespace experimental): the same classes, named without the namespace.
#pragma once

#include "experimental/dataflow_buffer.h"

using experimental::DataflowBuffer;
#if !defined(COMPILE_FOR_TRISC)
using experimental::DataflowBufferArgs;
#endif
