/* SPDX-License-Identifier: Apache-2.0
 *
 * From a program's resolved args to the packer's input: where each CB
 * lives in L1, how much room each kernel's runtime args need, and which
 * words go to which RISC. The writer runs on BRISC, the reader on NCRISC,
 * compute on the TRISCs.
 */
#include "program/pack_args.h"
#include "runtime_internal.h"

#include <errno.h>
#include <string.h>

static const enum prog_kernel kernel_of_slot[PACK_NUM_SLOTS] = {
	[PACK_SLOT_BRISC] = PROG_WRITER,
	[PACK_SLOT_NCRISC] = PROG_READER,
	[PACK_SLOT_COMPUTE] = PROG_COMPUTE,
};

int pack_place_cbs(const struct prog_args *a, struct pack_input *in, char *err, size_t errlen)
{
	struct ttrt_abi builtin;
	const struct ttrt_abi *abi = in->abi;
	uint64_t addr;

	if (!abi) {
		ttrt_abi_builtin(&builtin);
		abi = &builtin;
	}
	addr = abi->data_buffer_base;

	in->local_cb_mask = 0;
	memset(in->local_cb, 0, sizeof(in->local_cb));
	for (int i = 0; i < PROG_NUM_CBS; i++) {
		const struct prog_cb *cb = &a->cb[i];
		uint64_t size;

		if (!cb->present)
			continue;
		addr = (addr + PACK_CB_ALIGN - 1) / PACK_CB_ALIGN * PACK_CB_ALIGN;
		size = (uint64_t)cb->pages * cb->page_size;
		if (addr + size > abi->l1_size) {
			ttrt_set_err(err, errlen,
				     "CB %d (%llu bytes at 0x%llx) does not fit below the end of L1 (0x%x)", i,
				     (unsigned long long)size, (unsigned long long)addr, abi->l1_size);
			return -ENOSPC;
		}
		in->local_cb[i] = (struct tt_local_cb_config){
			.addr_bytes = (uint32_t)addr,
			.size_bytes = (uint32_t)size,
			.num_pages = cb->pages,
			.page_size_bytes = cb->page_size,
		};
		in->local_cb_mask |= 1ull << i;
		addr += size;
	}
	return 0;
}

void pack_args_room(const struct prog_args *a, const struct prog_resolved *r, struct pack_input *in)
{
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		const struct prog_resolved_kernel *k = &r->kernel[kernel_of_slot[s]];
		uint32_t most = 0;

		for (uint32_t c = 0; c < r->n_cores; c++)
			if (k->core_args[c].n > most)
				most = k->core_args[c].n;
		in->rta_words[s] = most;
		in->crta[s] = k->common_args.v;
		in->crta_words[s] = k->common_args.n;
	}
	in->semaphores = a->semaphores;
	in->n_semaphores = a->n_semaphores;
	in->brisc_noc_id = a->kernel[PROG_WRITER].noc;
	in->min_remote_cb_start_index = 0;   /* none: the profile's CB count */
}

void pack_core_args(const struct prog_resolved *r, uint32_t core,
		    const uint32_t *args[PACK_NUM_SLOTS], uint32_t n[PACK_NUM_SLOTS])
{
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		const struct prog_u32s *w = &r->kernel[kernel_of_slot[s]].core_args[core];
		args[s] = w->v;
		n[s] = w->n;
	}
}
