/* SPDX-License-Identifier: Apache-2.0
 *
 * The DST register file and its sections: math writes tiles of its
 * section, tile_regs_commit hands the section to pack (SEMPOST MATH_PACK)
 * and moves math to the other one; pack reads tiles of its section, and
 * tile_regs_release zeroes it, frees it (SEMGET MATH_PACK) and moves pack
 * on (reference/noc-and-sfpu.md §4.3). SyncFull has one section of all
 * tiles; SyncHalf two of half each. A 16-bit DST holds 16 tiles, an fp32
 * DST 8.
 */
#include "tensix.h"
#include "formats.h"

#include <stdio.h>
#include <string.h>

unsigned tx_dst_tiles(const struct sim_tensix *tx)
{
	return TT_TX_DST_TILES(tx->dst_mode, tx->sync);
}

unsigned tx_dst_sections(const struct sim_tensix *tx)
{
	return tx->sync == TT_TX_SYNC_HALF ? 2 : 1;
}

const char *tx_dst_describe(const struct sim_tensix *tx, char *buf, size_t len)
{
	snprintf(buf, len, "%s, %s DST", tx->sync == TT_TX_SYNC_HALF ? "SyncHalf" : "SyncFull",
		 tx->dst_mode == TT_TX_DST_FP32 ? "fp32" : "16-bit");
	return buf;
}

static uint32_t section_mask(const struct sim_tensix *tx, unsigned sec)
{
	unsigned n = tx_dst_tiles(tx);

	return ((1u << n) - 1) << (sec * n);
}

/* Only written tiles need zeroing: every write marks its tile. */
void tx_dst_reset(struct sim_tensix *tx)
{
	for (unsigned t = 0; t < TX_DST_SLOTS; t++)
		if (tx->dst_written & (1u << t))
			memset(tx->dst[t], 0, sizeof(tx->dst[t]));
	tx->dst_written = 0;
	atomic_store(&tx->math_sec, 0);
	atomic_store(&tx->pack_sec, 0);
}

int tx_dst_math_writable(struct sim_tensix *tx, const char *unit)
{
	unsigned used = atomic_load(&tx->sem[TT_TX_SEM_MATH_PACK]);

	if (used >= tx_dst_sections(tx))
		return tx_fail(tx, "%s: DST write without tile_regs_acquire (%u of %u sections "
			       "committed, none released by pack)", unit, used, tx_dst_sections(tx));
	return 0;
}

static int check_index(struct sim_tensix *tx, uint32_t idx, const char *unit)
{
	char desc[32];

	if (idx < tx_dst_tiles(tx))
		return 0;
	return tx_fail(tx, "%s: DST index %u out of range (%u tiles per section: %s)", unit, idx,
		       tx_dst_tiles(tx), tx_dst_describe(tx, desc, sizeof(desc)));
}

float *tx_dst_math_tile(struct sim_tensix *tx, uint32_t idx, const char *unit)
{
	unsigned slot;

	if (check_index(tx, idx, unit) || tx_dst_math_writable(tx, unit))
		return NULL;
	slot = atomic_load(&tx->math_sec) * tx_dst_tiles(tx) + idx;
	return tx->dst[slot];
}

float *tx_dst_pack_tile(struct sim_tensix *tx, uint32_t idx)
{
	if (check_index(tx, idx, "pack"))
		return NULL;
	if (!atomic_load(&tx->sem[TT_TX_SEM_MATH_PACK])) {
		tx_fail(tx, "pack: pack_tile without tile_regs_wait (no DST section committed by "
			"math)");
		return NULL;
	}
	return tx->dst[atomic_load(&tx->pack_sec) * tx_dst_tiles(tx) + idx];
}

/* bf16 bits of x, nearest even; a NaN stays NaN (quieted). */
static inline uint32_t dst16(uint32_t x)
{
	uint32_t nan = (x & 0x7FFFFFFFu) > 0x7F800000u;
	uint32_t r = (x + 0x7FFFu + ((x >> 16) & 1u)) & 0xFFFF0000u;

	return nan ? (x | 0x00400000u) & 0xFFFF0000u : r;
}

/* What a 16-bit DST keeps of a math result: bf16, nearest even. */
void tx_dst_store(const struct sim_tensix *tx, float *d, unsigned n)
{
	uint32_t u[64];
	unsigned b = 0;

	if (tx->dst_mode == TT_TX_DST_FP32)
		return;
	/* In blocks the compiler vectorises, then the rest (a row of 32). */
	for (; b + 64 <= n; b += 64) {
		memcpy(u, d + b, sizeof(u));
		for (unsigned i = 0; i < 64; i++)
			u[i] = dst16(u[i]);
		memcpy(d + b, u, sizeof(u));
	}
	memcpy(u, d + b, (n - b) * sizeof(*u));
	for (unsigned i = 0; i < n - b; i++)
		u[i] = dst16(u[i]);
	memcpy(d + b, u, (n - b) * sizeof(*u));
}

int tx_dst_commit(struct sim_tensix *tx)
{
	unsigned used = atomic_load(&tx->sem[TT_TX_SEM_MATH_PACK]);

	if (used >= tx_dst_sections(tx))
		return tx_fail(tx, "math: tile_regs_commit without tile_regs_acquire (%u of %u "
			       "sections already committed)", used, tx_dst_sections(tx));
	atomic_store(&tx->sem[TT_TX_SEM_MATH_PACK], used + 1);
	atomic_store(&tx->math_sec, (atomic_load(&tx->math_sec) + 1) % tx_dst_sections(tx));
	tx->sfpu.rwc = 0;
	return 0;
}

int tx_dst_release(struct sim_tensix *tx)
{
	unsigned used = atomic_load(&tx->sem[TT_TX_SEM_MATH_PACK]);
	unsigned sec = atomic_load(&tx->pack_sec), n = tx_dst_tiles(tx);

	if (!used)
		return tx_fail(tx, "pack: tile_regs_release without tile_regs_wait (no DST section "
			       "committed by math)");
	for (unsigned t = sec * n; t < (sec + 1) * n; t++)
		if (tx->dst_written & (1u << t))
			memset(tx->dst[t], 0, sizeof(tx->dst[t]));
	tx->dst_written &= ~section_mask(tx, sec);
	atomic_store(&tx->sem[TT_TX_SEM_MATH_PACK], used - 1);
	atomic_store(&tx->pack_sec, (sec + 1) % tx_dst_sections(tx));
	return 0;
}
