/* SPDX-License-Identifier: Apache-2.0
 *
 * From the symbolic args to the words each kernel gets: buffer names are
 * looked up now, at launch, so a buffer created or resized after `args`
 * was written is seen as it is. Each name is looked up once per resolve,
 * and the lookup's pin (a program's run pins its buffers) stays with the
 * resolved args until they are freed.
 */
#include "program/args/args.h"
#include "program/args/cb_place.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void prog_accessor_args(const struct prog_buffer_info *buf, struct prog_accessor_args *out)
{
	uint32_t align = buf->is_dram ? TTRT_DRAM_ALIGNMENT : 16u;

	out->config = buf->is_dram ? PROG_ACCESSOR_FLAG_IS_DRAM : 0u;
	out->aligned_page_size = (buf->page_size + align - 1) / align * align;
}

struct resolve_ctx {
	const char *name;
	prog_buffer_lookup_fn lookup;
	void *lookup_ctx;
	struct prog_resolved *r;
	char *err;
	size_t errlen;
};

static const struct prog_resolved_buffer *looked_up(const struct prog_resolved *r,
						    const char *name)
{
	for (uint32_t i = 0; i < r->n_buffers; i++)
		if (strcmp(r->buffers[i].name, name) == 0)
			return &r->buffers[i];
	return NULL;
}

/* The buffer's info, from this resolve's earlier lookup or a new one,
 * which is kept (with its pin) in the resolved args. */
static int lookup_once(struct resolve_ctx *rc, const char *name, struct prog_buffer_info *info)
{
	struct prog_resolved *r = rc->r;
	const struct prog_resolved_buffer *seen = looked_up(r, name);
	struct prog_resolved_buffer *b;
	int ret;

	if (seen) {
		*info = seen->info;
		return 0;
	}
	if (r->n_buffers == r->cap_buffers) {
		uint32_t cap = r->cap_buffers ? r->cap_buffers * 2 : 4;

		b = realloc(r->buffers, cap * sizeof(*b));
		if (!b)
			return -ENOMEM;
		r->buffers = b;
		r->cap_buffers = cap;
	}
	*info = (struct prog_buffer_info){ 0 };
	ret = rc->lookup(rc->lookup_ctx, name, info);
	if (ret)
		return ret;
	b = &r->buffers[r->n_buffers++];
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->info = *info;
	return 0;
}

static int lookup(struct resolve_ctx *rc, const char *kernel, const char *key, int line,
		  const char *buf, struct prog_buffer_info *info)
{
	int ret = lookup_once(rc, buf, info);

	if (ret == -ENOENT) {
		ttrt_set_err(rc->err, rc->errlen, "%s:%d: [%s] %s: no buffer '%s'", rc->name, line,
			     kernel, key, buf);
		return -ENOENT;
	}
	if (ret == -EINVAL && info->problem[0]) {
		ttrt_set_err(rc->err, rc->errlen, "%s:%d: [%s] %s: buffer '%s': %s", rc->name, line,
			     kernel, key, buf, info->problem);
		return -EINVAL;
	}
	if (ret) {
		ttrt_set_err(rc->err, rc->errlen, "%s:%d: [%s] %s: buffer '%s': %s", rc->name, line,
			     kernel, key, buf, strerror(-ret));
		return ret;
	}
	if (info->addr > UINT32_MAX) {
		ttrt_set_err(rc->err, rc->errlen, "%s:%d: [%s] %s: buffer '%s' at 0x%llx is beyond 32 bits",
			     rc->name, line, kernel, key, buf, (unsigned long long)info->addr);
		return -ERANGE;
	}
	return 0;
}

/* The words one item expands to: its value, the buffer's address, or
 * the buffer's accessor words. out NULL: only counts them. */
static int item_words(struct resolve_ctx *rc, const char *kernel, const char *key, int line,
		      const struct prog_word *w, uint32_t *out, uint32_t *n)
{
	struct prog_buffer_info info;
	struct prog_accessor_args acc;
	int ret;

	if (w->kind == PROG_WORD_VALUE) {
		if (out)
			out[*n] = w->value;
		(*n)++;
		return 0;
	}
	ret = lookup(rc, kernel, key, line, w->buffer, &info);
	if (ret)
		return ret;
	if (w->kind == PROG_WORD_BUFFER) {
		if (out)
			out[*n] = (uint32_t)info.addr;
		(*n)++;
	} else if (info.n_accessor) {
		if (out)
			memcpy(out + *n, info.accessor, info.n_accessor * sizeof(*out));
		*n += info.n_accessor;
	} else {
		prog_accessor_args(&info, &acc);
		if (out) {
			out[*n] = acc.config;
			out[*n + 1] = acc.aligned_page_size;
		}
		*n += PROG_ACCESSOR_WORDS;
	}
	return 0;
}

/* Counted first: a sharded buffer's accessor has more words than the
 * parser counted, and the list must still fit its limit. */
static int resolve_words(struct resolve_ctx *rc, const char *kernel, const char *key,
			 const struct prog_words *ws, uint32_t max, struct prog_u32s *out)
{
	uint32_t n = 0;
	int ret = 0;

	out->n = 0;
	for (uint32_t i = 0; i < ws->n && !ret; i++)
		ret = item_words(rc, kernel, key, ws->line, &ws->w[i], NULL, &n);
	if (ret)
		return ret;
	if (n > max) {
		ttrt_set_err(rc->err, rc->errlen,
			     "%s:%d: [%s] %s: %u words with the accessors expanded, more than %u",
			     rc->name, ws->line, kernel, key, n, max);
		return -EINVAL;
	}
	out->v = calloc(n ? n : 1, sizeof(*out->v));
	if (!out->v)
		return -ENOMEM;
	for (uint32_t i = 0; i < ws->n && !ret; i++)
		ret = item_words(rc, kernel, key, ws->line, &ws->w[i], out->v, &out->n);
	return ret;
}

/* The override that names core c, if any (the parser allows one). */
static const struct prog_override *override_for(const struct prog_kernel_args *k, struct ttrt_xy c)
{
	for (uint32_t o = 0; o < k->n_overrides; o++)
		for (uint32_t i = 0; i < k->overrides[o].n_cores; i++)
			if (k->overrides[o].cores[i].x == c.x && k->overrides[o].cores[i].y == c.y)
				return &k->overrides[o];
	return NULL;
}

/* The bytes buf has on core: all of a bank's (or shard's) on a core it
 * covers, none elsewhere. */
static uint64_t bytes_on(const struct prog_buffer_info *buf, struct ttrt_xy core)
{
	int i = ttrt_core_index(core);

	return i >= 0 && buf->on_core[i / 8] >> (i % 8) & 1 ? buf->bytes_per_bank : 0;
}

/* tensor_names, as tt-metal lays a Metal 2.0 kernel's tensor bindings
 * out: each buffer's accessor words after compile_args (tensor_cta says
 * where), its address among the common args after the named ones. */
static int resolve_tensors(struct resolve_ctx *rc, const struct prog_kernel_args *k,
			   const char *kname, struct prog_resolved_kernel *out)
{
	const int line = k->key_line[PROG_KEY_TENSOR_NAMES];
	struct prog_u32s *cta = &out->compile_args, *crta = &out->common_args;
	uint32_t words = 0, at = k->n_common_arg_names, n = k->n_tensors;
	uint32_t *grown;
	int ret = 0;

	if (!n)
		return 0;
	for (uint32_t i = 0; i < n && !ret; i++) {
		struct prog_word w = { .kind = PROG_WORD_ACCESSOR };

		memcpy(w.buffer, k->tensors[i].buffer, sizeof(w.buffer));
		ret = item_words(rc, kname, "tensor_names", line, &w, NULL, &words);
	}
	if (ret)
		return ret;
	if (cta->n + words > PROG_MAX_COMPILE_ARGS || crta->n + n > PROG_MAX_ARGS) {
		ttrt_set_err(rc->err, rc->errlen,
			     "%s:%d: [%s] tensor_names: with the bindings' %u accessor words and %u "
			     "addresses, more than %u compile-time or common args",
			     rc->name, line, kname, words, n, PROG_MAX_ARGS);
		return -EINVAL;
	}
	out->tensor_cta = calloc(n, sizeof(*out->tensor_cta));
	if (!out->tensor_cta || !(grown = realloc(cta->v, (cta->n + words) * sizeof(*grown))))
		return -ENOMEM;
	cta->v = grown;
	if (!(grown = realloc(crta->v, (crta->n + n) * sizeof(*grown))))
		return -ENOMEM;
	crta->v = grown;
	memmove(crta->v + at + n, crta->v + at, (crta->n - at) * sizeof(*grown));
	crta->n += n;
	for (uint32_t i = 0; i < n && !ret; i++) {
		struct prog_word w = { .kind = PROG_WORD_ACCESSOR };
		uint32_t slot = at + i;

		memcpy(w.buffer, k->tensors[i].buffer, sizeof(w.buffer));
		out->tensor_cta[i] = cta->n;
		ret = item_words(rc, kname, "tensor_names", line, &w, cta->v, &cta->n);
		w.kind = PROG_WORD_BUFFER;
		if (!ret)
			ret = item_words(rc, kname, "tensor_names", line, &w, crta->v, &slot);
	}
	return ret;
}

/* scratch_names: each L1 buffer's address among the common args after the
 * tensor bindings' (tt-metal's layout), its size the bytes it has on each
 * of the kernel's cores (the fewest; none on one is an error). */
static int resolve_scratches(struct resolve_ctx *rc, const struct prog_kernel_args *k,
			     const char *kname, struct prog_resolved_kernel *out)
{
	const int line = k->key_line[PROG_KEY_SCRATCH_NAMES];
	struct prog_u32s *crta = &out->common_args;
	uint32_t at = k->n_common_arg_names + k->n_tensors, n = k->n_scratches;
	uint32_t *grown;

	if (!n)
		return 0;
	if (crta->n + n > PROG_MAX_ARGS) {
		ttrt_set_err(rc->err, rc->errlen,
			     "%s:%d: [%s] scratch_names: with the bindings' %u addresses, more than %u "
			     "common args", rc->name, line, kname, n, PROG_MAX_ARGS);
		return -EINVAL;
	}
	out->scratch_size = calloc(n, sizeof(*out->scratch_size));
	if (!out->scratch_size || !(grown = realloc(crta->v, (crta->n + n) * sizeof(*grown))))
		return -ENOMEM;
	crta->v = grown;
	memmove(crta->v + at + n, crta->v + at, (crta->n - at) * sizeof(*grown));
	crta->n += n;
	for (uint32_t i = 0; i < n; i++) {
		const char *name = k->scratches[i].buffer;
		struct prog_buffer_info info;
		uint64_t size = UINT32_MAX;
		int ret = lookup(rc, kname, "scratch_names", line, name, &info);

		if (ret)
			return ret;
		for (uint32_t c = 0; !info.is_dram && c < k->cores.n; c++) {
			uint64_t have = bytes_on(&info, k->cores.v[c]);

			if (have)
				size = have < size ? have : size;
			else
				size = 0, c = k->cores.n;
		}
		if (info.is_dram || !size) {
			ttrt_set_err(rc->err, rc->errlen,
				     "%s:%d: [%s] scratch_names: '%s' %s; a scratchpad is an L1 buffer "
				     "with bytes on each of the kernel's cores (l1/buffers/)",
				     rc->name, line, kname, name,
				     info.is_dram ? "is a DRAM buffer" : "has no bytes on one of its cores");
			return -EINVAL;
		}
		crta->v[at + i] = (uint32_t)info.addr;
		out->scratch_size[i] = (uint32_t)size;
	}
	return 0;
}

static int resolve_kernel(struct resolve_ctx *rc, const struct prog_args *a, uint32_t kid,
			  struct prog_resolved_kernel *out)
{
	const struct prog_kernel_args *k = &a->kernel[kid];
	char kname[48];
	int ret;

	/* The section as messages name it, without its brackets. */
	snprintf(kname, sizeof(kname), k->short_name ? "%s" : "kernel.%s", k->name);
	out->core_args = calloc(a->n_cores ? a->n_cores : 1, sizeof(*out->core_args));
	if (!out->core_args)
		return -ENOMEM;
	ret = resolve_words(rc, kname, "compile_args", &k->compile_args, PROG_MAX_COMPILE_ARGS,
			    &out->compile_args);
	if (!ret)
		ret = resolve_words(rc, kname, "common_args", &k->common_args, PROG_MAX_ARGS,
				    &out->common_args);
	if (!ret)
		ret = resolve_tensors(rc, k, kname, out);
	if (!ret)
		ret = resolve_scratches(rc, k, kname, out);
	for (uint32_t c = 0; c < a->n_cores && !ret; c++) {
		const struct prog_override *o = override_for(k, a->cores[c]);
		static const struct prog_words none;
		char key[32];

		if (!prog_cores_has(&k->cores, a->cores[c])) {
			ret = resolve_words(rc, kname, "args", &none, PROG_MAX_ARGS, &out->core_args[c]);
			continue;
		}
		if (o)
			snprintf(key, sizeof(key), "args.%u,%u", a->cores[c].x, a->cores[c].y);
		else
			snprintf(key, sizeof(key), "args");
		ret = resolve_words(rc, kname, key, o ? &o->args : &k->args, PROG_MAX_ARGS,
				    &out->core_args[c]);
	}
	return ret;
}

/* A section's `buffer = NAME`: an L1 buffer with room for the CB on each
 * of the section's cores, whose address becomes the section's. */
static int resolve_cb(struct resolve_ctx *rc, const struct prog_cb *cb, struct prog_cb_fixed *out)
{
	const int line = cb->key_line[PROG_CB_KEY_BUFFER];
	struct prog_buffer_info info;
	char section[80];
	size_t len;
	int ret;

	prog_cb_name(cb, section, sizeof(section));
	len = strlen(section);
	section[len - 1] = '\0';   /* lookup() puts the brackets back */
	ret = lookup(rc, section + 1, "buffer", line, cb->buffer, &info);
	if (ret)
		return ret;
	if (info.is_dram) {
		ttrt_set_err(rc->err, rc->errlen,
			     "%s:%d: [%s] buffer: '%s' is a DRAM buffer; a CB's memory is an L1 buffer "
			     "(l1/buffers/)", rc->name, line, section + 1, cb->buffer);
		return -EINVAL;
	}
	for (uint32_t c = 0; c < cb->cores.n; c++) {
		uint64_t have = bytes_on(&info, cb->cores.v[c]);

		if (have >= cb->size)
			continue;
		ttrt_set_err(rc->err, rc->errlen,
			     "%s:%d: [%s] buffer: L1 buffer '%s' has %llu bytes on core %u,%u, the CB "
			     "needs %u", rc->name, line, section + 1, cb->buffer,
			     (unsigned long long)have, cb->cores.v[c].x, cb->cores.v[c].y, cb->size);
		return -EINVAL;
	}
	*out = (struct prog_cb_fixed){ .fixed = true, .addr = (uint32_t)info.addr };
	return 0;
}

static int resolve_cbs(struct resolve_ctx *rc, const struct prog_args *a, struct prog_resolved *r)
{
	int ret = 0;

	r->cb_fixed = calloc(a->n_cbs ? a->n_cbs : 1, sizeof(*r->cb_fixed));
	if (!r->cb_fixed)
		return -ENOMEM;
	for (uint32_t s = 0; s < a->n_cbs && !ret; s++)
		if (a->cb[s].buffer[0])
			ret = resolve_cb(rc, &a->cb[s], &r->cb_fixed[s]);
	return ret;
}

int prog_args_resolve(const struct prog_args *args, const char *name, prog_buffer_lookup_fn fn,
		      void *ctx, struct prog_resolved **out, char *err, size_t errlen)
{
	struct prog_resolved *r = calloc(1, sizeof(*r));
	struct resolve_ctx rc = {
		.name = name, .lookup = fn, .lookup_ctx = ctx, .r = r, .err = err, .errlen = errlen,
	};
	int ret = 0;

	*out = NULL;
	if (!r)
		return -ENOMEM;
	r->n_cores = args->n_cores;
	r->kernel = calloc(args->n_kernels, sizeof(*r->kernel));
	if (!r->kernel)
		ret = -ENOMEM;
	else
		r->n_kernels = args->n_kernels;
	for (uint32_t k = 0; k < r->n_kernels && !ret; k++)
		ret = resolve_kernel(&rc, args, k, &r->kernel[k]);
	if (!ret)
		ret = resolve_cbs(&rc, args, r);
	if (ret) {
		if (ret == -ENOMEM)
			ttrt_set_err(err, errlen, "%s: out of memory", name);
		prog_resolved_free(r);
		return ret;
	}
	*out = r;
	return 0;
}

void prog_resolved_free(struct prog_resolved *r)
{
	if (!r)
		return;
	for (uint32_t k = 0; k < r->n_kernels; k++) {
		struct prog_resolved_kernel *rk = &r->kernel[k];
		free(rk->compile_args.v);
		free(rk->common_args.v);
		free(rk->tensor_cta);
		free(rk->scratch_size);
		if (rk->core_args)
			for (uint32_t c = 0; c < r->n_cores; c++)
				free(rk->core_args[c].v);
		free(rk->core_args);
	}
	free(r->kernel);
	free(r->cb_fixed);
	for (uint32_t i = 0; i < r->n_buffers; i++)
		ttrt_buffer_unpin(r->buffers[i].info.pin);
	free(r->buffers);
	free(r);
}
