/* SPDX-License-Identifier: Apache-2.0
 *
 * Every unary SFPU op ttnn can put into SFPU_OP_CHAIN_0, run on the
 * simulator as ttnn runs it: the op's init and call text from
 * runtime/kernel/sfpu_ops.list, its SFPU_OP_<guard>_INCLUDE defined, the
 * headers reached through api/compute/eltwise_unary/sfpu_split_includes.h.
 * One tile of random inputs per op, in bfloat16 (16-bit DST) and in
 * float32 (fp32 DST) for float ops, in Int32, UInt32 or UInt16 for integer
 * ones; each result
 * against a host reference computed here in double, within the op's
 * tolerance below, and with at least the Pearson correlation ttnn's own
 * test asks of the op. Ops are batched several to a kernel (a switch over
 * the op index), one program run per batch and format.
 *
 * Then a chain as ttnn's host defines it for eltwise_sfpu.cpp:
 * SFPU_OP_CHAIN_0 = "SFPU_OP_CHAIN_0_INIT_0 SFPU_OP_CHAIN_0_FUNC_0 ..."
 * and each part its own define.
 *
 * Tolerances. ttnn's tests (tests/ttnn/unit_tests/operations/eltwise/
 * test_unary.py and its neighbours) check most float ops by PCC, 0.999 or
 * 0.9999 (run_unary_test's default), and compare and integer ops with
 * assert_equal; that is the `pcc` column (1: bit exact). On top, every
 * element must be within `ulps` of the exact result in the output
 * format (bf16: one ulp of truncation is the SFPU store's own; fp32: the
 * approximations of ttfs/sfpu_math.h) or within `atol`.
 *
 * test_sfpu_ops KERNELS_DIR OPS_LIST   (tests/unit/program/compute, runtime/kernel/sfpu_ops.list)
 */
#include "compute_harness.h"

#include <stdarg.h>
#include <stdlib.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define TILE TILE_ELEMS
#define MAX_OPS 200
#define BATCH 8          /* float ops a kernel: the images must fit the kernel-config buffer */
#define BATCH_INT 8       /* integer ops a kernel (mul_int_tile and the uint32 remainder are large) */

/* ---- host reference ---------------------------------------------------------------------- */

static float bf16_down(float f)
{
	return u2f(f2u(f) & 0xffff0000u);
}

static double sgn(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }
static double r_abs(double x) { return fabs(x); }
static double r_add(double x) { return x + 1.5; }
static double r_sub(double x) { return x - 1.5; }
static double r_mul(double x) { return x * -2.0; }
static double r_div(double x) { return x * 0.25; }
static double r_rsub(double x) { return 2.0 - x; }
static double r_cbrt(double x) { return cbrt(x); }
static double r_celu(double x) { return x > 0 ? x : 2.0 * expm1(x / 2.0); }
static double r_clamp(double x) { return fmin(fmax(x, -0.5), 0.5); }
static double r_elu(double x) { return x > 0 ? x : expm1(x); }
static double r_eqz(double x) { return x == 0; }
static double r_nez(double x) { return x != 0; }
static double r_ltz(double x) { return x < 0; }
static double r_gtz(double x) { return x > 0; }
static double r_lez(double x) { return x <= 0; }
static double r_gez(double x) { return x >= 0; }
static double r_fill(double x) { (void)x; return 2.5; }
static double r_frac(double x) { return x - trunc(x); }
static double r_fmod(double x) { return fmod(x, 1.5); }
static double r_remainder(double x) { double r = fmod(x, 1.5); return r != 0 && r < 0 ? r + 1.5 : r; }
static double r_gelu(double x) { return 0.5 * x * erfc(-x / sqrt(2.0)); }
static double r_gelu_tanh(double x) { return 0.5 * x * (1 + tanh(sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); }
static double r_hardmish(double x) { return x * fmin(fmax(x + 2, 0), 2) / 2; }
static double r_hardshrink(double x) { return fabs(x) > 0.5 ? x : 0; }
static double r_hardsigmoid(double x) { return fmin(fmax(x / 6 + 0.5, 0), 1); }
static double r_hardswish(double x) { return x * r_hardsigmoid(x); }
static double r_hardtanh(double x) { return fmin(fmax(x, -0.5), 1.0); }
static double r_heaviside(double x) { return x > 0 ? 1 : x == 0 ? 0.5 : 0; }
static double r_identity(double x) { return x; }
static double r_isfinite(double x) { return isfinite(x); }
static double r_isinf(double x) { return isinf(x) != 0; }
static double r_isnan(double x) { return isnan(x) != 0; }
static double r_isneginf(double x) { return isinf(x) && x < 0; }
static double r_isposinf(double x) { return isinf(x) && x > 0; }
static double r_leaky(double x) { return x < 0 ? x * (double)0.01f : x; }
static double r_log10(double x) { return log(x) * (double)0.4342944819f; }
static double r_log2(double x) { return log2(x); }
static double r_lnot(double x) { return x == 0; }
static double r_max(double x) { return fmax(x, 0.5); }
static double r_min(double x) { return fmin(x, 0.5); }
static double r_mish(double x) { return x * tanh(log1p(exp(x))); }
static double r_neg(double x) { return -x; }
static double r_pow3(double x) { return x * x * x; }
static double r_pow25(double x) { return pow(x, 2.5); }
static double r_pow2(double x) { return x * x; }
static double r_prelu(double x) { return x < 0 ? 0.25 * x : x; }
static double r_rdiv(double x) { return 2.0 / x; }
static double r_rdiv_floor(double x) { return floor(2.0 / x); }
static double r_recip(double x) { return 1.0 / x; }
static double r_relu(double x) { return x > 0 ? x : 0; }
static double r_relu6(double x) { return fmin(fmax(x, 0), 6); }
static double r_relu_max(double x) { return fmin(fmax(x, 0), 1); }
static double r_relu_min(double x) { return fmax(x, 0.5); }
/* The scaling in float, as torch.round(x, decimals=1) does it for float32. */
static double r_round(double x) { return nearbyintf((float)x * 10.0f) / 10.0f; }
static double r_rpow(double x) { return exp2(x); }
static double r_rsqrt(double x) { return 1 / sqrt(x); }
static double r_selu(double x) { return (double)1.0507009873554805f * (x > 0 ? x : (double)1.6732632423543772f * expm1(x)); }
static double r_sigmoid(double x) { return 1 / (1 + exp(-x)); }
static double r_signbit(double x) { return signbit(x) != 0; }
static double r_silu(double x) { return x * r_sigmoid(x); }
static double r_softcap(double x) { return 2 * tanh(x / 2); }
static double r_softplus(double x) { return x > 20 ? x : log1p(exp(x)); }
static double r_softshrink(double x) { return x > 0.5 ? x - 0.5 : x < -0.5 ? x + 0.5 : 0; }
static double r_softsign(double x) { return x / (1 + fabs(x)); }
static double r_square(double x) { return x * x; }
static double r_tanhshrink(double x) { return x - tanh(x); }
static double r_threshold(double x) { return x > 0.5 ? x : -1; }
static double r_eq(double x) { return x == 0.5; }
static double r_ne(double x) { return x != 0.5; }
static double r_gt(double x) { return x > 0.5; }
static double r_lt(double x) { return x < 0.5; }
static double r_ge(double x) { return x >= 0.5; }
static double r_le(double x) { return x <= 0.5; }

/* Modified Bessel functions by their series; erfinv by bisection on erf. */
static double r_i0(double x)
{
	double t = 1, s = 1, q = x * x / 4;

	for (int k = 1; k < 200 && t > 1e-18 * s; k++) {
		t *= q / ((double)k * k);
		s += t;
	}
	return s;
}

static double r_i1(double x)
{
	double t = x / 2, s = t, q = x * x / 4;

	for (int k = 1; k < 200 && fabs(t) > 1e-18 * fabs(s); k++) {
		t *= q / ((double)k * (k + 1));
		s += t;
	}
	return s;
}

static double r_erfinv(double x)
{
	double lo = -10, hi = 10;

	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (erf(mid) < x)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static double r_digamma(double x)
{
	double s = 0;

	for (; x < 20; x += 1)
		s -= 1 / x;
	return s + log(x) - 1 / (2 * x) - 1 / (12 * x * x) + 1 / (120 * pow(x, 4)) - 1 / (252 * pow(x, 6));
}

/* xIELU with beta 0.5 and alpha_p = alpha_n = 0.8 (their float values). */
static double r_xielu(double x)
{
	double a = (double)0.8f;

	return x > 0 ? a * x * x + 0.5 * x : a * (expm1(fmin(x, (double)-1e-6f)) - x) + 0.5 * x;
}

/* psi^(n)(x) = (-1)^(n+1) n! sum 1/(x + k)^(n+1): the terms to k = 999,
 * then the Euler-Maclaurin tail from z = x + 1000. */
static double r_polygamma(int n, double x)
{
	double s = 0, z = x + 1000, fact = 1;

	for (int k = 999; k >= 0; k--)
		s += 1 / pow(x + k, n + 1);
	s += 1 / (n * pow(z, n)) + 1 / (2 * pow(z, n + 1)) + (n + 1) / (12 * pow(z, n + 2));
	for (int i = 2; i <= n; i++)
		fact *= i;
	return (n % 2 ? 1 : -1) * fact * s;
}

static double r_trigamma2(double x) { return r_polygamma(2, x); }
static double r_polygamma5(double x) { return r_polygamma(5, x); }

static double r_where(double x) { return x != 0 ? 2 : -3; }
static double r_mac(double x) { return x * 2 - 3; }
static int64_t i_where(int64_t x) { return x != 0 ? 7 : -3; }
static int64_t u_relu_max(int64_t x) { return x > 3000000000 ? 3000000000 : x; }
static int64_t u_relu_min(int64_t x) { return x < 5 ? 5 : x; }
static int64_t u_rem(int64_t x) { return x % 7; }
static int64_t h_relu_max(int64_t x) { return x > 40000 ? 40000 : x; }
static int64_t h_relu_min(int64_t x) { return x < 40000 ? 40000 : x; }
static int64_t i_abs(int64_t x) { return x < 0 ? -x : x; }
static int64_t i_add(int64_t x) { return x + 7; }
static int64_t i_sub(int64_t x) { return x - 7; }
static int64_t i_and(int64_t x) { return x & 12; }
static int64_t i_or(int64_t x) { return x | 12; }
static int64_t i_xor(int64_t x) { return x ^ 12; }
static int64_t i_not(int64_t x) { return ~x; }
static int64_t i_clamp(int64_t x) { return x < -5 ? -5 : x > 9 ? 9 : x; }
static int64_t i_eqz(int64_t x) { return x == 0; }
static int64_t i_nez(int64_t x) { return x != 0; }
static int64_t i_ltz(int64_t x) { return x < 0; }
static int64_t i_gtz(int64_t x) { return x > 0; }
static int64_t i_lez(int64_t x) { return x <= 0; }
static int64_t i_gez(int64_t x) { return x >= 0; }
static int64_t i_fill(int64_t x) { (void)x; return -7; }
static int64_t i_shl(int64_t x) { return (int32_t)((uint32_t)x << 3); }
static int64_t i_shr(int64_t x) { return x >> 2; }
static int64_t i_max(int64_t x) { return x > 5 ? x : 5; }
static int64_t i_min(int64_t x) { return x < 5 ? x : 5; }
static int64_t i_neg(int64_t x) { return -x; }
static int64_t i_relu(int64_t x) { return x > 0 ? x : 0; }
static int64_t i_relu_max(int64_t x) { return x < 0 ? 0 : x > 6 ? 6 : x; }
static int64_t i_rsub(int64_t x) { return 10 - x; }
static int64_t i_signbit(int64_t x) { return x < 0; }
static int64_t i_eq(int64_t x) { return x == 3; }
static int64_t i_gt(int64_t x) { return x > 3; }
static int64_t i_ne(int64_t x) { return x != 3; }
static int64_t i_lt(int64_t x) { return x < 3; }
static int64_t i_ge(int64_t x) { return x >= 3; }
static int64_t i_le(int64_t x) { return x <= 3; }
static int64_t i_relu_min(int64_t x) { return x < 5 ? 5 : x; }
static int64_t i_square(int64_t x) { return (int64_t)((uint64_t)x * (uint64_t)x & 0xffffffffu); }
static int64_t u_add(int64_t x) { return x + 7; }
static int64_t u_max(int64_t x) { return x > 3000000000 ? x : 3000000000; }
static int64_t u_min(int64_t x) { return x < 3000000000 ? x : 3000000000; }
static int64_t u_fill32(int64_t x) { (void)x; return 0xdeadbeef; }
static int64_t h_fill16(int64_t x) { (void)x; return 0xbeef; }

/* GRID: inputs on a coarse grid, so compares meet equality; TSS: reads
 * DST tiles 1 and 2, filled with 2 and -3 (Int32: 7 and -3) first, as
 * ttnn's where_tss and mac_tss kernels fill them with their scalars. */
enum { GRID = 1, TSS = 2, ROT90 = 4, TPROD = 8 };   /* ROT90: (a, b) column pairs to (-b, a);
						    * TPROD: running products (below) */

struct ref {
	const char *op;
	double (*f)(double);
	int64_t (*fi)(int64_t);
	double lo, hi;
	unsigned flags;
	float ulps16, ulps32;   /* error allowed, in ulps of the exact result */
	double atol;            /* or absolutely (results near 0) */
	double pcc;             /* ttnn's test: PCC at least this (1: equal) */
};

#define EQ 1.0
#define P3 0.999
#define P4 0.9999

static const struct ref refs[] = {
	/* op                      f              fi         lo      hi    flags ulps16 ulps32 atol   pcc */
	{ "ALT_COMPLEX_ROTATE90", r_identity, NULL, -100, 100, ROT90, 0, 0, 0, EQ },
	{ "ABS", r_abs, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "ABS_INT32", NULL, i_abs, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "ACOS", acos, NULL, -1, 1, 0, 1, 8, 1e-6, P3 },
	{ "ACOSH", acosh, NULL, 1, 100, 0, 1, 8, 1e-6, P3 },
	{ "ADD_UNARY_SFPU", r_add, NULL, -100, 100, 0, 1, 1, 0, P4 },
	{ "ADD_UNARY_SFPU_INT32", NULL, i_add, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "ADD_UNARY_SFPU_UINT32", NULL, u_add, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "ASIN", asin, NULL, -1, 1, 0, 1, 8, 1e-6, P3 },
	{ "ASINH", asinh, NULL, -100, 100, 0, 1, 8, 1e-6, P3 },
	{ "ATAN", atan, NULL, -100, 100, 0, 1, 4, 1e-6, P3 },
	{ "ATANH", atanh, NULL, -0.99, 0.99, 0, 1, 8, 1e-6, P3 },
	{ "BITWISE_AND", NULL, i_and, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "BITWISE_NOT", NULL, i_not, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "BITWISE_OR", NULL, i_or, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "BITWISE_XOR", NULL, i_xor, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "CBRT", r_cbrt, NULL, -100, 100, 0, 1, 4, 1e-6, P3 },
	{ "CEIL", ceil, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "CELU", r_celu, NULL, -10, 10, 0, 1, 4, 1e-6, P3 },
	{ "CLAMP_TSS", r_clamp, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "CLAMP_TSS_INT32", NULL, i_clamp, -20, 20, 0, 0, 0, 0, EQ },
	{ "COS", cos, NULL, -10, 10, 0, 1, 4, 1e-6, P3 },
	{ "COSH", cosh, NULL, -10, 10, 0, 1, 4, 0, P3 },
	{ "DIGAMMA", r_digamma, NULL, 0.1, 100, 0, 1, 16, 2e-6, P3 },
	{ "DIV_UNARY_SFPU", r_div, NULL, -100, 100, 0, 0, 0, 0, P4 },
	{ "ELU", r_elu, NULL, -10, 10, 0, 1, 4, 1e-6, P3 },
	{ "EQZ", r_eqz, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "EQZ_INT32", NULL, i_eqz, -3, 3, 0, 0, 0, 0, EQ },
	{ "EQZ_UINT16", NULL, i_eqz, 0, 3, 0, 0, 0, 0, EQ },
	{ "EQZ_UINT32", NULL, i_eqz, 0, 3, 0, 0, 0, 0, EQ },
	{ "ERF", erf, NULL, -4, 4, 0, 1, 4, 1e-7, P3 },
	{ "ERFC", erfc, NULL, -4, 4, 0, 1, 8, 1e-9, P3 },
	{ "ERFINV", r_erfinv, NULL, -0.999, 0.999, 0, 1, 16, 1e-6, P3 },
	{ "EXP", exp, NULL, -20, 20, 0, 1, 2, 0, P3 },
	{ "EXP_APPROX", exp, NULL, -20, 20, 0, 2, 1024, 0, P3 },
	{ "EXP2", exp2, NULL, -30, 30, 0, 1, 2, 0, P3 },
	{ "EXPM1", expm1, NULL, -10, 10, 0, 1, 4, 1e-9, P3 },
	{ "FILL", r_fill, NULL, -10, 10, 0, 0, 0, 0, EQ },
	{ "FILL_INT32", NULL, i_fill, -10, 10, 0, 0, 0, 0, EQ },
	{ "FILL_UINT16", NULL, h_fill16, 0, 65535, 0, 0, 0, 0, EQ },
	{ "FILL_UINT32", NULL, u_fill32, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "FLOOR", floor, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "FMOD", r_fmod, NULL, -20, 20, 0, 1, 8, 1e-5, P3 },
	{ "FRAC", r_frac, NULL, -100, 100, 0, 1, 1, 0, P3 },
	{ "GELU", r_gelu, NULL, -8, 8, 0, 1, 8, 1e-7, P3 },
	{ "GELU_APPROX", r_gelu_tanh, NULL, -8, 8, 0, 1, 8, 1e-7, P3 },
	{ "GELU_TANH", r_gelu_tanh, NULL, -8, 8, 0, 1, 8, 1e-7, P3 },
	{ "GEZ", r_gez, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "GEZ_INT32", NULL, i_gez, -3, 3, 0, 0, 0, 0, EQ },
	{ "GTZ", r_gtz, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "GTZ_INT32", NULL, i_gtz, -3, 3, 0, 0, 0, 0, EQ },
	{ "HARDMISH", r_hardmish, NULL, -5, 5, 0, 1, 1, 0, P3 },
	{ "HARDSHRINK", r_hardshrink, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "HARDSIGMOID", r_hardsigmoid, NULL, -5, 5, 0, 1, 2, 1e-7, P3 },
	{ "HARDSWISH", r_hardswish, NULL, -5, 5, 0, 1, 2, 1e-7, P3 },
	{ "HARDTANH", r_hardtanh, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "HEAVISIDE", r_heaviside, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "I0", r_i0, NULL, -10, 10, 0, 1, 8, 0, P3 },
	{ "I1", r_i1, NULL, -10, 10, 0, 1, 8, 1e-7, P3 },
	{ "IDENTITY", r_identity, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "ISFINITE", r_isfinite, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "ISINF", r_isinf, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "ISNAN", r_isnan, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "ISNEGINF", r_isneginf, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "ISPOSINF", r_isposinf, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "LEAKY_RELU", r_leaky, NULL, -10, 10, 0, 1, 1, 0, P3 },
	{ "LEFT_SHIFT", NULL, i_shl, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "LEZ", r_lez, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "LEZ_INT32", NULL, i_lez, -3, 3, 0, 0, 0, 0, EQ },
	{ "LGAMMA", lgamma, NULL, 0.1, 100, 0, 1, 16, 4e-6, P3 },
	{ "LOG", log, NULL, 0.001, 1000, 0, 1, 2, 1e-7, P3 },
	{ "LOG10", r_log10, NULL, 0.001, 1000, 0, 1, 3, 1e-7, P3 },
	{ "LOG1P", log1p, NULL, -0.9, 100, 0, 1, 4, 1e-7, P3 },
	{ "LOG2", r_log2, NULL, 0.001, 1000, 0, 1, 3, 1e-7, P3 },
	{ "LOGICAL_NOT_UNARY", r_lnot, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "LOGICAL_NOT_UNARY_INT32", NULL, i_eqz, -3, 3, 0, 0, 0, 0, EQ },
	{ "LOGICAL_NOT_UNARY_UINT16", NULL, i_eqz, 0, 3, 0, 0, 0, 0, EQ },
	{ "LOGICAL_NOT_UNARY_UINT32", NULL, i_eqz, 0, 3, 0, 0, 0, 0, EQ },
	{ "LTZ", r_ltz, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "LTZ_INT32", NULL, i_ltz, -3, 3, 0, 0, 0, 0, EQ },
	{ "MAC_TSS", r_mac, NULL, -100, 100, TSS, 1, 1, 0, P4 },
	{ "MAXIMUM", r_max, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "MAXIMUM_INT32", NULL, i_max, -100, 100, 0, 0, 0, 0, EQ },
	{ "MAXIMUM_UINT32", NULL, u_max, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "MINIMUM", r_min, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "MINIMUM_INT32", NULL, i_min, -100, 100, 0, 0, 0, 0, EQ },
	{ "MINIMUM_UINT32", NULL, u_min, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "MISH", r_mish, NULL, -10, 30, 0, 1, 8, 1e-7, P3 },
	{ "MUL_UNARY_SFPU", r_mul, NULL, -100, 100, 0, 0, 0, 0, P4 },
	{ "NEG", r_neg, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "NEG_INT32", NULL, i_neg, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "NEZ", r_nez, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "NEZ_INT32", NULL, i_nez, -3, 3, 0, 0, 0, 0, EQ },
	{ "NEZ_UINT16", NULL, i_nez, 0, 3, 0, 0, 0, 0, EQ },
	{ "NEZ_UINT32", NULL, i_nez, 0, 3, 0, 0, 0, 0, EQ },
	{ "POWER", r_pow3, NULL, -20, 20, 0, 1, 2, 0, P3 },
	{ "POWER_FRACTIONAL", r_pow25, NULL, 0.01, 20, 0, 1, 16, 0, P3 },
	{ "POWER_ITERATIVE", r_pow2, NULL, -20, 20, 0, 1, 1, 0, P3 },
	{ "POLYGAMMA", r_trigamma2, NULL, 0.1, 50, 0, 1, 16, 0, P3 },
	{ "POLYGAMMA_N5", r_polygamma5, NULL, 0.1, 50, 0, 1, 16, 0, P3 },
	{ "PRELU_SFPU", r_prelu, NULL, -10, 10, 0, 0, 0, 0, P3 },
	{ "RDIV", r_rdiv, NULL, 0.1, 100, 0, 1, 2, 0, P3 },
	{ "RDIV_FLOOR", r_rdiv_floor, NULL, 0.1, 100, 0, 0, 0, 0, EQ },
	{ "RECIP", r_recip, NULL, -100, 100, 0, 1, 1, 0, P3 },
	{ "RELU", r_relu, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "RELU_INT32", NULL, i_relu, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "RELU6", r_relu6, NULL, -10, 10, 0, 0, 0, 0, EQ },
	{ "RELU_MAX", r_relu_max, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "RELU_MAX_INT32", NULL, i_relu_max, -10, 10, 0, 0, 0, 0, EQ },
	{ "RELU_MIN_INT32", NULL, i_relu_min, -10, 10, 0, 0, 0, 0, EQ },
	{ "RELU_MAX_UINT16", NULL, h_relu_max, 0, 65535, 0, 0, 0, 0, EQ },
	{ "RELU_MAX_UINT32", NULL, u_relu_max, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "RELU_MIN_UINT16", NULL, h_relu_min, 0, 65535, 0, 0, 0, 0, EQ },
	{ "RELU_MIN_UINT32", NULL, u_relu_min, 0, 100, 0, 0, 0, 0, EQ },
	{ "RELU_MIN", r_relu_min, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "REMAINDER", r_remainder, NULL, -20, 20, 0, 1, 8, 1e-5, P3 },
	{ "REMAINDER_UINT32", NULL, u_rem, 0, 2147483647.0, 0, 0, 0, 0, EQ },
	{ "RIGHT_SHIFT", NULL, i_shr, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "ROUND", r_round, NULL, -100, 100, 0, 1, 1, 0, P3 },
	{ "RPOW", r_rpow, NULL, -20, 20, 0, 1, 16, 0, P3 },
	{ "RSQRT", r_rsqrt, NULL, 0.001, 1000, 0, 1, 2, 0, P3 },
	{ "RSUB", r_rsub, NULL, -100, 100, 0, 1, 1, 0, P4 },
	{ "RSUB_INT32", NULL, i_rsub, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "SELU", r_selu, NULL, -10, 10, 0, 1, 4, 1e-6, P3 },
	{ "SIGMOID", r_sigmoid, NULL, -20, 20, 0, 1, 4, 1e-7, P3 },
	{ "SIGMOID_APPROX", r_sigmoid, NULL, -20, 20, 0, 2, 1024, 1e-5, P3 },
	{ "SIGN", sgn, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "SIGNBIT", r_signbit, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "SIGNBIT_INT32", NULL, i_signbit, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "SILU", r_silu, NULL, -20, 20, 0, 1, 4, 1e-7, P3 },
	{ "SIN", sin, NULL, -10, 10, 0, 1, 4, 1e-6, P3 },
	{ "SINH", sinh, NULL, -10, 10, 0, 1, 4, 1e-7, P3 },
	{ "SOFTCAP", r_softcap, NULL, -10, 10, 0, 1, 4, 1e-7, P3 },
	{ "SOFTPLUS", r_softplus, NULL, -20, 30, 0, 1, 4, 1e-7, P3 },
	{ "SOFTSHRINK", r_softshrink, NULL, -2, 2, 0, 1, 1, 0, P3 },
	{ "SOFTSIGN", r_softsign, NULL, -100, 100, 0, 1, 4, 0, P3 },
	{ "SQRT", sqrt, NULL, 0, 1000, 0, 1, 1, 0, P3 },
	{ "SQUARE", r_square, NULL, -100, 100, 0, 1, 1, 0, P4 },
	{ "SQUARE_INT32", NULL, i_square, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "SQUARE_UINT16", NULL, i_square, 0, 65535, 0, 0, 0, 0, EQ },
	{ "SQUARE_UINT32", NULL, i_square, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "SUB_UNARY_SFPU", r_sub, NULL, -100, 100, 0, 1, 1, 0, P4 },
	{ "SUB_UNARY_SFPU_INT32", NULL, i_sub, -100000, 100000, 0, 0, 0, 0, EQ },
	{ "SUB_UNARY_SFPU_UINT32", NULL, i_sub, 0, 4294967295.0, 0, 0, 0, 0, EQ },
	{ "TAN", tan, NULL, -1.5, 1.5, 0, 1, 4, 1e-6, P3 },
	{ "TANH", tanh, NULL, -10, 10, 0, 1, 4, 1e-7, P3 },
	{ "TANH_APPROX", tanh, NULL, -10, 10, 0, 2, 1024, 1e-4, P3 },
	{ "TANHSHRINK", r_tanhshrink, NULL, -10, 10, 0, 2, 64, 1e-6, P3 },
	{ "THRESHOLD", r_threshold, NULL, -2, 2, 0, 0, 0, 0, EQ },
	{ "TILED_PROD", r_identity, NULL, 0.8, 1.25, TPROD, 6, 24, 0, P3 },
	{ "TRUNC", trunc, NULL, -100, 100, 0, 0, 0, 0, EQ },
	{ "UNARY_EQ", r_eq, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "UNARY_EQ_INT32", NULL, i_eq, -6, 6, 0, 0, 0, 0, EQ },
	{ "UNARY_GE", r_ge, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "UNARY_GE_INT32", NULL, i_ge, -6, 6, 0, 0, 0, 0, EQ },
	{ "UNARY_GT", r_gt, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "UNARY_GT_INT32", NULL, i_gt, -6, 6, 0, 0, 0, 0, EQ },
	{ "UNARY_LE", r_le, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "UNARY_LE_INT32", NULL, i_le, -6, 6, 0, 0, 0, 0, EQ },
	{ "UNARY_LT", r_lt, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "UNARY_LT_INT32", NULL, i_lt, -6, 6, 0, 0, 0, 0, EQ },
	{ "UNARY_NE", r_ne, NULL, -2, 2, GRID, 0, 0, 0, EQ },
	{ "UNARY_NE_INT32", NULL, i_ne, -6, 6, 0, 0, 0, 0, EQ },
	{ "XIELU", r_xielu, NULL, -10, 10, 0, 1, 8, 1e-6, P3 },
	{ "WHERE_TSS", r_where, NULL, -2, 2, GRID | TSS, 0, 0, 0, EQ },
	{ "WHERE_TSS_INT32", NULL, i_where, -2, 2, TSS, 0, 0, 0, EQ },
	{ "WHERE_TSS_UINT32", NULL, i_where, 0, 2, TSS, 0, 0, 0, EQ },
};

static const struct ref *find_ref(const char *op)
{
	for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
		if (!strcmp(refs[i].op, op))
			return &refs[i];
	return NULL;
}

/* ---- the list -------------------------------------------------------------------------- */

/* A run's format; an op's data kind is BF16 for float ops (run in
 * bfloat16 and float32) or one of the integer formats. */
enum fmt { BF16, FP32, INT32, UINT32, UINT16 };

struct op {
	char name[48], guard[48], init[160], call[160];
	enum fmt kind;
	const struct ref *ref;
};

static struct op ops[MAX_OPS];
static unsigned n_ops;

static char *trim(char *s)
{
	char *e;

	while (*s == ' ')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\n'))
		*--e = '\0';
	return s;
}

/* The `yes` lines of OPS_LIST; every one needs a reference here. */
static void read_list(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];

	REQUIRE(f, "open %s", path);
	while (fgets(line, sizeof(line), f)) {
		char *field[6], *save = NULL, *p = line;
		int n = 0;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		for (char *tok; n < 6 && (tok = strtok_r(p, "|", &save)); p = NULL)
			field[n++] = trim(tok);
		REQUIRE(n == 6, "%s: a line of %d fields: %s", path, n, line);
		if (strcmp(field[2], "yes"))
			continue;
		REQUIRE(n_ops < MAX_OPS, "too many ops");
		struct op *o = &ops[n_ops++];
		snprintf(o->name, sizeof(o->name), "%s", field[0]);
		snprintf(o->guard, sizeof(o->guard), "%s", field[1]);
		snprintf(o->init, sizeof(o->init), "%s", field[4]);
		snprintf(o->call, sizeof(o->call), "%s", field[5]);
		o->kind = !strcmp(field[3], "int32") ? INT32 : !strcmp(field[3], "uint32") ? UINT32 :
			  !strcmp(field[3], "uint16") ? UINT16 : BF16;
		o->ref = find_ref(o->name);
		CHECK(o->ref != NULL, "%s is `yes` in %s but has no reference in this test", o->name, path);
		CHECK(!o->ref || ((o->kind != BF16) == (o->ref->fi != NULL)), "%s: data kind differs", o->name);
	}
	fclose(f);
	CHECK(n_ops > 100, "only %u ops in %s", n_ops, path);
}

/* ---- one batch: kernel source, args, run ------------------------------------------------- */

static const char *fmt_name(enum fmt f)
{
	static const char *const names[] = { "bfloat16", "float32", "int32", "uint32", "uint16" };

	return names[f];
}

static void append(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void append(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(*buf + *len, *cap - *len, fmt, ap);
		va_end(ap);
		REQUIRE(n >= 0, "vsnprintf");
		if ((size_t)n < *cap - *len)
			break;
		*cap = 2 * *cap + (size_t)n;
		*buf = realloc(*buf, *cap);
		REQUIRE(*buf, "realloc");
	}
	*len += (size_t)n;
}

/* The compute kernel of a batch: op i of the batch on tile i, through
 * sfpu_split_includes.h as ttnn's eltwise_sfpu.cpp does. */
static char *batch_kernel(struct op *const *b, unsigned n, size_t *len)
{
	size_t cap = 4096;
	char *s = malloc(cap);

	REQUIRE(s, "malloc");
	*len = 0;
	append(&s, len, &cap,
	       "// generated by test_sfpu_ops.c\n"
	       "#include <cstdint>\n"
	       "#include \"api/compute/common.h\"\n"
	       "#include \"api/compute/tile_move_copy.h\"\n"
	       "#include \"api/compute/eltwise_unary/eltwise_unary.h\"\n"
	       "#include \"api/compute/eltwise_unary/sfpu_split_includes.h\"\n"
	       "#include \"api/compute/mul_int_sfpu.h\"\n\n"
	       "static void op(uint32_t i)\n{\n\tswitch (i) {\n");
	for (unsigned i = 0; i < n; i++) {
		const char *fill = !(b[i]->ref->flags & TSS) ? "" : b[i]->kind != BF16 ?
			"fill_tile_int<DataFormat::Int32>(1, 7u); fill_tile_int<DataFormat::Int32>(2, 0xfffffffdu); " :
			"fill_tile_bitcast(1, 0x40000000u); fill_tile_bitcast(2, 0xc0400000u); ";

		append(&s, len, &cap, "\tcase %u: { %s%s %s } break;\n", i, fill, b[i]->init, b[i]->call);
	}
	append(&s, len, &cap,
	       "\t}\n}\n\n"
	       "void kernel_main()\n{\n"
	       "\tconstexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;\n"
	       "\tuint32_t n = get_arg_val<uint32_t>(0);\n\n"
	       "\tinit_sfpu(in, out);\n"
	       "\tfor (uint32_t i = 0; i < n; i++) {\n"
	       "\t\tcb_wait_front(in, 1);\n\t\ttile_regs_acquire();\n\t\tcopy_tile(in, 0, 0);\n"
	       "\t\top(i);\n"
	       "\t\ttile_regs_commit();\n\t\ttile_regs_wait();\n\t\tcb_reserve_back(out, 1);\n"
	       "\t\tpack_tile(0, out);\n\t\tcb_push_back(out, 1);\n\t\ttile_regs_release();\n"
	       "\t\tcb_pop_front(in, 1);\n\t}\n}\n");
	return s;
}

/* ---- inputs and checks --------------------------------------------------------------------- */

static double rnd01(void)
{
	return (double)(rnd() & 0xffffffu) / (double)(1u << 24);
}

static double input(const struct ref *r, unsigned i)
{
	static const double grid[] = { -1, -0.5, 0, 0.5, 1, 2, -2, 0.25 };

	if (r->flags & GRID)
		return grid[(unsigned)(rnd01() * 8) % 8];
	if (i == 0 && r->lo <= 0 && r->hi >= 0)
		return 0;
	return r->lo + (r->hi - r->lo) * rnd01();
}

static double ulp_of(double y, int mant_bits)
{
	int e;

	if (y == 0 || !isfinite(y))
		return 0;
	frexp(y, &e);
	return ldexp(1.0, e - 1 - mant_bits);
}

/* The tile index (L1 order: faces of 16 rows of 16) of the SFPU's lane l
 * at DST address a (docs/tensix.md, "SFPU"). */
static unsigned sfpu_elem(unsigned a, unsigned l)
{
	return ((a & ~3u) + l / 8) * 16 + 2 * (l % 8) + ((a >> 1) & 1);
}

/* tiled_prod_tile's result: per face, each lane's running product over
 * the face's eight vectors and the next face's first, written back as it
 * goes (so it carries into the next face). The last face's ninth vector
 * is the next tile's: not in this one. */
static void tiled_prod_ref(const float *x, double *want)
{
	for (unsigned i = 0; i < TILE; i++)
		want[i] = x[i];
	for (unsigned face = 0; face < 4; face++) {
		for (unsigned l = 0; l < 32; l++) {
			double running = 1;

			for (unsigned k = 0; k < 9; k++) {
				unsigned e = sfpu_elem(16 * face + 2 * k, l);

				if (e >= TILE)
					break;
				running *= want[e];
				want[e] = running;
			}
		}
	}
}

/* The exact results of one op's tile. */
static void reference(const struct ref *r, const float *x, double *want)
{
	for (unsigned i = 0; i < TILE; i++) {
		/* ROT90: L1 keeps a face row's 16 columns in a row, so i ^ 1 is the pair's other column. */
		if (r->flags & ROT90)
			want[i] = i & 1 ? x[i - 1] : -x[i + 1];
		else
			want[i] = r->f(x[i]);
	}
	if (r->flags & TPROD)
		tiled_prod_ref(x, want);
}

/* Checks one op's tile: every element, then the correlation. */
static void check_float(const struct op *o, enum fmt f, const float *x, const float *got)
{
	const struct ref *r = o->ref;
	double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, worst = 0, wants[TILE];
	unsigned bad = 0;

	reference(r, x, wants);
	for (unsigned i = 0; i < TILE; i++) {
		double want = wants[i], g = got[i];
		double tol = (f == BF16 ? r->ulps16 * ulp_of(want, 7) : r->ulps32 * ulp_of(want, 23));
		double err = fabs(g - want);

		/* bf16 results land on the truncated value: one ulp of the format below. */
		if (f == BF16)
			tol = fmax(tol, fabs(want - bf16_down((float)want)));
		tol = fmax(tol, r->atol);
		if ((isnan(want) && isnan(g)) || g == want || err <= tol) {
			if (isfinite(want) && want != 0 && tol > 0)
				worst = fmax(worst, err / tol);
		} else if (bad++ < 4) {
			fprintf(stderr, "%s (%s): x = %.9g: got %.9g, want %.9g (tol %.3g)\n", o->name,
				fmt_name(f), x[i], g, want, tol);
		}
		if (isfinite(g) && isfinite(want)) {
			sx += g, sy += want, sxx += g * g, syy += want * want, sxy += g * want;
		}
	}
	CHECK(bad == 0, "%s (%s): %u of %u elements out of tolerance", o->name, fmt_name(f), bad, TILE);
	double vx = sxx - sx * sx / TILE, vy = syy - sy * sy / TILE;
	if (vx > 0 && vy > 0 && r->pcc < 1) {
		double pcc = (sxy - sx * sy / TILE) / sqrt(vx * vy);

		CHECK(pcc >= r->pcc, "%s (%s): PCC %.6f below ttnn's %.4f", o->name, fmt_name(f), pcc,
		      r->pcc);
	}
	if (getenv("TTFS_SFPU_VERBOSE"))
		fprintf(stderr, "%-24s %-8s worst error %.2f of its tolerance\n", o->name, fmt_name(f), worst);
}

/* Integer results bit for bit: x and got are the tile's words (UInt16: its
 * 16-bit values); the reference sees x as its format's value. */
static void check_int(const struct op *o, enum fmt f, const uint32_t *x, const uint32_t *got)
{
	unsigned bad = 0;

	for (unsigned i = 0; i < TILE; i++) {
		int64_t v = f == INT32 ? (int64_t)(int32_t)x[i] : (int64_t)x[i];
		uint32_t want = (uint32_t)o->ref->fi(v);

		if (f == UINT16)
			want &= 0xffffu;
		if (got[i] != want && bad++ < 4)
			fprintf(stderr, "%s: x = %lld: got %u, want %u\n", o->name, (long long)v, got[i], want);
	}
	CHECK(bad == 0, "%s (%s): %u of %u elements differ", o->name, fmt_name(f), bad, TILE);
}

/* The guards a batch needs, as args `defines` words. */
static void guard_defines(struct op *const *b, unsigned n, char *out, size_t size)
{
	size_t len = 0;

	out[0] = '\0';
	for (unsigned i = 0; i < n; i++) {
		char word[96];

		snprintf(word, sizeof(word), "\n  SFPU_OP_%s_INCLUDE=1", b[i]->guard);
		if (!strstr(out, word))
			len += (size_t)snprintf(out + len, size - len, "%s", word);
		if ((b[i]->ref->flags & TSS) && !strstr(out, "SFPU_OP_FILL_INCLUDE"))
			len += (size_t)snprintf(out + len, size - len, "\n  SFPU_OP_FILL_INCLUDE=1");
	}
}

static void run_batch(struct ttrt_device *dev, struct op *const *b, unsigned n, enum fmt f)
{
	static float xf[BATCH_INT * TILE], of[BATCH_INT * TILE];
	static uint16_t x16[BATCH_INT * TILE], o16[BATCH_INT * TILE];
	static uint32_t xi[BATCH_INT * TILE], oi[BATCH_INT * TILE];
	static const char *const inp[] = { "INP_FLOAT=1", "INP_FLOAT32=1", "INP_INT32=1", "INP_UINT32=1",
					   "INP_FLOAT=1" };
	bool half = f == BF16 || f == UINT16;   /* 16-bit tiles and DST */
	char defines[2048], sections[2600], what[128];
	size_t len;
	char *src = batch_kernel(b, n, &len);
	uint32_t tile = half ? 2048 : 4096;
	int rc;

	for (unsigned t = 0; t < n; t++) {
		for (unsigned i = 0; i < TILE; i++) {
			double v = input(b[t]->ref, i);
			unsigned k = t * TILE + i;

			if (f == INT32) {
				xi[k] = (uint32_t)(int32_t)llround(v);
			} else if (f == UINT32) {
				xi[k] = (uint32_t)llround(v);
			} else if (f == UINT16) {
				x16[k] = (uint16_t)llround(v);
			} else if (f == BF16) {
				x16[k] = (uint16_t)(f2u((float)v) >> 16);
				xf[k] = u2f((uint32_t)x16[k] << 16);
			} else {
				xf[k] = (float)v;
			}
		}
	}
	guard_defines(b, n, defines, sizeof(defines));
	/* ttnn's factory defines the input type too. */
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %u\n[cb.16]\nformat = %s\npages = %u\n"
		 "[compute]\nargs = %u\ndefines = %s%s\n%s", fmt_name(f), n, fmt_name(f), n, n, inp[f],
		 defines, half ? "" : "fp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL);
	snprintf(what, sizeof(what), "%s .. %s (%s)", b[0]->name, b[n - 1]->name, fmt_name(f));
	struct io in[3] = { { half ? (void *)x16 : f == FP32 ? (void *)xf : (void *)xi, tile, n } };
	struct io out[2] = { { half ? (void *)o16 : f == FP32 ? (void *)of : (void *)oi, tile, n } };
	rc = run_source(dev, what, sections, src, len, in, out);
	free(src);
	if (rc)
		return;
	for (unsigned t = 0; t < n; t++) {
		if (f == UINT16) {
			for (unsigned i = 0; i < TILE; i++) {
				xi[t * TILE + i] = x16[t * TILE + i];
				oi[t * TILE + i] = o16[t * TILE + i];
			}
		}
		if (f != BF16 && f != FP32) {
			check_int(b[t], f, xi + t * TILE, oi + t * TILE);
			continue;
		}
		if (f == BF16)
			for (unsigned i = 0; i < TILE; i++)
				of[t * TILE + i] = u2f((uint32_t)o16[t * TILE + i] << 16);
		check_float(b[t], f, xf + t * TILE, of + t * TILE);
	}
}

static void test_ops(struct ttrt_device *dev, enum fmt f)
{
	struct op *b[BATCH_INT];
	enum fmt kind = f == FP32 ? BF16 : f;
	unsigned n = 0, max = kind == BF16 ? BATCH : BATCH_INT;

	for (unsigned i = 0; i < n_ops; i++) {
		if (!ops[i].ref || ops[i].kind != kind)
			continue;
		b[n++] = &ops[i];
		if (n == max) {
			run_batch(dev, b, n, f);
			n = 0;
		}
	}
	if (n)
		run_batch(dev, b, n, f);
}

/* ---- a chain as ttnn defines it ------------------------------------------------------------- */

/* x * 2 then e^x: e^(2x), through eltwise_sfpu.cpp and ttnn's defines. */
static void test_chain(struct ttrt_device *dev)
{
	static uint16_t x[2 * TILE], o[2 * TILE];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 2\n[cb.16]\nformat = bfloat16\npages = 2\n"
		"[compute]\nargs = 2\n"
		"defines = \"SFPU_OP_CHAIN_0=SFPU_OP_CHAIN_0_INIT_0 SFPU_OP_CHAIN_0_FUNC_0 "
		"SFPU_OP_CHAIN_0_INIT_1 SFPU_OP_CHAIN_0_FUNC_1 \"\n"
		"  \"SFPU_OP_CHAIN_0_INIT_0=binop_with_scalar_tile_init();\"\n"
		"  \"SFPU_OP_CHAIN_0_FUNC_0=mul_unary_tile(0, 0x40000000u);\"\n"
		"  \"SFPU_OP_CHAIN_0_INIT_1=exp_tile_init<0u>();\"\n"
		"  \"SFPU_OP_CHAIN_0_FUNC_1=exp_tile<0u>(0);\"\n"
		"  SFPU_OP_BINOP_WITH_SCALAR_INCLUDE=1 SFPU_OP_EXP_INCLUDE=1 INP_FLOAT=1\n"
		"math_approx_mode = false\n";
	struct io in[3] = { { x, 2048, 2 } }, out[2] = { { o, 2048, 2 } };
	unsigned bad = 0;

	for (unsigned i = 0; i < 2 * TILE; i++)
		x[i] = (uint16_t)(f2u((float)(-5 + 10 * rnd01())) >> 16);
	if (run(dev, "SFPU_OP_CHAIN_0", sections, "eltwise_sfpu.cpp", in, out))
		return;
	for (unsigned i = 0; i < 2 * TILE; i++) {
		double xv = bf16(x[i]), want = exp(2 * xv), got = bf16(o[i]);

		if (fabs(got - want) > fmax(ulp_of(want, 7), fabs(want - bf16_down((float)want))) &&
		    bad++ < 4)
			fprintf(stderr, "chain: x = %g: got %g, want %g\n", xv, got, want);
	}
	CHECK(bad == 0, "SFPU_OP_CHAIN_0 (x * 2, exp): %u elements differ", bad);
}

/* ---- dropout ------------------------------------------------------------------------------ */

#define DROP_TILES 16

/* ttnn's dropout kernel (experimental/dropout's dropout_kernel.cpp) in
 * short: the PRNG seeded once, then every tile through dropout_tile. */
static const char dropout_kernel[] =
	"// generated by test_sfpu_ops.c\n"
	"#include <cstdint>\n"
	"#include \"api/compute/common.h\"\n"
	"#include \"api/compute/tile_move_copy.h\"\n"
	"#include \"api/compute/eltwise_unary/eltwise_unary.h\"\n"
	"#include \"api/compute/eltwise_unary/sfpu_split_includes.h\"\n\n"
	"void kernel_main()\n{\n"
	"\tconstexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;\n"
	"\tuint32_t n = get_arg_val<uint32_t>(0), seed = get_arg_val<uint32_t>(1);\n"
	"\tuint32_t probability = get_arg_val<uint32_t>(2), scale = get_arg_val<uint32_t>(3);\n\n"
	"\tinit_sfpu(in, out);\n"
	"\tdropout_kernel_init(seed);\n"
	"\tfor (uint32_t i = 0; i < n; i++) {\n"
	"\t\tcb_wait_front(in, 1);\n\t\ttile_regs_acquire();\n\t\tcopy_tile(in, 0, 0);\n"
	"\t\tdropout_tile(0, probability, scale);\n"
	"\t\ttile_regs_commit();\n\t\ttile_regs_wait();\n\t\tcb_reserve_back(out, 1);\n"
	"\t\tpack_tile(0, out);\n\t\tcb_push_back(out, 1);\n\t\ttile_regs_release();\n"
	"\t\tcb_pop_front(in, 1);\n\t}\n}\n";

/* Runs the dropout kernel on x into y, in float32 tiles (fp32 DST) or,
 * with half, bfloat16 tiles (16-bit DST; x and y still as floats here). */
static int run_dropout(struct ttrt_device *dev, bool half, const float *x, float *y, uint32_t seed, double p)
{
	static uint16_t x16[DROP_TILES * TILE], y16[DROP_TILES * TILE];
	char sections[512], what[64];
	uint32_t probability = (uint32_t)(p * 2147483647.0), scale = f2u((float)(1 / (1 - p)));
	struct io in[3] = { { half ? (void *)x16 : (void *)x, half ? 2048 : 4096, DROP_TILES } };
	struct io out[2] = { { half ? (void *)y16 : (void *)y, half ? 2048 : 4096, DROP_TILES } };
	int rc;

	for (unsigned i = 0; half && i < DROP_TILES * TILE; i++)
		x16[i] = (uint16_t)(f2u(x[i]) >> 16);   /* x is exact in bf16 */
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = 2\n[cb.16]\nformat = %s\npages = 2\n"
		 "[compute]\nargs = %u %u %u %u\ndefines = SFPU_OP_DROPOUT_INCLUDE=1 %s\n%s",
		 half ? "bfloat16" : "float32", half ? "bfloat16" : "float32", DROP_TILES, seed, probability,
		 scale, half ? "INP_FLOAT=1" : "INP_FLOAT32=1",
		 half ? "" : "fp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL);
	snprintf(what, sizeof(what), "dropout (%s, seed %u, p %.2f)", half ? "bf16" : "fp32", seed, p);
	rc = run_source(dev, what, sections, dropout_kernel, sizeof(dropout_kernel) - 1, in, out);
	for (unsigned i = 0; half && !rc && i < DROP_TILES * TILE; i++)
		y[i] = bf16(y16[i]);
	return rc;
}

/* Of y, how many elements were dropped (0), and how many kept ones are not
 * exactly x times the scale (the SFPU's fp32 product; a 16-bit DST's store
 * truncates it to bf16). */
static void dropout_counts(bool half, const float *x, const float *y, double p, unsigned *dropped,
			   unsigned *wrong)
{
	float scale = (float)(1 / (1 - p));

	*dropped = *wrong = 0;
	for (unsigned i = 0; i < DROP_TILES * TILE; i++) {
		float want = half ? trunc_bf16(x[i] * scale) : x[i] * scale;

		if (y[i] == 0.0f)
			(*dropped)++;
		else if (y[i] != want && (*wrong)++ < 4)
			fprintf(stderr, "dropout: x = %.9g kept as %.9g, want %.9g\n", x[i], y[i], want);
	}
}

/* Silicon's PRNG (tt-isa-documentation, VectorUnit.md "PRNG"), one lane's step. */
static uint32_t lfsr_step(uint32_t s)
{
	return ((~(uint32_t)__builtin_popcount(s & 0x80200003u)) << 31) | (s >> 1);
}

/* The elements silicon's dropout drops for this seed and p: the lanes
 * seeded as the PRNG_SEED register spreads a seed, one draw a lane a
 * vector, vectors in order through each tile. Counts those y disagrees on. */
static unsigned dropout_mask_diff(const float *y, uint32_t seed, double p)
{
	uint32_t lane[32], probability = (uint32_t)(p * 2147483647.0);
	unsigned bad = 0;

	for (unsigned i = 0; i < 32; i++)
		seed = lfsr_step(seed);
	for (unsigned l = 32; l-- > 0;)
		lane[l] = seed = lfsr_step(lfsr_step(seed));
	for (unsigned t = 0; t < DROP_TILES; t++) {
		for (unsigned a = 0; a < 64; a += 2) {
			for (unsigned l = 0; l < 32; l++) {
				bool drop = (lane[l] & 0x7fffffffu) <= probability;

				lane[l] = lfsr_step(lane[l]);
				bad += drop != (y[t * TILE + sfpu_elem(a, l)] == 0.0f);
			}
		}
	}
	return bad;
}

/* Dropout's statistics, in float32 or bfloat16 (half), over 16 tiles (the PRNG's 32 lanes 512 draws
 * each): the fraction dropped within 0.04 of p (silicon's LFSR is poor,
 * its lanes are one sequence 2 steps apart, so the count is noisier than
 * independent draws would be), kept values exactly scaled, the same seed
 * the same mask, another seed another one, p = 0 keeps every element; and
 * the mask is the one silicon's PRNG gives (modelled here). */
static void test_dropout(struct ttrt_device *dev, bool half)
{
	static float x[DROP_TILES * TILE], a[DROP_TILES * TILE], b[DROP_TILES * TILE];
	static const double ps[] = { 0.1, 0.5, 0.9 };
	const char *f = fmt_name(half ? BF16 : FP32);
	unsigned dropped, wrong, differ = 0;

	for (unsigned i = 0; i < DROP_TILES * TILE; i++) {
		x[i] = (float)(1 + rnd01());   /* never 0: a 0 out is a drop */
		if (half)
			x[i] = bf16_down(x[i]);
	}
	for (unsigned k = 0; k < 3; k++) {
		double p = ps[k], frac;

		if (run_dropout(dev, half, x, a, 1234, p))
			return;
		dropout_counts(half, x, a, p, &dropped, &wrong);
		frac = (double)dropped / (DROP_TILES * TILE);
		CHECK(fabs(frac - p) < 0.04, "dropout (%s) p = %.2f: %.4f of the elements dropped", f, p, frac);
		CHECK(wrong == 0, "dropout (%s) p = %.2f: %u kept elements not scaled exactly", f, p, wrong);
		CHECK(dropout_mask_diff(a, 1234, p) == 0, "dropout (%s) p = %.2f: %u elements dropped or kept "
		      "unlike silicon's PRNG", f, p, dropout_mask_diff(a, 1234, p));
		if (getenv("TTFS_SFPU_VERBOSE"))
			fprintf(stderr, "dropout (%s) p = %.2f: %.4f dropped\n", f, p, frac);
	}
	/* a: seed 1234, p 0.9 */
	if (run_dropout(dev, half, x, b, 1234, 0.9))
		return;
	CHECK(memcmp(a, b, sizeof(a)) == 0, "dropout (%s): the same seed gave another result", f);
	if (run_dropout(dev, half, x, b, 99, 0.9))
		return;
	for (unsigned i = 0; i < DROP_TILES * TILE; i++)
		differ += (a[i] == 0.0f) != (b[i] == 0.0f);
	CHECK(differ > DROP_TILES * TILE / 20, "dropout (%s): seeds 1234 and 99 drop the same elements "
	      "but %u", f, differ);
	if (run_dropout(dev, half, x, b, 1234, 0))
		return;
	dropout_counts(half, x, b, 0, &dropped, &wrong);
	CHECK(dropped == 0 && wrong == 0, "dropout (%s) p = 0: %u dropped, %u wrong", f, dropped, wrong);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev;

	REQUIRE(argc == 3, "usage: test_sfpu_ops KERNELS_DIR OPS_LIST");
	read_list(argv[2]);
	dev = open_device(argc - 1, argv, "test_sfpu_ops");

	test_chain(dev);
	test_dropout(dev, false);
	test_dropout(dev, true);
	test_ops(dev, BF16);
	test_ops(dev, FP32);
	test_ops(dev, INT32);
	test_ops(dev, UINT32);
	test_ops(dev, UINT16);

	ttrt_device_close(dev);
	return compute_check_exit("test_sfpu_ops");
}
