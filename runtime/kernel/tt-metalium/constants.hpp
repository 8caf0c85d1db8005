// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's host header tt-metalium/constants.hpp, which its JIT build puts
// on every kernel's include path and kernels include for the tile and face
// shapes. Same names and values, written for the kernel SDK.
#pragma once

#include <cstdint>

namespace tt::constants {

using std::uint32_t;

constexpr uint32_t TILE_HEIGHT = 32;
constexpr uint32_t TILE_WIDTH = 32;
constexpr uint32_t TILE_HW = TILE_HEIGHT * TILE_WIDTH;
constexpr uint32_t FACE_HEIGHT = 16;
constexpr uint32_t FACE_WIDTH = 16;
constexpr uint32_t FACE_HW = FACE_HEIGHT * FACE_WIDTH;
// Bytes of a block-float tile: its mantissas, then 64 bytes of exponents
// (one per 16 values, four faces of 16 rows).
constexpr uint32_t BFLOAT8_B_TILE_HW = TILE_HW + 64;
constexpr uint32_t BFLOAT4_B_TILE_HW = TILE_HW / 2 + 64;

}  // namespace tt::constants
