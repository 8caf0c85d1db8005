/* SPDX-License-Identifier: Apache-2.0
 *
 * Host-side tile layout and number formats for preparing data for the
 * device, as tt-metal's tilize: a 32x32 tile is four 16x16 faces
 * (top-left, top-right, bottom-left, bottom-right), each row-major, and an
 * H x W matrix is its tiles in row-major tile order. bfloat16 is the top
 * half of an IEEE float32. Shared by the ttfs-tile CLI and the unit tests.
 */
#ifndef TTFS_TILE_H
#define TTFS_TILE_H

#include <stddef.h>
#include <stdint.h>

#define TILE_DIM 32
#define TILE_FACE_DIM 16
#define TILE_ELEMS (TILE_DIM * TILE_DIM)
#define TILE_FACE_ELEMS (TILE_FACE_DIM * TILE_FACE_DIM)

enum tile_format {
	TILE_BF16,	/* 2 bytes an element */
	TILE_F32,	/* 4 bytes an element */
};

/* "bf16"/"bfloat16" or "f32"/"float32"; -EINVAL for anything else. */
int tile_parse_format(const char *name, enum tile_format *fmt);
size_t tile_elem_size(enum tile_format fmt);

/* 0 when rows and cols are both positive multiples of 32, else -EINVAL. */
int tile_check_shape(size_t rows, size_t cols);

/* Where element (i, j) of a rows x cols row-major matrix goes in the tiled
 * layout, counted in elements. Only cols enters: tiles are row-major. */
size_t tile_offset(size_t cols, size_t i, size_t j);

/* Row-major -> tiled and back, for elements of esize bytes (2 or 4).
 * in and out must not overlap; the shape must pass tile_check_shape. */
int tile_tilize(const void *in, void *out, size_t rows, size_t cols, size_t esize);
int tile_untilize(const void *in, void *out, size_t rows, size_t cols, size_t esize);

/* float32 bits -> bfloat16 bits, round to nearest, ties to even. NaN stays
 * a NaN with its sign (quiet), so a payload only in the low bits cannot
 * turn into infinity; values above the largest bfloat16 round to infinity. */
uint16_t tile_f32_to_bf16_rne(uint32_t f32_bits);
/* float32 bits -> bfloat16 bits, the low 16 bits dropped, as the SFPU's
 * stores do. A NaN whose payload was only in those bits becomes the quiet
 * NaN of its sign rather than infinity. */
uint16_t tile_f32_to_bf16_trunc(uint32_t f32_bits);
/* bfloat16 bits -> float32 bits: exact. */
static inline uint32_t tile_bf16_to_f32(uint16_t bf16_bits)
{
	return (uint32_t)bf16_bits << 16;
}

/* Whole little-endian arrays of n elements. */
void tile_f32_to_bf16_buf(const uint8_t *in, uint8_t *out, size_t n, int truncate);
void tile_bf16_to_f32_buf(const uint8_t *in, uint8_t *out, size_t n);

#endif
