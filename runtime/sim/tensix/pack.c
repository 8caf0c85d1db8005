/* SPDX-License-Identifier: Apache-2.0
 *
 * The packer (TRISC2): a DST tile of pack's section into a CB page of L1,
 * in the CB's format: fp32 -> bf16 rounds to nearest with ties away from
 * zero, NaN becomes Inf, denormals flush to zero (reference §3.4); to
 * Float16 nearest even; to Bfp8_b each face row shares its largest
 * exponent and the mantissas round to it. Int32, UInt32 and UInt16 are
 * DST's bits (UInt16: the low 16 of an fp32 DST, a 16-bit DST's 16).
 * Untilize writes the same values as rows of row-major data instead of the
 * four faces. A tile smaller than 32x32 (ARG5) is DST's faces it has, each
 * from its top row.
 */
#include "tensix.h"
#include "formats.h"

#include <stdio.h>
#include <string.h>

/* Integer data from a 16-bit DST: a UInt16 is its 16 bits, put into
 * bits[]; 32-bit integers do not fit. d itself, or NULL after tx_fail. */
static const float *int16_dst(struct sim_tensix *tx, const float *d, uint32_t fmt, uint32_t cb,
			      float *bits)
{
	char name[16];

	if (!tx_format_is_int(fmt) || tx->dst_mode == TT_TX_DST_FP32)
		return d;
	if (fmt != TX_FMT_UINT16) {
		tx_fail(tx, "pack: %s data needs an fp32 DST (fp32_dest_acc_en), not a 16-bit "
			"one, CB %u", tx_format_name(fmt, name, sizeof(name)), cb);
		return NULL;
	}
	for (unsigned i = 0; i < TX_TILE_ELEMS; i++)
		bits[i] = tx_float(tx_bits(d[i]) >> 16);
	return bits;
}

/* Pack's DST tile idx as the output format takes it, or NULL after
 * tx_fail (with the CB in the text). */
static const float *pack_source(struct sim_tensix *tx, uint32_t idx, uint32_t fmt, uint32_t cb,
				float *bits)
{
	const float *d = tx_dst_pack_tile(tx, idx);

	if (!d) {
		size_t n = tx->fault ? strlen(tx->fault) : 0;
		if (n && n < tx->fault_len)
			snprintf(tx->fault + n, tx->fault_len - n, ", CB %u", cb);
		return NULL;
	}
	return int16_dst(tx, d, fmt, cb, bits);
}

int tx_pack(struct sim_tensix *tx)
{
	uint32_t idx = tx_arg(tx, 0), addr = tx_arg(tx, 1), fmt = tx_arg(tx, 2);
	uint32_t cb = tx_arg(tx, 3), page = tx_arg(tx, 4);
	float bits[TX_TILE_ELEMS];
	struct tx_shape shape;
	const float *d;
	unsigned bytes;

	if (tx_tile_geometry(tx, "pack", fmt, cb, page, &shape, &bytes))
		return -1;
	if (addr >= tx->l1_size || bytes > tx->l1_size - addr)
		return tx_fail(tx, "pack: CB %u tile at 0x%x+%u is outside L1", cb, addr, bytes);
	if (tx_cb_window(tx, cb, addr, bytes, 1, "tile"))
		return -1;
	d = pack_source(tx, idx, fmt, cb, bits);
	if (!d)
		return -1;
	tx_tile_to_l1(d, fmt, &shape, tx->l1 + addr);
	return 0;
}

/* Untilize: DST tile idx as 32 rows of 32 values, ARG5 bytes apart. */
int tx_pack_untilize(struct sim_tensix *tx)
{
	uint32_t idx = tx_arg(tx, 0), addr = tx_arg(tx, 1), fmt = tx_arg(tx, 2);
	uint32_t cb = tx_arg(tx, 3), pitch = tx_arg(tx, 5);
	unsigned size = tx_format_datum_bytes(fmt);
	uint64_t end = (uint64_t)addr + 31ull * pitch + TX_TILE_DIM * size;
	float bits[TX_TILE_ELEMS];
	const float *d;
	char name[16];

	if (!size)
		return tx_fail(tx, "pack: untilize into %s (%u) CB %u: row-major data is Float32, "
			       "Float16_b, Float16, Int32, UInt32 or UInt16",
			       tx_format_name(fmt, name, sizeof(name)), fmt, cb);
	if (pitch < TX_TILE_DIM * size)
		return tx_fail(tx, "pack: untilize into CB %u: rows of %u bytes are shorter than a "
			       "tile's 32 values", cb, pitch);
	if (end > tx->l1_size)
		return tx_fail(tx, "pack: CB %u rows at 0x%x (pitch %u) reach outside L1", cb, addr,
			       pitch);
	if (tx_cb_window(tx, cb, addr, (uint32_t)(end - addr), 1, "rows"))
		return -1;
	d = pack_source(tx, idx, fmt, cb, bits);
	if (!d)
		return -1;
	tx_rows_to_l1(d, fmt, tx->l1 + addr, pitch);
	return 0;
}
