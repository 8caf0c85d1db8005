/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulator's functional Tensix coprocessor: the state one core's
 * three TRISCs drive through the MMIO command set of tt/tensix.h, and the
 * units that act on it (one file each: unpack, math, dst, pack, sfpu,
 * formats). docs/tensix.md describes it for users.
 *
 * Values: every tile is held as 32x32 floats in row-major (i, j) order;
 * the four-face layout exists only in L1 (unpack and pack convert) and in
 * the SFPU's view of DST rows (sfpu.c maps rows to (i, j)). A 16-bit DST
 * holds bf16 values as floats whose low 16 bits are zero.
 *
 * Threads: the commands run on the core's scheduler thread. The host
 * reads status registers and semaphores from other threads; those are
 * atomics. Nothing here writes from another thread.
 */
#ifndef TTFS_SIM_TENSIX_H
#define TTFS_SIM_TENSIX_H

#include "tt/tensix.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define TX_TILE_DIM 32
#define TX_TILE_ELEMS (TX_TILE_DIM * TX_TILE_DIM)
#define TX_DST_SLOTS 16                /* physical tiles: 16 of 16 bits, or 8 of fp32 */
#define TX_HART_TRISC0 2               /* hart ids of TRISC0..2 in a core */
#define TX_FAULT_MAX 160

/* An unpacked operand: a tile in SrcA or SrcB. fp32 marks a tile
 * unpacked from Float32 whose values are kept whole: math truncates them
 * to TF32 when it uses them as operands, and so does a datacopy, unless
 * to_dest (the CB is UnpackToDestFp32: tt-metal's unpack-to-dest) and DST
 * is fp32, which keeps them whole. An integer format's tile (fmt
 * Int32, UInt32, UInt16) holds each value's bits in its float, UInt16
 * zero-extended; a datacopy moves the bits (formats.h, tx_format_is_int). */
struct tx_src {
	_Alignas(32) float v[TX_TILE_ELEMS];
	int fp32;
	int to_dest;
	uint32_t fmt;
	uint8_t rows, cols;            /* the CB's tile shape (TT_TX_SHAPE) */
};

struct tx_src_queue {
	struct tx_src e[TT_TX_SRC_DEPTH];
	unsigned head;                 /* oldest entry */
	_Atomic unsigned count;
};

struct tx_sfpu {
	uint32_t r[TT_TX_SFPU_REGS][TT_TX_SFPU_LANES];
	uint8_t flags[TT_TX_SFPU_LANES];
	uint8_t on;                    /* lane flags decide which lanes are enabled */
	uint8_t stack_flags[TT_TX_SFPU_STACK][TT_TX_SFPU_LANES];
	uint8_t stack_on[TT_TX_SFPU_STACK];
	unsigned depth;
	uint32_t imm;
	uint32_t rwc;
	uint32_t prng[TT_TX_SFPU_LANES];   /* each lane's LFSR (TT_TX_SFPU_RAND) */
};

struct sim_tensix {
	uint8_t *l1;
	uint32_t l1_size;

	uint32_t args[3][TT_TX_NUM_ARGS];   /* per TRISC */

	/* configuration (TT_TX_OP_CONFIG); the host reads the DST's */
	_Atomic uint32_t dst_mode, sync;
	uint32_t fidelity, approx;

	_Alignas(32) float dst[TX_DST_SLOTS][TX_TILE_ELEMS];
	/* Tiles written since their section was last zeroed: a max reduce
	 * into a fresh tile takes the reduced value rather than max(0, x). */
	uint32_t dst_written;
	_Atomic unsigned math_sec, pack_sec;

	struct tx_src_queue srca, srcb;
	struct tx_sfpu sfpu;

	_Atomic uint32_t sem[TT_TX_NUM_SEMS], sem_max[TT_TX_NUM_SEMS];

	/* The NOC sanitizer's CB check of an unpacked or packed tile
	 * (noc_sanitize.h, sim_sanitize_tile); NULL: unchecked. */
	int (*tile_check)(void *ctx, int hart, uint32_t cb, uint32_t addr, uint32_t len, int into,
			  char *why, size_t why_len);
	void *tile_check_ctx;

	/* The issuing hart's fault text, set by a failing command. */
	int hart;
	char *fault;
	size_t fault_len;
};

/* tensix.c: the MMIO entry points. hart is the issuing hart (0..4), or
 * -1 for the host, which may only read (from any thread: the load path
 * writes nothing). A failing access returns -1 with the reason in fault
 * (which may be NULL). Addresses outside the coprocessor's windows: -2. */
struct sim_tensix *sim_tensix_new(uint8_t *l1, uint32_t l1_size);
void sim_tensix_free(struct sim_tensix *tx);
void sim_tensix_reset(struct sim_tensix *tx);
int sim_tensix_load(struct sim_tensix *tx, int hart, uint32_t addr, uint32_t *val, char *fault,
		    size_t fault_len);
int sim_tensix_store(struct sim_tensix *tx, int hart, uint32_t addr, uint32_t val, char *fault,
		     size_t fault_len);
int sim_tensix_owns(uint32_t addr);

/* The unit's (role's) len bytes of L1 at addr in CB cb, written (into) or
 * read, against the pages the issuing TRISC holds: 0, or -1 after
 * tx_fail ("pack: tile of 2048 bytes to L1 0x37800: CB 16 overrun: ..."). */
int tx_cb_window(struct sim_tensix *tx, uint32_t cb, uint32_t addr, uint32_t len, int into,
		 const char *what);

/* Record why the current command fails; returns -1. */
int tx_fail(struct sim_tensix *tx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *tx_role(int hart);
uint32_t tx_arg(const struct sim_tensix *tx, unsigned i);

/* dst.c */
unsigned tx_dst_tiles(const struct sim_tensix *tx);      /* per section */
unsigned tx_dst_sections(const struct sim_tensix *tx);
const char *tx_dst_describe(const struct sim_tensix *tx, char *buf, size_t len);
/* Math's tile idx of its current section, or NULL after tx_fail. */
float *tx_dst_math_tile(struct sim_tensix *tx, uint32_t idx, const char *unit);
float *tx_dst_pack_tile(struct sim_tensix *tx, uint32_t idx);
int tx_dst_math_writable(struct sim_tensix *tx, const char *unit);
void tx_dst_store(const struct sim_tensix *tx, float *d, unsigned n);   /* 16-bit rounding */
int tx_dst_commit(struct sim_tensix *tx);
int tx_dst_release(struct sim_tensix *tx);
void tx_dst_reset(struct sim_tensix *tx);

/* unpack.c */
struct tx_shape;
int tx_tile_geometry(struct sim_tensix *tx, const char *unit, uint32_t fmt, uint32_t cb,
		     uint32_t page, struct tx_shape *shape, unsigned *bytes);
int tx_unpack(struct sim_tensix *tx, int srcb);
int tx_unpack_tilize(struct sim_tensix *tx);
struct tx_src *tx_src_front(struct sim_tensix *tx, int srcb, const char *unit);
void tx_src_pop(struct sim_tensix *tx, int srcb);

/* math.c */
int tx_math_copy(struct sim_tensix *tx);
int tx_math_eltwise(struct sim_tensix *tx);
int tx_math_matmul(struct sim_tensix *tx);
int tx_math_reduce(struct sim_tensix *tx);
int tx_math_bcast(struct sim_tensix *tx);
int tx_math_reuse(struct sim_tensix *tx);
/* a * b with the multiplier's fidelity phases (reference §3.6). */
float tx_fidelity_mul(float a, float b, unsigned fidelity);

/* pack.c */
int tx_pack(struct sim_tensix *tx);
int tx_pack_untilize(struct sim_tensix *tx);

/* sfpu.c */
int tx_sfpu_exec(struct sim_tensix *tx, uint32_t word);
void tx_sfpu_reset(struct sim_tensix *tx);

#endif
