/* SPDX-License-Identifier: Apache-2.0
 *
 * What the compute tests share (compute_harness.c).
 */
#ifndef TTFS_TEST_COMPUTE_HARNESS_H
#define TTFS_TEST_COMPUTE_HARNESS_H

#include "../launch/launch_util.h"

#include <stdbool.h>
#include <stdint.h>

#define TILE_ELEMS 1024

/* A [compute] key line: the reader's CBs unpack to DST, as ttnn's fp32
 * unary and SFPU ops set them, so an fp32 copy_tile keeps every bit
 * (without it a Float32 tile reaches DST through SrcA's TF32). */
#define UNPACK_TO_DEST_ALL "unpack_to_dest_mode = 0=UnpackToDestFp32 1=UnpackToDestFp32 2=UnpackToDestFp32\n"

/* The kernels' directory (tests/unit/program/compute), set by main. */
extern const char *kernels_dir;

uint32_t f2u(float f);
float u2f(uint32_t u);
float bf16(uint16_t h);
bool is_denormal(uint32_t u);
/* A 16-bit DST's rounding of a math result: nearest, ties to even. */
float round_even_bf16(float f);
/* The packer's bf16: nearest, ties away from zero, NaN to infinity,
 * denormals to zero. */
uint16_t pack_bf16(float f);
/* An SFPU store into a 16-bit DST: truncation, denormals to zero. */
float trunc_bf16(float f);
/* Where element (r, c) of a 32x32 tile is in L1: four 16x16 faces. */
unsigned tile_pos(unsigned r, unsigned c);
uint32_t rnd(void);
/* A bf16 in [-span, span) on a grid that keeps it exact. */
uint16_t rnd_bf16(float span);

struct io {
	void *data;          /* host bytes: input to write, output read back */
	uint32_t tile_bytes;
	uint32_t tiles;
};

/*
 * Runs compute kernel `file` with the reader filling c_0..c_2 from in[]
 * and the writer draining c_16, c_17 into out[] (tiles 0: unused).
 * `sections` gives the [cb.N] and [compute] sections; the [program],
 * [reader] and [writer] ones are added here. Returns the run's result.
 */
int run(struct ttrt_device *dev, const char *what, const char *sections, const char *file,
	struct io in[3], struct io out[2]);

/* The same with the compute kernel's source given. */
int run_source(struct ttrt_device *dev, const char *what, const char *sections, const char *compute,
	       size_t compute_len, struct io in[3], struct io out[2]);

/* Counts mismatches and prints the first few. */
struct cmp {
	const char *what;
	unsigned bad, n;
};

/* Opens the simulated device for test `name` (argv[1]: the kernels'
 * directory), with a kernel cache in a temporary directory removed at exit. */
struct ttrt_device *open_device(int argc, char **argv, const char *name);

void cmp_one(struct cmp *c, unsigned i, float got, float want, float tol);
void cmp_done(struct cmp *c);

/* The harness's own checks (check.h counts per translation unit). */
void harness_counts(int *failures, int *count);

/* check_exit over the test's checks and the harness's. */
static inline int compute_check_exit(const char *name)
{
	int failures, count;

	harness_counts(&failures, &count);
	check_failures += failures;
	check_count += count;
	return check_exit(name);
}

#endif
