/* SPDX-License-Identifier: Apache-2.0
 *
 * Tiny tiles end to end: CBs whose args give them a tile shape smaller
 * than 32x32 (`tile = 16x32`, tt-metal's Tile), built with the
 * chlkc_descriptors.h that says so, read and written by the data-movement
 * kernels with get_tile_size() and computed by the kernels of
 * tests/unit/program/compute unchanged: copy_tile, add/sub/mul_tiles, a
 * raw SFPI add, matmul_tiles. Every result against a host reference made
 * here from docs/tensix.md's rules.
 *
 * test_compute_tiles KERNELS_DIR   (tests/unit/program/compute)
 */
#include "compute_harness.h"

#include <stdio.h>
#include <string.h>

static const unsigned shapes[][2] = { { 16, 32 }, { 32, 16 }, { 8, 32 }, { 1, 32 }, { 16, 16 } };
#define N_SHAPES (sizeof(shapes) / sizeof(shapes[0]))
#define MAX_VALUES 1024

/* A finite fp32 with |x| < 2 and no denormal. */
static float rnd_f32(void)
{
	return u2f(((rnd() << 8 | (rnd() & 0xff)) & 0xbfffffffu) | 0x08000000u);
}

/* copy_tile of a bf16 and a float32 CB of the shape, through an fp32 DST
 * (unpacked to DST), into bf16 and float32 CBs of the shape. Elementwise,
 * so the values are compared in their L1 order. */
static void test_copy(struct ttrt_device *dev, unsigned rows, unsigned cols)
{
	static uint16_t in16[MAX_VALUES], out16[2 * MAX_VALUES];
	static float in32[MAX_VALUES], out32[2 * MAX_VALUES];
	unsigned n = rows * cols;
	char sections[768], what[64], w16[96], w32[96];
	struct io in[3] = { { in16, 2 * n, 1 }, { in32, 4 * n, 1 }, { 0 } };
	struct io out[2] = { { out16, 2 * n, 2 }, { out32, 4 * n, 2 } };
	struct cmp c16 = { .what = w16 }, c32 = { .what = w32 };

	for (unsigned i = 0; i < n; i++) {
		in32[i] = rnd_f32();
		in16[i] = (uint16_t)(f2u(rnd_f32()) >> 16);
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\npages = 1\ntile = %ux%u\n"
		 "[cb.1]\nformat = float32\npages = 1\ntile = %ux%u\n"
		 "[cb.16]\nformat = bfloat16\npages = 2\ntile = %ux%u\n"
		 "[cb.17]\nformat = float32\npages = 2\ntile = %ux%u\n"
		 "[compute]\nargs = 1\nfp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL,
		 rows, cols, rows, cols, rows, cols, rows, cols);
	snprintf(what, sizeof(what), "copy of %ux%u tiles", rows, cols);
	if (run(dev, what, sections, "copy.cpp", in, out))
		return;
	snprintf(w16, sizeof(w16), "%s into bf16", what);
	snprintf(w32, sizeof(w32), "%s into float32", what);
	for (unsigned i = 0; i < 2 * n; i++) {
		float held = i < n ? bf16(in16[i]) : in32[i - n];

		cmp_one(&c16, i, bf16(out16[i]), bf16(pack_bf16(held)), 0);
		cmp_one(&c32, i, out32[i], held, 0);
	}
	cmp_done(&c16);
	cmp_done(&c32);
}

/* add, sub and mul_tiles of bf16 tiles of the shape, 16-bit DST, HiFi4:
 * exact in fp32, then DST's round to nearest even. */
static void test_binary(struct ttrt_device *dev, unsigned rows, unsigned cols)
{
	static uint16_t a[3 * MAX_VALUES], b[3 * MAX_VALUES], o[3 * MAX_VALUES];
	unsigned n = rows * cols;
	char sections[512], what[64];
	struct io in[3] = { { a, 2 * n, 3 }, { b, 2 * n, 3 }, { 0 } };
	struct io out[2] = { { o, 2 * n, 3 }, { 0 } };
	struct cmp c = { .what = what };

	for (unsigned i = 0; i < 3 * n; i++) {
		a[i] = rnd_bf16(100.0f);
		b[i] = rnd_bf16(100.0f);
	}
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\ntile = %ux%u\npages = 3\n"
		 "[cb.1]\nformat = bfloat16\ntile = %ux%u\npages = 3\n"
		 "[cb.16]\nformat = bfloat16\ntile = %ux%u\npages = 3\n[compute]\nargs = 3\n",
		 rows, cols, rows, cols, rows, cols);
	snprintf(what, sizeof(what), "add, sub, mul_tiles of %ux%u tiles", rows, cols);
	if (run(dev, what, sections, "binary.cpp", in, out))
		return;
	for (unsigned i = 0; i < 3 * n; i++) {
		float x = bf16(a[i]), y = bf16(b[i]);
		unsigned t = i / n;
		float r = t == 0 ? x + y : t == 1 ? x - y : x * y;

		cmp_one(&c, i, bf16(o[i]), round_even_bf16(r), 0);
	}
	cmp_done(&c);
}

/* Raw SFPI: every dst_reg of DST 0 plus a scalar, float32 tiles of the
 * shape in an fp32 DST: the fp32 sum. */
static void test_sfpu(struct ttrt_device *dev, unsigned rows, unsigned cols)
{
	static float x[2 * MAX_VALUES], o[2 * MAX_VALUES];
	const float s = 0.375f;
	unsigned n = rows * cols;
	char sections[512], what[64];
	struct io in[3] = { { x, 4 * n, 2 }, { 0 }, { 0 } };
	struct io out[2] = { { o, 4 * n, 2 }, { 0 } };
	struct cmp c = { .what = what };

	for (unsigned i = 0; i < 2 * n; i++)
		x[i] = rnd_f32();
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = float32\ntile = %ux%u\npages = 2\n"
		 "[cb.16]\nformat = float32\ntile = %ux%u\npages = 2\n"
		 "[compute]\nargs = 2 %u\nfp32_dest_acc_en = true\n" UNPACK_TO_DEST_ALL,
		 rows, cols, rows, cols, f2u(s));
	snprintf(what, sizeof(what), "SFPI add of %ux%u tiles", rows, cols);
	if (run(dev, what, sections, "add1.cpp", in, out))
		return;
	for (unsigned i = 0; i < 2 * n; i++) {
		float want = x[i] + s;

		cmp_one(&c, i, o[i], is_denormal(f2u(want)) ? u2f(f2u(want) & 0x80000000u) : want, 0);
	}
	cmp_done(&c);
}

/* Where element (r, c) of a rows x cols tile is among its values: faces
 * of min(rows, 16) rows of 16, one after the other. */
static unsigned shape_pos(unsigned rows, unsigned cols, unsigned r, unsigned c)
{
	unsigned fr = rows < 16 ? rows : 16, face = (r / 16) * (cols / 16) + c / 16;

	return face * fr * 16 + (r % 16) * 16 + c % 16;
}

/* matmul_tiles over K = 2 tiles: in0 tiles m x 32, in1 tiles 32 x n (bf16),
 * fp32 DST, HiFi4, into one float32 m x n tile: the fp32 sum in k order. */
static void test_matmul(struct ttrt_device *dev, unsigned m, unsigned n)
{
	static uint16_t a[2 * MAX_VALUES], b[2 * MAX_VALUES];
	static float o[MAX_VALUES];
	char sections[512], what[64];
	struct io in[3] = { { a, 2 * 32 * m, 2 }, { b, 2 * 32 * n, 2 }, { 0 } };
	struct io out[2] = { { o, 4 * m * n, 1 }, { 0 } };
	struct cmp c = { .what = what };

	for (unsigned i = 0; i < 2 * 32 * m; i++)
		a[i] = rnd_bf16(4.0f);
	for (unsigned i = 0; i < 2 * 32 * n; i++)
		b[i] = rnd_bf16(4.0f);
	snprintf(sections, sizeof(sections),
		 "[cb.0]\nformat = bfloat16\ntile = %ux32\npages = 2\n"
		 "[cb.1]\nformat = bfloat16\ntile = 32x%u\npages = 2\n"
		 "[cb.16]\nformat = float32\ntile = %ux%u\npages = 1\n"
		 "[compute]\nargs = 2\nfp32_dest_acc_en = true\n", m, n, m, n);
	snprintf(what, sizeof(what), "matmul_tiles of %ux32 by 32x%u tiles", m, n);
	if (run(dev, what, sections, "matmul.cpp", in, out))
		return;
	for (unsigned i = 0; i < m; i++)
		for (unsigned j = 0; j < n; j++) {
			float want = 0;

			for (unsigned t = 0; t < 2; t++)
				for (unsigned k = 0; k < 32; k++)
					want += bf16(a[t * 32 * m + shape_pos(m, 32, i, k)]) *
						bf16(b[t * 32 * n + shape_pos(32, n, k, j)]);
			cmp_one(&c, i * n + j, o[shape_pos(m, n, i, j)], want, 0);
		}
	cmp_done(&c);
}

/* chlkc_descriptors.h as tt-metal's JIT writes it for these shapes,
 * asserted at compile time by a compute kernel that does nothing else. */
static const char desc_kernel[] =
	"#include \"api/compute/common.h\"\n"
	"static_assert(unpack_tile_r_dim[0] == 8 && unpack_tile_c_dim[0] == 32, \"cb0 8x32\");\n"
	"static_assert(unpack_tile_face_r_dim[0] == 8 && unpack_tile_num_faces[0] == 2, \"cb0 faces\");\n"
	"static_assert(unpack_partial_face[0] == 1 && unpack_narrow_tile[0] == 0, \"cb0 partial\");\n"
	"static_assert(unpack_tile_size[0] == 1024, \"cb0 bytes\");\n"
	"static_assert(pack_tile_r_dim[16] == 32 && pack_tile_c_dim[16] == 16, \"cb16 32x16\");\n"
	"static_assert(pack_tile_face_r_dim[16] == 16 && pack_tile_num_faces[16] == 2, \"cb16 faces\");\n"
	"static_assert(pack_partial_face[16] == 0 && pack_narrow_tile[16] == 1, \"cb16 narrow\");\n"
	"static_assert(pack_tile_size[16] == 544, \"cb16 bfp8_b: 512 + 32 exponents\");\n"
	"static_assert(unpack_tile_num_faces[1] == 4 && unpack_tile_face_r_dim[1] == 16, \"cb1 32x32\");\n"
	"static_assert(unpack_tile_num_faces[2] == 1 && unpack_tile_face_r_dim[2] == 1, \"cb2 1x16\");\n"
	"void kernel_main() {}\n";

static void test_descriptors(struct ttrt_device *dev)
{
	static const char sections[] =
		"[cb.0]\nformat = float32\ntile = 8x32\npages = 1\n"
		"[cb.1]\nformat = float32\npages = 1\n"
		"[cb.2]\nformat = float32\ntile = 1x16\npages = 1\n"
		"[cb.16]\nformat = bfp8_b\ntile = 32x16\npages = 1\n";
	struct io in[3] = { { 0 } }, out[2] = { { 0 } };

	run_source(dev, "descriptors of tiny tiles", sections, desc_kernel, strlen(desc_kernel), in,
		   out);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev = open_device(argc, argv, "test_compute_tiles");

	test_descriptors(dev);
	for (size_t s = 0; s < N_SHAPES; s++) {
		test_copy(dev, shapes[s][0], shapes[s][1]);
		test_binary(dev, shapes[s][0], shapes[s][1]);
		test_sfpu(dev, shapes[s][0], shapes[s][1]);
	}
	test_matmul(dev, 1, 32);
	test_matmul(dev, 8, 32);
	test_matmul(dev, 16, 32);
	test_matmul(dev, 32, 16);
	ttrt_device_close(dev);
	return compute_check_exit("test_compute_tiles");
}
