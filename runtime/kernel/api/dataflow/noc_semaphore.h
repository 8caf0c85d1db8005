// SPDX-License-Identifier: Apache-2.0
//
// experimental/noc_semaphore.h under its 2026-05 name (tt-metal PR 43934 moved the object API out of
// namespace experimental): the same class, named without the namespace.
#pragma once

#include "api/dataflow/noc.h"
#include "experimental/noc_semaphore.h"

using experimental::Semaphore;
