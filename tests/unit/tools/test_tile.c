/* SPDX-License-Identifier: Apache-2.0
 *
 * tools/tilelib against expectations built independently of it: the tiled
 * order written out as nested loops over tiles, faces and face rows, hand
 * checked offsets, round trips, and bfloat16 rounding decided by comparing
 * values in double precision rather than by bit tricks.
 */
#include "../check.h"
#include "tile.h"

#include <math.h>
#include <string.h>

/* The tiled order spelled out: tiles row-major, then face 0..3 (TL, TR,
 * BL, BR), then the face's rows, then its columns. Element k of the tiled
 * array is element (row[k], col[k]) of the matrix. */
static void expected_order(size_t rows, size_t cols, size_t *src)
{
	size_t k = 0;

	for (size_t tr = 0; tr < rows / 32; tr++)
		for (size_t tc = 0; tc < cols / 32; tc++)
			for (size_t f = 0; f < 4; f++)
				for (size_t fr = 0; fr < 16; fr++)
					for (size_t fc = 0; fc < 16; fc++) {
						size_t i = tr * 32 + (f / 2) * 16 + fr;
						size_t j = tc * 32 + (f % 2) * 16 + fc;
						src[k++] = i * cols + j;
					}
}

static void test_layout(size_t rows, size_t cols)
{
	size_t n = rows * cols;
	size_t *src = malloc(n * sizeof(*src));
	uint32_t *lin = malloc(n * 4), *til = malloc(n * 4), *back = malloc(n * 4);
	uint16_t *lin16 = malloc(n * 2), *til16 = malloc(n * 2), *back16 = malloc(n * 2);
	size_t bad = 0;

	REQUIRE(src && lin && til && back && lin16 && til16 && back16, "out of memory");
	expected_order(rows, cols, src);
	for (size_t k = 0; k < n; k++) {
		lin[k] = 0x80000000u | (uint32_t)k;
		lin16[k] = (uint16_t)(k * 7 + 3);
	}
	CHECK_EQ(tile_tilize(lin, til, rows, cols, 4), 0);
	CHECK_EQ(tile_tilize(lin16, til16, rows, cols, 2), 0);
	for (size_t k = 0; k < n; k++) {
		size_t i = src[k] / cols, j = src[k] % cols;
		if (til[k] != lin[src[k]] || til16[k] != lin16[src[k]] ||
		    tile_offset(cols, i, j) != k)
			bad++;
	}
	CHECK(bad == 0, "%zux%zu: %zu of %zu elements out of place", rows, cols, bad, n);
	CHECK_EQ(tile_untilize(til, back, rows, cols, 4), 0);
	CHECK_EQ(tile_untilize(til16, back16, rows, cols, 2), 0);
	CHECK(!memcmp(back, lin, n * 4), "%zux%zu f32 round trip", rows, cols);
	CHECK(!memcmp(back16, lin16, n * 2), "%zux%zu bf16 round trip", rows, cols);
	free(src);
	free(lin);
	free(til);
	free(back);
	free(lin16);
	free(til16);
	free(back16);
}

static void test_offsets(void)
{
	/* By hand, for a 64 x 96 matrix (2 x 3 tiles). */
	CHECK_EQ(tile_offset(96, 0, 0), 0);
	CHECK_EQ(tile_offset(96, 0, 15), 15);
	CHECK_EQ(tile_offset(96, 0, 16), 256);	/* face 1 */
	CHECK_EQ(tile_offset(96, 1, 0), 16);	/* face 0, row 1 */
	CHECK_EQ(tile_offset(96, 16, 0), 512);	/* face 2 */
	CHECK_EQ(tile_offset(96, 31, 31), 1023);	/* face 3, last */
	CHECK_EQ(tile_offset(96, 0, 32), 1024);	/* tile 1 */
	CHECK_EQ(tile_offset(96, 32, 0), 3 * 1024);	/* tile (1,0) = 3 */
	CHECK_EQ(tile_offset(96, 63, 95), 6 * 1024 - 1);
	CHECK_EQ(tile_offset(96, 17, 40), 1024 + 512 + 16 + 8);
}

static void test_shapes(void)
{
	uint8_t a[4], b[4];

	CHECK_EQ(tile_check_shape(32, 32), 0);
	CHECK_EQ(tile_check_shape(640, 96), 0);
	CHECK_EQ(tile_check_shape(33, 32), -EINVAL);
	CHECK_EQ(tile_check_shape(32, 48), -EINVAL);
	CHECK_EQ(tile_check_shape(0, 32), -EINVAL);
	CHECK_EQ(tile_tilize(a, b, 32, 16, 2), -EINVAL);
	CHECK_EQ(tile_untilize(a, b, 32, 32, 3), -EINVAL);

	enum tile_format f;
	CHECK_EQ(tile_parse_format("bf16", &f), 0);
	CHECK_EQ(f, TILE_BF16);
	CHECK_EQ(tile_parse_format("float32", &f), 0);
	CHECK_EQ(f, TILE_F32);
	CHECK_EQ(tile_elem_size(TILE_F32), 4);
	CHECK_EQ(tile_elem_size(TILE_BF16), 2);
	CHECK_EQ(tile_parse_format("fp16", &f), -EINVAL);
}

static float f_of(uint32_t bits)
{
	float f;
	memcpy(&f, &bits, 4);
	return f;
}

static int bf16_is_nan(uint16_t b)
{
	return (b & 0x7f80) == 0x7f80 && (b & 0x7f);
}

/* The value of a bfloat16 from its fields: sign, 8-bit exponent, 7-bit
 * mantissa, denormals below exponent 1. */
static double bf16_value(uint16_t b)
{
	int e = (b >> 7) & 0xff, m = b & 0x7f;
	double v = e ? ldexp(1.0 + m / 128.0, e - 127) : ldexp(m / 128.0, -126);

	if (e == 0xff)
		v = INFINITY;
	return (b & 0x8000) ? -v : v;
}

/* Round to nearest even decided on values: the two bfloat16 neighbours of
 * x, the nearer one, a tie to the even mantissa. Finite x only. */
static uint16_t ref_rne(uint32_t bits)
{
	uint16_t lo = (uint16_t)(bits >> 16), hi = (uint16_t)(lo + 1);
	double x = fabs((double)f_of(bits));
	double vlo = fabs((double)f_of((uint32_t)lo << 16));
	double vhi;

	if ((hi & 0x7f80) == 0x7f80)	/* the next one up is infinity */
		vhi = ldexp(1.0, 128);	/* where rounding to it starts: 2^128 */
	else
		vhi = fabs((double)f_of((uint32_t)hi << 16));
	if (x - vlo < vhi - x)
		return lo;
	if (x - vlo > vhi - x)
		return hi;
	return (lo & 1) ? hi : lo;
}

static void test_rne(void)
{
	static const struct { uint32_t in; uint16_t want; } cases[] = {
		{ 0x3f800000, 0x3f80 },	/* 1.0 */
		{ 0x3f808000, 0x3f80 },	/* tie, even below: stays */
		{ 0x3f818000, 0x3f82 },	/* tie, odd below: up to even */
		{ 0x3f808001, 0x3f81 },	/* just above the tie */
		{ 0x3f807fff, 0x3f80 },	/* just below */
		{ 0xbf818000, 0xbf82 },	/* negative tie */
		{ 0x80000000, 0x8000 },	/* -0 */
		{ 0x00018000, 0x0002 },	/* denormal tie to even */
		{ 0x00008000, 0x0000 },
		{ 0x7f7fffff, 0x7f80 },	/* largest float rounds to inf */
		{ 0x7f7f7fff, 0x7f7f },	/* largest bfloat16 stays */
		{ 0x7f800000, 0x7f80 },	/* inf */
		{ 0xff800000, 0xff80 },	/* -inf */
		{ 0x7fc00000, 0x7fc0 },	/* quiet NaN */
		{ 0x7f800001, 0x7fc0 },	/* payload only in the low bits: NaN, not inf */
		{ 0xff800001, 0xffc0 },	/* sign kept */
		{ 0x7fffffff, 0x7fff },	/* no carry out of a NaN */
	};
	uint32_t x = 0x12345678;
	size_t bad = 0;

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		uint16_t got = tile_f32_to_bf16_rne(cases[k].in);
		CHECK(got == cases[k].want, "rne(0x%08x) = 0x%04x, want 0x%04x", cases[k].in, got,
		      cases[k].want);
	}
	/* A million pseudo-random patterns against the value reference. */
	for (int k = 0; k < 1000000; k++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		if ((x & 0x7f800000) == 0x7f800000)
			continue;
		if (tile_f32_to_bf16_rne(x) != ref_rne(x) && bad++ < 5)
			fprintf(stderr, "rne(0x%08x) = 0x%04x, reference 0x%04x\n", x,
				tile_f32_to_bf16_rne(x), ref_rne(x));
	}
	CHECK_EQ(bad, 0);
}

static void test_trunc_and_back(void)
{
	size_t bad = 0;

	CHECK_EQ(tile_f32_to_bf16_trunc(0x3f81ffff), 0x3f81);
	CHECK_EQ(tile_f32_to_bf16_trunc(0xbf81ffff), 0xbf81);
	CHECK_EQ(tile_f32_to_bf16_trunc(0x7f7fffff), 0x7f7f);	/* no overflow */
	CHECK_EQ(tile_f32_to_bf16_trunc(0x7f800000), 0x7f80);
	CHECK_EQ(tile_f32_to_bf16_trunc(0x7f800001), 0x7fc0);
	CHECK_EQ(tile_f32_to_bf16_trunc(0x7fa00000), 0x7fa0);
	CHECK_EQ(tile_f32_to_bf16_trunc(0xff800001), 0xffc0);

	/* Every bfloat16 widens exactly and comes back the same either way. */
	for (uint32_t b = 0; b < 0x10000; b++) {
		uint32_t f = tile_bf16_to_f32((uint16_t)b);
		if (bf16_is_nan((uint16_t)b)) {
			if (!isnan(f_of(f)) || !bf16_is_nan(tile_f32_to_bf16_rne(f)))
				bad++;
			continue;
		}
		if (tile_f32_to_bf16_rne(f) != b || tile_f32_to_bf16_trunc(f) != b)
			bad++;
		if ((double)f_of(f) != bf16_value((uint16_t)b))
			bad++;
	}
	CHECK_EQ(bad, 0);
	CHECK(f_of(tile_bf16_to_f32(0x3fc0)) == 1.5f, "0x3fc0 is 1.5");
	CHECK(f_of(tile_bf16_to_f32(0xc0a0)) == -5.0f, "0xc0a0 is -5");
}

static void test_buffers(void)
{
	/* Little-endian in both directions: 1.0f, then 0x3f818000 (a tie). */
	const uint8_t f32[8] = { 0x00, 0x00, 0x80, 0x3f, 0x00, 0x80, 0x81, 0x3f };
	uint8_t bf[4], back[8];

	tile_f32_to_bf16_buf(f32, bf, 2, 0);
	CHECK(bf[0] == 0x80 && bf[1] == 0x3f && bf[2] == 0x82 && bf[3] == 0x3f,
	      "got %02x %02x %02x %02x", bf[0], bf[1], bf[2], bf[3]);
	tile_f32_to_bf16_buf(f32, bf, 2, 1);
	CHECK(bf[2] == 0x81 && bf[3] == 0x3f, "truncated %02x %02x", bf[2], bf[3]);
	tile_bf16_to_f32_buf(bf, back, 2);
	CHECK(back[0] == 0 && back[1] == 0 && back[2] == 0x80 && back[3] == 0x3f, "widened 1.0");
	CHECK(back[4] == 0 && back[5] == 0 && back[6] == 0x81 && back[7] == 0x3f, "widened 0x3f81");
}

int main(void)
{
	test_offsets();
	test_shapes();
	test_layout(32, 32);
	test_layout(64, 96);
	test_layout(96, 64);
	test_layout(160, 32);
	test_rne();
	test_trunc_and_back();
	test_buffers();
	return check_exit("test_tile");
}
