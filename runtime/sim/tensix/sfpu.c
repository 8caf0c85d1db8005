/* SPDX-License-Identifier: Apache-2.0
 *
 * The SFPU (driven by TRISC1): a 32-lane vector unit over math's DST
 * section with TT_TX_SFPU_REGS registers, per-lane flags and a flag stack
 * for v_if. The lane <-> DST mapping is silicon's SFPLOAD/SFPSTORE
 * (reference/noc-and-sfpu.md §3.2): address A maps lane L to DST row
 * (A & ~3) + L/8, column 2 * (L % 8) + ((A >> 1) & 1); DST row r of a
 * tile is row r % 16 of face r / 16. Arithmetic is IEEE fp32 per lane;
 * functions (exp, ...) are the SDK's SFPU code, not the model's.
 */
#include "tensix.h"
#include "formats.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define LANES TT_TX_SFPU_LANES

struct insn {
	uint32_t op, vd, va, vb, vc, mod;
};

void tx_sfpu_reset(struct sim_tensix *tx)
{
	memset(&tx->sfpu, 0, sizeof(tx->sfpu));
}

static int enabled(const struct tx_sfpu *s, unsigned l)
{
	return !s->on || s->flags[l];
}

/* The DST element lane l of address a maps to, in math's section; NULL
 * after tx_fail if the address is outside it. */
static float *lane_elem(struct sim_tensix *tx, uint32_t a, unsigned l)
{
	uint32_t row = (a & ~3u) + l / 8, col = 2 * (l % 8) + ((a >> 1) & 1);
	uint32_t r = row % 64, face = r / 16;
	uint32_t i = 16 * (face / 2) + r % 16, j = 16 * (face % 2) + col;
	unsigned slot = atomic_load(&tx->math_sec) * tx_dst_tiles(tx) + row / 64;

	return &tx->dst[slot][i * TX_TILE_DIM + j];
}

static int check_addr(struct sim_tensix *tx, uint32_t a, const char *what)
{
	char desc[32];

	if ((a & ~3u) + 4 <= tx_dst_tiles(tx) * 64)
		return 0;
	return tx_fail(tx, "sfpu: %s of DST row %u (address %u + RWC %u) out of range (%u tiles "
		       "per section: %s)", what, a & ~3u, tx->sfpu.imm, tx->sfpu.rwc,
		       tx_dst_tiles(tx), tx_dst_describe(tx, desc, sizeof(desc)));
}

static int load(struct sim_tensix *tx, const struct insn *in)
{
	struct tx_sfpu *s = &tx->sfpu;
	uint32_t a = s->imm + s->rwc;

	if (check_addr(tx, a, "load"))
		return -1;
	for (unsigned l = 0; l < LANES; l++) {
		uint32_t u = tx_bits(*lane_elem(tx, a, l));
		if (!enabled(s, l))
			continue;
		if (in->mod == TT_TX_SFPU_FMT_INT && tx->dst_mode != TT_TX_DST_FP32)
			u = (uint32_t)(int32_t)(int16_t)(u >> 16);
		else if (in->mod == TT_TX_SFPU_FMT_LO16)
			u = tx->dst_mode == TT_TX_DST_FP32 ? u & 0xFFFFu : u >> 16;
		s->r[in->vd][l] = u;
	}
	return 0;
}

static int store(struct sim_tensix *tx, const struct insn *in)
{
	struct tx_sfpu *s = &tx->sfpu;
	uint32_t a = s->imm + s->rwc;
	int fp32 = tx->dst_mode == TT_TX_DST_FP32;
	float *first;

	if (check_addr(tx, a, "store") || tx_dst_math_writable(tx, "sfpu"))
		return -1;
	for (unsigned l = 0; l < LANES; l++) {
		uint32_t u = s->r[in->va][l];
		float *e = lane_elem(tx, a, l);
		if (!enabled(s, l))
			continue;
		if (in->mod == TT_TX_SFPU_FMT_LO16)
			*e = tx_float(fp32 ? u & 0xFFFFu : u << 16);
		else if (in->mod == TT_TX_SFPU_FMT_INT)
			*e = tx_float(fp32 ? u : u << 16);
		else
			*e = fp32 ? tx_flush_denormal(tx_float(u)) : tx_bf16_trunc(tx_float(u));
	}
	first = lane_elem(tx, a, 0);
	tx->dst_written |= 1u << ((first - tx->dst[0]) / TX_TILE_ELEMS);
	return 0;
}

/* One step of a lane's PRNG: a 32-bit LFSR shifting right, the new top
 * bit the XNOR of taps 31, 21, 1 and 0 (silicon's, per
 * tt-isa-documentation's VectorUnit.md). */
static uint32_t prng_step(uint32_t s)
{
	uint32_t taps = (uint32_t)__builtin_popcount(s & 0x80200003u) & 1u;

	return ((taps ^ 1u) << 31) | (s >> 1);
}

/* SFPMOV from the PRNG: the value, then a step, on enabled lanes only. */
static void prng_read(struct tx_sfpu *s, uint32_t vd)
{
	for (unsigned l = 0; l < LANES; l++) {
		if (!enabled(s, l))
			continue;
		s->r[vd][l] = s->prng[l];
		s->prng[l] = prng_step(s->prng[l]);
	}
}

/* The PRNG_SEED configuration write: the seed spreads over the lanes by
 * further steps, lane 31 first (so neighbouring lanes share most bits,
 * as on silicon). */
static void prng_seed(struct tx_sfpu *s, uint32_t seed)
{
	for (unsigned i = 0; i < 32; i++)
		seed = prng_step(seed);
	for (unsigned l = LANES; l-- > 0;) {
		seed = prng_step(prng_step(seed));
		s->prng[l] = seed;
	}
}

/* The sign instructions (SFPABS, SFPMOV's sign complement): bit
 * operations, NaN included. */
static int func(struct sim_tensix *tx, uint32_t fn, uint32_t a, uint32_t *y)
{
	switch (fn) {
	case TT_TX_FN_ABS: *y = a & 0x7FFFFFFFu; break;
	case TT_TX_FN_NEG: *y = a ^ 0x80000000u; break;
	default:
		return tx_fail(tx, "sfpu: unknown function %u", fn);
	}
	return 0;
}

static uint32_t f2i(float x, int nearest)
{
	if (isnan(x))
		return 0;
	if (nearest)
		x = nearbyintf(x);
	if (x >= 2147483648.0f)
		return INT32_MAX;
	if (x < -2147483648.0f)
		return (uint32_t)INT32_MIN;
	return (uint32_t)(int32_t)x;
}

static int cast(struct sim_tensix *tx, uint32_t mod, uint32_t a, uint32_t *y)
{
	uint32_t u;

	switch (mod) {
	case TT_TX_CAST_I2F: *y = tx_bits((float)(int32_t)a); return 0;
	case TT_TX_CAST_F2I: *y = f2i(tx_float(a), 0); return 0;
	case TT_TX_CAST_F2I_RNE: *y = f2i(tx_float(a), 1); return 0;
	case TT_TX_CAST_F2BF16:
		if ((a & 0x7FFFFFFFu) > 0x7F800000u) {
			*y = (a | 0x00400000u) & 0xFFFF0000u;
			return 0;
		}
		u = a + 0x7FFFu + ((a >> 16) & 1u);
		*y = u & 0xFFFF0000u;
		return 0;
	default:
		return tx_fail(tx, "sfpu: unknown cast %u", mod);
	}
}

static int compare(uint32_t mod, uint32_t v)
{
	int is_int = mod & TT_TX_CC_INT;
	int32_t i = (int32_t)v;
	float f = tx_float(v);

	switch (mod & 7) {
	case TT_TX_CC_LT0: return is_int ? i < 0 : f < 0.0f;
	case TT_TX_CC_NE0: return is_int ? i != 0 : f != 0.0f;
	case TT_TX_CC_GTE0: return is_int ? i >= 0 : f >= 0.0f;
	case TT_TX_CC_EQ0: return is_int ? i == 0 : f == 0.0f;
	case TT_TX_CC_LTE0: return is_int ? i <= 0 : f <= 0.0f;
	default: return is_int ? i > 0 : f > 0.0f;
	}
}

static uint32_t shift(uint32_t op, uint32_t a, uint32_t n)
{
	if (op == TT_TX_SFPU_IASHR)
		return (uint32_t)((int32_t)a >> (n > 31 ? 31 : n));
	if (n > 31)
		return 0;
	return op == TT_TX_SFPU_ISHL ? a << n : a >> n;
}

/* One lane of a lane-wise instruction: y from a, b, c. */
static int lane_op(struct sim_tensix *tx, const struct insn *in, uint32_t a, uint32_t b,
		   uint32_t c, uint32_t *y)
{
	float fa = tx_float(a), fb = tx_float(b);

	switch (in->op) {
	case TT_TX_SFPU_LOADI: *y = tx->sfpu.imm; break;
	case TT_TX_SFPU_MOV: *y = a; break;
	case TT_TX_SFPU_FADD: *y = tx_bits(fa + fb); break;
	case TT_TX_SFPU_FSUB: *y = tx_bits(fa - fb); break;
	case TT_TX_SFPU_FMUL: *y = tx_bits(fa * fb); break;
	case TT_TX_SFPU_FMAD: *y = tx_bits(fmaf(fa, fb, tx_float(c))); break;
	case TT_TX_SFPU_FMIN: *y = tx_bits(fminf(fa, fb)); break;
	case TT_TX_SFPU_FMAX: *y = tx_bits(fmaxf(fa, fb)); break;
	case TT_TX_SFPU_FUNC: return func(tx, in->mod, a, y);
	case TT_TX_SFPU_IADD: *y = a + b; break;
	case TT_TX_SFPU_ISUB: *y = a - b; break;
	case TT_TX_SFPU_IAND: *y = a & b; break;
	case TT_TX_SFPU_IOR: *y = a | b; break;
	case TT_TX_SFPU_IXOR: *y = a ^ b; break;
	case TT_TX_SFPU_INOT: *y = ~a; break;
	case TT_TX_SFPU_ISHL:
	case TT_TX_SFPU_ISHR:
	case TT_TX_SFPU_IASHR: *y = shift(in->op, a, b); break;
	case TT_TX_SFPU_CAST: return cast(tx, in->mod, a, y);
	case TT_TX_SFPU_EXEXP: *y = (uint32_t)((int32_t)((a >> 23) & 0xFF) - 127); break;
	case TT_TX_SFPU_EXMAN: *y = (a & 0x7FFFFFu) | (in->mod & 1 ? 0 : 0x800000u); break;
	case TT_TX_SFPU_SETEXP: *y = (a & ~0x7F800000u) | ((b & 0xFF) << 23); break;
	case TT_TX_SFPU_SETMAN: *y = (a & ~0x7FFFFFu) | (b & 0x7FFFFFu); break;
	case TT_TX_SFPU_SETSGN: *y = (a & 0x7FFFFFFFu) | ((b & 1) << 31); break;
	case TT_TX_SFPU_ADDEXP:
		*y = (a & ~0x7F800000u) | ((((a >> 23) + b) & 0xFF) << 23);
		break;
	case TT_TX_SFPU_LZ: *y = a ? (uint32_t)__builtin_clz(a) : 32; break;
	default:
		return tx_fail(tx, "sfpu: unknown instruction %u (word 0x%08x)", in->op,
			       TT_TX_SFPU_WORD(in->op, in->vd, in->va, in->vb, in->vc, in->mod));
	}
	return 0;
}

static int vector_op(struct sim_tensix *tx, const struct insn *in)
{
	struct tx_sfpu *s = &tx->sfpu;
	uint32_t y[LANES];

	/* All lanes first: an instruction may read the register it writes. */
	for (unsigned l = 0; l < LANES; l++)
		if (lane_op(tx, in, s->r[in->va][l], s->r[in->vb][l], s->r[in->vc][l], &y[l]))
			return -1;
	for (unsigned l = 0; l < LANES; l++)
		if (enabled(s, l))
			s->r[in->vd][l] = y[l];
	return 0;
}

static int flags_op(struct sim_tensix *tx, const struct insn *in)
{
	struct tx_sfpu *s = &tx->sfpu;
	unsigned top = s->depth - 1;

	switch (in->op) {
	case TT_TX_SFPU_SETCC:
		for (unsigned l = 0; l < LANES; l++)
			if (enabled(s, l))
				s->flags[l] = (uint8_t)compare(in->mod, s->r[in->va][l]);
		return 0;
	case TT_TX_SFPU_ENCC:
		if (!(in->mod & 1)) {
			s->on = 0;
		} else if (!s->on) {
			s->on = 1;
			memset(s->flags, 1, sizeof(s->flags));
		}
		return 0;
	case TT_TX_SFPU_PUSHC:
		if (s->depth >= TT_TX_SFPU_STACK)
			return tx_fail(tx, "sfpu: lane flag stack overflow (more than %u nested v_if)",
				       TT_TX_SFPU_STACK);
		memcpy(s->stack_flags[s->depth], s->flags, sizeof(s->flags));
		s->stack_on[s->depth++] = s->on;
		return 0;
	case TT_TX_SFPU_POPC:
		if (!s->depth)
			return tx_fail(tx, "sfpu: lane flag stack underflow (v_endif without v_if)");
		s->depth--;
		memcpy(s->flags, s->stack_flags[s->depth], sizeof(s->flags));
		s->on = s->stack_on[s->depth];
		return 0;
	default:   /* COMPC: the lanes the enclosing scope enables, less these */
		for (unsigned l = 0; l < LANES; l++) {
			int outer = !s->depth || !s->stack_on[top] || s->stack_flags[top][l];
			s->flags[l] = (uint8_t)(outer && !s->flags[l]);
		}
		return 0;
	}
}

int tx_sfpu_exec(struct sim_tensix *tx, uint32_t word)
{
	struct insn in = { word & 0xFF, (word >> 8) & 31, (word >> 13) & 31, (word >> 18) & 31,
			   (word >> 23) & 31, word >> 28 };

	switch (in.op) {
	case TT_TX_SFPU_LOAD: return load(tx, &in);
	case TT_TX_SFPU_STORE: return store(tx, &in);
	case TT_TX_SFPU_INCRWC:
		tx->sfpu.rwc += tx->sfpu.imm;
		return 0;
	case TT_TX_SFPU_RAND:
		prng_read(&tx->sfpu, in.vd);
		return 0;
	case TT_TX_SFPU_SEED:
		prng_seed(&tx->sfpu, tx->sfpu.imm);
		return 0;
	case TT_TX_SFPU_SETCC:
	case TT_TX_SFPU_ENCC:
	case TT_TX_SFPU_PUSHC:
	case TT_TX_SFPU_POPC:
	case TT_TX_SFPU_COMPC:
		return flags_op(tx, &in);
	default:
		return vector_op(tx, &in);
	}
}
