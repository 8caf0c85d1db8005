// SPDX-License-Identifier: Apache-2.0
//
// remainder_tile_init(s, 1/s) then remainder_tile(idst): x - s floor(x / s),
// the sign of s (torch.remainder). fmod.h shares the arithmetic.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

inline uint32_t mod_divisor, mod_recip;      // remainder_tile_init, fmod_tile_init

// x - s q, q = x (1/s) rounded down (remainder) or toward zero (fmod),
// then brought back into the result's range if rounding put it out: the
// sign of s (remainder) or of x (fmod), magnitude below |s|.
inline sfpi::vFloat modulo(const sfpi::vFloat &x, const sfpi::vFloat &s, const sfpi::vFloat &rs,
			   bool toward_zero)
{
	sfpi::vFloat q = x * rs;
	sfpi::vFloat r = sfpi::mad(-s, toward_zero ? ttfs::vmath::trunc(q) : ttfs::vmath::floor(q), x);
	sfpi::vFloat step = toward_zero ? ttfs::vmath::copysign(sfpi::abs(s), x) : s;

	v_if (r != 0.0f && ttfs::vmath::copysign(r, step) != r) {
		r = r + step;                      // wrong sign
	}
	v_endif;
	v_if (sfpi::abs(r) >= sfpi::abs(s)) {
		r = r - step;
	}
	v_endif;
	return r;
}

}  // namespace sfpu
}  // namespace ttfs

template <auto... P>
ALWI void remainder_tile_init(uint32_t divisor = 0x3f800000u, uint32_t recip = 0x3f800000u)
{
	MATH((ttfs::sfpu::mod_divisor = divisor, ttfs::sfpu::mod_recip = recip));
	(void)divisor;
	(void)recip;
}

template <auto... P>
ALWI void remainder_tile(uint32_t idst)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "remainder_tile", [](const sfpi::vFloat &x) {
		return ttfs::sfpu::modulo(x, ttfs::sfpu::scalar(ttfs::sfpu::mod_divisor),
					  ttfs::sfpu::scalar(ttfs::sfpu::mod_recip), false);
	})));
	(void)idst;
}

namespace ttfs {
namespace sfpu {

// x mod d of UInt32 tiles (fp32 DST), d > 0: long division, one bit of x
// a step, the remainder kept below d (the SFPU has no integer divide).
inline sfpi::vInt umod(const sfpi::vInt &x, uint32_t divisor)
{
	sfpi::vInt d = scalar_int(divisor), r = 0, one = 1;

	for (int bit = 31; bit >= 0; bit--) {
		r = (r << one) | (sfpi::vInt(sfpi::vUInt(x) >> sfpi::vUInt(bit)) & one);
		v_if (!ult(r, d)) {
			r = r - d;
		}
		v_endif;
	}
	return r;
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(remainder_tile_uint32_init)

template <auto... P>
ALWI void remainder_tile_uint32(uint32_t idst, uint32_t divisor)
{
	MATH((ttfs::sfpu::unary_int(idst, (int)VectorMode::RC, "remainder_tile_uint32",
				    [=](const sfpi::vInt &x) { return ttfs::sfpu::umod(x, divisor); })));
	(void)idst;
	(void)divisor;
}

// The pre-2026 form: the divisor and its reciprocal with the call.
template <auto... P>
ALWI void remainder_tile(uint32_t idst, uint32_t divisor, uint32_t recip)
{
	remainder_tile_init(divisor, recip);
	remainder_tile(idst);
}

#pragma GCC diagnostic pop
