// SPDX-License-Identifier: Apache-2.0
// A Metal 2.0 writer with bindings: n (a named common arg) pages of
// DataflowBuffer dfb::from_compute to tensor::out; word i of Scratchpad
// scratch::pad set to 3 * i and the scratchpad written over the start of
// the last page (the scratchpad as a NOC source); then it waits for
// sem::done to reach its
// named arg step and stores, at its named arg result: its common vararg 0,
// tensor::out's address, step, the scratchpad's size in words and address.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "api/scratchpad.h"
#include "api/tensor/noc_traits.h"

void kernel_main()
{
	const uint32_t n = get_arg(args::n);
	const auto out = TensorAccessor(tensor::out);
	Noc noc;
	DataflowBuffer dfb(dfb::from_compute);
	const uint32_t page = dfb.get_entry_size();
	Semaphore done(sem::done);
	volatile tt_l1_ptr uint32_t *w =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg(args::result));

	for (uint32_t i = 0; i < n; i++) {
		dfb.wait_front(1);
		noc.async_write(dfb, out, page, {}, { .page_id = i });
		noc.async_write_barrier();
		dfb.pop_front(1);
	}
	Scratchpad<uint32_t> pad(scratch::pad);
	for (uint32_t i = 0; i < pad.size(); i++)
		pad[i] = 3 * i;
	noc.async_write(pad, out, pad.size_in_bytes(), {}, { .page_id = n - 1 });
	noc.async_write_barrier();
	done.wait(get_arg(args::step));
	w[0] = get_common_vararg(0);
	w[1] = out.bank_base_address;
	w[2] = get_arg(args::step);
	w[3] = pad.size();
	w[4] = pad.get_base_address();
}
