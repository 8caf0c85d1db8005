// SPDX-License-Identifier: Apache-2.0
//
// The coprocessor commands of the 2.0 compute API, whose operands are L1
// addresses with their format (LLKOperand) instead of CBs: the same
// unpack and pack commands as compute_llk.h's, with no CB to check or
// name (TT_TX_NO_CB; the tile's size is the format's, so the page check
// is off). Math is the same as the CB forms'. Kernels never include this.
#pragma once

#include "ttfs/compute_llk.h"

namespace ttfs {
namespace tx {

// A tile at byte address addr in `format` into the next SrcA (op
// UNPACK_A) or SrcB entry, once one is free.
inline void unpack_at(uint32_t op, uint32_t addr, uint32_t format, uint32_t flags)
{
	if (op == TT_TX_OP_UNPACK_A) {
		while (TT_TX_SRCA_COUNT(src_status()) >= TT_TX_SRC_DEPTH)
			;
	} else {
		while (TT_TX_SRCB_COUNT(src_status()) >= TT_TX_SRC_DEPTH)
			;
	}
	arg(0, addr);
	arg(1, format);
	arg(2, flags);
	arg(3, TT_TX_NO_CB);
	arg(4, 0);
	cmd(op);
}

// A pack command `op` of DST tile idst to byte address addr in `format`
// (ARG5: PACK_UNTILIZE's row pitch).
inline void pack_cmd(uint32_t op, uint32_t idst, uint32_t addr, uint32_t format, uint32_t pitch,
		     const char *call)
{
	check_dst(idst, call);
	arg(0, idst);
	arg(1, addr);
	arg(2, format);
	arg(3, TT_TX_NO_CB);
	arg(4, 0);
	arg(5, pitch);
	cmd(op);
}

// DST tile idst into byte address addr in `format`.
inline void pack_at(uint32_t idst, uint32_t addr, uint32_t format, const char *call)
{
	pack_cmd(TT_TX_OP_PACK, idst, addr, format, 0, call);
}

// Tilize: tile `tile` of row-major data at byte address base, in tile
// rows `width` tiles wide (32 rows of 32 x width values), into the next
// SrcA entry; tile t is columns 32 (t % width) of tile row t / width.
inline void unpack_tilize_at(uint32_t base, uint32_t format, uint32_t tile, uint32_t width,
			     uint32_t flags)
{
	uint32_t size = datum_bytes(format), pitch = width * TILE_DIM_VALUES * size;
	uint32_t addr = base + tile / width * TILE_DIM_VALUES * pitch +
			tile % width * TILE_DIM_VALUES * size;

	while (TT_TX_SRCA_COUNT(src_status()) >= TT_TX_SRC_DEPTH)
		;
	arg(0, addr);
	arg(1, format);
	arg(2, pitch);
	arg(3, TT_TX_NO_CB);
	arg(4, 0);
	arg(5, flags);
	cmd(TT_TX_OP_UNPACK_TILIZE_A);
}

// Untilize: DST tile idst as 32 rows of row-major data at byte address
// addr, rows `pitch` bytes apart.
inline void pack_untilize_at(uint32_t idst, uint32_t addr, uint32_t format, uint32_t pitch,
			     const char *call)
{
	pack_cmd(TT_TX_OP_PACK_UNTILIZE, idst, addr, format, pitch, call);
}

}  // namespace tx
}  // namespace ttfs
