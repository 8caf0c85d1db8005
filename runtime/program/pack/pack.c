/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel-config buffer, laid out as tt-metal's slow dispatch does
 * (seed 000; program-model.md §2.2; docs/architecture.md "Packing a
 * program"), one image per kernel group:
 *
 *   0                 unique runtime args: BRISC's, NCRISC's, compute's, the
 *                     group's own, the largest group's size (16-aligned)
 *   crta              common runtime args, in the same order, each kernel's
 *                     16-aligned, the largest group's size
 *   sem               semaphores, 16 bytes each, the same in every group
 *   local_cb          (highest CB of any group + 1) * 16 bytes of CB configs
 *   remote_cb         (NUM_CBS - min_remote_cb_start_index) * 8 bytes
 *   images            each group's BRISC, NCRISC, TRISC0, TRISC1, TRISC2,
 *                     each 16-aligned, from the same offset in every group
 *
 * and each group's launch message, which tells the firmware where each
 * part is.
 * NUM_CBS, the area and the message layout come from the ABI profile
 * (32 CBs and a u32 mask built-in; 64 and a u64 mask in newer tt-metal).
 */
#include "program/pack/pack.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN16(x) (((x) + 15u) & ~15u)

static const char *const risc_names[PACK_NUM_RISCS] = {
	"brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

static enum pack_slot slot_of(enum pack_risc r)
{
	return r == PACK_BRISC ? PACK_SLOT_BRISC : r == PACK_NCRISC ? PACK_SLOT_NCRISC :
								       PACK_SLOT_COMPUTE;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static uint32_t num_cbs(const struct ttrt_abi *abi)
{
	return abi->num_circular_buffers;
}

static uint32_t remote_start(const struct pack_program *in)
{
	return in->min_remote_cb_start_index ? in->min_remote_cb_start_index : num_cbs(in->abi);
}

static int check_group(const struct pack_program *in, const struct pack_group *g, char *err,
		       size_t errlen)
{
	if (num_cbs(in->abi) < 64 && (g->local_cb_mask >> num_cbs(in->abi))) {
		ttrt_set_err(err, errlen, "CB mask 0x%llx names CBs beyond the %u of ABI profile '%s'",
			     (unsigned long long)g->local_cb_mask, num_cbs(in->abi), in->abi->name);
		return -EINVAL;
	}
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		if (g->rta_words[s] > PACK_MAX_RTA_WORDS || g->crta_words[s] > PACK_MAX_RTA_WORDS) {
			ttrt_set_err(err, errlen, "more than %d runtime args for one kernel",
				     PACK_MAX_RTA_WORDS);
			return -EINVAL;
		}
		if (g->crta_words[s] && !g->crta[s]) {
			ttrt_set_err(err, errlen, "common args counted but not given");
			return -EINVAL;
		}
	}
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		const struct pack_xip *k = g->kernel[r];
		if (!k)
			continue;
		if (!k->image || !k->size || k->entry_offset >= k->size) {
			ttrt_set_err(err, errlen, "%s: empty kernel image", risc_names[r]);
			return -EINVAL;
		}
		if (k->n_copies) {
			ttrt_set_err(err, errlen,
				     "%s: the kernel has data to copy to 0x%x at run time; ttfs runs kernels in place and copies no .data (link .data and .bss into the image)",
				     risc_names[r], k->copies[0].vaddr);
			return -EINVAL;
		}
	}
	return 0;
}

static int check_input(const struct pack_program *in, char *err, size_t errlen)
{
	if (num_cbs(in->abi) > TTRT_ABI_MAX_CBS || num_cbs(in->abi) == 0) {
		ttrt_set_err(err, errlen, "ABI profile '%s' has %u circular buffers", in->abi->name,
			     num_cbs(in->abi));
		return -EINVAL;
	}
	if (in->n_semaphores > PACK_MAX_SEMAPHORES) {
		ttrt_set_err(err, errlen, "bad semaphore count (%u)", in->n_semaphores);
		return -EINVAL;
	}
	if (in->min_remote_cb_start_index > num_cbs(in->abi)) {
		ttrt_set_err(err, errlen, "min_remote_cb_start_index %u is beyond %u",
			     in->min_remote_cb_start_index, num_cbs(in->abi));
		return -EINVAL;
	}
	for (uint32_t g = 0; g < in->n_groups; g++) {
		int rc = check_group(in, &in->groups[g], err, errlen);

		if (rc)
			return rc;
	}
	return 0;
}

static uint32_t max_u32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/* Offsets of every part, as tt-metal's finalize_program_offsets orders
 * them; out->size is the end of the largest group's images. */
static void lay_out(const struct pack_program *in, struct pack_program_out *out)
{
	uint32_t rta_size = 0, crta_size = 0, off;
	uint64_t mask = 0;

	for (uint32_t g = 0; g < in->n_groups; g++) {
		struct pack_group_out *go = &out->groups[g];

		off = 0;
		for (int s = 0; s < PACK_NUM_SLOTS; s++) {
			go->rta_offset[s] = off;
			go->rta_words[s] = in->groups[g].rta_words[s];
			off += 4 * in->groups[g].rta_words[s];
		}
		rta_size = max_u32(rta_size, ALIGN16(off));
		mask |= in->groups[g].local_cb_mask;
	}
	for (uint32_t g = 0; g < in->n_groups; g++) {
		off = rta_size;
		for (int s = 0; s < PACK_NUM_SLOTS; s++) {
			out->groups[g].crta_offset[s] = off;
			off = ALIGN16(off + 4 * in->groups[g].crta_words[s]);
		}
		crta_size = max_u32(crta_size, off - rta_size);
	}
	out->sem_offset = rta_size + crta_size;
	out->n_semaphores = in->n_semaphores;
	out->local_cb_offset = out->sem_offset + 16 * in->n_semaphores;
	out->local_cb_config_size = in->abi->local_cb_config_size;
	out->n_local_cbs = mask ? 64u - (uint32_t)__builtin_clzll(mask) : 0;
	out->remote_cb_offset = out->local_cb_offset + out->n_local_cbs * out->local_cb_config_size;
	out->text_offset = ALIGN16(out->remote_cb_offset +
				   (num_cbs(in->abi) - remote_start(in)) *
					   in->abi->remote_cb_config_size);
	out->size = out->text_offset;
	for (uint32_t g = 0; g < in->n_groups; g++) {
		struct pack_group_out *go = &out->groups[g];

		off = out->text_offset;
		for (int r = 0; r < PACK_NUM_RISCS; r++) {
			if (!in->groups[g].kernel[r])
				continue;
			off = ALIGN16(off);
			go->image_offset[r] = off;
			off += in->groups[g].kernel[r]->size;
		}
		go->size = ALIGN16(off);
		out->size = max_u32(out->size, go->size);
	}
}

static void fill(const struct pack_program *in, const struct pack_group *g,
		 const struct pack_program_out *out, struct pack_group_out *go)
{
	uint8_t *buf = go->config;
	uint32_t remote_size = in->abi->remote_cb_config_size;

	for (int s = 0; s < PACK_NUM_SLOTS; s++)
		for (uint32_t i = 0; i < g->crta_words[s]; i++)
			put32(buf + go->crta_offset[s] + 4 * i, g->crta[s][i]);
	for (uint32_t cb = remote_start(in); cb < num_cbs(in->abi); cb++) {
		uint8_t *p = buf + out->remote_cb_offset + remote_size * (cb - remote_start(in));
		put32(p, in->remote_cb[cb].config_address);
		put32(p + 4, in->remote_cb[cb].page_size);
	}
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		if (g->kernel[r])
			memcpy(buf + go->image_offset[r], g->kernel[r]->image, g->kernel[r]->size);
}

static void fill_launch(const struct pack_program *in, const struct pack_group *g, uint32_t base,
			const struct pack_program_out *out, struct pack_group_out *go)
{
	struct ttrt_launch *m = &go->launch;

	memset(m, 0, sizeof(*m));
	for (uint32_t t = 0; t < in->abi->num_core_types && t < TTRT_ABI_MAX_CORE_TYPES; t++) {
		m->kernel_config_base[t] = base;
		m->sem_offset[t] = (uint16_t)out->sem_offset;
	}
	m->local_cb_offset = (uint16_t)out->local_cb_offset;
	m->remote_cb_offset = (uint16_t)out->remote_cb_offset;
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		enum pack_slot s = slot_of((enum pack_risc)r);
		m->rta_offset[r].rta_offset = (uint16_t)go->rta_offset[s];
		m->rta_offset[r].crta_offset = (uint16_t)go->crta_offset[s];
		if (!g->kernel[r])
			continue;
		m->kernel_text_offset[r] = go->image_offset[r] + g->kernel[r]->entry_offset;
		m->enables |= 1u << r;
	}
	m->mode = TT_DISPATCH_MODE_HOST;
	m->local_cb_mask = g->local_cb_mask;
	m->brisc_noc_id = g->brisc_noc_id;
	m->min_remote_cb_start_index = (uint8_t)remote_start(in);
	m->host_assigned_id = in->host_assigned_id;
}

/* The room from base to the end of the profile's area, unless given. */
static uint32_t room(const struct pack_program *in, uint32_t base)
{
	uint32_t end = in->abi->kernel_config_base + in->abi->kernel_config_size;

	if (in->max_size)
		return in->max_size;
	/* The area ends where the profile's ends, whatever base a caller chose. */
	return base < end ? end - base : 0;
}

static int too_big(const struct pack_program *in, uint32_t max, char *err, size_t errlen)
{
	for (uint32_t g = 0; g < in->n_groups; g++) {
		for (int r = 0; r < PACK_NUM_RISCS; r++) {
			const struct pack_xip *k = in->groups[g].kernel[r];

			if (k && k->size > max) {
				ttrt_set_err(err, errlen,
					     "%s: kernel image of %u bytes is larger than the %u-byte kernel-config buffer",
					     risc_names[r], k->size, max);
				return -ENOSPC;
			}
		}
	}
	return 0;
}

int pack_program(const struct pack_program *given, struct pack_program_out *out, char *err,
		 size_t errlen)
{
	struct ttrt_abi builtin;
	struct pack_program with_abi;
	const struct pack_program *in = given;
	uint32_t base, max;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!given->abi) {
		ttrt_abi_builtin(&builtin);
		with_abi = *given;
		with_abi.abi = &builtin;
		in = &with_abi;
	}
	base = in->kernel_config_base ? in->kernel_config_base : in->abi->kernel_config_base;
	max = room(in, base);
	rc = check_input(in, err, errlen);
	if (rc == 0)
		rc = too_big(in, max, err, errlen);
	if (rc)
		return rc;
	out->groups = calloc(in->n_groups ? in->n_groups : 1, sizeof(*out->groups));
	if (!out->groups) {
		ttrt_set_err(err, errlen, "out of memory");
		return -ENOMEM;
	}
	out->n_groups = in->n_groups;
	lay_out(in, out);
	if (out->size > max || out->remote_cb_offset > UINT16_MAX) {
		ttrt_set_err(err, errlen,
			     "the kernel-config buffer needs %u bytes (args, CBs and kernel images); %u fit from 0x%x",
			     out->size, max, base);
		pack_program_free(out);
		return -ENOSPC;
	}
	for (uint32_t g = 0; g < in->n_groups; g++) {
		struct pack_group_out *go = &out->groups[g];

		go->config = calloc(1, go->size ? go->size : 16);
		if (!go->config) {
			ttrt_set_err(err, errlen, "out of memory");
			pack_program_free(out);
			return -ENOMEM;
		}
		fill(in, &in->groups[g], out, go);
		fill_launch(in, &in->groups[g], base, out, go);
	}
	return 0;
}

void pack_program_free(struct pack_program_out *out)
{
	for (uint32_t g = 0; g < out->n_groups; g++)
		free(out->groups[g].config);
	free(out->groups);
	memset(out, 0, sizeof(*out));
}

static int write_rta(uint8_t *buf, const uint32_t offset[PACK_NUM_SLOTS],
		     const uint32_t room_words[PACK_NUM_SLOTS],
		     const uint32_t *const args[PACK_NUM_SLOTS], const uint32_t n[PACK_NUM_SLOTS])
{
	for (int s = 0; s < PACK_NUM_SLOTS; s++)
		if (n[s] > room_words[s] || (n[s] && !args[s]))
			return -EINVAL;
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		memset(buf + offset[s], 0, 4 * room_words[s]);
		for (uint32_t i = 0; i < n[s]; i++)
			put32(buf + offset[s] + 4 * i, args[s][i]);
	}
	return 0;
}

static void write_cbs(uint8_t *p, uint32_t n, uint32_t entry_size,
		      const struct tt_local_cb_config *cbs)
{
	memset(p, 0, (size_t)n * entry_size);
	for (uint32_t cb = 0; cbs && cb < n; cb++, p += entry_size) {
		put32(p, cbs[cb].addr_bytes);
		put32(p + 4, cbs[cb].size_bytes);
		put32(p + 8, cbs[cb].num_pages);
		put32(p + 12, cbs[cb].page_size_bytes);
	}
}

static void write_semaphores(uint8_t *p, uint32_t n, const uint32_t *values)
{
	memset(p, 0, 16 * (size_t)n);
	for (uint32_t i = 0; values && i < n; i++)
		put32(p + 16 * i, values[i]);
}

int pack_write_core(const struct pack_program_out *out, uint32_t group,
		    const struct pack_core *core, uint8_t *buf)
{
	const struct pack_group_out *go;
	int rc;

	if (group >= out->n_groups)
		return -EINVAL;
	go = &out->groups[group];
	memcpy(buf, go->config, go->size);
	rc = write_rta(buf, go->rta_offset, go->rta_words, core->args, core->n);
	if (rc)
		return rc;
	write_cbs(buf + out->local_cb_offset, out->n_local_cbs, out->local_cb_config_size,
		  core->local_cb);
	write_semaphores(buf + out->sem_offset, out->n_semaphores, core->semaphores);
	return 0;
}

/* ---- one group ------------------------------------------------------------------ */

int pack_kernel_config(const struct pack_input *in, struct pack_output *out, char *err,
		       size_t errlen)
{
	struct pack_group g = {
		.local_cb_mask = in->local_cb_mask,
		.brisc_noc_id = in->brisc_noc_id,
	};
	struct pack_program prog = {
		.abi = in->abi,
		.kernel_config_base = in->kernel_config_base,
		.max_size = in->max_size,
		.groups = &g,
		.n_groups = 1,
		.n_semaphores = in->n_semaphores,
		.min_remote_cb_start_index = in->min_remote_cb_start_index,
		.host_assigned_id = in->host_assigned_id,
	};
	struct tt_local_cb_config cbs[TTRT_ABI_MAX_CBS];
	struct pack_program_out po;
	struct pack_core core = { .local_cb = cbs, .semaphores = in->semaphores };
	int rc;

	memset(out, 0, sizeof(*out));
	if (in->n_semaphores && !in->semaphores) {
		ttrt_set_err(err, errlen, "bad semaphore list (%u)", in->n_semaphores);
		return -EINVAL;
	}
	memcpy(g.rta_words, in->rta_words, sizeof(g.rta_words));
	memcpy(g.crta, in->crta, sizeof(g.crta));
	memcpy(g.crta_words, in->crta_words, sizeof(g.crta_words));
	memcpy(g.kernel, in->kernel, sizeof(g.kernel));
	memcpy(prog.remote_cb, in->remote_cb, sizeof(prog.remote_cb));
	/* Only the CBs of the mask: the others' entries are zero. */
	for (uint32_t cb = 0; cb < TTRT_ABI_MAX_CBS; cb++)
		cbs[cb] = in->local_cb_mask & (1ull << cb) ? in->local_cb[cb] :
							     (struct tt_local_cb_config){ 0 };
	rc = pack_program(&prog, &po, err, errlen);
	if (rc)
		return rc;
	out->config = po.groups[0].config;
	out->size = po.groups[0].size;
	po.groups[0].config = NULL;
	memcpy(out->rta_offset, po.groups[0].rta_offset, sizeof(out->rta_offset));
	memcpy(out->rta_words, po.groups[0].rta_words, sizeof(out->rta_words));
	memcpy(out->crta_offset, po.groups[0].crta_offset, sizeof(out->crta_offset));
	memcpy(out->image_offset, po.groups[0].image_offset, sizeof(out->image_offset));
	out->launch = po.groups[0].launch;
	out->sem_offset = po.sem_offset;
	out->local_cb_offset = po.local_cb_offset;
	out->remote_cb_offset = po.remote_cb_offset;
	write_cbs(out->config + po.local_cb_offset, po.n_local_cbs, po.local_cb_config_size,
		  core.local_cb);
	write_semaphores(out->config + po.sem_offset, po.n_semaphores, core.semaphores);
	pack_program_free(&po);
	return 0;
}

int pack_write_rta(const struct pack_output *out, uint8_t *buf,
		   const uint32_t *const args[PACK_NUM_SLOTS], const uint32_t n[PACK_NUM_SLOTS])
{
	return write_rta(buf, out->rta_offset, out->rta_words, args, n);
}

void pack_output_free(struct pack_output *out)
{
	free(out->config);
	memset(out, 0, sizeof(*out));
}
