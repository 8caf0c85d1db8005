/* SPDX-License-Identifier: Apache-2.0
 *
 * Tiles smaller than 32x32 (tt-metal's Tile shapes: 16x32, 32x16, 16x16,
 * 8/4/2/1 x 32 and x 16) through the coprocessor's C API: the unpacker
 * and the packer take the shape in ARG5, a tile is its faces of
 * min(rows, 16) rows one after the other in L1 (a Bfp8_b tile's
 * exponents, one per face row, padded to 16 bytes, first), face f goes to
 * DST's face f. Every expected value is computed here: byte-exact round
 * trips, where each face lands in DST, the size and shape faults, and a
 * matmul of tiny operands against the host's product.
 */
#include "tensix_harness.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const unsigned shapes[][2] = {
	{ 32, 32 }, { 16, 32 }, { 32, 16 }, { 16, 16 }, { 8, 32 }, { 4, 32 },
	{ 2, 32 },  { 1, 32 },  { 8, 16 },  { 4, 16 },  { 2, 16 }, { 1, 16 },
};
#define N_SHAPES (sizeof(shapes) / sizeof(shapes[0]))

static unsigned face_rows(unsigned rows)
{
	return rows < 16 ? rows : 16;
}

/* The host's tile size (tt-metal's Tile::get_tile_size, 16-byte L1
 * alignment): rows x cols values, a Bfp8_b tile's exponents padded. */
static unsigned tile_bytes(uint32_t fmt, unsigned rows, unsigned cols)
{
	unsigned values = rows * cols;

	if (fmt == BFP8B)
		return values + ((values / 16 + 15) & ~15u);
	return (fmt == F32 ? 4 : 2) * values;
}

/* Random valid bytes of a tile: no NaN (the packer makes it Inf) and no
 * bf16 denormal (flushed to 0), Bfp8_b
 * rows whose largest magnitude uses the shared exponent (so packing gives
 * the same bytes back) and padding exponents zero. */
static void random_tile(uint8_t *p, uint32_t fmt, unsigned rows, unsigned cols)
{
	unsigned n = tile_bytes(fmt, rows, cols), face_row_count = rows * cols / 16;

	if (fmt == BFP8B) {
		unsigned mant = n - rows * cols;

		memset(p, 0, mant);
		for (unsigned r = 0; r < face_row_count; r++) {
			p[r] = (uint8_t)(120 + rnd() % 15);
			for (unsigned c = 0; c < 16; c++)
				p[mant + 16 * r + c] = (uint8_t)rnd();
			p[mant + 16 * r] |= 0x40;   /* the row's largest: a full mantissa */
		}
		return;
	}
	for (unsigned i = 0; i < n; i += 4) {
		uint32_t u = rnd() & 0xBFFFFFFFu;   /* |x| < 2: never NaN or Inf */

		if (fmt == BF16)   /* two of them, with no denormal (flushed) */
			u = (u & 0xBFFF) | 0x0800 | (((rnd() & 0xBFFF) | 0x0800) << 16);
		memcpy(p + i, &u, 4);
	}
}

static uint32_t shape_arg(unsigned rows, unsigned cols)
{
	return TT_TX_SHAPE(rows, cols);
}

/* One tile of shape rows x cols in fmt from IN0 through DST 0 to OUT. */
static int copy_shape(uint32_t fmt, unsigned rows, unsigned cols, uint32_t out_rows,
		      uint32_t out_cols)
{
	unsigned in_bytes = tile_bytes(fmt, rows, cols), out_bytes = tile_bytes(fmt, out_rows, out_cols);

	if (CMD(U, TT_TX_OP_UNPACK_A, IN0, fmt, TT_TX_UNPACK_TO_DEST, 0, in_bytes,
		shape_arg(rows, cols)))
		return -1;
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK, 0, OUT, fmt, 16, out_bytes, shape_arg(out_rows, out_cols)), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	return 0;
}

/* Each shape and format: the packed bytes are the unpacked ones, and
 * nothing past the tile's size is written. */
static void test_roundtrip(void)
{
	static const uint32_t fmts[] = { F32, BF16, BFP8B };

	for (size_t f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
		for (size_t s = 0; s < N_SHAPES; s++) {
			unsigned rows = shapes[s][0], cols = shapes[s][1];
			unsigned n = tile_bytes(fmts[f], rows, cols), bad = 0, past = 0;

			config(fmts[f] == F32 ? TT_TX_DST_FP32 : TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
			random_tile(l1 + IN0, fmts[f], rows, cols);
			memset(l1 + OUT, 0xA5, 8192);
			CHECK_EQ(copy_shape(fmts[f], rows, cols, rows, cols), 0);
			for (unsigned i = 0; i < n; i++)
				bad += l1[OUT + i] != l1[IN0 + i];
			for (unsigned i = n; i < 8192; i++)
				past += l1[OUT + i] != 0xA5;
			CHECK(bad == 0, "format %u %ux%u: %u of %u bytes differ", fmts[f], rows, cols,
			      bad, n);
			CHECK(past == 0, "format %u %ux%u: %u bytes written past the tile's %u",
			      fmts[f], rows, cols, past, n);
		}
	}
}

/* Where each face goes: into DST's face of its number, from the top; the
 * rest of DST zero. Read back as a whole 32x32 tile. */
static void test_placement(void)
{
	float v[32 * 32];

	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	for (size_t s = 0; s < N_SHAPES; s++) {
		unsigned rows = shapes[s][0], cols = shapes[s][1], fr = face_rows(rows), bad = 0;

		/* Tile element (r, c) holds 100 r + c + 1, written face by face. */
		for (unsigned r = 0; r < rows; r++)
			for (unsigned c = 0; c < cols; c++) {
				unsigned face = (r / 16) * (cols / 16) + c / 16;
				float x = (float)(100 * r + c + 1);

				memcpy(l1 + IN0 + 4 * (face * fr * 16 + (r % 16) * 16 + c % 16), &x, 4);
			}
		for (unsigned i = 0; i < 32 * 32; i++)
			v[i] = 0;
		for (unsigned r = 0; r < rows; r++)
			for (unsigned c = 0; c < cols; c++) {
				unsigned face = (r / 16) * (cols / 16) + c / 16;
				unsigned i = (face / 2) * 16 + r % 16, j = (face % 2) * 16 + c % 16;

				v[i * 32 + j] = (float)(100 * r + c + 1);
			}
		CHECK_EQ(copy_shape(F32, rows, cols, 32, 32), 0);
		for (unsigned i = 0; i < 32; i++)
			for (unsigned j = 0; j < 32; j++)
				bad += get_f32(OUT, i, j) != v[i * 32 + j];
		CHECK(bad == 0, "%ux%u: %u of DST's values not where its faces go", rows, cols, bad);
	}
}

static void test_faults(void)
{
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_A, IN0, BF16, 0, 3, 512, shape_arg(16, 32)), -1);
	CHECK(strcmp(fault, "unpack: CB 3 pages of 512 bytes are smaller than a Float16_b tile "
		      "(1024 bytes)") == 0, "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_A, IN0, BF16, 0, 3, 2048, shape_arg(12, 32)), -1);
	CHECK(strcmp(fault, "unpack: CB 3 tile shape 12x32 is not one of tt-metal's (" TT_TX_SHAPES
		      ")") == 0, "'%s'", fault);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK, 0, OUT, BF16, 17, 2048, shape_arg(16, 8)), -1);
	CHECK(strcmp(fault, "pack: CB 17 tile shape 16x8 is not one of tt-metal's (" TT_TX_SHAPES
		      ")") == 0, "'%s'", fault);
	/* A 1x32 Bfp8_b tile is 32 mantissas after 16 bytes of exponents. */
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_A, IN0, BFP8B, 0, 0, 32, shape_arg(1, 32)), -1);
	CHECK(strcmp(fault, "unpack: CB 0 pages of 32 bytes are smaller than a Bfp8_b tile "
		      "(48 bytes)") == 0, "'%s'", fault);
}

/* Puts an fp32 matrix of rows x cols as a tile of that shape at addr. */
static void put_shape(uint32_t addr, const float *m, unsigned rows, unsigned cols)
{
	unsigned fr = face_rows(rows);

	for (unsigned r = 0; r < rows; r++)
		for (unsigned c = 0; c < cols; c++) {
			unsigned face = (r / 16) * (cols / 16) + c / 16;

			memcpy(l1 + addr + 4 * (face * fr * 16 + (r % 16) * 16 + c % 16),
			       &m[r * cols + c], 4);
		}
}

static float get_shape(uint32_t addr, unsigned rows, unsigned cols, unsigned r, unsigned c)
{
	unsigned face = (r / 16) * (cols / 16) + c / 16;
	float x;

	memcpy(&x, l1 + addr + 4 * (face * face_rows(rows) * 16 + (r % 16) * 16 + c % 16), 4);
	return x;
}

/* in0 (M x K) times in1 (K x N) into an M x N tile, fp32 DST, HiFi4, on
 * bf16-exact values: the host's fp32 sums in k order. */
static void matmul_case(unsigned m, unsigned k, unsigned n)
{
	static float a[32 * 32], b[32 * 32];
	unsigned bad = 0;

	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	for (unsigned i = 0; i < m * k; i++)
		a[i] = rnd_bf16(4);
	for (unsigned i = 0; i < k * n; i++)
		b[i] = rnd_bf16(4);
	put_shape(IN0, a, m, k);
	put_shape(IN1, b, k, n);
	/* in1 to SrcA, in0 to SrcB, as matmul_tiles unpacks them */
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_A, IN1, F32, 0, 1, 4096, shape_arg(k, n)), 0);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_B, IN0, F32, 0, 0, 4096, shape_arg(m, k)), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_MATMUL, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK, 0, OUT, F32, 16, 4096, shape_arg(m, n)), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	for (unsigned i = 0; i < m; i++)
		for (unsigned j = 0; j < n; j++) {
			float want = 0;

			for (unsigned q = 0; q < k; q++)
				want += a[i * k + q] * b[q * n + j];
			bad += get_shape(OUT, m, n, i, j) != want;
		}
	CHECK(bad == 0, "matmul %ux%u by %ux%u: %u of %u wrong", m, k, k, n, bad, m * n);
}

static void test_matmul(void)
{
	matmul_case(1, 32, 32);    /* tt-metal's tiny-tile matmul: in0 1x32 */
	matmul_case(8, 32, 32);
	matmul_case(16, 32, 32);
	matmul_case(32, 32, 16);   /* in1 32x16: a narrow result, its rows 16-31 in face 1 */
	matmul_case(32, 16, 32);   /* in0 32x16, in1 16x32 */
	matmul_case(16, 32, 16);
	matmul_case(32, 32, 32);
}

int main(void)
{
	tensix_open();
	test_roundtrip();
	test_placement();
	test_faults();
	test_matmul();
	tensix_close();
	return check_exit("test_tensix_tiles");
}
