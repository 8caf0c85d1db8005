// SPDX-License-Identifier: Apache-2.0
// Custom SFPI as tt-metal documents it (custom_sfpi_add and
// custom_sfpi_smoothstep): per-face functions with unqualified sfpi names,
// run over tiles by _llk_math_eltwise_binary_sfpu_params_ and
// _llk_math_eltwise_unary_sfpu_params_ inside MATH(...). Tile i of c_0 (x)
// goes to DST 0, of c_1 (y) to DST 1; by i:
//   0  x + y into DST 2 (binary, RC), DST 2 packed
//   1  smoothstep(x) between -1 and 2 (unary, RC, three float args)
//   2  x * 3 on faces 0, 1 (VectorMode::R as an int), the rest kept
//   3  x * 3 on faces 0, 2 (VectorMode::C as the enum)
//   4  x - y into DST 1 (the output is an input), DST 1 packed
//   5  x * y into DST 2 by tt-metal's 2026 SFPU_BINARY_CALL_NO_TEMPLATE_ARGS
//      (a face of namespace ckernel::sfpu), DST 2 packed
//   6  x * 3 on faces 0, 2 by SFPU_UNARY_CALL with a template argument
// The scaling face walks with dst_reg++ as tt-llk's own ops do; the others
// index dst_reg from the face's start.
//
// Runtime args: 0 tiles.
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api.h"

#ifdef TRISC_MATH
inline void add_face(const uint32_t in0, const uint32_t in1, const uint32_t out)
{
	constexpr uint32_t n_vector_in_tile = 32;

	for (uint32_t i = 0; i < 8; i++) {
		vFloat a = dst_reg[in0 * n_vector_in_tile + i];
		vFloat b = dst_reg[in1 * n_vector_in_tile + i];
		dst_reg[out * n_vector_in_tile + i] = a + b;
	}
}

inline void sub_face(const uint32_t in0, const uint32_t in1, const uint32_t out)
{
	for (uint32_t i = 0; i < 8; i++)
		dst_reg[out * 32 + i] = dst_reg[in0 * 32 + i] - dst_reg[in1 * 32 + i];
}

inline void smoothstep_face(float edge0, float edge1, float inv_delta)
{
	(void)edge1;
	for (uint32_t i = 0; i < 8; i++) {
		vFloat x = dst_reg[i];
		vFloat t = (x - edge0) * inv_delta;
		v_if (t < sfpi::vConst0) { t = sfpi::vConst0; }
		v_elseif (t > sfpi::vConst1) { t = sfpi::vConst1; }
		v_endif;
		vFloat result = t * t * (3.0f - 2.0f * t);
		dst_reg[i] = result;
	}
}

namespace ckernel::sfpu {
inline void mul_face(const uint32_t in0, const uint32_t in1, const uint32_t out)
{
	for (uint32_t i = 0; i < 8; i++)
		dst_reg[out * 32 + i] = dst_reg[in0 * 32 + i] * dst_reg[in1 * 32 + i];
}

template <int N>
inline void scale_by()
{
	for (uint32_t i = 0; i < 8; i++)
		dst_reg[i] = dst_reg[i] * static_cast<float>(N);
}
}  // namespace ckernel::sfpu

inline void scale_face(float s)
{
	for (int d = 0; d < 8; d++) {
		dst_reg[0] = dst_reg[0] * s;
		dst_reg++;
	}
}
#endif

static void op(uint32_t i)
{
	switch (i) {
	case 0:
		MATH((_llk_math_eltwise_binary_sfpu_params_<false>(add_face, 0, 1, 2)));
		break;
	case 1:
		MATH((llk_math_eltwise_unary_sfpu_init<SfpuType::unused, APPROX>()));
		MATH((_llk_math_eltwise_unary_sfpu_params_<false>(smoothstep_face, 0, VectorMode::RC,
								  -1.0f, 2.0f, 1.0f / 3.0f)));
		break;
	case 2:
		MATH((_llk_math_eltwise_unary_sfpu_params_<APPROX>(scale_face, 0, (int)VectorMode::R, 3.0f)));
		break;
	case 3:
		MATH((_llk_math_eltwise_unary_sfpu_params_<APPROX>(scale_face, 0, VectorMode::C, 3.0f)));
		break;
	case 4:
		MATH((_llk_math_eltwise_binary_sfpu_params_<false>(sub_face, 0, 1, 1, (int)VectorMode::RC)));
		break;
	case 5:
		MATH((SFPU_BINARY_INIT(unused)));
		MATH((SFPU_BINARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, mul_face, 0, 1, 2,
							VectorMode::RC)));
		break;
	default:
		MATH((SFPU_UNARY_CALL(DST_SYNC_MODE, DST_ACCUM_MODE, scale_by, (3), 0, VectorMode::C)));
		break;
	}
	(void)i;
}

namespace NAMESPACE {
void MAIN
{
	uint32_t n = get_arg_val<uint32_t>(0);
	constexpr auto cb_x = tt::CBIndex::c_0, cb_y = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_16;

	init_sfpu(cb_x, cb_out);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(cb_x, 1);
		cb_wait_front(cb_y, 1);
		tile_regs_acquire();
		copy_tile(cb_x, 0, 0);
		copy_tile(cb_y, 0, 1);
		op(i);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(cb_out, 1);
		pack_tile(i == 0 || i == 5 ? 2 : i == 4 ? 1 : 0, cb_out);
		cb_push_back(cb_out, 1);
		cb_pop_front(cb_x, 1);
		cb_pop_front(cb_y, 1);
		tile_regs_release();
	}
}
}  // namespace NAMESPACE
