// SPDX-License-Identifier: Apache-2.0
//
// alt_complex_rotate90_tile: a tile of complex numbers stored as (real,
// imaginary) in adjacent columns times i: each pair (a, b) becomes (-b, a).
// The SFPU holds a row's even columns in one vector and its odd columns in
// the next, so the pair swaps two vectors.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

inline void rotate90(uint32_t idst, int vector_mode)
{
	tx::check_dst(idst, "alt_complex_rotate90_tile");
	for (uint32_t face = 0; face < 4; face++) {
		if (!face_in(face, vector_mode))
			continue;
		for (uint32_t k = 0; k < 8; k += 2) {
			uint32_t a = 64 * idst + 16 * face + 2 * k;
			sfpi::DstReg even(dst_imm(a)), odd(dst_imm(a + 2));
			sfpi::vFloat re = even, im = odd;

			even = -im;
			odd = re;
		}
	}
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(alt_complex_rotate90_tile_init)

template <auto... P>
ALWI void alt_complex_rotate90_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC)
{
	MATH((ttfs::sfpu::rotate90(idst, vector_mode)));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
