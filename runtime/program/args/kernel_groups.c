/* SPDX-License-Identifier: Apache-2.0
 *
 * Kernel groups (kernel_groups.h): the kernels that run, then for every
 * core of the program the kernel on each processor; cores with the same
 * three form a group, in the order their first core is listed.
 */
#include "program/args/kernel_groups.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether some [kernel.NAME] takes this file as its source: then the
 * short name of the same file is not a kernel of its own. */
static bool source_of_named(const struct prog_args *a, const char *file)
{
	for (uint32_t k = PROG_NUM_KERNELS; k < a->n_kernels; k++)
		if (!strcmp(a->kernel[k].source, file))
			return true;
	return false;
}

static int find_active(const struct prog_args *a, prog_file_exists_fn exists, void *ctx,
		       const char *name, struct prog_plan *p, char *err, size_t errlen)
{
	for (uint32_t k = 0; k < a->n_kernels; k++) {
		const struct prog_kernel_args *ka = &a->kernel[k];
		bool has = exists(ctx, ka->source);

		if (!ka->short_name && !has) {
			ttrt_set_err(err, errlen,
				     "%s:%d: [kernel.%s] source: no file '%s' in the program", name,
				     ka->key_line[PROG_KEY_SOURCE], ka->name, ka->source);
			return -EINVAL;
		}
		p->active[k] = has && (!ka->short_name || ka->present ||
				       !source_of_named(a, ka->source));
		p->n_active += p->active[k];
	}
	return 0;
}

int32_t prog_plan_kernel_at(const struct prog_args *a, const struct prog_plan *p, uint32_t core,
			    enum prog_processor proc)
{
	for (uint32_t k = 0; k < a->n_kernels; k++)
		if (p->active[k] && a->kernel[k].processor == proc &&
		    prog_cores_has(&a->kernel[k].cores, a->cores[core]))
			return (int32_t)k;
	return -1;
}

int prog_plan_shared_noc(const struct prog_args *a, const struct prog_plan *p, uint32_t g)
{
	int32_t b = p->groups[g].kernel[PROG_PROC_BRISC];
	int32_t n = p->groups[g].kernel[PROG_PROC_NCRISC];

	if (b < 0 || n < 0 || a->kernel[b].noc != a->kernel[n].noc)
		return -1;
	return a->kernel[b].noc;
}

/* The parser saw the clashes of the kernels it declares; a short name
 * that runs because its file exists may still clash. */
static int one_per_processor(const struct prog_args *a, const struct prog_plan *p,
			     const char *name, char *err, size_t errlen)
{
	for (uint32_t c = 0; c < a->n_cores; c++) {
		for (uint32_t j = 0; j < a->n_kernels; j++) {
			const struct prog_kernel_args *kj = &a->kernel[j];
			int32_t i;
			char si[48], sj[48];

			if (!p->active[j] || !prog_cores_has(&kj->cores, a->cores[c]))
				continue;
			i = prog_plan_kernel_at(a, p, c, kj->processor);
			if (i < 0 || (uint32_t)i == j)
				continue;
			/* i < j: the short name is i, the section that clashes j. */
			ttrt_set_err(err, errlen,
				     "%s:%d: two kernels on %s of core %u,%u: %s (%s, on every core) and %s",
				     name, kj->line, prog_processor_name(kj->processor), a->cores[c].x,
				     a->cores[c].y, prog_kernel_section(&a->kernel[i], si, sizeof(si)),
				     a->kernel[i].source, prog_kernel_section(kj, sj, sizeof(sj)));
			return -EINVAL;
		}
	}
	return 0;
}

static uint32_t group_for(struct prog_plan *p, const int32_t kernels[PROG_NUM_PROCESSORS])
{
	uint32_t g;

	for (g = 0; g < p->n_groups; g++)
		if (!memcmp(p->groups[g].kernel, kernels, sizeof(p->groups[g].kernel)))
			break;
	if (g == p->n_groups) {
		memcpy(p->groups[g].kernel, kernels, sizeof(p->groups[g].kernel));
		p->groups[g].n_cores = 0;
		p->n_groups++;
	}
	p->groups[g].n_cores++;
	return g;
}

int prog_plan_make(const struct prog_args *a, prog_file_exists_fn exists, void *ctx,
		   const char *name, struct prog_plan *out, char *err, size_t errlen)
{
	uint32_t n = a->n_cores ? a->n_cores : 1;
	int rc;

	memset(out, 0, sizeof(*out));
	out->active = calloc(a->n_kernels ? a->n_kernels : 1, sizeof(*out->active));
	out->groups = calloc(n, sizeof(*out->groups));
	out->core = calloc(n, sizeof(*out->core));
	out->group_of = calloc(n, sizeof(*out->group_of));
	if (!out->active || !out->groups || !out->core || !out->group_of) {
		prog_plan_free(out);
		ttrt_set_err(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	rc = find_active(a, exists, ctx, name, out, err, errlen);
	if (rc == 0)
		rc = one_per_processor(a, out, name, err, errlen);
	if (rc) {
		prog_plan_free(out);
		return rc;
	}
	for (uint32_t c = 0; c < a->n_cores; c++) {
		int32_t kernels[PROG_NUM_PROCESSORS];
		bool any = false;

		for (int proc = 0; proc < PROG_NUM_PROCESSORS; proc++) {
			kernels[proc] = prog_plan_kernel_at(a, out, c, (enum prog_processor)proc);
			any |= kernels[proc] >= 0;
		}
		if (!any)
			continue;
		out->core[out->n_cores] = c;
		out->group_of[out->n_cores++] = group_for(out, kernels);
	}
	return 0;
}

void prog_plan_free(struct prog_plan *p)
{
	free(p->active);
	free(p->groups);
	free(p->core);
	free(p->group_of);
	memset(p, 0, sizeof(*p));
}
