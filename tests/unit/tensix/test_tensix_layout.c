/* SPDX-License-Identifier: Apache-2.0
 *
 * The Tensix coprocessor's operations that move values across a tile,
 * through its C API (tensix_harness.h): reduce along rows, columns or to
 * a scalar, broadcast of a column, row or scalar, DST reused as an
 * operand, tilize at unpack and untilize at pack, and their fault texts.
 * Every expected value is computed here on the host, as in test_tensix.c.
 */
#include "tensix_harness.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ---- reduce ------------------------------------------------------------------ */

/* The test's reduction of a (scaled by 0.5; twice for SCALAR, as silicon's
 * two pooling passes) into the 32x32 result r. */
static void ref_reduce(const float *a, uint32_t dim, uint32_t max, double *r)
{
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		r[i] = 0;
	for (unsigned k = 0; k < 32; k++) {
		double row = max ? -INFINITY : 0, col = max ? -INFINITY : 0;
		for (unsigned m = 0; m < 32; m++) {
			double vr = 0.5 * a[k * 32 + m], vc = 0.5 * a[m * 32 + k];
			row = max ? fmax(row, vr) : row + vr;
			col = max ? fmax(col, vc) : col + vc;
		}
		if (dim == TT_TX_REDUCE_ROW)
			r[k * 32] = row;             /* column 0 */
		else if (dim == TT_TX_REDUCE_COL)
			r[k] = col;                  /* row 0 */
		else   /* columns, then the row of results, scaled at each pass */
			r[0] = k == 0 ? 0.5 * col : max ? fmax(r[0], 0.5 * col) : r[0] + 0.5 * col;
	}
}

static void test_reduce(void)
{
	float a[TX_TILE_ELEMS], s[TX_TILE_ELEMS] = { 0 };
	double r[TX_TILE_ELEMS];

	/* All negative, so a max that started from the zeroed DST would show. */
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		a[i] = (float)((int)(rnd() % 64) - 80) / 8.0f;
	s[0] = 0.5f;                                          /* the scaler */
	s[1] = 3.0f;                                          /* not used */
	for (uint32_t dim = 0; dim <= TT_TX_REDUCE_SCALAR; dim++)
		for (uint32_t pool = 0; pool <= TT_TX_POOL_MAX; pool++) {
			int bad = 0;
			config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
			put_bf16(IN0, a);
			put_bf16(IN1, s);
			CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
			CHECK_EQ(unpack(1, IN1, BF16, 0), 0);
			CHECK_EQ(CMD(M, TT_TX_OP_MATH_REDUCE, 2, dim, pool), 0);
			commit_pack_release(2, OUT, F32);
			ref_reduce(a, dim, pool, r);
			for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
				bad += get_f32(OUT, i / 32, i % 32) != r[i];
			CHECK(bad == 0, "reduce dim %u pool %u: %d wrong", dim, pool, bad);
		}
}

/* ---- broadcast, dest reuse, tilize, untilize ----------------------------------- */

/* MATH_BCAST: each broadcast dimension and row, and unary_bcast's copy. */
static void test_bcast(void)
{
	float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS];

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		a[i] = rnd_bf16(8);
		b[i] = rnd_bf16(8);
	}
	for (uint32_t dim = TT_TX_BCAST_COL; dim <= TT_TX_BCAST_SCALAR; dim++) {
		for (uint32_t op = TT_TX_ELT_ADD; op <= TT_TX_ELT_COPY; op++) {
			uint32_t row = dim == TT_TX_BCAST_ROW ? 7 : 0;
			int bad = 0;

			config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
			put_bf16(IN0, a);
			put_bf16(IN1, b);
			if (op != TT_TX_ELT_COPY)
				CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
			CHECK_EQ(unpack(1, IN1, BF16, 0), 0);
			CHECK_EQ(CMD(M, TT_TX_OP_MATH_BCAST, 2, op, dim, row), 0);
			CHECK_EQ(ld(U, TT_TX_SRC_STATUS), 0);   /* both popped */
			commit_pack_release(2, OUT, BF16);
			for (unsigned i = 0; i < 32; i++)
				for (unsigned j = 0; j < 32; j++) {
					float x = a[i * 32 + j];
					float y = dim == TT_TX_BCAST_COL ? b[i * 32] :
						  dim == TT_TX_BCAST_ROW ? b[row * 32 + j] : b[0];
					double r = op == TT_TX_ELT_ADD ? (double)x + y :
						   op == TT_TX_ELT_SUB ? (double)x - y :
						   op == TT_TX_ELT_MUL ? (double)x * y : y;
					bad += get_bf16(OUT, i, j) != ref_rne((float)r);
				}
			CHECK(bad == 0, "bcast dim %u op %u: %d wrong", dim, op, bad);
		}
	}
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_BCAST, 0, TT_TX_ELT_ADD, 0, 0), -1);
	CHECK(strcmp(fault, "math: unknown broadcast dimension 0") == 0, "'%s'", fault);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_BCAST, 0, TT_TX_ELT_ADD, TT_TX_BCAST_ROW, 32), -1);
	CHECK(strcmp(fault, "math: broadcast of row 32: a tile has 32 rows") == 0, "'%s'", fault);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_BCAST, 0, TT_TX_ELT_COPY, TT_TX_BCAST_COL, 0), -1);
	CHECK(strstr(fault, "math: SrcB empty"), "'%s'", fault);
}

/* MATH_REUSE: DST as A (the CB's tile from SrcB) and as B. */
static void test_reuse(void)
{
	float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS];

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		a[i] = rnd_bf16(8);
		b[i] = rnd_bf16(8);
	}
	for (uint32_t reuse = TT_TX_REUSE_SRCA; reuse <= TT_TX_REUSE_SRCB; reuse++) {
		int bad = 0;

		config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
		put_bf16(IN0, a);
		put_bf16(IN1, b);
		CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 1), 0);   /* DST[1] = a */
		CHECK_EQ(unpack(reuse == TT_TX_REUSE_SRCA, IN1, BF16, 0), 0);
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_REUSE, 1, TT_TX_ELT_SUB, reuse), 0);
		CHECK_EQ(ld(U, TT_TX_SRC_STATUS), 0);
		commit_pack_release(1, OUT, BF16);
		for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
			double r = reuse == TT_TX_REUSE_SRCA ? (double)a[i] - b[i] : (double)b[i] - a[i];
			bad += get_bf16(OUT, i / 32, i % 32) != ref_rne((float)r);
		}
		CHECK(bad == 0, "dest reuse %u: %d wrong", reuse, bad);
	}
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_REUSE, 0, TT_TX_ELT_ADD, 0), -1);
	CHECK(strcmp(fault, "math: unknown dest reuse 0") == 0, "'%s'", fault);
}

/* UNPACK_TILIZE_A and PACK_UNTILIZE: rows `pitch` bytes apart, a tile
 * two tiles into a row of three; the bytes between rows untouched. */
static void test_tilize(void)
{
	const uint32_t pitch = 3 * 32 * 4, col = 2 * 32 * 4;
	float rows[32][96], want[TX_TILE_ELEMS];
	int bad = 0;

	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 96; j++)
			rows[i][j] = bitsf(rnd() | 0x40000000u);   /* any fp32 bits, kept whole */
	memcpy(l1 + IN0, rows, sizeof(rows));
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_TILIZE_A, IN0 + col, F32, pitch, 0, 4096,
		     TT_TX_UNPACK_TO_DEST), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	commit_pack_release(0, OUT, F32);
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++)
			bad += fbits(get_f32(OUT, i, j)) != fbits(rows[i][64 + j]);
	CHECK(bad == 0, "tilize: %d wrong", bad);

	/* The tile back into the middle third of zeroed rows. */
	bad = 0;
	memset(l1 + OUT, 0, sizeof(rows));
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		want[i] = rows[i / 32][64 + i % 32];
	put_f32(IN1, want);
	CHECK_EQ(unpack(0, IN1, F32, TT_TX_UNPACK_TO_DEST), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_UNTILIZE, 0, OUT + 32 * 4, F32, 16, 4096, pitch), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 96; j++) {
			float got;
			memcpy(&got, l1 + OUT + i * pitch + 4 * j, 4);
			bad += fbits(got) != (j >= 32 && j < 64 ? fbits(want[i * 32 + j - 32]) : 0);
		}
	CHECK(bad == 0, "untilize: %d wrong", bad);

	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_TILIZE_A, IN0, BFP8B, 1024, 0, 1088), -1);
	CHECK(strcmp(fault, "unpack: tilize of Bfp8_b (6) data in CB 0: row-major data is Float32, "
		      "Float16_b, Float16, Int32, UInt32 or UInt16") == 0, "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_TILIZE_A, IN0, BF16, 32, 0, 2048), -1);
	CHECK(strcmp(fault, "unpack: tilize in CB 0: rows of 32 bytes are shorter than a tile's 32 "
		      "values") == 0, "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_TILIZE_A, L1_SIZE - 4096, F32, 256, 0, 4096), -1);
	CHECK(strstr(fault, "reach outside L1"), "'%s'", fault);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_UNTILIZE, 0, OUT, BFP8B, 16, 1088, 1024), -1);
	CHECK(strcmp(fault, "pack: untilize into Bfp8_b (6) CB 16: row-major data is Float32, "
		      "Float16_b, Float16, Int32, UInt32 or UInt16") == 0, "'%s'", fault);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_UNTILIZE, 0, OUT, F32, 16, 4096, 256), -1);
	CHECK(strstr(fault, "pack: pack_tile without tile_regs_wait"), "'%s'", fault);
}
int main(void)
{
	tensix_open();
	test_reduce();
	test_bcast();
	test_reuse();
	test_tilize();
	tensix_close();
	return check_exit("test_tensix_layout");
}
