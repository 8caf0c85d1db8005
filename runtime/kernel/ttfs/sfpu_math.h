// SPDX-License-Identifier: Apache-2.0
//
// The functions behind the unary SFPU ops (exp_tile, log_tile, tanh_tile,
// ...), written in sfpi on the SFPU's own instructions: multiply-add,
// exponent and mantissa fields, integer ops, lane masks. The simulated
// SFPU has no function unit; like tt-metal's LLK, these are range
// reductions, polynomials and Newton steps. Each function handles one
// vector (32 lanes) and is compiled once (noinline), so a kernel with many
// ops stays small.
//
// Accuracy (fp32, measured by tests/unit/program/test_sfpu_ops.c):
// exp, exp2, expm1, log, recip, sqrt, rsqrt, sin, cos within 2 fp32 ulps
// on their usual ranges; functions built from them (tanh, sigmoid, erf,
// atan, ...) within a few ulps more. `approx` variants follow tt-metal's
// APPROX: fewer terms or Newton steps, about bf16 precision.
//
// Polynomials are Taylor series (or, for erfc and i0, published
// approximations: Numerical Recipes' erfcc, Abramowitz & Stegun 9.8) on a
// reduced range, so every coefficient is written as the series gives it.
//
// Kernels never include this directly.
#pragma once

#include "ttfs/sfpi_impl.h"

namespace ttfs {
namespace vmath {

using sfpi::vFloat;
using sfpi::vInt;
using sfpi::vUInt;

#define TTFS_VM inline __attribute__((noinline))

constexpr float inf = __builtin_inff();
constexpr float nan = __builtin_nanf("");
constexpr float ln2 = 0.693147181f;
constexpr float ln2_hi = 0.693145751953125f;   // 16 bits: n * ln2_hi is exact
constexpr float ln2_lo = 1.42860677e-6f;
constexpr float log2e = 1.44269502f;
constexpr float pi = 3.14159274f;
constexpr float pi_2 = 1.57079637f;
constexpr float pi_4 = 0.785398185f;

// p(x) = c[0] + c[1] x + ... by Horner's rule, one fused multiply-add a term.
template <unsigned N>
inline vFloat poly(const vFloat &x, const float (&c)[N])
{
	vFloat p = c[N - 1];

	for (unsigned i = N - 1; i-- > 0;)
		p = sfpi::mad(p, x, vFloat(c[i]));
	return p;
}

// v * 2^n (the exponent field plus n; the caller keeps it in range).
inline vFloat scale2(const vFloat &v, const vInt &n)
{
	return sfpi::detail::bin<vFloat>(TT_TX_SFPU_ADDEXP, v.r, n.r);
}

// Infinite or NaN: the exponent field all ones. (x == inf does not work:
// a compare is a subtraction, and inf - inf is NaN.)
inline sfpi::vCond not_finite(const vFloat &x)
{
	return sfpi::exexp(x) == vInt(128);
}

inline vFloat copysign(const vFloat &mag, const vFloat &sgn)
{
	return sfpi::setsgn(mag, sgn);
}

// x^n by squaring: the loop runs on the RISC, one multiply a step on the SFPU.
inline vFloat ipow(const vFloat &x, uint32_t n)
{
	vFloat r = 1.0f, b = x;

	for (; n; n >>= 1) {
		if (n & 1)
			r = r * b;
		if (n > 1)
			b = b * b;
	}
	return r;
}

// x rounded to the nearest integer, ties to even, as a float.
inline vFloat rint(const vFloat &x)
{
	return sfpi::int32_to_float(sfpi::float_to_int16(x));
}

// ---- exp and its kin ---------------------------------------------------------------

// e^r * 2^n for |r| <= ln2 / 2.
TTFS_VM vFloat exp_reduced(const vFloat &r, const vInt &n, bool approx)
{
	static constexpr float c[] = { 1.0f, 1.0f, 1.0f / 2, 1.0f / 6, 1.0f / 24, 1.0f / 120,
				       1.0f / 720, 1.0f / 5040 };
	static constexpr float c_approx[] = { 1.0f, 1.0f, 1.0f / 2, 1.0f / 6, 1.0f / 24 };

	return scale2(approx ? poly(r, c_approx) : poly(r, c), n);
}

// e^x: x = n ln2 + r (ln2 in two parts, so r is exact), e^r by its series.
TTFS_VM vFloat exp(const vFloat &x, bool approx = false)
{
	vFloat t = x * vFloat(log2e);
	vInt n = sfpi::float_to_int16(t);
	vFloat fn = sfpi::int32_to_float(n);
	vFloat r = sfpi::mad(fn, vFloat(-ln2_hi), x);

	r = sfpi::mad(fn, vFloat(-ln2_lo), r);
	vFloat y = exp_reduced(r, n, approx);
	v_if (x >= 88.7228394f) {
		y = inf;
	}
	v_elseif (x < -87.3365479f) {
		y = 0.0f;
	}
	v_endif;
	return y;
}

// 2^x: x = n + f, 2^f = e^(f ln2).
TTFS_VM vFloat exp2(const vFloat &x)
{
	vInt n = sfpi::float_to_int16(x);
	vFloat r = (x - sfpi::int32_to_float(n)) * vFloat(ln2);
	vFloat y = exp_reduced(r, n, false);

	v_if (x >= 128.0f) {
		y = inf;
	}
	v_elseif (x < -126.0f) {
		y = 0.0f;
	}
	v_endif;
	return y;
}

// e^x - 1 without the cancellation near 0: the series below |x| = 1/2.
TTFS_VM vFloat expm1(const vFloat &x)
{
	static constexpr float c[] = { 1.0f, 1.0f / 2, 1.0f / 6, 1.0f / 24, 1.0f / 120,
				       1.0f / 720, 1.0f / 5040, 1.0f / 40320, 1.0f / 362880 };
	vFloat y = exp(x) - vFloat(1.0f);

	v_if (sfpi::abs(x) < 0.5f) {
		y = x * poly(x, c);
	}
	v_endif;
	return y;
}

// ---- reciprocal, square roots ------------------------------------------------------

// 1/x: |x| = m 2^(e+1), m in [1/2, 1); 1/m by Newton from the linear
// guess 48/17 - 32/17 m (error 1/17), squared by each step. A step is
// y + y (1 - m y), the residual 1 - m y fused, so the last one rounds once.
TTFS_VM vFloat recip(const vFloat &x, int steps = 3)
{
	vFloat a = sfpi::abs(x);
	vInt e = sfpi::exexp(a);
	vFloat m = sfpi::setexp(a, 126u);
	vFloat negm = -m;
	vFloat y = sfpi::mad(m, vFloat(-32.0f / 17), vFloat(48.0f / 17));

	for (int i = 0; i < steps; i++)
		y = sfpi::mad(y, sfpi::mad(negm, y, vFloat(1.0f)), y);
	y = scale2(y, vInt(-1) - e);
	v_if (e >= vInt(126)) {
		y = 0.0f;                  // 1/x below the smallest normal, or x infinite
	}
	v_elseif (e == vInt(-127)) {
		y = inf;                   // 0 (DST holds no denormals)
	}
	v_endif;
	v_if (a != a) {
		y = nan;
	}
	v_endif;
	return copysign(y, x);
}

// 1/sqrt(x): the bit-level guess 0x5f3759df - bits/2 (within 3.5%), then
// Newton, each step squaring the error: three reach fp32, two bf16.
TTFS_VM vFloat rsqrt(const vFloat &x, int steps = 3)
{
	vInt i = sfpi::reinterpret<vInt>(x);
	vFloat y = sfpi::reinterpret<vFloat>(vInt(0x5f3759df) - (i >> vInt(1)));
	vFloat h = x * vFloat(0.5f);

	for (int k = 0; k < steps; k++)
		y = y * sfpi::mad(-h, y * y, vFloat(1.5f));
	v_if (x == 0.0f) {
		y = inf;
	}
	v_elseif (x < 0.0f) {
		y = nan;
	}
	v_elseif (not_finite(x)) {
		y = 0.0f;
	}
	v_endif;
	v_if (x != x) {
		y = x;
	}
	v_endif;
	return y;
}

// sqrt(x) = x / sqrt(x), then one Newton step on the residual x - s^2.
TTFS_VM vFloat sqrt(const vFloat &x, bool approx = false)
{
	vFloat y = rsqrt(x, approx ? 2 : 3);
	vFloat s = x * y;

	if (!approx)
		s = sfpi::mad(y * vFloat(0.5f), sfpi::mad(-s, s, x), s);
	v_if (x == 0.0f) {
		s = 0.0f;
	}
	v_elseif (x < 0.0f) {
		s = nan;
	}
	v_elseif (not_finite(x)) {
		s = x;
	}
	v_endif;
	return s;
}

// Cube root: |x|^(1/3) from exp and log, then one Newton step.


// ---- logarithms --------------------------------------------------------------------

// log x = e ln2 + log m, m in [sqrt(1/2), sqrt(2)); log m = 2 atanh(s),
// s = (m - 1) / (m + 1), |s| < 0.172, by its series.
TTFS_VM vFloat log(const vFloat &x)
{
	static constexpr float c[] = { 2.0f, 2.0f / 3, 2.0f / 5, 2.0f / 7, 2.0f / 9, 2.0f / 11 };
	vInt e = sfpi::exexp(x);
	vFloat m = sfpi::setexp(x, 127u);

	v_if (m >= 1.41421354f) {
		m = m * vFloat(0.5f);
		e += vInt(1);
	}
	v_endif;
	vFloat s = (m - vFloat(1.0f)) * recip(m + vFloat(1.0f));
	vFloat fe = sfpi::int32_to_float(e);
	vFloat y = sfpi::mad(fe, vFloat(ln2_lo), s * poly(s * s, c));

	y = sfpi::mad(fe, vFloat(ln2_hi), y);
	v_if (x == 0.0f) {
		y = -inf;
	}
	v_elseif (x < 0.0f) {
		y = nan;
	}
	v_elseif (e == vInt(128)) {
		y = x;                     // +inf, NaN
	}
	v_endif;
	return y;
}

// log(1 + x), exact near 0: log(u) x / (u - 1) with u = 1 + x rounded.
TTFS_VM vFloat log1p(const vFloat &x)
{
	vFloat u = x + vFloat(1.0f);
	vFloat d = u - vFloat(1.0f);
	vFloat y = log(u);

	// Past 2^20 the rounding of 1 + x no longer shows (and 1/d would
	// underflow near the top of the range).
	v_if (d == 0.0f) {
		y = x;
	}
	v_elseif (sfpi::abs(x) < 1048576.0f) {
		y = y * (x * recip(d));
	}
	v_endif;
	return y;
}

TTFS_VM vFloat cbrt(const vFloat &x)
{
	vFloat a = sfpi::abs(x);
	vFloat y = exp(log(a) * vFloat(1.0f / 3));

	// y - (y^3 - a) / (3 y^2)
	y = y - (y * y * y - a) * recip(y * y * vFloat(3.0f));
	v_if (a == 0.0f) {
		y = 0.0f;
	}
	v_elseif (not_finite(a)) {
		y = a;
	}
	v_endif;
	return copysign(y, x);
}

// ---- trigonometry ------------------------------------------------------------------

// sin r, cos r for |r| <= pi/4, by their series.
inline vFloat sin_reduced(const vFloat &r, const vFloat &r2)
{
	static constexpr float c[] = { -1.0f / 6, 1.0f / 120, -1.0f / 5040, 1.0f / 362880,
				       -1.0f / 39916800 };

	return sfpi::mad(r * r2, poly(r2, c), r);
}

inline vFloat cos_reduced(const vFloat &r2)
{
	static constexpr float c[] = { 1.0f, -1.0f / 2, 1.0f / 24, -1.0f / 720, 1.0f / 40320,
				       -1.0f / 3628800, 1.0f / 479001600 };

	return poly(r2, c);
}

// x = n pi/2 + r (pi/2 in three parts); sin x from sin r or cos r by the
// quadrant n + q (q = 1: cos x).
TTFS_VM vFloat sin_quadrant(const vFloat &x, int q)
{
	vInt n = sfpi::float_to_int16(x * vFloat(0.636619747f));
	vFloat fn = sfpi::int32_to_float(n);
	vFloat r = sfpi::mad(fn, vFloat(-1.57080078125f), x);

	r = sfpi::mad(fn, vFloat(4.45358455e-6f), r);
	r = sfpi::mad(fn, vFloat(8.70551575e-10f), r);
	n += vInt(q);
	vFloat r2 = r * r;
	vFloat y = sin_reduced(r, r2);
	v_if ((n & vInt(1)) != vInt(0)) {
		y = cos_reduced(r2);
	}
	v_endif;
	v_if ((n & vInt(2)) != vInt(0)) {
		y = -y;
	}
	v_endif;
	return y;
}

inline vFloat sin(const vFloat &x) { return sin_quadrant(x, 0); }
inline vFloat cos(const vFloat &x) { return sin_quadrant(x, 1); }

TTFS_VM vFloat tan(const vFloat &x)
{
	return sin(x) * recip(cos(x));
}

// atan x: 1/|x| above 1, then (a - 1)/(a + 1) above tan(pi/8), then the
// series on |u| <= 0.4143.
TTFS_VM vFloat atan(const vFloat &x)
{
	static constexpr float c[] = { -1.0f / 3, 1.0f / 5, -1.0f / 7, 1.0f / 9, -1.0f / 11,
				       1.0f / 13, -1.0f / 15, 1.0f / 17, -1.0f / 19 };
	vFloat a = sfpi::abs(x);
	vFloat base = 0.0f;

	v_if (a > 1.0f) {
		a = recip(a);
	}
	v_endif;
	vFloat u = a;
	v_if (a > 0.414213568f) {
		u = (a - vFloat(1.0f)) * recip(a + vFloat(1.0f));
		base = pi_4;
	}
	v_endif;
	vFloat u2 = u * u;
	vFloat y = base + sfpi::mad(u * u2, poly(u2, c), u);
	v_if (sfpi::abs(x) > 1.0f) {
		y = vFloat(pi_2) - y;
	}
	v_endif;
	return copysign(y, x);
}

// asin x = atan(x / sqrt((1 - x)(1 + x))).
TTFS_VM vFloat asin(const vFloat &x)
{
	vFloat d = (vFloat(1.0f) - x) * (vFloat(1.0f) + x);
	vFloat y = atan(x * rsqrt(d));

	v_if (d == 0.0f) {
		y = copysign(vFloat(pi_2), x);
	}
	v_elseif (d < 0.0f) {
		y = nan;
	}
	v_endif;
	return y;
}

// acos x = 2 atan(sqrt((1 - x) / (1 + x))): no cancellation near 1.
TTFS_VM vFloat acos(const vFloat &x)
{
	vFloat q = (vFloat(1.0f) - x) * recip(vFloat(1.0f) + x);
	vFloat y = vFloat(2.0f) * atan(sqrt(q));

	v_if (sfpi::abs(x) > 1.0f) {
		y = nan;
	}
	v_endif;
	return y;
}

// ---- hyperbolic --------------------------------------------------------------------

TTFS_VM vFloat sinh(const vFloat &x)
{
	static constexpr float c[] = { 1.0f / 6, 1.0f / 120, 1.0f / 5040, 1.0f / 362880,
				       1.0f / 39916800 };
	vFloat e = exp(sfpi::abs(x));
	vFloat y = copysign((e - recip(e)) * vFloat(0.5f), x);

	v_if (sfpi::abs(x) < 1.0f) {
		vFloat x2 = x * x;
		y = sfpi::mad(x * x2, poly(x2, c), x);
	}
	v_endif;
	return y;
}

TTFS_VM vFloat cosh(const vFloat &x)
{
	vFloat e = exp(sfpi::abs(x));

	return (e + recip(e)) * vFloat(0.5f);
}

// tanh |x| = em / (em + 2) with em = e^(2|x|) - 1; 1 past |x| = 9.
TTFS_VM vFloat tanh(const vFloat &x, bool approx = false)
{
	vFloat a = sfpi::abs(x);
	vFloat em = approx ? exp(a + a, true) - vFloat(1.0f) : expm1(a + a);
	vFloat y = em * recip(em + vFloat(2.0f), approx ? 2 : 3);

	v_if (a > 9.0f) {
		y = 1.0f;
	}
	v_endif;
	return copysign(y, x);
}

TTFS_VM vFloat sigmoid(const vFloat &x, bool approx = false)
{
	return recip(vFloat(1.0f) + exp(-x, approx), approx ? 2 : 3);
}

// ---- error function ----------------------------------------------------------------

// erfc z for z >= 0: Numerical Recipes' erfcc, t exp(-z^2 + P(t)) with
// t = 1/(1 + z/2), relative error below 1.2e-7. z^2 is split into its
// rounded value and the rounding error so the exponent stays exact.
TTFS_VM vFloat erfc_pos(const vFloat &z)
{
	static constexpr float c[] = { -1.26551223f, 1.00002368f, 0.37409196f, 0.09678418f,
				       -0.18628806f, 0.27886807f, -1.13520398f, 1.48851587f,
				       -0.82215223f, 0.17087277f };
	vFloat t = recip(sfpi::mad(z, vFloat(0.5f), vFloat(1.0f)));
	vFloat zz = z * z;
	vFloat err = sfpi::mad(z, z, -zz);

	return t * exp(-zz) * exp(poly(t, c) - err);
}

// erf x: its series below |x| = 1/2, else 1 - erfc |x|.
TTFS_VM vFloat erf(const vFloat &x)
{
	static constexpr float c[] = { 1.0f, -1.0f / 3, 1.0f / 10, -1.0f / 42, 1.0f / 216,
				       -1.0f / 1320, 1.0f / 9360 };
	vFloat a = sfpi::abs(x);
	vFloat y = vFloat(1.0f) - erfc_pos(a);

	v_if (a < 0.5f) {
		y = a * vFloat(1.12837923f) * poly(a * a, c);
	}
	v_elseif (a > 4.0f) {
		y = 1.0f;
	}
	v_endif;
	return copysign(y, x);
}

TTFS_VM vFloat erfc(const vFloat &x)
{
	vFloat y = erfc_pos(sfpi::abs(x));

	v_if (x < 0.0f) {
		y = vFloat(2.0f) - y;
	}
	v_endif;
	return y;
}

// erfinv x: Giles' single-precision approximation ("Approximating the
// erfinv function", GPU Computing Gems, 2010): w = -log((1 - x)(1 + x)),
// a polynomial in w - 2.5 or in sqrt(w) - 3, then one Newton step on erf.
TTFS_VM vFloat erfinv(const vFloat &x)
{
	static constexpr float lo[] = { 1.50140941f, 0.246640727f, -0.00417768164f,
					-0.00125372503f, 0.00021858087f, -4.39150654e-06f,
					-3.5233877e-06f, 3.43273939e-07f, 2.81022636e-08f };
	static constexpr float hi[] = { 2.83297682f, 1.00167406f, 0.00943887047f,
					-0.0076224613f, 0.00573950773f, -0.00367342844f,
					0.00134934322f, 0.000100950558f, -0.000200214257f };
	vFloat w = -log((vFloat(1.0f) - x) * (vFloat(1.0f) + x));
	vFloat p = poly(w - vFloat(2.5f), lo);

	v_if (w >= 5.0f) {
		p = poly(sqrt(w) - vFloat(3.0f), hi);
	}
	v_endif;
	vFloat y = p * x;
	// y -= (erf y - x) / (2/sqrt(pi) e^(-y^2))
	vFloat d = (erf(y) - x) * recip(vFloat(1.12837923f) * exp(-(y * y)));
	y = y - d;
	v_if (sfpi::abs(x) == 1.0f) {
		y = copysign(vFloat(inf), x);
	}
	v_elseif (sfpi::abs(x) > 1.0f) {
		y = nan;
	}
	v_endif;
	return y;
}

// ---- Bessel I0, I1 (Abramowitz & Stegun 9.8.1-9.8.4) ------------------------------

TTFS_VM vFloat i0(const vFloat &x)
{
	static constexpr float small[] = { 1.0f, 3.5156229f, 3.0899424f, 1.2067492f,
					   0.2659732f, 0.0360768f, 0.0045813f };
	static constexpr float large[] = { 0.39894228f, 0.01328592f, 0.00225319f,
					   -0.00157565f, 0.00916281f, -0.02057706f,
					   0.02635537f, -0.01647633f, 0.00392377f };
	vFloat a = sfpi::abs(x);
	vFloat t = a * vFloat(1.0f / 3.75f);
	vFloat y = poly(t * t, small);

	v_if (a > 3.75f) {
		vFloat u = vFloat(3.75f) * recip(a);
		y = poly(u, large) * exp(a) * rsqrt(a);
	}
	v_endif;
	return y;
}

TTFS_VM vFloat i1(const vFloat &x)
{
	static constexpr float small[] = { 0.5f, 0.87890594f, 0.51498869f, 0.15084934f,
					   0.02658733f, 0.00301532f, 0.00032411f };
	static constexpr float large[] = { 0.39894228f, -0.03988024f, -0.00362018f,
					   0.00163801f, -0.01031555f, 0.02282967f,
					   -0.02895312f, 0.01787654f, -0.00420059f };
	vFloat a = sfpi::abs(x);
	vFloat t = a * vFloat(1.0f / 3.75f);
	vFloat y = a * poly(t * t, small);

	v_if (a > 3.75f) {
		vFloat u = vFloat(3.75f) * recip(a);
		y = poly(u, large) * exp(a) * rsqrt(a);
	}
	v_endif;
	return copysign(y, x);
}

// ---- rounding ----------------------------------------------------------------------

// Toward zero: clear the mantissa bits below the binary point.
TTFS_VM vFloat trunc(const vFloat &x)
{
	vInt e = sfpi::exexp(x);
	vInt bits = sfpi::reinterpret<vInt>(x);
	vFloat y = x;

	v_if (e < vInt(0)) {
		y = copysign(vFloat(0.0f), x);
	}
	v_elseif (e < vInt(23)) {
		vInt mask = vInt(-1) << (vInt(23) - e);
		y = sfpi::reinterpret<vFloat>(bits & mask);
	}
	v_endif;
	return y;
}

TTFS_VM vFloat floor(const vFloat &x)
{
	vFloat t = trunc(x);

	v_if (x < t) {
		t = t - vFloat(1.0f);
	}
	v_endif;
	return t;
}

TTFS_VM vFloat ceil(const vFloat &x)
{
	vFloat t = trunc(x);

	v_if (x > t) {
		t = t + vFloat(1.0f);
	}
	v_endif;
	return t;
}

// Nearest integer, ties to even: adding and taking away 2^23 rounds the
// fraction off in the adder (every float from 2^23 up is an integer).
TTFS_VM vFloat round_even(const vFloat &x)
{
	vFloat a = sfpi::abs(x);
	vFloat y = (a + vFloat(8388608.0f)) - vFloat(8388608.0f);

	v_if (a >= 8388608.0f) {
		y = a;
	}
	v_endif;
	return copysign(y, x);
}

#undef TTFS_VM

}  // namespace vmath
}  // namespace ttfs
