/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel-config buffer, laid out as tt-metal's slow dispatch does
 * (seed 000; docs/architecture.md "Packing a program"):
 *
 *   0                 unique runtime args: BRISC's, NCRISC's, compute's
 *   crta (16-aligned) common runtime args, in the same order
 *   sem  (16-aligned) semaphores, 16 bytes each
 *   local_cb          (highest CB in local_cb_mask + 1) * 16 bytes of CB configs
 *   remote_cb         (NUM_CBS - min_remote_cb_start_index) * 8 bytes
 *   images            BRISC, NCRISC, TRISC0, TRISC1, TRISC2, each 16-aligned
 *
 * and the launch message that tells the firmware where each part is.
 * NUM_CBS, the area and the message layout come from the ABI profile
 * (32 CBs and a u32 mask built-in; 64 and a u64 mask in newer tt-metal).
 */
#include "program/pack.h"
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

static uint32_t num_cbs(const struct pack_input *in)
{
	return in->abi->num_circular_buffers;
}

static uint32_t remote_start(const struct pack_input *in)
{
	return in->min_remote_cb_start_index ? in->min_remote_cb_start_index : num_cbs(in);
}

static int check_input(const struct pack_input *in, char *err, size_t errlen)
{
	if (num_cbs(in) > TTRT_ABI_MAX_CBS || num_cbs(in) == 0) {
		ttrt_set_err(err, errlen, "ABI profile '%s' has %u circular buffers", in->abi->name,
			     num_cbs(in));
		return -EINVAL;
	}
	if (num_cbs(in) < 64 && (in->local_cb_mask >> num_cbs(in))) {
		ttrt_set_err(err, errlen, "CB mask 0x%llx names CBs beyond the %u of ABI profile '%s'",
			     (unsigned long long)in->local_cb_mask, num_cbs(in), in->abi->name);
		return -EINVAL;
	}
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		if (in->rta_words[s] > PACK_MAX_RTA_WORDS || in->crta_words[s] > PACK_MAX_RTA_WORDS) {
			ttrt_set_err(err, errlen, "more than %d runtime args for one kernel",
				     PACK_MAX_RTA_WORDS);
			return -EINVAL;
		}
		if (in->crta_words[s] && !in->crta[s]) {
			ttrt_set_err(err, errlen, "common args counted but not given");
			return -EINVAL;
		}
	}
	if (in->n_semaphores > PACK_MAX_SEMAPHORES || (in->n_semaphores && !in->semaphores)) {
		ttrt_set_err(err, errlen, "bad semaphore list (%u)", in->n_semaphores);
		return -EINVAL;
	}
	if (in->min_remote_cb_start_index > num_cbs(in)) {
		ttrt_set_err(err, errlen, "min_remote_cb_start_index %u is beyond %u",
			     in->min_remote_cb_start_index, num_cbs(in));
		return -EINVAL;
	}
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		const struct pack_xip *k = in->kernel[r];
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

/* Offsets of every part; out->size is the end of the last image. */
static void lay_out(const struct pack_input *in, struct pack_output *out)
{
	uint32_t off = 0;

	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		out->rta_offset[s] = off;
		out->rta_words[s] = in->rta_words[s];
		off += 4 * in->rta_words[s];
	}
	off = ALIGN16(off);
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		out->crta_offset[s] = off;
		off += 4 * in->crta_words[s];
	}
	out->sem_offset = ALIGN16(off);
	out->local_cb_offset = out->sem_offset + 16 * in->n_semaphores;
	off = out->local_cb_offset;
	if (in->local_cb_mask)
		off += (64u - (uint32_t)__builtin_clzll(in->local_cb_mask)) *
		       in->abi->local_cb_config_size;
	out->remote_cb_offset = off;
	off += (num_cbs(in) - remote_start(in)) * in->abi->remote_cb_config_size;
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		if (!in->kernel[r])
			continue;
		off = ALIGN16(off);
		out->image_offset[r] = off;
		off += in->kernel[r]->size;
	}
	out->size = ALIGN16(off);
}

static void fill(const struct pack_input *in, struct pack_output *out)
{
	uint8_t *buf = out->config;
	uint32_t local_size = in->abi->local_cb_config_size;
	uint32_t remote_size = in->abi->remote_cb_config_size;

	for (int s = 0; s < PACK_NUM_SLOTS; s++)
		for (uint32_t i = 0; i < in->crta_words[s]; i++)
			put32(buf + out->crta_offset[s] + 4 * i, in->crta[s][i]);
	for (uint32_t i = 0; i < in->n_semaphores; i++)
		put32(buf + out->sem_offset + 16 * i, in->semaphores[i]);
	for (uint32_t cb = 0; cb < num_cbs(in); cb++) {
		const struct tt_local_cb_config *c = &in->local_cb[cb];
		uint8_t *p = buf + out->local_cb_offset + local_size * cb;
		if (!(in->local_cb_mask & (1ull << cb)))
			continue;
		put32(p, c->addr_bytes);
		put32(p + 4, c->size_bytes);
		put32(p + 8, c->num_pages);
		put32(p + 12, c->page_size_bytes);
	}
	for (uint32_t cb = remote_start(in); cb < num_cbs(in); cb++) {
		uint8_t *p = buf + out->remote_cb_offset + remote_size * (cb - remote_start(in));
		put32(p, in->remote_cb[cb].config_address);
		put32(p + 4, in->remote_cb[cb].page_size);
	}
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		if (in->kernel[r])
			memcpy(buf + out->image_offset[r], in->kernel[r]->image, in->kernel[r]->size);
}

static void fill_launch(const struct pack_input *in, uint32_t base, struct pack_output *out)
{
	struct ttrt_launch *m = &out->launch;

	memset(m, 0, sizeof(*m));
	for (uint32_t t = 0; t < in->abi->num_core_types && t < TTRT_ABI_MAX_CORE_TYPES; t++) {
		m->kernel_config_base[t] = base;
		m->sem_offset[t] = (uint16_t)out->sem_offset;
	}
	m->local_cb_offset = (uint16_t)out->local_cb_offset;
	m->remote_cb_offset = (uint16_t)out->remote_cb_offset;
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		enum pack_slot s = slot_of((enum pack_risc)r);
		m->rta_offset[r].rta_offset = (uint16_t)out->rta_offset[s];
		m->rta_offset[r].crta_offset = (uint16_t)out->crta_offset[s];
		if (!in->kernel[r])
			continue;
		m->kernel_text_offset[r] = out->image_offset[r] + in->kernel[r]->entry_offset;
		m->enables |= 1u << r;
	}
	m->mode = TT_DISPATCH_MODE_HOST;
	m->local_cb_mask = in->local_cb_mask;
	m->brisc_noc_id = in->brisc_noc_id;
	m->min_remote_cb_start_index = (uint8_t)remote_start(in);
	m->host_assigned_id = in->host_assigned_id;
}

int pack_kernel_config(const struct pack_input *given, struct pack_output *out, char *err,
		       size_t errlen)
{
	struct ttrt_abi builtin;
	struct pack_input with_abi;
	const struct pack_input *in = given;
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
	max = in->max_size;
	if (!max) {
		/* The area ends where the profile's ends, whatever base a caller chose. */
		uint32_t end = in->abi->kernel_config_base + in->abi->kernel_config_size;
		max = base < end ? end - base : 0;
	}
	rc = check_input(in, err, errlen);
	if (rc)
		return rc;
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		if (in->kernel[r] && in->kernel[r]->size > max) {
			ttrt_set_err(err, errlen,
				     "%s: kernel image of %u bytes is larger than the %u-byte kernel-config buffer",
				     risc_names[r], in->kernel[r]->size, max);
			return -ENOSPC;
		}
	}
	lay_out(in, out);
	if (out->size > max || out->remote_cb_offset > UINT16_MAX) {
		ttrt_set_err(err, errlen,
			     "the kernel-config buffer needs %u bytes (args, CBs and kernel images); %u fit from 0x%x",
			     out->size, max, base);
		return -ENOSPC;
	}
	out->config = calloc(1, out->size ? out->size : 16);
	if (!out->config) {
		ttrt_set_err(err, errlen, "out of memory");
		return -ENOMEM;
	}
	fill(in, out);
	fill_launch(in, base, out);
	return 0;
}

int pack_write_rta(const struct pack_output *out, uint8_t *buf,
		   const uint32_t *const args[PACK_NUM_SLOTS], const uint32_t n[PACK_NUM_SLOTS])
{
	for (int s = 0; s < PACK_NUM_SLOTS; s++)
		if (n[s] > out->rta_words[s] || (n[s] && !args[s]))
			return -EINVAL;
	for (int s = 0; s < PACK_NUM_SLOTS; s++) {
		memset(buf + out->rta_offset[s], 0, 4 * out->rta_words[s]);
		for (uint32_t i = 0; i < n[s]; i++)
			put32(buf + out->rta_offset[s] + 4 * i, args[s][i]);
	}
	return 0;
}

void pack_output_free(struct pack_output *out)
{
	free(out->config);
	memset(out, 0, sizeof(*out));
}
