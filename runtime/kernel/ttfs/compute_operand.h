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

// DST tile idst into byte address addr in `format`.
inline void pack_at(uint32_t idst, uint32_t addr, uint32_t format, const char *call)
{
	check_dst(idst, call);
	arg(0, idst);
	arg(1, addr);
	arg(2, format);
	arg(3, TT_TX_NO_CB);
	arg(4, 0);
	cmd(TT_TX_OP_PACK);
}

}  // namespace tx
}  // namespace ttfs
