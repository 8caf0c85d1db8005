/* SPDX-License-Identifier: Apache-2.0
 *
 * Data formats of the Tensix coprocessor (tt-metal's DataFormat values)
 * and the number conversions of each path, with the rounding silicon uses
 * there (reference/noc-and-sfpu.md §3.2-3.5; docs/tensix.md lists them).
 */
#ifndef TTFS_SIM_TENSIX_FORMATS_H
#define TTFS_SIM_TENSIX_FORMATS_H

#include <stdint.h>
#include <string.h>

enum tx_format {
	TX_FMT_FLOAT32 = 0,
	TX_FMT_FLOAT16 = 1,
	TX_FMT_BFP8 = 2,
	TX_FMT_BFP4 = 3,
	TX_FMT_TF32 = 4,
	TX_FMT_FLOAT16_B = 5,
	TX_FMT_BFP8_B = 6,
	TX_FMT_BFP4_B = 7,
	TX_FMT_INT32 = 8,
	TX_FMT_UINT16 = 9,
	TX_FMT_LF8 = 10,
	TX_FMT_BFP2 = 11,
	TX_FMT_INT8 = 14,
	TX_FMT_BFP2_B = 15,
	TX_FMT_UINT32 = 24,
	TX_FMT_UINT8 = 30,
};

static inline uint32_t tx_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static inline float tx_float(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* The format's name ("Float16_b"), or "unknown". */
const char *tx_format_name(uint32_t fmt, char *buf, unsigned len);

/* A CB's tile shape (tt-metal's Tile, TT_TX_SHAPE): faces of face_rows
 * rows of 16 values, `faces` of them; face f is DST's face f, its rows
 * from the face's top. The 32x32 tile is four faces of 16 rows. */
struct tx_shape {
	unsigned rows, cols, face_rows, faces;
};

/* The shape ARG5 encodes; -1 if tt-metal has no such shape. */
int tx_shape_of(uint32_t arg, struct tx_shape *s);

/* Face rows (16 values each) of a tile of the shape. */
static inline unsigned tx_shape_face_rows(const struct tx_shape *s)
{
	return s->faces * s->face_rows;
}

/* Bytes of a tile of the shape in fmt, 0 if the coprocessor does not
 * support the format. */
unsigned tx_format_tile_bytes(uint32_t fmt, const struct tx_shape *s);

/* Int32, UInt32, UInt16: values are bits, moved as they are. */
static inline int tx_format_is_int(uint32_t fmt)
{
	return fmt == TX_FMT_INT32 || fmt == TX_FMT_UINT32 || fmt == TX_FMT_UINT16;
}

/* L1 tile (its faces) <-> 32x32 row-major floats, the faces at their
 * places in DST (elements outside them untouched). Unpacking is exact for
 * every supported format; packing rounds as the packer does. An integer
 * format's values are bits in the floats (UInt16: the low 16 bits). */
void tx_tile_from_l1(const uint8_t *p, uint32_t fmt, const struct tx_shape *s, float *out);
void tx_tile_to_l1(const float *in, uint32_t fmt, const struct tx_shape *s, uint8_t *p);

/* Row-major data (tilize on unpack, untilize on pack): the 32 rows of 32
 * values at p + r * pitch, in a non-block format (Float32, Float16_b,
 * Float16: tx_format_datum_bytes is not 0). */
unsigned tx_format_datum_bytes(uint32_t fmt);
void tx_rows_from_l1(const uint8_t *p, uint32_t pitch, uint32_t fmt, float *out);
void tx_rows_to_l1(const float *in, uint32_t fmt, uint8_t *p, uint32_t pitch);

/* bf16 bits of a float, as the packer makes them: nearest, ties away
 * from zero; NaN becomes Inf of its sign; denormals flush to signed zero. */
uint16_t tx_bf16_pack(float f);
/* As SFPSTORE into a 16-bit DST: truncated, denormals to signed zero. */
float tx_bf16_trunc(float f);
/* Rounded to bf16, nearest even (a math result into a 16-bit DST). */
float tx_bf16_rne(float f);
/* fp32 into SrcA/SrcB: low 13 mantissa bits dropped. */
float tx_tf32_trunc(float f);
float tx_flush_denormal(float f);
float tx_fp16_to_float(uint16_t h);
uint16_t tx_float_to_fp16(float f);

#endif
