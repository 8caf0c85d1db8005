// SPDX-License-Identifier: Apache-2.0
//
// DPRINT of a slice of a CB tile, as tt-metal's TSLICE:
//   DPRINT << TSLICE(cb, tile, SliceRange{.h0 = 0, .h1 = 32, .hs = 8,
//                                         .w0 = 0, .w1 = 32, .ws = 8}) << ENDL();
// prints the elements (h, w) for h = h0, h0 + hs, ... < h1 and w likewise,
// row-major (rows end in a newline unless endl_rows is false), read from
// the tile in L1 through its four 16x16 faces. The tile is `tile` pages
// past the CB's read pointer on the unpacker (TRISC0), its write pointer
// on the packer (TRISC2), and the pointer ptr_type names on BRISC and
// NCRISC (the read pointer unless told). Float32 and Float16_b tiles print
// as floats; other formats, and the math TRISC (which has no CBs), print a
// note instead. Included by api/debug/dprint.h.
#pragma once

#include "ttfs/kernel_base.h"

#if __has_include("chlkc_descriptors.h")
#include "chlkc_descriptors.h"
#endif

struct SliceRange {
	uint8_t h0, h1, hs, w0, w1, ws;

	static constexpr SliceRange hw0_32_16() { return SliceRange{ 0, 32, 16, 0, 32, 16 }; }
	static constexpr SliceRange hw0_32_8() { return SliceRange{ 0, 32, 8, 0, 32, 8 }; }
	static constexpr SliceRange hw0_32_4() { return SliceRange{ 0, 32, 4, 0, 32, 4 }; }
	static constexpr SliceRange h0_w0_32() { return SliceRange{ 0, 1, 1, 0, 32, 1 }; }
	static constexpr SliceRange h0_32_w0() { return SliceRange{ 0, 32, 1, 0, 1, 1 }; }
	static constexpr SliceRange hw041() { return SliceRange{ 0, 4, 1, 0, 4, 1 }; }
};

enum TSliceCbType : uint8_t { TSLICE_INPUT_CB = 0, TSLICE_OUTPUT_CB = 1 };
enum TSlicePtrType : uint8_t { TSLICE_RD_PTR = 0, TSLICE_WR_PTR = 1 };

struct TileSlice {
	uint8_t cb;
	uint32_t tile;
	SliceRange s;
	TSliceCbType cb_type;
	TSlicePtrType ptr_type;
	bool endl_rows;
	bool print_untilized;

	TileSlice(uint8_t cb_id, int tile_idx, const SliceRange &range,
		  TSliceCbType type = TSLICE_INPUT_CB, TSlicePtrType ptr = TSLICE_RD_PTR,
		  bool endl = true, bool untilized = true)
		: cb(cb_id), tile(static_cast<uint32_t>(tile_idx)), s(range), cb_type(type),
		  ptr_type(ptr), endl_rows(endl), print_untilized(untilized)
	{
	}
};

#define TSLICE TileSlice

namespace ttfs {

// The tile's L1 byte address, format (0 Float32, 5 Float16_b, else not
// printable) and the reason when there is none.
struct tile_view {
	uint32_t addr;
	uint32_t format;
	const char *why;
};

inline tile_view tslice_view(const TileSlice &t)
{
	uint32_t hart = fw()->hart_id;
	tile_view v = { 0, 0xff, nullptr };

	if (hart == 3)
		return { 0, 0xff, "<TSLICE: the math thread has no CBs>" };
	if (t.cb >= TT_NUM_CIRCULAR_BUFFERS || fw()->cb_interface[t.cb].fifo_size == 0)
		return { 0, 0xff, "<TSLICE: CB not configured>" };
	volatile tt_local_cb_interface &c = fw()->cb_interface[t.cb];
	unsigned shift = hart >= 2 ? TT_CB_COMPUTE_ADDR_SHIFT : 0;
	bool wr = hart == 4 || (hart < 2 && t.ptr_type == TSLICE_WR_PTR);
	uint32_t base = wr ? c.fifo_wr_ptr : c.fifo_rd_ptr;

	v.addr = (base + t.tile * c.fifo_page_size) << shift;
#if defined(TTFS_CHLKC_DESCRIPTORS)
	v.format = wr ? pack_dst_format[t.cb] : unpack_src_format[t.cb];
#else
	uint32_t page = c.fifo_page_size << shift;
	v.format = page == 4096 ? 0u : page == 2048 ? 5u : 0xffu;
#endif
	if (v.format != 0 && v.format != 5)
		v.why = "<TSLICE: only Float32 and Float16_b tiles print>";
	return v;
}

// Element (h, w) of a 32x32 tile: faces in the order top-left, top-right,
// bottom-left, bottom-right, each row-major (or the raw order).
inline float tslice_elem(const tile_view &v, uint32_t h, uint32_t w, bool untilized)
{
	uint32_t i = untilized ? ((h / 16) * 2 + w / 16) * 256 + (h % 16) * 16 + w % 16 : h * 32 + w;
	uint32_t bits;
	float f;

	if (v.format == 0)
		bits = *reinterpret_cast<volatile uint32_t *>(static_cast<uintptr_t>(v.addr + 4 * i));
	else
		bits = static_cast<uint32_t>(*reinterpret_cast<volatile uint16_t *>(
			       static_cast<uintptr_t>(v.addr + 2 * i)))
		       << 16;
	__builtin_memcpy(&f, &bits, 4);
	return f;
}

}  // namespace ttfs
