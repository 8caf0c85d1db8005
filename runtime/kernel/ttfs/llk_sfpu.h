// SPDX-License-Identifier: Apache-2.0
//
// tt-llk's SFPU layer as custom SFPI kernels call it (tt-metal's "Writing
// custom SFPU operations" and its custom_sfpi_* examples):
//
// - on the math TRISC the sfpi names (vFloat, dst_reg, v_if, vConst1, ...)
//   are visible unqualified, as tt-metal's compute API makes them: its
//   ckernel_sfpu_*.h headers say `using namespace sfpi;`;
// - _llk_math_eltwise_unary_sfpu_params_<APPROX>(fn, idst, vector_mode,
//   args...) calls fn(args...) once per face of DST tile idst, dst_reg[0]
//   being the face's first vector each time;
// - _llk_math_eltwise_binary_sfpu_params_<APPROX>(fn, idst0, idst1, odst,
//   vector_mode, args...) calls fn(idst0, idst1, odst, args...) once per
//   face with dst_reg[0] at the face's first vector of DST tile 0: fn finds
//   its tiles itself, 32 dst_reg rows apart;
// - llk_math_eltwise_{unary,binary}_sfpu_init<SfpuType, APPROX>(init_fn,
//   args...) run the op's init function, if any.
//
// The 2026 spelling, tt-metal's llk_math_eltwise_{unary,binary}_sfpu_macros.h:
// SFPU_UNARY_CALL(DST_SYNC, DST_ACCUM, FN, (TEMPLATE ARGS), idst,
// vector_mode, args...), SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC,
// DST_ACCUM, FN, idst, vector_mode, args...), SFPU_BINARY_CALL(...,
// idst0, idst1, odst, vector_mode, args...), SFPU_BINARY_CALL_MODE (the
// mode as a VectorMode name: RC), SFPU_BINARY_CALL_NO_TEMPLATE_ARGS and
// the SFPU_BINARY_INIT* forms call FN of namespace ckernel::sfpu through
// the helpers above (APPROXIMATE may be left out there, as those macros
// do); DST_SYNC and DST_ACCUM are the build's anyway.
//
// vector_mode as in tt-llk: VectorMode::R faces 0 and 1, C faces 0 and 2,
// RC all four; any other value (None, RC_custom) calls fn once, at the
// tile's start, and fn covers what it likes. Kernels pass it as the enum
// or cast to int; both are taken. On silicon the helper steps DST's
// address counter 16 rows per face from the tile's base, whatever fn's own
// dst_reg++ did; so does this one (the SFPU's RWC), and it leaves it at 0
// after the tile, as tt-llk's _llk_math_eltwise_unary_sfpu_done_ does.
//
// Kernels include api/compute/compute_kernel_api.h or an SFPU op header,
// never this.
#pragma once

#include "ttfs/sfpu.h"

#ifdef TRISC_MATH
#include "sfpi.h"
using namespace sfpi;
#endif

// tt-llk's op names for the init templates; custom kernels say unused.
enum class SfpuType : int { unused = 0 };

// Where the 2026 SFPU call macros (below) look for a kernel's face
// functions, as tt-metal's: ckernel::sfpu.
namespace ckernel {
using ::VectorMode;
namespace sfpu {
}  // namespace sfpu
}  // namespace ckernel

namespace ttfs {
namespace sfpu {

// A vector_mode argument as kernels pass it: VectorMode::RC, or (int).
struct vector_mode_arg {
	int v;
	constexpr vector_mode_arg(int m) : v(m) {}
	constexpr vector_mode_arg(VectorMode m) : v(static_cast<int>(m)) {}
};

// Moves the SFPU's DST address counter to `rows` (past math's section base).
FORCE_INLINE void set_rwc(uint32_t rows)
{
	if (rows != rwc)
		incrwc(rows - rwc);
}

// call() once per face the vector mode covers, dst_reg[0] at the face's
// first row past `base` (a tile's first DST row).
template <class F>
inline void each_face(uint32_t base, int vector_mode, F &&call)
{
	bool per_face = vector_mode == static_cast<int>(VectorMode::R) ||
			vector_mode == static_cast<int>(VectorMode::C) ||
			vector_mode == static_cast<int>(VectorMode::RC);

	if (!per_face) {
		set_rwc(base);
		call();
	} else {
		for (uint32_t face = 0; face < 4; face++) {
			if (!face_in(face, vector_mode))
				continue;
			set_rwc(base + 16 * face);
			call();
		}
	}
	set_rwc(0);
}

}  // namespace sfpu
}  // namespace ttfs

template <bool APPROXIMATE = false, class F, class... Args>
inline void _llk_math_eltwise_unary_sfpu_params_(F &&sfpu_func, uint32_t dst_index,
						 ttfs::sfpu::vector_mode_arg vector_mode = VectorMode::RC,
						 Args &&...args)
{
	ttfs::tx::check_dst(dst_index, "_llk_math_eltwise_unary_sfpu_params_");
	ttfs::sfpu::each_face(64 * dst_index, vector_mode.v, [&] { sfpu_func(args...); });
}

template <bool APPROXIMATE = false, class F, class... Args>
inline void _llk_math_eltwise_binary_sfpu_params_(F &&sfpu_func, uint32_t dst_index0,
						  uint32_t dst_index1, uint32_t dst_index_out,
						  ttfs::sfpu::vector_mode_arg vector_mode = VectorMode::RC,
						  Args &&...args)
{
	const char *call = "_llk_math_eltwise_binary_sfpu_params_";

	ttfs::tx::check_dst(dst_index0, call);
	ttfs::tx::check_dst(dst_index1, call);
	ttfs::tx::check_dst(dst_index_out, call);
	ttfs::sfpu::each_face(0, vector_mode.v,
			      [&] { sfpu_func(dst_index0, dst_index1, dst_index_out, args...); });
}

// tt-metal's llk_api spellings of the same helpers.
template <bool APPROXIMATE = false, class F, class... Args>
inline void llk_math_eltwise_unary_sfpu_params(F &&sfpu_func, uint32_t dst_index,
					       ttfs::sfpu::vector_mode_arg vector_mode = VectorMode::RC,
					       Args &&...args)
{
	_llk_math_eltwise_unary_sfpu_params_<APPROXIMATE>(sfpu_func, dst_index, vector_mode, args...);
}

template <bool APPROXIMATE = false, class F, class... Args>
inline void llk_math_eltwise_binary_sfpu_params(F &&sfpu_func, uint32_t dst_index0,
						uint32_t dst_index1, uint32_t dst_index_out,
						ttfs::sfpu::vector_mode_arg vector_mode = VectorMode::RC,
						Args &&...args)
{
	_llk_math_eltwise_binary_sfpu_params_<APPROXIMATE>(sfpu_func, dst_index0, dst_index1,
							    dst_index_out, vector_mode, args...);
}

// The SFPU needs no configuration here; an op's own init function runs.
template <SfpuType OP, bool APPROXIMATE>
inline void llk_math_eltwise_unary_sfpu_init()
{
}

template <SfpuType OP, bool APPROXIMATE, class F, class... Args>
inline void llk_math_eltwise_unary_sfpu_init(F &&init_fn, Args &&...args)
{
	init_fn(args...);
}

template <SfpuType OP, bool APPROXIMATE>
inline void llk_math_eltwise_binary_sfpu_init()
{
}

template <SfpuType OP, bool APPROXIMATE, class F, class... Args>
inline void llk_math_eltwise_binary_sfpu_init(F &&init_fn, Args &&...args)
{
	init_fn(args...);
}

// ---- tt-metal's 2026 SFPU call macros ----------------------------------------------------

#define TTFS_SFPU_EXPAND(...) __VA_ARGS__

#define SFPU_UNARY_CALL(DST_SYNC, DST_ACCUM, FN, TEMPLATES, DST_IDX, VECTOR_MODE, ...) \
	_llk_math_eltwise_unary_sfpu_params_(::ckernel::sfpu::FN<TTFS_SFPU_EXPAND TEMPLATES>, DST_IDX, \
					     VECTOR_MODE, ##__VA_ARGS__)
#define SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC, DST_ACCUM, FN, DST_IDX, VECTOR_MODE, ...) \
	_llk_math_eltwise_unary_sfpu_params_(::ckernel::sfpu::FN, DST_IDX, VECTOR_MODE, ##__VA_ARGS__)
#define SFPU_BINARY_CALL(DST_SYNC, DST_ACCUM, FN, TEMPLATES, DST_IN0, DST_IN1, DST_OUT, VECTOR_MODE, ...) \
	_llk_math_eltwise_binary_sfpu_params_(::ckernel::sfpu::FN<TTFS_SFPU_EXPAND TEMPLATES>, DST_IN0,    \
					      DST_IN1, DST_OUT, VECTOR_MODE, ##__VA_ARGS__)
#define SFPU_BINARY_CALL_MODE(DST_SYNC, DST_ACCUM, FN, TEMPLATES, MODE, DST_IN0, DST_IN1, DST_OUT, ...) \
	_llk_math_eltwise_binary_sfpu_params_(::ckernel::sfpu::FN<TTFS_SFPU_EXPAND TEMPLATES>, DST_IN0,   \
					      DST_IN1, DST_OUT, VectorMode::MODE, ##__VA_ARGS__)
#define SFPU_BINARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC, DST_ACCUM, FN, DST_IN0, DST_IN1, DST_OUT, VECTOR_MODE, ...) \
	_llk_math_eltwise_binary_sfpu_params_(::ckernel::sfpu::FN, DST_IN0, DST_IN1, DST_OUT, VECTOR_MODE,         \
					      ##__VA_ARGS__)
#define SFPU_BINARY_INIT(OP) llk_math_eltwise_binary_sfpu_init<SfpuType::OP, false>()
#define SFPU_BINARY_INIT_FN_NO_ARGS(OP, INIT_FN) llk_math_eltwise_binary_sfpu_init<SfpuType::OP, false>(INIT_FN)
#define SFPU_BINARY_INIT_FN(OP, INIT_FN, TEMPLATES) \
	llk_math_eltwise_binary_sfpu_init<SfpuType::OP, false>(INIT_FN<TTFS_SFPU_EXPAND TEMPLATES>)
#define SFPU_BINARY_INIT_FN_ARGS(OP, INIT_FN, TEMPLATES, ...) \
	llk_math_eltwise_binary_sfpu_init<SfpuType::OP, false>(INIT_FN<TTFS_SFPU_EXPAND TEMPLATES>, ##__VA_ARGS__)
