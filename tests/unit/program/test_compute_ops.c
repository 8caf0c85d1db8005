/* SPDX-License-Identifier: Apache-2.0
 *
 * The compute API's tile operations beyond copy, eltwise, matmul_tiles and
 * the SFPU, end to end on the simulated chip through the program API
 * (kernels in tests/unit/program/compute), each against a host reference
 * on random data in bfloat16, float32 (with an fp32 DST) and bfp8_b:
 * - broadcast (bcast.cpp, and bcast_2026.cpp with tt-metal's 2026 init
 *   names): add, sub, mul with SrcB broadcast along
 *   columns, a row, or the scalar; unary_bcast; within bfloat16 rounding
 *   of the exact result (float32: of fp32 rounding; bfp8_b: plus the
 *   block format's quantum);
 * - transpose (transpose.cpp), tilize (tilize.cpp), untilize,
 *   pack_untilize_block and pack_untilize_dest (untilize.cpp), and the 2.0
 *   API's tilize and pack untilize (tilize_2_0.cpp, untilize_2_0.cpp): bit
 *   exact (into bfp8_b: equal to the host's own bfp8_b encoding of the
 *   exact values);
 * - reduce SUM, AVG, MAX along rows, columns and both, and reduce_block
 *   (reduce_all.cpp), the 2024 reduce_init<true> with REDUCE_OP and
 *   REDUCE_DIM defines (reduce_defines.cpp), and a tilize fused with a
 *   reduce (tilize_reduce.cpp):
 *   within bfloat16 rounding;
 * - binary_dest_reuse_tiles both ways, add_block, pack_block (reuse.cpp);
 * - matmul_block equal, bit for bit, to matmul_tiles on the same data
 *   (matmul_block.cpp), and so the 2.0 API's matmul_tiles and matmul_block
 *   (matmul_2_0.cpp);
 * - tt-metal's 2.0 API with LLKOperand operands (ops_2_0.cpp, built as
 *   C++20): add/sub/mul tiles and blocks, the broadcasts, unary_bcast, dest
 *   reuse and reduce_block within bfloat16 rounding, copy_block and
 *   transpose_block bit exact, each packed by pack_block.
 *
 * test_compute_ops KERNELS_DIR   (tests/unit/program/compute)
 */
#include "compute_harness.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- formats on the host ---------------------------------------------------------------- */

enum fmt { BF16, F32, BFP8 };

static const char *const fmt_name[] = { "bfloat16", "float32", "bfp8_b" };
static const uint32_t fmt_bytes[] = { 2048, 4096, 1088 };

#define BFP8_EXPONENTS 64

/* Face row of element (r, c): its shared exponent's index in a bfp8_b tile. */
static unsigned face_row(unsigned r, unsigned c)
{
	return tile_pos(r, c) / 16;
}

/* Element (r, c) of tile bytes p, in format f. */
static float tile_get(const uint8_t *p, enum fmt f, unsigned r, unsigned c)
{
	unsigned pos = tile_pos(r, c);
	uint16_t h;
	float v;

	if (f == F32) {
		memcpy(&v, p + 4 * pos, 4);
		return v;
	}
	if (f == BF16) {
		memcpy(&h, p + 2 * pos, 2);
		return bf16(h);
	}
	/* bfp8_b: sign and 7 magnitude bits m, value m * 2^(e - 127 - 6). */
	v = ldexpf((float)(p[BFP8_EXPONENTS + pos] & 0x7f), p[face_row(r, c)] - 133);
	return p[BFP8_EXPONENTS + pos] & 0x80 ? -v : v;
}

/* A random tile in format f, values within about [-span, span). */
static void tile_random(uint8_t *p, enum fmt f, float span)
{
	if (f == BFP8) {
		int e = 127 + ilogbf(span) - 1;

		for (unsigned i = 0; i < BFP8_EXPONENTS; i++)
			p[i] = (uint8_t)(e + (int)(rnd() % 3) - 1);
		for (unsigned i = 0; i < TILE_ELEMS; i++)
			p[BFP8_EXPONENTS + i] = (uint8_t)rnd();
		return;
	}
	for (unsigned i = 0; i < TILE_ELEMS; i++) {
		uint16_t h = rnd_bf16(span);

		if (f == BF16) {
			memcpy(p + 2 * i, &h, 2);
		} else {
			/* fp32 with 10 mantissa bits: exact in TF32, so the
			 * operands math sees are the values themselves. */
			float v = u2f(f2u(bf16(h)) | ((rnd() & 0x7u) << 13));

			memcpy(p + 4 * i, &v, 4);
		}
	}
}

/* The packer's bfp8_b encoding of 32x32 values v (row-major): each face
 * row shares its largest exponent; magnitudes round half away from zero
 * to 7 bits, saturating; the sign bit is kept, also of a zero
 * (docs/tensix.md). Written here, not the simulator's. */
static void bfp8_encode(const float *v, uint8_t *p)
{
	for (unsigned r = 0; r < 32; r++) {
		for (unsigned c0 = 0; c0 < 32; c0 += 16) {
			int emax = 0;

			for (unsigned c = c0; c < c0 + 16; c++) {
				int e = (int)((f2u(v[r * 32 + c]) >> 23) & 0xff);
				emax = e > emax ? e : emax;
			}
			p[face_row(r, c0)] = (uint8_t)emax;
			for (unsigned c = c0; c < c0 + 16; c++) {
				float x = v[r * 32 + c];
				double m = fabs((double)x) / ldexp(1, emax - 133);
				unsigned q = (f2u(x) & 0x7f800000u) ? (unsigned)floor(m + 0.5) : 0;

				q = q > 127 ? 127 : q;
				p[BFP8_EXPONENTS + tile_pos(r, c)] = (uint8_t)(q | (signbit(x) ? 0x80 : 0));
			}
		}
	}
}

/* Bytes of 32x32 values v in format f, as the packer writes them. */
static void tile_put(const float *v, enum fmt f, uint8_t *p)
{
	if (f == BFP8) {
		bfp8_encode(v, p);
		return;
	}
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++) {
			unsigned pos = tile_pos(r, c);
			uint16_t h = pack_bf16(v[r * 32 + c]);

			if (f == F32)
				memcpy(p + 4 * pos, &v[r * 32 + c], 4);
			else
				memcpy(p + 2 * pos, &h, 2);
		}
}

/* The [compute] section of a run in format f: an fp32 DST for float32,
 * which its input reaches whole (unpack to DST). */
static const char *dst_for(enum fmt f)
{
	return f == F32 ? "fp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL : "";
}

/* ---- comparing within a format's rounding ------------------------------------------------ */

/* got against the exact result want (of an output tile in format f): two
 * roundings to the format (DST, then the packer) and, for bfp8_b, the
 * block's quantum at the face row's largest magnitude `rowmax`; `extra`
 * for sums whose fp32 accumulation loses more. */
static void cmp_fmt(struct cmp *c, unsigned i, float got, double want, enum fmt f, double rowmax,
		    double extra)
{
	double rel = f == F32 ? ldexp(1, -22) : ldexp(1, -7);
	double tol = rel * fabs(want) + extra + 1e-30;

	if (f == BFP8 && rowmax > 0)
		tol += ldexp(1, ilogb(rowmax) - 6);
	cmp_one(c, i, got, (float)want, (float)tol);
}

/* Largest magnitude in the face row of (r, c) of row-major values v. */
static double face_row_max(const double *v, unsigned r, unsigned c)
{
	double m = 0;

	for (unsigned k = c / 16 * 16; k < c / 16 * 16 + 16; k++)
		m = fmax(m, fabs(v[r * 32 + k]));
	return m;
}

/* Compares output tile bytes `got` in format f with exact values want. */
static void cmp_tile(struct cmp *c, const uint8_t *got, enum fmt f, const double *want,
		     double extra)
{
	for (unsigned r = 0; r < 32; r++)
		for (unsigned k = 0; k < 32; k++)
			cmp_fmt(c, r * 32 + k, tile_get(got, f, r, k), want[r * 32 + k], f,
				face_row_max(want, r, k), extra);
}

/* ---- broadcast --------------------------------------------------------------------------- */

#define BCAST_TILES 12

static void test_bcast(struct ttrt_device *dev, enum fmt f, const char *kernel)
{
	static uint8_t a[BCAST_TILES * 4096], b[BCAST_TILES * 4096], o[BCAST_TILES * 4096];
	struct io in[3] = { { a, fmt_bytes[f], BCAST_TILES }, { b, fmt_bytes[f], BCAST_TILES }, { 0 } };
	struct io out[2] = { { o, fmt_bytes[f], BCAST_TILES }, { 0 } };
	char sections[512], what[80];
	double want[TILE_ELEMS];

	for (unsigned t = 0; t < BCAST_TILES; t++) {
		tile_random(a + t * fmt_bytes[f], f, 8);
		tile_random(b + t * fmt_bytes[f], f, 8);
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %d\n[cb.1]\nformat = %s\npages = %d\n"
		 "[cb.16]\nformat = %s\npages = 2\n[compute]\n%s",
		 fmt_name[f], BCAST_TILES, fmt_name[f], BCAST_TILES, fmt_name[f], dst_for(f));
	snprintf(what, sizeof(what), "%s in %s", kernel, fmt_name[f]);
	if (run(dev, what, sections, kernel, in, out))
		return;
	for (unsigned t = 0; t < BCAST_TILES; t++) {
		const uint8_t *ta = a + t * fmt_bytes[f], *tb = b + t * fmt_bytes[f];
		unsigned op = t / 3, dim = t % 3, row = t == 4 ? 3 : 0;
		char name[96];
		struct cmp c = { .what = name };

		snprintf(name, sizeof(name), "%s: %s %s, %s", kernel,
			 t < 9 ? (op == 0 ? "add" : op == 1 ? "sub" : "mul") : "unary",
			 dim == 0 ? "COL" : dim == 1 ? "ROW" : "SCALAR", fmt_name[f]);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++) {
				double x = tile_get(ta, f, r, k);
				double y = dim == 0 ? tile_get(tb, f, r, 0) :
					   dim == 1 ? tile_get(tb, f, row, k) : tile_get(tb, f, 0, 0);

				want[r * 32 + k] = t >= 9 ? y : op == 0 ? x + y : op == 1 ? x - y : x * y;
			}
		cmp_tile(&c, o + t * fmt_bytes[f], f, want, 0);
		cmp_done(&c);
	}
}

/* ---- transpose ---------------------------------------------------------------------------- */

static void test_transpose(struct ttrt_device *dev, enum fmt f)
{
	static uint8_t x[4 * 4096], o[4 * 4096], w[4096];
	struct io in[3] = { { x, fmt_bytes[f], 4 }, { 0 }, { 0 } };
	struct io out[2] = { { o, fmt_bytes[f], 4 }, { 0 } };
	char sections[512], what[64];
	float v[TILE_ELEMS];
	struct cmp c = { .what = what };

	for (unsigned t = 0; t < 4; t++)
		tile_random(x + t * fmt_bytes[f], f, 100);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = 4\n[cb.16]\nformat = %s\npages = 4\n[compute]\n%s",
		 fmt_name[f], fmt_name[f], dst_for(f));
	snprintf(what, sizeof(what), "transpose in %s", fmt_name[f]);
	if (run(dev, what, sections, "transpose.cpp", in, out))
		return;
	for (unsigned t = 0; t < 4; t++) {
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++)
				v[r * 32 + k] = tile_get(x + t * fmt_bytes[f], f, k, r);
		tile_put(v, f, w);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++)
				cmp_one(&c, t * TILE_ELEMS + r * 32 + k, tile_get(o + t * fmt_bytes[f], f, r, k),
					tile_get(w, f, r, k), 0);
	}
	cmp_done(&c);
}

/* ---- tilize, untilize ----------------------------------------------------------------------- */

#define TZ_BLOCK 3
#define TZ_ROWS 2
#define TZ_W (32 * TZ_BLOCK)
#define TZ_H (32 * TZ_ROWS)

/* Row-major values (TZ_H x TZ_W) in format rows_f (bf16 or f32), as bytes. */
static void rows_random(uint8_t *p, enum fmt rows_f, float *v)
{
	for (unsigned i = 0; i < TZ_H * TZ_W; i++) {
		uint16_t h = rnd_bf16(1000);

		v[i] = rows_f == F32 ? u2f(f2u(bf16(h)) | (rnd() & 0xffffu)) : bf16(h);
		if (rows_f == F32)
			memcpy(p + 4 * i, &v[i], 4);
		else
			memcpy(p + 2 * i, &h, 2);
	}
}

static void test_tilize(struct ttrt_device *dev, enum fmt rows_f, enum fmt out_f, const char *kernel)
{
	static uint8_t x[TZ_H * TZ_W * 4], o[TZ_BLOCK * TZ_ROWS * 4096], w[4096];
	static float v[TZ_H * TZ_W], tile[TILE_ELEMS];
	struct io in[3] = { { x, fmt_bytes[rows_f], TZ_BLOCK * TZ_ROWS }, { 0 }, { 0 } };
	struct io out[2] = { { o, fmt_bytes[out_f], TZ_BLOCK * TZ_ROWS }, { 0 } };
	char sections[512], what[96];
	struct cmp c = { .what = what };

	rows_random(x, rows_f, v);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %d\n[cb.16]\nformat = %s\npages = %d\n"
		 "[compute]\nargs = %d %d\n%s",
		 fmt_name[rows_f], TZ_BLOCK * TZ_ROWS, fmt_name[out_f], TZ_BLOCK, TZ_BLOCK, TZ_ROWS,
		 dst_for(rows_f));
	snprintf(what, sizeof(what), "%s: %s rows into %s tiles", kernel, fmt_name[rows_f],
		 fmt_name[out_f]);
	if (run(dev, what, sections, kernel, in, out))
		return;
	for (unsigned t = 0; t < TZ_BLOCK * TZ_ROWS; t++) {
		unsigned tr = t / TZ_BLOCK, tc = t % TZ_BLOCK;

		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++)
				tile[r * 32 + k] = v[(32 * tr + r) * TZ_W + 32 * tc + k];
		tile_put(tile, out_f, w);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++)
				cmp_one(&c, t * TILE_ELEMS + r * 32 + k,
					tile_get(o + t * fmt_bytes[out_f], out_f, r, k), tile_get(w, out_f, r, k), 0);
	}
	cmp_done(&c);
}

#define UZ_BLOCK 4   /* untilize.cpp's */

/* Tiles in tile_f (TZ_ROWS tile rows of UZ_BLOCK) untilized into rows of
 * rows_f, twice (untilize_block; pack_untilize_block and _dest). */
static void test_untilize(struct ttrt_device *dev, enum fmt tile_f, enum fmt rows_f,
			  const char *kernel)
{
	enum { N = UZ_BLOCK * TZ_ROWS, W = 32 * UZ_BLOCK };
	static uint8_t x[N * 4096], o[2][N * 4096];
	struct io in[3] = { { x, fmt_bytes[tile_f], N }, { 0 }, { 0 } };
	struct io out[2] = { { o[0], fmt_bytes[rows_f], N }, { o[1], fmt_bytes[rows_f], N } };
	char sections[512], what[2][80];

	for (unsigned t = 0; t < N; t++)
		tile_random(x + t * fmt_bytes[tile_f], tile_f, 50);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %d\n[cb.16]\nformat = %s\npages = %d\n"
		 "[cb.17]\nformat = %s\npages = %d\n[compute]\nargs = %d\n%s",
		 fmt_name[tile_f], N, fmt_name[rows_f], UZ_BLOCK, fmt_name[rows_f], UZ_BLOCK, TZ_ROWS,
		 dst_for(rows_f));
	snprintf(what[0], sizeof(what[0]), "%s: c_16 %s into %s rows", kernel, fmt_name[tile_f],
		 fmt_name[rows_f]);
	snprintf(what[1], sizeof(what[1]), "%s: c_17 %s into %s rows", kernel, fmt_name[tile_f],
		 fmt_name[rows_f]);
	if (run(dev, what[0], sections, kernel, in, out))
		return;
	for (int k = 0; k < 2; k++) {
		struct cmp c = { .what = what[k] };

		for (unsigned i = 0; i < N * TILE_ELEMS; i++) {
			unsigned y = i / W, xcol = i % W, t = (y / 32) * UZ_BLOCK + xcol / 32;
			float want = tile_get(x + t * fmt_bytes[tile_f], tile_f, y % 32, xcol % 32), got;
			uint16_t h;

			if (rows_f == F32) {
				memcpy(&got, o[k] + 4 * i, 4);
			} else {
				memcpy(&h, o[k] + 2 * i, 2);
				got = bf16(h);
			}
			cmp_one(&c, i, got, want, 0);
		}
		cmp_done(&c);
	}
}

/* ---- reduce ------------------------------------------------------------------------------- */

/* pool (0 sum, 1 avg, 2 max) of tile t along dim (0 rows, 1 columns, 2
 * both) into want (the rest zero); its magnitude sum into *abs_sum. */
static void reduce_ref(const uint8_t *p, enum fmt f, unsigned pool, unsigned dim, double *want,
		       double *abs_sum)
{
	double total = pool == 2 ? -INFINITY : 0;

	*abs_sum = 0;
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		want[i] = 0;
	for (unsigned k = 0; k < 32; k++) {
		double line = pool == 2 ? -INFINITY : 0;

		for (unsigned m = 0; m < 32; m++) {
			double v = dim == 0 ? tile_get(p, f, k, m) : tile_get(p, f, m, k);

			line = pool == 2 ? fmax(line, v) : line + v;
			total = pool == 2 ? fmax(total, v) : total + v;
			*abs_sum += fabs(v);
		}
		if (pool == 1)
			line /= 32;
		if (dim == 0)
			want[k * 32] = line;
		else if (dim == 1)
			want[k] = line;
	}
	if (dim == 2)
		want[0] = pool == 1 ? total / 1024 : total;
	if (pool == 1)
		*abs_sum /= dim == 2 ? 1024 : 32;
}

static void test_reduce(struct ttrt_device *dev, enum fmt f)
{
	static uint8_t x[9 * 4096], s[3 * 4096], o[12 * 4096];
	struct io in[3] = { { x, fmt_bytes[f], 9 }, { 0 }, { s, fmt_bytes[f], 3 } };
	struct io out[2] = { { o, fmt_bytes[f], 12 }, { 0 } };
	static const char *const pools[] = { "SUM", "AVG", "MAX" }, *const dims[] = { "ROW", "COL", "SCALAR" };
	char sections[512], what[64];
	float scaler[TILE_ELEMS];
	double want[TILE_ELEMS], abs_sum;

	for (unsigned t = 0; t < 9; t++)
		tile_random(x + t * fmt_bytes[f], f, 4);
	/* Scalers: 1 for SUM and MAX, 1/32 for AVG (tt-metal's 1/N, and
	 * 1/sqrt(N) for both dimensions: the scaler applies twice). */
	for (unsigned t = 0; t < 3; t++) {
		for (unsigned i = 0; i < TILE_ELEMS; i++)
			scaler[i] = t == 1 ? 1.0f / 32 : 1.0f;
		tile_put(scaler, f, s + t * fmt_bytes[f]);
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = 9\n[cb.2]\nformat = %s\npages = 3\n"
		 "[cb.16]\nformat = %s\npages = 12\n[compute]\n%s",
		 fmt_name[f], fmt_name[f], fmt_name[f], dst_for(f));
	snprintf(what, sizeof(what), "reduce in %s", fmt_name[f]);
	if (run(dev, what, sections, "reduce_all.cpp", in, out))
		return;
	for (unsigned t = 0; t < 12; t++) {
		unsigned src = t < 9 ? t : t - 9, pool = t < 9 ? t / 3 : 0, dim = t < 9 ? t % 3 : 0;
		char name[64];
		struct cmp c = { .what = name };

		snprintf(name, sizeof(name), "%s %s%s, %s", t < 9 ? "reduce_tile" : "reduce_block",
			 pools[pool], dims[dim], fmt_name[f]);
		reduce_ref(x + src * fmt_bytes[f], f, pool, dim, want, &abs_sum);
		/* Sums: fp32 partial sums, and for both dimensions the 32
		 * column results rounded as DST holds them before the second
		 * pass (bf16: half an ulp of each). */
		cmp_tile(&c, o + t * fmt_bytes[f], f, want,
			 pool == 2 ? 0 : abs_sum * ldexp(1, dim == 2 && f != F32 ? -8 : -18));
		cmp_done(&c);
	}
}

/* The 2024 form (reduce_defines.cpp): reduce_init<true> and reduce_tile
 * with no template arguments take the pool and dimension from the
 * REDUCE_OP and REDUCE_DIM defines, as ttnn's reduce kernels of the time:
 * MAX along columns, then SUM along rows. */
static void test_reduce_defines(struct ttrt_device *dev, enum fmt f)
{
	static uint8_t x[4096], s[4096], o[4096];
	struct io in[3] = { { x, fmt_bytes[f], 1 }, { 0 }, { s, fmt_bytes[f], 1 } };
	struct io out[2] = { { o, fmt_bytes[f], 1 }, { 0 } };
	static const char *const defines[2] = {
		"REDUCE_OP=PoolType::MAX REDUCE_DIM=ReduceDim::REDUCE_COL",
		"REDUCE_OP=PoolType::SUM REDUCE_DIM=ReduceDim::REDUCE_ROW",
	};
	char sections[512], what[96];
	float scaler[TILE_ELEMS];
	double want[TILE_ELEMS], abs_sum;

	for (unsigned i = 0; i < TILE_ELEMS; i++)
		scaler[i] = 1.0f;
	tile_put(scaler, f, s);
	for (unsigned k = 0; k < 2; k++) {
		struct cmp c = { .what = what };

		tile_random(x, f, 4);
		snprintf(sections, sizeof(sections),
			 "[cb.0]\nformat = %s\npages = 1\n[cb.2]\nformat = %s\npages = 1\n"
			 "[cb.16]\nformat = %s\npages = 1\n[compute]\ndefines = %s\n%s",
			 fmt_name[f], fmt_name[f], fmt_name[f], defines[k], dst_for(f));
		snprintf(what, sizeof(what), "reduce_init<true>, %s, %s", k ? "SUM ROW" : "MAX COL",
			 fmt_name[f]);
		if (run(dev, what, sections, "reduce_defines.cpp", in, out))
			return;
		reduce_ref(x, f, k ? 0 : 2, k ? 0 : 1, want, &abs_sum);
		cmp_tile(&c, o, f, want, k ? abs_sum * ldexp(1, -18) : 0);
		cmp_done(&c);
	}
}

/* Tilize fused with a row sum (tilize_reduce.cpp): row-major bf16 rows,
 * 2 tiles wide, into the row sums of each tile, within bf16 rounding. */
static void test_tilize_reduce(struct ttrt_device *dev)
{
	enum { W = 64 };
	static uint16_t x[32 * W], s[TILE_ELEMS], o[2 * TILE_ELEMS];
	struct io in[3] = { { x, 2048, 2 }, { 0 }, { s, 2048, 1 } };
	struct io out[2] = { { o, 2048, 2 }, { 0 } };
	static const char sections[] =
		"[cb.0]\nformat = bfloat16\npages = 2\n[cb.2]\nformat = bfloat16\npages = 1\n"
		"[cb.16]\nformat = bfloat16\npages = 2\n";
	struct cmp c = { .what = "unpack_tilizeA_B_block + reduce_tile_math SUM along rows" };

	for (unsigned i = 0; i < 32 * W; i++)
		x[i] = rnd_bf16(4);
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		s[i] = (uint16_t)(f2u(1.0f) >> 16);
	if (run(dev, "tilize + reduce", sections, "tilize_reduce.cpp", in, out))
		return;
	for (unsigned t = 0; t < 2; t++)
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++) {
				double want = 0, mag = 0;

				for (unsigned j = 0; k == 0 && j < 32; j++) {
					want += bf16(x[r * W + 32 * t + j]);
					mag += fabs(bf16(x[r * W + 32 * t + j]));
				}
				cmp_fmt(&c, t * TILE_ELEMS + r * 32 + k, bf16(o[t * TILE_ELEMS + tile_pos(r, k)]),
					want, BF16, 0, mag * ldexp(1, -18));
			}
	cmp_done(&c);
}

/* ---- dest reuse ------------------------------------------------------------------------------ */

static void test_reuse(struct ttrt_device *dev, enum fmt f)
{
	static uint8_t a[6 * 4096], b[6 * 4096], o[6 * 4096];
	struct io in[3] = { { a, fmt_bytes[f], 6 }, { b, fmt_bytes[f], 6 }, { 0 } };
	struct io out[2] = { { o, fmt_bytes[f], 6 }, { 0 } };
	static const char *const names[] = { "DST + B (DEST_TO_SRCA)", "DST - B (DEST_TO_SRCA)",
					     "DST * B (DEST_TO_SRCA)", "B - DST (DEST_TO_SRCB)",
					     "B * DST (DEST_TO_SRCB)", "add_block then DST + B" };
	char sections[512], what[64];
	double want[TILE_ELEMS];

	for (unsigned t = 0; t < 6; t++) {
		tile_random(a + t * fmt_bytes[f], f, 8);
		tile_random(b + t * fmt_bytes[f], f, 8);
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = 6\n[cb.1]\nformat = %s\npages = 6\n"
		 "[cb.16]\nformat = %s\npages = 6\n[compute]\n%s",
		 fmt_name[f], fmt_name[f], fmt_name[f], dst_for(f));
	snprintf(what, sizeof(what), "dest reuse in %s", fmt_name[f]);
	if (run(dev, what, sections, "reuse.cpp", in, out))
		return;
	for (unsigned t = 0; t < 6; t++) {
		char name[80];
		struct cmp c = { .what = name };

		snprintf(name, sizeof(name), "%s, %s", names[t], fmt_name[f]);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned k = 0; k < 32; k++) {
				double x = tile_get(a + t * fmt_bytes[f], f, r, k);
				double y = tile_get(b + t * fmt_bytes[f], f, r, k);

				want[r * 32 + k] = t == 0 ? x + y : t == 1 ? x - y : t == 2 || t == 4 ? x * y :
						   t == 3 ? y - x : x + 2 * y;
			}
		/* t 5 rounds A + B in DST before adding B again: one more
		 * rounding, of a value below 16 (from an fp32 DST, math takes
		 * it as TF32). */
		cmp_tile(&c, o + t * fmt_bytes[f], f, want, t == 5 ? 16 * ldexp(1, f == F32 ? -10 : -8) : 0);
		cmp_done(&c);
	}
}

/* ---- matmul_block ----------------------------------------------------------------------------- */

#define MB_KT 3

static void test_matmul_block(struct ttrt_device *dev, enum fmt f)
{
	/* matmul_tiles, then what must equal it: matmul_block, and the 2.0
	 * API's matmul_tiles and matmul_block. */
	static const struct {
		const char *kernel, *what;
		int block;
	} runs[] = {
		{ "matmul_block.cpp", "matmul_tiles", 0 },
		{ "matmul_block.cpp", "matmul_block", 1 },
		{ "matmul_2_0.cpp", "2.0 matmul_tiles", 0 },
		{ "matmul_2_0.cpp", "2.0 matmul_block", 1 },
	};
	static uint8_t a[2 * MB_KT * 4096], b[2 * MB_KT * 4096], o[4][4 * 4096];
	char sections[512], what[64];

	for (unsigned t = 0; t < 2 * MB_KT; t++) {
		tile_random(a + t * fmt_bytes[f], f, 2);
		tile_random(b + t * fmt_bytes[f], f, 2);
	}
	for (unsigned i = 0; i < 4; i++) {
		struct io in[3] = { { a, fmt_bytes[f], 2 * MB_KT }, { b, fmt_bytes[f], 2 * MB_KT }, { 0 } };
		struct io out[2] = { { o[i], fmt_bytes[f], 4 }, { 0 } };

		snprintf(sections, sizeof(sections),
			 "[cb.0]\nformat = %s\npages = %d\n[cb.1]\nformat = %s\npages = %d\n"
			 "[cb.16]\nformat = %s\npages = 4\n[compute]\nargs = %d %d\n%s",
			 fmt_name[f], 2 * MB_KT, fmt_name[f], 2 * MB_KT, fmt_name[f], MB_KT,
			 runs[i].block, dst_for(f));
		snprintf(what, sizeof(what), "%s in %s", runs[i].what, fmt_name[f]);
		if (run(dev, what, sections, runs[i].kernel, in, out))
			return;
	}
	for (unsigned i = 1; i < 4; i++) {
		struct cmp c = { .what = what };

		snprintf(what, sizeof(what), "%s = matmul_tiles in %s", runs[i].what, fmt_name[f]);
		for (unsigned k = 0; k < 4 * fmt_bytes[f]; k++)
			cmp_one(&c, k, o[i][k], o[0][k], 0);
		cmp_done(&c);
	}
	/* And the tiles are a product, not zeros. */
	CHECK(tile_get(o[0], f, 5, 7) != 0 || tile_get(o[0], f, 9, 2) != 0, "matmul output is zero");
}

/* ---- the 2.0 API (LLKOperand) ------------------------------------------------------------ */

#define OPS20_TILES 12

/* Exact result of ops_2_0.cpp's output tile t of A and B tiles t. */
static void ops20_ref(const uint8_t *x, const uint8_t *y, enum fmt f, unsigned t, double *want,
		      double *abs_sum)
{
	*abs_sum = 0;
	if (t == 11) {
		reduce_ref(x, f, 0, 0, want, abs_sum);
		return;
	}
	for (unsigned r = 0; r < 32; r++)
		for (unsigned k = 0; k < 32; k++) {
			double a = tile_get(x, f, r, k), b = tile_get(y, f, r, k);
			double *w = &want[r * 32 + k];

			switch (t) {
			case 0: case 1: case 10: *w = a + b; break;
			case 2: *w = a - b; break;
			case 3: *w = a * b; break;
			case 4: *w = a * tile_get(y, f, r, 0); break;
			case 5: *w = a + tile_get(y, f, 3, k); break;
			case 6: *w = a - tile_get(y, f, 0, 0); break;
			case 7: *w = tile_get(y, f, 0, k); break;
			case 8: *w = a; break;
			default: *w = tile_get(x, f, k, r); break;
			}
		}
}

static void test_ops_2_0(struct ttrt_device *dev, enum fmt f)
{
	static uint8_t a[OPS20_TILES * 4096], b[OPS20_TILES * 4096], s[4096], o[OPS20_TILES * 4096];
	static const char *const names[] = { "add_block", "add_block", "sub_tiles", "mul_block",
					     "mul_tiles_bcast COL", "add_tiles_bcast ROW 3",
					     "sub_tiles_bcast SCALAR", "unary_bcast ROW", "copy_block",
					     "transpose_block", "copy_tile + add_reuse_dest_tiles",
					     "reduce_block SUM ROW" };
	struct io in[3] = { { a, fmt_bytes[f], OPS20_TILES }, { b, fmt_bytes[f], OPS20_TILES },
			    { s, fmt_bytes[f], 1 } };
	struct io out[2] = { { o, fmt_bytes[f], OPS20_TILES }, { 0 } };
	char sections[512], what[64];
	float ones[TILE_ELEMS], exact[TILE_ELEMS];
	double want[TILE_ELEMS], abs_sum;
	uint8_t enc[4096];

	for (unsigned t = 0; t < OPS20_TILES; t++) {
		tile_random(a + t * fmt_bytes[f], f, 8);
		tile_random(b + t * fmt_bytes[f], f, 8);
	}
	for (unsigned i = 0; i < TILE_ELEMS; i++)
		ones[i] = 1.0f;
	tile_put(ones, f, s);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = %s\npages = %d\n[cb.1]\nformat = %s\npages = %d\n"
		 "[cb.2]\nformat = %s\npages = 1\n[cb.16]\nformat = %s\npages = %d\n[compute]\n%s",
		 fmt_name[f], OPS20_TILES, fmt_name[f], OPS20_TILES, fmt_name[f], fmt_name[f],
		 OPS20_TILES, dst_for(f));
	snprintf(what, sizeof(what), "2.0 API in %s", fmt_name[f]);
	if (run(dev, what, sections, "ops_2_0.cpp", in, out))
		return;
	for (unsigned t = 0; t < OPS20_TILES; t++) {
		const uint8_t *got = o + t * fmt_bytes[f];
		char name[96];
		struct cmp c = { .what = name };

		snprintf(name, sizeof(name), "2.0 %s (tile %u), %s", names[t], t, fmt_name[f]);
		ops20_ref(a + t * fmt_bytes[f], b + t * fmt_bytes[f], f, t, want, &abs_sum);
		if (t == 8 || t == 9) {
			/* A copy and a transpose are bit exact: the packer's
			 * encoding of the exact values. */
			for (unsigned i = 0; i < TILE_ELEMS; i++)
				exact[i] = (float)want[i];
			tile_put(exact, f, enc);
			for (unsigned r = 0; r < 32; r++)
				for (unsigned k = 0; k < 32; k++)
					cmp_one(&c, r * 32 + k, tile_get(got, f, r, k), tile_get(enc, f, r, k), 0);
		} else {
			cmp_tile(&c, got, f, want, abs_sum * ldexp(1, -18));
		}
		cmp_done(&c);
	}
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev = open_device(argc, argv, "test_compute_ops");

	for (enum fmt f = BF16; f <= BFP8; f++) {
		test_bcast(dev, f, "bcast.cpp");
		test_bcast(dev, f, "bcast_2026.cpp");
		test_transpose(dev, f);
		test_reduce(dev, f);
		test_reduce_defines(dev, f);
		test_reuse(dev, f);
		test_matmul_block(dev, f);
		test_ops_2_0(dev, f);
	}
	for (int v2 = 0; v2 < 2; v2++) {
		const char *tz = v2 ? "tilize_2_0.cpp" : "tilize.cpp";
		const char *uz = v2 ? "untilize_2_0.cpp" : "untilize.cpp";

		test_tilize(dev, BF16, BF16, tz);
		test_tilize(dev, F32, F32, tz);
		test_tilize(dev, BF16, BFP8, tz);
		test_untilize(dev, BF16, BF16, uz);
		test_untilize(dev, F32, F32, uz);
		test_untilize(dev, BFP8, BF16, uz);
	}
	test_tilize_reduce(dev);

	ttrt_device_close(dev);
	return compute_check_exit("test_compute_ops");
}
