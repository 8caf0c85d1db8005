// SPDX-License-Identifier: Apache-2.0
//
// How a unary SFPU tile op runs (api/compute/eltwise_unary/*.h): the 32
// vectors of DST tile idst (8 per face, A = 64 idst + 2 k, the faces
// vector_mode names), each loaded, put through one sfpi function and stored
// back, on the math thread, as tt-metal's LLK wrapper does face by face.
// The functions are in ttfs/sfpu_math.h. As with tt-metal's op headers,
// including one makes the sfpi names visible unqualified on the math TRISC
// and gives the params helpers (ttfs/llk_sfpu.h).
//
// Kernels never include this directly.
#pragma once

#include "ttfs/llk_sfpu.h"
#include "ttfs/sfpu_math.h"

namespace ttfs {
namespace sfpu {

// A scalar argument given as the bits of a float (or an int32), in every lane.
inline sfpi::vFloat scalar(uint32_t bits)
{
	sfpi::vFloat v;

	loadi(v.r, bits);
	return v;
}

inline sfpi::vInt scalar_int(uint32_t bits)
{
	return sfpi::vInt(bits);
}

// The first template argument of a tt-metal op (approx, fast_and_approx),
// false when the call gives none, as tt-metal's defaults are.
template <auto First = false, auto... Rest>
constexpr bool first_flag()
{
	return static_cast<bool>(First);
}

// The Nth (from 0) template argument as a bool, false past the end.
template <unsigned N, auto... P>
constexpr bool nth_flag()
{
	constexpr bool flags[sizeof...(P) + 1] = { false, static_cast<bool>(P)... };

	return N < sizeof...(P) ? flags[N + 1] : false;
}

// DST tile idst through f, a function from V to V: vFloat, or vInt for
// DST's 32-bit integers (Int32, UInt32 in an fp32 DST).
template <class V, class F>
inline void tile_apply(uint32_t idst, int vector_mode, const char *call, F &&f)
{
	tx::check_dst(idst, call);
	for (uint32_t face = 0; face < 4; face++) {
		if (!face_in(face, vector_mode))
			continue;
		for (uint32_t k = 0; k < 8; k++) {
			sfpi::DstReg d(dst_imm(64 * idst + 16 * face + 2 * k));   // absolute, whatever the RWC

			d = f(V(d));
		}
	}
}

// UInt16 tiles: DST's low 16 bits zero-extended (the SFPU's LO16 mode, in
// a 16-bit or an fp32 DST alike), the result's low 16 bits stored.
template <class F>
inline void unary_lo16(uint32_t idst, const char *call, F &&f)
{
	tx::check_dst(idst, call);
	for (uint32_t k = 0; k < 64; k += 2) {
		sfpi::vInt v;

		load(v.r, 64 * idst + k, TT_TX_SFPU_FMT_LO16);
		sfpi::vInt y = f(v);
		store(y.r, 64 * idst + k, TT_TX_SFPU_FMT_LO16);
	}
}

// a < b as unsigned 32-bit integers, whatever their distance: where the
// top bits differ the one with it set is larger, else a - b cannot
// overflow and its sign answers.
inline sfpi::vCond ult(const sfpi::vInt &a, const sfpi::vInt &b)
{
	sfpi::vInt less = (a - b) >> sfpi::vInt(31);   // -1 or 0

	v_if ((a ^ b) < sfpi::vInt(0)) {
		less = b >> sfpi::vInt(31);
	}
	v_endif;
	return less != sfpi::vInt(0);
}

// DST tile odst = f(tiles i0, i1, i2), vector by vector (odst may be one of
// them: all three are loaded before the store): the ternary ops, where
// and mac.
template <class V, class F>
inline void tile_apply3(uint32_t i0, uint32_t i1, uint32_t i2, uint32_t odst, const char *call, F &&f)
{
	tx::check_dst(i0, call);
	tx::check_dst(i1, call);
	tx::check_dst(i2, call);
	tx::check_dst(odst, call);
	for (uint32_t v = 0; v < 32; v++) {
		uint32_t k = 2 * v;
		V a(sfpi::DstReg(dst_imm(64 * i0 + k)));
		V b(sfpi::DstReg(dst_imm(64 * i1 + k)));
		V c(sfpi::DstReg(dst_imm(64 * i2 + k)));

		sfpi::DstReg(dst_imm(64 * odst + k)) = f(a, b, c);
	}
}

template <class F>
inline void unary(uint32_t idst, int vector_mode, const char *call, F &&f)
{
	tile_apply<sfpi::vFloat>(idst, vector_mode, call, f);
}

template <class F>
inline void unary_int(uint32_t idst, int vector_mode, const char *call, F &&f)
{
	tile_apply<sfpi::vInt>(idst, vector_mode, call, f);
}

}  // namespace sfpu
}  // namespace ttfs

// tt-metal's shape of a unary op, for the headers of api/compute/eltwise_unary:
// an init that takes any template arguments and does nothing (the
// simulated SFPU needs no tables or constants loaded), and
// NAME(idst[, vector_mode]) or NAME(idst, params...) running EXPR on every
// vector x of the tile. Template arguments are taken as tt-metal spells
// them; `approx` in EXPR is the first one (false when none is given).
// Scalar parameters arrive as the bits of floats and are the vFloats p0,
// p1, p2 in EXPR (their bits: param0...). The _INT forms see DST's 32-bit
// integers as the vInt x.
// cond ? a : b lane by lane (a is computed on the lanes where cond holds).
#define TTFS_SFPU_SELECT(cond, a, b)                                                            \
	[&]() {                                                                                 \
		auto sel_ = (b);                                                                \
		v_if (cond) {                                                                   \
			sel_ = (a);                                                             \
		}                                                                               \
		v_endif;                                                                        \
		return sel_;                                                                    \
	}()

// 1.0f where cond holds, else 0.0f (the compare ops' results); 1 or 0 as ints.
#define TTFS_SFPU_FLAG(cond) TTFS_SFPU_SELECT(cond, sfpi::vFloat(1.0f), sfpi::vFloat(0.0f))
#define TTFS_SFPU_FLAG_INT(cond) TTFS_SFPU_SELECT(cond, sfpi::vInt(1), sfpi::vInt(0))

#define TTFS_SFPU_INIT(NAME)                                                                    \
	template <auto... P>                                                                    \
	ALWI void NAME()                                                                        \
	{                                                                                       \
	}

#define TTFS_SFPU_BODY(...)                                                                     \
	constexpr bool approx = ttfs::sfpu::first_flag<P...>();                                 \
	(void)approx;                                                                           \
	return __VA_ARGS__;

#define TTFS_SFPU_OP(NAME, ...)                                                                 \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, int vector_mode = (int)VectorMode::RC)                     \
	{                                                                                       \
		MATH((ttfs::sfpu::unary(idst, vector_mode, #NAME, [](const sfpi::vFloat &x) {   \
			TTFS_SFPU_BODY(__VA_ARGS__)                                             \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)vector_mode;                                                              \
	}

#define TTFS_SFPU_OP1(NAME, ...)                                                                \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, uint32_t param0)                                          \
	{                                                                                       \
		MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, #NAME, [=](const sfpi::vFloat &x) { \
			sfpi::vFloat p0 = ttfs::sfpu::scalar(param0);                           \
			TTFS_SFPU_BODY(__VA_ARGS__)                                             \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)param0;                                                                   \
	}

#define TTFS_SFPU_OP2(NAME, ...)                                                                \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, uint32_t param0, uint32_t param1)                         \
	{                                                                                       \
		MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, #NAME, [=](const sfpi::vFloat &x) { \
			sfpi::vFloat p0 = ttfs::sfpu::scalar(param0);                           \
			sfpi::vFloat p1 = ttfs::sfpu::scalar(param1);                           \
			TTFS_SFPU_BODY(__VA_ARGS__)                                             \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)param0;                                                                   \
		(void)param1;                                                                   \
	}

#define TTFS_SFPU_OP3(NAME, ...)                                                                \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, uint32_t param0, uint32_t param1, uint32_t param2)        \
	{                                                                                       \
		MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, #NAME, [=](const sfpi::vFloat &x) { \
			sfpi::vFloat p0 = ttfs::sfpu::scalar(param0);                           \
			sfpi::vFloat p1 = ttfs::sfpu::scalar(param1);                           \
			sfpi::vFloat p2 = ttfs::sfpu::scalar(param2);                           \
			TTFS_SFPU_BODY(__VA_ARGS__)                                             \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)param0;                                                                   \
		(void)param1;                                                                   \
		(void)param2;                                                                   \
	}

#define TTFS_SFPU_OP_INT(NAME, ...)                                                             \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, int vector_mode = (int)VectorMode::RC)                     \
	{                                                                                       \
		MATH((ttfs::sfpu::unary_int(idst, vector_mode, #NAME, [](const sfpi::vInt &x) { \
			return __VA_ARGS__;                                                     \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)vector_mode;                                                              \
	}

#define TTFS_SFPU_OP1_LO16(NAME, ...)                                                           \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, uint32_t param0)                                          \
	{                                                                                       \
		MATH((ttfs::sfpu::unary_lo16(idst, #NAME, [=](const sfpi::vInt &x) {            \
			sfpi::vInt p0 = ttfs::sfpu::scalar_int(param0 & 0xffffu);               \
			return __VA_ARGS__;                                                     \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)param0;                                                                   \
	}

#define TTFS_SFPU_OP1_INT(NAME, ...)                                                            \
	template <auto... P>                                                                    \
	ALWI void NAME(uint32_t idst, uint32_t param0)                                          \
	{                                                                                       \
		MATH((ttfs::sfpu::unary_int(idst, (int)VectorMode::RC, #NAME, [=](const sfpi::vInt &x) { \
			sfpi::vInt p0 = ttfs::sfpu::scalar_int(param0);                         \
			return __VA_ARGS__;                                                     \
		})));                                                                           \
		(void)idst;                                                                     \
		(void)param0;                                                                   \
	}
