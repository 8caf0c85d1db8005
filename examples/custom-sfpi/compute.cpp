// SPDX-License-Identifier: Apache-2.0
//
// custom-sfpi, compute (TRISC0..2): c_16 = smoothstep(c_0 + c_1), both
// operations custom SFPU code in the style of tt-metal's custom_sfpi_add
// and custom_sfpi_smoothstep: a function that handles one 16x16 face with
// plain sfpi names (vFloat, dst_reg, v_if), run over a tile by tt-llk's
// params helpers inside MATH(...). The includes are the ones tt-metal's
// examples use; compute_kernel_api.h makes the sfpi names visible on the
// math TRISC, as tt-metal's does.
//
// Runtime args: 0 number of tiles, 1 and 2 the edges of smoothstep (their
// float bits).
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api.h"

#ifdef TRISC_MATH
// One face of DST tiles in0 and in1 added into tile out. The binary
// helper calls it once per face with dst_reg[0] at the face's first
// vector of tile 0, so it finds its tiles itself: 32 vectors (4 faces of
// 8 vectors of 32 lanes) per tile.
inline void add_tile_face(const uint32_t in0, const uint32_t in1, const uint32_t out)
{
	constexpr uint32_t vectors_per_tile = 32;

	for (uint32_t i = 0; i < 8; i++) {
		vFloat a = dst_reg[in0 * vectors_per_tile + i];
		vFloat b = dst_reg[in1 * vectors_per_tile + i];
		dst_reg[out * vectors_per_tile + i] = a + b;
	}
}

// One face of the unary helper's tile: dst_reg[0] is its first vector.
// t = clamp((x - edge0) / (edge1 - edge0), 0, 1); t * t * (3 - 2t).
inline void smoothstep_tile_face(float edge0, float inv_delta)
{
	for (uint32_t i = 0; i < 8; i++) {
		vFloat x = dst_reg[i];
		vFloat t = (x - edge0) * inv_delta;
		v_if (t < vConst0) { t = vConst0; }
		v_elseif (t > vConst1) { t = vConst1; }
		v_endif;
		dst_reg[i] = t * t * (3.0f - 2.0f * t);
	}
}
#endif

inline void my_add_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((_llk_math_eltwise_binary_sfpu_params_<false>(add_tile_face, idst0, idst1, odst)));
}

inline void my_smoothstep_tile(uint32_t idst, float edge0, float inv_delta)
{
	MATH((_llk_math_eltwise_unary_sfpu_params_<false>(smoothstep_tile_face, idst, VectorMode::RC,
							  edge0, inv_delta)));
}

static float as_float(uint32_t bits)
{
	union {
		uint32_t u;
		float f;
	} v = { bits };
	return v.f;
}

namespace NAMESPACE {
void MAIN
{
	uint32_t n_tiles = get_arg_val<uint32_t>(0);
	float edge0 = as_float(get_arg_val<uint32_t>(1));
	float edge1 = as_float(get_arg_val<uint32_t>(2));
	float inv_delta = 1.0f / (edge1 - edge0);

	constexpr auto cb_a = tt::CBIndex::c_0;
	constexpr auto cb_b = tt::CBIndex::c_1;
	constexpr auto cb_out = tt::CBIndex::c_16;

	init_sfpu(cb_a, cb_out);
	for (uint32_t i = 0; i < n_tiles; i++) {
		cb_wait_front(cb_a, 1);
		cb_wait_front(cb_b, 1);
		tile_regs_acquire();
		copy_tile(cb_a, 0, 0);
		copy_tile(cb_b, 0, 1);
		my_add_tile(0, 1, 0);
		my_smoothstep_tile(0, edge0, inv_delta);
		tile_regs_commit();

		tile_regs_wait();
		cb_reserve_back(cb_out, 1);
		pack_tile(0, cb_out);
		cb_push_back(cb_out, 1);
		cb_pop_front(cb_a, 1);
		cb_pop_front(cb_b, 1);
		tile_regs_release();
	}
}
}  // namespace NAMESPACE
