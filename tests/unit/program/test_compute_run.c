/* SPDX-License-Identifier: Apache-2.0
 *
 * Compute kernels end to end on the simulated chip, through the program
 * API: a reader fills c_0..c_2 from DRAM, a compute kernel
 * (a .cpp file in tests/unit/program/compute) runs on the three TRISCs, a writer
 * drains c_16 and c_17 to DRAM. Every result is checked against a host
 * reference computed here from docs/tensix.md's rules (bf16 rounding on
 * pack, truncation on SFPU stores, rounding in a 16-bit DST, math
 * fidelity), not with the simulator's own code:
 * - copy_tile + pack_tile between bf16 and float32 CBs, fp32 DST on and off;
 * - add/sub/mul_tiles, mul at HiFi4 and at LoFi (which must differ);
 * - matmul_tiles accumulating over K tiles of tilized matrices;
 * - reduce (SUM and MAX) along rows and along columns;
 * - add, mul, sub, rsub and div_unary_tile;
 * - every unary SFPU op, each with its stated tolerance, in bf16 and in
 *   float32 with an fp32 DST; vector_mode R and C;
 * - raw SFPI: add1, a v_if / v_elseif / v_else nest on lane-dependent data,
 *   the SFPU's lane-to-element mapping, dst_reg[] past dst_reg++;
 * - a kernel split with #if defined(TRISC_UNPACK) / TRISC_MATH / TRISC_PACK;
 * - custom SFPI in tt-metal's documented style: unqualified sfpi names, the
 *   unary and binary params helpers, their vector modes and extra args.
 *
 * test_compute_run KERNELS_DIR   (tests/unit/program/compute)
 */
#include "compute_harness.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* ---- copy_tile + pack_tile -------------------------------------------------------------- */

#define COPY_TILES 2

/* fp32 inputs: rounding edge cases (ties, just above and below, the
 * largest finite, denormals, infinities, NaN) and random values. */
static void copy_inputs(uint16_t *b16, float *f32)
{
	static const uint32_t edge[] = {
		0x3f808000u, 0x3f818000u, 0xbf808000u, 0xbf818000u, /* ties: even below, odd above */
		0x3f808001u, 0x3f807fffu, 0x7f7fffffu, 0xff7fffffu, /* near ties, largest finite */
		0x7f7f8000u, 0x00000001u, 0x80400000u, 0x00800000u, /* tie to Inf, denormals, min normal */
		0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000000u, /* infinities, NaN, zero */
		0x80000000u, 0x3effffffu, 0x40490fdbu, 0xc2f6e979u,
	};

	for (unsigned i = 0; i < COPY_TILES * TILE_ELEMS; i++) {
		if (i < sizeof(edge) / sizeof(edge[0]))
			f32[i] = u2f(edge[i]);
		else
			f32[i] = u2f((rnd() << 8 | (rnd() & 0xff)) & 0xbfffffffu);   /* |x| < 2 */
		b16[i] = (uint16_t)rnd();
		if ((b16[i] & 0x7f80u) == 0x7f80u)   /* no NaN: NaN → Inf on pack */
			b16[i] &= 0xbfffu;
	}
}

/* fp32_dst: fp32_dest_acc_en; to_dest: c_1 (Float32) is UnpackToDestFp32. */
static void test_copy(struct ttrt_device *dev, bool fp32_dst, bool to_dest)
{
	static uint16_t in16[COPY_TILES * TILE_ELEMS], out16[2 * COPY_TILES * TILE_ELEMS];
	static float in32[COPY_TILES * TILE_ELEMS], out32[2 * COPY_TILES * TILE_ELEMS];
	char sections[512], what[64], what16[96], what32[96];
	struct io in[3] = {
		{ in16, 2048, COPY_TILES }, { in32, 4096, COPY_TILES }, { 0 },
	};
	struct io out[2] = { { out16, 2048, 2 * COPY_TILES }, { out32, 4096, 2 * COPY_TILES } };
	struct cmp c16, c32;

	copy_inputs(in16, in32);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\npages = %d\n[cb.1]\nformat = float32\npages = %d\n"
		 "[cb.16]\nformat = bfloat16\npages = %d\n[cb.17]\nformat = float32\npages = %d\n"
		 "[compute]\nargs = %d\nfp32_dest_acc_en = %s\n%s",
		 COPY_TILES, COPY_TILES, 2 * COPY_TILES, 2 * COPY_TILES, COPY_TILES,
		 fp32_dst ? "true" : "false",
		 to_dest ? "unpack_to_dest_mode = 1=UnpackToDestFp32\n" : "");
	snprintf(what, sizeof(what), "copy, fp32 DST %s%s", fp32_dst ? "on" : "off",
		 to_dest ? ", UnpackToDestFp32" : "");
	if (run(dev, what, sections, "copy.cpp", in, out))
		return;

	snprintf(what16, sizeof(what16), "copy into bf16 c_16 (%s)", what);
	snprintf(what32, sizeof(what32), "copy into float32 c_17 (%s)", what);
	c16 = (struct cmp){ .what = what16 };
	c32 = (struct cmp){ .what = what32 };
	for (unsigned i = 0; i < 2 * COPY_TILES * TILE_ELEMS; i++) {
		unsigned j = i % (COPY_TILES * TILE_ELEMS);
		float held;   /* what DST holds */

		if (i < COPY_TILES * TILE_ELEMS) {
			held = bf16(in16[j]);   /* bf16 unpacks exactly */
		} else {
			uint32_t u = f2u(in32[j]);

			/* Into a 16-bit DST an fp32 tile is truncated to bf16,
			 * denormals to 0; an fp32 DST keeps it whole when it is
			 * unpacked to DST, else SrcA's TF32 drops 13 bits. */
			if (!fp32_dst)
				held = is_denormal(u) ? u2f(u & 0x80000000u) : u2f(u & 0xffff0000u);
			else
				held = to_dest ? in32[j] : u2f(u & ~0x1fffu);
		}
		cmp_one(&c16, i, bf16(out16[i]), bf16(pack_bf16(held)), 0);
		cmp_one(&c32, i, out32[i], held, 0);
	}
	cmp_done(&c16);
	cmp_done(&c32);
}

/* ---- add, sub, mul ---------------------------------------------------------------------- */

/* LoFi (reference §3.6, docs/tensix.md): SrcA's implicit 1 and top 4
 * mantissa bits times SrcB's implicit 1 and top 6. */
static float lofi_mul(float a, float b)
{
	return u2f(f2u(a) & 0xfff80000u) * u2f(f2u(b) & 0xfffe0000u);
}

static void test_binary(struct ttrt_device *dev, bool lofi)
{
	static uint16_t a[3 * TILE_ELEMS], b[3 * TILE_ELEMS], o[3 * TILE_ELEMS];
	char sections[512];
	struct io in[3] = { { a, 2048, 3 }, { b, 2048, 3 }, { 0 } };
	struct io out[2] = { { o, 2048, 3 }, { 0 } };
	struct cmp c[3] = { { .what = "add_tiles" }, { .what = "sub_tiles" },
			    { .what = lofi ? "mul_tiles at LoFi" : "mul_tiles at HiFi4" } };
	unsigned lofi_differs = 0;

	for (unsigned i = 0; i < 3 * TILE_ELEMS; i++) {
		a[i] = rnd_bf16(100.0f);
		b[i] = rnd_bf16(i % 7 ? 100.0f : 0.01f);
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\npages = 3\n[cb.1]\nformat = bfloat16\npages = 3\n"
		 "[cb.16]\nformat = bfloat16\npages = 3\n"
		 "[compute]\nargs = 3\nmath_fidelity = %s\n", lofi ? "LoFi" : "HiFi4");
	if (run(dev, lofi ? "binary, LoFi" : "binary, HiFi4", sections, "binary.cpp", in, out))
		return;
	for (unsigned i = 0; i < 3 * TILE_ELEMS; i++) {
		unsigned t = i / TILE_ELEMS;
		float x = bf16(a[i]), y = bf16(b[i]), r;

		if (t == 0)
			r = x + y;
		else if (t == 1)
			r = x - y;
		else
			r = lofi ? lofi_mul(x, y) : x * y;   /* bf16 x bf16 is exact in fp32 */
		r = round_even_bf16(r);
		cmp_one(&c[t], i, bf16(o[i]), bf16(pack_bf16(r)), 0);
		if (t == 2 && lofi && f2u(round_even_bf16(x * y)) != f2u(bf16(o[i])))
			lofi_differs++;
	}
	for (int t = 0; t < 3; t++)
		cmp_done(&c[t]);
	if (lofi)
		CHECK(lofi_differs > TILE_ELEMS / 2, "LoFi differs from the exact product in %u of %u",
		      lofi_differs, TILE_ELEMS);
}

/* ---- matmul ----------------------------------------------------------------------------------- */

#define MM_KT 3

static void test_matmul(struct ttrt_device *dev)
{
	/* A is 32 x 32K, B 32K x 32, row-major on the host, tilized for the chip. */
	static float A[32][32 * MM_KT], B[32 * MM_KT][32];
	static uint16_t ta[MM_KT * TILE_ELEMS], tb[MM_KT * TILE_ELEMS], o[TILE_ELEMS];
	struct io in[3] = { { ta, 2048, MM_KT }, { tb, 2048, MM_KT }, { 0 } };
	struct io out[2] = { { o, 2048, 1 }, { 0 } };
	struct cmp c = { .what = "matmul_tiles over 3 K tiles" };
	char sections[512];

	for (unsigned r = 0; r < 32; r++) {
		for (unsigned k = 0; k < 32 * MM_KT; k++) {
			uint16_t x = rnd_bf16(2.0f), y = rnd_bf16(2.0f);

			A[r][k] = bf16(x);
			B[k][r] = bf16(y);
			ta[(k / 32) * TILE_ELEMS + tile_pos(r, k % 32)] = x;
			tb[(k / 32) * TILE_ELEMS + tile_pos(k % 32, r)] = y;
		}
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\npages = %d\n[cb.1]\nformat = bfloat16\npages = %d\n"
		 "[cb.16]\nformat = bfloat16\npages = 1\n[compute]\nargs = %d\nmath_fidelity = HiFi4\n",
		 MM_KT, MM_KT, MM_KT);
	if (run(dev, "matmul", sections, "matmul.cpp", in, out))
		return;
	for (unsigned i = 0; i < 32; i++) {
		for (unsigned j = 0; j < 32; j++) {
			float dst = 0;

			/* Each matmul_tiles adds its 32 products in fp32, k in
			 * order, to what DST holds; a 16-bit DST rounds after it. */
			for (unsigned kt = 0; kt < MM_KT; kt++) {
				float acc = dst;

				for (unsigned k = 32 * kt; k < 32 * kt + 32; k++) {
					float p = A[i][k] * B[k][j];

					acc = acc + p;
				}
				dst = round_even_bf16(acc);
			}
			cmp_one(&c, i * 32 + j, bf16(o[tile_pos(i, j)]), bf16(pack_bf16(dst)), 0);
		}
	}
	cmp_done(&c);
}

/* ---- reduce ------------------------------------------------------------------------------------- */

/* Tile t of x at row r, column k: small integers, so every partial sum is
 * exact in any order; a row of tile 2 and a column of tile 3 are all
 * negative, so a maximum of 0 would show. */
static float reduce_input(unsigned t, unsigned r, unsigned k)
{
	if ((t == 2 && r == 5) || (t == 3 && k == 9))
		return -1.0f - (float)((r + k) % 7);
	return (float)((int)((r * 7 + k * 3 + t) % 9) - 4 + (int)(r % 3));
}

/* Pool (sum or max) of scaler * x over row `line` (by_row) or column `line` of tile t. */
static float reduce_want(const uint16_t *tile, unsigned line, bool by_row, bool max, float scaler)
{
	float acc = max ? -INFINITY : 0;

	for (unsigned j = 0; j < 32; j++) {
		float v = bf16(tile[by_row ? tile_pos(line, j) : tile_pos(j, line)]) * scaler;

		acc = max ? fmaxf(acc, v) : acc + v;
	}
	return acc;
}

static void test_reduce(struct ttrt_device *dev)
{
	static uint16_t x[4 * TILE_ELEMS], s[TILE_ELEMS], o[4 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 4\n[cb.2]\nformat = bfloat16\npages = 1\n"
		"[cb.16]\nformat = bfloat16\npages = 4\n";
	static const char *const names[4] = { "reduce SUM along rows", "reduce SUM along columns",
					       "reduce MAX along rows", "reduce MAX along columns" };
	struct io in[3] = { { x, 2048, 4 }, { 0 }, { s, 2048, 1 } };
	struct io out[2] = { { o, 2048, 4 }, { 0 } };
	const float scaler = 0.5f;

	for (unsigned t = 0; t < 4; t++)
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++)
				x[t * TILE_ELEMS + tile_pos(r, k)] =
					(uint16_t)(f2u(reduce_input(t, r, k)) >> 16);
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		s[i] = (uint16_t)(f2u(scaler) >> 16);
	if (run(dev, "reduce", sections, "reduce.cpp", in, out))
		return;
	for (unsigned t = 0; t < 4; t++) {
		const uint16_t *xt = &x[t * TILE_ELEMS], *ot = &o[t * TILE_ELEMS];
		bool by_row = t % 2 == 0, max = t >= 2;
		struct cmp c = { .what = names[t] };

		/* The result is in column 0 (rows) or row 0 (columns); the rest
		 * of the tile is zero. */
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++) {
				bool in_result = by_row ? k == 0 : r == 0;
				float want = in_result ? reduce_want(xt, by_row ? r : k, by_row, max, scaler) : 0;

				cmp_one(&c, r * 32 + k, bf16(ot[tile_pos(r, k)]), want, 0);
			}
		cmp_done(&c);
	}
}

/* ---- binop with scalar ----------------------------------------------------------------------------- */

static void test_scalar(struct ttrt_device *dev)
{
	static uint16_t x[5 * TILE_ELEMS], o[5 * TILE_ELEMS];
	const float s0 = 1.3f, s1 = -2.7f;
	/* div_unary_tile takes the divisor's reciprocal (ttnn passes bits(1 / d))
	 * and multiplies by it: passing s1 divides by 1 / s1. */
	static const char *const names[5] = { "add_unary_tile", "mul_unary_tile", "sub_unary_tile",
					      "rsub_unary_tile", "div_unary_tile" };
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 5\n[cb.16]\nformat = bfloat16\npages = 5\n"
		"[compute]\nargs = 1.3f -2.7f\n";
	struct io in[3] = { { x, 2048, 5 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 2048, 5 }, { 0 } };

	for (unsigned i = 0; i < 5 * TILE_ELEMS; i++)
		x[i] = rnd_bf16(50.0f);
	if (run(dev, "binop_with_scalar", sections, "scalar.cpp", in, out))
		return;
	/* SFPU ops in fp32, stored truncated into the 16-bit DST. */
	for (unsigned t = 0; t < 5; t++) {
		struct cmp c = { .what = names[t] };

		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			float v = bf16(x[t * TILE_ELEMS + i]);
			float r = t == 0 ? v + s0 : t == 1 ? v * s1 : t == 2 ? v - s0 :
				  t == 3 ? s0 - v : v * s1;

			cmp_one(&c, i, bf16(o[t * TILE_ELEMS + i]), trunc_bf16(r), 0);
		}
		cmp_done(&c);
	}
}

/* ---- unary SFPU ops ---------------------------------------------------------------------------------- */

struct unary {
	const char *name;
	double (*f)(double);
	float lo, hi;     /* the inputs' range */
	int ulps;         /* tolerance in bf16 ulps of the result (0: exact) */
	double abs_tol;   /* and an absolute one, for results near 0 */
};

static double recip(double x) { return 1.0 / x; }
static double neg(double x) { return -x; }
static double relu(double x) { return x > 0 ? x : 0; }
static double gelu(double x) { return 0.5 * x * (1.0 + erf(x / sqrt(2.0))); }
static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* The simulator computes each in fp32 with libm (within 1 fp32 ulp) and
 * stores it truncated to bf16: a result on a bf16 boundary may land on
 * either side, so transcendental ops get 1 bf16 ulp; the exact ones none. */
static const struct unary unaries[15] = {
	{ "exp", exp, -10, 10, 1, 0 },        { "exp2", exp2, -12, 12, 1, 0 },
	{ "log", log, 0.01f, 1000, 1, 1e-6 }, { "log2", log2, 0.01f, 1000, 1, 1e-6 },
	{ "recip", recip, 0.1f, 100, 1, 0 },  { "sqrt", sqrt, 0, 1000, 1, 0 },
	{ "sin", sin, -6.3f, 6.3f, 1, 1e-6 }, { "cos", cos, -6.3f, 6.3f, 1, 1e-6 },
	{ "floor", floor, -100, 100, 0, 0 },  { "trunc", trunc, -100, 100, 0, 0 },
	{ "abs", fabs, -100, 100, 0, 0 },     { "neg", neg, -100, 100, 0, 0 },
	{ "relu", relu, -100, 100, 0, 0 },    { "gelu", gelu, -6, 6, 1, 1e-6 },
	{ "sigmoid", sigmoid, -12, 12, 1, 1e-6 },
};

static void test_unary(struct ttrt_device *dev)
{
	static uint16_t x[15 * TILE_ELEMS], o[15 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 15\n[cb.16]\nformat = bfloat16\npages = 15\n"
		"[compute]\nargs = 0 15\n";
	struct io in[3] = { { x, 2048, 15 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 2048, 15 }, { 0 } };

	for (unsigned t = 0; t < 15; t++) {
		const struct unary *u = &unaries[t];

		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			float f = u->lo + (u->hi - u->lo) * (float)i / TILE_ELEMS;
			uint16_t h = (uint16_t)(f2u(f) >> 16);   /* toward zero: stays in range */

			if (u->lo < 0 && i % 5 == 0)
				h = (uint16_t)(f2u(-bf16(h)) >> 16);
			x[t * TILE_ELEMS + i] = h;
		}
	}
	if (run(dev, "unary SFPU ops", sections, "sfpu.cpp", in, out))
		return;
	for (unsigned t = 0; t < 15; t++) {
		const struct unary *u = &unaries[t];
		char what[64];
		struct cmp c = { .what = what };

		snprintf(what, sizeof(what), "%s_tile", u->name);
		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			float xv = bf16(x[t * TILE_ELEMS + i]);
			float want = trunc_bf16((float)u->f(xv));
			float ulp = 0;

			/* ilogbf of 0, Inf or NaN is not an exponent (FP_ILOGB0/NAN). */
			if (u->ulps && want != 0 && isfinite(want))
				ulp = ldexpf(1.0f, ilogbf(want) - 7) * (float)u->ulps;
			cmp_one(&c, i, bf16(o[t * TILE_ELEMS + i]), want, ulp + (float)u->abs_tol);
		}
		cmp_done(&c);
	}
}

/* ---- raw SFPI --------------------------------------------------------------------------------------- */

static void test_add1(struct ttrt_device *dev)
{
	static uint16_t x[2 * TILE_ELEMS], o[2 * TILE_ELEMS];
	const float s = 0.7f;
	char sections[512];
	struct io in[3] = { { x, 2048, 2 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 2048, 2 }, { 0 } };
	struct cmp c = { .what = "SFPI add1" };

	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++)
		x[i] = rnd_bf16(300.0f);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\npages = 2\n[cb.16]\nformat = bfloat16\npages = 2\n"
		 "[compute]\nargs = 2 0.7f\n");
	if (run(dev, "add1", sections, "add1.cpp", in, out))
		return;
	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++)
		cmp_one(&c, i, bf16(o[i]), trunc_bf16(bf16(x[i]) + s), 0);
	cmp_done(&c);
}

/* vif.cpp's rule. */
static float vif_class(float x)
{
	float y;

	if (x < 0)
		y = x < -8 ? 1 : x < -2 ? 2 : 3;
	else if (x == 0)
		y = 4;
	else if (x > 16)
		y = 5;
	else
		y = x >= 4 ? 6 : 7 + 64;
	if (x < -20 || x > 20)
		y += 100;
	return y;
}

static void test_vif(struct ttrt_device *dev)
{
	static uint16_t x[2 * TILE_ELEMS], o[2 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 2\n[cb.16]\nformat = bfloat16\npages = 2\n"
		"[compute]\nargs = 2\n";
	struct io in[3] = { { x, 2048, 2 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 2048, 2 }, { 0 } };
	struct cmp c = { .what = "v_if nest" };
	unsigned seen[8] = { 0 };

	/* Every class in every lane and vector: neighbours differ. */
	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++) {
		static const float pick[] = { -30, -9, -8, -5, -2, -1, -0.0f, 0, 1, 3.9f,
					      4, 10, 16, 17, 20, 25, -20, -21 };

		x[i] = (uint16_t)(f2u(i % 3 ? pick[rnd() % 18] : pick[i % 18]) >> 16);
	}
	if (run(dev, "v_if nest", sections, "vif.cpp", in, out))
		return;
	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++) {
		float want = vif_class(bf16(x[i]));

		cmp_one(&c, i, bf16(o[i]), want, 0);
		seen[(int)want % 100 % 8]++;
	}
	cmp_done(&c);
	for (int k = 1; k < 8; k++)
		CHECK(seen[k] > 0, "class %d present", k);
}

/* Element (row, column) of a tile that lane L of dst_reg[v] holds
 * (kernel-api.md §4, noc-and-sfpu.md §3.2, docs/tensix.md "SFPU"). */
static void lane_elem(unsigned v, unsigned lane, unsigned *r, unsigned *c)
{
	unsigned f = v / 8, t = v % 8;

	*r = 16 * (f / 2) + 4 * (t / 2) + lane / 8;
	*c = 16 * (f % 2) + 2 * (lane % 8) + t % 2;
}

static void test_lanes(struct ttrt_device *dev)
{
	static float x[TILE_ELEMS], o[TILE_ELEMS], want[TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = float32\npages = 1\n[cb.16]\nformat = float32\npages = 1\n"
		"[compute]\nargs = 0 15\nfp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL;
	struct io in[3] = { { x, 4096, 1 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 4096, 1 }, { 0 } };
	struct cmp c = { .what = "SFPU lane mapping" };
	bool covered[TILE_ELEMS] = { false };

	for (unsigned r = 0; r < 32; r++)
		for (unsigned k = 0; k < 32; k++)
			x[tile_pos(r, k)] = (float)(r * 32 + k);
	for (unsigned v = 0; v < 32; v++) {
		for (unsigned l = 0; l < 32; l++) {
			unsigned r, k, r1, k1;

			lane_elem(v, l, &r, &k);
			lane_elem((v + 1) % 32, l, &r1, &k1);
			want[tile_pos(r, k)] = x[tile_pos(r, k)] + 1024.0f * x[tile_pos(r1, k1)];
			covered[tile_pos(r, k)] = true;
		}
	}
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		REQUIRE(covered[i], "the mapping covers element %u", i);
	if (run(dev, "lanes", sections, "lanes.cpp", in, out))
		return;
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		cmp_one(&c, i, o[i], want[i], 0);
	cmp_done(&c);
}

/* walk.cpp: dst_reg[] moves with dst_reg++. */
static void test_dst_walk(struct ttrt_device *dev)
{
	static uint16_t x[2 * TILE_ELEMS], o[2 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 2\n[cb.16]\nformat = bfloat16\npages = 2\n"
		"[compute]\nargs = 2\n";
	struct io in[3] = { { x, 2048, 2 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 2048, 2 }, { 0 } };
	struct cmp c = { .what = "dst_reg[] past dst_reg++" };

	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++)
		x[i] = rnd_bf16(8.0f);
	if (run(dev, "dst_reg walk", sections, "walk.cpp", in, out))
		return;
	for (unsigned t = 0; t < 2; t++) {
		for (unsigned v = 0; v < 32; v++) {
			for (unsigned l = 0; l < 32; l++) {
				unsigned r, k, r1, k1;
				float want;

				lane_elem(v, l, &r, &k);
				lane_elem(v + 1, l, &r1, &k1);
				want = bf16(x[t * TILE_ELEMS + tile_pos(r, k)]) * 2.0f;
				if (v < 31)
					want += bf16(x[t * TILE_ELEMS + tile_pos(r1, k1)]);
				cmp_one(&c, t * TILE_ELEMS + tile_pos(r, k),
					bf16(o[t * TILE_ELEMS + tile_pos(r, k)]), trunc_bf16(want), 0);
			}
		}
	}
	cmp_done(&c);
}

/* icmp.cpp's mask for one type: silicon's SFPIADD subtracts modulo 2^32
 * and sets the lane flag from the sign of the difference, and sfpi's
 * vInt and vUInt compares are that instruction (tt-metal#53151), so
 * operands 2^31 or more apart compare by the wrapped difference:
 * INT32_MIN < 1 is false, INT32_MAX > -1 is false, and vUInt orders as
 * signed. */
static uint32_t icmp_mask(uint32_t a, uint32_t b)
{
	int32_t d = (int32_t)(a - b);

	return (uint32_t)(d < 0) | (uint32_t)(d <= 0) << 1 | (uint32_t)(d > 0) << 2 |
	       (uint32_t)(d >= 0) << 3 | (uint32_t)(d == 0) << 4 | (uint32_t)(d != 0) << 5;
}

static void test_icmp(struct ttrt_device *dev)
{
	/* Pairs 2^31 or more apart, near it, equal, and one of each sign. */
	static const uint32_t pairs[][2] = {
		{ 0x80000000u, 1 }, { 0x7FFFFFFFu, 0xFFFFFFFFu }, { 1, 0x80000000u },
		{ 0xFFFFFFFFu, 0x7FFFFFFFu }, { 0, 0x80000000u }, { 0x80000000u, 0 },
		{ 0, 0xC0000000u }, { 0x7FFFFFFFu, 0x80000000u }, { 0x80000000u, 0x7FFFFFFFu },
		{ 0x80000000u, 0x80000000u }, { 5, 5 }, { 0x3FFFFFFFu, 0xC0000000u },
		{ 0x40000000u, 0xC0000000u }, { 3, 0xFFFFFFFDu }, { 0xFFFFFFFDu, 3 }, { 7, 9 },
	};
	static uint32_t x[TILE_ELEMS], o[TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = int32\npages = 1\n[cb.16]\nformat = int32\npages = 1\n"
		"[compute]\nargs = 1\nfp32_dest_acc_en = true\n";
	struct io in[3] = { { x, 4096, 1 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 4096, 1 }, { 0 } };
	unsigned bad = 0, n_pairs = sizeof(pairs) / sizeof(pairs[0]);

	/* Lanes of vector 0 take the pairs in turn, the rest random values. */
	for (unsigned v = 0; v < 16; v++) {
		for (unsigned l = 0; l < 32; l++) {
			unsigned r, k, r1, k1, p = (v * 32 + l) % n_pairs;

			lane_elem(v, l, &r, &k);
			lane_elem(v + 16, l, &r1, &k1);
			x[tile_pos(r, k)] = v < 2 ? pairs[p][0] : rnd() << 8 ^ rnd();
			x[tile_pos(r1, k1)] = v < 2 ? pairs[p][1] : rnd() << 8 ^ rnd();
		}
	}
	if (run(dev, "vInt and vUInt compares", sections, "icmp.cpp", in, out))
		return;
	for (unsigned v = 0; v < 16; v++) {
		for (unsigned l = 0; l < 32; l++) {
			unsigned r, k, r1, k1;
			uint32_t a, b, want;

			lane_elem(v, l, &r, &k);
			lane_elem(v + 16, l, &r1, &k1);
			a = x[tile_pos(r, k)];
			b = x[tile_pos(r1, k1)];
			want = icmp_mask(a, b) | icmp_mask(a, b) << 8;
			if (o[tile_pos(r, k)] != want && bad++ < 5)
				fprintf(stderr, "vInt/vUInt compare: %#x vs %#x: mask %#x, want %#x\n",
					a, b, o[tile_pos(r, k)], want);
		}
	}
	CHECK(bad == 0, "vInt and vUInt compare by the wrapped difference, as silicon (%u wrong)",
	      bad);
	/* Lanes 0 and 1 of vector 0: INT32_MIN vs 1 and INT32_MAX vs -1. */
	CHECK(!(o[tile_pos(0, 0)] & 1) && (o[tile_pos(0, 0)] & 4),
	      "INT32_MIN < 1 is false and INT32_MIN > 1 true, as on silicon (mask %#x)",
	      o[tile_pos(0, 0)]);
	CHECK((o[tile_pos(0, 2)] & 1) && !(o[tile_pos(0, 2)] & 4),
	      "INT32_MAX > -1 is false and INT32_MAX < -1 true, as on silicon (mask %#x)",
	      o[tile_pos(0, 2)]);
}

/* ---- custom SFPI through tt-llk's params helpers ------------------------------------------------ */

/* custom.cpp's smoothstep, each step rounded to fp32 as the SFPU does. */
static float smoothstep(float x)
{
	float t = (x - -1.0f) * (1.0f / 3.0f), two_t, r;

	if (t < 0.0f)
		t = 0.0f;
	else if (t > 1.0f)
		t = 1.0f;
	two_t = 2.0f * t;
	r = t * t;
	return r * (3.0f - two_t);
}

static void test_custom_sfpi(struct ttrt_device *dev)
{
	static uint16_t x[7 * TILE_ELEMS], y[7 * TILE_ELEMS], o[7 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 7\n[cb.1]\nformat = bfloat16\npages = 7\n"
		"[cb.16]\nformat = bfloat16\npages = 7\n[compute]\nargs = 7\n";
	static const char *const names[7] = {
		"binary params: x + y into DST 2", "unary params: smoothstep",
		"unary params: x * 3, VectorMode::R", "unary params: x * 3, VectorMode::C",
		"binary params: x - y into DST 1", "SFPU_BINARY_CALL_NO_TEMPLATE_ARGS: x * y",
		"SFPU_UNARY_CALL: x * 3, VectorMode::C",
	};
	struct io in[3] = { { x, 2048, 7 }, { y, 2048, 7 }, { 0 } };
	struct io out[2] = { { o, 2048, 7 }, { 0 } };

	for (unsigned i = 0; i < 7 * TILE_ELEMS; i++) {
		x[i] = rnd_bf16(3.0f);
		y[i] = rnd_bf16(3.0f);
	}
	if (run(dev, "custom SFPI", sections, "custom.cpp", in, out))
		return;
	for (unsigned t = 0; t < 7; t++) {
		struct cmp c = { .what = names[t] };

		for (unsigned r = 0; r < 32; r++) {
			for (unsigned k = 0; k < 32; k++) {
				unsigned p = t * TILE_ELEMS + tile_pos(r, k);
				float a = bf16(x[p]), b = bf16(y[p]), want;

				if (t == 0)
					want = a + b;
				else if (t == 1)
					want = smoothstep(a);
				else if (t == 2)
					want = r < 16 ? a * 3.0f : a;
				else if (t == 3 || t == 6)
					want = k < 16 ? a * 3.0f : a;
				else if (t == 5)
					want = a * b;
				else
					want = a - b;
				/* Stored truncated into the 16-bit DST, packed as it is. */
				cmp_one(&c, p, bf16(o[p]), trunc_bf16(want), 0);
			}
		}
		cmp_done(&c);
	}
}

/* ---- one kernel split by TRISC ----------------------------------------------------------------------- */

static void test_split(struct ttrt_device *dev)
{
	static uint16_t a[2 * TILE_ELEMS], b[2 * TILE_ELEMS], o[2 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 2\n[cb.1]\nformat = bfloat16\npages = 2\n"
		"[cb.16]\nformat = bfloat16\npages = 2\n[compute]\nargs = 2\n";
	struct io in[3] = { { a, 2048, 2 }, { b, 2048, 2 }, { 0 } };
	struct io out[2] = { { o, 2048, 2 }, { 0 } };
	struct cmp c = { .what = "TRISC_* split kernel: b - a" };

	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++) {
		a[i] = rnd_bf16(10.0f);
		b[i] = rnd_bf16(10.0f);
	}
	if (run(dev, "split", sections, "split.cpp", in, out))
		return;
	/* sub rounds to bf16 in DST; the SFPU negation is exact. */
	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++)
		cmp_one(&c, i, bf16(o[i]), -round_even_bf16(bf16(a[i]) - bf16(b[i])), 0);
	cmp_done(&c);
}

/* ---- unary SFPU ops in float32 with an fp32 DST ------------------------------------------------------ */

/* Float32 CBs and fp32_dest_acc_en: nothing is truncated to bf16, so each
 * op must be within a few fp32 ulps of the double reference. */
static void test_unary_fp32(struct ttrt_device *dev)
{
	static float x[15 * TILE_ELEMS], o[15 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = float32\npages = 15\n[cb.16]\nformat = float32\npages = 15\n"
		"[compute]\nargs = 0 15\nfp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL;
	struct io in[3] = { { x, 4096, 15 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 4096, 15 }, { 0 } };

	for (unsigned t = 0; t < 15; t++) {
		const struct unary *u = &unaries[t];

		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			float f = u->lo + (u->hi - u->lo) * ((float)i + 0.37f) / TILE_ELEMS;

			x[t * TILE_ELEMS + i] = u->lo < 0 && i % 5 == 0 ? -f : f;
		}
	}
	if (run(dev, "unary SFPU ops, float32", sections, "sfpu.cpp", in, out))
		return;
	for (unsigned t = 0; t < 15; t++) {
		const struct unary *u = &unaries[t];
		char what[64];
		struct cmp c = { .what = what };
		unsigned bf16_kept = 0;

		snprintf(what, sizeof(what), "%s_tile in float32", u->name);
		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			float xv = x[t * TILE_ELEMS + i], got = o[t * TILE_ELEMS + i];
			float want = (float)u->f(xv), ulp = 0;

			if (u->ulps && want != 0 && isfinite(want))
				ulp = ldexpf(1.0f, ilogbf(want) - 23) * 4;
			cmp_one(&c, i, got, want, ulp + (float)u->abs_tol * 1e-2f);
			bf16_kept += (f2u(got) & 0xffffu) != 0;
		}
		cmp_done(&c);
		/* The low mantissa bits survive: not a bf16 result widened. */
		if (u->ulps)
			CHECK(bf16_kept > TILE_ELEMS / 2, "%s: only %u of %u results have low bits",
			      what, bf16_kept, TILE_ELEMS);
	}
}

/* ---- vector_mode ------------------------------------------------------------------------------------- */

static void test_vector_mode(struct ttrt_device *dev)
{
	static uint16_t x[2 * TILE_ELEMS], o[2 * TILE_ELEMS];
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 2\n[cb.16]\nformat = bfloat16\npages = 2\n"
		"[compute]\nargs = 15 2\n";
	struct io in[3] = { { x, 2048, 2 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 2048, 2 }, { 0 } };
	struct cmp r = { .what = "negative_tile, VectorMode::R" },
		   c = { .what = "negative_tile, VectorMode::C" };

	for (unsigned i = 0; i < 2 * TILE_ELEMS; i++)
		x[i] = rnd_bf16(10.0f);
	if (run(dev, "vector_mode", sections, "sfpu.cpp", in, out))
		return;
	for (unsigned row = 0; row < 32; row++) {
		for (unsigned col = 0; col < 32; col++) {
			unsigned p = tile_pos(row, col);
			float a = bf16(x[p]), b = bf16(x[TILE_ELEMS + p]);

			/* R: faces 0 and 1 (rows 0-15); C: faces 0 and 2 (columns 0-15). */
			cmp_one(&r, p, bf16(o[p]), row < 16 ? -a : a, 0);
			cmp_one(&c, p, bf16(o[TILE_ELEMS + p]), col < 16 ? -b : b, 0);
		}
	}
	cmp_done(&r);
	cmp_done(&c);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev = open_device(argc, argv, "test_compute_run");

	test_copy(dev, false, false);
	test_copy(dev, true, false);
	test_copy(dev, true, true);
	test_binary(dev, false);
	test_binary(dev, true);
	test_matmul(dev);
	test_reduce(dev);
	test_scalar(dev);
	test_unary(dev);
	test_unary_fp32(dev);
	test_vector_mode(dev);
	test_add1(dev);
	test_vif(dev);
	test_lanes(dev);
	test_dst_walk(dev);
	test_icmp(dev);
	test_split(dev);
	test_custom_sfpi(dev);

	ttrt_device_close(dev);
	return compute_check_exit("test_compute_run");
}
