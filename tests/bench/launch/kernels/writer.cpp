// SPDX-License-Identifier: Apache-2.0
// Writer of the launch benchmark (BRISC, NOC 0): c_0 to the destination
// buffer, one page at a time.
void kernel_main()
{
	uint32_t dst_addr = get_arg_val<uint32_t>(0);
	uint32_t num_tiles = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_id_out = tt::CBIndex::c_0;
	const uint32_t tile_bytes = get_tile_size(cb_id_out);
	const InterleavedAddrGenFast<true> dst = {
		.bank_base_address = dst_addr,
		.page_size = tile_bytes,
		.data_format = DataFormat::Float16_b,
	};

	for (uint32_t i = 0; i < num_tiles; i++) {
		cb_wait_front(cb_id_out, 1);
		uint32_t l1_read_addr = get_read_ptr(cb_id_out);
		noc_async_write_page(i, dst, l1_read_addr);
		noc_async_write_barrier();
		cb_pop_front(cb_id_out, 1);
	}
}
