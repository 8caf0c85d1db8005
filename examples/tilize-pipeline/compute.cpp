// SPDX-License-Identifier: Apache-2.0
//
// tilize-pipeline, compute (TRISC0..2): for each tile row of row-major x
// in c_0 (32 rows of 32 x wt values in wt pages):
//   tilize_block         c_0 rows  -> c_1 tiles
//   mul_tiles(x, x)      c_1 tiles -> c_2 tiles (x * x, one DST tile each)
//   pack_untilize_block  c_2 tiles -> c_16 rows
// so the writer sees row-major data again.
//
// Compile-time args: 0 tiles per row. Runtime args: 0 tile rows.
#include <cstdint>
#include "api/compute/tilize.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/pack_untilize.h"

constexpr uint32_t wt = get_compile_time_arg_val(0);
constexpr auto cb_rows = tt::CBIndex::c_0, cb_tiles = tt::CBIndex::c_1;
constexpr auto cb_sq = tt::CBIndex::c_2, cb_out = tt::CBIndex::c_16;

void kernel_main()
{
	uint32_t rows = get_arg_val<uint32_t>(0);

	for (uint32_t r = 0; r < rows; r++) {
		tilize_init(cb_rows, wt, cb_tiles);
		cb_wait_front(cb_rows, wt);
		cb_reserve_back(cb_tiles, wt);
		tilize_block(cb_rows, wt, cb_tiles);
		cb_push_back(cb_tiles, wt);
		cb_pop_front(cb_rows, wt);
		tilize_uninit(cb_rows, cb_tiles);

		binary_op_init_common(cb_tiles, cb_tiles, cb_sq);
		mul_tiles_init(cb_tiles, cb_tiles);
		cb_wait_front(cb_tiles, wt);
		for (uint32_t w = 0; w < wt; w++) {
			tile_regs_acquire();
			mul_tiles(cb_tiles, cb_tiles, w, w, 0);
			tile_regs_commit();
			tile_regs_wait();
			cb_reserve_back(cb_sq, 1);
			pack_tile(0, cb_sq);
			cb_push_back(cb_sq, 1);
			tile_regs_release();
		}
		cb_pop_front(cb_tiles, wt);

		pack_untilize_init<wt>(cb_sq, cb_out);
		cb_wait_front(cb_sq, wt);
		cb_reserve_back(cb_out, wt);
		pack_untilize_block<wt>(cb_sq, 1, cb_out);
		cb_push_back(cb_out, wt);
		cb_pop_front(cb_sq, wt);
		pack_untilize_uninit(cb_out);
	}
}
