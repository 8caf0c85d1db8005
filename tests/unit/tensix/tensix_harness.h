/* SPDX-License-Identifier: Apache-2.0
 *
 * What the Tensix unit tests share: a coprocessor over a zeroed L1 of its
 * own (tensix_open), its harts' loads, stores and commands as the SDK
 * writes them, tiles put and read in the face layout, and the host's own
 * bit arithmetic for the expected values. Included by one test file per
 * executable: the checks it makes count in that file's check_exit.
 */
#ifndef TTFS_TEST_TENSIX_HARNESS_H
#define TTFS_TEST_TENSIX_HARNESS_H

#include "../check.h"
#include "tensix/formats.h"
#include "tensix/tensix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define L1_SIZE (1u << 20)
#define U 2   /* harts: TRISC0 unpack, TRISC1 math, TRISC2 pack */
#define M 3
#define P 4
#define IN0 0x1000u
#define IN1 0x3000u
#define OUT 0x8000u
#define F32 0u
#define F16 1u
#define BF16 5u
#define BFP8B 6u

static struct sim_tensix *tx;
static uint8_t *l1;
static char fault[TX_FAULT_MAX];
static uint64_t rng = 88172645463325252ull;

static inline uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

static inline uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static inline float bitsf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* A random bf16-exact value in [-range, range). */
static inline float rnd_bf16(float range)
{
	float f = ((float)(rnd() % 65536) / 32768.0f - 1.0f) * range;
	return bitsf(fbits(f) & 0xFFFF0000u);
}

/* The test's own bf16 round to nearest even of a finite value. */
static inline float ref_rne(float f)
{
	uint32_t u = fbits(f);
	uint32_t lsb = (u >> 16) & 1;
	return bitsf((u + 0x7FFF + lsb) & 0xFFFF0000u);
}

static inline int st(int hart, uint32_t addr, uint32_t val)
{
	fault[0] = '\0';
	return sim_tensix_store(tx, hart, addr, val, fault, sizeof(fault));
}

static inline uint32_t ld(int hart, uint32_t addr)
{
	uint32_t v = 0xDEADBEEF;
	CHECK_EQ(sim_tensix_load(tx, hart, addr, &v, fault, sizeof(fault)), 0);
	return v;
}

/* Arguments then the opcode, as the SDK writes them. */
static inline int cmd(int hart, uint32_t op, int n, const uint32_t *a)
{
	for (int i = 0; i < n; i++)
		CHECK_EQ(st(hart, TT_TX_ARG(i), a[i]), 0);
	return st(hart, TT_TX_CMD, op);
}

#define CMD(hart, op, ...) \
	cmd(hart, op, (int)(sizeof((uint32_t[]){ __VA_ARGS__ }) / 4), (uint32_t[]){ __VA_ARGS__ })

static inline void config(uint32_t mode, uint32_t sync, uint32_t fid)
{
	CHECK_EQ(st(M, TT_TX_RESET, 1), 0);
	for (int h = U; h <= P; h++)
		CHECK_EQ(CMD(h, TT_TX_OP_CONFIG, mode, sync, fid, 0), 0);
}

/* Offset of element (i, j) in a tile of four 16x16 faces (kernel-api §4). */
static inline unsigned face_off(unsigned i, unsigned j)
{
	unsigned face = (i < 16 ? 0 : 2) + (j < 16 ? 0 : 1);
	return face * 256 + (i % 16) * 16 + (j % 16);
}

static inline void put_f32(uint32_t addr, const float *m)
{
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++)
			memcpy(l1 + addr + 4 * face_off(i, j), &m[i * 32 + j], 4);
}

static inline void put_bf16(uint32_t addr, const float *m)
{
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++) {
			uint16_t h = (uint16_t)(fbits(m[i * 32 + j]) >> 16);
			memcpy(l1 + addr + 2 * face_off(i, j), &h, 2);
		}
}

static inline float get_f32(uint32_t addr, unsigned i, unsigned j)
{
	float f;
	memcpy(&f, l1 + addr + 4 * face_off(i, j), 4);
	return f;
}

static inline uint16_t get_bf16_bits(uint32_t addr, unsigned i, unsigned j)
{
	uint16_t h;
	memcpy(&h, l1 + addr + 2 * face_off(i, j), 2);
	return h;
}

static inline float get_bf16(uint32_t addr, unsigned i, unsigned j)
{
	return bitsf((uint32_t)get_bf16_bits(addr, i, j) << 16);
}

static inline int unpack(int srcb, uint32_t addr, uint32_t fmt, uint32_t flags)
{
	return CMD(U, srcb ? TT_TX_OP_UNPACK_B : TT_TX_OP_UNPACK_A, addr, fmt, flags, srcb, 4096, 0);
}

static inline int pack(uint32_t idx, uint32_t addr, uint32_t fmt)
{
	return CMD(P, TT_TX_OP_PACK, idx, addr, fmt, 16, 4096, 0);
}

static inline void commit_pack_release(uint32_t idx, uint32_t addr, uint32_t fmt)
{
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COMMIT, 0), 0);
	CHECK_EQ(pack(idx, addr, fmt), 0);
	CHECK_EQ(CMD(P, TT_TX_OP_PACK_RELEASE, 0), 0);
}

/* One copy of a float32 tile through DST to out, unpacked to DST (an
 * UnpackToDestFp32 CB) unless flags say otherwise. */
static inline void roundtrip_flags(const float *m, uint32_t in_fmt, uint32_t out_fmt,
				   uint32_t flags)
{
	if (in_fmt == F32)
		put_f32(IN0, m);
	else
		put_bf16(IN0, m);
	CHECK_EQ(unpack(0, IN0, in_fmt, flags), 0);
	CHECK_EQ(CMD(M, TT_TX_OP_MATH_COPY, 0), 0);
	commit_pack_release(0, OUT, out_fmt);
}

static inline void roundtrip(const float *m, uint32_t in_fmt, uint32_t out_fmt)
{
	roundtrip_flags(m, in_fmt, out_fmt, TT_TX_UNPACK_TO_DEST);
}

static inline void tensix_open(void)
{
	l1 = calloc(1, L1_SIZE);
	REQUIRE(l1 != NULL, "calloc");
	tx = sim_tensix_new(l1, L1_SIZE);
	REQUIRE(tx != NULL, "sim_tensix_new");
}

static inline void tensix_close(void)
{
	sim_tensix_free(tx);
	free(l1);
}

#endif
