/* SPDX-License-Identifier: Apache-2.0
 *
 * The math unit (TRISC1): datacopy, eltwise add/sub/mul (also with SrcB
 * broadcast, or with one operand taken from DST), matmul and reduce, from
 * SrcA/SrcB into a DST tile of math's section. Results are
 * computed in fp32; a 16-bit DST keeps them rounded to bf16 (nearest
 * even). Multiplies follow the math fidelity (reference §3.6); operands
 * unpacked from fp32 are truncated to TF32 first, or to bf16 without an
 * fp32 DST (§3.5).
 *
 * The matmul is the benchmark: plain float rows, i-k-j order, 8-wide
 * vectors the compiler maps to SSE or AVX2 (no FMA, so every host gets
 * the same numbers).
 */
#include "tensix.h"
#include "formats.h"

#include <math.h>
#include <string.h>

#define N TX_TILE_DIM
#define FID_A_HI 0xFFF80000u   /* implicit 1 + top 4 mantissa bits of SrcA */
#define FID_B_HI 0xFFFE0000u   /* implicit 1 + top 6 mantissa bits of SrcB */
#define MATMUL_SRCA_MASK ~0x2000u   /* matmul ignores SrcA's lowest TF32 bit */

typedef float v8f __attribute__((vector_size(32)));

static float hi_part(float x, uint32_t mask)
{
	return tx_float(tx_bits(x) & mask);
}

float tx_fidelity_mul(float a, float b, unsigned fidelity)
{
	float ah, bh, p;

	if (fidelity >= 4 || !isfinite(a) || !isfinite(b))
		return a * b;
	ah = hi_part(a, FID_A_HI);
	bh = hi_part(b, FID_B_HI);
	p = ah * bh;                                 /* phase 0 */
	if (fidelity >= 2)
		p += (a - ah) * bh;                  /* phase 1 */
	if (fidelity >= 3)
		p += ah * (b - bh);                  /* phase 2 */
	return p;
}

/* A Float32 value as a source register holds it: TF32 with an fp32 DST,
 * bf16 (truncated, denormals to 0) with a 16-bit one. tt-metal's JIT
 * picks SrcA/SrcB's format so: Tf32 only with fp32_dest_acc_en, else
 * Float16_b (reference §3.5). */
static float src_fp32(const struct sim_tensix *tx, float v)
{
	return tx->dst_mode == TT_TX_DST_FP32 ? tx_tf32_trunc(v) : tx_bf16_trunc(v);
}

/* An operand's values as math uses them. */
static void operand(const struct sim_tensix *tx, const struct tx_src *s, float *out, uint32_t mask)
{
	if (!s->fp32 && mask == ~0u) {
		memcpy(out, s->v, sizeof(s->v));
		return;
	}
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		out[i] = tx_float(tx_bits(s->fp32 ? src_fp32(tx, s->v[i]) : s->v[i]) & mask);
}

static void mark_written(struct sim_tensix *tx, const float *d)
{
	tx->dst_written |= 1u << ((d - tx->dst[0]) / TX_TILE_ELEMS);
}

static int dst_written(const struct sim_tensix *tx, const float *d)
{
	return !!(tx->dst_written & (1u << ((d - tx->dst[0]) / TX_TILE_ELEMS)));
}

/* The two source registers (SrcA's values through a_mask) into a and b,
 * and the DST tile of the command's first argument: NULL, with the
 * failure set, when a source is empty or the index is bad. */
static float *binary_operands(struct sim_tensix *tx, float *a, uint32_t a_mask, float *b)
{
	struct tx_src *sa = tx_src_front(tx, 0, "math");
	struct tx_src *sb = sa ? tx_src_front(tx, 1, "math") : NULL;
	float *d = sb ? tx_dst_math_tile(tx, tx_arg(tx, 0), "math") : NULL;

	if (d) {
		operand(tx, sa, a, a_mask);
		operand(tx, sb, b, ~0u);
	}
	return d;
}

/* A binary operation's result is in d: store it as DST's format holds it
 * and free both sources. */
static void binary_done(struct sim_tensix *tx, float *d)
{
	tx_dst_store(tx, d, TX_TILE_ELEMS);
	mark_written(tx, d);
	tx_src_pop(tx, 0);
	tx_src_pop(tx, 1);
}

/* Integer data into DST as bits: whole into an fp32 DST; a 16-bit DST
 * holds a UInt16 in its 16 bits, and has no room for 32-bit integers. */
static int copy_int(struct sim_tensix *tx, uint32_t fmt, const float *v, float *d)
{
	char name[16];

	if (tx->dst_mode == TT_TX_DST_FP32) {
		memcpy(d, v, TX_TILE_ELEMS * sizeof(*v));
		return 0;
	}
	if (fmt != TX_FMT_UINT16)
		return tx_fail(tx, "math: %s data needs an fp32 DST (fp32_dest_acc_en), not a 16-bit "
			       "one", tx_format_name(fmt, name, sizeof(name)));
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		d[i] = tx_float(tx_bits(v[i]) << 16);
	return 0;
}

/* d = the values of source s (through v, s's values or a broadcast of
 * them) as a datacopy puts them into DST; -1 after tx_fail. */
static int copy_into(struct sim_tensix *tx, float *d, const struct tx_src *s, const float *v)
{
	int fp32_dst = tx->dst_mode == TT_TX_DST_FP32;

	if (tx_format_is_int(s->fmt))
		return copy_int(tx, s->fmt, v, d);
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		/* fp32 data: whole into an fp32 DST by unpack-to-dest, else
		 * as the source register holds it (TF32, or bf16 with a
		 * 16-bit DST). */
		if (s->fp32)
			d[i] = s->to_dest && fp32_dst ? v[i] : src_fp32(tx, v[i]);
		else
			d[i] = fp32_dst ? v[i] : tx_bf16_rne(v[i]);
	}
	return 0;
}

int tx_math_copy(struct sim_tensix *tx)
{
	struct tx_src *a = tx_src_front(tx, 0, "math");
	float *d = a ? tx_dst_math_tile(tx, tx_arg(tx, 0), "math") : NULL;

	if (!d)
		return -1;
	if (copy_into(tx, d, a, a->v))
		return -1;
	mark_written(tx, d);
	tx_src_pop(tx, 0);
	return 0;
}

/* d (+)= a op b, element by element, before DST's rounding. */
static void eltwise_into(const struct sim_tensix *tx, float *d, const float *a, const float *b,
			 uint32_t op, int acc)
{
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		float r = op == TT_TX_ELT_ADD ? a[i] + b[i] :
			  op == TT_TX_ELT_SUB ? a[i] - b[i] : tx_fidelity_mul(a[i], b[i], tx->fidelity);
		d[i] = acc ? d[i] + r : r;
	}
}

int tx_math_eltwise(struct sim_tensix *tx)
{
	_Alignas(32) float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS];
	uint32_t op = tx_arg(tx, 1), acc = tx_arg(tx, 2) & TT_TX_MATH_ACC;
	float *d;

	if (op > TT_TX_ELT_MUL)
		return tx_fail(tx, "math: unknown eltwise operation %u", op);
	d = binary_operands(tx, a, ~0u, b);
	if (!d)
		return -1;
	eltwise_into(tx, d, a, b, op, acc);
	binary_done(tx, d);
	return 0;
}

/* SrcB's broadcast: column 0 across each row, row `row` down each
 * column, or [0][0] everywhere. */
static void broadcast(float *b, uint32_t dim, uint32_t row)
{
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = 0; j < N; j++)
			b[i * N + j] = dim == TT_TX_BCAST_COL ? b[i * N] :
				       dim == TT_TX_BCAST_ROW ? b[row * N + j] : b[0];
}

int tx_math_bcast(struct sim_tensix *tx)
{
	_Alignas(32) float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS];
	uint32_t op = tx_arg(tx, 1), dim = tx_arg(tx, 2), row = tx_arg(tx, 3);
	struct tx_src *sb;
	float *d;

	if (op > TT_TX_ELT_COPY)
		return tx_fail(tx, "math: unknown broadcast operation %u", op);
	if (dim < TT_TX_BCAST_COL || dim > TT_TX_BCAST_SCALAR)
		return tx_fail(tx, "math: unknown broadcast dimension %u", dim);
	if (dim == TT_TX_BCAST_ROW && row >= N)
		return tx_fail(tx, "math: broadcast of row %u: a tile has 32 rows", row);
	if (op != TT_TX_ELT_COPY) {
		d = binary_operands(tx, a, ~0u, b);
		if (!d)
			return -1;
		broadcast(b, dim, row);
		eltwise_into(tx, d, a, b, op, 0);
		binary_done(tx, d);
		return 0;
	}
	/* unary_bcast: SrcB broadcast into DST. */
	sb = tx_src_front(tx, 1, "math");
	d = sb ? tx_dst_math_tile(tx, tx_arg(tx, 0), "math") : NULL;
	if (!d)
		return -1;
	memcpy(b, sb->v, sizeof(b));
	broadcast(b, dim, row);
	if (copy_into(tx, d, sb, b))
		return -1;
	mark_written(tx, d);
	tx_src_pop(tx, 1);
	return 0;
}

int tx_math_reuse(struct sim_tensix *tx)
{
	_Alignas(32) float cb_tile[TX_TILE_ELEMS], dst_tile[TX_TILE_ELEMS];
	uint32_t op = tx_arg(tx, 1), reuse = tx_arg(tx, 2);
	int cb_in_srcb = reuse == TT_TX_REUSE_SRCA;   /* DST is A: the CB's tile is B */
	struct tx_src *s;
	float *d;

	if (op > TT_TX_ELT_MUL)
		return tx_fail(tx, "math: unknown eltwise operation %u", op);
	if (reuse != TT_TX_REUSE_SRCA && reuse != TT_TX_REUSE_SRCB)
		return tx_fail(tx, "math: unknown dest reuse %u", reuse);
	s = tx_src_front(tx, cb_in_srcb, "math");
	d = s ? tx_dst_math_tile(tx, tx_arg(tx, 0), "math") : NULL;
	if (!d)
		return -1;
	operand(tx, s, cb_tile, ~0u);
	/* DST moved into a source register: fp32 loses what TF32 drops. */
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		dst_tile[i] = tx->dst_mode == TT_TX_DST_FP32 ? tx_tf32_trunc(d[i]) : d[i];
	if (cb_in_srcb)
		eltwise_into(tx, d, dst_tile, cb_tile, op, 0);
	else
		eltwise_into(tx, d, cb_tile, dst_tile, op, 0);
	tx_dst_store(tx, d, TX_TILE_ELEMS);
	mark_written(tx, d);
	tx_src_pop(tx, cb_in_srcb);
	return 0;
}

/* d += b x a, 32x32 row-major each: two rows of d at a time, held in
 * eight vector accumulators that stay in registers. */
/* An AVX2 clone is picked by an ifunc resolver that runs during
 * relocation, before ThreadSanitizer's runtime is up; TSan instruments the
 * resolver and it crashes, so a TSan build keeps only the default body. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MATMUL_NO_CLONES
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(MATMUL_NO_CLONES)
#define MATMUL_CLONES
#else
#define MATMUL_CLONES __attribute__((target_clones("avx2", "default")))
#endif

MATMUL_CLONES
static void matmul_acc(float *d, const float *b, const float *a)
{
	for (unsigned i = 0; i < N; i += 2) {
		float *d0 = d + N * i, *d1 = d0 + N;
		v8f x0, x1, x2, x3, y0, y1, y2, y3;

		memcpy(&x0, d0, 32);
		memcpy(&x1, d0 + 8, 32);
		memcpy(&x2, d0 + 16, 32);
		memcpy(&x3, d0 + 24, 32);
		memcpy(&y0, d1, 32);
		memcpy(&y1, d1 + 8, 32);
		memcpy(&y2, d1 + 16, 32);
		memcpy(&y3, d1 + 24, 32);
		for (unsigned k = 0; k < N; k++) {
			const v8f *row = (const v8f *)(a + N * k);   /* a is 32-byte aligned */
			v8f r0 = row[0], r1 = row[1], r2 = row[2], r3 = row[3];
			float s = b[N * i + k], t = b[N * (i + 1) + k];
			x0 += s * r0;
			x1 += s * r1;
			x2 += s * r2;
			x3 += s * r3;
			y0 += t * r0;
			y1 += t * r1;
			y2 += t * r2;
			y3 += t * r3;
		}
		memcpy(d0, &x0, 32);
		memcpy(d0 + 8, &x1, 32);
		memcpy(d0 + 16, &x2, 32);
		memcpy(d0 + 24, &x3, 32);
		memcpy(d1, &y0, 32);
		memcpy(d1 + 8, &y1, 32);
		memcpy(d1 + 16, &y2, 32);
		memcpy(d1 + 24, &y3, 32);
	}
}

static void split(float *hi, float *lo, uint32_t mask)
{
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++) {
		float x = hi[i];
		hi[i] = isfinite(x) ? hi_part(x, mask) : x;
		if (lo)
			lo[i] = isfinite(x) ? x - hi[i] : 0;
	}
}

/* A 32x16 tile's two faces sit in DST's faces 0 and 1, the top half;
 * its rows 16-31 are the top-right quadrant. Swapping the top-right and
 * bottom-left quadrants turns that into the matrix's own places and back. */
static void swap_narrow_faces(float *v)
{
	for (unsigned i = 0; i < 16; i++)
		for (unsigned j = 0; j < 16; j++) {
			float t = v[i * N + 16 + j];

			v[i * N + 16 + j] = v[(16 + i) * N + j];
			v[(16 + i) * N + j] = t;
		}
}

static int narrow_tall(unsigned rows, unsigned cols)
{
	return rows > 16 && cols < N;
}

int tx_math_matmul(struct sim_tensix *tx)
{
	_Alignas(32) float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS], ah[TX_TILE_ELEMS], bl[TX_TILE_ELEMS];
	_Alignas(32) float acc[TX_TILE_ELEMS];
	float *d = binary_operands(tx, a, MATMUL_SRCA_MASK, b);
	const struct tx_src *sa = d ? tx_src_front(tx, 0, "math") : NULL;
	const struct tx_src *sb = d ? tx_src_front(tx, 1, "math") : NULL;
	/* The product of in0 (SrcB, M x K) and in1 (SrcA, K x N) is M x N. */
	int out_narrow = sb && narrow_tall(sb->rows, sa->cols);

	if (!d)
		return -1;
	if (narrow_tall(sa->rows, sa->cols))
		swap_narrow_faces(a);
	if (narrow_tall(sb->rows, sb->cols))
		swap_narrow_faces(b);
	memcpy(acc, d, sizeof(acc));
	if (out_narrow)
		swap_narrow_faces(acc);
	/* Fidelity phases as whole products: HiFi4 a*b; HiFi3 a*bh + ah*bl;
	 * HiFi2 a*bh; LoFi ah*bh. */
	switch (tx->fidelity) {
	case 4:
		matmul_acc(acc, b, a);
		break;
	case 3:
		memcpy(ah, a, sizeof(ah));
		split(ah, NULL, FID_A_HI);
		split(b, bl, FID_B_HI);
		matmul_acc(acc, b, a);
		matmul_acc(acc, bl, ah);
		break;
	case 2:
		split(b, NULL, FID_B_HI);
		matmul_acc(acc, b, a);
		break;
	default:
		split(a, NULL, FID_A_HI);
		split(b, NULL, FID_B_HI);
		matmul_acc(acc, b, a);
		break;
	}
	if (out_narrow)
		swap_narrow_faces(acc);
	memcpy(d, acc, sizeof(acc));
	binary_done(tx, d);
	return 0;
}

static float pool(float acc, float x, uint32_t max)
{
	return max ? fmaxf(acc, x) : acc + x;
}

int tx_math_reduce(struct sim_tensix *tx)
{
	_Alignas(32) float a[TX_TILE_ELEMS], b[TX_TILE_ELEMS], r[N];
	uint32_t dim = tx_arg(tx, 1), max = tx_arg(tx, 2);
	float *d, s, total;
	int fresh;

	if (dim > TT_TX_REDUCE_SCALAR || max > TT_TX_POOL_MAX)
		return tx_fail(tx, "math: unknown reduce %u of pool %u", dim, max);
	d = binary_operands(tx, a, ~0u, b);
	if (!d)
		return -1;
	s = b[0];
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		a[i] = tx_fidelity_mul(a[i], s, tx->fidelity);
	/* r[k]: the reduction of row k (ROW) or column k (COL, and the
	 * first pass of SCALAR). */
	for (unsigned k = 0; k < N; k++) {
		r[k] = max ? -INFINITY : 0.0f;
		for (unsigned m = 0; m < N; m++)
			r[k] = pool(r[k], dim == TT_TX_REDUCE_ROW ? a[k * N + m] : a[m * N + k], max);
	}
	/* A max into a tile nothing wrote since it was zeroed takes the
	 * value, so that negative inputs reduce to their maximum. */
	fresh = !dst_written(tx, d);
	if (dim == TT_TX_REDUCE_SCALAR) {
		/* The column results pass through DST and are pooled again,
		 * scaled again. */
		tx_dst_store(tx, r, N);
		total = max ? -INFINITY : 0.0f;
		for (unsigned k = 0; k < N; k++)
			total = pool(total, tx_fidelity_mul(r[k], s, tx->fidelity), max);
		d[0] = max && fresh ? total : pool(d[0], total, max);
	} else {
		for (unsigned k = 0; k < N; k++) {
			float *t = dim == TT_TX_REDUCE_ROW ? &d[k * N] : &d[k];
			*t = max && fresh ? r[k] : pool(*t, r[k], max);
		}
	}
	binary_done(tx, d);
	return 0;
}
