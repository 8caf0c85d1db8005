// SPDX-License-Identifier: Apache-2.0
// The object NOC API as tt-metal spells it since 2026-05 (api/dataflow/*.h,
// no namespace, NocOptions flags): n pages from a DataflowBuffer over CB 0
// to a DRAM buffer through a TensorAccessor, even pages tagged with
// transaction id 2, the last one posted.
// compile args: accessor(out); args: out_addr n
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/tensor/noc_traits.h"

void kernel_main()
{
	uint32_t addr = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
	constexpr auto args = TensorAccessorArgs<0>();
	const auto out = TensorAccessor(args, addr);
	Noc noc;
	DataflowBuffer dfb(0);
	uint32_t page = dfb.get_entry_size();

	for (uint32_t i = 0; i < n; i++) {
		dfb.wait_front(1);
		if (i + 1 == n) {
			noc.async_write<NocOptions::POSTED>(dfb, out, page, {}, { .page_id = i });
			noc.async_writes_flushed<NocOptions::POSTED>();
		} else if (i % 2 == 0) {
			noc.async_write<NocOptions::TXN_ID>(dfb, out, page, {}, { .page_id = i },
							    { .trid = 2 });
			noc.async_write_barrier<NocOptions::TXN_ID>({ .trid = 2 });
		} else {
			noc.async_write(dfb, out, page, {}, { .page_id = i });
		}
		noc.async_write_barrier();
		dfb.pop_front(1);
	}
}
