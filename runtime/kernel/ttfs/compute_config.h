// SPDX-License-Identifier: Apache-2.0
//
// The compute configuration of a build, as tt-metal's compute kernels see
// it: MATH_FIDELITY, APPROX, DST_ACCUM_MODE, DST_SYNC_MODE and the per-CB
// formats and tile sizes, from the chlkc_descriptors.h the program's build
// generates (runtime/program/build/descriptors.c). A build without one (a kernel
// compiled by hand) gets tt-metal's defaults: HiFi4, exact, 16-bit DST,
// SyncHalf, and each CB's format from its page size. Kernels never
// include this directly.
#pragma once

#include "ttfs/kernel_base.h"
#include "tt/tensix.h"

enum class DstSync : uint8_t { SyncHalf = 0, SyncFull = 1 };
enum class MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4, Invalid = 0xff };
// Which faces of a tile an SFPU op covers (tt-llk's VectorMode): R the
// top two faces, C the left two, RC all four.
enum class VectorMode : int { None = 0, R = 1, C = 2, RC = 4, RC_custom = 6, Invalid = 0xff };

#if __has_include("chlkc_descriptors.h")
#include "chlkc_descriptors.h"
#endif

#if defined(TTFS_CHLKC_DESCRIPTORS)
#define TTFS_HAVE_DESCRIPTORS 1
#else
#define TTFS_HAVE_DESCRIPTORS 0
constexpr int MATH_FIDELITY = 4;
constexpr bool APPROX = false;
constexpr bool DST_ACCUM_MODE = false;
#define DST_SYNC_MODE DstSync::SyncHalf
#endif

namespace ttfs {

constexpr uint32_t dst_mode = DST_ACCUM_MODE ? TT_TX_DST_FP32 : TT_TX_DST_16B;
constexpr uint32_t dst_sync = DST_SYNC_MODE == DstSync::SyncFull ? TT_TX_SYNC_FULL : TT_TX_SYNC_HALF;
// DST tiles math may address in one section (8 with the defaults).
constexpr uint32_t dst_tiles = TT_TX_DST_TILES(dst_mode, dst_sync);

// A CB's format and tile size, for the unpacker (in) or the packer (out).
FORCE_INLINE uint32_t format_of_size(uint32_t bytes)
{
	switch (bytes) {
	case 4096: return 0;    // Float32
	case 2048: return 5;    // Float16_b
	case 1088: return 6;    // Bfp8_b
	default: return 0xff;   // Invalid: the coprocessor refuses it
	}
}

#if TTFS_HAVE_DESCRIPTORS
FORCE_INLINE uint32_t in_format(uint32_t cb) { return unpack_src_format[cb]; }
FORCE_INLINE uint32_t out_format(uint32_t cb) { return pack_dst_format[cb]; }
FORCE_INLINE uint32_t in_tile_bytes(uint32_t cb) { return unpack_tile_size[cb]; }
FORCE_INLINE uint32_t out_tile_bytes(uint32_t cb) { return pack_tile_size[cb]; }
// The CB's tile shape (tt-metal's Tile) for the unpacker and the packer.
FORCE_INLINE uint32_t in_shape(uint32_t cb) { return TT_TX_SHAPE(unpack_tile_r_dim[cb], unpack_tile_c_dim[cb]); }
FORCE_INLINE uint32_t out_shape(uint32_t cb) { return TT_TX_SHAPE(pack_tile_r_dim[cb], pack_tile_c_dim[cb]); }
// unpack_to_dest_mode: 0 is UnpackToDestFp32, 1 Default.
FORCE_INLINE bool unpacks_to_dest(uint32_t cb) { return unpack_to_dest_mode[cb] == 0; }
#else
// Without descriptors the CB's page is the tile (TRISCs keep 16-byte units).
FORCE_INLINE uint32_t page_bytes(uint32_t cb)
{
	return fw()->cb_interface[cb].fifo_page_size << TT_CB_COMPUTE_ADDR_SHIFT;
}
FORCE_INLINE uint32_t in_format(uint32_t cb) { return format_of_size(page_bytes(cb)); }
FORCE_INLINE uint32_t out_format(uint32_t cb) { return format_of_size(page_bytes(cb)); }
FORCE_INLINE uint32_t in_tile_bytes(uint32_t cb) { return page_bytes(cb); }
FORCE_INLINE uint32_t out_tile_bytes(uint32_t cb) { return page_bytes(cb); }
FORCE_INLINE uint32_t in_shape(uint32_t) { return TT_TX_SHAPE(32, 32); }
FORCE_INLINE uint32_t out_shape(uint32_t) { return TT_TX_SHAPE(32, 32); }
FORCE_INLINE bool unpacks_to_dest(uint32_t) { return false; }
#endif

}  // namespace ttfs
