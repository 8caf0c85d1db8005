/* SPDX-License-Identifier: Apache-2.0
 *
 * The unpacker (TRISC0): a tile in a CB page of L1 into the next free
 * SrcA or SrcB entry. Silicon's operand registers are double-buffered
 * between unpacker and math (reference/noc-and-sfpu.md §4.4); here each
 * is a queue of TT_TX_SRC_DEPTH tiles that TT_TX_SRC_STATUS counts.
 *
 * Precision (§3.5): bf16, fp16 and Bfp8_b are held exactly; fp32 is kept
 * whole in the entry and marked, and math truncates it to TF32 when it
 * uses it as an operand (a datacopy of an UnpackToDestFp32 CB's tile into
 * an fp32 DST keeps it whole: silicon's unpacker writes DST directly).
 * Int32, UInt32 and UInt16 values are kept as bits.
 *
 * A CB's tile may be smaller than 32x32 (tt-metal's tiny tiles, ARG5):
 * its faces go to the register's faces in order, each from the face's
 * top row, as they go to DST on silicon.
 */
#include "tensix.h"
#include "formats.h"

#include <string.h>

static const char *src_name(int srcb)
{
	return srcb ? "SrcB" : "SrcA";
}

static void transpose(float *v)
{
	for (unsigned i = 0; i < TX_TILE_DIM; i++)
		for (unsigned j = i + 1; j < TX_TILE_DIM; j++) {
			float t = v[i * TX_TILE_DIM + j];
			v[i * TX_TILE_DIM + j] = v[j * TX_TILE_DIM + i];
			v[j * TX_TILE_DIM + i] = t;
		}
}

/* The next free entry of SrcA or SrcB, or NULL after tx_fail. */
static struct tx_src *src_next(struct sim_tensix *tx, int srcb, uint32_t cb)
{
	struct tx_src_queue *q = srcb ? &tx->srcb : &tx->srca;
	unsigned n = atomic_load(&q->count);

	if (n >= TT_TX_SRC_DEPTH) {
		tx_fail(tx, "unpack: %s full (%u tiles not used by math yet), CB %u: the "
			"unpacker did not wait on SRC_STATUS", src_name(srcb), n, cb);
		return NULL;
	}
	return &q->e[(q->head + n) % TT_TX_SRC_DEPTH];
}

static void src_push(struct sim_tensix *tx, int srcb)
{
	atomic_fetch_add(srcb ? &tx->srcb.count : &tx->srca.count, 1);
}

/* The CB's tile shape of ARG5 (TT_TX_SHAPE), and the bytes of such a
 * tile in fmt, checked against the CB's page: 0, or -1 after tx_fail
 * (unit "unpack" or "pack"). */
int tx_tile_geometry(struct sim_tensix *tx, const char *unit, uint32_t fmt, uint32_t cb,
		     uint32_t page, struct tx_shape *shape, unsigned *bytes)
{
	uint32_t arg = tx_arg(tx, 5);
	char name[16];

	if (tx_shape_of(arg, shape))
		return tx_fail(tx, "%s: CB %u tile shape %ux%u is not one of tt-metal's (%s)", unit,
			       cb, TT_TX_SHAPE_ROWS(arg), TT_TX_SHAPE_COLS(arg), TT_TX_SHAPES);
	*bytes = tx_format_tile_bytes(fmt, shape);
	if (!*bytes)
		return tx_fail(tx, "%s: unsupported data format %s (%u) in CB %u", unit,
			       tx_format_name(fmt, name, sizeof(name)), fmt, cb);
	if (page && page < *bytes)
		return tx_fail(tx, "%s: CB %u pages of %u bytes are smaller than a %s tile "
			       "(%u bytes)", unit, cb, page, tx_format_name(fmt, name, sizeof(name)),
			       *bytes);
	return 0;
}

int tx_unpack(struct sim_tensix *tx, int srcb)
{
	uint32_t addr = tx_arg(tx, 0), fmt = tx_arg(tx, 1), flags = tx_arg(tx, 2);
	uint32_t cb = tx_arg(tx, 3), page = tx_arg(tx, 4);
	struct tx_shape shape;
	unsigned bytes;
	struct tx_src *e;

	if (tx_tile_geometry(tx, "unpack", fmt, cb, page, &shape, &bytes))
		return -1;
	if (addr >= tx->l1_size || bytes > tx->l1_size - addr)
		return tx_fail(tx, "unpack: CB %u tile at 0x%x+%u is outside L1", cb, addr, bytes);
	if (tx_cb_window(tx, cb, addr, bytes, 0, "tile"))
		return -1;
	e = src_next(tx, srcb, cb);
	if (!e)
		return -1;
	/* A smaller tile leaves the rest of the register zero, so that a
	 * matmul of an M x 32 tile sums nothing else. */
	if (tx_shape_face_rows(&shape) < 64)
		memset(e->v, 0, sizeof(e->v));
	tx_tile_from_l1(tx->l1 + addr, fmt, &shape, e->v);
	if (flags & TT_TX_UNPACK_TRANSPOSE)
		transpose(e->v);
	e->fp32 = fmt == TX_FMT_FLOAT32;
	e->to_dest = !srcb && (flags & TT_TX_UNPACK_TO_DEST);
	e->fmt = fmt;
	e->rows = (uint8_t)shape.rows;
	e->cols = (uint8_t)shape.cols;
	src_push(tx, srcb);
	return 0;
}

/* Tilize: 32 rows of 32 values, ARG2 bytes apart, into SrcA. */
int tx_unpack_tilize(struct sim_tensix *tx)
{
	uint32_t addr = tx_arg(tx, 0), fmt = tx_arg(tx, 1), pitch = tx_arg(tx, 2);
	uint32_t cb = tx_arg(tx, 3);
	unsigned size = tx_format_datum_bytes(fmt);
	uint64_t end = (uint64_t)addr + 31ull * pitch + TX_TILE_DIM * size;
	struct tx_src *e;
	char name[16];

	if (!size)
		return tx_fail(tx, "unpack: tilize of %s (%u) data in CB %u: row-major data is "
			       "Float32, Float16_b, Float16, Int32, UInt32 or UInt16", tx_format_name(fmt, name, sizeof(name)),
			       fmt, cb);
	if (pitch < TX_TILE_DIM * size)
		return tx_fail(tx, "unpack: tilize in CB %u: rows of %u bytes are shorter than a "
			       "tile's 32 values", cb, pitch);
	if (end > tx->l1_size)
		return tx_fail(tx, "unpack: CB %u rows at 0x%x (pitch %u) reach outside L1", cb,
			       addr, pitch);
	if (tx_cb_window(tx, cb, addr, (uint32_t)(end - addr), 0, "rows"))
		return -1;
	e = src_next(tx, 0, cb);
	if (!e)
		return -1;
	tx_rows_from_l1(tx->l1 + addr, pitch, fmt, e->v);
	e->fp32 = fmt == TX_FMT_FLOAT32;
	e->to_dest = !!(tx_arg(tx, 5) & TT_TX_UNPACK_TO_DEST);
	e->fmt = fmt;
	e->rows = e->cols = TX_TILE_DIM;
	src_push(tx, 0);
	return 0;
}

struct tx_src *tx_src_front(struct sim_tensix *tx, int srcb, const char *unit)
{
	struct tx_src_queue *q = srcb ? &tx->srcb : &tx->srca;

	if (!atomic_load(&q->count)) {
		tx_fail(tx, "%s: %s empty (nothing unpacked): math did not wait on SRC_STATUS", unit,
			src_name(srcb));
		return NULL;
	}
	return &q->e[q->head];
}

void tx_src_pop(struct sim_tensix *tx, int srcb)
{
	struct tx_src_queue *q = srcb ? &tx->srcb : &tx->srca;

	q->head = (q->head + 1) % TT_TX_SRC_DEPTH;
	atomic_fetch_sub(&q->count, 1);
}
