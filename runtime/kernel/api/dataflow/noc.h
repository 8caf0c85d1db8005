// SPDX-License-Identifier: Apache-2.0
//
// experimental/noc.h under its 2026-05 name (tt-metal PR 43934 moved the object API out of
// namespace experimental): the same classes, named without the namespace.
#pragma once

#include "experimental/noc.h"

using experimental::Noc;
using experimental::NocOptions;
using experimental::NocOptVals;
using experimental::noc_traits_t;
using experimental::has_flag;
