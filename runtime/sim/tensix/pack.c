/* SPDX-License-Identifier: Apache-2.0
 *
 * The packer (TRISC2): a DST tile of pack's section into a CB page of L1,
 * in the CB's format: fp32 -> bf16 rounds to nearest with ties away from
 * zero, NaN becomes Inf, denormals flush to zero (reference §3.4); to
 * Float16 nearest even; to Bfp8_b each face row shares its largest
 * exponent and the mantissas round to it.
 */
#include "tensix.h"
#include "formats.h"

#include <stdio.h>
#include <string.h>

int tx_pack(struct sim_tensix *tx)
{
	uint32_t idx = tx_arg(tx, 0), addr = tx_arg(tx, 1), fmt = tx_arg(tx, 2);
	uint32_t cb = tx_arg(tx, 3), page = tx_arg(tx, 4);
	unsigned bytes = tx_format_tile_bytes(fmt);
	const float *d;
	char name[16];

	if (!bytes)
		return tx_fail(tx, "pack: unsupported data format %s (%u) in CB %u",
			       tx_format_name(fmt, name, sizeof(name)), fmt, cb);
	if (page && page < bytes)
		return tx_fail(tx, "pack: CB %u pages of %u bytes are smaller than a %s tile "
			       "(%u bytes)", cb, page, tx_format_name(fmt, name, sizeof(name)),
			       bytes);
	if (addr >= tx->l1_size || bytes > tx->l1_size - addr)
		return tx_fail(tx, "pack: CB %u tile at 0x%x+%u is outside L1", cb, addr, bytes);
	d = tx_dst_pack_tile(tx, idx);
	if (!d) {
		size_t n = tx->fault ? strlen(tx->fault) : 0;
		if (n && n < tx->fault_len)
			snprintf(tx->fault + n, tx->fault_len - n, ", CB %u", cb);
		return -1;
	}
	tx_tile_to_l1(d, fmt, tx->l1 + addr);
	return 0;
}
