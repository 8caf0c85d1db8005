// SPDX-License-Identifier: Apache-2.0
// The object NOC API as tt-metal first spelled it (experimental/*.h,
// namespace experimental, enum template options): n pages of a DRAM buffer
// through a TensorAccessor into CB 0, odd pages tagged with transaction id
// 4 and waited for with a TXN_ID barrier.
// compile args: accessor(in); args: in_addr n
#include "api/dataflow/dataflow_api.h"
#include "experimental/noc.h"
#include "experimental/circular_buffer.h"
#include "experimental/tensor.h"

using experimental::Noc;

void kernel_main()
{
	uint32_t addr = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
	constexpr auto args = TensorAccessorArgs<0>();
	const auto in = TensorAccessor(args, addr);
	Noc noc;
	experimental::CircularBuffer cb(tt::CBIndex::c_0);
	uint32_t page = cb.get_tile_size();

	for (uint32_t i = 0; i < n; i++) {
		cb.reserve_back(1);
		if (i % 2) {
			noc.async_read<Noc::TxnIdMode::ENABLED>(in, cb, page, { .page_id = i }, {},
								NOC_UNICAST_WRITE_VC, 4);
			noc.async_read_barrier<Noc::BarrierMode::TXN_ID>(4);
		} else {
			noc.async_read(in, cb, page, { .page_id = i }, {});
		}
		noc.async_read_barrier();
		cb.push_back(1);
	}
}
