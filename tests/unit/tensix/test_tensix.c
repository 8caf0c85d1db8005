/* SPDX-License-Identifier: Apache-2.0
 *
 * The Tensix coprocessor through its C API (sim_tensix_load/store, the
 * same entry points the harts' MMIO uses): conversions, the face layout,
 * unpack, math, pack, the DST sections, the SFPU and the fault texts.
 * Reduce, broadcast, dest reuse, tilize and untilize are in
 * test_tensix_layout.c.
 * Every expected value is computed here on the host, independently of the
 * code under test: bf16 rounding by its own bit arithmetic, products in
 * double, the lane mapping from reference/noc-and-sfpu.md §3.2.
 */
#include "tensix_harness.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ---- conversions ---------------------------------------------------------- */

static void test_packer_rounding(void)
{
	/* fp32 bits in, the packer's bf16 bits out (nearest, ties away). */
	static const uint32_t cases[][2] = {
		{ 0x3F800000, 0x3F80 }, { 0x3F808000, 0x3F81 },  /* tie 1.0039063 -> up */
		{ 0xBF808000, 0xBF81 }, { 0x3F818000, 0x3F82 },  /* ties go away, odd or even */
		{ 0x3F807FFF, 0x3F80 }, { 0x3F80C000, 0x3F81 },
		{ 0x7F7F7FFF, 0x7F7F }, { 0x7F7F8000, 0x7F80 },  /* largest finite / overflow */
		{ 0x7F7FFFFF, 0x7F80 }, { 0xFF7FFFFF, 0xFF80 },
		{ 0x7F800000, 0x7F80 }, { 0xFF800000, 0xFF80 },  /* +-Inf */
		{ 0x7FC00000, 0x7F80 }, { 0xFFC00001, 0xFF80 },  /* NaN -> Inf of its sign */
		{ 0x7F800001, 0x7F80 },
		{ 0x00000001, 0x0000 }, { 0x807FFFFF, 0x8000 },  /* denormals flushed */
		{ 0x00800000, 0x0080 }, { 0x00000000, 0x0000 }, { 0x80000000, 0x8000 },
	};
	float m[TX_TILE_ELEMS] = { 0 };
	size_t n = sizeof(cases) / sizeof(cases[0]);

	for (size_t c = 0; c < n; c++) {
		CHECK_EQ(tx_bf16_pack(bitsf(cases[c][0])), cases[c][1]);
		m[c] = bitsf(cases[c][0]);   /* row 0 */
	}
	/* The same through the coprocessor: fp32 DST keeps fp32, pack to bf16. */
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	roundtrip(m, F32, BF16);
	for (size_t c = 0; c < n; c++)
		CHECK(get_bf16_bits(OUT, 0, (unsigned)c) == cases[c][1], "pack of 0x%08x: 0x%04x, want 0x%04x",
		      cases[c][0], get_bf16_bits(OUT, 0, (unsigned)c), cases[c][1]);
}

static void test_store_truncation(void)
{
	static const uint32_t cases[][2] = {
		{ 0x3F80FFFF, 0x3F800000 }, { 0xBFFFFFFF, 0xBFFF0000 },   /* toward zero */
		{ 0x7F7FFFFF, 0x7F7F0000 }, { 0x00400000, 0x00000000 },   /* no overflow; denormal */
		{ 0x80000001, 0x80000000 }, { 0x7F800000, 0x7F800000 }, { 0xFF800000, 0xFF800000 },
	};
	size_t n = sizeof(cases) / sizeof(cases[0]);

	for (size_t c = 0; c < n; c++)
		CHECK_EQ(fbits(tx_bf16_trunc(bitsf(cases[c][0]))), cases[c][1]);
	CHECK(isnan(tx_bf16_trunc(NAN)), "NaN stays NaN");
	/* Through SFPSTORE into a 16-bit DST, then packed as Float32. */
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	for (size_t c = 0; c < n; c++) {
		CHECK_EQ(st(M, TT_TX_SFPU_IMM, cases[c][0]), 0);
		CHECK_EQ(st(M, TT_TX_SFPU, TT_TX_SFPU_WORD(TT_TX_SFPU_LOADI, 1, 0, 0, 0, 0)), 0);
		CHECK_EQ(st(M, TT_TX_SFPU_IMM, 2 * (uint32_t)c), 0);   /* rows 0-3, cols c%2 */
		CHECK_EQ(st(M, TT_TX_SFPU, TT_TX_SFPU_WORD(TT_TX_SFPU_STORE, 0, 1, 0, 0, 0)), 0);
		/* dst_reg[c]: lane 0 is row 4*(c/2), column c%2. */
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
		CHECK_EQ(pack(0, OUT, F32), 0);
		CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
		CHECK(fbits(get_f32(OUT, 4 * (unsigned)(c / 2), c % 2)) == cases[c][1],
		      "store of 0x%08x: 0x%08x, want 0x%08x", cases[c][0],
		      fbits(get_f32(OUT, 4 * (unsigned)(c / 2), c % 2)), cases[c][1]);
	}
}

static void test_fp16_bfp8(void)
{
	float m[TX_TILE_ELEMS];

	CHECK_EQ(tx_float_to_fp16(1.0f), 0x3C00);
	CHECK_EQ(tx_float_to_fp16(65504.0f), 0x7BFF);
	CHECK_EQ(tx_float_to_fp16(65520.0f), 0x7C00);       /* rounds over the top */
	CHECK_EQ(tx_float_to_fp16(ldexpf(1, -24)), 0x0001);  /* smallest denormal */
	CHECK_EQ(tx_float_to_fp16(-2.0f), 0xC000);
	CHECK_EQ(tx_float_to_fp16(1.0f + ldexpf(1, -11)), 0x3C00);   /* tie to even */
	CHECK_EQ(tx_float_to_fp16(1.0f + 3 * ldexpf(1, -11)), 0x3C02);
	CHECK(tx_fp16_to_float(0x0001) == ldexpf(1, -24), "fp16 denormal");
	CHECK(tx_fp16_to_float(0xC000) == -2.0f, "fp16 -2");
	/* Bfp8_b round trip of values with 7 significant bits per face row
	 * sharing exponents: exact. */
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		m[i] = (float)((int)(rnd() % 255) - 127) / 64.0f * ((i / 32) % 2 ? 1.0f : 2.0f);
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	put_f32(IN0, m);
	CHECK_EQ(unpack(0, IN0, F32, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	commit_pack_release(0, OUT, BFP8B);
	CHECK_EQ(unpack(0, OUT, BFP8B, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	commit_pack_release(0, IN1, F32);
	int bad = 0;
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++)
			bad += get_f32(IN1, i, j) != m[i * 32 + j];
	CHECK(bad == 0, "%d values changed through Bfp8_b", bad);
}

/* ---- layout, copy, transpose ---------------------------------------------- */

static void test_layout(void)
{
	float m[TX_TILE_ELEMS];
	int bad = 0;

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		m[i] = (float)i;                 /* (i, j) holds 32 i + j */
	config(TT_TX_DST_FP32, TT_TX_SYNC_FULL, 4);
	roundtrip(m, F32, F32);
	/* Element (i, j) at the face offset, checked on raw bytes. */
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++) {
			unsigned face = 2 * (i / 16) + j / 16;
			float f;
			memcpy(&f, l1 + OUT + 4 * (256 * face + 16 * (i % 16) + j % 16), 4);
			bad += f != (float)(32 * i + j);
		}
	CHECK(bad == 0, "%d elements of the copy misplaced", bad);
	/* Transposed unpack: (i, j) <- (j, i). */
	put_f32(IN0, m);
	CHECK_EQ(unpack(0, IN0, F32, TT_TX_UNPACK_TRANSPOSE), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	commit_pack_release(0, OUT, F32);
	bad = 0;
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++)
			bad += get_f32(OUT, i, j) != (float)(32 * j + i);
	CHECK(bad == 0, "%d elements of the transpose wrong", bad);
}

static void test_copy_precision(void)
{
	float m[TX_TILE_ELEMS];
	int bad = 0;

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		m[i] = bitsf((rnd() & 0x3FFFFFFFu) | 0x30000000u);   /* full fp32 mantissas */
	/* fp32 into an fp32 DST: whole (unpack to dest). */
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	roundtrip(m, F32, F32);
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		bad += fbits(get_f32(OUT, i / 32, i % 32)) != fbits(m[i]);
	CHECK(bad == 0, "%d fp32 values not kept whole", bad);
	/* fp32 into an fp32 DST through SrcA (not unpacked to DST): TF32. */
	roundtrip_flags(m, F32, F32, 0);
	bad = 0;
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		bad += fbits(get_f32(OUT, i / 32, i % 32)) != (fbits(m[i]) & ~0x1FFFu);
	CHECK(bad == 0, "%d fp32 values not truncated to TF32", bad);
	/* fp32 into a 16-bit DST: truncated to bf16. */
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	roundtrip(m, F32, F32);
	bad = 0;
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		bad += fbits(get_f32(OUT, i / 32, i % 32)) != (fbits(m[i]) & 0xFFFF0000u);
	CHECK(bad == 0, "%d values not truncated to bf16", bad);
	/* bf16 through a 16-bit DST: unchanged. */
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		m[i] = rnd_bf16(100);
	roundtrip(m, BF16, BF16);
	bad = 0;
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		bad += get_bf16(OUT, i / 32, i % 32) != m[i];
	CHECK(bad == 0, "%d bf16 values changed by a copy", bad);
}

/* ---- eltwise ---------------------------------------------------------------- */

/* The multiplier's fidelity phases, from the table of reference §3.6. */
static float ref_fid_mul(float a, float b, int fid)
{
	double ah = bitsf(fbits(a) & 0xFFF80000u), bh = bitsf(fbits(b) & 0xFFFE0000u);
	double al = a - ah, bl = b - bh, p = ah * bh;

	if (fid == 4)
		return (float)((double)a * b);
	if (fid >= 2)
		p += al * bh;
	if (fid >= 3)
		p += ah * bl;
	return (float)p;
}

/* a op b (tiles in fmt, Float32 or Float16_b) into DST idx, packed to OUT. */
static void eltwise_tiles(const float *a, const float *b, uint32_t fmt, uint32_t op, uint32_t idx,
			  uint32_t out_fmt)
{
	if (fmt == F32) {
		put_f32(IN0, a);
		put_f32(IN1, b);
	} else {
		put_bf16(IN0, a);
		put_bf16(IN1, b);
	}
	CHECK_EQ(unpack(0, IN0, fmt, 0), 0);
	CHECK_EQ(unpack(1, IN1, fmt, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_ELTWISE, idx, op, 0), 0);
	commit_pack_release(idx, OUT, out_fmt);
}

static void test_eltwise(void)
{
	static const char *const names[] = { "add", "sub", "mul" };
	float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS];

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		a[i] = rnd_bf16(8);
		b[i] = rnd_bf16(8);
	}
	for (uint32_t op = TT_TX_ELT_ADD; op <= TT_TX_ELT_MUL; op++) {
		int fids[] = { 4, 2, 0 }, nf = op == TT_TX_ELT_MUL ? 3 : 1;
		for (int f = 0; f < nf; f++) {
			int bad = 0;
			config(TT_TX_DST_16B, TT_TX_SYNC_HALF, (uint32_t)fids[f]);
			eltwise_tiles(a, b, BF16, op, 3, BF16);
			for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
				double r = op == TT_TX_ELT_ADD ? (double)a[i] + b[i] :
					   op == TT_TX_ELT_SUB ? (double)a[i] - b[i] :
					   ref_fid_mul(a[i], b[i], fids[f]);
				float want = ref_rne((float)r);
				if (get_bf16(OUT, i / 32, i % 32) != want && bad++ < 3)
					fprintf(stderr, "%s fid %d [%u]: %g %g -> %g, want %g\n",
						names[op], fids[f], i, a[i], b[i],
						get_bf16(OUT, i / 32, i % 32), want);
			}
			CHECK(bad == 0, "%s (fidelity %d): %d wrong", names[op], fids[f], bad);
		}
	}
	/* LoFi really drops bits: 1.9921875 * 1.9921875 is not exact. */
	CHECK(tx_fidelity_mul(1.9921875f, 1.9921875f, 0) != 1.9921875f * 1.9921875f, "LoFi");
	/* Accumulate: DST += A + B over a tile already holding A + B. */
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	for (int k = 0; k < 2; k++) {
		CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
		CHECK_EQ(unpack(1, IN1, BF16, 0), 0);
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_ELTWISE, 0, TT_TX_ELT_ADD, TT_TX_MATH_ACC), 0);
	}
	commit_pack_release(0, OUT, F32);
	int bad = 0;
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		bad += get_f32(OUT, i / 32, i % 32) != 2 * (a[i] + b[i]);
	CHECK(bad == 0, "accumulated add: %d wrong", bad);
}

/* ---- matmul ------------------------------------------------------------------- */

/* Float32 operands of eltwise add: SrcA/SrcB hold them as TF32 with an
 * fp32 DST (fp32_dest_acc_en), as bf16 (truncated) with a 16-bit one,
 * the formats tt-metal's JIT gives the source registers. */
static void test_fp32_operands(void)
{
	float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS];
	int bad16 = 0, bad32 = 0;

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		a[i] = bitsf((rnd() & 0xBFFFFFFFu) | 0x20000000u);   /* full mantissas, normal */
		b[i] = bitsf((rnd() & 0xBFFFFFFFu) | 0x20000000u);
	}
	for (int fp32 = 0; fp32 < 2; fp32++) {
		config(fp32 ? TT_TX_DST_FP32 : TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
		eltwise_tiles(a, b, F32, TT_TX_ELT_ADD, 0, F32);
		for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
			uint32_t keep = fp32 ? ~0x1FFFu : 0xFFFF0000u;
			float sum = bitsf(fbits(a[i]) & keep) + bitsf(fbits(b[i]) & keep);
			float got = get_f32(OUT, i / 32, i % 32);

			if (fp32)
				bad32 += fbits(got) != fbits(sum);
			else
				bad16 += fbits(got) != fbits(ref_rne(sum));
		}
	}
	CHECK(bad16 == 0, "16-bit DST: %d sums not of bf16-truncated operands", bad16);
	CHECK(bad32 == 0, "fp32 DST: %d sums not of TF32 operands", bad32);
}

static void test_matmul(void)
{
	enum { K = 3 };
	static float a[K][TX_TILE_ELEMS], b[K][TX_TILE_ELEMS];
	double ref[TX_TILE_ELEMS] = { 0 }, mag[TX_TILE_ELEMS] = { 0 }, worst32 = 0, worst16 = 0;

	for (int t = 0; t < K; t++)
		for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
			a[t][i] = rnd_bf16(1);
			b[t][i] = rnd_bf16(1);
		}
	/* matmul_tiles(in0 = a, in1 = b): DST += a x b; a goes to SrcB. */
	for (int t = 0; t < K; t++)
		for (unsigned i = 0; i < 32; i++)
			for (unsigned j = 0; j < 32; j++)
				for (unsigned k = 0; k < 32; k++) {
					double p = (double)a[t][i * 32 + k] * b[t][k * 32 + j];
					ref[i * 32 + j] += p;
					mag[i * 32 + j] += fabs(p);
				}
	for (int mode = 0; mode < 2; mode++) {
		config(mode ? TT_TX_DST_16B : TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
		for (int t = 0; t < K; t++) {
			put_bf16(IN0, a[t]);
			put_bf16(IN1, b[t]);
			CHECK_EQ(unpack(1, IN0, BF16, 0), 0);   /* in0 -> SrcB */
			CHECK_EQ(unpack(0, IN1, BF16, 0), 0);   /* in1 -> SrcA */
			CHECK_EQ(CMD(M, TT_TX_OP_MATH_MATMUL, 1), 0);
		}
		commit_pack_release(1, OUT, F32);
		for (unsigned i = 0; i < 32; i++)
			for (unsigned j = 0; j < 32; j++) {
				double e = fabs(get_f32(OUT, i, j) - ref[i * 32 + j]) / (mag[i * 32 + j] + 1e-30);
				if (mode)
					worst16 = e > worst16 ? e : worst16;
				else
					worst32 = e > worst32 ? e : worst32;
			}
	}
	/* fp32 DST: fp32 sums of exact products, error < 32*K ulps of the
	 * magnitude sum. 16-bit DST: K roundings to bf16 (2^-9 each). */
	CHECK(worst32 < 96 * ldexp(1, -24), "fp32 DST matmul relative error %g", worst32);
	CHECK(worst16 < K * ldexp(1, -8), "16-bit DST matmul relative error %g", worst16);
	CHECK(worst16 > 0, "16-bit DST rounds");
}

/* ---- DST sections ------------------------------------------------------------ */

static void test_sections(void)
{
	float a[TX_TILE_ELEMS];
	uint32_t status;

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		a[i] = rnd_bf16(2);
	put_bf16(IN0, a);
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	status = ld(M, TT_TX_DST_STATUS);
	CHECK_EQ(status, 8u << 16);
	CHECK_EQ(ld(M, TT_TX_SEM_MAX(TT_TX_SEM_MATH_PACK)), 2);
	/* Math fills section 0, commits; moves to section 1. */
	CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
	CHECK_EQ(ld(U, TT_TX_SRC_STATUS), 1);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 7), 0);
	CHECK_EQ(ld(M, TT_TX_SRC_STATUS), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(ld(P, TT_TX_SEM(TT_TX_SEM_MATH_PACK)), 1);
	CHECK_EQ(ld(P, TT_TX_DST_STATUS), (8u << 16) | 1);
	/* Math's section 1 tile 7 is not pack's: pack sees section 0. */
	CHECK_EQ(unpack(0, IN0, BF16, TT_TX_UNPACK_TRANSPOSE), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 7), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(ld(P, TT_TX_SEM(TT_TX_SEM_MATH_PACK)), 2);
	/* Both sections committed: math may not write or commit. */
	CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), -1);
	CHECK(strcmp(fault, "math: DST write without tile_regs_acquire (2 of 2 sections committed, "
		     "none released by pack)") == 0, "fault '%s'", fault);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), -1);
	CHECK_EQ(pack(7, OUT, BF16), 0);
	CHECK(get_bf16(OUT, 3, 5) == a[3 * 32 + 5], "section 0 tile 7");
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	CHECK_EQ(ld(P, TT_TX_DST_STATUS), (8u << 16) | (1u << 8));
	CHECK_EQ(pack(7, OUT, BF16), 0);
	CHECK(get_bf16(OUT, 3, 5) == a[5 * 32 + 3], "section 1 tile 7 (transposed)");
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	/* Released sections are zero: math (back on section 0) commits tile 7
	 * untouched, pack reads zeros. */
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 1), 0);   /* the SrcA left over */
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(pack(7, OUT, BF16), 0);
	int nonzero = 0;
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++)
			nonzero += get_bf16_bits(OUT, i, j) != 0;
	CHECK(nonzero == 0, "%d elements left after release", nonzero);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	/* Out of range, and pack without wait. */
	CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 8), -1);
	CHECK(strcmp(fault, "math: DST index 8 out of range (8 tiles per section: SyncHalf, "
		     "16-bit DST)") == 0, "fault '%s'", fault);
	CHECK_EQ(pack(0, OUT, BF16), -1);
	CHECK(strcmp(fault, "pack: pack_tile without tile_regs_wait (no DST section committed by "
		     "math), CB 16") == 0, "fault '%s'", fault);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), -1);
	/* fp32 SyncFull: 8 tiles in one section. */
	config(TT_TX_DST_FP32, TT_TX_SYNC_FULL, 4);
	CHECK_EQ(ld(M, TT_TX_DST_STATUS), 8u << 16);
	CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 8), -1);
	CHECK(strstr(fault, "(8 tiles per section: SyncFull, fp32 DST)"), "fault '%s'", fault);
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(ld(M, TT_TX_DST_STATUS), 4u << 16);
}

/* ---- SFPU ------------------------------------------------------------------ */

static int sfpu(uint32_t op, uint32_t vd, uint32_t va, uint32_t vb, uint32_t vc, uint32_t mod)
{
	return st(M, TT_TX_SFPU, TT_TX_SFPU_WORD(op, vd, va, vb, vc, mod));
}

static int sfpu_imm(uint32_t op, uint32_t vd, uint32_t va, uint32_t mod, uint32_t imm)
{
	CHECK_EQ(st(M, TT_TX_SFPU_IMM, imm), 0);
	return sfpu(op, vd, va, 0, 0, mod);
}

static uint32_t reg_lane(unsigned r, unsigned l)
{
	return tx->sfpu.r[r][l];
}

/* dst_reg[k] of tile t, lane L: tile element from reference §3.2. */
static void lane_elem(unsigned k, unsigned l, unsigned *i, unsigned *j)
{
	unsigned face = (k % 32) / 8, t = k % 8;

	*i = 16 * (face / 2) + 4 * (t / 2) + l / 8;
	*j = 16 * (face % 2) + 2 * (l % 8) + (t % 2);
}

/* ---- integer formats -------------------------------------------------------- */

#define INT32 8u
#define UINT16 9u
#define UINT32 24u

/* Int32, UInt32 and UInt16 tiles move as bits: unpack, datacopy, pack;
 * the SFPU's LO16 loads and stores; 32-bit integers need an fp32 DST. */
static void test_int_formats(void)
{
	static const uint32_t odd[] = { 0x7F800001u, 0xFFC00000u, 0x00000001u, 0x80000000u,
					0x7FFFFFFFu, 0xFFFFFFFFu };
	uint32_t w[TX_TILE_ELEMS];
	uint16_t h[TX_TILE_ELEMS];
	int bad = 0;

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		w[i] = i < 6 ? odd[i] : rnd() ^ rnd() << 16;
		h[i] = (uint16_t)rnd();
	}
	for (int fmt = 0; fmt < 2; fmt++) {
		config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
		memcpy(l1 + IN0, w, sizeof(w));
		CHECK_EQ(unpack(0, IN0, fmt ? UINT32 : INT32, 0), 0);
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
		commit_pack_release(0, OUT, fmt ? UINT32 : INT32);
		CHECK(memcmp(l1 + OUT, w, sizeof(w)) == 0, "%s through DST is not bit exact",
		      fmt ? "UInt32" : "Int32");
	}
	for (int fp32 = 0; fp32 < 2; fp32++) {
		config(fp32 ? TT_TX_DST_FP32 : TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
		memcpy(l1 + IN0, h, sizeof(h));
		CHECK_EQ(unpack(0, IN0, UINT16, 0), 0);
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
		/* dst_reg[k] as LO16: the values zero-extended; then k + 0x10000
		 * stored as LO16 into dst_reg[k] of tile 1 keeps k. */
		for (unsigned k = 0; k < 32; k++) {
			CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOAD, 1, 0, TT_TX_SFPU_FMT_LO16, 2 * k), 0);
			for (unsigned l = 0; l < 32; l++) {
				unsigned i, j;
				lane_elem(k, l, &i, &j);
				bad += reg_lane(1, l) != h[face_off(i, j)];
			}
			CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 2, 0, 0, 0x10000u + k), 0);
			CHECK_EQ(sfpu_imm(TT_TX_SFPU_STORE, 0, 2, TT_TX_SFPU_FMT_LO16, 64 + 2 * k), 0);
		}
		CHECK(bad == 0, "%d LO16 lanes wrong (%s DST)", bad, fp32 ? "fp32" : "16-bit");
		CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
		CHECK_EQ(pack(0, OUT, UINT16), 0);
		CHECK(memcmp(l1 + OUT, h, sizeof(h)) == 0, "UInt16 through a %s DST is not bit exact",
		      fp32 ? "fp32" : "16-bit");
		CHECK_EQ(pack(1, OUT, UINT16), 0);
		for (unsigned k = 0; k < 32; k++) {
			unsigned i, j;
			uint16_t v;
			lane_elem(k, 5, &i, &j);
			memcpy(&v, l1 + OUT + 2 * face_off(i, j), 2);
			CHECK_EQ(v, k);
		}
		CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	}
	/* 32-bit integers and a 16-bit DST. */
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(unpack(0, IN0, INT32, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), -1);
	CHECK(strcmp(fault, "math: Int32 data needs an fp32 DST (fp32_dest_acc_en), not a 16-bit one") == 0,
	      "'%s'", fault);
	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(pack(0, OUT, UINT32), -1);
	CHECK(strcmp(fault, "pack: UInt32 data needs an fp32 DST (fp32_dest_acc_en), not a 16-bit one, CB 16") == 0,
	      "'%s'", fault);
}

static void test_sfpu_mapping(void)
{
	float m[TX_TILE_ELEMS];
	int bad = 0;

	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		m[i] = (float)i;
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	put_f32(IN0, m);
	CHECK_EQ(unpack(0, IN0, F32, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 1), 0);
	/* Loads of tile 1 through IMM and through RWC (dst_reg++). */
	for (int rwc = 0; rwc < 2; rwc++)
		for (unsigned k = 0; k < 32; k++) {
			CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOAD, 2, 0, TT_TX_SFPU_FMT_FLOAT,
					  rwc ? 64 : 64 + 2 * k), 0);
			if (rwc)
				CHECK_EQ(sfpu_imm(TT_TX_SFPU_INCRWC, 0, 0, 0, 2), 0);
			for (unsigned l = 0; l < 32; l++) {
				unsigned i, j;
				lane_elem(k, l, &i, &j);
				bad += bitsf(reg_lane(2, l)) != (float)(32 * i + j);
			}
		}
	CHECK(bad == 0, "%d lanes mapped wrong", bad);
	/* A lane-dependent store: lane L of dst_reg[k] of tile 0 = 100 k + L. */
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);   /* RWC back to 0 */
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);   /* math back on section 0 */
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
	for (unsigned k = 0; k < 32; k++) {
		for (unsigned l = 0; l < 32; l++)
			tx->sfpu.r[4][l] = fbits((float)(100 * k + l));
		CHECK_EQ(sfpu_imm(TT_TX_SFPU_STORE, 0, 4, TT_TX_SFPU_FMT_FLOAT, 2 * k), 0);
	}
	commit_pack_release(0, OUT, F32);
	bad = 0;
	for (unsigned k = 0; k < 32; k++)
		for (unsigned l = 0; l < 32; l++) {
			unsigned i, j;
			lane_elem(k, l, &i, &j);
			bad += get_f32(OUT, i, j) != (float)(100 * k + l);
		}
	CHECK(bad == 0, "%d stored lanes misplaced", bad);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOAD, 0, 0, 0, 4 * 64), -1);
	CHECK(strstr(fault, "sfpu: load of DST row 256") && strstr(fault, "4 tiles per section"),
	      "fault '%s'", fault);
}

/* v_if (x < 0) { a } v_elseif (x == 0) { b } v_else { v_if (x > 4) { c } v_else { d }
 * v_endif } v_endif, with x = lane - 8 in register 0; each branch writes
 * its own constant into register 1. */
static void test_sfpu_flags(void)
{
	const uint32_t A = 1, B = 2, C = 3, D = 4;
	int bad = 0;

	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	for (unsigned l = 0; l < 32; l++) {
		tx->sfpu.r[0][l] = fbits((float)l - 8.0f);
		tx->sfpu.r[1][l] = 0;
	}
	/* v_if(x < 0) */
	CHECK_EQ(sfpu(TT_TX_SFPU_PUSHC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_ENCC, 0, 0, 0, 0, 1), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_SETCC, 0, 0, 0, 0, TT_TX_CC_LT0), 0);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 1, 0, 0, A), 0);
	/* v_elseif(x == 0) */
	CHECK_EQ(sfpu(TT_TX_SFPU_COMPC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_PUSHC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_ENCC, 0, 0, 0, 0, 1), 0);   /* already on: no change */
	CHECK_EQ(sfpu(TT_TX_SFPU_SETCC, 0, 0, 0, 0, TT_TX_CC_EQ0), 0);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 1, 0, 0, B), 0);
	/* v_else */
	CHECK_EQ(sfpu(TT_TX_SFPU_COMPC, 0, 0, 0, 0, 0), 0);
	/*   v_if(x - 4 > 0), x - 4 computed as int on the float bits' lanes */
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 5, 0, 0, fbits(-4.0f)), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_FADD, 6, 0, 5, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_PUSHC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_ENCC, 0, 0, 0, 0, 1), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_SETCC, 0, 6, 0, 0, TT_TX_CC_GT0), 0);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 1, 0, 0, C), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_COMPC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 1, 0, 0, D), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_POPC, 0, 0, 0, 0, 0), 0);
	/* v_endif of the outer chain: one pop per push */
	CHECK_EQ(sfpu(TT_TX_SFPU_POPC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_POPC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(tx->sfpu.depth, 0);
	CHECK_EQ(tx->sfpu.on, 0);
	for (unsigned l = 0; l < 32; l++) {
		int x = (int)l - 8;
		uint32_t want = x < 0 ? A : x == 0 ? B : x > 4 ? C : D;
		bad += reg_lane(1, l) != want;
	}
	CHECK(bad == 0, "%d lanes took the wrong branch", bad);
	/* After v_endif every lane is enabled again. */
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_LOADI, 1, 0, 0, 9), 0);
	bad = 0;
	for (unsigned l = 0; l < 32; l++)
		bad += reg_lane(1, l) != 9;
	CHECK(bad == 0, "lanes disabled after v_endif");
	CHECK_EQ(sfpu(TT_TX_SFPU_POPC, 0, 0, 0, 0, 0), -1);
	CHECK(strstr(fault, "stack underflow"), "fault '%s'", fault);
	for (unsigned d = 0; d < TT_TX_SFPU_STACK; d++)
		CHECK_EQ(sfpu(TT_TX_SFPU_PUSHC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_PUSHC, 0, 0, 0, 0, 0), -1);
}

/* FUNC is only the sign instructions (exp and the rest are SDK code);
 * with the integer and field ops. */
static void test_sfpu_funcs(void)
{
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	for (unsigned l = 0; l < 32; l++)
		tx->sfpu.r[0][l] = fbits((float)l - 16.0f + 0.5f);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_FUNC, 1, 0, TT_TX_FN_ABS, 0), 0);
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_FUNC, 4, 0, TT_TX_FN_NEG, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_CAST, 6, 0, 0, 0, TT_TX_CAST_F2I_RNE), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_CAST, 7, 0, 0, 0, TT_TX_CAST_F2I), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_EXEXP, 8, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_FMAD, 9, 0, 0, 0, 0), 0);   /* x * x + x */
	int bad = 0;
	for (unsigned l = 0; l < 32; l++) {
		double x = (double)l - 15.5;
		bad += bitsf(reg_lane(1, l)) != fabs(x);
		bad += bitsf(reg_lane(4, l)) != -x;
		bad += (int32_t)reg_lane(6, l) != (int32_t)nearbyint(x);
		bad += (int32_t)reg_lane(7, l) != (int32_t)trunc(x);
		bad += (int32_t)reg_lane(8, l) != ilogb(x);
		bad += bitsf(reg_lane(9, l)) != (float)(x * x + x);
	}
	CHECK(bad == 0, "%d lanes wrong among abs/neg/casts/exexp/fmad", bad);
	/* exp (once function 0) is not the model's: an unknown function faults. */
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_FUNC, 5, 0, 0, 0), -1);
}

/* The lanes' PRNGs, against tt-isa-documentation's AdvancePRNG (VectorUnit.md,
 * "PRNG"): State = (~popcount(State & 0x80200003) << 31) | (State >> 1). */
static uint32_t doc_prng_step(uint32_t s)
{
	uint32_t taps = (uint32_t)__builtin_popcount(s & 0x80200003u);

	return (~taps << 31) | (s >> 1);
}

static void test_sfpu_prng(void)
{
	uint32_t lane[32], seed = 0x1234abcdu;
	int bad = 0;

	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	/* The seed register's spread: 32 steps, then two a lane from lane 31 down. */
	for (unsigned i = 0; i < 32; i++)
		seed = doc_prng_step(seed);
	for (unsigned l = 32; l-- > 0;) {
		seed = doc_prng_step(doc_prng_step(seed));
		lane[l] = seed;
	}
	CHECK_EQ(sfpu_imm(TT_TX_SFPU_SEED, 0, 0, 0, 0x1234abcdu), 0);
	for (unsigned n = 0; n < 40; n++) {
		CHECK_EQ(sfpu(TT_TX_SFPU_RAND, 3, 0, 0, 0, 0), 0);
		for (unsigned l = 0; l < 32; l++) {
			bad += reg_lane(3, l) != lane[l];
			lane[l] = doc_prng_step(lane[l]);
		}
	}
	CHECK(bad == 0, "%d lane values differ from the documented LFSR", bad);
	/* Disabled lanes neither read nor step: v_if (lane < 8) { rand } v_endif. */
	for (unsigned l = 0; l < 32; l++) {
		tx->sfpu.r[0][l] = fbits((float)l - 8.0f);
		tx->sfpu.r[4][l] = 7;
	}
	CHECK_EQ(sfpu(TT_TX_SFPU_PUSHC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_ENCC, 0, 0, 0, 0, 1), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_SETCC, 0, 0, 0, 0, TT_TX_CC_LT0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_RAND, 4, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_POPC, 0, 0, 0, 0, 0), 0);
	CHECK_EQ(sfpu(TT_TX_SFPU_RAND, 5, 0, 0, 0, 0), 0);
	bad = 0;
	for (unsigned l = 0; l < 32; l++) {
		bad += reg_lane(4, l) != (l < 8 ? lane[l] : 7u);
		if (l < 8)
			lane[l] = doc_prng_step(lane[l]);
		bad += reg_lane(5, l) != lane[l];
	}
	CHECK(bad == 0, "%d lanes wrong with lanes disabled", bad);
	/* RESET clears them. */
	CHECK_EQ(st(P, TT_TX_RESET, 1), 0);
	config(TT_TX_DST_FP32, TT_TX_SYNC_HALF, 4);
	CHECK_EQ(sfpu(TT_TX_SFPU_RAND, 3, 0, 0, 0, 0), 0);
	CHECK_EQ(reg_lane(3, 0), 0);
	CHECK_EQ(reg_lane(3, 31), 0);
}

/* ---- errors and access rules ------------------------------------------------- */

static void test_errors(void)
{
	const char call[] = "cb_wait_front";

	config(TT_TX_DST_16B, TT_TX_SYNC_HALF, 4);
	memcpy(l1 + 0x100, call, sizeof(call));
	CHECK_EQ(CMD(U, TT_TX_OP_ERROR, TT_TX_ERR_CB_UNCONFIGURED, 3, 0, 0, 0x100), -1);
	CHECK(strcmp(fault, "unpack: CB 3 was never configured (cb_wait_front)") == 0, "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_ERROR, TT_TX_ERR_CB_TOO_SMALL, 0, 4, 2, 0x100), -1);
	CHECK(strcmp(fault, "unpack: cb_wait_front(cb 0, 4 pages): CB 0 holds only 2 pages") == 0,
	      "'%s'", fault);
	CHECK_EQ(CMD(M, TT_TX_OP_ERROR, TT_TX_ERR_DST_INDEX, TT_TX_NO_CB, 9, 8, 0), -1);
	CHECK(strcmp(fault, "math: DST index 9 out of range (8 tiles per section: SyncHalf, 16-bit DST)") == 0,
	      "'%s'", fault);
	CHECK_EQ(CMD(P, TT_TX_OP_ERROR, TT_TX_ERR_DST_INDEX, 16, 9, 8, 0), -1);
	CHECK(strcmp(fault, "pack: DST index 9 out of range (8 tiles per section: SyncHalf, 16-bit DST), "
		      "CB 16") == 0, "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_A, IN0, 7, 0, 1, 576, 0), -1);
	CHECK(strcmp(fault, "unpack: unsupported data format Bfp4_b (7) in CB 1") == 0, "'%s'", fault);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK, 0, OUT, 99, 17, 4096, 0), -1);
	CHECK(strcmp(fault, "pack: unsupported data format unknown (99) in CB 17") == 0, "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_UNPACK_A, IN0, BF16, 0, 2, 1024, 0), -1);
	CHECK(strstr(fault, "CB 2 pages of 1024 bytes are smaller than a Float16_b tile"), "'%s'", fault);
	/* Each command on its own thread. */
	CHECK_EQ(CMD(M, TT_TX_OP_UNPACK_A, IN0, BF16, 0, 0, 2048), -1);
	CHECK(strcmp(fault, "unpack: command 16 issued by trisc1 (math); only trisc0 (unpack) may") == 0,
	      "'%s'", fault);
	CHECK_EQ(CMD(U, TT_TX_OP_MATH_COPY, 0), -1);
	CHECK_EQ(st(U, TT_TX_SFPU, 0), -1);
	CHECK(strstr(fault, "only trisc1 (math) drives the SFPU"), "'%s'", fault);
	/* BRISC and NCRISC: no command window, but RESET. */
	CHECK_EQ(st(0, TT_TX_ARG(0), 1), -1);
	CHECK(strstr(fault, "brisc wrote 0xffe40000: only the TRISCs"), "'%s'", fault);
	CHECK_EQ(st(1, TT_TX_RESET, 1), 0);
	/* Math with nothing unpacked, unpack with the queue full. */
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), -1);
	CHECK(strstr(fault, "math: SrcA empty"), "'%s'", fault);
	CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
	CHECK_EQ(unpack(0, IN0, BF16, 0), 0);
	CHECK_EQ(ld(U, TT_TX_SRC_STATUS), 2);
	CHECK_EQ(unpack(0, IN0, BF16, 0), -1);
	CHECK(strstr(fault, "unpack: SrcA full (2 tiles"), "'%s'", fault);
	CHECK_EQ(unpack(1, IN0, BF16, 0), 0);
	CHECK_EQ(ld(U, TT_TX_SRC_STATUS), 0x102);
	CHECK_EQ(CMD(U, 99, 0), -1);
	CHECK(strcmp(fault, "unpack: unknown command 99") == 0, "'%s'", fault);
	/* Semaphores: odd GET, even POST, clamped; SEMINIT sets the max. */
	CHECK_EQ(CMD(U, TT_TX_OP_SEMINIT, 5, 1, 3), 0);
	CHECK_EQ(ld(U, TT_TX_SEM(5)), 1);
	CHECK_EQ(ld(0 + U, TT_TX_SEM_MAX(5)), 3);
	CHECK_EQ(st(0, TT_TX_SEM(5), 0), 0);
	CHECK_EQ(ld(U, TT_TX_SEM(5)), 2);
	CHECK_EQ(st(0, TT_TX_SEM(5), 1), 0);
	CHECK_EQ(st(0, TT_TX_SEM(5), 1), 0);
	CHECK_EQ(st(0, TT_TX_SEM(5), 1), 0);
	CHECK_EQ(ld(U, TT_TX_SEM(5)), 0);
	/* The host reads but never writes. */
	uint32_t v = 0;
	CHECK_EQ(sim_tensix_load(tx, -1, TT_TX_SRC_STATUS, &v, NULL, 0), 0);
	CHECK_EQ(v, 0x102);
	CHECK_EQ(sim_tensix_store(tx, -1, TT_TX_RESET, 1, NULL, 0), -1);
	/* RESET: queues empty, semaphores back. */
	CHECK_EQ(st(P, TT_TX_RESET, 1), 0);
	CHECK_EQ(ld(U, TT_TX_SRC_STATUS), 0);
	CHECK_EQ(ld(U, TT_TX_SEM_MAX(5)), 15);
}

int main(void)
{
	tensix_open();
	test_packer_rounding();
	test_store_truncation();
	test_fp16_bfp8();
	test_layout();
	test_copy_precision();
	test_eltwise();
	test_fp32_operands();
	test_matmul();
	test_sections();
	test_sfpu_mapping();
	test_sfpu_flags();
	test_sfpu_funcs();
	test_sfpu_prng();
	test_int_formats();
	test_errors();
	tensix_close();
	return check_exit("test_tensix");
}
