// SPDX-License-Identifier: Apache-2.0
//
// Values host and kernels agree on: the flag values tt-metal's semaphore
// handshakes use (a receiver waits for VALID, a sender resets to INVALID).
#pragma once

#include <stdint.h>

constexpr uint32_t VALID = 1;
constexpr uint32_t INVALID = 0;
