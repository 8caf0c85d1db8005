// SPDX-License-Identifier: Apache-2.0
// A Metal 2.0 reader with bindings: a TT_KERNEL entry taking its named args
// (set by name in the args file), pages start .. start + n - 1 of
// tensor::in through a TensorAccessor into DataflowBuffer dfb::to_compute,
// then sem::done raised by its vararg 0.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "api/tensor/noc_traits.h"
#include "experimental/kernel_args.h"

TT_KERNEL void read_pages(uint32_t start, uint32_t n)
{
	const auto in = TensorAccessor(tensor::in);
	Noc noc;
	DataflowBuffer dfb(dfb::to_compute);
	const uint32_t page = dfb.get_entry_size();

	for (uint32_t i = 0; i < n; i++) {
		dfb.reserve_back(1);
		noc.async_read(in, dfb, page, { .page_id = start + i }, {});
		noc.async_read_barrier();
		dfb.push_back(1);
	}
	Semaphore(sem::done).up(get_vararg(0));
}
