/* SPDX-License-Identifier: Apache-2.0
 *
 * Tile layout and float32 <-> bfloat16 conversion (tile.h).
 */
#include "tile.h"

#include <errno.h>
#include <string.h>

int tile_parse_format(const char *name, enum tile_format *fmt)
{
	if (!strcmp(name, "bf16") || !strcmp(name, "bfloat16")) {
		*fmt = TILE_BF16;
		return 0;
	}
	if (!strcmp(name, "f32") || !strcmp(name, "float32")) {
		*fmt = TILE_F32;
		return 0;
	}
	return -EINVAL;
}

size_t tile_elem_size(enum tile_format fmt)
{
	return fmt == TILE_F32 ? 4 : 2;
}

int tile_check_shape(size_t rows, size_t cols)
{
	if (!rows || !cols || rows % TILE_DIM || cols % TILE_DIM)
		return -EINVAL;
	return 0;
}

size_t tile_offset(size_t cols, size_t i, size_t j)
{
	size_t tile = (i / TILE_DIM) * (cols / TILE_DIM) + j / TILE_DIM;
	size_t r = i % TILE_DIM, c = j % TILE_DIM;
	size_t face = (r / TILE_FACE_DIM) * 2 + c / TILE_FACE_DIM;

	return tile * TILE_ELEMS + face * TILE_FACE_ELEMS +
	       (r % TILE_FACE_DIM) * TILE_FACE_DIM + c % TILE_FACE_DIM;
}

/* One face row (16 elements) is contiguous on both sides, so the copy
 * goes a face row at a time. */
static int relayout(const uint8_t *in, uint8_t *out, size_t rows, size_t cols,
		    size_t esize, int to_tiles)
{
	size_t run = TILE_FACE_DIM * esize;

	if (tile_check_shape(rows, cols) || (esize != 2 && esize != 4))
		return -EINVAL;
	for (size_t i = 0; i < rows; i++) {
		for (size_t j = 0; j < cols; j += TILE_FACE_DIM) {
			size_t lin = (i * cols + j) * esize;
			size_t til = tile_offset(cols, i, j) * esize;

			if (to_tiles)
				memcpy(out + til, in + lin, run);
			else
				memcpy(out + lin, in + til, run);
		}
	}
	return 0;
}

int tile_tilize(const void *in, void *out, size_t rows, size_t cols, size_t esize)
{
	return relayout(in, out, rows, cols, esize, 1);
}

int tile_untilize(const void *in, void *out, size_t rows, size_t cols, size_t esize)
{
	return relayout(in, out, rows, cols, esize, 0);
}

static int is_nan(uint32_t bits)
{
	return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu);
}

uint16_t tile_f32_to_bf16_rne(uint32_t bits)
{
	if (is_nan(bits))
		return (uint16_t)((bits >> 16) | 0x0040u);
	/* Adding 0x7fff rounds up past the halfway point; the kept lsb breaks
	 * the tie towards even. A carry into the exponent is exactly right,
	 * up to infinity. */
	bits += 0x7fffu + ((bits >> 16) & 1u);
	return (uint16_t)(bits >> 16);
}

uint16_t tile_f32_to_bf16_trunc(uint32_t bits)
{
	uint16_t b = (uint16_t)(bits >> 16);

	/* A NaN whose payload was all in the dropped half would read as
	 * infinity: make it the quiet NaN instead. */
	if (is_nan(bits) && !(b & 0x007fu))
		b |= 0x0040u;
	return b;
}

static uint32_t load32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void tile_f32_to_bf16_buf(const uint8_t *in, uint8_t *out, size_t n, int truncate)
{
	for (size_t k = 0; k < n; k++) {
		uint32_t f = load32(in + 4 * k);
		uint16_t b = truncate ? tile_f32_to_bf16_trunc(f) : tile_f32_to_bf16_rne(f);

		out[2 * k] = (uint8_t)b;
		out[2 * k + 1] = (uint8_t)(b >> 8);
	}
}

void tile_bf16_to_f32_buf(const uint8_t *in, uint8_t *out, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		out[4 * k] = 0;
		out[4 * k + 1] = 0;
		out[4 * k + 2] = in[2 * k];
		out[4 * k + 3] = in[2 * k + 1];
	}
}
