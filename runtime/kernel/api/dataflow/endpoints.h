// SPDX-License-Identifier: Apache-2.0
//
// experimental/endpoints.h under its 2026-05 name (tt-metal PR 43934 moved the object API out of
// namespace experimental): the same classes, named without the namespace.
#pragma once

#include "experimental/endpoints.h"

using experimental::UnicastEndpoint;
using experimental::MulticastEndpoint;
using experimental::AllocatorBankType;
using experimental::AllocatorBank;
