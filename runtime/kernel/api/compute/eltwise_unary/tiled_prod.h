// SPDX-License-Identifier: Apache-2.0
//
// tiled_prod_tile: running products down the SFPU's vectors, as tt-llk's
// on silicon (tt-metal declares it in compute_kernel_api.h). Per face,
// each lane starts at 1 and multiplies in nine vectors one after another,
// storing each partial product where its factor was: the face's eight and
// the next face's first. That ninth step carries the product into the next
// face, so after the tile each lane of the last vector holds the product
// of its 32 elements (one per vector, DST rows 4 apart in its column).
// Like silicon's, the last face's ninth step multiplies into the first
// vector of DST tile idst + 1, and past the section's last tile it faults
// here (silicon writes into the other section).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

// One face, dst_reg[0] at its first vector (the params helper puts it there).
inline void tiled_prod_face()
{
	sfpi::vFloat running = 1.0f;

	for (int k = 0; k < 9; k++) {
		running = running * sfpi::vFloat(sfpi::dst_reg[0]);
		sfpi::dst_reg[0] = running;
		sfpi::dst_reg++;
	}
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(tiled_prod_tile_init)

template <auto... P>
ALWI void tiled_prod_tile(uint32_t idst)
{
	MATH((_llk_math_eltwise_unary_sfpu_params_(ttfs::sfpu::tiled_prod_face, idst, VectorMode::RC)));
	(void)idst;
}

#pragma GCC diagnostic pop
