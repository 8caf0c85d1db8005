/* SPDX-License-Identifier: Apache-2.0
 *
 * The binary SFPU ops and typecast_tile end to end on the simulated chip
 * through the program API (kernels in tests/unit/program/compute), each
 * against a host reference on random data and edge cases:
 * - binary_sfpu.cpp: add, sub, rsub, mul, div, div_no_nan, power, max,
 *   min, lt_binary_tile, add with DstRoundingMode::NearestEven, a vector
 *   mode, the older two-operand form, in bfloat16 (16-bit DST), float32
 *   (fp32 DST) and bfp8_b, each against its stated tolerance (bit exact but
 *   for div and power);
 * - binary_int.cpp: the integer ops (add, sub, rsub, mul, and, or, xor,
 *   shifts, max, min) in Int32, UInt32 and UInt16, bit exact;
 * - typecast.cpp: typecast_tile between Float32, Float16_b, Bfp8_b, Int32,
 *   UInt32 and UInt16, bit exact against tt-llk's rounding rules
 *   (runtime/kernel/ttfs/sfpu_typecast.h).
 *
 * test_compute_sfpu KERNELS_DIR   (tests/unit/program/compute)
 */
#include "compute_harness.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- Bfp8_b on the host ------------------------------------------------------------------ */

/* Bfp8_b value i of a tile (L1 order: face row i / 16 shares exponent byte
 * i / 16): sign and 7 bits m, m 2^(E - 133). */
static float bfp8_value(const uint8_t *t, unsigned i)
{
	uint8_t m = t[64 + i];
	float v = ldexpf((float)(m & 0x7f), t[i / 16] - 133);

	return m & 0x80 ? -v : v;
}

/* The packer's Bfp8_b (docs/tensix.md): each face row of 16 shares its
 * largest exponent, each value's mantissa rounded half away to it. */
static void bfp8_encode(const float *v, uint8_t *t)
{
	for (unsigned row = 0; row < 64; row++) {
		uint32_t shared = 0;

		for (unsigned c = 0; c < 16; c++) {
			uint32_t e = (f2u(v[row * 16 + c]) >> 23) & 0xff;
			shared = e > shared ? e : shared;
		}
		t[row] = (uint8_t)shared;
		for (unsigned c = 0; c < 16; c++) {
			uint32_t u = f2u(v[row * 16 + c]), e = (u >> 23) & 0xff, m = 0;
			uint32_t shift = shared - e + 17;

			if (e && shift < 32) {
				m = ((u & 0x7fffffu) | 0x800000u) + (1u << (shift - 1));
				m >>= shift;
				m = m > 127 ? 127 : m;
			}
			t[64 + row * 16 + c] = (uint8_t)(m | ((u >> 24) & 0x80));
		}
	}
}

/* ---- binary SFPU ops ------------------------------------------------------------------------------- */

#define BIN_OPS 13

static const char *const bin_names[BIN_OPS] = {
	"add_binary_tile", "sub_binary_tile", "rsub_binary_tile", "mul_binary_tile",
	"div_binary_tile", "power_binary_tile", "binary_max_tile (odst = idst0)", "binary_min_tile",
	"add_binary_tile<NearestEven>", "lt_binary_tile", "div_no_nan_binary_tile",
	"binary_min_tile, VectorMode::R (odst = idst1)", "sub_binary_tile(idst0, idst1)",
};

/* A value in [-span, span): on the bf16 grid, or with fp32's full mantissa. */
static float rnd_value(float span, bool fp32)
{
	if (!fp32)
		return bf16(rnd_bf16(span));
	return ((float)rnd() / 8388608.0f - 1.0f) * span;   /* rnd() has 24 bits */
}

static float as_bf16(float f, bool fp32)
{
	return fp32 ? f : round_even_bf16(f);
}

/* binary_sfpu.cpp's operands for op t, element i. */
static void bin_inputs(unsigned t, unsigned i, bool fp32, float *a, float *b)
{
	*a = rnd_value(100.0f, fp32);
	*b = rnd_value(100.0f, fp32);
	if (t == 4 || t == 10) {          /* div: zeros (of a nonzero a), a == b */
		if (i % 16 == 0)
			*b = 0.0f, *a = *a == 0.0f ? 1.5f : *a;
		if (i % 16 == 1)
			*b = *a;
	} else if (t == 5) {              /* power: |a| in [0.1, 4], b in [-3, 3] */
		*a = as_bf16(0.1f + 3.9f * (float)(rnd() % 65536) / 65536.0f, fp32);
		*b = as_bf16(rnd_value(3.0f, fp32), fp32);
		if (i % 8 == 3)           /* a negative base, an integer exponent */
			*a = -*a, *b = roundf(*b);
		if (i % 32 == 5)
			*a = 0.0f;
		if (i % 32 == 6)
			*b = 0.0f;
	}
}

/* 2^-bits of q's binade: an ulp of a `bits`-bit mantissa (0 for 0 and
 * non-finite q, whose ilogb is not an exponent). */
static float ulps(double q, int bits)
{
	return q == 0 || !isfinite(q) ? 0.0f : ldexpf(1.0f, ilogb(q) - bits);
}

/* The result and its tolerance (docs/tensix.md, runtime/kernel/README.md):
 * add, sub, rsub stored truncated into a 16-bit DST (NearestEven rounded),
 * mul rounded to nearest even, all exact in fp32; div within one bf16 ulp
 * of the exact quotient (4 fp32 ulps), power within one bf16 ulp (2^-16
 * relative in fp32); max, min, lt exact. */
static float bin_want(unsigned t, float a, float b, bool fp32, float *tol)
{
	double q;

	*tol = 0;
	switch (t) {
	case 0: return fp32 ? a + b : trunc_bf16(a + b);
	case 1: case 12: return fp32 ? a - b : trunc_bf16(a - b);
	case 2: return fp32 ? b - a : trunc_bf16(b - a);
	case 3: return as_bf16(a * b, fp32);
	case 6: return fmaxf(a, b);
	case 7: case 11: return fminf(a, b);
	case 8: return as_bf16(a + b, fp32);
	case 9: return a < b ? 1.0f : 0.0f;
	case 4: case 10:
		if (b == 0)
			return t == 10 ? 0.0f : copysignf(INFINITY, a) * copysignf(1.0f, b);
		if (a == b)
			return 1.0f;
		q = (double)a / b;
		*tol = ulps(q, fp32 ? 21 : 7);
		return (float)q;
	default:
		if (b == 0)
			return 1.0f;
		if (a == 0)
			return b > 0 ? 0.0f : INFINITY;
		q = pow(a, b);
		*tol = fp32 ? (float)fabs(q) * 0x1p-16f : ulps(q, 7);
		return (float)q;
	}
}

static void test_binary_sfpu(struct ttrt_device *dev, bool fp32)
{
	static uint16_t a16[BIN_OPS * TILE_ELEMS], b16[BIN_OPS * TILE_ELEMS], o16[BIN_OPS * TILE_ELEMS];
	static float a32[BIN_OPS * TILE_ELEMS], b32[BIN_OPS * TILE_ELEMS], o32[BIN_OPS * TILE_ELEMS];
	unsigned bytes = fp32 ? 4096 : 2048;
	struct io in[3] = { { fp32 ? (void *)a32 : a16, bytes, BIN_OPS },
			    { fp32 ? (void *)b32 : b16, bytes, BIN_OPS }, { 0 } };
	struct io out[2] = { { fp32 ? (void *)o32 : o16, bytes, BIN_OPS }, { 0 } };
	char sections[512];

	for (unsigned t = 0; t < BIN_OPS; t++)
		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			unsigned p = t * TILE_ELEMS + i;

			bin_inputs(t, i, fp32, &a32[p], &b32[p]);
			a16[p] = (uint16_t)(f2u(a32[p]) >> 16);
			b16[p] = (uint16_t)(f2u(b32[p]) >> 16);
		}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %d\n[cb.1]\nformat = %s\npages = %d\n"
		 "[cb.16]\nformat = %s\npages = %d\n[compute]\nargs = %d\nfp32_dest_acc_en = %s\n"
		 UNPACK_TO_DEST_ALL,
		 fp32 ? "float32" : "bfloat16", BIN_OPS, fp32 ? "float32" : "bfloat16", BIN_OPS,
		 fp32 ? "float32" : "bfloat16", BIN_OPS, BIN_OPS, fp32 ? "true" : "false");
	if (run(dev, fp32 ? "binary SFPU ops, float32" : "binary SFPU ops, bfloat16", sections,
		"binary_sfpu.cpp", in, out))
		return;
	for (unsigned t = 0; t < BIN_OPS; t++) {
		char what[96];
		struct cmp c = { .what = what };

		snprintf(what, sizeof(what), "%s in %s", bin_names[t], fp32 ? "float32" : "bfloat16");
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++) {
				unsigned p = t * TILE_ELEMS + tile_pos(r, k);
				float a = fp32 ? a32[p] : bf16(a16[p]), b = fp32 ? b32[p] : bf16(b16[p]);
				float tol, want = bin_want(t, a, b, fp32, &tol);
				float got = fp32 ? o32[p] : bf16(o16[p]);

				if (t == 11 && r >= 16)
					want = b, tol = 0;   /* VectorMode::R: rows 16-31 untouched */
				cmp_one(&c, p, got, want, tol);
			}
		cmp_done(&c);
	}
}

/* The same ops on Bfp8_b tiles (a 16-bit DST): inputs the host quantized
 * to Bfp8_b, no zero divisors or zero bases of a negative power (Bfp8_b has
 * no Inf). The exact ops' results, packed, must be the host's own Bfp8_b
 * encoding of the values DST holds; div and power within one bf16 ulp
 * plus the packed row's quantum. */
static void test_binary_sfpu_bfp8(struct ttrt_device *dev)
{
	static float a[BIN_OPS * TILE_ELEMS], b[BIN_OPS * TILE_ELEMS], want[BIN_OPS * TILE_ELEMS];
	static float tols[BIN_OPS * TILE_ELEMS];
	static uint8_t ta[BIN_OPS * 1088], tb[BIN_OPS * 1088], to[BIN_OPS * 1088], enc[1088];
	struct io in[3] = { { ta, 1088, BIN_OPS }, { tb, 1088, BIN_OPS }, { 0 } };
	struct io out[2] = { { to, 1088, BIN_OPS }, { 0 } };
	char sections[512];

	for (unsigned t = 0; t < BIN_OPS; t++) {
		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			unsigned p = t * TILE_ELEMS + i;

			bin_inputs(t, i, false, &a[p], &b[p]);
			if (b[p] == 0.0f && t != 5)
				b[p] = 1.0f;
			if (a[p] == 0.0f && t == 5)
				a[p] = 0.5f;
		}
		bfp8_encode(&a[t * TILE_ELEMS], &ta[t * 1088]);
		bfp8_encode(&b[t * TILE_ELEMS], &tb[t * 1088]);
		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			a[t * TILE_ELEMS + i] = bfp8_value(&ta[t * 1088], i);
			b[t * TILE_ELEMS + i] = bfp8_value(&tb[t * 1088], i);
		}
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = Bfp8_b\npages = %d\n[cb.1]\nformat = Bfp8_b\npages = %d\n"
		 "[cb.16]\nformat = Bfp8_b\npages = %d\n[compute]\nargs = %d\n",
		 BIN_OPS, BIN_OPS, BIN_OPS, BIN_OPS);
	if (run(dev, "binary SFPU ops, bfp8_b", sections, "binary_sfpu.cpp", in, out))
		return;
	for (unsigned t = 0; t < BIN_OPS; t++) {
		char what[96];
		struct cmp c = { .what = what };
		const uint8_t *ot = &to[t * 1088];

		snprintf(what, sizeof(what), "%s in bfp8_b", bin_names[t]);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++) {
				unsigned i = tile_pos(r, k), p = t * TILE_ELEMS + i;

				want[p] = bin_want(t, a[p], b[p], false, &tols[p]);
				if (t == 11 && r >= 16)
					want[p] = b[p], tols[p] = 0;
			}
		bfp8_encode(&want[t * TILE_ELEMS], enc);
		for (unsigned i = 0; i < TILE_ELEMS; i++) {
			unsigned p = t * TILE_ELEMS + i;
			float quantum = ldexpf(1.0f, ot[i / 16] - 133);

			if (tols[p] == 0)
				cmp_one(&c, p, bfp8_value(ot, i), bfp8_value(enc, i), 0);
			else
				cmp_one(&c, p, bfp8_value(ot, i), want[p], tols[p] + quantum);
		}
		cmp_done(&c);
	}
}

/* ---- integer binary SFPU ops ------------------------------------------------------------------------ */

#define INT_OPS 12

static const char *const int_names[INT_OPS] = {
	"add_int_tile", "sub_int_tile", "rsub_int_tile", "mul_int_tile",
	"bitwise_and_binary_tile", "bitwise_or_binary_tile", "bitwise_xor_binary_tile",
	"binary_left_shift_tile", "binary_right_shift_tile", "binary_logical_right_shift_tile",
	"binary_max_int32/uint32_tile", "binary_min_int32/uint32_tile",
};

/* The bit-exact result of binary_int.cpp's op t on 32 bits (signed: Int32). */
static uint32_t int_want(unsigned t, uint32_t a, uint32_t b, bool is_signed)
{
	bool lt = is_signed ? (int32_t)a < (int32_t)b : a < b;

	switch (t) {
	case 0: return a + b;
	case 1: return a - b;
	case 2: return b - a;
	case 3: return a * b;
	case 4: return a & b;
	case 5: return a | b;
	case 6: return a ^ b;
	case 7: return b > 31 ? 0 : a << b;
	case 8: return b > 31 ? ((int32_t)a < 0 ? UINT32_MAX : 0) : (uint32_t)((int32_t)a >> b);
	case 9: return b > 31 ? 0 : a >> b;
	case 10: return lt ? b : a;
	default: return lt ? a : b;
	}
}

static void test_binary_int(struct ttrt_device *dev, const char *fmt, bool fp32_dst)
{
	static uint32_t a[INT_OPS * TILE_ELEMS], b[INT_OPS * TILE_ELEMS], o[INT_OPS * TILE_ELEMS];
	static uint16_t a16[INT_OPS * TILE_ELEMS], b16[INT_OPS * TILE_ELEMS], o16[INT_OPS * TILE_ELEMS];
	bool u16 = strcmp(fmt, "UInt16") == 0, is_signed = strcmp(fmt, "Int32") == 0;
	unsigned n = u16 ? 10 : INT_OPS, bytes = u16 ? 2048 : 4096;
	struct io in[3] = { { u16 ? (void *)a16 : a, bytes, n }, { u16 ? (void *)b16 : b, bytes, n },
			    { 0 } };
	struct io out[2] = { { u16 ? (void *)o16 : o, bytes, n }, { 0 } };
	char sections[512], what[96];
	static const uint32_t edges[8][2] = {
		{ 0x80000000u, 1 }, { 0x7FFFFFFFu, 0xFFFFFFFFu }, { 1, 0x80000000u },
		{ 0xFFFFFFFFu, 0x7FFFFFFFu }, { 0, 0x80000000u }, { 0x80000000u, 0x7FFFFFFFu },
		{ 0xC0000000u, 0x3FFFFFFFu }, { 0x80000000u, 0x80000000u },
	};

	for (unsigned i = 0; i < n * TILE_ELEMS; i++) {
		unsigned t = i / TILE_ELEMS;

		a[i] = rnd() << 8 ^ rnd();
		b[i] = i % 64 == 0 ? a[i] : rnd() << 8 ^ rnd();
		if (t == 3 && i % 4 == 0)              /* small products too */
			a[i] &= 0xFFF, b[i] = (b[i] & 0x1FFF) - 0x1000;
		if (t >= 7 && t <= 9)                  /* shift amounts, some out of range */
			b[i] = (uint32_t)((int)(rnd() % 40) - 4);
		if (t >= 10 && i % 64 < 8)             /* max, min: 2^31 or more apart */
			a[i] = edges[i % 64][0], b[i] = edges[i % 64][1];
		if (u16)
			a[i] &= 0xFFFF, b[i] &= 0xFFFF;
		a16[i] = (uint16_t)a[i];
		b16[i] = (uint16_t)b[i];
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %u\n[cb.1]\nformat = %s\npages = %u\n"
		 "[cb.16]\nformat = %s\npages = %u\n[compute]\nargs = %u\nfp32_dest_acc_en = %s\n"
		 "defines = INT_FORMAT=%s\n", fmt, n, fmt, n, fmt, n, n, fp32_dst ? "true" : "false", fmt);
	snprintf(what, sizeof(what), "integer SFPU ops, %s, %s DST", fmt, fp32_dst ? "fp32" : "16-bit");
	if (run(dev, what, sections, "binary_int.cpp", in, out))
		return;
	for (unsigned t = 0; t < n; t++) {
		unsigned bad = 0;

		for (unsigned i = t * TILE_ELEMS; i < (t + 1) * TILE_ELEMS; i++) {
			uint32_t want = int_want(t, a[i], b[i], is_signed), got = u16 ? o16[i] : o[i];

			if (u16)
				want &= 0xFFFF;
			if (got != want && bad++ < 5)
				fprintf(stderr, "%s (%s): element %u: %#x op %#x = %#x, want %#x\n",
					int_names[t], fmt, i, a[i], b[i], got, want);
		}
		CHECK(bad == 0, "%s (%s, %s DST): %u of %u elements differ", int_names[t], fmt,
		      fp32_dst ? "fp32" : "16-bit", bad, TILE_ELEMS);
	}
}

/* ---- typecast ------------------------------------------------------------------------------------- */

enum { TC_F32 = 0, TC_BF16 = 5, TC_BFP8 = 6, TC_I32 = 8, TC_U16 = 9, TC_U32 = 24 };

static const char *tc_name(unsigned f)
{
	switch (f) {
	case TC_F32: return "Float32";
	case TC_BF16: return "Float16_b";
	case TC_BFP8: return "Bfp8_b";
	case TC_I32: return "Int32";
	case TC_U16: return "UInt16";
	default: return "UInt32";
	}
}

static unsigned tc_bytes(unsigned f)
{
	return f == TC_BFP8 ? 1088 : f == TC_BF16 || f == TC_U16 ? 2048 : 4096;
}

static bool tc_is_float(unsigned f)
{
	return f == TC_F32 || f == TC_BF16 || f == TC_BFP8;
}

/* Input element i of a tile in format f: into its L1 tile and, as DST
 * then holds it, a float (float formats) or the bits (integers). */
static void tc_input(unsigned f, unsigned i, uint8_t *tile, float *fv, uint32_t *iv)
{
	static const float fedge[] = {
		0.0f, -0.0f, 0.5f, 1.5f, 2.5f, -2.5f, 65535.4f, 65535.5f, 65536.0f, -65536.5f,
		2147483520.0f, 2147483648.0f, -2147483648.0f, 4294967040.0f, 4294967296.0f,
		INFINITY, -INFINITY, NAN, 1e-30f, -1e-30f, 3.99f, -3.99f, 257.0f, 16777217.0f,
	};
	static const uint32_t iedge[] = {
		0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 65535, 65536, 0xffff0000u,
		16777217, 16777219, 0x7fffffc0u, 0x80000081u, 257, 32768, 0xfffffffeu,
	};
	uint32_t u = rnd() << 8 ^ rnd();

	if (f == TC_BFP8) {
		if (i % 16 == 0)
			tile[i / 16] = (uint8_t)(120 + rnd() % 40);
		tile[64 + i] = (uint8_t)rnd();
		*fv = bfp8_value(tile, i);
		return;
	}
	if (tc_is_float(f)) {
		float x = i < sizeof(fedge) / sizeof(fedge[0]) ? fedge[i] :
			  ldexpf((float)(rnd() % 65536) / 65536.0f + 1.0f, (int)(rnd() % 40) - 4) *
				  (i % 3 ? 1.0f : -1.0f);

		if (f == TC_BF16) {
			uint16_t h = (uint16_t)(f2u(x) >> 16);

			memcpy(tile + 2 * i, &h, 2);
			x = bf16(h);
		} else {
			memcpy(tile + 4 * i, &x, 4);
		}
		*fv = x;
		return;
	}
	if (i < sizeof(iedge) / sizeof(iedge[0]))
		u = iedge[i];
	if (f == TC_U16) {
		uint16_t h = (uint16_t)u;

		memcpy(tile + 2 * i, &h, 2);
		*iv = h;
	} else {
		memcpy(tile + 4 * i, &u, 4);
		*iv = u;
	}
}

/* typecast_tile's result (runtime/kernel/ttfs/sfpu_typecast.h's rules) as
 * DST then holds it: *rf for a float output, *ri for an integer one. */
static void tc_want(unsigned in, unsigned out, float x, uint32_t v, float *rf, uint32_t *ri)
{
	bool bf = out != TC_F32;

	if (tc_is_float(in) && out == TC_I32) {
		*ri = isnan(x) || fabsf(x) >= 2147483648.0f ? 0x80000000u : (uint32_t)(int32_t)truncf(x);
	} else if (tc_is_float(in) && out == TC_U32) {
		*ri = x <= 0 ? 0 : isnan(x) || x >= 4294967296.0f ? UINT32_MAX : (uint32_t)truncf(x);
	} else if (tc_is_float(in) && out == TC_U16) {
		float r = nearbyintf(x);
		*ri = isnan(x) || x < 0 ? 0 : r > 65535.0f ? 65535 : (uint32_t)r;
	} else if (tc_is_float(in)) {
		*rf = in == TC_F32 && out == TC_BF16 ? round_even_bf16(x) : x;
	} else if (in == TC_I32 && tc_is_float(out)) {
		*rf = (float)(int32_t)v;
		*rf = bf ? round_even_bf16(*rf) : *rf;
	} else if (in == TC_U32 && tc_is_float(out)) {
		float f = (float)(v & 0x7fffffffu);
		*rf = (bf ? round_even_bf16(f) : f) + (v >> 31 ? 2147483648.0f : 0.0f);
	} else if (in == TC_U16 && tc_is_float(out)) {
		*rf = bf ? round_even_bf16((float)v) : (float)v;
	} else if (out == TC_U16) {
		*ri = in == TC_U32 ? (v > 65535 ? 65535 : v) : (int32_t)v < 0 ? 0 : v > 65535 ? 65535 : v;
	} else {
		*ri = v;   /* UInt16 zero-extended */
	}
}

static void test_typecast(struct ttrt_device *dev, unsigned in, unsigned out)
{
	static uint8_t ti[4096], to[4096];
	static float fv[TILE_ELEMS], rf[TILE_ELEMS];
	static uint32_t iv[TILE_ELEMS], ri[TILE_ELEMS];
	struct io io_in[3] = { { ti, tc_bytes(in), 1 }, { 0 }, { 0 } };
	struct io io_out[2] = { { to, tc_bytes(out), 1 }, { 0 } };
	bool fp32_dst = in == TC_F32 || in == TC_I32 || in == TC_U32 || out == TC_F32 ||
			out == TC_I32 || out == TC_U32;
	char sections[512], what[96];
	struct cmp c = { .what = what };
	uint8_t enc[1088];

	for (unsigned i = 0; i < TILE_ELEMS; i++)
		tc_input(in, i, ti, &fv[i], &iv[i]);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = 1\n[cb.16]\nformat = %s\npages = 1\n"
		 "[compute]\nargs = 1\nfp32_dest_acc_en = %s\ndefines = IN_FMT=%u OUT_FMT=%u\n"
		 UNPACK_TO_DEST_ALL,
		 tc_name(in), tc_name(out), fp32_dst ? "true" : "false", in, out);
	snprintf(what, sizeof(what), "typecast_tile<%s, %s>", tc_name(in), tc_name(out));
	if (run(dev, what, sections, "typecast.cpp", io_in, io_out))
		return;
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		tc_want(in, out, fv[i], iv[i], &rf[i], &ri[i]);
	if (out == TC_BFP8)
		bfp8_encode(rf, enc);
	for (unsigned i = 0; i < TILE_ELEMS; i++) {
		uint16_t h;
		uint32_t w;

		switch (out) {
		case TC_F32:
			memcpy(&w, to + 4 * i, 4);
			cmp_one(&c, i, u2f(w), rf[i], 0);
			break;
		case TC_BF16:
			memcpy(&h, to + 2 * i, 2);
			cmp_one(&c, i, bf16(h), bf16(pack_bf16(rf[i])), 0);
			break;
		case TC_BFP8:
			cmp_one(&c, i, bfp8_value(to, i), bfp8_value(enc, i), 0);
			break;
		case TC_U16:
			memcpy(&h, to + 2 * i, 2);
			cmp_one(&c, i, (float)h, (float)ri[i], 0);
			break;
		default:
			memcpy(&w, to + 4 * i, 4);
			c.n++;
			if (w != ri[i] && c.bad++ < 5)
				fprintf(stderr, "%s: element %u: got %#x, want %#x (in %g / %#x)\n", what,
					i, w, ri[i], fv[i], iv[i]);
			break;
		}
	}
	cmp_done(&c);
}

static void test_typecasts(struct ttrt_device *dev)
{
	static const unsigned pairs[][2] = {
		{ TC_F32, TC_I32 }, { TC_F32, TC_U32 }, { TC_F32, TC_U16 }, { TC_F32, TC_BF16 },
		{ TC_BF16, TC_I32 }, { TC_BF16, TC_U32 }, { TC_BF16, TC_U16 }, { TC_BF16, TC_F32 },
		{ TC_BFP8, TC_I32 }, { TC_BFP8, TC_U16 }, { TC_I32, TC_F32 }, { TC_I32, TC_BF16 },
		{ TC_I32, TC_BFP8 }, { TC_U32, TC_F32 }, { TC_U32, TC_BF16 }, { TC_U16, TC_F32 },
		{ TC_U16, TC_BF16 }, { TC_U16, TC_U32 }, { TC_U16, TC_I32 }, { TC_U32, TC_U16 },
		{ TC_I32, TC_U16 },
	};

	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++)
		test_typecast(dev, pairs[k][0], pairs[k][1]);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev = open_device(argc, argv, "test_compute_sfpu");

	test_binary_sfpu(dev, false);
	test_binary_sfpu(dev, true);
	test_binary_sfpu_bfp8(dev);
	test_binary_int(dev, "Int32", true);
	test_binary_int(dev, "UInt32", true);
	test_binary_int(dev, "UInt16", false);
	test_binary_int(dev, "UInt16", true);
	test_typecasts(dev);

	ttrt_device_close(dev);
	return compute_check_exit("test_compute_sfpu");
}
