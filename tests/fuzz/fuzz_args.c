/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for a program's args file: the input is the file,
 * parsed on the 12x10 grid, then resolved against two known buffers.
 * Every refusal names a line; whatever is accepted stays within the
 * documented limits, and resolution gives each core as many words as the
 * parsed form promised.
 */
#include "program/args/args.h"
#include "program/args/cb_place.h"
#include "fuzz_input.h"

#include <errno.h>
#include <string.h>

#define GX 12
#define GY 10

static int lookup(void *ctx, const char *name, struct prog_buffer_info *out)
{
	(void)ctx;
	if (strcmp(name, "in") == 0 || strcmp(name, "out") == 0) {
		*out = (struct prog_buffer_info){ .addr = 0x40, .page_size = 2048, .is_dram = true };
		return 0;
	}
	return -ENOENT;
}

static uint32_t count(const struct prog_words *ws)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < ws->n; i++)
		n += ws->w[i].kind == PROG_WORD_ACCESSOR ? PROG_ACCESSOR_WORDS : 1;
	return n;
}

static const struct prog_words *args_of(const struct prog_kernel_args *k, struct ttrt_xy c)
{
	static const struct prog_words none;

	if (!prog_cores_has(&k->cores, c))
		return &none;
	for (uint32_t o = 0; o < k->n_overrides; o++)
		for (uint32_t i = 0; i < k->overrides[o].n_cores; i++)
			if (k->overrides[o].cores[i].x == c.x && k->overrides[o].cores[i].y == c.y)
				return &k->overrides[o].args;
	return &k->args;
}

static bool within(const struct prog_args *a, const struct prog_cores *set)
{
	struct prog_cores all = { a->cores, a->n_cores };

	for (uint32_t i = 0; i < set->n; i++)
		if (!prog_cores_has(&all, set->v[i]))
			return false;
	return set->n >= 1;
}

/* Every CB section fits L1 and has each index once per core. */
static void check_cbs(const struct prog_args *a)
{
	uint32_t addr[PROG_MAX_CB_SECTIONS];
	struct prog_cb_overflow why;

	FUZZ_CHECK(a->n_cbs <= PROG_MAX_CB_SECTIONS);
	for (uint32_t s = 0; s < a->n_cbs; s++) {
		const struct prog_cb *cb = &a->cb[s];

		FUZZ_CHECK(cb->n_idx >= 1 && within(a, &cb->cores));
		for (uint32_t i = 0; i < cb->n_idx; i++) {
			FUZZ_CHECK(cb->idx[i].index < PROG_NUM_CBS);
			FUZZ_CHECK(cb->idx[i].page_size >= 1 && cb->idx[i].pages >= 1 &&
				   cb->idx[i].pages <= 65535);
			FUZZ_CHECK((uint64_t)cb->idx[i].pages * cb->idx[i].page_size == cb->size);
		}
	}
	FUZZ_CHECK(prog_cb_place(a, 0x37000, 0x180000, NULL, addr, &why) == 0);
}

static void check_args(const struct prog_args *a)
{
	FUZZ_CHECK(a->n_cores >= 1 && a->n_cores <= GX * GY);
	for (uint32_t i = 0; i < a->n_cores; i++) {
		FUZZ_CHECK(a->cores[i].x < GX && a->cores[i].y < GY);
		for (uint32_t j = 0; j < i; j++)
			FUZZ_CHECK(a->cores[i].x != a->cores[j].x || a->cores[i].y != a->cores[j].y);
	}
	FUZZ_CHECK(a->timeout_ms <= PROG_MAX_TIMEOUT_MS);
	FUZZ_CHECK(a->n_semaphores <= PROG_MAX_SEMAPHORES);
	for (uint32_t i = 0; i < a->n_sems; i++)
		FUZZ_CHECK(a->sems[i].id < PROG_MAX_SEMAPHORES && a->sems[i].id >= a->n_semaphores &&
			   within(a, &a->sems[i].cores));
	check_cbs(a);
	FUZZ_CHECK(a->n_kernels >= PROG_NUM_KERNELS && a->n_kernels <= PROG_MAX_KERNELS);
	for (uint32_t k = 0; k < a->n_kernels; k++) {
		const struct prog_kernel_args *ka = &a->kernel[k];
		FUZZ_CHECK(count(&ka->args) <= PROG_MAX_ARGS);
		FUZZ_CHECK(count(&ka->common_args) <= PROG_MAX_ARGS);
		FUZZ_CHECK(count(&ka->compile_args) <= PROG_MAX_COMPILE_ARGS);
		FUZZ_CHECK(ka->n_defines <= PROG_MAX_DEFINES);
		FUZZ_CHECK(ka->n_named_args <= PROG_MAX_NAMED_ARGS);
		FUZZ_CHECK(ka->noc <= 1 && ka->processor < PROG_NUM_PROCESSORS);
		FUZZ_CHECK(within(a, &ka->cores));
		FUZZ_CHECK(ka->source[0] != '\0');
		for (uint32_t d = 0; d < ka->n_defines; d++)
			FUZZ_CHECK(strnlen(ka->defines[d], PROG_DEFINE_MAX) < PROG_DEFINE_MAX);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prog_args *a = NULL;
	struct prog_resolved *r = NULL;
	char err[512] = "";
	int rc = prog_args_parse((const char *)data, size, "args", GX, GY, &a, err, sizeof(err));

	if (rc) {
		FUZZ_CHECK(rc == -EINVAL || rc == -ENOMEM);
		FUZZ_CHECK(a == NULL);
		FUZZ_CHECK(rc == -ENOMEM || strncmp(err, "args:", 5) == 0);
		return 0;
	}
	check_args(a);
	rc = prog_args_resolve(a, "args", lookup, NULL, &r, err, sizeof(err));
	if (rc == 0) {
		FUZZ_CHECK(r->n_cores == a->n_cores);
		FUZZ_CHECK(r->n_kernels == a->n_kernels);
		for (uint32_t k = 0; k < a->n_kernels; k++) {
			FUZZ_CHECK(r->kernel[k].compile_args.n == count(&a->kernel[k].compile_args));
			FUZZ_CHECK(r->kernel[k].common_args.n == count(&a->kernel[k].common_args));
			for (uint32_t c = 0; c < a->n_cores; c++)
				FUZZ_CHECK(r->kernel[k].core_args[c].n ==
					   count(args_of(&a->kernel[k], a->cores[c])));
		}
		prog_resolved_free(r);
	} else {
		FUZZ_CHECK(rc == -ENOENT || rc == -ENOMEM);
		FUZZ_CHECK(r == NULL && strstr(err, "no buffer") != NULL);
	}
	prog_args_free(a);
	return 0;
}
