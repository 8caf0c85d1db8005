/* SPDX-License-Identifier: Apache-2.0
 *
 * Number and tile format conversions of the Tensix coprocessor.
 */
#include "formats.h"
#include "tensix.h"

#include <math.h>
#include <stdio.h>

#define EXP_MASK  0x7F800000u
#define MANT_MASK 0x007FFFFFu
#define SIGN_MASK 0x80000000u

static const struct {
	uint32_t fmt;
	const char *name;
} format_names[] = {
	{ TX_FMT_FLOAT32, "Float32" }, { TX_FMT_FLOAT16, "Float16" }, { TX_FMT_BFP8, "Bfp8" },
	{ TX_FMT_BFP4, "Bfp4" }, { TX_FMT_TF32, "Tf32" }, { TX_FMT_FLOAT16_B, "Float16_b" },
	{ TX_FMT_BFP8_B, "Bfp8_b" }, { TX_FMT_BFP4_B, "Bfp4_b" }, { TX_FMT_INT32, "Int32" },
	{ TX_FMT_UINT16, "UInt16" }, { TX_FMT_LF8, "Lf8" }, { TX_FMT_BFP2, "Bfp2" },
	{ TX_FMT_INT8, "Int8" }, { TX_FMT_BFP2_B, "Bfp2_b" }, { TX_FMT_UINT32, "UInt32" },
	{ TX_FMT_UINT8, "UInt8" },
};

const char *tx_format_name(uint32_t fmt, char *buf, unsigned len)
{
	for (size_t i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (format_names[i].fmt == fmt)
			return format_names[i].name;
	(void)buf, (void)len;
	return "unknown";
}

int tx_shape_of(uint32_t arg, struct tx_shape *s)
{
	unsigned rows = TT_TX_SHAPE_ROWS(arg), cols = TT_TX_SHAPE_COLS(arg);

	if (arg >> 16 || !TT_TX_SHAPE_VALID(rows, cols))
		return -1;
	s->rows = rows;
	s->cols = cols;
	s->face_rows = rows < 16 ? rows : 16;
	s->faces = rows * cols / (s->face_rows * 16);
	return 0;
}

/* A block format's exponents: one per face row, padded to 16 bytes. */
static unsigned bfp_exponent_bytes(const struct tx_shape *s)
{
	return (tx_shape_face_rows(s) + 15) & ~15u;
}

unsigned tx_format_tile_bytes(uint32_t fmt, const struct tx_shape *s)
{
	unsigned values = s->rows * s->cols;

	switch (fmt) {
	case TX_FMT_FLOAT32:
	case TX_FMT_INT32:
	case TX_FMT_UINT32: return 4 * values;
	case TX_FMT_FLOAT16:
	case TX_FMT_FLOAT16_B:
	case TX_FMT_UINT16: return 2 * values;
	case TX_FMT_BFP8_B: return bfp_exponent_bytes(s) + values;
	default: return 0;
	}
}

/* Where face row fr of a tile of shape s starts in DST's 32x32 values. */
static unsigned face_row_start(const struct tx_shape *s, unsigned fr)
{
	unsigned face = fr / s->face_rows, r = fr % s->face_rows;

	return ((face / 2) * 16 + r) * TX_TILE_DIM + (face % 2) * 16;
}

float tx_flush_denormal(float f)
{
	uint32_t u = tx_bits(f);

	return (u & EXP_MASK) ? f : tx_float(u & SIGN_MASK);
}

uint16_t tx_bf16_pack(float f)
{
	uint32_t u = tx_bits(f), sign = u & SIGN_MASK, mag = u & ~SIGN_MASK;

	if (mag > EXP_MASK)                       /* NaN */
		return (uint16_t)((sign | EXP_MASK) >> 16);
	if (!(mag & EXP_MASK))                    /* zero or denormal */
		return (uint16_t)(sign >> 16);
	/* Ties away from zero: add half an ulp to the magnitude. The largest
	 * finite values round up into Inf, as they should. */
	mag += 0x8000u;
	if (mag > EXP_MASK)
		mag = EXP_MASK;
	return (uint16_t)((sign | mag) >> 16);
}

float tx_bf16_trunc(float f)
{
	return tx_float(tx_bits(tx_flush_denormal(f)) & 0xFFFF0000u);
}

float tx_bf16_rne(float f)
{
	uint32_t u = tx_bits(f);

	if ((u & ~SIGN_MASK) > EXP_MASK)
		return tx_float((u | 0x00400000u) & 0xFFFF0000u);   /* a quiet NaN stays NaN */
	u += 0x7FFFu + ((u >> 16) & 1u);
	return tx_float(u & 0xFFFF0000u);
}

float tx_tf32_trunc(float f)
{
	return tx_float(tx_bits(f) & ~0x1FFFu);
}

float tx_fp16_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1F, m = h & 0x3FFu;

	if (e == 0x1F)
		return tx_float(sign | EXP_MASK | (m << 13));
	if (e == 0)   /* zero or denormal: m * 2^-24, exact in fp32 */
		return sign ? -ldexpf((float)m, -24) : ldexpf((float)m, -24);
	return tx_float(sign | ((e + 112) << 23) | (m << 13));
}

/* Nearest even, overflow to Inf, fp16 denormals kept. */
uint16_t tx_float_to_fp16(float f)
{
	uint32_t u = tx_bits(f), sign = (u >> 16) & 0x8000u, mag = u & ~SIGN_MASK;
	int e = (int)(mag >> 23) - 127;
	uint32_t m, shift, half, rest;

	if (mag > EXP_MASK)
		return (uint16_t)(sign | 0x7E00u);
	if (e > 15)
		return (uint16_t)(sign | 0x7C00u);
	if (e >= -14) {
		/* Normal: keep 10 of 23 mantissa bits; a carry may reach Inf. */
		m = ((uint32_t)(e + 15) << 10 | ((mag & MANT_MASK) >> 13));
		rest = mag & 0x1FFFu;
		if (rest > 0x1000u || (rest == 0x1000u && (m & 1)))
			m++;
		return (uint16_t)(sign | m);
	}
	if (e < -25)
		return (uint16_t)sign;
	/* Denormal: the mantissa with its implicit 1, shifted. */
	m = (mag & MANT_MASK) | 0x800000u;
	shift = (uint32_t)(-e - 14 + 13);
	half = 1u << (shift - 1);
	rest = m & ((1u << shift) - 1);
	m >>= shift;
	if (rest > half || (rest == half && (m & 1)))
		m++;
	return (uint16_t)(sign | m);
}

/* Bfp8_b: each face row of 16 values shares the largest exponent; a value
 * is a sign and 7 magnitude bits, m * 2^(E - 127 - 6). */
static void bfp8_from_l1(const uint8_t *p, const struct tx_shape *s, float *out)
{
	unsigned mant = bfp_exponent_bytes(s);

	for (unsigned fr = 0; fr < tx_shape_face_rows(s); fr++) {
		float *o = out + face_row_start(s, fr);
		int e = p[fr];

		for (unsigned c = 0; c < 16; c++) {
			uint8_t b = p[mant + fr * 16 + c];
			float v = ldexpf((float)(b & 0x7F), e - 133);

			o[c] = (b & 0x80) ? -v : v;
		}
	}
}

static void bfp8_to_l1(const float *in, const struct tx_shape *s, uint8_t *p)
{
	unsigned mant = bfp_exponent_bytes(s);

	memset(p + tx_shape_face_rows(s), 0, mant - tx_shape_face_rows(s));
	for (unsigned fr = 0; fr < tx_shape_face_rows(s); fr++) {
		const float *row = in + face_row_start(s, fr);
		uint32_t shared = 0;

		for (unsigned c = 0; c < 16; c++) {
			uint32_t e = (tx_bits(row[c]) >> 23) & 0xFF;
			shared = e > shared ? e : shared;
		}
		p[fr] = (uint8_t)shared;
		for (unsigned c = 0; c < 16; c++) {
			uint32_t u = tx_bits(row[c]), e = (u >> 23) & 0xFF;
			uint32_t m = 0, shift = shared - e + 17;
			if (e && shift < 32) {
				m = ((u & MANT_MASK) | 0x800000u) + (1u << (shift - 1));
				m >>= shift;
				m = m > 127 ? 127 : m;
			}
			p[mant + fr * 16 + c] = (uint8_t)(m | ((u >> 24) & 0x80));
		}
	}
}

/* n (at most 32) contiguous values of a non-block format, at p, into
 * floats: exact. */
static void datums_from_l1(const uint8_t *p, uint32_t fmt, unsigned n, float *o)
{
	uint16_t h[TX_TILE_DIM];
	uint32_t u[TX_TILE_DIM];

	if (fmt == TX_FMT_FLOAT32 || fmt == TX_FMT_INT32 || fmt == TX_FMT_UINT32) {
		memcpy(o, p, 4 * n);
		return;
	}
	memcpy(h, p, 2 * n);
	if (fmt == TX_FMT_FLOAT16_B || fmt == TX_FMT_UINT16) {
		/* bf16 is the top half of an fp32; a uint16 is held as bits */
		for (unsigned c = 0; c < n; c++)
			u[c] = fmt == TX_FMT_UINT16 ? h[c] : (uint32_t)h[c] << 16;
		memcpy(o, u, 4 * n);
		return;
	}
	for (unsigned c = 0; c < n; c++)
		o[c] = tx_fp16_to_float(h[c]);
}

/* n (at most 32) floats into contiguous values of a non-block format at
 * p, rounded as the packer rounds. */
static void datums_to_l1(const float *in, uint32_t fmt, unsigned n, uint8_t *p)
{
	uint16_t h[TX_TILE_DIM];

	if (fmt == TX_FMT_FLOAT32 || fmt == TX_FMT_INT32 || fmt == TX_FMT_UINT32) {
		memcpy(p, in, 4 * n);
		return;
	}
	for (unsigned c = 0; c < n; c++)
		h[c] = fmt == TX_FMT_FLOAT16_B ? tx_bf16_pack(in[c]) :
		       fmt == TX_FMT_UINT16 ? (uint16_t)tx_bits(in[c]) : tx_float_to_fp16(in[c]);
	memcpy(p, h, 2 * n);
}

/* A face row of 16 values is 16 contiguous elements of a tile row. */
void tx_tile_from_l1(const uint8_t *p, uint32_t fmt, const struct tx_shape *s, float *out)
{
	unsigned size = tx_format_datum_bytes(fmt);

	if (fmt == TX_FMT_BFP8_B) {
		bfp8_from_l1(p, s, out);
		return;
	}
	for (unsigned fr = 0; fr < tx_shape_face_rows(s); fr++)
		datums_from_l1(p + 16 * size * fr, fmt, 16, out + face_row_start(s, fr));
}

void tx_tile_to_l1(const float *in, uint32_t fmt, const struct tx_shape *s, uint8_t *p)
{
	unsigned size = tx_format_datum_bytes(fmt);

	if (fmt == TX_FMT_BFP8_B) {
		bfp8_to_l1(in, s, p);
		return;
	}
	for (unsigned fr = 0; fr < tx_shape_face_rows(s); fr++)
		datums_to_l1(in + face_row_start(s, fr), fmt, 16, p + 16 * size * fr);
}

unsigned tx_format_datum_bytes(uint32_t fmt)
{
	switch (fmt) {
	case TX_FMT_FLOAT32:
	case TX_FMT_INT32:
	case TX_FMT_UINT32: return 4;
	case TX_FMT_FLOAT16:
	case TX_FMT_FLOAT16_B:
	case TX_FMT_UINT16: return 2;
	default: return 0;
	}
}

void tx_rows_from_l1(const uint8_t *p, uint32_t pitch, uint32_t fmt, float *out)
{
	for (unsigned i = 0; i < TX_TILE_DIM; i++)
		datums_from_l1(p + (size_t)i * pitch, fmt, TX_TILE_DIM, out + i * TX_TILE_DIM);
}

void tx_rows_to_l1(const float *in, uint32_t fmt, uint8_t *p, uint32_t pitch)
{
	for (unsigned i = 0; i < TX_TILE_DIM; i++)
		datums_to_l1(in + i * TX_TILE_DIM, fmt, TX_TILE_DIM, p + (size_t)i * pitch);
}
