/* SPDX-License-Identifier: Apache-2.0
 *
 * From a program's resolved args to the packer (pack_args.h): each group
 * gets its kernels' images, room for the most unique args any of its
 * cores gets, its kernels' common args and the NOC BRISC's kernel uses;
 * each core its own args, the CBs of the sections that name it, and its
 * semaphores' initial values.
 */
#include "program/pack/pack_args.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)PROG_PROC_BRISC == (int)PACK_SLOT_BRISC &&
		       (int)PROG_PROC_NCRISC == (int)PACK_SLOT_NCRISC &&
		       (int)PROG_PROC_COMPUTE == (int)PACK_SLOT_COMPUTE,
	       "a kernel's processor is its args slot");

/* tt-metal's brisc_noc_id: the BRISC kernel's NOC, else the other one
 * than NCRISC's kernel, else 0. */
static uint8_t brisc_noc(const struct prog_args *a, const struct prog_group *g)
{
	if (g->kernel[PROG_PROC_BRISC] >= 0)
		return a->kernel[g->kernel[PROG_PROC_BRISC]].noc;
	if (g->kernel[PROG_PROC_NCRISC] >= 0)
		return (uint8_t)(1 - a->kernel[g->kernel[PROG_PROC_NCRISC]].noc);
	return 0;
}

static void group_input(const struct prog_packed *pk, uint32_t g,
			const struct pack_xip *const *images, struct pack_group *out)
{
	const struct prog_group *grp = &pk->plan->groups[g];

	memset(out, 0, sizeof(*out));
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		int32_t k = grp->kernel[s];
		const struct prog_resolved_kernel *rk;

		if (k < 0)
			continue;
		rk = &pk->r->kernel[k];
		for (uint32_t c = 0; c < pk->plan->n_cores; c++) {
			uint32_t n = rk->core_args[pk->plan->core[c]].n;

			if (pk->plan->group_of[c] == g && n > out->rta_words[s])
				out->rta_words[s] = n;
		}
		out->crta[s] = rk->common_args.v;
		out->crta_words[s] = rk->common_args.n;
	}
	for (int risc = 0; risc < PACK_NUM_RISCS; risc++) {
		int s = risc == PACK_BRISC ? PACK_SLOT_BRISC :
			risc == PACK_NCRISC ? PACK_SLOT_NCRISC : PACK_SLOT_COMPUTE;

		if (grp->kernel[s] >= 0)
			out->kernel[risc] = images[grp->kernel[s] * PACK_NUM_RISCS + risc];
	}
	out->brisc_noc_id = brisc_noc(pk->a, grp);
	for (uint32_t c = 0; c < pk->plan->n_cores; c++) {
		struct tt_local_cb_config cbs[PROG_NUM_CBS];

		if (pk->plan->group_of[c] == g)
			out->local_cb_mask |= prog_packed_cbs(pk, pk->plan->core[c], cbs);
	}
}

uint64_t prog_packed_cbs(const struct prog_packed *pk, uint32_t core,
			 struct tt_local_cb_config entries[PROG_NUM_CBS])
{
	const struct prog_args *a = pk->a;
	uint64_t mask = 0;

	memset(entries, 0, PROG_NUM_CBS * sizeof(*entries));
	for (uint32_t s = 0; s < a->n_cbs; s++) {
		const struct prog_cb *cb = &a->cb[s];

		if (!prog_cores_has(&cb->cores, a->cores[core]))
			continue;
		for (uint32_t i = 0; i < cb->n_idx; i++) {
			entries[cb->idx[i].index] = (struct tt_local_cb_config){
				.addr_bytes = pk->cb_addr[s],
				.size_bytes = cb->size,
				.num_pages = cb->idx[i].pages,
				.page_size_bytes = cb->idx[i].page_size,
			};
			mask |= 1ull << cb->idx[i].index;
		}
	}
	return mask;
}

static uint32_t highest_semaphore(const struct prog_args *a)
{
	uint32_t n = a->n_semaphores;

	for (uint32_t i = 0; i < a->n_sems; i++)
		if (a->sems[i].id + 1u > n)
			n = a->sems[i].id + 1u;
	return n;
}

static int place_cbs(struct prog_packed *pk, const struct prog_pack_input *in, char *err,
		     size_t errlen)
{
	struct ttrt_abi builtin;
	const struct ttrt_abi *abi = in->abi;
	struct prog_cb_overflow why;
	char name[80];
	int rc;

	if (!abi) {
		ttrt_abi_builtin(&builtin);
		abi = &builtin;
	}
	pk->cb_addr = calloc(pk->a->n_cbs ? pk->a->n_cbs : 1, sizeof(*pk->cb_addr));
	if (!pk->cb_addr)
		return -ENOMEM;
	rc = prog_cb_place(pk->a, abi->data_buffer_base, abi->l1_size, in->fixed, pk->cb_addr, &why);
	if (rc == -ENOSPC)
		ttrt_set_err(err, errlen,
			     "%s (%u bytes at 0x%llx on core %u,%u) does not fit below the end of L1 (0x%x)",
			     prog_cb_name(&pk->a->cb[why.cb], name, sizeof(name)), pk->a->cb[why.cb].size,
			     (unsigned long long)(why.end - pk->a->cb[why.cb].size), why.core.x,
			     why.core.y, abi->l1_size);
	return rc;
}

int prog_pack(const struct prog_args *a, const struct prog_resolved *r,
	      const struct prog_plan *plan, const struct prog_pack_input *in,
	      struct prog_packed *out, char *err, size_t errlen)
{
	struct pack_program prog = {
		.abi = in->abi,
		.host_assigned_id = in->host_assigned_id,
	};
	struct pack_group *groups;
	int rc;

	memset(out, 0, sizeof(*out));
	out->a = a;
	out->r = r;
	out->plan = plan;
	out->n_semaphores = highest_semaphore(a);
	rc = place_cbs(out, in, err, errlen);
	if (rc) {
		if (rc == -ENOMEM)
			ttrt_set_err(err, errlen, "out of memory");
		prog_packed_free(out);
		return rc;
	}
	groups = calloc(plan->n_groups ? plan->n_groups : 1, sizeof(*groups));
	if (!groups) {
		ttrt_set_err(err, errlen, "out of memory");
		prog_packed_free(out);
		return -ENOMEM;
	}
	for (uint32_t g = 0; g < plan->n_groups; g++)
		group_input(out, g, in->images, &groups[g]);
	prog.groups = groups;
	prog.n_groups = plan->n_groups;
	prog.n_semaphores = out->n_semaphores;
	rc = pack_program(&prog, &out->out, err, errlen);
	free(groups);
	if (rc)
		prog_packed_free(out);
	return rc;
}

/* The initial values of core's semaphores. */
static void core_semaphores(const struct prog_args *a, uint32_t core,
			    uint32_t values[PROG_MAX_SEMAPHORES])
{
	memset(values, 0, PROG_MAX_SEMAPHORES * sizeof(*values));
	memcpy(values, a->semaphores, a->n_semaphores * sizeof(*values));
	for (uint32_t i = 0; i < a->n_sems; i++)
		if (prog_cores_has(&a->sems[i].cores, a->cores[core]))
			values[a->sems[i].id] = a->sems[i].value;
}

int prog_packed_core(const struct prog_packed *pk, uint32_t c, uint8_t *buf, uint32_t *size,
		     const struct ttrt_launch **launch)
{
	uint32_t core = pk->plan->core[c], g = pk->plan->group_of[c];
	const struct prog_group *grp = &pk->plan->groups[g];
	struct tt_local_cb_config cbs[PROG_NUM_CBS];
	uint32_t sems[PROG_MAX_SEMAPHORES];
	struct pack_core pc = { .local_cb = cbs, .semaphores = sems };
	int rc;

	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		const struct prog_u32s *w;

		if (grp->kernel[s] < 0)
			continue;
		w = &pk->r->kernel[grp->kernel[s]].core_args[core];
		pc.args[s] = w->v;
		pc.n[s] = w->n;
	}
	prog_packed_cbs(pk, core, cbs);
	core_semaphores(pk->a, core, sems);
	rc = pack_write_core(&pk->out, g, &pc, buf);
	if (rc == 0) {
		*size = pk->out.groups[g].size;
		*launch = &pk->out.groups[g].launch;
	}
	return rc;
}

void prog_packed_free(struct prog_packed *pk)
{
	pack_program_free(&pk->out);
	free(pk->cb_addr);
	memset(pk, 0, sizeof(*pk));
}
