// SPDX-License-Identifier: Apache-2.0
// A Metal 2.0 writer with bindings: n (a named common arg) pages of
// DataflowBuffer dfb::from_compute to tensor::out; then it waits for
// sem::done to reach its named arg step and stores, at its named arg
// result: its common vararg 0, tensor::out's address and step.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
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
	done.wait(get_arg(args::step));
	w[0] = get_common_vararg(0);
	w[1] = out.bank_base_address;
	w[2] = get_arg(args::step);
}
